"""What the rule tests of every game share: playing by typed text, and the provenance page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import Event, Rules

SOURCES = Path(__file__).resolve().parents[1] / "docs" / "sources.md"

Act = Callable[[Any, str, str], tuple[Any, list[Event]]]
Acts = Callable[[Any, list[tuple[str, str]]], tuple[Any, list[Event]]]


def movers(rules: Rules) -> tuple[Act, Acts]:
    """``act(state, seat, text)``: parse ``text`` for ``seat`` and apply it; ``acts(state,
    moves)``: several ``(seat, text)`` in turn, with all their events."""

    def act(state: Any, seat: str, text: str) -> tuple[Any, list[Event]]:
        return rules.apply(state, seat, rules.parse(state, seat, text))

    def acts(state: Any, moves: list[tuple[str, str]]) -> tuple[Any, list[Event]]:
        events: list[Event] = []
        for seat, text in moves:
            state, evs = act(state, seat, text)
            events += evs
        return state, events

    return act, acts


def section(title: str) -> str:
    """The text of ``## title`` in docs/sources.md, up to the next section."""
    text = SOURCES.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]
