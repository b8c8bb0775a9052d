"""Service speed: one action through the service layer with its SQLite commit (rendering stubbed
out, i.e. "before rendering"), and the cost of persisting an action against a bare SQLite
INSERT+COMMIT in WAL mode.

python bench/service.py [--game cuba] [--players 3] [--games 3] [--json]

Every seat is a human driven by random legal moves, so each action goes through
``GameService.act``: the seat and turn checks, parse, apply, the version-checked transaction
(action row, state cache, timers), the log lines, the buttons and the DMs. The persistence cost is
the time of ``Store.append_action`` within those actions; the baseline is a bare
``INSERT`` + ``COMMIT`` of a row of the same shape through aiosqlite (the usual asyncio SQLite
library; the store itself no longer uses it) on a WAL database with the same pragmas
(``synchronous=NORMAL``). ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite  # noqa: E402  (the baseline only: pip install aiosqlite, part of the test extra)

from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player  # noqa: E402

CHANNEL = 1


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


LOG_TABLE = (
    "CREATE TABLE log (game_pk INTEGER, n INTEGER, seat TEXT, text TEXT, kind TEXT, created REAL, "
    "events TEXT, PRIMARY KEY (game_pk, n)) WITHOUT ROWID"
)


class BareLog:
    """A bare log table on its own WAL database (same pragmas as the store): the baseline.

    ``insert`` is an INSERT + COMMIT through aiosqlite, as any aiosqlite program writes a row
    (one hop to aiosqlite's thread per statement); ``insert_one_hop`` runs the same two
    statements on a database thread in one go, as the store runs a whole transaction (the ratio
    against it shows the SQLite work alone)."""

    def __init__(
        self, plain: aiosqlite.Connection, thread: ThreadPoolExecutor, manual: sqlite3.Connection
    ) -> None:
        self.plain = plain
        self.thread = thread
        self.manual = manual
        self.n = 0

    @classmethod
    async def open(cls, directory: str) -> BareLog:
        plain = await aiosqlite.connect(f"{directory}/bare.db")
        for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", LOG_TABLE):
            await plain.execute(pragma)
        await plain.commit()

        def connect() -> sqlite3.Connection:
            db = sqlite3.connect(
                f"{directory}/bare_one_hop.db", isolation_level=None, check_same_thread=False
            )
            for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", LOG_TABLE):
                db.execute(pragma)
            return db

        thread = ThreadPoolExecutor(max_workers=1)
        manual = await asyncio.get_running_loop().run_in_executor(thread, connect)
        return cls(plain, thread, manual)

    async def close(self) -> None:
        await self.plain.close()
        await asyncio.get_running_loop().run_in_executor(self.thread, self.manual.close)
        self.thread.shutdown()

    async def insert(self, seat: str, text: str, events: str) -> float:
        self.n += 1
        t0 = time.perf_counter()
        await self.plain.execute(
            "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", (1, self.n, seat, text, "play", 0.0, events)
        )
        await self.plain.commit()
        return (time.perf_counter() - t0) * 1e3

    async def insert_one_hop(self, seat: str, text: str, events: str) -> float:
        def write(conn: sqlite3.Connection, n: int) -> None:
            conn.execute("BEGIN")
            conn.execute(
                "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", (1, n, seat, text, "play", 0.0, events)
            )
            conn.execute("COMMIT")

        t0 = time.perf_counter()
        await asyncio.get_running_loop().run_in_executor(self.thread, write, self.manual, self.n)
        return (time.perf_counter() - t0) * 1e3


async def play_game(
    path: str, game: str, players: int, seed: int, bare: BareLog, figures: dict[str, list[float]]
) -> None:
    """One whole game through the service. After every action, the baselines write the same
    row, so that the machine's load weighs on both sides of the ratio alike."""
    store = await Store.open(path)
    append = store.append_action

    async def timed_append(*args, **kwargs):
        t0 = time.perf_counter()
        try:
            return await append(*args, **kwargs)
        finally:
            figures["persist"].append((time.perf_counter() - t0) * 1e3)

    store.append_action = timed_append  # type: ignore[method-assign]
    service = GameService(
        store,
        Settings(),
        renderer=lambda game_id, view: b"",  # rendering stubbed out: "before rendering"
        private_renderer=lambda game_id, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda game_id, view, legal, lang: None,
        seed_source=lambda: seed,
    )
    rules = GAMES[game]
    await service.new_game(CHANNEL, None, 1, "P1", game)
    for user in range(2, players + 1):
        await service.join(CHANNEL, user, f"P{user}")
    await service.start(CHANNEL, 1)
    pk = (await store.open_game(CHANNEL)).id
    bots = {f"p{i}": player(game, "random", seed * 31 + i) for i in range(players)}
    moves = 0
    while True:
        row = await store.game(pk)
        if row.status != "active":
            break
        state = service.tables.cached[pk].state
        seat = rules.to_act(state)[moves % len(rules.to_act(state))]
        action = bots[seat].choose({}, rules.legal(state, seat))
        t0 = time.perf_counter()
        outcome = await service.act(CHANNEL, int(seat[1:]) + 1, str(action))
        figures["act"].append((time.perf_counter() - t0) * 1e3)
        assert outcome.ok, outcome.ephemeral
        moves += 1
        # One baseline row per logged row: a move may be followed by the only choice the table
        # plays for the next seat (bot/service/autoplay.py), a second append_action.
        for logged in await store.actions(pk, since=row.version):
            events = json.dumps(logged.events, separators=(",", ":"))
            figures["bare"].append(await bare.insert(logged.seat or "", logged.text, events))
            figures["bare_one_hop"].append(await bare.insert_one_hop(logged.seat or "", logged.text, events))
    await store.close()


async def run(args: argparse.Namespace) -> dict:
    figures: dict[str, list[float]] = {"act": [], "persist": [], "bare": [], "bare_one_hop": []}
    with tempfile.TemporaryDirectory() as tmp:
        bare = await BareLog.open(tmp)
        for seed in range(args.games):
            await play_game(f"{tmp}/game{seed}.db", args.game, args.players, seed + 1, bare, figures)
        await bare.close()
    p50 = {name: statistics.median(samples) for name, samples in figures.items()}
    return {
        "game": args.game,
        "players": args.players,
        "actions": len(figures["act"]),
        "act_p50_ms": round(p50["act"], 3),
        "act_p95_ms": round(percentile(figures["act"], 0.95), 3),
        "persist_p50_ms": round(p50["persist"], 3),
        "bare_insert_commit_p50_ms": round(p50["bare"], 3),
        "persist_ratio": round(p50["persist"] / p50["bare"], 2),
        "bare_one_hop_p50_ms": round(p50["bare_one_hop"], 3),
        "persist_ratio_one_hop": round(p50["persist"] / p50["bare_one_hop"], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="cuba", choices=sorted(BUILTIN_GAMES))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    figures = asyncio.run(run(args))
    print(
        f"{figures['game']}, {figures['players']} players, {figures['actions']} actions through the service"
    )
    print(
        f"action (service + SQLite commit, before rendering): p50 {figures['act_p50_ms']} ms, "
        f"p95 {figures['act_p95_ms']} ms  (goal: p95 < 50 ms)"
    )
    print(
        f"persisting an action: p50 {figures['persist_p50_ms']} ms; bare INSERT+COMMIT (WAL): "
        f"p50 {figures['bare_insert_commit_p50_ms']} ms; ratio {figures['persist_ratio']}  (goal: <= 2)"
    )
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
