"""Load: many active games through the service layer, in one process or in several sharing one
PostgreSQL database.

python bench/load.py [--games 1000] [--moves 8] [--think 10] [--render-every 20] [--workers 1]
                     [--database PATH_OR_URL] [--processes N] [--json]

``--games`` games (the three titles in turn, three human seats each, one channel each) are opened
and started. With ``--processes N`` (a ``postgresql://`` ``--database`` only) N bot processes
share them: process i runs shard i of N, and its games are in a guild of that shard, as Discord
would route them; each process opens and starts its own share, then all start playing at the
same moment. Without ``--database`` the games live in a SQLite file in WAL mode in a temporary
folder, in one process.

Then every seat of every game is an asyncio task that plays random legal moves through
``GameService.act`` at the same time as all the others (the seats of one game race each other
too; a refusal such as "not your turn" is not an action), until each game has made ``--moves``
actions. Every ``--render-every``-th game draws its real board image (``render.board``) with
each action, through the service's render pool as the bot does (``--workers`` worker processes
per bot process, default 1 like ``RENDER_WORKERS``; 0: a thread of the process); the other games
have it stubbed out.

Printed per process: actions per second, the p95 latency of one action (all its games, and the
games whose board is drawn, i.e. including the image), its resident memory (VmRSS and its peak)
and its render workers' (their peaks, summed), and the count of acknowledged actions missing
from the store (``lost``) or stored more than once (``doubled``), checked against each game's
action log (a play the table made for a seat, its only choice, was never sent and is not
counted). ``--json`` prints one JSON object as the last line: ``{"database", "games",
"processes": [one object per process: actions_per_s, p95_ms, p95_render_ms, rss_mib,
peak_rss_mib, workers_peak_rss_mib, total_peak_rss_mib, lost, doubled, ...], "lost", "doubled",
"loadavg_1m"}`` (the machine's load at the end, to tell a busy machine's figures from a quiet
one's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service.autoplay import is_auto  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.protocol import GameStore, open_store  # noqa: E402
from bot.stores.rows import SHARD_SHIFT  # noqa: E402

TITLES = ("cuba", "santiago", "goa")
SEATS = 3
#: Channels of process i are ``i * CHANNELS_PER_PROCESS + 1, + 2, …``.
CHANNELS_PER_PROCESS = 10_000_000


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


def guild_of_shard(shard: int, count: int) -> int:
    """A guild id that Discord puts on ``shard`` of ``count``."""
    return ((1_000_000 * count + shard) << SHARD_SHIFT) | 1


class SampledPool(RenderPool):
    """The service's render pool, for the channels in ``drawn`` only: the other games' pictures
    are an empty stub, answered at once."""

    def __init__(self, drawn: set[int], workers: int) -> None:
        super().__init__(workers)
        self.drawn = drawn

    async def run(self, fn, *args):
        # The view is the renderer's first mapping argument (a decision picture has the seat's
        # texts and language after it).
        view = next((arg for arg in args if isinstance(arg, dict) and "_channel" in arg), {})
        if view.get("_channel") not in self.drawn:
            return b""
        return await super().run(fn, *args)


async def open_games(service: GameService, channels: list[int], guild: int) -> list[tuple[int, str]]:
    """Open and start a game in each channel; users are 10·channel + seat index."""
    games = []
    for i, channel in enumerate(channels):
        title = TITLES[i % len(TITLES)]
        await service.new_game(channel, guild, channel * 10, f"H{channel}", title)
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
        table = service.tables.cached.get(pk)
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


async def count_lost_and_doubled(
    store: GameStore, acknowledged: list[tuple[int, str, str]]
) -> tuple[int, int]:
    """Compare the acknowledged actions with the stored ones, game by game. A play the table
    made for a seat (its only choice, ``bot/service/autoplay.py``) was never sent, so it is not counted."""
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


def settings_for(database: str, processes: int, index: int) -> Settings:
    if database.startswith(("postgresql://", "postgres://")):
        return Settings(database_url=database, shard_count=processes, shard_ids=(index,))
    return Settings(database_path=database)


async def run_process(args: argparse.Namespace, index: int, ready: Any = None) -> dict[str, Any]:
    """One bot process's share of the games: open them, (wait for the others,) play them."""
    share = [g for g in range(args.games) if g % args.processes == index]
    channels = [index * CHANNELS_PER_PROCESS + g + 1 for g in share]
    drawn = {channel for k, channel in enumerate(channels) if k % args.render_every == 0}
    pool = SampledPool(drawn, args.workers)
    settings = settings_for(args.database, args.processes, index)
    store = await open_store(settings)
    service = GameService(
        store,
        settings,
        private_renderer=lambda game, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda game, view, legal, lang: None,
        seed_source=lambda: 7,
        render_pool=pool,
    )
    original_view = service.presenter.view

    def view_with_channel(table, seat):  # lets the renderer pick its sample by channel
        view = original_view(table, seat)
        return {**view, "_channel": table.row.channel_id}

    service.presenter.view = view_with_channel  # type: ignore[method-assign]
    pool.start()  # as the bot does at start-up: the worker warms up while the games open
    t0 = time.perf_counter()
    games = await open_games(service, channels, guild_of_shard(index, args.processes))
    setup_s = time.perf_counter() - t0
    if ready is not None:
        await ready()
    pks = {channel: service.tables.channel_games[channel] for channel, _ in games}
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
    mine = set(pks.values())
    active = len([g for g in await store.games(("active",)) if g.id in mine])
    lost, doubled = await count_lost_and_doubled(store, acknowledged)
    await store.close()
    everything = latencies + drawn_latencies
    return {
        "process": index,
        "games": len(games),
        "active_games": active,
        "actions": len(everything),
        "setup_s": round(setup_s, 1),
        "play_s": round(play_s, 1),
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
    }


