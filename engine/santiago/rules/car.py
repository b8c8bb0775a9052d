"""The car (the ``drive`` step): it moves clockwise, turns up the face-down Cubans it leaves,
raises the ship's value at each harbour pass (a pass that sends the ship off lets the car drive
on: the new ship's dice wait for the end of the turn), and stops at a Cuban or at the harbour."""

from __future__ import annotations

from engine.core import Action, Event
from engine.santiago import data as d
from engine.santiago.rules.common import active_seat, awaiting_dice
from engine.santiago.rules.cubans import visit_cuban
from engine.santiago.rules.delivery import start_delivery
from engine.santiago.rules.ship import raise_value
from engine.santiago.rules.turn import end_turn
from engine.santiago.state import State
from engine.typed import number, present


def move_car(state: State, steps: int, events: list[Event]) -> None:
    """Move the car ``steps`` spaces clockwise, turning up the face-down Cubans it leaves and
    raising the value marker for each harbour pass; then resolve the stop."""
    seat = active_seat(state)
    road = state["road"]
    while steps > 0:
        left = state["car"]
        cuban = road[left]
        if cuban is not None and cuban in state["face_down"]:
            state["face_down"].remove(cuban)
            events.append(Event("face_up", seat, {"cuban": cuban, "space": left}, random=True))
        state["car"] = (left + 1) % d.ROAD_LEN
        steps -= 1
        if state["car"] == d.HARBOUR and steps > 0:
            events.append(Event("harbour_pass", seat, {}))
            if raise_value(state, seat, "pass", events):
                return  # the 7th ship sailed: the game is over
    resolve_stop(state, events)


def resolve_stop(state: State, events: list[Event]) -> None:
    seat = active_seat(state)
    space = state["car"]
    if space == d.HARBOUR:
        if awaiting_dice(state):
            # OUR RULING: the ship that came in this turn has no demand before the turn's end
            # (its dice are rolled then), so a stop there starts no delivery round.
            events.append(Event("harbour_no_demand", seat, {}))
            end_turn(state, events)
            return
        start_delivery(state, seat, events)
        return
    cuban = present(state["road"][space], "Cuban")
    if cuban in state["face_down"]:
        events.append(Event("stop_face_down", seat, {"cuban": cuban, "space": space}))
        end_turn(state, events)
        return
    visit_cuban(state, seat, cuban, events)


def apply_drive(state: State, seat: str, action: Action, events: list[Event]) -> None:
    steps = number(action)
    cost = steps - 1
    state["players"][seat]["pesos"] -= cost
    events.append(Event("drive", seat, {"steps": steps, "pesos": cost, "from": state["car"]}))
    move_car(state, steps, events)


def legal_drive(state: State, seat: str) -> list[Action]:
    return [Action("drive", (n,)) for n in range(1, state["players"][seat]["pesos"] + 2)]
