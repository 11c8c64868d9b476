"""Tensors and strings of the research adapters show only what a seat may know."""

from __future__ import annotations

import numpy as np

from stammtisch.rl.encoding import Encoding

from tests.bots.toygame import GAME as TOY, SearchToyGame


class SecretToy(SearchToyGame):
    """The toy with every card of seat 1 played face down (a private action)."""

    def action_is_public(self, options, seat, action):
        return seat != 1


def _views(enc, pieces):
    t = np.zeros(Encoding.size(pieces), np.float32)
    out, i = {}, 0
    for name, shape in pieces:
        n = int(np.prod(shape))
        out[name] = t[i:i + n].reshape(shape)
        i += n
    return t, out


def _state(game):
    from stammtisch.core.protocol import Deal, DealContext

    hands = [list(range(i * 9, i * 9 + 9)) for i in range(4)]
    return game.new_deal(game.options(), DealContext(0, 3, Deal(tuple(tuple(h) for h in hands)), (0, 0, 0, 0)))


def test_tensors_are_relative_to_the_observer_and_count_played_cards():
    enc = Encoding(TOY, TOY.options())
    st = _state(TOY)
    hist = []
    for seat, card in ((0, "E6"), (1, "S6"), (2, "L6")):
        st.apply(seat, card)
        hist.append((seat, card))
    _, v = _views(enc, enc.obs_pieces())
    enc.write(v, st, hist, 1, perfect_recall=False)
    assert v["hand"].sum() == 8  # seat 1 holds eight cards now
    assert v["played"][0, 9] == 1  # its own S6, relative seat 0
    assert v["played"][3, 0] == 1  # seat 0 is relative seat 3 for observer 1
    assert v["trick"].sum() == 3 and v["to_act"][2] == 1  # seat 3 to play = relative 2


def test_private_actions_of_others_stay_hidden():
    game = SecretToy()
    enc = Encoding(game, game.options())
    hist = [(0, "E6"), (1, "S6"), (2, "L6")]
    _, v0 = _views(enc, enc.info_pieces())
    enc.write(v0, None, hist, 0, perfect_recall=True)
    assert v0["played"].sum() == 2 and v0["history"].sum() == 4  # seat 1's card is not seen
    _, v1 = _views(enc, enc.info_pieces())
    enc.write(v1, None, hist, 1, perfect_recall=True)
    assert v1["played"].sum() == 3  # but seat 1 knows its own
    assert "1:S6" not in enc.string(None, hist, 0, True) and "1:S6" in enc.string(None, hist, 1, True)
