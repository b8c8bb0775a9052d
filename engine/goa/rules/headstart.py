"""The 'Rule Variant' of the 1st-edition rulebook, the ``head_start`` table option: after the
preparation, each player in turn from the start player either moves two of his success markers
to the second row or takes 10 ducats from the bank. Then the first round begins."""

from __future__ import annotations

from itertools import combinations

from engine.core import Action, Event
from engine.goa import data
from engine.goa.rules.common import COL
from engine.goa.state import State
from engine.typed import word

#: ``head ships taxes`` for each pair of columns, and ``head ducats``.
CHOICES: tuple[Action, ...] = tuple(
    Action("head", pair) for pair in combinations(data.COLUMNS, data.HEAD_START_MARKERS)
) + (Action("head", ("ducats",)),)


def legal(s: State) -> list[Action]:
    return list(CHOICES)


def play(s: State, i: int, action: Action, events: list[Event]) -> None:
    p = s.players[i]
    seat = s.seats[i]
    if word(action, 0) == "ducats":
        p.ducats += data.HEAD_START_DUCATS
        events.append(Event("head_start_ducats", seat, {"ducats": data.HEAD_START_DUCATS}))
    else:
        columns = [str(a) for a in action.args]
        for column in columns:
            p.progress[COL[column]] = data.HEAD_START_ROW
        events.append(Event("head_start_markers", seat, {"columns": columns, "row": data.HEAD_START_ROW + 1}))
    s.turn += 1
    if s.turn >= len(s.seats):
        s.turn = 0
        s.phase = "flag"
