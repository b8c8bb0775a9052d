"""Contract checks shared by every game's tests: play games with computer players and check,
after every action, what the engine contract promises."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from engine.ai import player
from engine.core import IllegalAction, Result, Rules


def long_run(default: int) -> int:
    """How many whole games a long randomized test plays: ``default`` in the everyday suite (it
    must stay under five minutes on two cores), ``RANDOM_GAMES=N`` in the environment for a
    deeper run (e.g. ``RANDOM_GAMES=1000 pytest tests/cuba/test_random_games.py``)."""
    return int(os.environ.get("RANDOM_GAMES", default))


def check_step(rules: Rules, state: Any, seat: str) -> None:
    """What must hold for one seat in one state: legal actions parse back, dump/load is exact."""
    legal = rules.legal(state, seat)
    assert legal, f"{seat} is to act but has no legal action"
    for action in legal:
        assert rules.parse(state, seat, str(action)) == action, str(action)
    dumped = rules.dump(state)
    assert json.loads(json.dumps(dumped)) == dumped, "dump is not JSON-able"
    assert rules.dump(rules.load(dumped)) == dumped, "dump/load is not lossless"


def play(
    rules: Rules,
    players: int,
    seed: int,
    kind: str = "random",
    *,
    options: dict[str, Any] | None = None,
    check: Callable[[Any], None] | None = None,
    full_checks: bool = True,
    max_actions: int = 20_000,
) -> tuple[Any, Result, int]:
    """Play one game to the end with computer players of ``kind``.

    ``check(state)`` runs after every action (conservation of pieces, say). With ``full_checks``
    every step is also checked with :func:`check_step` and ``apply`` must not mutate its input.
    Returns the final state, its result and the number of actions played.
    """
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed, **(options or {}))
    bots = {s: player(rules.id, kind, seed * 31 + i) for i, s in enumerate(seats)}
    actions = 0
    while rules.result(state) is None:
        to_act = rules.to_act(state)
        assert to_act, "the game is not over but nobody may act"
        seat = to_act[actions % len(to_act)]
        if full_checks:
            check_step(rules, state, seat)
            before = rules.dump(state)
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        previous = state
        state, events = rules.apply(state, seat, action)
        if full_checks:
            assert rules.dump(previous) == before, f"apply({action}) mutated its input state"

        if check is not None:
            check(state)
        actions += 1
        assert actions < max_actions, "the game does not end"
    assert rules.to_act(state) == []
    result = rules.result(state)
    assert sorted(result.ranking) == seats and set(result.scores) == set(seats)
    return state, result, actions


def assert_illegal_changes_nothing(
    rules: Rules, state: Any, seat: str, text: str, before: dict[str, Any] | None = None
) -> str:
    """Apply a bad text and check it is refused with a sentence and nothing changed.

    ``before``: ``rules.dump(state)`` taken once by a caller that tries many texts on one state
    (each is still compared with it: a text that changed the state fails, and so does every
    later one)."""
    if before is None:
        before = rules.dump(state)
    try:
        action = rules.parse(state, seat, text)
        rules.apply(state, seat, action)
    except IllegalAction as err:
        assert str(err) and str(err)[0].isupper(), f"refusal is not a sentence: {err!r}"
        assert rules.dump(state) == before
        return str(err)
    raise AssertionError(f"{text!r} was accepted for {seat}")
