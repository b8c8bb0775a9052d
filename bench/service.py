"""Service speed: one move through the service layer and everything it asks of the store, against
the floor of a database write (one INSERT + COMMIT in one hop), on SQLite or PostgreSQL, at a
durability the figures name.

python bench/service.py [--game cuba] [--players 3] [--games 3] [--database PATH|URL|pgserver]
                        [--durable yes|no] [--json]

Every seat is a human driven by random legal moves, so each move goes through
``GameService.act`` (the seat and turn checks, parse, apply, the version-checked transaction,
the only choices the table then plays, the log lines, the buttons, the DMs; pictures stubbed
out, i.e. "before rendering") and then through :func:`bot.adapter.delivery.deliver` to a recording
gateway (the live messages' ids stored back, the refused DMs read): all a move does but draw
and talk to Discord.

**Store time per move** is the time spent in every call the move makes to the store (each public
method of :class:`bot.stores.protocol.GameStore`, timed on the store object; a call made inside another
counts once), summed per move; the count of those calls is printed beside it. The **baseline**
is one ``INSERT`` of a log row of the same shape + ``COMMIT`` in one hop to the database, on the
same backend at the same durability, written after every move so that the machine's load weighs
on both sides of the ratio alike: on SQLite, ``BEGIN; INSERT; COMMIT`` in one call on a database
thread (a WAL file with the store's pragmas); on PostgreSQL, one autocommitted ``INSERT`` (one
round trip of a prepared statement). Goal: store time per move ≤ 4× the baseline (p50s).

``--database``: a SQLite file is made per game in a temporary folder (default); a
``postgresql://`` URL is used as it is (its games stay); ``pgserver`` starts a throwaway
PostgreSQL 16 from the ``pgserver`` wheel (the test extra) with its default settings (every
commit waits for the disk) and deletes it after. ``--durable`` is ``DURABLE_COMMITS`` for the
store and the baseline alike (``yes``: SQLite ``synchronous=FULL``, PostgreSQL
``synchronous_commit=on``; ``no``: ``NORMAL`` / ``off``; not given: each backend's own default);
the figures say which setting was read back from the database. The same ratio is printed in
this process's CPU time (``time.process_time`` inside the store calls and around the baseline;
the machine's load moves it little; a PostgreSQL server's own CPU is not in it), with the store's
own counts per move (:class:`bot.stores.queries.StoreCounts`: operations, statements, round trips).
Also printed: the CPU time of this process per move (``time.process_time``: the event loop and the SQLite thread; a PostgreSQL
server's own CPU is not in it) and the machine's load average. ``--json`` prints one JSON object
as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import functools
import inspect
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.protocol import GameStore, open_store  # noqa: E402
from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from tests.doubles.gateway import RecordingGateway  # noqa: E402


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def is_postgres(database: str | None) -> bool:
    return bool(database) and database.startswith(("postgresql://", "postgres://"))  # type: ignore[union-attr]


# ---------------------------------------------------------------------- timing the store


#: Whether the current task is inside a timed store call already (a call made by another counts once).
INSIDE: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_store", default=False)


class StoreMeter:
    """Times every public call of the :class:`GameStore` protocol on one store object."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        self.calls = 0
        self.by_name: dict[str, int] = {}
        #: CPU seconds by method, over the whole run (what a move's store time is made of)
        self.cpu_by_name: dict[str, float] = {}

    def attach(self, store: GameStore) -> None:
        names = [name for name, fn in vars(GameStore).items() if inspect.iscoroutinefunction(fn)]
        for name in names:
            if name != "close" and hasattr(store, name):
                setattr(store, name, self._timed(name, getattr(store, name)))

    def _timed(self, name: str, method: Any) -> Any:
        @functools.wraps(method)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            if INSIDE.get():
                return await method(*args, **kwargs)
            token = INSIDE.set(True)
            t0, cpu0 = time.perf_counter(), time.process_time()
            try:
                return await method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - t0
                self.cpu_seconds += time.process_time() - cpu0
                self.calls += 1
                self.by_name[name] = self.by_name.get(name, 0) + 1
                self.cpu_by_name[name] = self.cpu_by_name.get(name, 0.0) + time.process_time() - cpu0
                INSIDE.reset(token)

        return timed

    def take(self) -> tuple[float, float, int]:
        """The store time and CPU time (ms) and the calls since the last take."""
        taken = (self.seconds * 1e3, self.cpu_seconds * 1e3, self.calls)
        self.seconds, self.cpu_seconds, self.calls = 0.0, 0.0, 0
        return taken


