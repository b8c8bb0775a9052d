"""A heuristic player never sees another seat's secrets: states that differ only in another
seat's hidden information (Cuba's bids, Santiago's screens, Goa's ducats and hands) give the
heuristic the same view and so the same choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import GAMES
from engine.ai import player


def cuba_other_secrets(state: dict[str, Any], other: str) -> dict[str, Any] | None:
    """The other seat's sealed bid (or face-down parliament card) changed, or None if it has none."""
    rules = GAMES["cuba"]
    new = rules.load(rules.dump(state))
    p = new["players"][other]
    if state["step"] == "bid" and not state["bids_revealed"] and p["bid"] is not None:
        p["bid"] = p["bid"] + 1
        return new
    if state["step"] == "tie_bid" and p["bid2"] is not None:
        p["bid2"] = p["bid2"] + 1
        return new
    if state["phase"] == "actions" and p["card"] is not None and p["hand"]:
        p["card"], p["hand"][0] = p["hand"][0], p["card"]
        return new
    return None


def santiago_other_secrets(state: dict[str, Any], other: str) -> dict[str, Any] | None:
    """More pesos, points and goods behind the other seat's screen."""
    rules = GAMES["santiago"]
    new = rules.load(rules.dump(state))
    p = new["players"][other]
    p["pesos"] += 5
    p["vp"] += 3
    p["goods"] = {g: n + 1 for g, n in p["goods"].items()}
    return new


def goa_other_secrets(state: Any, other: str) -> Any | None:
    """More ducats for the other seat and its hand swapped for as many cards of the deck."""
    new = state.copy()
    p = new.players[new.seats.index(other)]
    p.ducats += 17
    k = len(p.hand)
    if k and len(new.deck) >= k:
        p.hand, new.deck[:k] = new.deck[:k], p.hand
    return new


PERTURB: dict[str, tuple[Callable[[Any, str], Any], dict[str, Any]]] = {
    "cuba": (cuba_other_secrets, {"secret_parliament_card": True}),
    "santiago": (santiago_other_secrets, {}),
    "goa": (goa_other_secrets, {}),
}


@pytest.mark.parametrize("game_id", list(PERTURB))
def test_heuristic_choice_ignores_other_seats_secrets(game_id):
    rules = GAMES[game_id]
    perturb, options = PERTURB[game_id]
    seats = ["p0", "p1", "p2", "p3"]
    compared = owner_saw_change = 0
    for seed in range(3):
        state = rules.new(seats, seed, **options)
        bots = {
            s: player(game_id, "heuristic" if s == "p0" else "random", seed + i) for i, s in enumerate(seats)
        }
        step = 0
        while rules.result(state) is None:
            seat = rules.to_act(state)[step % len(rules.to_act(state))]
            if seat == "p0":
                legal = rules.legal(state, seat)
                for other in seats[1:]:
                    changed = perturb(state, other)
                    if changed is None:
                        continue
                    owner_saw_change += rules.view(changed, other) != rules.view(state, other)
                    assert rules.view(changed, seat) == rules.view(state, seat)
                    mine = player(game_id, "heuristic", 99).choose(rules.view(state, seat), legal)
                    theirs = player(game_id, "heuristic", 99).choose(
                        rules.view(changed, seat), rules.legal(changed, seat)
                    )
                    assert mine == theirs
                    compared += 1
            action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
            state, _ = rules.apply(state, seat, action)
            step += 1
    # the comparisons were real: the owners' own views did change
    assert compared > 50 and owner_saw_change > 50
