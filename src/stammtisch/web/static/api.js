// Small helpers shared by the pages: JSON requests, tokens kept per table, element creation.

import { msg } from "./i18n.js";

/** A refusal of the server in the page's language: its message (id and arguments) when it has one,
 * else its English text. */
export function refusal(data, fallback = "") {
  if (data && data.msg && typeof data.msg === "object") return msg(data.msg);
  return (data && (data.message || data.code)) || fallback;
}

export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch { data = { message: r.statusText }; }
  if (!r.ok) {
    const err = new Error(refusal(data, (data && data.detail) || r.statusText));
    err.code = data && data.code;
    throw err;
  }
  return data;
}

export const tokens = {
  get: (id) => localStorage.getItem(`stammtisch:token:${id}`),
  set: (id, t) => localStorage.setItem(`stammtisch:token:${id}`, t),
};

export const account = {
  get: () => { try { return JSON.parse(localStorage.getItem("stammtisch:account")); } catch { return null; } },
  set: (a) => a ? localStorage.setItem("stammtisch:account", JSON.stringify(a)) : localStorage.removeItem("stammtisch:account"),
};

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

let catalogue = null;
export async function games() {
  if (!catalogue) catalogue = (await api("/api/games")).games;
  return catalogue;
}

export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) { box = h("div", { id: "toasts" }); document.body.append(box); }
  const t = h("div", { class: `toast ${kind}`, role: "status" }, text);
  box.append(t);
  setTimeout(() => t.remove(), kind === "error" ? 6000 : 3500);
}
