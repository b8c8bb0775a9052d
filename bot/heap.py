"""Giving freed memory back to the operating system.

A bot that runs for months opens and closes thousands of games. Their objects are freed when a
game closes (:meth:`bot.service.tables.Tables.on_close`), but glibc's allocator keeps the freed pages
in its arenas (one per thread that allocated: the event loop's, the store's, the executor's),
so the resident size creeps up even though nothing is held. ``malloc_trim(0)`` hands the free
pages of every arena back (``madvise``), which is what :func:`give_back` does; the hourly
storage sweep calls it (:meth:`bot.service.timers.Timers.sweep`). Elsewhere than glibc it does nothing.

``python3 bench/memory.py --only closed`` measures the resident size before and after
thousands of games played and closed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from collections.abc import Callable
from functools import cache

log = logging.getLogger(__name__)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (musl, macOS, Windows)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back() -> bool:
    """Hand the allocator's free pages back to the system; True when the C library could
    (glibc), False where this does nothing."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
