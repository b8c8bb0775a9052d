"""The ship in the harbour: a new ship rolled, the die its roller sets aside (the ``dice``
step), the value marker moving up, and the ship sailing."""

from __future__ import annotations

from engine.core import Action, Event, Rng
from engine.santiago import data as d
from engine.santiago.rules.common import open_demand, ship_empty
from engine.santiago.rules.end import finish
from engine.santiago.state import State, Then
from engine.typed import present, word


def roll_ship(state: State, roller: str, then: Then, events: list[Event]) -> None:
    """Roll the 5 dice for a new ship; ``roller`` sets one aside, then ``then`` resumes."""
    rng = Rng(state["rng"])
    faces = d.DIE_FACES
    rolled = {g: faces[rng.randrange(len(faces))] for g in d.DIE_GOODS}
    state["rolled"] = rolled
    state["rng"] = rng.state
    state["ship"]["dice"] = {}
    state["ship"]["aside"] = None
    state["step"] = "dice"
    state["turn"] = state["seats"].index(roller)
    state["pending"] = {"roller": roller, "then": then}
    events.append(Event("roll", roller, {"ship": state["ship"]["number"], "dice": dict(rolled)}, random=True))


def depart(state: State, roller: str, cause: str, then: Then, events: list[Event]) -> None:
    """The ship sails; ``roller`` (who caused it) rolls the next one, or the game ends."""
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
        return
    ship["number"] += 1
    ship["value"] = 0
    ship["downs"] = 0
    roll_ship(state, roller, then, events)


def raise_value(state: State, roller: str, cause: str, then: Then, events: list[Event]) -> bool:
    """Move the value marker one flag up; returns True when that sent the ship off."""
    ship = state["ship"]
    ship["value"] += 1
    events.append(Event("value", roller, {"cause": cause, "value": d.VALUE_TRACK[ship["value"]]}))
    if ship["value"] >= d.CHEQUERED:
        depart(state, roller, cause, then, events)
        return True
    return False


def apply_aside(state: State, seat: str, action: Action, events: list[Event]) -> Then | None:
    """The roller sets a die aside; returns what the roll interrupted, to resume, unless the
    ship sailed at once."""
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
        # Seed l.64: when all the dice are at 0 the ship sails — also a ship loaded with four 0s.
        # Whoever set the die aside caused it and rolls the next ship (l.93).
        depart(state, seat, "empty", then, events)
        return None
    return then


def legal_aside(state: State, seat: str) -> list[Action]:
    return [Action("aside", (g,)) for g in d.DIE_GOODS]
