// The per-game renderers, loaded by the game's name; a plain fallback for any other engine.

import { games } from "../api.js";
import { lang } from "../i18n.js";

const generic = {
  direction: "cw",
  vorhand: () => null,
  actionText: (a) => ({ text: a.replace(/[_:]/g, " "), tip: "" }),
  seatBadges: () => [],
  centerInfo: (v) => {
    const d = v.deal || {};
    const out = [];
    for (const k of ["contract", "trump", "phase"]) {
      if (typeof d[k] === "string") {
        const e = document.createElement("span");
        e.className = k === "contract" ? "badge contract" : "badge";
        e.textContent = `${k}: ${d[k]}`;
        out.push(e);
      }
    }
    return out;
  },
  lang,
};

// The server's game list (/api/games) says which games have a renderer module here.
export async function loadGame(name) {
  const info = (await games()).find((g) => g.name === name);
  if (!info || !info.renderer) return generic;
  const mod = await import(`./${name}.js`);
  return { ...generic, ...mod.default };
}
