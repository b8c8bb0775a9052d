"""Computer seats on time: how late a computer seat moves past BOT_DELAY_SECONDS and its own
thinking time.

python bench/timers.py [--game cuba] [--kind heuristic|strong] [--games 4] [--moves 40] [--delay 0]
                       [--interval 5] [--json]

Games of one human and two computer seats of ``--kind`` (the heuristic player, which answers on
the event loop, or the strong one, which searches in the search pool's worker process as the
bot runs it: ``SEARCH_WORKERS``, its default budget and time cap) run on a SQLite file with the
real timer loop (:func:`bot.adapter.delivery.run_timers`, at the adapter's interval) and real time. The
human plays a random legal move whenever it is their turn, after a random pause; the computer
seats move by their timers. Lateness of a computer move = the time its action was stored − the
time of the action that made it due − BOT_DELAY_SECONDS − its thinking time (the search's own
time in the worker for the strong player, the player's call for the heuristic one; a search
that waited for the worker counts as late; how long it waited, because another seat's search
had the worker, is printed beside it, and the lateness without that wait). Rendering is stubbed
out. ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.client import TIMER_INTERVAL  # noqa: E402
from bot.adapter.delivery import run_timers  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service.autoplay import is_auto  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from tests.doubles.gateway import RecordingGateway  # noqa: E402


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def timed(fn: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    """``fn(*args)`` and the seconds it took, measured where it ran (in the search worker)."""
    t0 = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - t0


#: The seconds the search worker spent on the current task's latest search, and the seconds
#: the search waited for the worker before (another seat's search had it).
SEARCHED: contextvars.ContextVar[tuple[float, float] | None] = contextvars.ContextVar(
    "searched", default=None
)


class TimedSearchPool(RenderPool):
    """The bot's search pool, telling how long each search took in its worker and how long it
    waited for the worker."""

    async def run(self, fn, *args):
        t0 = time.perf_counter()
        result, seconds = await super().run(timed, fn, *args)
        SEARCHED.set((seconds, max(0.0, time.perf_counter() - t0 - seconds)))
        return result


def time_the_moves(svc: GameService, thinking: dict[tuple[int, int, str], tuple[float, float]]) -> None:
    """Record each computer move's thinking time and its wait for the search worker by (game,
    the version it was searched at, seat)."""
    original = svc.computer.move

    async def move(table, seat, kind):
        SEARCHED.set(None)
        t0 = time.perf_counter()
        action = await original(table, seat, kind)
        searched = SEARCHED.get()
        spent = (time.perf_counter() - t0, 0.0) if searched is None else searched
        thinking[table.row.id, table.row.version, seat] = spent
        return action

    svc.computer.move = move  # type: ignore[method-assign]


async def human(svc: GameService, channel: int, game: str, moves: int, rng: random.Random) -> None:
    """Play the human seat (p0) of the channel's game: ``moves`` moves or to the end."""
    pk = svc.tables.channel_games[channel]
    ai = player(game, "random", rng.randrange(1 << 30))
    played = 0
    while played < moves:
        table = svc.tables.cached.get(pk)
        if table is None:
            return
        if "p0" not in table.rules.to_act(table.state):
            await asyncio.sleep(0.02)
            continue
        await asyncio.sleep(rng.uniform(0.0, 0.3))
        action = ai.choose(table.rules.view(table.state, "p0"), table.rules.legal(table.state, "p0"))
        if (await svc.act(channel, 1, str(action))).ok:
            played += 1


