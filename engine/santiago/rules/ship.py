"""The ship in the harbour: a new ship rolled, the die its roller sets aside (the ``dice``
step), the value marker moving up, and the ship sailing.

Rulebook 2011, A new ship: a ship leaves at once when its demand is met or the value marker
reaches the checkered flag; the next ship comes in at once (the marker back on the "2"), but its
demand is rolled by the player who sent the old one off *at the end of his turn*. Until then the
ship in the harbour has no dice (:func:`engine.santiago.rules.common.awaiting_dice`), and
:func:`engine.santiago.rules.turn.end_turn` rolls them.
"""

from __future__ import annotations

from engine.core import Action, Event, Rng
from engine.santiago import data as d
from engine.santiago.rules.common import open_demand, ship_empty
from engine.santiago.rules.end import finish
from engine.santiago.state import State, Then
from engine.typed import present, word


def roll_ship(state: State, roller: str, then: Then, events: list[Event]) -> None:
    """Roll the 5 dice for the ship in the harbour (each die its own faces); ``roller`` sets one
    aside, then ``then`` resumes."""
    rng = Rng(state["rng"])
    rolled = {}
    for good in d.DIE_GOODS:
        faces = d.DIE_FACES[good]
        rolled[good] = faces[rng.randrange(len(faces))]
    state["rolled"] = rolled
    state["rng"] = rng.state
    state["ship"]["dice"] = {}
    state["ship"]["aside"] = None
    state["step"] = "dice"
    state["turn"] = state["seats"].index(roller)
    state["pending"] = {"roller": roller, "then": then}
    events.append(Event("roll", roller, {"ship": state["ship"]["number"], "dice": dict(rolled)}, random=True))


def depart(state: State, roller: str, cause: str, events: list[Event]) -> bool:
    """The ship sails. After the 7th the game ends at once (returns True); otherwise the next
    ship comes in with the marker on the first flag and no dice, and ``roller`` (who caused the
    departure) rolls them at the end of his turn."""
    ship = state["ship"]
    events.append(
        Event(
            "departure",
            roller,
            {"ship": ship["number"], "cause": cause, "left": open_demand(state)},
        )
    )
    if ship["number"] >= d.SHIPS:
        finish(state, events)
        return True
    ship["number"] += 1
    ship["value"] = 0
    ship["downs"] = 0
    ship["dice"] = {}
    ship["aside"] = None
    state["roll_due"] = roller
    return False


def raise_value(state: State, roller: str, cause: str, events: list[Event]) -> bool:
    """Move the value marker one flag up; returns True when that ended the game (the 7th ship
    sailed). A ship sent off otherwise leaves its successor waiting for dice."""
    ship = state["ship"]
    ship["value"] += 1
    events.append(Event("value", roller, {"cause": cause, "value": d.VALUE_TRACK[ship["value"]]}))
    if ship["value"] >= d.CHEQUERED:
        return depart(state, roller, cause, events)
    return False


def apply_aside(state: State, seat: str, action: Action, events: list[Event]) -> Then | None:
    """The roller sets a die aside; returns what the roll interrupted, to resume. A ship loaded
    with four 0s has no demand: it sails at once and the roller, whose turn is over, rolls the
    next one straight away (or the game ends after the 7th)."""
    aside = word(action)
    rolled = present(state["rolled"], "rolled dice")
    ship = state["ship"]
    ship["dice"] = {g: v for g, v in rolled.items() if g != aside}
    ship["aside"] = aside
    state["rolled"] = None
    events.append(
        Event("ship_loaded", seat, {"ship": ship["number"], "dice": dict(ship["dice"]), "aside": aside})
    )
    then = state["pending"]["then"]
    if ship_empty(state):
        if not depart(state, seat, "empty", events):
            state["roll_due"] = None
            roll_ship(state, seat, then, events)
        return None
    return then


def legal_aside(state: State, seat: str) -> list[Action]:
    return [Action("aside", (g,)) for g in d.DIE_GOODS]