# ---------------------------------------------------------------------- the baselines

LOG_COLUMNS = "(game_pk INTEGER, n INTEGER, seat TEXT, text TEXT, kind TEXT, created REAL, events TEXT, PRIMARY KEY (game_pk, n))"


class SqliteFloor:
    """``BEGIN; INSERT; COMMIT`` in one hop to a database thread, on a WAL file with the store's
    pragmas (and its ``synchronous``)."""

    def __init__(self, directory: str, durable: bool) -> None:
        self.thread = ThreadPoolExecutor(max_workers=1)
        self.path = f"{directory}/floor.db"
        self.durable = durable
        self.conn: sqlite3.Connection | None = None
        self.n = 0

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
            db.execute(f"CREATE TABLE log {LOG_COLUMNS} WITHOUT ROWID")
            return db

        self.conn = await asyncio.get_running_loop().run_in_executor(self.thread, connect)

    async def insert(self, seat: str, text: str, events: str) -> tuple[float, float]:
        """The INSERT+COMMIT's time and this process's CPU time for it (ms)."""
        self.n += 1
        conn, n = self.conn, self.n

        def write() -> None:
            assert conn is not None
            conn.execute("BEGIN")
            conn.execute(
                "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", (1, n, seat, text, "play", 0.0, events)
            )
            conn.execute("COMMIT")

        t0, cpu0 = time.perf_counter(), time.process_time()
        await asyncio.get_running_loop().run_in_executor(self.thread, write)
        return (time.perf_counter() - t0) * 1e3, (time.process_time() - cpu0) * 1e3

    async def close(self) -> None:
        if self.conn is not None:
            await asyncio.get_running_loop().run_in_executor(self.thread, self.conn.close)
        self.thread.shutdown()


class PostgresFloor:
    """One autocommitted ``INSERT`` (a prepared statement: one round trip) into a table of its
    own (a logged one: a temporary table's commits never wait for the disk), on a connection
    with the store's ``synchronous_commit``; the table is dropped at the end."""

    def __init__(self, url: str, durable: bool | None) -> None:
        self.url = url
        self.durable = durable
        self.conn: Any = None
        self.n = 0
        self.table = f"bench_floor_log_{os.getpid()}"

    async def open(self) -> None:
        import asyncpg

        settings = {} if self.durable is None else {"synchronous_commit": "on" if self.durable else "off"}
        self.conn = await asyncpg.connect(self.url, server_settings=settings)
        await self.conn.execute(f"CREATE TABLE {self.table} {LOG_COLUMNS}")

    async def insert(self, seat: str, text: str, events: str) -> tuple[float, float]:
        """The INSERT's time and this process's CPU time for it (ms)."""
        self.n += 1
        t0, cpu0 = time.perf_counter(), time.process_time()
        await self.conn.execute(
            f"INSERT INTO {self.table} VALUES ($1, $2, $3, $4, $5, $6, $7)",
            1,
            self.n,
            seat,
            text,
            "play",
            0.0,
            events,
        )
        return (time.perf_counter() - t0) * 1e3, (time.process_time() - cpu0) * 1e3

    async def close(self) -> None:
        await self.conn.execute(f"DROP TABLE {self.table}")
        await self.conn.close()


@contextlib.asynccontextmanager
async def pgserver_url() -> AsyncIterator[str]:
    """A throwaway PostgreSQL server (the ``pgserver`` wheel), its default settings."""
    import pgserver

    server = pgserver.get_server(tempfile.mkdtemp(prefix="tradewinds-bench-pg-"), cleanup_mode="delete")
    try:
        server.psql("CREATE DATABASE bench;")
        yield urlunsplit(urlsplit(server.get_uri())._replace(path="/bench"))
    finally:
        server.cleanup()


