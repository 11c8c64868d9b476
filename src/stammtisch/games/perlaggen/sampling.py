"""Determinization for search bots: a full deal state consistent with one seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Deal, DealContext

from .options import PerlaggenOptions
from .rules import parse_play, perlaggen_order
from .state import PerlaggenDeal

__all__ = ["sample_state"]


def sample_state(options: PerlaggenOptions, view: Mapping[str, Any], rng: Any) -> PerlaggenDeal:
    """Deal the cards the seat cannot see at random among the places they can be (the other hands and
    the stock), keeping every card whose place is known (own hand, cards played, the turned-up trump,
    a kept or exchanged Perlagg) and, where possible, the voids shown in play; then replay the public
    actions of the deal. Hands that do not replay the public actions (a figure shown, a 17 : 17
    declaration, an exchange right) are rejected; after many failed attempts ``IllegalAction`` says so.
    """
    seat = view["seat"]
    if view.get("trump_card") is None:
        # still cutting: any order of the deck consistent with what the lift showed (§4)
        deck = list(range(33))
        rng.shuffle(deck)
        cuts = [int(a.split(":")[1]) for _, a in view.get("history", []) if a.startswith("abheben:")]
        if cuts:
            shown = [D.parse(c) for c in view.get("kept", [])]
            if view.get("lifted_bottom"):
                shown.append(D.parse(view["lifted_bottom"]))
            rest = [c for c in deck if c not in shown]
            for k in reversed(range(len(shown))):  # kept cards lay at the bottom of the lift, in order
                rest.insert(cuts[0] - 1 - k, shown[k])
            deck = rest
        ctx = DealContext(0, view["dealer"], Deal(((), (), (), ()), {"deck": tuple(deck)}),
                          tuple(view["standing"]), _carry(view))
        st = PerlaggenDeal(options, ctx)
        for s, a in view.get("history", []):
            st.apply(s, a)
        return st
    cut_words = ("abheben", "behalten", "liegen")
    raw_history = [(x, a) for x, a in view.get("history", [])]
    n_cut = max((k + 1 for k, (_, a) in enumerate(raw_history) if a.split(":")[0] in cut_words), default=0)
    # the cut is not replayed (the hands are dealt directly), but its actions and events stay in the view
    cut_history = raw_history[:n_cut]
    cut_events = []
    for e in view.get("events", []):
        if e.startswith("trump "):
            break
        cut_events.append(e)
    own = [D.parse(c) for c in view.get("hand") or []]
    played = [[parse_play(x)[0] for x in row] for row in view["played"]]
    trump_card = D.parse(view["trump_card"])
    known: dict[int, list[int]] = {s: list(played[s]) for s in range(4)}
    if own:
        known[seat] += own
    exch = view.get("exchanged")
    orig_trump = trump_card
    if exch:
        # the exchanger took the turned-up Perlagg and gave the trump now face up
        orig_trump = D.parse(exch["took"])
        es = exch["seat"]
        if orig_trump not in known[es]:
            known[es].append(orig_trump)
    for k, shown in (view.get("shown_hands") or {}).items():
        # the cards laid open to show a figure (§22): that seat held them (after a §7 exchange)
        ss = int(k)
        for c in (D.parse(x) for x in shown):
            if c not in known[ss]:
                known[ss].append(c)
    kept = [D.parse(c) for c in view.get("kept", [])]
    cutter = (view["dealer"] - 1) % 4
    for c in kept:
        if c not in known[cutter]:
            known[cutter].append(c)
    # Luck and Boden, while shown, are the top and bottom cards of the stock (§7)
    luck = D.parse(view["luck"]) if view.get("luck") else None
    boden = D.parse(view["boden"]) if view.get("boden") else None
    # Eichel cards turned up for trump went under the stock, seen by everybody (§7)
    turned = [D.parse(c) for c in view.get("turned_up", [])]
    used = {c for cs in known.values() for c in cs} | {trump_card} | {c for c in (luck, boden) if c is not None}
    used |= set(turned)
    pool = [c for c in range(33) if c not in used]
    voids = _voids(view)
    trump = "ELHS".index(view["trump"])
    perl = perlaggen_order(trump)
    dealer = view["dealer"]
    exchange_seats = [x for x, a in view.get("history", []) if a.startswith(("tauschen:", "nicht_tauschen"))]
    # who could exchange tells what the dealer (and his partner) held (§7)
    no_trump_seats: list[int] = []
    trump_seats: list[int] = []
    # the exchange is over once the play (or the 17 : 17 asking) began; Luck and Boden are covered with
    # its first action (§7)
    exchange_over = "luck" not in view or view["phase"] in ("play", "meld")
    if orig_trump in perl and view["phase"] == "exchange":
        ex = view["to_act"][0]
        handed_over = "ueberlassen" in [a for _, a in view.get("history", [])]
        no_trump_seats, trump_seats = ([dealer], [ex]) if ex != dealer and not handed_over else ([], [dealer])
    elif orig_trump in perl and exchange_over:
        handed_over = "ueberlassen" in [a for _, a in view.get("history", [])]
        if not exchange_seats:
            no_trump_seats = [dealer, (dealer + 2) % 4]
        elif exchange_seats[-1] != dealer and not handed_over:
            no_trump_seats, trump_seats = [dealer], [exchange_seats[-1]]
        else:
            trump_seats = [dealer]
    history = [(x, a) for x, a in raw_history[n_cut:] if a.split(":")[0] not in cut_words]
    if options.offences != "refuse":
        voids = {}  # a live table lets a revoke pass: play shows no voids
    last_error: Exception | None = None
    # §25 declarations are rare hands: each declaring seat's sampled hand must make the very figure its
    # event names, checked here before the deal is replayed (cheap), with more attempts
    declarations = _declarations(view.get("events", []))
    for _ in range(20000 if declarations else 400):
        rng.shuffle(pool)
        hands = {s: list(known[s]) for s in range(4)}
        i = 0
        for s in range(4):
            need = 5 - len(hands[s])
            hands[s] += pool[i:i + need]
            i += need
        orig = {s: list(hands[s]) for s in range(4)}
        if exch:
            es = exch["seat"]
            orig[es] = [c for c in orig[es] if c != orig_trump] + [trump_card]
        if any(_breaks(hands[s][len(known[s]):], voids.get(s, ()), view) for s in range(4)):
            continue
        if any(c // 8 == trump and c < 32 and c not in perl for s in no_trump_seats for c in orig[s]):
            continue
        if any(_declared_figure(orig[s], trump, options.meld_order) != text for s, text in declarations.items()):
            continue
        if not all(any(c // 8 == trump and c < 32 and c not in perl for c in orig[s]) for s in trump_seats):
            continue
        ctx = DealContext(0, view["dealer"], Deal(((), (), (), ())), tuple(view["standing"]), _carry(view))
        st = PerlaggenDeal(options, ctx)
        st.history = list(cut_history)
        st.events = list(cut_events)
        st.kept = list(kept)
        st.turned_up = list(turned)
        under = [c for c in turned if c not in (luck, boden)]
        stock = ([luck] if luck is not None else []) + pool[i:] + under + ([boden] if boden is not None else [])
        st.setup_hands([orig[s] for s in range(4)], orig_trump, stock)
        try:
            for s, a in history:
                st.apply(s, a)
        except IllegalAction as e:  # the figures shown (§22) did not fit these hands
            last_error = e
            continue
        st.restore_signals(view.get("signals", []), view.get("signal_rounds", []))
        sv = st.view(seat)
        if _after_deal(sv["events"]) != _after_deal(view["events"]) or sv["figures"] != view["figures"] \
                or sv.get("figure_options") != view.get("figure_options") \
                or sv.get("shown_hands") != view.get("shown_hands"):  # who of the side showed (§22)
            continue
        return st
    raise IllegalAction(Msg('no deal consistent with this view was found ({last_error})', last_error=last_error))


def _declarations(events: list[str]) -> dict[int, str]:
    """The figures declared at 17 : 17 (§25) by seat, as the events describe them."""
    out = {}
    for e in events:
        if e.startswith("seat ") and " declares a " in e:
            head, _, rest = e.partition(" declares a ")
            out[int(head.split()[1])] = rest.rsplit(" (§25)", 1)[0]
    return out


def _declared_figure(hand: list[int], trump: int, order: str) -> str | None:
    """What a seat with ``hand`` declares at 17 : 17 (the engine's ``_meld_figure``), described."""
    from .rules import best_figure
    from .state import _meld_key

    best = None
    for kind in ("gleich", "hanger"):
        f = best_figure(kind, hand, trump)
        if f and f.n >= 3 and (best is None or _meld_key(f, order) > _meld_key(best, order)):
            best = f
    return best.describe() if best is not None else None


def _carry(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the deal knew from the previous one: penalty points owed, offences still claimable (public)."""
    return {"owed": list(view.get("owed", (0, 0))),
            "claimable": [dict(c, claimed=False) for c in view.get("previous_offences", [])]}


def _after_deal(events: list[str]) -> list[str]:
    """The events from the turned-up trump on (the cut is not replayed in a sample). They include the
    outcome of every claim (§33: founded or not), which the hidden hands decide."""
    for k, e in enumerate(events):
        if e.startswith("trump "):
            return list(events[k:])
    return list(events)


def _voids(view: Mapping[str, Any]) -> dict[int, list[int]]:
    """Seats that played a plain card of neither the led suit nor trump while the led suit was a
    natural suit: they hold no natural card of that suit."""
    out: dict[int, list[int]] = {}
    trump = "ELHS".index(view["trump"])
    from .rules import perlaggen_order

    perl = perlaggen_order(trump)
    raw = view.get("history", [])
    history = [x for k, x in enumerate(raw) if ("=" in x[1] or _is_card(x[1]))
               and not (k + 1 < len(raw) and raw[k + 1] == [x[0], "zuruecknehmen"])]
    for k in range(0, len(history), 4):
        trick = history[k:k + 4]
        if not trick:
            continue
        lead = parse_play(trick[0][1])
        led = D.card_suit[lead[1] if lead[1] is not None else lead[0]]
        for s, a in trick[1:]:
            c, t = parse_play(a)
            if t is None and c not in perl and D.card_suit[c] not in (led, trump):
                out.setdefault(s, []).append(led)
    return out


def _is_card(a: str) -> bool:
    try:
        D.parse(a)
        return True
    except Exception:
        return False


def _breaks(hand: list[int], void_suits: Any, view: Mapping[str, Any]) -> bool:
    trump = "ELHS".index(view["trump"])
    from .rules import perlaggen_order

    perl = perlaggen_order(trump)
    return any(c not in perl and D.card_suit[c] == s for c in hand for s in void_suits)


#: soft beliefs of :func:`bid_likelihood` (a sample is made less likely, never excluded)
LACKING_BID = 0.03  #: bid or raised a seen Gleich/Hanger without any figure of that kind (§10 fines it)
TWOFOLD_BID = 0.25  #: bid it with only a zweifache figure (a bid usually announces a dritziges)
LACKING_HOLD = 0.15  #: held a bid Gleich/Hanger without any (the partner may have it, §9)
WEAK_SPIEL = 0.35  #: bid, held or raised the Spiel with a weak hand (no Perlagg, no high trump)
SIGNAL_MISS = 0.1  #: the partner's sanctioned signal does not fit its sampled hand


def bid_likelihood(options: PerlaggenOptions, view: Mapping[str, Any], state: PerlaggenDeal) -> float:
    """How well a determinization explains the bids, answers and partner signals the seat saw: the
    search's soft belief (``Game.sample_weight``, in ``(0, 1]``).

    Bids are public (§8): a seat that bid or raised a seen Gleich or Hanger is believed to hold one
    (bidding a figure one lacks costs the deal and two points, §10), usually a dritziges; a seat that
    held one is believed to hold the figure; a Spiel bid, held or raised speaks for Perlaggen and high
    trumps. The partner's signals (seen by the seat only, docs/rules/perlaggen.md "Partner signals")
    are believed: a good Gleich / Hanger (dritzig or better), the Spiel (Perlaggen, high trumps), a
    Perlagg, nothing. Bluffs exist, so a sample that does not fit is only made less likely.
    """
    from .bot import spiel_strength
    from .rules import best_gleich, best_hanger

    seat = view.get("seat")
    trump = state.trump
    dealt = state.dealt
    cache: dict[tuple[int, str], Any] = {}

    def fig(s: int, kind: str) -> Any:
        key = (s, kind)
        if key not in cache:
            cache[key] = (best_gleich if kind == "gleich" else best_hanger)(dealt[s], trump)
        return cache[key]

    def spiel_ok(s: int) -> bool:
        return spiel_strength(list(dealt[s]), trump) >= 0.5

    w = 1.0
    pending: list[str] = []
    for s, a in view.get("history", []):
        word, _, arg = str(a).partition(":")
        if word == "ungesehen":
            pending += ["?"] * (3 if arg == "alle" else arg.count("+") + 1)  # unseen: nothing to infer (§32)
            continue
        if word in ("bieten", "steigern") and arg in ("gleich", "hanger", "spiel"):
            if word == "bieten":
                pending.append(arg)
            else:
                pending.insert(0, arg)
            if s == seat:
                continue
            if arg == "spiel":
                w *= 1.0 if spiel_ok(s) else WEAK_SPIEL
            else:
                f = fig(s, arg)
                w *= LACKING_BID if f is None else (1.0 if f.n >= 3 else TWOFOLD_BID)
            continue
        if word in ("halten", "gut", "steigern") and not arg and pending:
            name = pending[0]
            if word == "steigern":
                pass  # the raise stays first in the queue (§13)
            else:
                pending.pop(0)
            if s == seat or name == "?":
                continue
            if word in ("halten", "steigern"):
                if name == "spiel":
                    w *= 1.0 if spiel_ok(s) else WEAK_SPIEL
                elif fig(s, name) is None:
                    w *= LACKING_HOLD
    partner = (seat + 2) % 4 if isinstance(seat, int) else None
    for s, g in view.get("signals", []):
        if s != partner:
            continue
        if g in ("gleich", "hanger"):
            f = fig(s, g)
            ok = f is not None and f.n >= 3
        elif g == "spiel":
            ok = spiel_ok(s)
        elif g == "perlagg":
            ok = bool(state.pmask & sum(1 << c for c in dealt[s]))
        else:  # nichts
            ok = not (state.pmask & sum(1 << c for c in dealt[s]))
        if not ok:
            w *= SIGNAL_MISS
    return max(w, 1e-6)
