"""Helpers for the Cuba rule tests: set-up games, act by canonical text, count pieces."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.cuba import RULES
from engine.cuba.data import PIECES, SHIPS, SUPPLY_TOTAL
from tests.game_helpers import movers

STARTING_PICKS = ("wood", "stone", "citrus", "sugar")


def started(players: int = 3, seed: int = 1, **options: Any) -> dict:
    """A game past the starting choices (every seat takes wood, stone, citrus, sugar), with p0
    as start player and to act."""
    seats = [f"p{i}" for i in range(players)]
    state = RULES.new(seats, seed, **options)
    while state["step"] == "choose_start":
        seat = RULES.to_act(state)[0]
        for piece in STARTING_PICKS:
            state, _ = RULES.apply(state, seat, RULES.parse(state, seat, f"pick {piece}"))
    state["start"] = 0
    state["turn"] = 0
    return state


#: Parse a text for a seat and apply it; several (seat, text) in turn.
act, acts = movers(RULES)


def give(state: dict, seat: str, **pieces: int) -> None:
    """Move pieces from the supply into a seat's farmyard (keeps conservation)."""
    for piece, n in pieces.items():
        assert state["supply"][piece] >= n
        state["supply"][piece] -= n
        state["players"][seat]["farm"][piece] += n


def clear_farm(state: dict, seat: str) -> None:
    """Return everything a seat holds to the supply."""
    player = state["players"][seat]
    for piece in PIECES:
        state["supply"][piece] += player["farm"][piece]
        player["farm"][piece] = 0
    for piece in player["store"]:
        state["supply"][piece] += player["store"][piece]
        player["store"][piece] = 0


def piece_totals(state: dict) -> dict[str, int]:
    """Every piece counted wherever it is: supply, market, players, ships."""
    totals = dict(state["supply"])
    for piece, n in state["market"].items():
        totals[piece] += n
    for player in state["players"].values():
        for piece, n in player["farm"].items():
            totals[piece] += n
        for piece, n in player["store"].items():
            totals[piece] += n
    for ship in [*state["berths"], state["sea"]]:
        if ship is None:
            continue
        for piece, filled in zip(SHIPS[ship["id"]], ship["filled"], strict=True):
            if filled:
                totals[piece] += 1
    return totals


def check_conservation(state: dict) -> None:
    assert piece_totals(state) == SUPPLY_TOTAL
    for seat, player in state["players"].items():
        assert player["pesos"] >= 0, seat
        assert all(n >= 0 for n in player["farm"].values()), seat
    assert all(n >= 0 for n in state["supply"].values())


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def set_statute(state: dict, group: str, sid: str | None) -> None:
    state["statutes"][group] = sid


def play_card(state: dict, seat: str, card: str) -> dict:
    """Make ``seat`` the acting seat and play ``card``."""
    state["turn"] = state["seats"].index(seat)
    state, _ = act(state, seat, f"play {card}")
    return state


def finish_turn(state: dict, seat: str, events: list[Event] | None = None) -> dict:
    """End ``seat``'s character with the plainest choice (no building, no shipping…)."""
    plain = {
        "worker_move": "worker 0 0",
        "worker_fields": "done",
        "trader": "done",
        "architect": "take vp",
        "foreman": "done",
        "mayor": "take pesos",
    }
    while state["step"] in plain and RULES.to_act(state) == [seat]:
        state, evs = act(state, seat, plain[state["step"]])
        if events is not None:
            events += evs
    return state


def play_round_cards(state: dict, plan: dict[str, list[str]]) -> tuple[dict, list[Event]]:
    """Play the action phase: each seat plays its 4 planned cards, in turn order, each
    finished with the plainest choice. Returns the state at parliament and all events."""
    events: list[Event] = []
    for i in range(4):
        for k in range(len(state["seats"])):
            seat = state["seats"][(state["start"] + k) % len(state["seats"])]
            assert RULES.to_act(state) == [seat]
            state, evs = act(state, seat, f"play {plan[seat][i]}")
            events += evs
            state = finish_turn(state, seat, events)
    return state, events


def place_building(state: dict, seat: str, bid: str, row: int, col: int) -> None:
    """Put a building tile on a seat's plantation (as if built earlier)."""
    assert state["buildings_left"][bid] > 0
    state["buildings_left"][bid] -= 1
    state["players"][seat]["buildings"].append([bid, row, col])
