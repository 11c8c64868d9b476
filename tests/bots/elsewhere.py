"""A kernel's playout computed in a fresh interpreter, for determinism tests that must be able to fail.

``f(x) == f(x)`` in one process cannot fail for a pure function that keeps a hidden state between the
two calls or depends on the process (hash seed, import order, a compiled kernel's first-call setup):
these tests compare with the same playout computed in another process, with another hash seed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

_CODE = """
import json, sys
import numpy as np
{setup}
pos = np.array(json.loads(sys.argv[1]), dtype=np.int64)
print(json.dumps([int(x) for x in k.playout(pos, int(sys.argv[2]))]))
"""


def playout_elsewhere(setup: str, pos: Any, seed: int) -> list[int]:
    """``k.playout(pos, seed)`` in a new interpreter; ``setup`` is the code that builds ``k``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p), PYTHONHASHSEED="4711")
    got = subprocess.run([sys.executable, "-c", _CODE.format(setup=setup), json.dumps([int(x) for x in pos]),
                          str(seed)], capture_output=True, text=True, env=env, timeout=300)
    assert got.returncode == 0, got.stderr[-2000:]
    return [int(x) for x in json.loads(got.stdout.strip().splitlines()[-1])]


_CALL = """
import importlib, json, sys
module, _, name = sys.argv[1].partition(":")
print(json.dumps(getattr(importlib.import_module(module), name)()))
"""


def call_elsewhere(target: str) -> Any:
    """``module:function()`` called in a new interpreter (another hash seed), its JSON answer read back:
    the function rebuilds its case from fixed seeds, so the two processes share nothing but the code."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, *(p for p in sys.path if p)]), PYTHONHASHSEED="4711")
    got = subprocess.run([sys.executable, "-c", _CALL, target], capture_output=True, text=True, env=env, timeout=300,
                         cwd=root)
    assert got.returncode == 0, got.stderr[-2000:]
    return json.loads(got.stdout.strip().splitlines()[-1])
