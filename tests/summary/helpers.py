"""Replays of whole games for the summary tests: every state from the set-up to the end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import GAMES
from engine.ai import player
from engine.core import Event


def replay(game_id: str, players: int, seed: int, kind: str = "random") -> Iterator[tuple[Any, list[Event]]]:
    """Play one game with computer players of ``kind``; yield the initial state (with no
    events), then every state after an action with that action's events."""
    rules = GAMES[game_id]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(game_id, kind, seed * 31 + i) for i, s in enumerate(seats)}
    yield state, []
    actions = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[actions % len(rules.to_act(state))]
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        state, events = rules.apply(state, seat, action)
        actions += 1
        assert actions < 20_000, "the game does not end"
        yield state, events


def states_of(game_id: str, players: int, seed: int, kind: str = "random") -> list[Any]:
    """Every state of one replayed game, the initial one first."""
    return [state for state, _ in replay(game_id, players, seed, kind)]
