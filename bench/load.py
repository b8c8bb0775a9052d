"""Load: many active games through the service layer, every picture drawn as the bot draws it,
in one process or in several sharing one PostgreSQL database.

python bench/load.py [--games 1000] [--think 60] [--duration 300] [--warmup S] [--moves 0] [--prefix 0]
                     [--render-workers N] [--render-every 1] [--database PATH_OR_URL] [--processes N]
                     [--saturation] [--json]

``--games`` games (the three titles in turn, three human seats each, one channel each) are opened
and started. With ``--processes N`` (a ``postgresql://`` ``--database`` only) N bot processes
share them: process i runs shard i of N, and its games are in a guild of that shard, as Discord
would route them; each process opens and starts its own share, then all start playing at the
same moment. Without ``--database`` the games live in a SQLite file in WAL mode in a temporary
folder, in one process.

Then every seat of every game is an asyncio task that plays random legal moves through
``GameService.act`` at the same time as all the others (the seats of one game race each other
too; a refusal such as "not your turn" is not an action), after a random pause of mean
``--think`` seconds between a game's moves (``--games 1000 --think 60``: one move per game per
minute, about 17 moves a second). Every outcome is delivered (:func:`bot.adapter.delivery.deliver`) to a
gateway that answers as Discord would and keeps nothing, so the live messages' ids are stored
back as in the bot. Games are **played whole**: a game that ends is followed by a new one in a
new channel (the number of active games stays), until ``--duration`` seconds have passed (0: until
every game made ``--moves`` moves; ``--moves 0``: until the games end); then the moves still
waiting (for their pictures, on a saturated machine) are cut off — not counted as answered,
and not as doubled when they were stored. ``--prefix K`` first plays up to K moves of each game (a
random number, pictures not drawn, not measured), so that the measured boards come from every
part of a game, not only its start.

**Every picture is drawn** as the bot draws it: the service is built as the bot builds it, with
its own renderers and presenter, and only its render pool is the bench's (``--render-workers``
worker processes per bot process; default ``RENDER_WORKERS``'s, one per spare core; 0: a
thread), which counts what it draws by kind — boards, turn pictures, decision pictures (the
mover's next private decision, the secret decisions' DMs), private pictures, legends — so a
change of how or when the bot draws is measured as it is. (Where the pool keeps only the newest
board of a channel waiting for its turn, ``RenderPool.latest``, the boards it replaced are
counted too.) ``--render-every n`` draws only every n-th game's pictures (the others' are empty
stubs, answered at once), as the bench did before; whether a picture is drawn is told by the
task that asked for it (a context variable the players set), never by the view it is drawn from.

**The steady state** is measured, not the start: a bot whose games started over days never
sees every game's first pictures asked at once. The games are opened before the clock starts;
then the players play at the asked pace for ``--warmup`` seconds (default one mean pause, so
about every game makes its first move and its pictures are drawn, the render workers warm) —
played and drawn, not measured —; then the **measured window** of ``--duration`` seconds, the
same pace going on: the latencies are those of the commands sent in it, the moves per second and
the CPU per move those answered in it. A command still unanswered when the window closes counts
among the latencies with its wait so far (a lower bound), so a saturated run shows as one.

Printed per process: moves per second, the p50/p95 time **from the command to its delivered
outcome** (the board edited with its picture: the command, the store, the drawing, the
delivery; games whose pictures are drawn), the pictures drawn (boards, the boards a newer one
replaced, other pictures), its resident memory (VmRSS and its peak) and its render workers'
(their peaks, summed), the CPU time of the bot process and of its workers per move, and the
count of acknowledged actions missing from the store (``lost``) or stored more than once
(``doubled``), checked against each game's action log (a play the table made for a seat, its
only choice, was never sent and is not counted). ``--json`` prints one JSON object as the last
line: ``{"database", "games", "processes": [one object per process: moves_per_s, p50_ms,
p95_ms, boards_drawn, boards_replaced, pictures_drawn, rss_mib, peak_rss_mib,
workers_peak_rss_mib, total_peak_rss_mib, cpu_ms_per_move, lost, doubled, ...], "lost",
"doubled", "loadavg_1m"}`` (the machine's load at the end, to tell a busy machine's figures from
a quiet one's).

**The saturation point** of a render set-up is the pace (moves per second) at which p95 passes
1 s. ``--saturation`` brackets it: it runs the same games for ``--duration`` seconds a step, from
``--think``, halving the pause while p95 stays under 1 s or doubling it while p95 is over, until
a step lies on each side; it prints each step's pace and p95, and the pace interpolated between
the two sides (run it with ``--render-workers 1`` and ``2``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import math
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

from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings, default_render_workers  # noqa: E402
from bot.render_pool import RenderPool  # noqa: E402
from bot.service.autoplay import is_auto  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.service.outcome import ClosedDm, Outcome, PrivateMessage, PublicMessage, SentDm  # noqa: E402
from bot.shards import SHARD_SHIFT  # noqa: E402
from bot.stores.protocol import GameStore, open_store  # noqa: E402
from render import MovePictures  # noqa: E402

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


class QuietGateway:
    """A :class:`bot.service.outcome.Gateway` that answers as Discord would (each post and DM gets a new
    id, every edit and every DM's closing succeeds) and keeps nothing but counts: whole games'
    pictures would fill the memory. (``bench/memory.py`` uses it too.)"""

    def __init__(self) -> None:
        self.next_id = 10_000
        self.posts = self.edits = self.dms = 0

    async def post_public(self, msg: PublicMessage) -> int | None:
        self.next_id += 1
        self.posts += 1
        return self.next_id

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        self.edits += 1
        return True

    async def send_private(self, dm: PrivateMessage) -> SentDm | None:
        self.dms += 1
        self.next_id += 1
        return SentDm(self.next_id, self.next_id)

    def pressed(self, interaction: object) -> int | None:
        return None

    async def close_private(self, closed: ClosedDm) -> bool:
        return True

    async def acknowledge(self, interaction: object, outcome: Outcome) -> None:
        return None

    async def reply_ephemeral(
        self, interaction: object, text: str, image: Any = None, choices: Any = None
    ) -> None:
        return None


#: Whether the pictures the current task asks for are drawn (a game measured, past its prefix);
#: a task the service starts for a picture inherits it with the rest of the caller's context.
DRAWING: contextvars.ContextVar[bool] = contextvars.ContextVar("drawing", default=False)


class MeasuredPool(RenderPool):
    """The service's render pool, drawing what a task that set :data:`DRAWING` asks for (the
    others' pictures are an empty stub, answered at once), counting the drawings by kind (the
    renderer's name in :attr:`kinds`)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        #: The renderers the service draws with, by what they draw.
        self.kinds: dict[Any, str] = {}
        self.by_kind: Counter[str] = Counter()
        #: Boards asked for through ``latest`` (where the pool has it).
        self.latest_asked = 0

    def name_renderers(self, service: GameService) -> None:
        presenter = service.presenter
        for kind in ("renderer", "turn_renderer", "decision_renderer", "private_renderer", "legend_renderer"):
            self.kinds[getattr(presenter, kind)] = (
                "board" if kind == "renderer" else kind.removesuffix("_renderer")
            )

    def latest(self, key, fn, *args, merge=None):  # the newest pictures of a channel
        if not DRAWING.get():
            stub = asyncio.get_running_loop().create_future()
            stub.set_result(MovePictures(None, None))  # what latest draws: a move's pictures
            return stub
        self.latest_asked += 1
        return super().latest(key, fn, *args, merge=merge)

    async def run(self, fn, *args):
        if not DRAWING.get():
            return b""
        self.by_kind[self.kinds.get(fn, getattr(fn, "__name__", "other"))] += 1
        return await super().run(fn, *args)

    def drawings(self) -> dict[str, int]:
        """What was drawn, by kind; boards drawn through ``latest`` are in ``board``, those a
        newer board of their channel replaced before their turn in ``board_replaced``."""
        drawn = dict(self.by_kind)
        if self.latest_asked:
            drawn["board"] = drawn.get("board", 0) + getattr(self, "drawn", 0)
            drawn["board_replaced"] = getattr(self, "coalesced", 0)
        return drawn


async def open_game(service: GameService, channel: int, title: str, guild: int) -> int:
    """Open and start a game in ``channel``; users are 10·channel + seat index. Its id."""
    await service.new_game(channel, guild, channel * 10, f"H{channel}", title)
    for k in range(1, SEATS):
        await service.join(channel, channel * 10 + k, f"U{channel}-{k}")
    started = await service.start(channel, channel * 10)
    assert started.ok, started.ephemeral
    return service.tables.channel_games[channel]


class Run:
    """What the players of one process share: the clock's end, the channels still free, what
    was measured."""

    def __init__(self, args: argparse.Namespace, first_free_channel: int, guild: int) -> None:
        self.args = args
        self.deadline = math.inf
        self.next_channel = first_free_channel
        self.guild = guild
        self.latencies: list[float] = []
        #: When the measured window opens (the warm-up's end): commands sent before are played
        #: and drawn, not timed.
        self.window_start = math.inf
        #: The channels whose pictures are drawn (every ``--render-every``-th game's and their
        #: successors').
        self.drawn_channels: set[int] = set()
        self.acknowledged: list[tuple[int, str, str]] = []
        self.games_played: list[int] = []
        self.finished = 0
        #: Moves sent in the window and answered; and those still unanswered at its end (their
        #: wait so far is among the latencies: a lower bound).
        self.window_moves = 0
        self.unanswered = 0
        #: Moves cut off by the run's end (stored, maybe, but never answered).
        self.cut: list[tuple[int, str, str]] = []

    def stopping(self) -> bool:
        return time.perf_counter() >= self.deadline


async def game_actor(
    service: GameService,
    gateway: QuietGateway,
    pool: MeasuredPool,
    run: Run,
    channel: int,
    pk: int,
    title: str,
    rnd: random.Random,
) -> None:
    """The players of one game and of the games that follow it in new channels: after a random
    pause (mean ``--think``), every seat to act sends a random legal move at the same moment,
    and so does one seat out of turn (a race the service must refuse)."""
    args = run.args
    think_s = args.think
    measured = channel in run.drawn_channels

    async def send(seat: str, text: str, timed: bool) -> None:
        t0 = time.perf_counter()
        timed = timed and t0 >= run.window_start
        try:
            outcome = await service.act(channel, channel * 10 + int(seat[1:]), text)
            await deliver(outcome, gateway, service)
        except asyncio.CancelledError:  # the run's end: stored or not, never answered
            run.cut.append((pk, seat, text))
            if timed:  # it waited this long at least: counted, or a saturated run would look fast
                run.latencies.append((time.perf_counter() - t0) * 1e3)
                run.unanswered += 1
            raise
        elapsed = (time.perf_counter() - t0) * 1e3
        if outcome.ok:
            if timed:
                run.latencies.append(elapsed)
                run.window_moves += 1
            run.acknowledged.append((pk, seat, text))

    prefix = rnd.randint(0, args.prefix) if args.prefix else 0
    DRAWING.set(measured and not prefix)
    await asyncio.sleep(rnd.uniform(0, think_s) if not prefix else 0)
    while not run.stopping():
        table = service.tables.cached.get(pk)
        if table is None or table.row.status != "active" or (args.moves and table.row.version > args.moves):
            run.finished += 1
            if args.moves or run.stopping():
                return
            channel, run.next_channel = run.next_channel, run.next_channel + 1
            DRAWING.set(False)  # a game's start is drawn as the lobby's, not a move's
            pk = await open_game(service, channel, title, run.guild)
            DRAWING.set(measured)
            run.games_played.append(pk)
            continue
        if prefix and table.row.version > prefix:
            prefix = 0
            DRAWING.set(measured)
            await asyncio.sleep(rnd.uniform(0, think_s))
            continue
        rules, state = table.rules, table.state
        to_act = rules.to_act(state)
        timed = measured and not prefix
        calls = [send(seat, str(rnd.choice(rules.legal(state, seat))), timed) for seat in to_act]
        idle = [f"p{k}" for k in range(SEATS) if f"p{k}" not in to_act]
        if idle:
            calls.append(send(rnd.choice(idle), str(rnd.choice(rules.legal(state, to_act[0]))), timed))
        await asyncio.gather(*calls)
        if not prefix:
            await asyncio.sleep(rnd.expovariate(1 / think_s) if think_s > 0 else 0)


async def count_lost_and_doubled(
    store: GameStore, acknowledged: list[tuple[int, str, str]], cut: list[tuple[int, str, str]] = ()
) -> tuple[int, int]:
    """Compare the acknowledged actions with the stored ones, game by game. A play the table
    made for a seat (its only choice, ``bot/service/autoplay.py``) was never sent, so it is not counted;
    nor is a move ``cut`` off by the run's end (it may be stored without an answer)."""
    may_be_stored: dict[int, Counter] = {}
    for pk, seat, text in cut:
        may_be_stored.setdefault(pk, Counter())[(seat, text)] += 1
    expected: dict[int, Counter] = {}
    for pk, seat, text in acknowledged:
        expected.setdefault(pk, Counter())[(seat, text)] += 1
    lost = doubled = 0
    for pk, wanted in expected.items():
        stored = Counter(
            (a.seat, a.text) for a in await store.actions(pk) if a.kind == "play" and not is_auto(a.events)
        )
        lost += sum((wanted - stored).values())
        doubled += sum((stored - wanted - may_be_stored.get(pk, Counter())).values())
    return lost, doubled


def warmup_s(args: argparse.Namespace) -> float:
    """The warm-up before the measured window: ``--warmup``, else one mean pause (every game
    makes about one move, its pictures drawn) — never with ``--duration 0``."""
    if not args.duration:
        return 0.0
    return args.think if args.warmup is None else args.warmup


def settings_for(database: str, processes: int, index: int) -> Settings:
    if database.startswith(("postgresql://", "postgres://")):
        return Settings(database_url=database, shard_count=processes, shard_ids=(index,))
    return Settings(database_path=database)


def cpu_s(pid: int) -> float:
    """A process's CPU time (user + system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_process(args: argparse.Namespace, index: int, ready: Any = None) -> dict[str, Any]:
    """One bot process's share of the games: open them, (wait for the others,) play them."""
    share = [g for g in range(args.games) if g % args.processes == index]
    channels = [index * CHANNELS_PER_PROCESS + g + 1 for g in share]
    pool = MeasuredPool(args.render_workers)
    settings = settings_for(args.database, args.processes, index)
    store = await open_store(settings)
    service = GameService(store, settings, seed_source=lambda: 7, render_pool=pool)  # the real renderers
    pool.name_renderers(service)
    pool.start()  # as the bot does at start-up: the workers warm up while the games open
    guild = guild_of_shard(index, args.processes)
    t0 = time.perf_counter()
    pks = {}
    for k, channel in enumerate(channels):  # the games' first pictures are not what is measured
        pks[channel] = await open_game(service, channel, TITLES[k % len(TITLES)], guild)
    setup_s = time.perf_counter() - t0
    if ready is not None:
        await ready()
    run = Run(args, index * CHANNELS_PER_PROCESS + len(share) + 1 + CHANNELS_PER_PROCESS // 2, guild)
    run.drawn_channels = {channel for k, channel in enumerate(channels) if k % args.render_every == 0}
    run.games_played = list(pks.values())
    gateway = QuietGateway()
    tasks = [
        game_actor(
            service,
            gateway,
            pool,
            run,
            channel,
            pks[channel],
            TITLES[k % len(TITLES)],
            random.Random(channel),
        )
        for k, channel in enumerate(channels)
    ]
    warmup = warmup_s(args)
    started = time.perf_counter()
    if args.duration:
        run.deadline = started + warmup + args.duration
    run.window_start = started + warmup
    playing = [asyncio.ensure_future(task) for task in tasks]
    # The warm-up: every game's first move at the asked pace, its pictures drawn, not measured.
    if warmup:
        await asyncio.wait(playing, timeout=warmup)
    t0 = time.perf_counter()
    workers_cpu0 = sum(cpu_s(pid) for pid in pool.worker_pids())
    cpu0 = time.process_time()
    moves0 = len(run.acknowledged)
    await asyncio.wait(playing, timeout=(args.duration or None))
    play_s = time.perf_counter() - t0
    for task in playing:  # the end: moves still waiting for their pictures are cut off
        task.cancel()
    ended = await asyncio.gather(*playing, return_exceptions=True)
    failed = [error for error in ended if isinstance(error, Exception)]
    if failed:  # a player that raised stopped playing its game: the figures would be wrong
        raise RuntimeError(f"{len(failed)} game(s) stopped on an error") from failed[0]
    cpu = time.process_time() - cpu0
    workers_cpu = sum(cpu_s(pid) for pid in pool.worker_pids()) - workers_cpu0
    rss, peak = rss_mib()
    workers_peak = round(sum(rss_mib(pid)[1] for pid in pool.worker_pids()), 1)
    pool.close()
    active = len(await store.games(("active",)))
    lost, doubled = await count_lost_and_doubled(store, run.acknowledged, run.cut)
    await store.close()
    moves = len(run.acknowledged) - moves0  # answered in the window
    return {
        "process": index,
        "games": len(channels),
        "games_played": len(run.games_played),
        "games_finished": run.finished,
        "active_games": active,
        "moves": moves,
        "timed_moves": len(run.latencies),
        "unanswered_at_the_end": run.unanswered,
        "turns_asked_per_s": round(len(channels) / args.think, 2) if args.think else None,
        "moves_cut_at_the_end": len(run.cut),
        "setup_s": round(setup_s, 1),
        "warmup_s": round(warmup, 1),
        "play_s": round(play_s, 1),
        "moves_per_s": round(moves / play_s, 1),
        "p50_ms": round(percentile(run.latencies, 0.5), 1),
        "p95_ms": round(percentile(run.latencies, 0.95), 1),
        "drawn": (drawn := pool.drawings()),
        "boards_drawn": drawn.get("board", 0),
        "boards_replaced": drawn.get("board_replaced", 0),
        "pictures_drawn": sum(n for kind, n in drawn.items() if kind not in ("board", "board_replaced")),
        "rss_mib": rss,
        "peak_rss_mib": peak,
        "render_workers": args.render_workers,
        "workers_peak_rss_mib": workers_peak,
        "total_peak_rss_mib": round(peak + workers_peak, 1),
        "cpu_ms_per_move": round(cpu * 1e3 / max(1, moves), 2),
        "workers_cpu_ms_per_move": round(workers_cpu * 1e3 / max(1, moves), 2),
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
        "--render-workers",
        str(args.render_workers),
    ]
    argv += ["--duration", str(args.duration), "--prefix", str(args.prefix)]
    argv += ["--warmup", str(warmup_s(args))]
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
    ap.add_argument("--moves", type=int, default=0, help="moves per game (0: whole games)")
    ap.add_argument("--think", type=float, default=60.0, help="mean pause between a game's moves (s)")
    ap.add_argument(
        "--duration",
        type=float,
        default=300.0,
        help="seconds of the measured window (0: until the games end)",
    )
    ap.add_argument(
        "--warmup",
        type=float,
        default=None,
        help="seconds played and drawn before the window, not measured (default: --think)",
    )
    ap.add_argument(
        "--prefix", type=int, default=0, help="first play up to this many moves per game, undrawn"
    )
    ap.add_argument("--render-every", type=int, default=1, help="draw the pictures of every n-th game")
    ap.add_argument(
        "--render-workers",
        type=int,
        default=default_render_workers(),
        help="render worker processes per bot process (0: a thread; default RENDER_WORKERS's)",
    )
    ap.add_argument(
        "--saturation",
        action="store_true",
        help="halve --think step by step until p95 passes 1 s; print the pace at which it does",
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
    if args.saturation:
        steps = find_saturation(args, postgres)
        if args.json:
            print(json.dumps({"saturation": steps[-1].get("saturation_moves_per_s"), "steps": steps}))
        return
    f = measure(args, postgres)
    report(args, f)
    if args.json:
        print(json.dumps(f))


def measure(args: argparse.Namespace, postgres: bool) -> dict[str, Any]:
    """One run of the games as ``args`` say; the figures of every process and the machine's load."""
    load_at_start = round(os.getloadavg()[0], 2)
    database = args.database
    with tempfile.TemporaryDirectory() as tmp:
        if database is None:
            args.database = f"{tmp}/load.db"
        try:
            processes = [asyncio.run(run_process(args, 0))] if args.processes == 1 else run_processes(args)
        finally:
            args.database = database
    return {
        "database": "postgresql" if postgres else "sqlite",
        "games": args.games,
        "think_s": args.think,
        "duration_s": args.duration,
        "moves_per_game": args.moves,
        "render_workers": args.render_workers,
        "processes": processes,
        "moves_per_s": round(sum(p["moves_per_s"] for p in processes), 1),
        "p95_ms": max(p["p95_ms"] for p in processes),
        "loadavg_1m_start": load_at_start,
        "lost": sum(p["lost"] for p in processes),
        "doubled": sum(p["doubled"] for p in processes),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def report(args: argparse.Namespace, f: dict[str, Any]) -> None:
    processes = f["processes"]
    print(
        f"{args.games} active games on {f['database']}, {len(processes)} process(es); {SEATS} seats each, "
        f"mean pause {args.think} s, {'whole games' if not args.moves else f'{args.moves} moves per game'}, "
        f"{args.duration or 'no'} s cap, every picture of every {args.render_every}. game drawn, "
        f"{args.render_workers} render worker(s) per process"
    )
    for p in processes:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(p["drawn"].items()))
        print(
            f"process {p['process']}: {p['moves']} moves in {p['games_played']} games ({p['games_finished']} "
            f"ended), {p['moves_per_s']} moves/s answered ({p['turns_asked_per_s']} game turns/s asked; setup "
            f"{p['setup_s']} s, warm-up {p['warmup_s']} s); command to delivered picture p50 {p['p50_ms']} ms, "
            f"p95 {p['p95_ms']} ms ({p['timed_moves']} moves sent in the window, {p['unanswered_at_the_end']} "
            f"unanswered at its end, counted as their wait so far); drawn: {kinds}; "
            f"CPU per move {p['cpu_ms_per_move']} ms + {p['render_workers']} render worker(s) "
            f"{p['workers_cpu_ms_per_move']} ms; RSS {p['rss_mib']} MiB (peak {p['peak_rss_mib']} "
            f"MiB, with the workers {p['total_peak_rss_mib']} MiB); lost {p['lost']}, doubled {p['doubled']}"
        )
    print(f"acknowledged actions lost: {f['lost']}, doubled: {f['doubled']}  (goal: 0 and 0)")
    print(f"load average (1 min) at the start: {f['loadavg_1m_start']}, at the end: {f['loadavg_1m']}")


#: The p95 (ms) past which a render set-up is saturated.
SATURATED_MS = 1000.0
#: At most this many steps of ``--saturation``.
MAX_STEPS = 6


def find_saturation(args: argparse.Namespace, postgres: bool) -> list[dict[str, Any]]:
    """Bracket the pace at which p95 passes :data:`SATURATED_MS`: from ``--think``, halve the
    pause each step while p95 stays under it, or double it while p95 is over it, until one step
    is on each side (at most :data:`MAX_STEPS`). Each step's pace, p95, the render workers' CPU
    per move and the load; on the last, the pace interpolated on p95 between the two sides."""
    steps: list[dict[str, Any]] = []
    think = args.think
    for _ in range(MAX_STEPS):
        args.think = think
        f = measure(args, postgres)
        p = f["processes"][0]
        step = {
            "think_s": think,
            "moves_per_s": f["moves_per_s"],
            "timed_moves": p["timed_moves"],
            "unanswered_at_the_end": p["unanswered_at_the_end"],
            "turns_asked_per_s": p["turns_asked_per_s"],
            "p50_ms": p["p50_ms"],
            "p95_ms": f["p95_ms"],
            "render_cpu_ms_per_move": p["workers_cpu_ms_per_move"],
            "loadavg_1m": f["loadavg_1m"],
            "lost": f["lost"],
            "doubled": f["doubled"],
        }
        steps.append(step)
        print(
            f"--think {think:g}: {step['moves_per_s']} moves/s ({step['turns_asked_per_s']} game turns/s asked), "
            f"p50 {step['p50_ms']} ms, p95 {step['p95_ms']} ms ({step['timed_moves']} moves, "
            f"{step['unanswered_at_the_end']} unanswered at the end; {args.render_workers} render worker(s), "
            f"{step['render_cpu_ms_per_move']} ms of their CPU per move; load average {step['loadavg_1m']})",
            flush=True,
        )
        over = [s for s in steps if s["p95_ms"] > SATURATED_MS]
        under = [s for s in steps if s["p95_ms"] <= SATURATED_MS]
        if over and under:
            break
        think = think * 2 if over else think / 2
    over = [s for s in steps if s["p95_ms"] > SATURATED_MS]
    under = [s for s in steps if s["p95_ms"] <= SATURATED_MS]
    if not over:
        print(f"p95 stayed under {SATURATED_MS:g} ms up to {max(s['moves_per_s'] for s in steps)} moves/s")
        return steps
    if not under:
        print(f"p95 was over {SATURATED_MS:g} ms down to {min(s['moves_per_s'] for s in steps)} moves/s")
        return steps
    slow = max(under, key=lambda s: s["moves_per_s"])
    fast = min(over, key=lambda s: s["moves_per_s"])
    share = (SATURATED_MS - slow["p95_ms"]) / (fast["p95_ms"] - slow["p95_ms"])
    pace = slow["moves_per_s"] + share * (fast["moves_per_s"] - slow["moves_per_s"])
    steps[-1]["saturation_moves_per_s"] = round(pace, 2)
    print(
        f"saturation with {args.render_workers} render worker(s): p95 passes {SATURATED_MS:g} ms at about "
        f"{pace:.2f} moves/s (between {slow['moves_per_s']} and {fast['moves_per_s']})"
    )
    return steps


if __name__ == "__main__":
    main()
