// The lobby: open a table (game, rules profile and options, target, computer players, timer),
// see open tables and finished games, optional account.

import { account, api, games, h, toast, tokens } from "./api.js";
import { cardElement } from "./cards.js";
import { pick, setLang, t } from "./i18n.js";

const root = document.getElementById("app");
let catalogue = [];

function optionInput(name, value) {
  if (typeof value === "boolean") return h("input", { type: "checkbox", name, checked: value, dataset: { kind: "bool" } });
  if (typeof value === "number") return h("input", { type: "number", name, value, dataset: { kind: "int" } });
  if (Array.isArray(value) || (value && typeof value === "object")) {
    return h("input", { type: "text", name, value: JSON.stringify(value), dataset: { kind: "json" } });
  }
  return h("input", { type: "text", name, value: value ?? "", dataset: { kind: "str" } });
}

function createForm() {
  const gameSel = h("select", { id: "game", name: "game" }, catalogue.map((g) => h("option", { value: g.name }, g.title)));
  const profileSel = h("select", { id: "profile", name: "profile" });
  const optBox = h("div", { class: "options", id: "options" });
  const preview = h("div", { class: "preview" });
  const botSel = h("select", { id: "bot", name: "bot" });
  let defaults = {};

  function fillProfiles() {
    const g = catalogue.find((x) => x.name === gameSel.value);
    profileSel.replaceChildren(...Object.keys(g.profiles).map((p) => h("option", { value: p, selected: p === g.default_profile }, (g.profile_titles || {})[p] || p)));
    botSel.replaceChildren(...g.bots.map((b) => h("option", { value: b, selected: b === "rule" }, b === "rule" ? t("ruleBot") : b)));
    const sample = g.deck.notation.slice(0, 1).concat(g.deck.notation.slice(-1));
    preview.replaceChildren(...sample.map((c) => cardElement(g.deck.name, c)));
    fillOptions();
  }
  function fillOptions() {
    const g = catalogue.find((x) => x.name === gameSel.value);
    defaults = g.profiles[profileSel.value];
    optBox.replaceChildren(...Object.entries(defaults).map(([k, v]) =>
      h("label", { class: "opt" }, h("span", {}, k.replace(/_/g, " ")), optionInput(k, v))));
  }
  gameSel.addEventListener("change", fillProfiles);
  profileSel.addEventListener("change", fillOptions);

  const name = h("input", { id: "name", name: "name", maxlength: 40, placeholder: t("yourName"), value: (account.get() || {}).name || "", required: true });
  const deals = h("select", { id: "max-deals", name: "max_deals" },
    h("option", { value: "" }, t("wholePartie")), h("option", { value: "1" }, t("oneDeal")), h("option", { value: "4" }, t("fourDeals")));
  const timer = h("input", { id: "move-seconds", type: "number", min: 0, max: 600, value: 0 });
  const quiet = h("input", { id: "ohne-reden", type: "checkbox" });

  async function submit(e) {
    e.preventDefault();
    const options = {};
    for (const inp of optBox.querySelectorAll("input")) {
      const k = inp.name, d = defaults[k];
      let v;
      if (inp.dataset.kind === "bool") v = inp.checked;
      else if (inp.dataset.kind === "int") v = parseInt(inp.value, 10);
      else if (inp.dataset.kind === "json") { try { v = JSON.parse(inp.value); } catch { toast(`${k}: ${t("badValue")}`, "error"); return; } }
      else v = inp.value;
      if (JSON.stringify(v) !== JSON.stringify(d)) options[k] = v;
    }
    const body = {
      game: gameSel.value, profile: profileSel.value, options, bot: botSel.value,
      max_deals: deals.value ? parseInt(deals.value, 10) : null,
      move_seconds: parseInt(timer.value || "0", 10), ohne_reden: quiet.checked,
    };
    const acc = account.get();
    body.name = acc ? acc.name : name.value;
    try {
      const r = await api("/api/tables", body);
      tokens.set(r.table.id, r.token);
      location.href = r.invite;
    } catch (err) { toast(err.message, "error"); }
  }

  const form = h("form", { class: "panel create", id: "create", onsubmit: submit },
    h("h2", {}, t("openTable")),
    h("label", {}, h("span", {}, t("game")), gameSel), preview,
    h("label", {}, h("span", {}, t("rules")), profileSel),
    h("details", {}, h("summary", {}, t("ruleOptions")), optBox),
    h("label", {}, h("span", {}, t("length")), deals),
    h("label", {}, h("span", {}, t("computerPlayers")), botSel),
    h("label", {}, h("span", {}, t("moveTime")), timer),
    h("label", {}, h("span", {}, t("ohneReden")), quiet),
    h("label", {}, h("span", {}, t("yourName")), name),
    h("button", { class: "primary", id: "create-table" }, t("openTable")));
  fillProfiles();
  return form;
}

function accountPanel() {
  const acc = account.get();
  if (acc) {
    return h("section", { class: "panel account" }, h("p", {}, `${t("loggedInAs")} ${acc.name} `,
      h("button", { onclick: () => { account.set(null); draw(); } }, t("logout"))));
  }
  const n = h("input", { placeholder: "Name", maxlength: 40 });
  const p = h("input", { placeholder: t("password"), type: "password" });
  const go = (path) => async (e) => {
    e.preventDefault();
    try { const r = await api(path, { name: n.value, password: p.value }); account.set(r); draw(); }
    catch (err) { toast(err.message, "error"); }
  };
  return h("section", { class: "panel account" }, h("details", {}, h("summary", {}, t("account")),
    h("form", {}, n, p, h("button", { onclick: go("/api/login") }, t("login")), h("button", { onclick: go("/api/accounts") }, t("register")))));
}

async function listPanels() {
  const [open, done] = await Promise.all([api("/api/tables"), api("/api/games/finished")]);
  const titles = Object.fromEntries(catalogue.map((g) => [g.name, g.title]));
  return [
    h("section", { class: "panel" }, h("h2", {}, t("openTables")),
      open.tables.length ? h("ul", { class: "list" }, open.tables.map((x) => h("li", {},
        h("a", { href: `/t/${x.id}` }, `${x.title} · ${x.profile_title || x.profile}`), ` (${x.status === "open" ? t("waiting") : t("running")}, `,
        `${x.seats.filter((s) => s.kind === "empty").length} ${t("free")})`))) : h("p", { class: "muted" }, t("none"))),
    h("section", { class: "panel" }, h("h2", {}, t("finishedGames")),
      done.games.length ? h("ul", { class: "list" }, done.games.map((g) => h("li", {},
        h("a", { href: `/replay/${g.number}` }, `Nr. ${g.number} · ${titles[g.game] || g.game}`),
        " ", h("a", { href: `/api/records/${g.number}`, download: `stammtisch-${g.number}.json` }, t("recordShort"))))) : h("p", { class: "muted" }, t("noneYet"))),
  ];
}

async function draw() {
  catalogue = await games();
  const header = h("header", {}, h("span", { class: "home" }, "stammtisch"), h("h1", {}, "Jass · Doppelkopf · Tarock · Perlaggen"),
    h("a", { href: "/scorekeeper/", "data-testid": "nav-scorekeeper" }, pick({ de: "Turniere & Listen", en: "Tournaments & lists" })),
    h("button", { class: "lang", id: "lang", onclick: () => setLang(t("langCode")).then(draw) }, t("lang")));
  if (!catalogue.length) {
    root.replaceChildren(header, h("p", {}, t("noEngine")));
    return;
  }
  root.replaceChildren(header, createForm(), accountPanel(), ...(await listPanels()));
}

draw();
