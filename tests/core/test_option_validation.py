"""Rules options are validated against their meaning (ranges, choices, cross-field checks).

* every option of every game declares what it may be (a :class:`Spec`, or a bool/Literal type);
* every profile passes its own validation;
* a table of bad examples (the ones that used to create tables that crash at the end of every
  deal) is refused with an :class:`OptionError` naming the option and what is allowed;
* property: any options dict that validation accepts plays a whole random deal (Tarock,
  Doppelkopf) or Partie (Jass, Perlaggen) to its end without crashing.
"""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stammtisch.bots.random import RandomBot
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.errors import OptionError
from stammtisch.core.options import Spec, option_specs, resolve_options, validate_options

GAMES = ["tarock", "doppelkopf", "jass", "perlaggen"]


def _game(name):
    try:
        return registry.get(name)
    except OptionError:
        pytest.skip(f"{name} engine not installed")


@pytest.mark.parametrize("name", GAMES)
def test_every_option_declares_its_meaning(name):
    game = _game(name)
    base = game.profiles[game.default_profile]
    hints = typing.get_type_hints(type(base))
    specs = option_specs(type(base))
    for f in dataclasses.fields(base):
        hint = hints[f.name]
        if hint is bool or typing.get_origin(hint) is typing.Literal:
            continue  # the type says everything
        assert specs[f.name] != Spec(), f"{name}: option {f.name} has no declared constraints"


@pytest.mark.parametrize("name", GAMES)
def test_every_profile_is_valid(name):
    game = _game(name)
    for profile, opts in game.profiles.items():
        validate_options(opts)
        assert game.options(profile) is opts


BAD = [
    # the four options once accepted without a check
    ("tarock", {"premium_values": []}, "premium_values"),
    ("tarock", {"tariff": ["x:1"]}, "tariff"),
    ("tarock", {"players": 7}, "players"),
    ("doppelkopf", {"solos": []}, "solos"),
    # ranges, formats, names, duplicates, types
    ("tarock", {"tariff": ["rufer:1", "trischaken:x"]}, "'name:value'"),
    ("tarock", {"tariff": ["rufer:1", "trischaken:0"]}, "between 1 and 1000"),
    ("tarock", {"tariff": ["rufer:1", "rufer:2", "trischaken:1"]}, "once"),
    ("tarock", {"tariff": ["dreier:4", "trischaken:1"]}, "rufer"),
    ("tarock", {"tariff": ["rufer:1", "trischaken:1", 5]}, "tariff"),
    ("tarock", {"premium_values": ["pagat:2"]}, "koenig_ultimo"),
    ("tarock", {"premium_values": ["valat:2"]}, "premium_values"),
    ("tarock", {"players": 10**4000}, "players"),
    ("tarock", {"players": "4"}, "players"),
    ("tarock", {"players": True}, "players"),
    ("tarock", {"valat_silent": 0}, "valat_silent"),
    ("tarock", {"valat_silent": 9}, "valat_silent"),
    ("tarock", {"solo_premium_factor": -2}, "solo_premium_factor"),
    ("tarock", {"match_deals": 0}, "match_deals"),
    ("tarock", {"valat_mode": "both"}, "valat_mode"),
    ("tarock", {"nonsense": 1}, "nonsense"),
    ("doppelkopf", {"players": 3}, "players"),
    ("doppelkopf", {"solos": ["buben", "buben"]}, "once"),
    ("doppelkopf", {"solos": ["schwarz"]}, "solos"),
    ("doppelkopf", {"solos": "buben"}, "solos"),
    ("doppelkopf", {"games_per_round": -1}, "games_per_round"),
    ("jass", {"target": 0}, "target"),
    ("jass", {"target": 2**63}, "target"),
    ("jass", {"target": 1000.5}, "target"),
    ("jass", {"undenufe_eleven": "sieben"}, "undenufe_eleven"),
    ("perlaggen", {"target": 0}, "target"),
    ("perlaggen", {"target": 100}, "target"),
    ("perlaggen", {"unbid_points": 0}, "unbid_points"),
    ("perlaggen", {"offences": None}, "offences"),
]


