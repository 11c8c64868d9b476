// The header navigation shared by the scorekeeper's pages: lobby, organiser, results, language.
import { el } from "./api.js";
import { lang, setLang, t } from "./words.js";

export function nav(root, rerender) {
  document.documentElement.lang = lang();
  root.replaceChildren(
    el("a", { href: "/", "data-testid": "nav-lobby" }, t("lobby")),
    el("a", { href: "/scorekeeper/", "data-testid": "nav-organiser" }, t("organiser")),
    el("a", { href: "/scorekeeper/results", "data-testid": "nav-results" }, t("results")),
    el("button", { type: "button", "data-testid": "nav-lang", onclick: () => setLang(lang() === "en" ? "de" : "en").then(rerender) },
      t("langSwitch")));
}
