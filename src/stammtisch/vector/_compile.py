"""Compiling the kernels' and the games' own functions again, inlined into a batched step."""

from __future__ import annotations

import types
from typing import Any

from ..bots.kernels._nb import COMPILED, njit

__all__ = ["inline"]


def inline(f: Any, **calls: Any) -> Any:
    """``f`` (a kernel's compiled function or a game's plain card-play function) compiled again to
    be inlined into the caller (one source, no copy), the functions it calls replaced by inlined
    ones (``calls``, by their global names in ``f``'s module). An out-of-line call that passes
    arrays costs a reference count up and down per array, more than the rule itself in a step of
    one row. Without Numba: ``f`` itself."""
    if not COMPILED:
        return f
    fn = getattr(f, "py_func", f)
    if calls:
        fn = types.FunctionType(fn.__code__, {**fn.__globals__, **calls}, fn.__name__, fn.__defaults__,
                                fn.__closure__)
    return njit(inline="always", error_model="numpy")(fn)
