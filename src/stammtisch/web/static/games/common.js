// Small helpers every game module shares (the frame itself is in ../frame.js).

import { lang } from "../i18n.js";

/** The German or the English text, by the page's language. */
export function tip(de, en) { return lang() === "en" ? en : de; }

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
  return won ? { text: `${won} ${lang() === "en" ? "tr." : "St."}`, tip: { de: "Stiche", en: "tricks" }, cls: "tricks" } : null;
}
