"""What one store operation costs beyond its SQL: the CPU of the hop to the database, on
SQLite (aiosqlite's thread) and on PostgreSQL (asyncpg's pool), against the same statement run
without it.

python bench/store_hop.py [--calls 2000] [--backend sqlite|postgresql|both] [--json]

The statement is the live messages' write of a move (``bot/stores/queries.py``'s ``_write_live``:
an ``UPDATE`` of a game's row, its turn message's words and id, ``RETURNING`` two columns), on a
table shaped like ``games`` whose row holds a state of 100 B, 3 KB or 8 KB (a Cuba state is a few
KB). Printed, in this process's CPU time per call (``time.process_time``: the SQLite thread's work
is in it; a PostgreSQL server's is not):

* SQLite: the statement run by ``sqlite3`` on this thread (the SQL alone), and through an
  aiosqlite connection (one hop to its thread and back, as the store runs it), WAL,
  ``synchronous=NORMAL``;
* PostgreSQL (the ``pgserver`` wheel's server, started here): the statement on a connection of
  its own (what ``bench/service.py``'s floor uses), through a pool with the store's no-op reset
  on release (``bot/stores/postgres.py``'s ``_keep_session``), and through a pool with asyncpg's
  default reset.

Counts and CPU time, so the load moves the figures little; ``loadavg_1m`` is printed beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: The table (shaped like ``games``: the state, then the live messages' columns).
TABLE = "CREATE TABLE g (id INTEGER PRIMARY KEY, version INTEGER, state TEXT, turn_text TEXT, turn_log TEXT, turn_id BIGINT, turn_pending INTEGER)"
#: The live messages' write: words, the message id, the turn shown.
UPDATE = "UPDATE g SET turn_text = ?, turn_log = ?, turn_id = ?, turn_pending = NULL WHERE id = ? RETURNING turn_pending, version"
STATE_SIZES = (100, 3000, 8000)
GAMES = 200
WORDS = "w" * 800


def numbered(text: str) -> str:
    parts = text.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], start=1))


def cpu_per_call(calls: int, run: Callable[[int], Any]) -> float:
    start = time.process_time()
    for k in range(calls):
        run(k)
    return (time.process_time() - start) / calls * 1e3


async def acpu_per_call(calls: int, run: Callable[[int], Awaitable[Any]]) -> float:
    start = time.process_time()
    for k in range(calls):
        await run(k)
    return (time.process_time() - start) / calls * 1e3


async def sqlite_figures(calls: int, folder: str) -> dict[str, float]:
    import aiosqlite

    found: dict[str, float] = {}
    for size in STATE_SIZES:
        path = os.path.join(folder, f"hop{size}.db")
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(TABLE)
        conn.executemany(
            "INSERT INTO g VALUES (?, 1, ?, ?, ?, 1, NULL)",
            [(i, "s" * size, WORDS, WORDS) for i in range(1, GAMES)],
        )
        found[f"sqlite_alone_state{size}_ms"] = cpu_per_call(
            calls,
            lambda k, conn=conn: conn.execute(
                UPDATE, (WORDS + str(k), WORDS, k, 1 + k % (GAMES - 1))
            ).fetchall(),
        )
        conn.close()
        aconn = await aiosqlite.connect(path, isolation_level=None)
        await aconn.execute("PRAGMA synchronous=NORMAL")
        found[f"sqlite_aiosqlite_state{size}_ms"] = await acpu_per_call(
            calls,
            lambda k, aconn=aconn: aconn.execute_fetchall(
                UPDATE, (WORDS + str(k), WORDS, k, 1 + k % (GAMES - 1))
            ),
        )
        await aconn.close()
    return found


async def postgres_figures(calls: int, folder: str) -> dict[str, float]:
    import asyncpg
    import pgserver

    from bot.stores.postgres import _keep_session

    server = pgserver.get_server(os.path.join(folder, "pg"), cleanup_mode="delete")
    try:
        url = server.get_uri()
        conn = await asyncpg.connect(url)
        await conn.execute(TABLE)
        size = 3000
        await conn.executemany(
            "INSERT INTO g VALUES ($1, 1, $2, $3, $4, 1, NULL)",
            [(i, "s" * size, WORDS, WORDS) for i in range(1, GAMES)],
        )
        text = numbered(UPDATE)

        def args(k: int) -> tuple[Any, ...]:
            return (WORDS + str(k), WORDS, k, 1 + k % (GAMES - 1))

        found = {
            "postgres_own_connection_ms": await acpu_per_call(calls, lambda k: conn.fetchrow(text, *args(k)))
        }
        for label, reset in (("store_reset", _keep_session), ("default_reset", None)):
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=10, **({"reset": reset} if reset else {})
            )

            async def pooled(k: int, pool: Any = pool) -> Any:
                async with pool.acquire() as pooled_conn:
                    return await pooled_conn.fetchrow(text, *args(k))

            found[f"postgres_pool_{label}_ms"] = await acpu_per_call(calls, pooled)
            await pool.close()
        await conn.close()
        return found
    finally:
        server.cleanup()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {"calls": args.calls, "loadavg_1m": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="tradewinds-hop-") as folder:
        if args.backend in ("sqlite", "both"):
            figures.update(await sqlite_figures(args.calls, folder))
        if args.backend in ("postgresql", "both"):
            figures.update(await postgres_figures(args.calls, folder))
    figures["loadavg_1m_after"] = os.getloadavg()[0]
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    figures = asyncio.run(main_async(args))
    for name, value in figures.items():
        print(f"{name}: {round(value, 3) if isinstance(value, float) else value}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