async def durability_read_back(store: GameStore, postgres: bool) -> str:
    """The setting the store's connection runs with, as the database says it."""
    if postgres:
        return "synchronous_commit=" + str((await store.fetch("SHOW synchronous_commit"))[0][0])  # type: ignore[attr-defined]
    level = int((await store.fetch("PRAGMA synchronous"))[0][0])  # type: ignore[attr-defined]
    return "synchronous=" + {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[level]


# ---------------------------------------------------------------------- the games


async def play_game(
    settings: Settings,
    game: str,
    players: int,
    seed: int,
    floor: Any,
    figures: dict[str, list[float]],
    by_name: dict[str, int],
    cpu_by_name: dict[str, float],
) -> str:
    """One whole game through the service; returns the durability the store runs with.
    ``by_name`` adds up the moves' store calls by method, ``cpu_by_name`` their CPU seconds."""
    store = await open_store(settings)
    meter = StoreMeter()
    meter.attach(store)
    service = GameService(
        store,
        settings,
        renderer=lambda game_id, view: b"",  # rendering stubbed out: "before rendering"
        private_renderer=lambda game_id, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda game_id, view, legal, lang: None,
        seed_source=lambda: seed,
    )
    gateway = RecordingGateway()
    channel = seed
    rules = GAMES[game]
    await service.new_game(channel, None, 1, "P1", game)
    for user in range(2, players + 1):
        await service.join(channel, user, f"P{user}")
    start = await service.start(channel, 1)
    await deliver(start, gateway, service)
    pk = service.tables.channel_games[channel]
    bots = {f"p{i}": player(game, "random", seed * 31 + i) for i in range(players)}
    moves = 0
    meter.take()
    meter.by_name.clear()
    meter.cpu_by_name.clear()
    counts = store.counts.snapshot()  # type: ignore[attr-defined]
    while True:
        table = service.tables.cached.get(pk)
        if table is None or table.row.status != "active":
            break
        state = table.state
        to_act = rules.to_act(state)
        seat = to_act[moves % len(to_act)]
        action = bots[seat].choose({}, rules.legal(state, seat))
        cpu0, t0 = time.process_time(), time.perf_counter()
        outcome = await service.act(channel, int(seat[1:]) + 1, str(action))
        await deliver(outcome, gateway, service)
        figures["move_ms"].append((time.perf_counter() - t0) * 1e3)
        figures["move_cpu_ms"].append((time.process_time() - cpu0) * 1e3)
        store_ms, store_cpu_ms, calls = meter.take()
        figures["store_ms"].append(store_ms)
        figures["store_cpu_ms"].append(store_cpu_ms)
        figures["store_calls"].append(calls)
        now = store.counts.snapshot()  # type: ignore[attr-defined]
        figures["operations"].append(now.operations - counts.operations)
        figures["statements"].append(now.statements - counts.statements)
        figures["round_trips"].append(now.round_trips - counts.round_trips)
        assert outcome.ok, outcome.ephemeral
        moves += 1
        floor_ms, floor_cpu_ms = await floor.insert(
            seat, str(action), json.dumps([{"kind": "x", "seat": seat}])
        )
        figures["floor_ms"].append(floor_ms)
        figures["floor_cpu_ms"].append(floor_cpu_ms)
        counts = store.counts.snapshot()  # type: ignore[attr-defined]
    for name, count in meter.by_name.items():
        by_name[name] = by_name.get(name, 0) + count
    for name, seconds in meter.cpu_by_name.items():
        cpu_by_name[name] = cpu_by_name.get(name, 0.0) + seconds
    durability = await durability_read_back(store, is_postgres(settings.database_url))
    await store.close()
    return durability


async def run(args: argparse.Namespace, database: str | None) -> dict[str, Any]:
    figures: dict[str, list[float]] = {
        "move_ms": [],
        "move_cpu_ms": [],
        "store_ms": [],
        "store_cpu_ms": [],
        "store_calls": [],
        "operations": [],
        "statements": [],
        "round_trips": [],
        "floor_ms": [],
        "floor_cpu_ms": [],
    }
    durable = {"yes": True, "no": False, None: None}[args.durable]
    postgres = is_postgres(database)
    with tempfile.TemporaryDirectory() as tmp:
        floor: Any
        if postgres:
            assert database is not None
            floor = PostgresFloor(database, durable)
        else:
            floor = SqliteFloor(tmp, bool(durable))
        await floor.open()
        durability = ""
        by_name: dict[str, int] = {}
        cpu_by_name: dict[str, float] = {}
        for seed in range(1, args.games + 1):
            if postgres:
                settings = Settings(database_url=database, durable_commits=durable)
            else:
                settings = Settings(database_path=f"{tmp}/game{seed}.db", durable_commits=durable)
            durability = await play_game(settings, args.game, args.players, seed, floor, figures, by_name, cpu_by_name)
        await floor.close()
    p50 = {name: statistics.median(samples) for name, samples in figures.items()}
    return {
        "game": args.game,
        "players": args.players,
        "database": "postgresql" if postgres else "sqlite",
        "durability": durability,
        "moves": len(figures["move_ms"]),
        "move_p50_ms": round(p50["move_ms"], 3),
        "move_p95_ms": round(percentile(figures["move_ms"], 0.95), 3),
        "move_cpu_p50_ms": round(p50["move_cpu_ms"], 3),
        "move_cpu_mean_ms": round(statistics.fmean(figures["move_cpu_ms"]), 3),
        "store_calls_per_move": round(statistics.fmean(figures["store_calls"]), 2),
        "store_calls_per_move_by_method": {
            name: round(count / len(figures["move_ms"]), 2)
            for name, count in sorted(by_name.items(), key=lambda item: -item[1])
        },
        "store_cpu_ms_per_move_by_method": {
            name: round(seconds * 1e3 / len(figures["move_ms"]), 3)
            for name, seconds in sorted(cpu_by_name.items(), key=lambda item: -item[1])
        },
        "operations_per_move": round(statistics.fmean(figures["operations"]), 2),
        "statements_per_move": round(statistics.fmean(figures["statements"]), 2),
        "round_trips_per_move": round(statistics.fmean(figures["round_trips"]), 2),
        "store_p50_ms": round(p50["store_ms"], 3),
        "store_p95_ms": round(percentile(figures["store_ms"], 0.95), 3),
        "floor_p50_ms": round(p50["floor_ms"], 3),
        "store_ratio": round(p50["store_ms"] / p50["floor_ms"], 2),
        "store_cpu_p50_ms": round(p50["store_cpu_ms"], 3),
        "floor_cpu_p50_ms": round(p50["floor_cpu_ms"], 3),
        "store_cpu_ratio": round(p50["store_cpu_ms"] / p50["floor_cpu_ms"], 2),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    if args.database == "pgserver":
        async with pgserver_url() as url:
            return await run(args, url)
    return await run(args, args.database)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="cuba", choices=sorted(BUILTIN_GAMES))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument(
        "--database", default=None, help="a postgresql:// URL, or pgserver (default: SQLite files)"
    )
    ap.add_argument("--durable", choices=("yes", "no"), default=None, help="DURABLE_COMMITS (default: unset)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.database is not None and args.database != "pgserver" and not is_postgres(args.database):
        ap.error("--database takes a postgresql:// URL or pgserver (SQLite files are made per game)")
    f = asyncio.run(main_async(args))
    print(
        f"{f['game']}, {f['players']} players, {f['moves']} moves through the service on {f['database']} "
        f"({f['durability']}; load average {f['loadavg_1m']})"
    )
    print(
        f"a move (service, store, delivery; before rendering): p50 {f['move_p50_ms']} ms, p95 {f['move_p95_ms']} ms; "
        f"CPU time of this process p50 {f['move_cpu_p50_ms']} ms, mean {f['move_cpu_mean_ms']} ms"
    )
    print(
        f"store per move: {f['store_calls_per_move']} calls, {f['operations_per_move']} operations, "
        f"{f['statements_per_move']} statements, {f['round_trips_per_move']} round trips"
    )
    print(
        f"store time per move: p50 {f['store_p50_ms']} ms, p95 {f['store_p95_ms']} ms; one INSERT+COMMIT "
        f"in one hop: p50 {f['floor_p50_ms']} ms; ratio {f['store_ratio']}  (goal: <= 4)"
    )
    print(
        f"this process's CPU time in the store per move: p50 {f['store_cpu_p50_ms']} ms; in one "
        f"INSERT+COMMIT: p50 {f['floor_cpu_p50_ms']} ms; ratio {f['store_cpu_ratio']}"
    )
    print(
        "the store's CPU time per move by method (ms): "
        + ", ".join(
            f"{name} {ms} ({f['store_calls_per_move_by_method'][name]} calls)"
            for name, ms in f["store_cpu_ms_per_move_by_method"].items()
        )
    )
    if args.json:
        print(json.dumps(f))


if __name__ == "__main__":
    main()
