// The entry form by meaning: what happened at the table, in the players' words, tap by tap.
// buildEntry(root, {spec, game, seats, size, dealer, prefill, onChange}) renders the form and returns
// { facts() } -- the facts the API settles (JSON never shown to the keeper).
import { el } from "./api.js";
import { g, pointsText, t, thirdsOf } from "./words.js";

// positions that play a game dealt by `dealer` at a table of `size`, Vorhand first (the dealer sits out at five)
export function activeOf(size, dealer) {
  const order = [];
  for (let k = 1; k <= size; k++) order.push(((dealer - 1 + k) % size) + 1);
  return size === 5 ? order.slice(0, 4) : order;
}

function choices(testid, options, selected, onPick, { multi = false, label, cls = "" } = {}) {
  return el("div", { class: `choices ${cls}`, role: label ? "group" : undefined, "aria-label": label },
    options.map(([value, text]) => {
      const on = multi ? selected.includes(value) : selected === value;
      return el("button", { type: "button", "aria-pressed": on ? "true" : "false", "data-testid": `${testid}-${value}`,
        onclick: () => onPick(value) }, text);
    }));
}

function field(label, ...children) {
  return el("div", { class: "field", role: "group", "aria-label": label }, el("span", { class: "label" }, label), ...children);
}

function num(testid, value, onInput, attrs = {}) {
  const i = el("input", { type: "text", inputmode: "numeric", "data-testid": testid, value: value ?? "",
    autocomplete: "off", ...attrs });
  i.addEventListener("input", () => onInput(i.value));
  return i;
}

