"""Views of real Cuba games, played by random computer players, shared by the render tests."""

from __future__ import annotations

from typing import Any

import pytest

from engine import GAMES
from engine.ai import player


def play_views(players: int, seed: int, **options: Any) -> list[tuple[Any, dict[str, Any]]]:
    """(state, public view) after every action of one random game, from setup to the end."""
    rules = GAMES["cuba"]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed, **options)
    bots = {s: player("cuba", "random", seed * 31 + i) for i, s in enumerate(seats)}
    out = [(state, rules.view(state, None))]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        state, _ = rules.apply(state, seat, action)
        out.append((state, rules.view(state, None)))
    return out


@pytest.fixture(scope="session")
def cuba_games() -> list[list[tuple[Any, dict[str, Any]]]]:
    """Four games: 2, 3, 4 and 5 players; the 4-player one with the variants (individual
    plantations, face-down parliament card)."""
    return [
        play_views(2, 11),
        play_views(3, 12),
        play_views(4, 13, individual_plantations=True, secret_parliament_card=True),
        play_views(5, 14),
    ]
