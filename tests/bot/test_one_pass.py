"""One pass for a move (issue 32): each datum the service reads from the store — or from what the
store keeps in memory — is asked for at most once per move. Every public call of the store
protocol is counted on the real store (a call the store makes inside another counts once, as
``bench/service.py`` counts them), over moves played through the service as the bot plays them
(``/play`` with the interaction's locale and id, the outcome delivered)."""

from __future__ import annotations

import contextvars
import functools
import inspect
from collections import Counter
from typing import Any

import pytest

from bot.stores.protocol import GameStore
from tests.bot.conftest import ANA, BO, CY, RandomMoves, seated

pytestmark = pytest.mark.both_backends

#: The store protocol's reads: each answers from the database or from what the store keeps.
READS = frozenset(
    {
        "actions", "at_table_s", "barred", "closed_games", "decision_dms", "dm_refused_users",
        "due_timers", "former_seat", "game", "games", "games_to_resume", "hints_used",
        "interaction_seen", "last_act_times", "last_acts", "latest_game", "live_messages",
        "locale_of", "next_timer_due", "notify_of", "open_game", "open_tables", "played_seats",
        "prefs_of", "public_message", "replace_voters", "replay_base", "result", "seated_games",
        "seats", "state", "table_play", "table_rows", "timers", "user_games", "user_rows",
    }
)  # fmt: skip

#: Whether the running task is inside a counted store call already.
_INSIDE: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_counted_store", default=False)


def count_calls(store: GameStore) -> Counter[str]:
    """Count every public call of the :class:`GameStore` protocol made on ``store`` from outside
    it, by name; the store itself still answers every call."""
    counted: Counter[str] = Counter()

    def counting(name: str, method: Any) -> Any:
        @functools.wraps(method)
        async def call(*args: Any, **kwargs: Any) -> Any:
            if _INSIDE.get():
                return await method(*args, **kwargs)
            token = _INSIDE.set(True)
            try:
                counted[name] += 1
                return await method(*args, **kwargs)
            finally:
                _INSIDE.reset(token)

        return call

    for name, fn in vars(GameStore).items():
        if inspect.iscoroutinefunction(fn) and name != "close" and hasattr(store, name):
            setattr(store, name, counting(name, getattr(store, name)))
    return counted


async def play_counted(env, game: str, moves: int, **options: Any) -> list[Counter[str]]:
    """``moves`` random legal moves of ``game`` by three people, each move's store calls by name."""
    svc = await env.service(turn_clock_s=3600)
    users = [ANA, BO, CY]
    for user, notify in zip(users, ["dm", "both", "mention"], strict=True):
        assert (await svc.notify(user, notify)).ok
    await env.deliver(svc, await seated(env, svc, users, game=game, options=options or None))
    moves_of = RandomMoves(env, svc, users, seed=3)
    counted = count_calls(svc.store)
    per_move = []
    for k in range(moves):
        counted.clear()
        if await moves_of.play(k) is None:
            break
        per_move.append(Counter(counted))
    return per_move


def test_the_reads_are_the_stores_own():
    assert {name for name, fn in vars(GameStore).items() if inspect.iscoroutinefunction(fn)} >= READS


@pytest.mark.parametrize("game", ["tiny", "cuba", "santiago", "goa"])
async def test_a_move_reads_each_datum_once(env, game):
    per_move = await play_counted(env, game, 40)
    assert len(per_move) >= 15
    seen: Counter[str] = Counter()
    for calls in per_move:
        seen.update(calls)
        twice = {name: n for name, n in calls.items() if n > 1 and name in READS}
        assert twice == {}, f"read more than once in one move: {twice}"
    # the moves read what they are shown from, each once: the seats' last actions,
    # the people's preferences, the log, the live messages
    # (the game itself is not read: the process started it and holds it, issue 29)
    assert seen["table_rows"] == 0
    assert seen["last_acts"] >= len(per_move) // 2
    assert seen["prefs_of"] >= len(per_move) // 2
