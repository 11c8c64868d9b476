// The header navigation shared by the scorekeeper's pages: lobby, organiser, results, language.
import { el } from "./api.js";
import { lang, langPicker, t } from "./words.js";

// the language switch: every catalogue by its own name (i18n.js), marked for the page tests
function navLang(rerender) {
  const sel = langPicker(rerender);
  sel.dataset.testid = "nav-lang";
  return sel;
}

export function nav(root, rerender) {
  document.documentElement.lang = lang();
  root.replaceChildren(
    el("a", { href: "/", "data-testid": "nav-lobby" }, t("lobby")),
    el("a", { href: "/scorekeeper/", "data-testid": "nav-organiser" }, t("organiser")),
    el("a", { href: "/scorekeeper/results", "data-testid": "nav-results" }, t("results")),
    navLang(rerender));
}
