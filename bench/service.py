"""Service speed: one action through the service layer with its SQLite commit (rendering stubbed
out, i.e. "before rendering"), and the cost of persisting an action against a bare SQLite
INSERT+COMMIT in WAL mode.

python bench/service.py [--game cuba] [--players 3] [--games 3] [--json]

Every seat is a human driven by random legal moves, so each action goes through
``GameService.act``: the seat and turn checks, parse, apply, the version-checked transaction
(action row, state cache, timers), the log lines, the buttons and the DMs. The persistence cost is
the time of ``Store.append_action`` within those actions; the baseline is a bare
``INSERT`` + ``COMMIT`` of a row of the same shape through aiosqlite on a WAL database with the
same pragmas (``synchronous=NORMAL``). ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiosqlite  # noqa: E402

from bot.config import Settings  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import Store  # noqa: E402
from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.ai import player  # noqa: E402

CHANNEL = 1


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


async def play_game(
    path: str, game: str, players: int, seed: int, act_ms: list[float], persist_ms: list[float]
) -> list[str]:
    """One whole game through the service; returns the events JSON of its log rows."""
    store = await Store.open(path)
    append = store.append_action

    async def timed_append(*args, **kwargs):
        t0 = time.perf_counter()
        try:
            return await append(*args, **kwargs)
        finally:
            persist_ms.append((time.perf_counter() - t0) * 1e3)

    store.append_action = timed_append  # type: ignore[method-assign]
    service = GameService(
        store,
        Settings(),
        renderer=lambda game_id, view: b"",  # rendering stubbed out: "before rendering"
        private_renderer=lambda game_id, view: None,
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
        state = service._tables[pk].state
        seat = rules.to_act(state)[moves % len(rules.to_act(state))]
        action = bots[seat].choose({}, rules.legal(state, seat))
        t0 = time.perf_counter()
        outcome = await service.act(CHANNEL, int(seat[1:]) + 1, str(action))
        act_ms.append((time.perf_counter() - t0) * 1e3)
        assert outcome.ok, outcome.ephemeral
        moves += 1
    events = [json.dumps(a.events) for a in await store.actions(pk)]
    await store.close()
    return events


async def bare_inserts(path: str, events: list[str]) -> list[float]:
    """A bare INSERT + COMMIT per row (WAL, synchronous=NORMAL), through aiosqlite."""
    db = await aiosqlite.connect(path)
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=NORMAL")
    await db.execute(
        "CREATE TABLE log (game_pk INTEGER, n INTEGER, seat TEXT, text TEXT, kind TEXT, created REAL, "
        "events TEXT, PRIMARY KEY (game_pk, n)) WITHOUT ROWID"
    )
    await db.commit()
    samples: list[float] = []
    for n, ev in enumerate(events):
        t0 = time.perf_counter()
        await db.execute(
            "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", (1, n, "p0", "worker 2 3", "play", n, ev)
        )
        await db.commit()
        samples.append((time.perf_counter() - t0) * 1e3)
    await db.close()
    return samples


async def bare_inserts_in_thread(path: str, events: list[str]) -> list[float]:
    """The same bare INSERT + COMMIT, run on aiosqlite's thread in one hop as ``append_action``
    does (so the ratio against it shows the SQLite work alone, without thread round trips)."""
    db = await aiosqlite.connect(path, isolation_level=None)
    await db.execute("PRAGMA journal_mode=WAL")
    await db.execute("PRAGMA synchronous=NORMAL")
    await db.execute(
        "CREATE TABLE log (game_pk INTEGER, n INTEGER, seat TEXT, text TEXT, kind TEXT, created REAL, "
        "events TEXT, PRIMARY KEY (game_pk, n)) WITHOUT ROWID"
    )

    def insert(conn, n: int, ev: str) -> None:
        conn.execute("BEGIN")
        conn.execute(
            "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", (1, n, "p0", "worker 2 3", "play", n, ev)
        )
        conn.execute("COMMIT")

    samples: list[float] = []
    for n, ev in enumerate(events):
        t0 = time.perf_counter()
        await db._execute(insert, db._conn, n, ev)
        samples.append((time.perf_counter() - t0) * 1e3)
    await db.close()
    return samples


async def run(args: argparse.Namespace) -> dict:
    act_ms: list[float] = []
    persist_ms: list[float] = []
    events: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.games):
            events += await play_game(
                f"{tmp}/game{seed}.db", args.game, args.players, seed + 1, act_ms, persist_ms
            )
        bare_ms = await bare_inserts(f"{tmp}/bare.db", events)
        one_hop_ms = await bare_inserts_in_thread(f"{tmp}/bare1.db", events)
    return {
        "game": args.game,
        "players": args.players,
        "actions": len(act_ms),
        "act_p50_ms": round(statistics.median(act_ms), 3),
        "act_p95_ms": round(percentile(act_ms, 0.95), 3),
        "persist_p50_ms": round(statistics.median(persist_ms), 3),
        "bare_insert_commit_p50_ms": round(statistics.median(bare_ms), 3),
        "persist_ratio": round(statistics.median(persist_ms) / statistics.median(bare_ms), 2),
        "bare_one_hop_p50_ms": round(statistics.median(one_hop_ms), 3),
        "persist_ratio_one_hop": round(statistics.median(persist_ms) / statistics.median(one_hop_ms), 2),
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
