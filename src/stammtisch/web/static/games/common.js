// Small helpers every game module shares (the frame itself is in ../frame.js).

import { pick } from "../i18n.js";

/** The German or the English text by the page's language; French and Italian read the catalogue's
 * text for the English one (``pick``); ``vars`` fill ``{name}`` placeholders. */
export function tip(de, en, vars = {}) { return pick({ de, en }, vars); }

/** An element with a class, a text and an optional tooltip. */
export function el(tag, cls, text, title) {
  const e = document.createElement(tag);
  e.className = cls;
  e.textContent = text;
  if (title) e.title = title;
  return e;
}

/** The tricks badge of seat ``s`` (none before its first trick). */
export function tricksBadge(d, s) {
  const won = (d.tricks_won || [])[s];
  return won ? { text: tip("{n} St.", "{n} tr.", { n: won }), tip: { de: "Stiche", en: "tricks" }, cls: "tricks" } : null;
}
