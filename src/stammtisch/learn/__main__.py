"""``python -m stammtisch.learn GAME``: train a learned player (:mod:`stammtisch.learn.train`)."""

from .train import main

main()
