// The lobby: open a table (game, rules profile and options, target, computer players, timer),
// see open tables and finished games, optional account.

import { account, api, games, h, refusal, toast, tokens } from "./api.js";
import { cardElement } from "./cards.js";
import { fairBadge } from "./fair.js";
import { loadGame } from "./games/index.js";
import { gettext, lang, langPicker, msg, pick, t } from "./i18n.js";
import { optionsForm } from "./options.js";

const root = document.getElementById("app");
let catalogue = [];

/** The computer players a person chooses from, by their strength as the seat names say it (solide,
 * leicht, mittel, stark, Zufall): the rule player, the search levels, the random player last. The
 * server's other kinds (who of the search player says the words) stay out of the list. */
function offeredBots(g) {
  const levels = g.bots.filter((b) => /^search:/.test(b));
  const out = ["rule", ...(levels.length ? levels : ["search"]), "random"].filter((b) => g.bots.includes(b));
  return out.length ? out : g.bots;
}

/** A phone: the open tables first, the form behind "Neuer Tisch". */
const phone = () => window.matchMedia("(max-width: 700px)").matches;

function createForm() {
  const gameSel = h("select", { id: "game", name: "game" }, catalogue.map((g) => h("option", { value: g.name }, gettext(g.title))));
  const profileSel = h("select", { id: "profile", name: "profile" });
  const optBox = h("div", { class: "options", id: "options" });
  const preview = h("div", { class: "preview" });
  const botSel = h("select", { id: "bot", name: "bot", "aria-describedby": "bot-gap" });
  // what the strength ladder measured for the chosen level (benchmarks/strength/ladder.py)
  const botGap = h("p", { class: "muted small bot-gap", id: "bot-gap", "aria-live": "polite" });
  let optForm = { read: () => ({}) };
  let drawn = 0;

  function fillProfiles() {
    const g = catalogue.find((x) => x.name === gameSel.value);
    profileSel.replaceChildren(...Object.keys(g.profiles).map((p) => h("option", { value: p, selected: p === g.default_profile }, gettext((g.profile_titles || {})[p] || p))));
    const gaps = g.bot_gaps || {};
    const offered = offeredBots(g);
    // the rule player by default; a game without one keeps the server's first kind (its cheapest)
    const preset = offered.includes("rule") ? "rule" : offered.includes(g.bots[0]) ? g.bots[0] : offered[0];
    botSel.replaceChildren(...offered.map((b) => h("option", { value: b, selected: b === preset, title: gaps[b] ? msg(gaps[b]) : null },
      msg((g.bot_names || {})[b]) || b)));
    showGap();
    const sample = g.deck.notation.slice(0, 1).concat(g.deck.notation.slice(-1));
    preview.replaceChildren(...sample.map((c) => cardElement(g.deck.name, c)));
    fillOptions();
  }
  async function fillOptions() {
    const g = catalogue.find((x) => x.name === gameSel.value);
    const mine = ++drawn;
    const module = await loadGame(g.name);
    if (mine !== drawn) return;  // another game or profile was chosen meanwhile
    optForm = optionsForm(module, g, g.profiles[profileSel.value]);
    optBox.replaceChildren(...optForm.els);
  }
  function showGap() {
    const g = catalogue.find((x) => x.name === gameSel.value);
    const m = (g.bot_gaps || {})[botSel.value];
    botGap.textContent = m ? msg(m) : "";
    botGap.hidden = !m;
  }
  gameSel.addEventListener("change", fillProfiles);
  botSel.addEventListener("change", showGap);
  profileSel.addEventListener("change", fillOptions);

  const acc = account.get();
  const name = h("input", { id: "name", name: "name", maxlength: 40, placeholder: t("yourName"), value: (account.get() || {}).name || "", required: true });
  const deals = h("select", { id: "max-deals", name: "max_deals" },
    h("option", { value: "" }, t("wholePartie")), h("option", { value: "1" }, t("oneDeal")), h("option", { value: "4" }, t("fourDeals")));
  const timer = h("input", { id: "move-seconds", type: "number", min: 0, max: 600, value: 0 });
  const quiet = h("input", { id: "ohne-reden", type: "checkbox" });
  // the computer players' pace: empty is the server's own (quick) pace
  const pace = h("select", { id: "bot-pace", name: "bot_seconds" },
    h("option", { value: "" }, t("paceNormal")), h("option", { value: "1.2" }, t("paceCalm")), h("option", { value: "2.5" }, t("paceSlow")));

  async function submit(e) {
    e.preventDefault();
    let options;
    try { options = optForm.read(); } catch (err) { toast(err.message, "error"); optBox.closest("details").open = true; return; }
    const body = {
      game: gameSel.value, profile: profileSel.value, options, bot: botSel.value,
      max_deals: deals.value ? parseInt(deals.value, 10) : null,
      move_seconds: parseInt(timer.value || "0", 10), ohne_reden: quiet.checked,
    };
    if (pace.value) body.bot_seconds = Number(pace.value);
    if (acc) body.session = acc.session;
    else body.name = name.value;
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
    h("details", { class: "rule-options" }, h("summary", {}, t("ruleOptions")), optBox),
    h("label", {}, h("span", {}, t("length")), deals),
    h("label", {}, h("span", {}, t("computerPlayers")), botSel), botGap,
    h("label", {}, h("span", {}, t("botPace")), pace),
    h("label", {}, h("span", {}, t("moveTime")), timer),
    h("label", {}, h("span", {}, t("ohneReden")), quiet),
    acc ? null : h("label", {}, h("span", {}, t("yourName")), name),
    h("button", { class: "primary", id: "create-table" }, t("openTable")));
  fillProfiles();
  return form;
}

