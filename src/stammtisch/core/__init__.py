"""The shared core: nothing here imports any game or surface.

- :mod:`.cards` -- decks of the four games, compact integer cards, text notation
- :mod:`.bits` -- bit-set helpers for hands and tricks
- :mod:`.errors` -- errors that name the rule that was broken
- :mod:`.rng` -- secure or seeded shuffling
- :mod:`.options` -- rules profiles and named options
- :mod:`.protocol` -- the game protocol (deal states, games, matches, results)
- :mod:`.driver` -- playing a state to the end with bots
- :mod:`.records` -- the JSON game record, reading, writing and replay
- :mod:`.sheet` -- score-sheet rows that must balance
- :mod:`.registry` -- game name to game package
"""
