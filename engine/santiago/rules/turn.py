"""The end of a turn (rulebook 2011, B. Use a building with your playing piece, and A new ship):
the owner's point for the building the figure stands on, the new ship's dice rolled by the
player who sent the old one off this turn, then the next player's turn."""

from __future__ import annotations

from engine.core import Event
from engine.santiago import data as d
from engine.santiago.rules.common import active_seat, next_turn, score
from engine.santiago.rules.ship import roll_ship
from engine.santiago.state import State


def end_turn(state: State, events: list[Event]) -> None:
    """The active player's turn ends: the owner's point, then the roll the turn owes (the
    roller sets a die aside, then the next player's turn begins) or the next player's turn."""
    seat = active_seat(state)
    if state["old_owner_turn"]:
        state["old_owner_turn"] = False  # the old rule scored it on arrival (state.py, schema 3)
    else:
        pay_owner(state, seat, events)
    roller = state["roll_due"]
    if roller is not None:
        state["roll_due"] = None
        roll_ship(state, roller, {"kind": "next"}, events)
        return
    next_turn(state, events)


def pay_owner(state: State, seat: str, events: list[Event]) -> None:
    """At the end of ``seat``'s turn its figure stands on a building another player owns: that
    owner scores 1 VP — whether the figure was placed there this turn or stayed (El Zorro, every
    building of the colour occupied, a harbour stop, an inactive Cuban), and whether or not the
    building was used ("If, at the end of your turn, your playing piece is on a building that
    belongs to another player ... that player immediately gets 1 victory point"; none on your own
    building)."""
    building = state["players"][seat]["figure"]
    owner = state["owners"].get(building) if building is not None else None
    if owner is not None and owner != seat:
        score(state["players"][owner], "owners", d.OWNER_VISIT_VP)
        events.append(
            Event("owner_vp", owner, {"building": building, "visitor": seat, "vp": d.OWNER_VISIT_VP})
        )