function accountPanel() {
  const acc = account.get();
  if (acc) {
    return h("section", { class: "panel account" }, h("p", {}, `${t("loggedInAs")} ${acc.name} `,
      h("button", { type: "button", id: "logout", onclick: () => { account.set(null); draw(); } }, t("logout"))));
  }
  const n = h("input", { id: "acc-name", maxlength: 40, autocomplete: "username" });
  const p = h("input", { id: "acc-password", type: "password", autocomplete: "current-password" });
  const go = (path) => async (e) => {
    e.preventDefault();
    try { const r = await api(path, { name: n.value, password: p.value }); account.set(r); draw(); }
    catch (err) { toast(err.message, "error"); }
  };
  return h("section", { class: "panel account" }, h("details", {}, h("summary", {}, t("account")),
    h("form", { class: "account-form" },
      h("label", { for: "acc-name" }, h("span", {}, t("name")), n),
      h("label", { for: "acc-password" }, h("span", {}, t("password")), p),
      h("div", { class: "buttons" }, h("button", { id: "login", onclick: go("/api/login") }, t("login")),
        h("button", { id: "register", onclick: go("/api/accounts") }, t("register"))))));
}

function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return d.toLocaleDateString({ en: "en-GB", fr: "fr-CH", it: "it-CH" }[lang()] || "de-AT", { day: "numeric", month: "short", year: "numeric" });
}