async def worker(args: argparse.Namespace) -> None:
    """``--worker i``: one of the processes; says ``ready`` once its games are open, starts
    playing on ``go`` (one line on stdin), prints its figures as one JSON line."""

    async def ready() -> None:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

    figures = await run_process(args, args.worker, ready)
    print(json.dumps(figures), flush=True)


def run_processes(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Start the processes, let them open their games, start them together, collect."""
    argv = [sys.executable, __file__, "--games", str(args.games), "--moves", str(args.moves)]
    argv += [
        "--think",
        str(args.think),
        "--render-every",
        str(args.render_every),
        "--workers",
        str(args.workers),
    ]
    argv += ["--database", args.database, "--processes", str(args.processes)]
    children = [
        subprocess.Popen(
            [*argv, "--worker", str(i)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for i in range(args.processes)
    ]
    for child in children:
        line = child.stdout.readline().strip()
        if line != "ready":
            raise SystemExit(f"a bench process failed while opening its games ({line!r})")
    for child in children:
        child.stdin.write("go\n")
        child.stdin.flush()
    results = []
    for child in children:
        out, _ = child.communicate()
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=8, help="actions per game")
    ap.add_argument("--think", type=float, default=10.0, help="mean pause between a game's actions (s)")
    ap.add_argument("--render-every", type=int, default=20, help="draw the board of every n-th game")
    ap.add_argument(
        "--workers", type=int, default=1, help="render worker processes per bot process (0: a thread)"
    )
    ap.add_argument(
        "--database", default=None, help="a SQLite file or a postgresql:// URL (default: a new SQLite file)"
    )
    ap.add_argument("--processes", type=int, default=1, help="bot processes, one shard each (PostgreSQL)")
    ap.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    postgres = bool(args.database) and args.database.startswith(("postgresql://", "postgres://"))
    if args.processes > 1 and not postgres:
        ap.error("several processes share a PostgreSQL database: give --database postgresql://…")
    if args.worker is not None:
        asyncio.run(worker(args))
        return
    with tempfile.TemporaryDirectory() as tmp:
        if args.database is None:
            args.database = f"{tmp}/load.db"
        processes = [asyncio.run(run_process(args, 0))] if args.processes == 1 else run_processes(args)
    f = {
        "database": "postgresql" if postgres else "sqlite",
        "games": args.games,
        "think_s": args.think,
        "processes": processes,
        "lost": sum(p["lost"] for p in processes),
        "doubled": sum(p["doubled"] for p in processes),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }
    print(
        f"{args.games} games on {f['database']}, {len(processes)} process(es); {SEATS} seats each, "
        f"mean pause {args.think} s, {args.moves} actions per game"
    )
    for p in processes:
        print(
            f"process {p['process']}: {p['games']} games ({p['active_games']} still active), "
            f"{p['actions']} actions, {p['actions_per_s']} actions/s (setup {p['setup_s']} s); "
            f"p50 {p['p50_ms']} ms, p95 {p['p95_ms']} ms, with the board image ({p['rendered_actions']} actions) "
            f"p95 {p['p95_render_ms']} ms; RSS {p['rss_mib']} MiB (peak {p['peak_rss_mib']} MiB, "
            f"with {p['workers']} render worker(s) {p['total_peak_rss_mib']} MiB); "
            f"lost {p['lost']}, doubled {p['doubled']}"
        )
    print(f"acknowledged actions lost: {f['lost']}, doubled: {f['doubled']}  (goal: 0 and 0)")
    print(f"load average (1 min) at the end: {f['loadavg_1m']}")
    if args.json:
        print(json.dumps(f))


if __name__ == "__main__":
    main()