async def run(game: str, kind: str, games: int, moves: int, delay: float, interval: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "timers.db"))
        settings = Settings(bot_delay_s=delay, database_path=str(Path(tmp) / "timers.db"))
        search_pool = TimedSearchPool(settings.search_workers, warm=False, name="search")
        svc = GameService(
            store,
            settings,
            renderer=lambda g, v: b"",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            decision_renderer=lambda g, v, legal, lang: None,
            summary_renderer=lambda *a: b"",
            search_pool=search_pool,
        )
        thinking: dict[tuple[int, int, str], tuple[float, float]] = {}
        time_the_moves(svc, thinking)
        search_pool.start()
        for channel in range(1, games + 1):
            assert (await svc.new_game(channel, 9, 1, "Ana", game)).ok
            for _ in range(2):
                assert (await svc.add_bot(channel, 1, kind)).ok
            assert (await svc.start(channel, 1)).ok
        stop = asyncio.Event()
        loop = asyncio.create_task(
            run_timers(svc, RecordingGateway(), interval=interval, stop=stop, drain_s=30.0)
        )
        rng = random.Random(7)
        await asyncio.gather(*(human(svc, c, game, moves, rng) for c in range(1, games + 1)))
        stop.set()
        await loop
        search_pool.close()
        lateness: list[float] = []
        thought: list[float] = []
        waited: list[float] = []
        missing: list[tuple[Any, ...]] = []
        for row in await store.games():
            actions = await store.actions(row.id)
            for before, after in zip(actions, actions[1:], strict=False):
                # a computer seat's move (not an only choice the table played at once for a person)
                if after.seat != "p0" and after.kind == "play" and not is_auto(after.events):
                    # searched by its seat at the version the move was applied to (log row n
                    # takes the game from version n to n + 1), or earlier when a simultaneous
                    # step let another seat move meanwhile: the latest search of that seat
                    searched = [
                        v
                        for (pk, v, seat) in thinking
                        if pk == row.id and seat == after.seat and v <= after.n
                    ]
                    if not searched:
                        missing.append((row.id, after.n))
                        continue
                    spent, wait = thinking[row.id, max(searched), after.seat]
                    thought.append(spent)
                    waited.append(wait)
                    lateness.append(after.created - before.created - delay - spent)
        await store.close()
    return {
        "game": game,
        "kind": kind,
        "games": games,
        "delay_s": delay,
        "interval_s": interval,
        "search_workers": settings.search_workers,
        "computer_moves": len(lateness),
        "unmatched_moves": len(missing),  # no search recorded before them (not counted)
        "thinking_p50_s": round(percentile(thought, 0.5), 4),
        "thinking_p95_s": round(percentile(thought, 0.95), 4),
        "lateness_p50_s": round(percentile(lateness, 0.5), 4),
        "lateness_p95_s": round(percentile(lateness, 0.95), 4),
        "lateness_max_s": round(max(lateness), 4),
        # the part of the lateness a search spent waiting for the worker (another seat's search)
        "waited_for_worker_p95_s": round(percentile(waited, 0.95), 4),
        "moves_that_waited_for_worker": sum(1 for w in waited if w > 0.05),
        "lateness_but_the_wait_p95_s": round(
            percentile([late - wait for late, wait in zip(lateness, waited, strict=True)], 0.95), 4
        ),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(BUILTIN_GAMES), default="cuba")
    parser.add_argument(
        "--kind", choices=("heuristic", "strong"), default="heuristic", help="the computer seats"
    )
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="human moves per game")
    parser.add_argument("--delay", type=float, default=0.0, help="BOT_DELAY_SECONDS")
    parser.add_argument(
        "--interval", type=float, default=TIMER_INTERVAL, help="the timer loop's longest sleep"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args.game, args.kind, args.games, args.moves, args.delay, args.interval))
    print(
        f"{result['game']}: {result['computer_moves']} {result['kind']} computer moves in {result['games']} "
        f"games, BOT_DELAY_SECONDS={result['delay_s']}, timer loop interval {result['interval_s']} s, "
        f"{result['search_workers']} search worker(s): thinking p50 {result['thinking_p50_s']} s, "
        f"p95 {result['thinking_p95_s']} s; late past the delay and the thinking p50 "
        f"{result['lateness_p50_s']} s, p95 {result['lateness_p95_s']} s, max {result['lateness_max_s']} s "
        f"(goal: p95 <= 0.2 s; load average {result['loadavg_1m']}); "
        f"{result['moves_that_waited_for_worker']} moves waited for the search worker (another seat's search), "
        f"p95 {result['waited_for_worker_p95_s']} s; late but that wait p95 {result['lateness_but_the_wait_p95_s']} s"
    )
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
