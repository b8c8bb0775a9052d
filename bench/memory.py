"""Memory: what the bot holds for its active games, and whether closed games give it back.

python bench/memory.py [--active 1000] [--moves 100] [--closed 10000] [--closed-moves 8]
                       [--finish-every 100] [--render-every 100] [--trace] [--json]

Two parts, each in a process of its own (so that the second starts from a fresh process), on a
SQLite file in WAL mode in a temporary folder, through the service as the bot drives it (every
outcome delivered to a gateway that posts and edits, as Discord would, and keeps nothing):

* **active** — ``--active`` games (Cuba, Santiago de Cuba and Goa in turn, three human seats,
  a channel each) are opened, started and played round-robin, one random legal move per game
  per round, until each has made ``--moves`` actions (or ended). Every ``--render-every``-th
  game's boards are drawn for real by the render worker (``RENDER_WORKERS=1``), the others'
  drawing is stubbed: the worker's resident memory is that of its caches, which the sampled
  boards fill as all boards would. Printed: the bot process's RSS, the worker's, and their sum.
* **closed** — after a warm-up (``--warmup`` games played and closed, so that the imports,
  catalogues and per-title caches are in), the RSS is read (the start); then ``--closed`` games
  are each opened, played ``--closed-moves`` moves and abandoned by the host — every
  ``--finish-every``-th one played to its end instead — and the RSS is read again, after the
  timer loop's hourly sweep (which hands the allocator's free pages back: :mod:`bot.heap`; the
  start is read after the same). Printed:
  both RSS figures, their ratio, the RSS once the store is closed (SQLite's page cache
  given back), the RSS at every tenth of the run, and the entries left in every per-game map of the service
  (``GameService.kept_per_game``: all should be 0).

The seats' users come from a pool of 300 people, as in a community of players (the service
remembers people, not only games). ``--trace`` also runs :mod:`tracemalloc` over the closed
part and prints the ten source lines that hold the most memory allocated since the start (slow:
a few times the run's time). ``--json`` prints one JSON object as the last line. Memory is read
from ``/proc/<pid>/status`` (VmRSS, VmHWM); the machine's load average is printed beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import QuietGateway, rss_mib  # noqa: E402  (bench/load.py)

from bot import heap  # noqa: E402
from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.service.outcome import (  # noqa: E402
    Outcome,  # noqa: E402
)
from bot.stores.sqlite import Store  # noqa: E402
from engine.ai import player  # noqa: E402
from engine.summary import summarise  # noqa: E402
from render import MovePictures  # noqa: E402

TITLES = ("cuba", "santiago", "goa")
SEATS = 3
#: The people the seats are drawn from.
PEOPLE = 300


class SampledPool(RenderPool):
    """The render pool, drawing for real only the games whose channel is in ``drawn`` (kept as
    ``drawn_channels``: the pool counts its drawings in ``drawn``)."""

    def __init__(self, drawn: set[int], workers: int) -> None:
        super().__init__(workers)
        self.drawn_channels = drawn
        #: A move's pictures not drawn (their channel not sampled): ``drawn - not_drawn`` were real.
        self.not_drawn = 0

    async def run(self, fn, *args):
        view = next((arg for arg in args if isinstance(arg, dict) and "_channel" in arg), {})
        if view.pop("_channel", None) not in self.drawn_channels:
            return b""
        return await super().run(fn, *args)

    def latest(self, key, fn, *args, merge=None):
        """A move's pictures (the presenter asks for them by channel): drawn for real only in
        the sampled channels, the others' stand-in drawn in a thread at no cost."""
        if key not in self.drawn_channels:
            self.not_drawn += 1
            fn = lambda *_: MovePictures(None, None)  # noqa: E731  (not sendable: runs in a thread)
        return super().latest(key, fn, *args, merge=merge)