/** The signed-in player's games: date, game, table, result, links to the replay and the record. */
async function myGamesPanel(titles) {
  const acc = account.get();
  if (!acc) return null;
  let data;
  try {
    const r = await fetch("/api/players/me/games", { headers: { "X-Session": acc.session } });
    data = await r.json();
    if (r.status === 403) { account.set(null); return null; }
    if (!r.ok) throw new Error(refusal(data, r.statusText));
  } catch (err) { toast(err.message, "error"); return null; }
  const result = (g) => {
    if (g.status !== "finished") return h("a", { href: g.table }, t("running"));
    const r = g.result;
    if (!r) return "";
    if (r.place === undefined) return r.totals.join(" : ");
    const won = r.place === 1;
    return h("span", { class: won ? "won" : "" }, t(won ? "placeWon" : "place", { place: r.place, of: r.of }), ` · ${r.points} ${t("points")}`);
  };
  return h("section", { class: "panel", id: "my-games" }, h("h2", {}, t("myGames")),
    data.games.length ? h("div", { class: "scroll-x" }, h("table", { class: "games" },
      h("thead", {}, h("tr", {}, [t("date"), t("game"), t("table"), t("result"), ""].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, data.games.map((g) => h("tr", { dataset: { number: g.number } },
        h("td", {}, when(g.date)),
        h("td", {}, gettext(titles[g.game] || g.game)),
        h("td", {}, t("numberShort", { n: g.number })),
        h("td", {}, result(g)),
        h("td", { class: "links" }, g.replay ? h("a", { href: g.replay, class: "replay" }, t("replayShort")) : null,
          g.record ? [" · ", h("a", { href: g.record, download: `stammtisch-${g.number}.json`, class: "record" }, t("recordShort"))] : null))))))
      : h("p", { class: "muted" }, t("noneYet")));
}

async function listPanels() {
  const [open, done] = await Promise.all([api("/api/tables"), api("/api/games/finished")]);
  const titles = Object.fromEntries(catalogue.map((g) => [g.name, g.title]));
  const mine = await myGamesPanel(titles);
  const tableRow = (x) => {
    const free = x.seats.filter((s) => s.kind === "empty").length;
    const sitting = x.seats.filter((s) => s.kind !== "empty").map((s) => s.name).join(", ");
    const joinable = x.status === "open" && free > 0;
    return h("li", { class: "table-row", dataset: { table: x.id } },
      h("div", { class: "what" }, h("b", {}, gettext(x.title)), ` · ${gettext(x.profile_title || x.profile)}`,
        h("div", { class: "muted small" }, sitting || t("nobodyYet")), fairBadge(x)),
      h("div", { class: "seats-free" }, joinable ? t("freeSeats", { n: free }) : x.status === "open" ? t("full") : t("running")),
      h("a", { class: `button${joinable ? " primary" : ""}`, href: `/t/${x.id}` }, joinable ? t("join") : t("watch")));
  };
  return [
    mine,
    h("section", { class: "panel", id: "open-tables" }, h("h2", {}, t("openTables")),
      open.tables.length ? h("ul", { class: "list tables" }, open.tables.map(tableRow)) : h("p", { class: "muted" }, t("none"))),
    h("section", { class: "panel", id: "finished" }, h("h2", {}, t("finishedGames")),
      done.games.length ? h("ul", { class: "list" }, done.games.map((g) => h("li", {},
        h("a", { href: `/replay/${g.number}` }, `${t("numberShort", { n: g.number })} · ${gettext(titles[g.game] || g.game)}`),
        " · ", h("a", { href: `/api/records/${g.number}`, download: `stammtisch-${g.number}.json` }, t("recordShort"))))) : h("p", { class: "muted" }, t("noneYet"))),
  ];
}

async function draw() {
  catalogue = await games();
  const header = h("header", {}, h("a", { class: "home", href: "/" }, "stammtisch"), h("h1", {}, "Jass · Doppelkopf · Tarock · Perlaggen"),
    h("a", { href: "/scorekeeper/", "data-testid": "nav-scorekeeper" }, pick({ de: "Turniere & Listen", en: "Tournaments & lists" })),
    langPicker(draw));
  if (!catalogue.length) {
    root.replaceChildren(header, h("p", {}, t("noEngine")));
    return;
  }
  const lists = await listPanels();
  const form = createForm();
  if (!phone()) {
    root.replaceChildren(header, lists[0] || "", form, accountPanel(), ...lists.slice(1));
    return;
  }
  // on a phone the open tables come first; the form opens behind "Neuer Tisch"
  form.hidden = true;
  const opener = h("button", { type: "button", class: "primary new-table", id: "new-table", "aria-expanded": "false", "aria-controls": "create",
    onclick: () => {
      form.hidden = !form.hidden;
      opener.setAttribute("aria-expanded", String(!form.hidden));
      if (!form.hidden) form.scrollIntoView({ block: "start" });
    } }, msg("New table"));
  root.replaceChildren(header, lists[1], h("div", { class: "new-table-bar" }, opener), form, lists[0] || "", accountPanel(), ...lists.slice(2));
}

draw();
