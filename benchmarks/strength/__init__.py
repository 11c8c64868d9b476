"""Playing strength: arena runs, bot factories (``py:benchmarks.strength.<module>:<factory>``) and rule-bot measurements."""
