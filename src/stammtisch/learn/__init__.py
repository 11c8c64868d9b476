"""Learned computer players: small networks trained on the engine and the batched games.

* :mod:`stammtisch.learn.player`: the shipped networks (``weights/<game>.npz``) as the bot kind
  ``learned``, plain NumPy: no training library is needed to play them.
* :mod:`stammtisch.learn.values`: the shipped value networks' training (extra ``learn``): values of
  real deals from the search kernel, learned from the seat's view, played over the rule player;
  ``python -m stammtisch.learn.values GAME``.
* :mod:`stammtisch.learn.train`: the policy networks' pipeline (imitation, then policy gradient),
  ``python -m stammtisch.learn GAME``.

docs/learning.md says how to train and evaluate them and what they measure.
"""
