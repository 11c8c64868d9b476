"""Speed, playing strength and load of stammtisch, measured on demand (see ``benchmarks/README.md``).

A package so that the scripts share :mod:`benchmarks._common` and arena runs can name bot
factories as ``py:benchmarks.strength.<module>:<factory>``; never imported by ``stammtisch``.
"""
