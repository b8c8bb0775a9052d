"""Which part of the turn decides each step: the legal actions of every step, the apply
function of every action, and the continuation a departure interrupted."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Event
from engine.santiago.rules.buildings import (
    apply_go,
    apply_skip,
    apply_use,
    building_step,
    legal_go,
    legal_use,
)
from engine.santiago.rules.car import apply_drive, legal_drive, move_car
from engine.santiago.rules.common import begin_turn, next_turn, to_act
from engine.santiago.rules.cubans import (
    apply_alonso,
    apply_give,
    apply_take,
    legal_alonso,
    legal_pablo,
    legal_zorro,
)
from engine.santiago.rules.delivery import apply_deliver, apply_pass, legal_deliver
from engine.santiago.rules.ship import apply_aside, legal_aside
from engine.santiago.rules.turn import end_turn
from engine.santiago.state import State, Then


def resume(state: State, then: Then, events: list[Event]) -> None:
    """Carry on once a decision is made (see :class:`~engine.santiago.state.Then`)."""
    kind = then["kind"]
    if kind == "start":
        state["turn"] = state["start"]
        begin_turn(state, events)
    elif kind == "next":
        next_turn(state, events)
    elif kind == "drive":  # only in a game saved before schema 3 (a ship rolled mid-drive)
        move_car(state, then["steps"], events)
    elif kind == "go":
        building_step(state, then["colour"], events)
    else:  # "end"
        end_turn(state, events)


LEGAL: dict[str, Callable[[State, str], list[Action]]] = {
    "dice": legal_aside,
    "drive": legal_drive,
    "pablo": legal_pablo,
    "zorro": legal_zorro,
    "alonso": legal_alonso,
    "go": legal_go,
    "use": legal_use,
    "deliver": legal_deliver,
}


#: Apply a legal action (on the state, in place), adding the events; an action that ends what a
#: departure interrupted (a ship's die set aside, a building used or skipped) returns what to
#: resume.
APPLY: dict[str, Callable[[State, str, Action, list[Event]], Then | None]] = {
    "aside": apply_aside,
    "drive": apply_drive,
    "take": apply_take,
    "give": apply_give,
    "claim": apply_alonso,
    "run": apply_alonso,
    "go": apply_go,
    "use": apply_use,
    "skip": apply_skip,
    "deliver": apply_deliver,
    "wood": apply_deliver,
    "pass": apply_pass,
}


def legal_actions(state: State, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    legal = LEGAL[state["step"]](state, seat)
    if state["step"] == "alonso":
        legal.append(Action("skip"))  # Alonso's function is optional, like every Cuban's
    return legal


def apply_action(state: State, seat: str, action: Action, events: list[Event]) -> None:
    """Apply a legal action to ``state`` (a copy the caller owns)."""
    then = APPLY[action.kind](state, seat, action, events)
    if then is not None:
        resume(state, then, events)
