"""Phase A and E of a round: the proposals turned up at the start, the end of a round (the
farmyard products lost, the harbour) and the final scoring after round 6."""

from __future__ import annotations

from engine.core import Event
from engine.cuba.data import (
    BERTH3_LEAVES_AFTER_ROUNDS,
    BLACK_MARKERS,
    CHARACTERS,
    END_VP_PER_BUILDING,
    PRODUCTS,
    ROUNDS,
    STATUTE_GROUPS,
)
from engine.cuba.rules.common import building_tiles, refill_harbour, ship_departs, ship_full, vp_breakdown
from engine.cuba.state import (
    END_CATEGORY,
    Scores,
    State,
)


def end_round(state: State, events: list[Event]) -> None:
    discarded = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        lost = {p: player["farm"][p] for p in PRODUCTS if player["farm"][p]}
        for p, n in lost.items():
            player["farm"][p] = 0
            state["supply"][p] += n
        if lost:
            discarded[seat] = lost
    events.append(Event("round_end", None, {"round": state["round"], "discarded": discarded}))
    state["markers"] = {m: None for m in BLACK_MARKERS}
    state["veto_blocked"] = state["vetoed_group"]
    state["vetoed_group"] = None
    for player in state["players"].values():
        player["town_hall"] = False
        player["church_used"] = False
    if state["round"] >= ROUNDS:
        final_scoring(state, events)
        return
    harbour_end_of_round(state, events)
    state["round"] += 1
    begin_round(state, events)


def harbour_end_of_round(state: State, events: list[Event]) -> None:
    """Full ships leave (and in rounds 2–5 the ship on berth 3), berth 3 first; the rest move up."""
    for berth in (2, 1, 0):
        ship = state["berths"][berth]
        if ship is None:
            continue
        if ship_full(ship):
            why = "full"
        elif berth == 2 and state["round"] in BERTH3_LEAVES_AFTER_ROUNDS:
            why = "berth3"
        else:
            continue
        state["berths"][berth] = None
        ship_departs(state, ship, events, why)
    refill_harbour(state, events)


def begin_round(state: State, events: list[Event]) -> None:
    """Phase A: turn up the four proposals; then the action phase begins."""
    for g in STATUTE_GROUPS:
        pile = state["piles"][g]
        state["proposals"][g] = {"id": pile.pop(0), "vetoed": False} if pile else None
    events.append(
        Event(
            "proposals",
            None,
            {
                "round": state["round"],
                "proposals": {g: p["id"] if p else None for g, p in state["proposals"].items()},
            },
            reveals_hidden=True,
        )
    )
    state["phase"] = "actions"
    state["markers"] = {m: None for m in BLACK_MARKERS}
    state["fourth"] = []
    state["turns_done"] = 0
    state["turn"] = state["start"]
    state["bids_revealed"] = False
    state["totals"] = {}
    state["pending"] = {}
    for player in state["players"].values():
        player.update({"hand": list(CHARACTERS), "played": [], "card": None, "bid": None, "bid2": None})
    state["step"] = "choose_card" if state["options"]["secret_parliament_card"] else "play_card"


def final_scoring(state: State, events: list[Event]) -> None:
    """2 VP per building tile; most VP wins, then most pesos; a full tie is shared."""
    breakdown = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        during = vp_breakdown(player)
        bonus = END_VP_PER_BUILDING * building_tiles(player)
        player["vp"] += bonus
        breakdown[seat] = {**during, END_CATEGORY: bonus}
    result: Scores = {
        "scores": {s: state["players"][s]["vp"] for s in state["seats"]},
        "pesos": {s: state["players"][s]["pesos"] for s in state["seats"]},
        "breakdown": breakdown,
    }
    state["result"] = result
    state["phase"] = "over"
    state["step"] = "over"
    state["pending"] = {}
    events.append(Event("game_over", None, dict(result)))
