"""Mutation testing of the settlement modules (``run.py``; ``docs/mutation.md``)."""
