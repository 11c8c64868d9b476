"""Learned computer players: small networks trained by imitation and self-play on the batched games.

* :mod:`stammtisch.learn.player`: the shipped networks (``weights/<game>.npz``) as the bot kind
  ``learned``, plain NumPy: no training library is needed to play them.
* :mod:`stammtisch.learn.train`: the training pipeline (extra ``learn``), ``python -m stammtisch.learn GAME``.

docs/learning.md says how to train and evaluate them and what they measure.
"""
