"""Sampling a full deal consistent with one seat's view (for determinizing search bots).

The hidden cards are dealt at random among the places they can be: the other players' hands
(respecting the voids their plays showed and that the declarer cannot hold the called king) and
the unseen talon. The sampled original deal is then replayed through the rules with the seat's
public history (hidden discards are chosen among legal ones), so the returned state is consistent
with every public fact; a sample that the rules refuse is drawn again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.core.sampling import assign_cards

from .cards import BIRDS, KINGS, MOND, PAGAT, SKUES, TAROCK, legal_plays, play_rules, suit_of

from .options import CONTRACTS, TarockOptions
from .state import TarockDeal

BIRD_CARDS = tuple(BIRDS[b][0] for b in BIRDS)

__all__ = ["sample_state"]

_WORDS = {"vorhand", "pass", "hold", "gut", "schleifen", "weitergeben"}


def _is_card(action: str) -> bool:
    return ":" not in action and action not in _WORDS


def sample_state(opts: TarockOptions, view: Mapping[str, Any], rng: Any, tries: int = 300) -> TarockDeal:
    """A :class:`TarockDeal` consistent with ``view`` (a seat's deal view).

    :raises IllegalAction: when no consistent deal is found (a malformed view)
    """
    me = view["seat"]
    n = opts.players
    players = list(view["players"])
    dealer = view["dealer"]
    history = [(int(s), str(a)) for s, a in view["history"]]
    declarer = view.get("declarer")
    contract = CONTRACTS.get(view["contract"]) if view.get("contract") else None
    my_dealt = {TAROCK.parse(c) for c in view["hand_dealt"]}
    played: dict[int, set[int]] = {p: set() for p in range(n)}
    open_discards: set[int] = set()
    for s, a in history:
        if _is_card(a):
            played[s].add(TAROCK.parse(a))
        elif a.startswith("discard:") and a != "discard:?":
            open_discards.add(TAROCK.parse(a[8:]))
    talon: list[int] | None = None
    if view.get("talon"):
        talon = [TAROCK.parse(c) for h in view["talon"] for c in h]
    elif view.get("talon_seen"):
        talon = [TAROCK.parse(c) for c in view["talon_seen"]]
    six_hidden = contract is not None and contract.talon == "six" and talon is None
    # voids shown in play
    voids: dict[int, set[int]] = {p: set() for p in range(n)}
    for tr in view.get("tricks", []):
        cards = [TAROCK.parse(c) for c in tr["cards"]]
        led = suit_of(cards[0])
        for s, c in zip(tr["seats"][1:], cards[1:]):
            if suit_of(c) != led:
                voids[s].add(led)
                if led != 4 and suit_of(c) != 4:
                    voids[s].add(4)
    for s, c in [(s, TAROCK.parse(c)) for s, c in view.get("trick", [])]:
        first = view["trick"][0][1]
        led = suit_of(TAROCK.parse(first))
        if suit_of(c) != led:
            voids[s].add(led)
            if led != 4 and suit_of(c) != 4:
                voids[s].add(4)
    # colour games: tarock is led only without any suit card (Österreich-Finale 7)); negative games and
    # Trischaken: the Pagat only as the last tarock (Österreich-Finale 5), 6)) — voids for good, as cards
    # never come back to a hand
    strict = contract is not None and contract.kind != "positive"
    plays = [list(zip(tr["seats"], tr["cards"])) for tr in view.get("tricks", [])]
    if view.get("trick"):
        plays.append([(s, c) for s, c in view["trick"]])
    for tr_plays in plays:
        for i, (s, text) in enumerate(tr_plays):
            c = TAROCK.parse(text)
            if i == 0 and c >= 32 and contract is not None and contract.colour:
                voids[s].update((0, 1, 2, 3))
            if c == PAGAT and strict:
                voids[s].add(4)
    excluded = _excluded(opts, contract, plays, me) if strict else {}
    called_hidden: int | None = None
    if view.get("called") not in (None, "fourth") and view.get("partner") is None:
        k = TAROCK.parse(view["called"])
        if k not in my_dealt:
            called_hidden = k
    # locations: other players' original hands, the unseen talon, the declarer's hidden discards
    others = [p for p in players if p != me]
    fixed: dict[Any, set[int]] = {}
    cap: dict[Any, int] = {}
    talon_set = set(talon or ())
    hidden_count = sum(1 for s, a in history if a == "discard:?")
    colour = bool(contract and contract.colour)
    t_prime: list[int] = []  # talon cards the declarer took and has neither played nor shown
    if hidden_count and declarer is not None and view.get("talon") and view.get("taken_half") is not None:
        for c in (TAROCK.parse(x) for x in view["talon"][view["taken_half"]]):
            if c not in played[declarer] and c not in open_discards:
                t_prime.append(c)
    # an open discard of the kind that is discarded only when forced (tarock; in colour games suit cards)
    # shows that the declarer kept no card of the other kind that could have been discarded
    forbidden: set[int] = set()
    if declarer is not None and any(a.startswith("discard:") and a != "discard:?" and TAROCK.parse(a[8:]) >= 32
                                    and not colour for _, a in history):
        forbidden = {c for c in range(32) if c not in KINGS}
    if declarer is not None and colour and any(a.startswith("discard:") and a != "discard:?"
                                               and TAROCK.parse(a[8:]) < 32 for _, a in history):
        forbidden = {c for c in range(32, 54) if c not in (PAGAT, MOND, SKUES)}
    forced = [c for c in t_prime if suit_of(c) in voids.get(declarer, ()) or c in forbidden]  # type: ignore[arg-type]
    candidates = [c for c in t_prime if c not in KINGS and c not in (PAGAT, MOND, SKUES) and (c >= 32) == colour]
    hand_size = view["hand_sizes"][declarer] if declarer is not None else 0
    for p in others:
        known = set(played[p])
        if p == declarer:
            known |= open_discards
            known -= talon_set
        fixed[p] = known
        cap[p] = (18 if (six_hidden and p == declarer) else 12) - len(known)
    if talon is None and not six_hidden:
        fixed["talon"] = set()
        cap["talon"] = 6
    known_all = set(my_dealt) | talon_set | set().union(*fixed.values())
    unknown = [c for c in range(54) if c not in known_all]
    if sum(cap.values()) != len(unknown) or any(v < 0 for v in cap.values()):
        raise IllegalAction("the view is inconsistent: the hidden cards do not fit the places left")
    lo = max(len(forced), len(t_prime) - hand_size)
    hi = min(hidden_count, len(candidates))
    split_discards = bool(hidden_count and declarer in others)
    if split_discards and (lo > hi or any(c not in candidates for c in forced)):
        raise IllegalAction("the view is inconsistent: the declarer's discards do not fit")
    base_cap = dict(cap)
    last_error: Exception | None = None
    for attempt in range(tries):
        relax = attempt >= tries - 5
        cap = dict(base_cap)
        from_talon: list[int] = []
        if split_discards:
            j = lo + rng.randrange(hi - lo + 1)
            rest = [c for c in candidates if c not in forced]
            rng.shuffle(rest)
            from_talon = forced + rest[:j - len(forced)]
            cap["discard"] = hidden_count - j
            cap[declarer] -= hidden_count - j
            if cap[declarer] < 0:
                continue
        pins = _pins(history, fixed, unknown, declarer, me, rng)
        assign = _assign(unknown, cap, voids, declarer, called_hidden, rng, relax, pins, colour, forbidden,
                         excluded)
        if assign is None:
            continue
        hands: list[tuple[int, ...]] = [()] * n
        hands[me] = tuple(sorted(my_dealt))
        pile: list[int] = list(talon) if talon is not None else list(assign.get("talon", []))
        for p in others:
            cards = sorted(fixed[p] | set(assign.get(p, [])) | (set(assign.get("discard", []))
                                                                  if p == declarer else set()))
            if six_hidden and p == declarer:
                free = [c for c in cards if c not in played[p] and c not in open_discards]
                rng.shuffle(free)
                # the six talon cards: any six of the pool not needed in the hand (Sechserdreier: unseen)
                pool_talon = free[:6] if len(free) >= 6 else free + [c for c in cards if c not in free][:6 - len(free)]
                pile = pool_talon
                cards = [c for c in cards if c not in pool_talon]
            hands[p] = tuple(cards)
        if len(pile) != 6:
            continue
        hidden = from_talon + list(assign.get("discard", []))
        ctx = DealContext(0, dealer, Deal(tuple(hands), {"talon": tuple(pile)}), tuple([0] * n))
        try:
            return _replay(opts, ctx, history, played, voids, hidden, rng)
        except IllegalAction as e:
            last_error = e
            continue
    raise IllegalAction(f"no deal consistent with the view was found ({last_error})")


def _pins(history: list[tuple[int, str]], fixed: Mapping[Any, set[int]], unknown: list[int],
          declarer: int | None, me: int, rng: Any) -> dict[int, Any]:
    """Cards a bid or call proves a seat was dealt: a bird for a Besserrufer bid (Österreich-Finale 4)),
    three kings for "the fourth king"."""
    pins: dict[int, Any] = {}
    free = [c for c in unknown]
    for s, a in history:
        if s == me:
            continue
        if a == "bid:besserrufer":
            if any(c in fixed.get(s, ()) or pins.get(c) == s for c in BIRD_CARDS):
                continue
            named = [BIRDS[b[5:]][0] for s2, b in history if s2 == s and b.startswith("bird:")]
            cand = [c for c in named if c in free] or [c for c in BIRD_CARDS if c in free]
            if cand:
                c = cand[0] if named and cand[0] in named else cand[rng.randrange(len(cand))]
                pins[c] = s
                free.remove(c)
        elif a == "weitergeben":  # the Vorhand passed on with all four kings (option)
            for k in KINGS:
                if k in free:
                    pins[k] = s
                    free.remove(k)
        elif a == "call:fourth" and s == declarer:
            have = sum(1 for k in KINGS if k in fixed.get(s, ()))
            cand = [k for k in KINGS if k in free]
            rng.shuffle(cand)
            for k in cand[:max(0, 3 - have)]:
                pins[k] = s
                free.remove(k)
    return pins


def _assign(unknown: list[int], cap: Mapping[Any, int], voids: Mapping[int, set[int]], declarer: int | None,
            called: int | None, rng: Any, relax: bool, pins: Mapping[int, Any],
            colour: bool = False, forbidden: set[int] | frozenset[int] = frozenset(),
            excluded: Mapping[int, int] | None = None) -> dict[Any, list[int]] | None:
    """Random assignment of the unknown cards to places with room, respecting voids, cards a seat's
    play showed it did not hold (``excluded``, bit sets), the called king and what may be discarded
    (:func:`~stammtisch.core.sampling.assign_cards`)."""
    excluded = excluded or {}

    def fits(c: int, loc: Any) -> bool:
        if isinstance(loc, int) and not relax and (suit_of(c) in voids.get(loc, ()) or excluded.get(loc, 0) >> c & 1):
            return False
        if loc == "discard" and (c in KINGS or c in (PAGAT, MOND, SKUES) or (c >= 32) != colour):
            return False
        if loc == declarer and c in forbidden:
            return False
        return not (c == called and loc == declarer)

    return assign_cards(unknown, cap, fits, rng, pins)


_EXCLUDED_CACHE: dict[Any, dict[int, int]] = {}


def _excluded(opts: TarockOptions, contract: Any, plays: list[list[tuple[int, str]]], me: int) -> dict[int, int]:
    """Cards each other seat cannot have held, shown by its plays under Stichzwang and
    Pagat-last (Österreich-Finale 5), 6)): a seat that played ``c`` to a trick held no card
    ``x`` that would have made ``c`` illegal, i.e. with which ``legal_plays({c, x})`` refuses
    ``c`` (a card that would have taken the trick when ``c`` does not). The rules only ever
    narrow the playable cards to a class the hand holds (follow suit, tarock, winning cards,
    Pagat last), so the test on two cards is exact for every larger hand. Cards already
    played by the seat are not excluded (they were held); the caller assigns only unseen cards.
    """
    key = (me, repr(contract), repr(play_rules(opts, contract)),
           tuple((s, c) for tr in plays for s, c in tr))
    hit = _EXCLUDED_CACHE.get(key)
    if hit is not None:
        return hit
    rules = play_rules(opts, contract)
    out: dict[int, int] = {}
    for tr in plays:
        before: list[int] = []
        for s, text in tr:
            c = TAROCK.parse(text)
            if s != me:
                mask = 0
                for x in range(54):
                    if x != c and not legal_plays((1 << c) | (1 << x), before, **rules) >> c & 1:
                        mask |= 1 << x
                out[s] = out.get(s, 0) | mask
            before.append(c)
    if len(_EXCLUDED_CACHE) > 64:
        _EXCLUDED_CACHE.clear()
    _EXCLUDED_CACHE[key] = out
    return out


def _replay(opts: TarockOptions, ctx: DealContext, history: list[tuple[int, str]],
            played: Mapping[int, set[int]], voids: Mapping[int, set[int]], hidden: list[int],
            rng: Any) -> TarockDeal:
    state = TarockDeal(opts, ctx)
    hidden = list(hidden)
    for s, a in history:
        if a == "discard:?":
            colour = state.contract is not None and state.contract.colour
            legal = [TAROCK.parse(x[8:]) for x in state.legal_actions(s)]
            legal = [c for c in legal if (c >= 32) == colour]  # only cards that are discarded face down
            options = [c for c in hidden if c in legal]
            if not options:
                # Sechserdreier seen by an opponent: any face-down card not played later, void suits first
                rest = [c for c in legal if c not in played[s]]
                options = [c for c in rest if suit_of(c) in voids.get(s, ())] or rest
            if not options:
                raise IllegalAction("no hidden discard fits")
            c = options[rng.randrange(len(options))]
            if c in hidden:
                hidden.remove(c)
            a = f"discard:{TAROCK.format(c)}"
        state.apply(s, a)
    return state

