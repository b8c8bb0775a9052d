"""Helpers for the Santiago de Cuba rule tests: set-up games, arrange the board, act by text."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.santiago import RULES
from engine.santiago import data as d
from tests.game_helpers import movers


def started(players: int = 3, seed: int = 1, aside: str = "cigar", **options: Any) -> dict:
    """A game whose first ship is loaded (``aside`` set aside), p0 start player and to drive.

    The dice are forced to sugar 1, citrus 2, tobacco 3, rum 1, cigar 2 so tests know the demand.
    """
    seats = [f"p{i}" for i in range(players)]
    state = RULES.new(seats, seed, **options)
    state["start"] = 0
    state["turn"] = players - 1
    state["pending"]["roller"] = seats[-1]
    state["rolled"] = {"sugar": 1, "citrus": 2, "tobacco": 3, "rum": 1, "cigar": 2}
    state, _ = act(state, seats[-1], f"aside {aside}")
    assert state["step"] == "drive" and RULES.to_act(state) == ["p0"]
    return state


#: Parse a text for a seat and apply it; several (seat, text) in turn.
act, acts = movers(RULES)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def put_cuban(state: dict, space: int, cuban: str) -> None:
    """Swap ``cuban`` onto road ``space`` (1..9)."""
    road = state["road"]
    other = road.index(cuban)
    road[other], road[space] = road[space], road[other]


def set_districts(state: dict, districts: dict[str, list[str]]) -> None:
    """Arrange the buildings (the districts given must hold all 12)."""
    assert sorted(b for bs in districts.values() for b in bs) == sorted(d.BUILDINGS)
    state["districts"] = {c: list(districts[c]) for c in d.COLOURS}


STANDARD_DISTRICTS = {
    "yellow": ["bank", "church", "distillery"],
    "blue": ["factory", "market", "sawmill"],
    "red": ["cafe", "casino", "customs"],
    "white": ["harbourmaster", "office", "newspaper"],
}


def give(state: dict, seat: str, **goods: int) -> None:
    """Move goods from the supply to a seat (keeps conservation)."""
    for good, n in goods.items():
        assert state["supply"][good] >= n
        state["supply"][good] -= n
        state["players"][seat]["goods"][good] += n


def clear_goods(state: dict, seat: str) -> None:
    """Return everything a seat holds to the supply."""
    for good, n in state["players"][seat]["goods"].items():
        state["supply"][good] += n
        state["players"][seat]["goods"][good] = 0


def set_money(state: dict, seat: str, pesos: int | None = None, vp: int | None = None) -> None:
    if pesos is not None:
        state["players"][seat]["pesos"] = pesos
    if vp is not None:
        state["players"][seat]["vp"] = vp


def check_conservation(state: dict) -> None:
    """Every good is in the supply or behind a screen: 8 of each type in all."""
    for good in d.GOODS:
        held = sum(p["goods"][good] for p in state["players"].values())
        assert held + state["supply"][good] == d.GOODS_SUPPLY, good
        assert state["supply"][good] >= 0
    for p in state["players"].values():
        assert p["pesos"] >= 0 and p["vp"] >= 0 and min(p["goods"].values()) >= 0
        assert 0 <= p["markers"] <= d.PROPERTY_MARKERS
    markers = sum(d.PROPERTY_MARKERS - p["markers"] for p in state["players"].values())
    assert markers == len(state["owners"])
    figures = [p["figure"] for p in state["players"].values() if p["figure"] is not None]
    assert len(figures) == len(set(figures)), "two figures on one building"