@pytest.mark.parametrize("name,options,needle", BAD, ids=[f"{g}-{'-'.join(o)}" for g, o, _ in BAD])
def test_bad_options_are_refused_with_the_option_named(name, options, needle):
    game = _game(name)
    with pytest.raises(OptionError) as err:
        game.options(None, options)
    text = str(err.value)
    assert needle in text
    assert next(iter(options)) in text or needle in text
    assert len(text) < 600  # a message, not a dump


def test_message_says_what_is_allowed():
    with pytest.raises(OptionError, match=r"option 'players' must be 4 or 5 \(Tiroler Cup, Paragrafen\), not 7"):
        _game("tarock").options(None, {"players": 7})
    with pytest.raises(OptionError, match=r"option 'solos' needs at least one item"):
        _game("doppelkopf").options(None, {"solos": []})


def test_unknown_profile_and_non_mapping():
    with pytest.raises(OptionError, match="unknown rules profile"):
        resolve_options({"a": object()}, "b")
    with pytest.raises(OptionError, match="options are an object"):
        _game("jass").options(None, ["target", 1000])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# property: what validation accepts plays to the end
# ---------------------------------------------------------------------------------------------
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=6),
                 st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(),
                                                                           max_size=1))


def _value(spec: Spec, hint, default):
    """Values near the meaning of an option: mostly plausible, sometimes just outside, sometimes junk."""
    if hint is bool:
        plausible = st.booleans()
    elif typing.get_origin(hint) is typing.Literal:
        plausible = st.sampled_from(typing.get_args(hint))
    elif hint is int:
        lo = spec.min if spec.min is not None else -5
        hi = spec.max if spec.max is not None else 50
        nums = st.sampled_from(spec.choices) if spec.choices else st.integers(lo, min(hi, lo + 60))
        plausible = st.one_of(nums, nums, nums, nums, st.integers(lo - 2, lo + 2), st.integers(hi - 2, hi + 2))
    else:  # a list of names or name:value items
        names = list(spec.items or ())
        item = st.sampled_from(names) if names else st.text(max_size=5)
        if spec.pairs:
            item = st.builds(lambda n, v: f"{n}:{v}", item, st.integers(-2, 30))
        defaults = list(default)
        plausible = st.one_of(
            st.permutations(defaults).flatmap(lambda p: st.integers(0, len(p)).map(lambda k: p[:k] + p[k + 1:])),
            st.permutations(defaults).map(list), st.permutations(defaults).map(list),
            st.lists(item, max_size=len(names) + 2))
    # one value in ten is junk of any type (an integer draw shrinks towards 0: plausible)
    return st.integers(0, 9).flatmap(lambda k: JUNK if k == 9 else plausible)


@st.composite
def option_dicts(draw, game):
    profile = draw(st.sampled_from(sorted(game.profiles)))
    base = game.profiles[profile]
    hints = typing.get_type_hints(type(base))
    specs = option_specs(type(base))
    fields = [f.name for f in dataclasses.fields(base)]
    chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=3))
    return profile, {n: draw(_value(specs[n], hints[n], getattr(base, n))) for n in chosen}


def _plays(name: str, profile: str, overrides: dict, seed: int) -> None:
    game = _game(name)
    try:
        opts = game.options(profile, overrides)
    except OptionError as exc:
        assert "option" in str(exc) or "profile" in str(exc)
        return
    whole_partie = name in ("jass", "perlaggen")
    m = game.new_match(profile, overrides, seed=seed, max_deals=None if whole_partie else 1)
    play_out(m, [RandomBot()] * game.num_seats(opts), rng=random.Random(seed), max_steps=200_000)
    assert m.is_over()
    view = m.public_view()
    assert list(view["totals"]) == list(m.totals)


# Jass to 10000 is ~70 deals: the Partie property keeps the examples few for the long games
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_accepted_options_play_to_the_end(name, data, seed):
    game = _game(name)
    profile, overrides = data.draw(option_dicts(game))
    _plays(name, profile, overrides, seed)
