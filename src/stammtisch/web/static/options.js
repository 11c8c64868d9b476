// The rule options of a game as a form, one widget per option by its meaning (the catalogue's
// ``schema``): a checkbox for yes/no, a number field within its bounds, a select for one of a few
// values, a checkbox per item for a set (Doppelkopf solos), a row per item with a number for a
// tariff (Tarock: which games are played and what each is worth). Never a JSON text field.
// Labels, help and the words of each choice come from the server's catalogue entry
// (``option_texts``: messages rendered in the page's language), else from the game module
// (``optionLabel``/``itemLabel``). The options are grouped as the rule sheet groups them
// (``option_groups``: a title and its paragraph), and the profile's own value of each is marked.

import { h } from "./api.js";
import { msg, pick, t } from "./i18n.js";

/** A word from the schema or a game module: a message id or ``{id, args}`` (the catalogue's), or ``{de, en}``. */
function word(x) {
  if (x === null || x === undefined || x === "") return "";
  if (typeof x === "object" && typeof x.id !== "string") return pick(x);
  return msg(x);
}

function humane(name) {
  const s = String(name).replace(/[_-]+/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The words for option ``name`` (label, help) in the page's language. */
export function optionWords(game, name, spec) {
  const fromGame = game && game.optionLabel ? game.optionLabel(name) : null;
  const label = word(spec.label) || (fromGame ? word(fromGame.label ?? fromGame) : "") || humane(name);
  const help = word(spec.help) || (fromGame && fromGame.help ? word(fromGame.help) : "");
  return { label, help };
}

/** The mark of the profile's own value: "(Vorgabe)". */
function defaultMark() { return h("span", { class: "opt-default" }, ` ${msg("(default)")}`); }

function itemWords(game, name, spec, item) {
  if (spec.item_labels && spec.item_labels[item]) return word(spec.item_labels[item]);
  const fromGame = game && game.itemLabel ? game.itemLabel(name, item) : null;
  return fromGame ? word(fromGame) : humane(item);
}

function choiceWords(game, name, spec, value) {
  if (spec.choices_words && spec.choices_words[String(value)]) return word(spec.choices_words[String(value)]);
  const fromGame = game && game.itemLabel ? game.itemLabel(name, value) : null;
  return fromGame ? word(fromGame) : String(value);
}

let uid = 0;

/**
 * One option as a form field: ``{el, read}``; ``read()`` gives the value in the engine's form
 * (or throws an Error naming what is wrong).
 */
export function optionField(game, name, spec, value) {
  const { label, help } = optionWords(game, name, spec);
  const id = `opt-${name}-${++uid}`;
  const helpId = help || (spec.rule && !/NOTES/.test(spec.rule)) ? `${id}-help` : null;
  // the rule is cited by its paragraph only (the words after it are the engine's note, not the page's)
  const cited = spec.rule && !/NOTES/.test(spec.rule) ? String(spec.rule).split(/:\s/)[0] : "";
  const rule = cited && !help.includes(cited) ? cited : "";  // (once: the help may cite it already)
  const helpEl = help || rule ? h("small", { class: "opt-help", id: helpId }, help, help && rule ? " " : "", rule ? `(${rule})` : "") : null;
  const kind = spec.kind || (typeof value === "boolean" ? "bool" : typeof value === "number" ? "int" : "text");

  if (kind === "bool") {
    const box = h("input", { type: "checkbox", id, name, checked: !!value, "aria-describedby": helpId });
    const mark = h("small", { class: "opt-default" }, ` ${msg(value ? "(default: on)" : "(default: off)")}`);
    return { el: h("div", { class: "opt opt-bool", dataset: { option: name } }, box, h("label", { for: id }, label, mark), helpEl), read: () => box.checked };
  }
  if (kind === "choice") {
    const sel = h("select", { id, name, "aria-describedby": helpId },
      (spec.choices || [value]).map((c, i) => h("option", { value: String(i), selected: c === value },
        choiceWords(game, name, spec, c) + (c === value ? ` ${msg("(default)")}` : ""))));
    return {
      el: h("div", { class: "opt opt-choice", dataset: { option: name } }, h("label", { for: id }, label), sel, helpEl),
      read: () => spec.choices[parseInt(sel.value, 10)],
    };
  }
  if (kind === "int") {
    const inp = h("input", { type: "number", id, name, value, min: spec.min ?? null, max: spec.max ?? null, step: 1, inputmode: "numeric", "aria-describedby": helpId });
    return {
      el: h("div", { class: "opt opt-int", dataset: { option: name } }, h("label", { for: id }, label,
        h("small", { class: "opt-default" }, ` ${msg({ id: "(default: {value})", args: { value } })}`)), inp, helpEl),
      read: () => {
        const v = Number(inp.value);
        if (!Number.isInteger(v) || (spec.min != null && v < spec.min) || (spec.max != null && v > spec.max)) {
          throw new Error(`${label}: ${t("badValue")} (${spec.min ?? "…"}–${spec.max ?? "…"})`);
        }
        return v;
      },
    };
  }
  if (kind === "set" || kind === "pairs") {
    const current = new Map((value || []).map((x) => (kind === "pairs" ? [String(x).split(":")[0], Number(String(x).split(":")[1])] : [x, null])));
    // the items in use keep their order (a tariff's order is its ranking), then the others
    const order = [...current.keys(), ...(spec.items || []).filter((x) => !current.has(x))];
    const required = new Set(spec.required || []);
    const rows = order.map((item) => {
      const cid = `${id}-${item}`;
      const on = h("input", { type: "checkbox", id: cid, checked: current.has(item), disabled: required.has(item), dataset: { item } });
      const num = kind === "pairs" ? h("input", {
        type: "number", class: "opt-value", value: current.has(item) ? current.get(item) : (spec.min ?? 1), min: spec.min ?? null, max: spec.max ?? null,
        step: 1, inputmode: "numeric", "aria-label": `${itemWords(game, name, spec, item)}: ${t("optValue")}`, dataset: { item },
      }) : null;
      if (num) { num.disabled = !on.checked; on.addEventListener("change", () => { num.disabled = !on.checked; }); }
      return { item, on, num, el: h("div", { class: "opt-item" }, on, h("label", { for: cid }, itemWords(game, name, spec, item)), num) };
    });
    return {
      el: h("fieldset", { class: `opt opt-${kind}`, dataset: { option: name }, "aria-describedby": helpId },
        h("legend", {}, label), helpEl, h("div", { class: "opt-items" }, rows.map((r) => r.el))),
      read: () => {
        const out = [];
        for (const r of rows) {
          if (!r.on.checked) continue;
          if (!r.num) { out.push(r.item); continue; }
          const v = Number(r.num.value);
          if (!Number.isInteger(v) || (spec.min != null && v < spec.min) || (spec.max != null && v > spec.max)) {
            throw new Error(`${label}, ${itemWords(game, name, spec, r.item)}: ${t("badValue")} (${spec.min ?? "…"}–${spec.max ?? "…"})`);
          }
          out.push(`${r.item}:${v}`);
        }
        if (spec.non_empty && !out.length) throw new Error(`${label}: ${t("pickOne")}`);
        return out;
      },
    };
  }
  // a plain list or text: comma-separated words
  const isList = kind === "list" || Array.isArray(value);
  const inp = h("input", { type: "text", id, name, value: isList ? (value || []).join(", ") : (value ?? ""), "aria-describedby": helpId });
  return {
    el: h("div", { class: "opt opt-text", dataset: { option: name } }, h("label", { for: id }, label), inp, helpEl),
    read: () => (isList ? inp.value.split(",").map((x) => x.trim()).filter(Boolean) : inp.value),
  };
}

/**
 * Every option of a profile as fields, in the groups of the rule sheet (``entry``: the game's entry
 * of ``/api/games``: ``schema``, ``option_texts``, ``option_groups``); ``read()`` gives the options
 * that differ from the profile.
 */
export function optionsForm(game, entry, defaults) {
  const schema = entry.schema || {};
  const texts = entry.option_texts || {};
  const spec = (k) => {
    const words = texts[k] || {};
    return { ...(schema[k] || {}), label: words.label, help: words.help, choices_words: words.choices };
  };
  const fields = Object.entries(defaults).map(([k, v]) => [k, optionField(game, k, spec(k), v)]);
  const byName = new Map(fields);
  const placed = new Set();
  const groups = (entry.option_groups || []).map((g) => {
    const names = g.options.filter((k) => byName.has(k) && !placed.has(k));
    names.forEach((k) => placed.add(k));
    return { title: msg(g.title), rule: g.rule, names };
  }).filter((g) => g.names.length);
  const rest = fields.map(([k]) => k).filter((k) => !placed.has(k));
  if (rest.length) groups.push({ title: groups.length ? msg("Other rules") : "", rule: "", names: rest });
  const els = groups.map((g, i) => h("section", { class: "opt-group", "aria-labelledby": `optgroup-${uid}-${i}` },
    g.title ? h("h3", { id: `optgroup-${uid}-${i}` }, g.title, g.rule ? h("small", { class: "opt-rule" }, ` (${g.rule})`) : null) : null,
    g.names.map((k) => byName.get(k).el)));
  return {
    els,
    read() {
      const changed = {};
      for (const [k, f] of fields) {
        const v = f.read();
        if (JSON.stringify(v) !== JSON.stringify(defaults[k])) changed[k] = v;
      }
      return changed;
    },
  };
}