class Clock:
    """The wall clock, which the bench can move on (to let what waits on time run)."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


def summarised(
    game: str, states: Iterable[Any], names: dict[str, str], bots: list[str], lang: str, hints: dict[str, int]
) -> bytes:
    """The end-of-game summary as the bot makes it — the game replayed, its states read by
    :func:`engine.summary.summarise` — without the picture's drawing (Pillow; not this bench's
    subject)."""
    summarise(game, states, names, bots=bots, lang=lang, hints=hints)
    return b""


def make_service(store: Store, path: str, drawn: set[int], workers: int) -> tuple[GameService, SampledPool]:
    pool = SampledPool(drawn, workers)
    service = GameService(
        store,
        Settings(database_path=path, max_tables_per_user=None, max_tables_per_channel=None),
        clock=Clock(),
        private_renderer=lambda game, view: None,
        decision_renderer=lambda game, view, legal, lang: None,
        summary_renderer=summarised,
        seed_source=lambda: 7,
        render_pool=pool,
    )
    original_view = service.presenter.view

    def view_with_channel(table, seat):  # lets the pool pick its sample by channel
        return {**original_view(table, seat), "_channel": table.row.channel_id}

    service.presenter.view = view_with_channel  # type: ignore[method-assign]
    return service, pool


class Players:
    """Opens games and plays random legal moves in them, delivering every outcome."""

    def __init__(self, service: GameService, gateway: QuietGateway, seed: int) -> None:
        self.service = service
        self.gateway = gateway
        self.rng = random.Random(seed)
        self.moves = 0

    async def send(self, outcome: Outcome) -> Outcome:
        await deliver(outcome, self.gateway, self.service, interaction=object())
        return outcome

    async def open(self, channel: int, title: str) -> int:
        people = self.rng.sample(range(1, PEOPLE + 1), SEATS)
        svc = self.service
        assert (await self.send(await svc.new_game(channel, 1, people[0], f"P{people[0]}", title))).ok
        for user in people[1:]:
            assert (await self.send(await svc.join(channel, user, f"P{user}"))).ok
        started = await self.send(await svc.start(channel, people[0]))
        assert started.ok, started.ephemeral
        return svc.tables.channel_games[channel]

    async def move(self, channel: int, pk: int) -> bool:
        """One random legal move of a seat to act; False once the game is over."""
        table = self.service.tables.cached.get(pk)
        if table is None or table.row.status != "active":
            return False
        seat = table.rules.to_act(table.state)[0]
        legal = table.rules.legal(table.state, seat)
        action = player(table.row.game, "random", self.rng.randrange(1 << 30)).choose({}, legal)
        user = table.seat(seat).user_id
        outcome = await self.send(await self.service.act(channel, user, str(action), interaction_id=None))
        assert outcome.ok, outcome.ephemeral
        self.moves += 1
        return True

    async def abandon(self, channel: int, pk: int) -> None:
        table = self.service.tables.cached.get(pk)
        if table is not None:
            await self.send(await self.service.abandon(channel, table.row.host_id))


async def active_part(args: argparse.Namespace, path: str) -> dict[str, Any]:
    store = await Store.open(path)
    channels = list(range(1, args.active + 1))
    drawn = {c for k, c in enumerate(channels) if k % args.render_every == 0}
    service, pool = make_service(store, path, drawn, args.workers)
    pool.start()
    players = Players(service, QuietGateway(), 1)
    cpu0, t0 = time.process_time(), time.perf_counter()
    games = {c: await players.open(c, TITLES[k % len(TITLES)]) for k, c in enumerate(channels)}
    made = dict.fromkeys(channels, 0)
    for _round in range(args.moves):
        for channel, pk in games.items():
            if made[channel] < args.moves and await players.move(channel, pk):
                made[channel] += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    gc.collect()
    rss, peak = rss_mib()
    workers = [rss_mib(pid) for pid in pool.worker_pids()]
    worker_rss = round(sum(w[0] for w in workers), 1)
    still = len([pk for pk in games.values() if pk in service.tables.cached])
    pool.close()
    await store.close()
    return {
        "games": args.active,
        "moves_per_game": args.moves,
        "moves": players.moves,
        "games_still_active": still,
        "drawn_games": len(drawn),
        "moves_pictures_drawn": pool.drawn - pool.not_drawn,
        "cpu_s": round(cpu, 1),
        "wall_s": round(wall, 1),
        "rss_mib": rss,
        "peak_rss_mib": peak,
        "worker_rss_mib": worker_rss,
        "total_rss_mib": round(rss + worker_rss, 1),
        "views_kept": service.presenter.views.count(),
    }


def rss_by_mapping() -> dict[str, float]:
    """This process's resident memory by kind of mapping (``/proc/self/smaps``, KiB → MiB): the
    C heap (``[heap]``), anonymous mappings (Python's arenas, mmap'd allocations, thread
    stacks), the database's files (its ``-shm`` index, a memory-mapped file), shared libraries,
    and the rest."""
    kinds: dict[str, float] = {}
    kind = "other"
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            head = line.split(None, 1)[0]
            if not head.endswith(":"):  # a mapping's first line: address, perms, …, path
                fields = line.split()
                name = fields[5] if len(fields) > 5 else ""
                if name == "[heap]":
                    kind = "heap"
                elif not name:
                    kind = "anonymous"
                elif name.endswith((".db", ".db-shm", ".db-wal")):
                    kind = "database files"
                elif ".so" in name:
                    kind = "libraries"
                else:
                    kind = "other"
            elif head == "Rss:":
                kinds[kind] = kinds.get(kind, 0.0) + int(line.split()[1]) / 1024
    return {name: round(mib, 2) for name, mib in sorted(kinds.items())}


def pymalloc_stats() -> dict[str, float]:
    """Python's small-object allocator in MiB (``sys._debugmallocstats``, which writes to the C
    stderr): its arenas, the bytes of the objects in them, the free blocks of used pools and the
    unused pools. Arenas far above the objects' bytes mean fragmentation: a few live objects
    keep whole arenas mapped."""
    fields = {
        "arenas": "arenas * 1048576",
        "in objects": "# bytes in allocated blocks",
        "free blocks": "# bytes in available blocks",
        "unused pools": "unused pools * 16384",
    }
    saved = os.dup(2)
    with tempfile.TemporaryFile("w+") as out:
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        lines = out.read().splitlines()
    found: dict[str, float] = {}
    for name, marker in fields.items():
        line = next((line for line in lines if marker in line), "= 0")
        found[name] = round(int(line.rsplit("=", 1)[1].replace(",", "")) / 2**20, 2)
    return found


async def closed_part(args: argparse.Namespace, path: str) -> dict[str, Any]:
    store = await Store.open(path)
    service, pool = make_service(store, path, set(), 0)
    players = Players(service, QuietGateway(), 2)

    async def play_and_close(channel: int, finish: bool) -> None:
        pk = await players.open(channel, TITLES[channel % len(TITLES)])
        made = 0
        while (finish or made < args.closed_moves) and await players.move(channel, pk):
            made += 1
        await players.abandon(channel, pk)

    channel = 0
    for _ in range(args.warmup):
        channel += 1
        await play_and_close(channel, channel % 10 == 0)
    gc.collect()
    heap.give_back()  # as the hourly sweep has done in a bot that has run a while (bot/heap.py)
    start_rss, _ = rss_mib()
    start_kinds = rss_by_mapping()
    start_pymalloc = pymalloc_stats()
    if args.trace:
        tracemalloc.start(1)
        before = tracemalloc.take_snapshot()
    cpu0, t0 = time.process_time(), time.perf_counter()
    along: list[tuple[int, float]] = []  # (games closed, RSS) at every tenth of the run
    for k in range(args.closed):
        channel += 1
        await play_and_close(channel, args.finish_every > 0 and k % args.finish_every == 0)
        if (k + 1) % max(1, args.closed // 10) == 0:
            along.append((k + 1, rss_mib()[0]))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    # The timer loop's round two minutes on (the last deliveries of the closed games are done).
    clock = service.clock
    assert isinstance(clock, Clock)
    clock.ahead += 3600
    await service.upkeep()
    gc.collect()
    end_rss, peak = rss_mib()
    end_kinds = rss_by_mapping()
    end_pymalloc = pymalloc_stats()
    top: list[str] = []
    if args.trace:
        after = tracemalloc.take_snapshot()
        top = [str(stat) for stat in after.compare_to(before, "lineno")[:10]]
        tracemalloc.stop()
    entries = service.kept_per_game()
    await store.close()
    gc.collect()
    closed_rss, _ = rss_mib()  # without the database's page cache (SQLite's, up to 2 MiB)
    return {
        "warmup_games": args.warmup,
        "games": args.closed,
        "moves_per_game": args.closed_moves,
        "finished_every": args.finish_every,
        "moves": players.moves,
        "cpu_s": round(cpu, 1),
        "wall_s": round(wall, 1),
        "start_rss_mib": start_rss,
        "end_rss_mib": end_rss,
        "peak_rss_mib": peak,
        "end_over_start": round(end_rss / start_rss, 3),
        "end_rss_store_closed_mib": closed_rss,
        "rss_along": along,
        "rss_by_mapping": {
            name: (start_kinds.get(name, 0.0), end_kinds.get(name, 0.0))
            for name in sorted({*start_kinds, *end_kinds})
        },
        "pymalloc_mib": {name: (start_pymalloc[name], end_pymalloc[name]) for name in start_pymalloc},
        "per_game_entries": entries,
        "moves_pictures_drawn": pool.drawn - pool.not_drawn,
        "tracemalloc_top": top,
    }


def run_part(args: argparse.Namespace, part: str) -> dict[str, Any]:
    """One part in a process of its own (its figures are the last line of its output)."""
    argv = [sys.executable, __file__, "--part", part, *sys.argv[1:]]
    argv = [a for a in argv if a != "--json"] + ["--json"]
    done = subprocess.run(argv, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


async def one_part(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "memory.db")
        if args.part == "active":
            return await active_part(args, path)
        return await closed_part(args, path)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--active", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--render-every", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--closed", type=int, default=10_000)
    parser.add_argument("--closed-moves", type=int, default=8)
    parser.add_argument("--finish-every", type=int, default=100)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--only", choices=("active", "closed"))
    parser.add_argument("--part", choices=("active", "closed"), help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.part:
        print(json.dumps(asyncio.run(one_part(args))), flush=True)
        return
    figures: dict[str, Any] = {}
    for part in ("active", "closed"):
        if args.only in (None, part):
            figures[part] = run_part(args, part)
    figures["loadavg_1m"] = round(os.getloadavg()[0], 2)
    if "active" in figures:
        a = figures["active"]
        print(
            f"active: {a['games']} games × {a['moves_per_game']} moves ({a['moves']} moves, "
            f"{a['cpu_s']} s CPU): bot {a['rss_mib']} MiB + render worker {a['worker_rss_mib']} MiB "
            f"= {a['total_rss_mib']} MiB; public views kept {a['views_kept']}; "
            f"moves' pictures drawn for real {a['moves_pictures_drawn']} (of {a['drawn_games']} sampled games)"
        )
    if "closed" in figures:
        c = figures["closed"]
        print(
            f"closed: {c['games']} games played and closed ({c['moves']} moves, {c['cpu_s']} s CPU): "
            f"RSS {c['start_rss_mib']} → {c['end_rss_mib']} MiB (× {c['end_over_start']}; "
            f"{c['end_rss_store_closed_mib']} MiB once the store is closed); "
            f"per-game entries left {c['per_game_entries']}; moves' pictures drawn {c['moves_pictures_drawn']}"
        )
        print("  RSS along the run (games closed: MiB):", ", ".join(f"{n}: {r}" for n, r in c["rss_along"]))
        print(
            "  RSS by mapping, start → end (MiB):",
            ", ".join(f"{name} {a} → {b}" for name, (a, b) in c["rss_by_mapping"].items()),
        )
        print(
            "  Python's small-object allocator, start → end (MiB):",
            ", ".join(f"{name} {a} → {b}" for name, (a, b) in c["pymalloc_mib"].items()),
        )
        for line in c["tracemalloc_top"]:
            print("  ", line)
    print(f"load average {figures['loadavg_1m']}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
