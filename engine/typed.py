"""Typed reading of loosely typed values, shared by the games: an action's arguments and the
state entries that are empty only in some steps.

:class:`engine.core.Action` keeps its arguments as ``int | str`` (the canonical text reads
digits as numbers, everything else as words). A game builds each legal action with a known
shape (``worker <row> <col>``, ``buy <piece>``), and reads it back only after checking that it
is legal, so every reader here names the type the argument has in that shape; a mismatch is a
bug in the caller, reported as a ``TypeError`` rather than passed on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.core import Action, Arg

T = TypeVar("T")

#: An action, or the arguments of one (from some position on).
Arguments = Action | Sequence[Arg]


def _args(source: Arguments) -> Sequence[Arg]:
    return source.args if isinstance(source, Action) else source


def word(action: Arguments, index: int = 0) -> str:
    """Argument ``index`` of ``action``, built as a word (a piece, a card, a building…)."""
    value = _args(action)[index]
    if not isinstance(value, str):
        raise TypeError(f"argument {index} of {action} is not a word")
    return value


def number(action: Arguments, index: int = 0) -> int:
    """Argument ``index`` of ``action``, built as a number (a row, an amount, a berth…)."""
    value = _args(action)[index]
    if not isinstance(value, int):
        raise TypeError(f"argument {index} of {action} is not a number")
    return value


def words(action: Arguments, start: int = 0) -> list[str]:
    """The arguments of ``action`` from ``start`` on, all built as words."""
    return [word(action, i) for i in range(start, len(_args(action)))]


def present(value: T | None, what: str = "value") -> T:
    """``value``, which the caller knows is set in this step (the ship on a berth the rules
    just checked, the statute in force of a group being paid); ``None`` is a bug."""
    if value is None:
        raise AssertionError(f"no {what} where the rules expect one")
    return value
