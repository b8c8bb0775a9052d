"""Load: many active games in one process, with concurrent actors, through the service layer.

python bench/load.py [--games 1000] [--moves 8] [--think 10] [--render-every 20] [--workers 1] [--json]

``--games`` games (the three titles in turn, three human seats each, one channel each) are opened
and started on one SQLite file in WAL mode. Then every seat of every game is an asyncio task that
plays random legal moves through ``GameService.act`` at the same time as all the others (the
seats of one game race each other too; a refusal such as "not your turn" is not an action), until
each game has made ``--moves`` actions. Every ``--render-every``-th game draws its real board
image (``render.board``) with each action, through the service's render pool as the bot does
(``--workers`` worker processes, default 1 like ``RENDER_WORKERS``; 0: a thread of this process);
the other games have it stubbed out.

Printed: actions per second, the p95 latency of one action (all games, and the games whose board
is drawn, i.e. including the image), the resident memory of the process (VmRSS and its peak),
of the render workers (their peaks, summed) and of both together, and the count of acknowledged
actions missing from the store (``lost``) or stored more than once (``doubled``), checked against
each game's action log. ``--json`` prints one JSON object as the last line (``actions_per_s``,
``p95_ms``, ``p95_render_ms``, ``rss_mib``, ``peak_rss_mib``, ``workers_peak_rss_mib``,
``total_peak_rss_mib``, ``lost``, ``doubled``, and ``loadavg_1m``: the machine's load at the end,
to tell a busy machine's figures from a quiet one's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.autoplay import is_auto  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import Store  # noqa: E402

TITLES = ("cuba", "santiago", "goa")
SEATS = 3


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else 0.0


def rss_mib(pid: int | str = "self") -> tuple[float, float]:
    """A process's resident memory now and at its peak, in MiB (from /proc/<pid>/status)."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            values[key] = int(rest.split()[0]) / 1024
    return round(values["VmRSS"], 1), round(values["VmHWM"], 1)


class SampledPool(RenderPool):
    """The service's render pool, for the channels in ``drawn`` only: the other games' pictures
    are an empty stub, answered at once."""

    def __init__(self, drawn: set[int], workers: int) -> None:
        super().__init__(workers)
        self.drawn = drawn

    async def run(self, fn, *args):
        view = args[-1]
        if view.get("_channel") not in self.drawn:
            return b""
        return await super().run(fn, *args)


async def open_games(service: GameService, count: int) -> list[tuple[int, str]]:
    """Open and start ``count`` games (channel i + 1); users are 10·channel + seat index."""
    games = []
    for i in range(count):
        channel, title = i + 1, TITLES[i % len(TITLES)]
        await service.new_game(channel, None, channel * 10, f"H{channel}", title)
        for k in range(1, SEATS):
            await service.join(channel, channel * 10 + k, f"U{channel}-{k}")
        started = await service.start(channel, channel * 10)
        assert started.ok, started.ephemeral
        games.append((channel, title))
    return games


async def game_actor(
    service: GameService,
    channel: int,
    pk: int,
    moves: int,
    think_s: float,
    rnd: random.Random,
    latencies: list[float],
    acknowledged: list[tuple[int, str, str]],
) -> None:
    """The players of one game: after a random pause (mean ``think_s``), every seat to act sends
    a random legal move at the same moment, and so does one seat out of turn (a race the
    service must refuse), until the game has ``moves`` actions."""

    async def send(seat: str, text: str) -> None:
        t0 = time.perf_counter()
        outcome = await service.act(channel, channel * 10 + int(seat[1:]), text)
        elapsed = (time.perf_counter() - t0) * 1e3
        if outcome.ok:
            latencies.append(elapsed)
            acknowledged.append((pk, seat, text))

    await asyncio.sleep(rnd.uniform(0, think_s))
    while True:
        table = service._tables.get(pk)
        if table is None or table.row.version > moves:
            return
        rules, state = table.rules, table.state
        to_act = rules.to_act(state)
        calls = [send(seat, str(rnd.choice(rules.legal(state, seat)))) for seat in to_act]
        idle = [f"p{k}" for k in range(SEATS) if f"p{k}" not in to_act]
        if idle:
            calls.append(send(rnd.choice(idle), str(rnd.choice(rules.legal(state, to_act[0])))))
        await asyncio.gather(*calls)
        await asyncio.sleep(rnd.expovariate(1 / think_s) if think_s > 0 else 0)