export function buildEntry(root, opts) {
  const { spec, game, seats, size } = opts;
  const name = (p) => (seats[p - 1] ? seats[p - 1].name : String(p));
  const who = (ps) => ps.map((p) => [p, name(p)]);
  const kindOf = (f) => (f && f.kind) || "game";
  const pre = opts.prefill || null;
  const st = { kind: kindOf(pre), f: pre && kindOf(pre) === "game" ? structuredClone(pre) : defaults(),
    points: pre && pre.kind === "row" ? [...pre.points] : [], reason: pre && pre.kind === "annulled" ? pre.reason || "" : "",
    rule: pre && pre.kind === "annulled" ? pre.rule : undefined, by: pre && pre.kind === "annulled" ? pre.by : undefined };
  const active = activeOf(size, opts.dealer);
  const hasGame = spec && Object.keys(spec).length > 0;
  if (!hasGame) st.kind = st.kind === "game" ? "row" : st.kind;

  function defaults() {
    if (game === "doppelkopf") return { kind: "game", contract: "normal", re: [] };
    if (game === "jass") return { kind: "game" };
    if (game === "perlaggen") return { kind: "game", figures: (spec.figures || []).map((fig) => ({ figure: fig, status: "unbid", winner: null })) };
    // Tarock: the Rufer, the everyday game, is preselected (a plain game: declarer, partner, won, write)
    if (game === "tarock" && (spec.contracts || []).some((c) => c.name === "rufer")) return { kind: "game", contract: "rufer" };
    return { kind: "game" };
  }

  const changed = () => { render(); if (opts.onChange) opts.onChange(); };
  const set = (k, v) => { if (v === undefined || v === null || v === "") delete st.f[k]; else st.f[k] = v; changed(); };

  // ------------------------------------------------------------------ Tarock
  function tarock() {
    const f = st.f;
    const contracts = spec.contracts || [];
    const c = contracts.find((x) => x.name === f.contract);
    // once a contract is chosen (and the keeper has touched the form) only it stays, with "change": the rest
    // of a premium, Renonce or Trischaken game fits one phone screen (issue 32, item 8)
    const shown = c && st.picked && !st.allContracts ? contracts.filter((x) => x.name === f.contract) : contracts;
    const out = [field(t("game"), choices("c", shown.map((x) => [x.name, g(x.name)]), f.contract, (v) => {
      st.picked = true; st.allContracts = false;
      const nc = contracts.find((x) => x.name === v);
      for (const k of ["declarer_points", "declarer_thirds", "declarer_tricks", "kontra", "kontras", "thirds", "tricks", "partner", "schleifen"]) delete f[k];
      if (nc && nc.kind === "trischaken") delete f.declarer;
      const kept = (f.premiums || []).filter((p) => nc && nc.premiums.includes(p.name));
      if (kept.length) f.premiums = kept; else delete f.premiums;
      set("contract", v);
    }), shown.length < contracts.length ? el("button", { type: "button", class: "link", "data-testid": "c-change",
      onclick: () => { st.allContracts = true; changed(); } }, t("changeContract")) : null)];
    if (!c) return out;
    if (c.kind !== "trischaken") {
      out.push(field(t("declarer"), choices("decl", who(active), f.declarer, (v) => {
        if (f.partner === v) delete f.partner;
        set("declarer", v);
      })));
      if (c.calls_king) {
        out.push(field(t("partner"), choices("partner", [[0, t("alone")], ...who(active.filter((p) => p !== f.declarer))],
          f.partner ?? (f.declarer ? 0 : undefined), (v) => set("partner", v || undefined))));
      }
    }
    if (c.kind === "positive") {
      const thirds = f.declarer_thirds ?? thirdsOf(f.declarer_points);
      const wonNow = f.schleifen ? "schleifen" : thirds == null ? undefined : thirds >= 107 ? "won" : "lost";
      // Österreich-Finale 4): the called king in the talon, the declarer gives up: "verliert Spiel plus Ansager"
      const results = [["won", t("won")], ["lost", t("lost")], ...(c.schleifen ? [["schleifen", t("schleifen")]] : [])];
      out.push(field(t("pointsHint"), el("div", { class: "row" },
        choices("res", results, wonNow, (v) => {
          delete f.declarer_thirds;
          if (v === "schleifen") {
            delete f.declarer_points; delete f.partner; f.schleifen = true; changed(); return;
          }
          delete f.schleifen;
          set("declarer_points", v === "won" ? "35/2" : "35/1");
        }),
        f.schleifen ? null : num("points", f.declarer_points ?? (f.declarer_thirds != null ? pointsText(f.declarer_thirds) : ""), (v) => {
          delete f.declarer_thirds;
          if (v.trim() === "") delete f.declarer_points; else f.declarer_points = v.trim();
          if (opts.onChange) opts.onChange();
        }, { placeholder: "35/2", size: 6, "aria-label": t("points") }))));
      out.push(field(t("kontra1"), choices("k", [[0, t("kontra0")], [1, t("kontra1")], [2, t("kontra2")], [3, t("kontra3")]],
        f.kontra ?? 0, (v) => set("kontra", v || undefined))));
    } else if (c.kind === "negative") {
      out.push(field(t("tricks"), choices("tricks", [0, 1, 2, 3, 4, 5].map((n) => [n, String(n)]), f.declarer_tricks,
        (v) => set("declarer_tricks", v))));
      const opp = active.filter((p) => p !== f.declarer);
      if (f.declarer) {
        const lv = Object.fromEntries((f.kontras || []).map(([p, l]) => [p, l]));
        out.push(field(t("kontra1"), ...opp.map((p) => el("div", { class: "subrow" }, el("span", { class: "name" }, name(p)),
          choices(`kx-${p}`, [[0, t("kontra0")], [1, t("kontra1")], [2, t("kontra2")], [3, t("kontra3")]], lv[p] ?? 0, (v) => {
            const rest = (f.kontras || []).filter(([q]) => q !== p);
            set("kontras", v ? [...rest, [p, v]] : rest.length ? rest : undefined);
          })))));
      }
    } else {
      // Trischaken: points per player as "35/2" and tricks; the last player's share is the remainder
      const th = f._tp || {}, tr = f._tt || {};
      out.push(field(t("trischakenPoints"), el("div", { class: "perplayer" },
        active.flatMap((p) => [el("span", {}, name(p)), el("span", { class: "row" },
          num(`tri-${p}`, th[p] ?? "", (v) => { f._tp = { ...(f._tp || {}), [p]: v }; trisch(); }, { placeholder: "35/2", size: 5, "aria-label": `${t("points")} ${name(p)}` }),
          num(`trt-${p}`, tr[p] ?? "", (v) => { f._tt = { ...(f._tt || {}), [p]: v }; trisch(); }, { placeholder: t("tricks"), size: 3, "aria-label": `${t("tricks")} ${name(p)}` }))]))));
    }
    if (c.premiums.length) out.push(premiums(c));
    out.push(renonces());
    return out;
  }

  function trisch() {
    const f = st.f, th = f._tp || {}, tr = f._tt || {};
    const thirds = Array(size).fill(0), tricks = Array(size).fill(0);
    const missingP = active.filter((p) => thirdsOf(th[p]) == null);
    const missingT = active.filter((p) => !/^\d+$/.test(String(tr[p] ?? "").trim()));
    let sum = 0, sumT = 0;
    for (const p of active) {
      const v = thirdsOf(th[p]); if (v != null) { thirds[p - 1] = v; sum += v; }
      if (!missingT.includes(p)) { tricks[p - 1] = +tr[p]; sumT += +tr[p]; }
    }
    if (missingP.length === 1) thirds[missingP[0] - 1] = 210 - sum;
    if (missingT.length === 1) tricks[missingT[0] - 1] = 12 - sumT;
    if (missingP.length <= 1 && missingT.length <= 1) { f.thirds = thirds; f.tricks = tricks; } else { delete f.thirds; delete f.tricks; }
    if (opts.onChange) opts.onChange();
  }

  function premiums(c) {
    const f = st.f;
    const list = f.premiums || [];
    const upd = () => set("premiums", list.length ? list : undefined);
    return field(t("premiums"),
      ...list.map((p, i) => el("div", { class: "subrow", "data-testid": `prem-${i}` },
        el("span", { class: "name" }, g(p.name)),
        choices(`prem-${i}-side`, [["declarer", t("side_declarer")], ["opponents", t("side_opponents")]], p.side, (v) => { p.side = v; upd(); }),
        choices(`prem-${i}-ann`, [["1", t("announced")], ["0", t("silent")]], p.announced ? "1" : "0", (v) => { p.announced = v === "1"; if (!p.announced) p.kontra = 0; upd(); }),
        choices(`prem-${i}-made`, [["1", t("made")], ["0", t("failed")]], p.made ? "1" : "0", (v) => { p.made = v === "1"; upd(); }),
        p.announced ? choices(`prem-${i}-k`, [[0, t("kontra0")], [1, t("kontra1")], [2, t("kontra2")], [3, t("kontra3")]], p.kontra || 0, (v) => { p.kontra = v; upd(); }) : null,
        el("button", { type: "button", class: "danger", "data-testid": `prem-${i}-del`, "aria-label": t("remove"),
          onclick: () => { list.splice(i, 1); upd(); } }, "✕"))),
      el("div", { class: "choices" }, c.premiums.map((n) => el("button", { type: "button", "data-testid": `prem-add-${n}`,
        onclick: () => { list.push({ name: n, side: "declarer", announced: true, made: true, kontra: 0 }); f.premiums = list; upd(); } },
      `+ ${g(n)}`))));
  }

  function renonces() {
    const f = st.f;
    const list = f.renonces || [];
    const upd = () => set("renonces", list.length ? list : undefined);
    const all = Array.from({ length: size }, (_, i) => i + 1);
    return field(t("renonce"),
      ...list.map((r, i) => el("div", { class: "subrow", "data-testid": `ren-${i}` },
        el("span", { class: "name" }, t("who")), choices(`ren-${i}-who`, who(all), r.offender, (v) => { r.offender = v; upd(); }),
        el("label", {}, el("span", {}, t("what")), (() => {
          const s = el("select", { "data-testid": `ren-${i}-what` }, (spec.renonces || []).map((k) =>
            el("option", { value: k, selected: k === r.kind }, g(k))));
          s.addEventListener("change", () => { r.kind = s.value; upd(); });
          return s;
        })()),
        el("button", { type: "button", class: "danger", "data-testid": `ren-${i}-del`, "aria-label": t("remove"),
          onclick: () => { list.splice(i, 1); upd(); } }, "✕"))),
      el("button", { type: "button", "data-testid": "ren-add", onclick: () => {
        list.push({ kind: (spec.renonces || ["other"])[0], offender: undefined }); f.renonces = list; upd(); } }, `+ ${t("renonce")}`),
      list.length ? claims(all, list) : null);
  }

  // Österreich-Finale 10): a regular player claims an obvious loss (heimlicher Valat, Ultimo ...) from the
  // Renonce offender; Tiroler Cup: "Punkteverlust". Who claims, and how many points.
  function claims(all, offenders) {
    const f = st.f;
    const list = f.claims || [];
    const upd = () => set("claims", list.length ? list : undefined);
    const off = offenders.map((r) => r.offender);
    return el("div", { class: "subfield", "data-testid": "claims" },
      ...list.map((c, i) => el("div", { class: "subrow", "data-testid": `claim-${i}` },
        el("span", { class: "name" }, t("claimBy")), choices(`claim-${i}-who`, who(all.filter((p) => !off.includes(p))), c[0], (v) => { c[0] = v; upd(); }),
        num(`claim-${i}-pts`, c[1] ?? "", (v) => { c[1] = /^\d+$/.test(v.trim()) ? +v.trim() : undefined; f.claims = list; if (opts.onChange) opts.onChange(); },
          { size: 3, placeholder: t("claimPoints"), "aria-label": t("claimPoints") }),
        el("button", { type: "button", class: "danger", "data-testid": `claim-${i}-del`, "aria-label": t("remove"),
          onclick: () => { list.splice(i, 1); upd(); } }, "✕"))),
      el("button", { type: "button", "data-testid": "claim-add", onclick: () => {
        list.push([undefined, undefined]); f.claims = list; upd(); } }, `+ ${t("claim")}`));
  }

  // ------------------------------------------------------------------ Doppelkopf
  function doppelkopf() {
    const f = st.f;
    const solo = (f.contract || "").startsWith("solo:") || f.contract === "stille_hochzeit";
    const lv = (spec.levels || []).map((l) => [l === null ? "none" : l, l === null ? t("none") : g(l)]);
    const out = [
      field(t("game"), choices("c", (spec.contracts || []).map((x) => [x, g(x)]), f.contract, (v) => {
        const nsolo = v.startsWith("solo:") || v === "stille_hochzeit";
        if (nsolo && (f.re || []).length > 1) f.re = f.re.slice(0, 1);
        set("contract", v);
      })),
      field(solo ? t("soloist") : t("rePlayers"), choices("re", who(active), f.re || [], (v) => {
        let re = f.re || [];
        if (solo) re = [v];
        else re = re.includes(v) ? re.filter((x) => x !== v) : [...re, v].slice(-2);
        set("re", re);
      }, { multi: true })),
      field(t("reAugen"), el("div", { class: "row" },
        choices("aug", [[121, "121+"], [151, "151+"], [181, "181+"], [211, "211+"], [120, "≤120"], [90, "<90"], [60, "<60"], [30, "<30"]],
          f.re_augen, (v) => set("re_augen", v)),
        num("augen", f.re_augen ?? "", (v) => { const n = parseInt(v, 10); if (Number.isNaN(n)) delete f.re_augen; else f.re_augen = n; if (opts.onChange) opts.onChange(); },
          { size: 4, "aria-label": t("reAugen") }))),
      field(t("reAnn"), choices("rl", lv, f.re_level ?? "none", (v) => set("re_level", v === "none" ? undefined : v))),
      field(t("kontraAnn"), choices("kl", lv.map(([v, x]) => [v, v === "re" ? "Kontra" : x]), f.kontra_level ? (f.kontra_level === "kontra" ? "re" : f.kontra_level) : "none",
        (v) => set("kontra_level", v === "none" ? undefined : v === "re" ? "kontra" : v))),
    ];
    if ((spec.specials || []).length && !solo) {
      const list = f.specials || [];
      const upd = () => set("specials", list.length ? list : undefined);
      out.push(field(t("specials"),
        ...list.map(([party, what], i) => el("div", { class: "subrow" }, `${what} ${party === "re" ? t("forRe") : t("forKontra")}`,
          el("button", { type: "button", class: "danger", "data-testid": `sp-${i}-del`, onclick: () => { list.splice(i, 1); upd(); } }, "✕"))),
        el("div", { class: "choices" }, spec.specials.flatMap((s) => ["re", "kontra"].map((party) =>
          el("button", { type: "button", "data-testid": `sp-add-${party}-${s.replace(/ /g, "_")}`,
            onclick: () => { list.push([party, s]); f.specials = list; upd(); } }, `+ ${s} ${party === "re" ? t("forRe") : t("forKontra")}`))))));
    }
    return out;
  }

  // ------------------------------------------------------------------ Jass
  function jass() {
    const f = st.f;
    const modes = spec.modes || [];
    const main = modes.filter((m) => !m.name.startsWith("3x3:") && !m.name.startsWith("tutti:") && !m.name.startsWith("misere:"));
    const more = modes.filter((m) => !main.includes(m));
    const cp = f.card_points || [], tr = f.tricks || [], w = f.weis || [0, 0], sk = f.stoeck || [0, 0];
    const pair = (key, i, v, total) => {
      const a = [...(f[key] || [null, null])];
      const n = parseInt(v, 10);
      a[i] = Number.isNaN(n) ? null : n;
      if (total != null && a[i] != null) a[1 - i] = Math.max(0, total - a[i]);
      if (a[0] == null && a[1] == null) delete f[key]; else f[key] = a.map((x) => x ?? 0);
    };
    const moreSel = el("select", { "data-testid": "mode-more", "aria-label": t("moreModes") },
      el("option", { value: "" }, `${t("moreModes")} …`), more.map((m) => el("option", { value: m.name, selected: m.name === f.mode }, `${m.title} ×${m.multiplier}`)));
    moreSel.addEventListener("change", () => set("mode", moreSel.value || undefined));
    const out = [
      field(t("mode"), choices("mode", main.map((m) => [m.name, `${m.title} ×${m.multiplier}`]), f.mode, (v) => set("mode", v)), more.length ? moreSel : null),
      field(t("announcedBy"), choices("decl", who(active), f.declarer, (v) => set("declarer", v))),
      el("div", { class: "perplayer" },
        el("span", {}, t("cardPoints", { team: "1+3" })), num("cp-0", cp[0] ?? "", (v) => { pair("card_points", 0, v, 157); render(); opts.onChange && opts.onChange(); }),
        el("span", {}, t("cardPoints", { team: "2+4" })), num("cp-1", cp[1] ?? "", (v) => { pair("card_points", 1, v, 157); render(); opts.onChange && opts.onChange(); }),
        el("span", {}, `${t("tricks")} 1+3`), num("tr-0", tr[0] ?? "", (v) => { pair("tricks", 0, v, 9); render(); opts.onChange && opts.onChange(); }),
        el("span", {}, `${t("tricks")} 2+4`), num("tr-1", tr[1] ?? "", (v) => { pair("tricks", 1, v, 9); render(); opts.onChange && opts.onChange(); }),
        el("span", {}, t("weis", { team: "1+3" })), num("w-0", w[0] || "", (v) => { pair("weis", 0, v); opts.onChange && opts.onChange(); }),
        el("span", {}, t("weis", { team: "2+4" })), num("w-1", w[1] || "", (v) => { pair("weis", 1, v); opts.onChange && opts.onChange(); })),
      field(t("stoeck"), choices("stoeck", [["0", t("none")], ["1", "1+3"], ["2", "2+4"]], sk[0] ? "1" : sk[1] ? "2" : "0",
        (v) => set("stoeck", v === "1" ? [20, 0] : v === "2" ? [0, 20] : undefined))),
    ];
    if ((spec.rulings || []).length) {
      // a deal settled after the referee's penalty ruling: the paragraph and who committed it
      out.push(field(t("ruling"), choices("ruling", [["none", t("none")], ...spec.rulings.map((r) => [r.rule, `${r.rule} ${r.title}`])],
        f.ruling ?? "none", (v) => { if (v === "none") delete f.offender; set("ruling", v === "none" ? undefined : v); }),
        f.ruling ? el("div", { class: "row" }, el("span", {}, t("who")), choices("offender", who(Array.from({ length: size }, (_, i) => i + 1)),
          f.offender, (v) => set("offender", v))) : null));
    }
    return out;
  }

  // ------------------------------------------------------------------ Perlaggen
  function perlaggen() {
    const f = st.f;
    const sides = [["1+3", "1+3"], ["2+4", "2+4"]];
    const upd = () => set("figures", f.figures);
    const out = (f.figures || []).map((x, i) => field(t(`figure_${x.figure}`),
      choices(`fig-${i}-status`, (spec.statuses || []).map((s) => [s, t(`status_${s}`)]), x.status, (v) => { x.status = v; if (v === "unbid") { delete x.value; delete x.bidder; } upd(); }),
      x.status !== "unbid" ? el("div", { class: "row" }, el("span", {}, t("value")),
        num(`fig-${i}-value`, x.value ?? "", (v) => { const n = parseInt(v, 10); if (Number.isNaN(n)) delete x.value; else x.value = n; opts.onChange && opts.onChange(); }, { size: 3 })) : null,
      x.status !== "unbid" ? el("div", { class: "row" }, el("span", {}, t("bidder")), choices(`fig-${i}-bidder`, sides, x.bidder, (v) => { x.bidder = v; upd(); })) : null,
      el("div", { class: "row" }, el("span", {}, t("winner")), choices(`fig-${i}-winner`, [...sides, ["none", t("nobodyWon")]], x.winner ?? "none", (v) => { x.winner = v === "none" ? null : v; upd(); }))));
    const pens = f.penalties || [];
    const pupd = () => set("penalties", pens.length ? pens : undefined);
    out.push(field(t("penalties"), ...pens.map((p, i) => el("div", { class: "subrow" }, g(p.kind),
      choices(`pen-${i}-side`, sides, p.side, (v) => { p.side = v; pupd(); }),
      el("button", { type: "button", class: "danger", onclick: () => { pens.splice(i, 1); pupd(); } }, "✕"))),
    el("div", { class: "choices" }, (spec.penalties || []).map((k) => el("button", { type: "button", "data-testid": `pen-add-${k}`,
      onclick: () => { pens.push({ kind: k, side: "1+3" }); f.penalties = pens; pupd(); } }, `+ ${g(k)}`)))));
    return out;
  }

  // ------------------------------------------------------------------ rows and annulled games
  function pointsRow() {
    const cols = opts.columns;
    const named = cols.length === seats.length;
    return el("div", { class: "perplayer" }, cols.flatMap((c, i) => {
      const sitting = named && size === 5 && i + 1 === opts.dealer;
      return [el("span", { class: sitting ? "muted" : "" }, named ? name(i + 1) : c),
        num(`pt-${i}`, st.points[i] ?? "", (v) => { st.points[i] = v; opts.onChange && opts.onChange(); },
          { disabled: sitting, inputmode: "text", "aria-label": t("pointsOf", { name: named ? name(i + 1) : c }) })];
    }));
  }

  function annulled() {
    // an annulled game: 0 for all; Jass names the paragraph and the side that claimed it (Papagei-Jass §7)
    const out = [];
    if ((spec.annulments || []).length) {
      out.push(field(t("annulRule"), choices("annul-rule", spec.annulments.map((r) => [r.rule, `${r.rule} ${r.title}`]), st.rule,
        (v) => { st.rule = v; changed(); })));
      out.push(field(t("annulBy"), choices("annul-by", who(Array.from({ length: size }, (_, i) => i + 1)), st.by,
        (v) => { st.by = v; changed(); })));
    }
    const i = el("input", { "data-testid": "annul-reason", value: st.reason });
    i.addEventListener("input", () => { st.reason = i.value; });
    out.push(el("label", {}, el("span", {}, t("reason")), i));
    return out;
  }

  function render() {
    const kinds = [...(hasGame ? [["game", t("asGame")]] : []), ["row", t("asPoints")], ["annulled", t("annulled")]];
    const body = st.kind === "row" ? [pointsRow()] : st.kind === "annulled" ? annulled() : game === "tarock" ? tarock() : game === "doppelkopf" ? doppelkopf() : game === "jass" ? jass() : game === "perlaggen" ? perlaggen() : [];
    root.replaceChildren(choices("kind", kinds, st.kind, (v) => { st.kind = v; changed(); }, { cls: "kinds", label: t("gameN", { n: "" }).trim() }), ...body);
  }

  render();
  if (game === "tarock" && st.f.contract && (st.f.thirds || []).length) {
    // a prefilled Trischaken: show its points per player again in the players' notation
    st.f._tp = {}; st.f._tt = {};
    for (const p of active) { st.f._tp[p] = pointsText(st.f.thirds[p - 1]); st.f._tt[p] = String(st.f.tricks[p - 1]); }
    render();
  }

  return {
    facts() {
      if (st.kind === "row") {
        return { kind: "row", points: opts.columns.map((_, i) => {
          const v = String(st.points[i] ?? "").trim();
          return v === "" ? 0 : parseInt(v, 10);
        }) };
      }
      if (st.kind === "annulled") {
        const out = { kind: "annulled", reason: st.reason };
        if (st.rule) out.rule = st.rule;
        if (st.by) out.by = st.by;
        return out;
      }
      const out = {};
      for (const [k, v] of Object.entries(st.f)) if (!k.startsWith("_")) out[k] = v;
      out.kind = "game";
      return out;
    },
  };
}
