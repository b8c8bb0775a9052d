"""Delivery rounds at the harbour (the ``deliver`` step): every seat in turn delivers goods or
wood to the ship, or passes, until all have passed or the ship is full."""

from __future__ import annotations

from engine.core import Action, Event
from engine.santiago import data as d
from engine.santiago.rules.common import (
    clockwise_from,
    open_demand,
    return_good,
    score,
    ship_empty,
    value_price,
)
from engine.santiago.rules.ship import depart, raise_value
from engine.santiago.rules.turn import end_turn
from engine.santiago.state import State
from engine.typed import number, present, word


def start_delivery(state: State, trigger: str, events: list[Event]) -> None:
    events.append(Event("harbour_stop", trigger, {}))
    state["step"] = "deliver"
    state["pending"] = {"trigger": trigger, "passed": [], "current": trigger}
    next_deliverer(state, events)


def next_deliverer(state: State, events: list[Event]) -> None:
    """From ``pending["current"]`` clockwise, the first seat still in the round delivers or
    passes. A seat with nothing it could deliver is asked too and can only pass: a pass made for
    it would tell the whole table that its screen hides nothing the ship wants, while the
    rulebook (2011, Port) has a player pass for either reason alike ("does not want to deliver or
    is not able to"). Everybody out: the round ends."""
    pending = state["pending"]
    order = clockwise_from(state, state["seats"].index(pending["current"]))
    for seat in order:
        if seat not in pending["passed"]:
            pending["current"] = seat
            return
    end_delivery(state, events)


def end_delivery(state: State, events: list[Event]) -> None:
    """Everybody passed: demand left raises the marker (maybe sending the ship off); the
    triggering player's turn ends (and he rolls the next ship's dice if it sailed)."""
    trigger = state["pending"]["trigger"]
    events.append(Event("delivery_end", trigger, {"left": open_demand(state)}))
    state["turn"] = state["seats"].index(trigger)
    if raise_value(state, trigger, "unfilled", events):
        return
    end_turn(state, events)


def delivery_options(state: State, seat: str) -> list[Action]:
    goods = state["players"][seat]["goods"]
    out: list[Action] = []
    for good, want in open_demand(state).items():
        for n in range(1, min(want, goods[good]) + 1):
            out.append(Action("deliver", (good, n)))
        for n in range(1, min(want, goods[d.WOOD]) + 1):
            out.append(Action("wood", (good, n)))
    return out


def apply_deliver(state: State, seat: str, action: Action, events: list[Event]) -> None:
    pending = state["pending"]
    good, n = word(action, 0), number(action, 1)
    if action.kind == "deliver":
        return_good(state, seat, good, n)
        vp = n * present(value_price(state), "ship value")
    else:
        return_good(state, seat, d.WOOD, n)
        vp = n * d.WOOD_DELIVERY_VP
    state["ship"]["dice"][good] -= n
    score(state["players"][seat], "deliveries", vp)
    events.append(
        Event(
            "deliver",
            seat,
            {"good": good, "n": n, "wood": action.kind == "wood", "vp": vp},
            reveals_hidden=True,
        )
    )
    if ship_empty(state):
        trigger = pending["trigger"]
        state["turn"] = state["seats"].index(trigger)
        if not depart(state, trigger, "full", events):
            end_turn(state, events)
        return
    seats = state["seats"]
    pending["current"] = seats[(seats.index(seat) + 1) % len(seats)]
    next_deliverer(state, events)


def apply_pass(state: State, seat: str, action: Action, events: list[Event]) -> None:
    pending = state["pending"]
    pending["passed"].append(seat)
    events.append(Event("pass", seat, {}))
    seats = state["seats"]
    pending["current"] = seats[(seats.index(seat) + 1) % len(seats)]
    next_deliverer(state, events)


def legal_deliver(state: State, seat: str) -> list[Action]:
    return [*delivery_options(state, seat), Action("pass")]