async def count_lost_and_doubled(store: Store, acknowledged: list[tuple[int, str, str]]) -> tuple[int, int]:
    """Compare the acknowledged actions with the stored ones, game by game. A play the table
    made for a seat (its only choice, ``bot/autoplay.py``) was never sent, so it is not counted."""
    expected: dict[int, Counter] = {}
    for pk, seat, text in acknowledged:
        expected.setdefault(pk, Counter())[(seat, text)] += 1
    lost = doubled = 0
    for pk, wanted in expected.items():
        stored = Counter(
            (a.seat, a.text) for a in await store.actions(pk) if a.kind == "play" and not is_auto(a.events)
        )
        lost += sum((wanted - stored).values())
        doubled += sum((stored - wanted).values())
    return lost, doubled


async def run(args: argparse.Namespace) -> dict[str, Any]:
    drawn = {c for c in range(1, args.games + 1) if c % args.render_every == 1}
    pool = SampledPool(drawn, args.workers)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(f"{tmp}/load.db")
        service = GameService(
            store,
            Settings(),
            private_renderer=lambda game, view: None,
            decision_renderer=lambda game, view, legal, lang: None,
            seed_source=lambda: 7,
            render_pool=pool,
        )
        original_view = service._view

        def view_with_channel(table, seat):  # lets the renderer pick its sample by channel
            view = original_view(table, seat)
            return {**view, "_channel": table.row.channel_id}

        service._view = view_with_channel  # type: ignore[method-assign]
        pool.start()  # as the bot does at start-up: the worker warms up while the games open
        t0 = time.perf_counter()
        games = await open_games(service, args.games)
        setup_s = time.perf_counter() - t0
        pks = {channel: service._channel_games[channel] for channel, _ in games}
        latencies: list[float] = []
        drawn_latencies: list[float] = []
        acknowledged: list[tuple[int, str, str]] = []
        tasks = []
        for channel, _ in games:
            sink = drawn_latencies if channel in drawn else latencies
            rnd = random.Random(channel)
            tasks.append(
                game_actor(service, channel, pks[channel], args.moves, args.think, rnd, sink, acknowledged)
            )
        t0 = time.perf_counter()
        await asyncio.gather(*tasks)
        play_s = time.perf_counter() - t0
        rss, peak = rss_mib()
        workers_peak = round(sum(rss_mib(pid)[1] for pid in pool.worker_pids()), 1)
        pool.close()
        active = len(await store.games(("active",)))
        lost, doubled = await count_lost_and_doubled(store, acknowledged)
        await store.close()
    everything = latencies + drawn_latencies
    return {
        "games": args.games,
        "think_s": args.think,
        "active_games": active,
        "actions": len(everything),
        "setup_s": round(setup_s, 1),
        "actions_per_s": round(len(everything) / play_s, 1),
        "p50_ms": round(percentile(everything, 0.5), 2),
        "p95_ms": round(percentile(everything, 0.95), 2),
        "p95_render_ms": round(percentile(drawn_latencies, 0.95), 2),
        "rendered_actions": len(drawn_latencies),
        "rss_mib": rss,
        "peak_rss_mib": peak,
        "workers": args.workers,
        "workers_peak_rss_mib": workers_peak,
        "total_peak_rss_mib": round(peak + workers_peak, 1),
        "lost": lost,
        "doubled": doubled,
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=8, help="actions per game")
    ap.add_argument("--think", type=float, default=10.0, help="mean pause between a game's actions (s)")
    ap.add_argument("--render-every", type=int, default=20, help="draw the board of every n-th game")
    ap.add_argument("--workers", type=int, default=1, help="render worker processes (0: a thread)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    f = asyncio.run(run(args))
    print(
        f"{f['games']} games ({f['active_games']} still active), {f['actions']} actions by "
        f"{f['games'] * SEATS} seats (mean pause {f['think_s']} s per game): {f['actions_per_s']} actions/s (setup {f['setup_s']} s)"
    )
    print(
        f"latency per action: p50 {f['p50_ms']} ms, p95 {f['p95_ms']} ms; with the board image "
        f"({f['rendered_actions']} actions): p95 {f['p95_render_ms']} ms  (goal: p95 < 150 ms)"
    )
    print(
        f"resident memory {f['rss_mib']} MiB, peak {f['peak_rss_mib']} MiB; {f['workers']} render "
        f"worker(s), peak {f['workers_peak_rss_mib']} MiB; together {f['total_peak_rss_mib']} MiB"
        "  (goal: < 250 MiB)"
    )
    print(f"acknowledged actions lost: {f['lost']}, doubled: {f['doubled']}  (goal: 0 and 0)")
    if args.json:
        print(json.dumps(f))


if __name__ == "__main__":
    main()
