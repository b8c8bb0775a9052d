"""Start-up: how long a bot holding many stored games takes before it serves, and what the
first command on a game not used since the start costs.

python bench/startup.py [--games 20000] [--moves 6] [--load-all] [--json]

Builds a SQLite file (WAL) holding ``--games`` running games: one game of each title (three
human seats) is opened, started and played ``--moves`` random moves through the service, every
outcome delivered so that its turn message shows; then its rows (the game, its seats, its log,
its timers, its table settings) are copied under new ids and channels until the file holds
``--games`` games. Then, in a fresh process (imports counted apart):

* **ready** — the store opened (schema checked), the service built, ``warm()`` (the start-up
  work: claims given back, the games to resume), and the timer loop's first round's queries
  (the due timers, the earliest due): the moment the bot can answer a command;
* **first command on a cold game** — ``/play`` of a legal move in a game no one used since the
  start (it loads from the store), in one game of each title (the slowest is printed), then in
  a second cold game of each, and an autocomplete's load of a seventh;
* with ``--load-all``, also what loading every game costs (what the start-up did before games
  loaded on first use: each game's row, seats and state read and checked).

Printed: CPU time (the process's, all its threads) and wall time of each, the games loaded, and
the resident memory once ready. ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

START_WALL = time.perf_counter()
START_CPU = time.process_time()

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.memory import QuietGateway, rss_mib  # noqa: E402
from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine.ai import player  # noqa: E402

IMPORTED_WALL = time.perf_counter()
IMPORTED_CPU = time.process_time()

TITLES = ("cuba", "santiago", "goa")
#: The tables whose rows belong to one game (copied with it).
GAME_TABLES = ("seats", "actions", "timers", "table_play")


def quiet_service(store: Store, path: str) -> GameService:
    return GameService(
        store,
        Settings(database_path=path, max_tables_per_user=None, max_tables_per_channel=None),
        renderer=lambda game, view: b"",
        private_renderer=lambda game, view: None,
        decision_renderer=lambda game, view, legal, lang: None,
        summary_renderer=lambda *args: b"",
        seed_source=lambda: 7,
    )


async def seed_games(path: str, moves: int) -> list[int]:
    """One game of each title, played ``moves`` moves, its outcomes delivered; their pks."""
    store = await Store.open(path)
    service = quiet_service(store, path)
    gateway = QuietGateway()
    rng = random.Random(3)
    pks = []
    for channel, title in enumerate(TITLES, start=1):
        users = [channel * 10 + k for k in range(3)]
        for outcome in (
            await service.new_game(channel, 1, users[0], f"P{users[0]}", title),
            *[await service.join(channel, u, f"P{u}") for u in users[1:]],
            await service.start(channel, users[0]),
        ):
            assert outcome.ok, outcome.ephemeral
            await deliver(outcome, gateway, service, object())
        pk = service.tables.channel_games[channel]
        for _ in range(moves):
            table = service.tables.cached[pk]
            seat = table.rules.to_act(table.state)[0]
            action = player(title, "random", rng.randrange(1 << 30)).choose(
                {}, table.rules.legal(table.state, seat)
            )
            outcome = await service.act(channel, table.seat(seat).user_id, str(action))
            assert outcome.ok, outcome.ephemeral
            await deliver(outcome, gateway, service, object())
        pks.append(pk)
    await store.close()
    return pks


def copy_games(path: str, seeds: list[int], games: int) -> None:
    """Copy the seed games' rows until the file holds ``games`` games (new ids and channels)."""
    conn = sqlite3.connect(path)
    columns = {
        table: [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        for table in ("games", *GAME_TABLES)
    }
    game_cols = [c for c in columns["games"] if c not in ("id", "channel_id")]
    next_id = conn.execute("SELECT MAX(id) FROM games").fetchone()[0] + 1
    with conn:
        for k in range(games - len(seeds)):
            seed = seeds[k % len(seeds)]
            new = next_id + k
            conn.execute(
                f"INSERT INTO games (id, channel_id, {', '.join(game_cols)}) "
                f"SELECT ?, ?, {', '.join(game_cols)} FROM games WHERE id = ?",
                (new, 1_000_000 + new, seed),
            )
            for table in GAME_TABLES:
                cols = [c for c in columns[table] if c not in ("game_pk", "id")]
                conn.execute(
                    f"INSERT INTO {table} (game_pk, {', '.join(cols)}) "
                    f"SELECT ?, {', '.join(cols)} FROM {table} WHERE game_pk = ?",
                    (new, seed),
                )
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def timed() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def since(mark: tuple[float, float]) -> dict[str, float]:
    cpu, wall = timed()
    return {"cpu_ms": round((cpu - mark[0]) * 1e3, 1), "wall_ms": round((wall - mark[1]) * 1e3, 1)}


async def cold_command(service: GameService, channel: int) -> dict[str, Any]:
    """``/play`` of a legal move in the game of ``channel``, which is not in memory."""
    assert service.tables.channel_games.get(channel) is None
    # the player to act and a legal move, as the player knows them (read outside the timing,
    # and the game put out of memory again)
    table = await service.tables.open(channel)
    assert table is not None
    seat = table.rules.to_act(table.state)[0]
    action = str(table.rules.legal(table.state, seat)[0])
    service.tables.remember(replace(table, row=replace(table.row, status="abandoned")))
    assert table.row.id not in service.tables.cached
    mark = timed()
    outcome = await service.act(channel, table.seat(seat).user_id, action)
    figures = since(mark)
    assert outcome.ok, outcome.ephemeral
    return figures


async def measure(path: str, load_all: bool) -> dict[str, Any]:
    figures: dict[str, Any] = {
        "imports": {
            "cpu_ms": round((IMPORTED_CPU - START_CPU) * 1e3, 1),
            "wall_ms": round((IMPORTED_WALL - START_WALL) * 1e3, 1),
        }
    }
    mark = timed()
    store = await Store.open(path)
    service = quiet_service(store, path)
    await service.warm()
    await service.claim_due_timers()  # the timer loop's first round
    await service.next_timer_due()
    figures["ready"] = since(mark)
    figures["loaded_at_start"] = len(service.tables.cached)
    figures["rss_ready_mib"] = rss_mib()[0]
    stored = (await store.fetch("SELECT COUNT(*) FROM games WHERE status = 'active'"))[0][0]
    figures["games"] = stored
    newest = await store.fetch("SELECT channel_id, game FROM games ORDER BY id DESC LIMIT 7")
    firsts = [await cold_command(service, channel) for channel, _game in newest[:3]]
    seconds = [await cold_command(service, channel) for channel, _game in newest[3:6]]
    figures["cold_titles"] = [game for _channel, game in newest[:3]]
    figures["first_command"] = max(firsts, key=lambda f: f["wall_ms"])  # one per title
    figures["second_command"] = max(seconds, key=lambda f: f["wall_ms"])
    mark = timed()
    await service.load_for_autocomplete(newest[6][0])
    figures["autocomplete_load"] = since(mark)
    if load_all:  # what the start-up did before: every open game loaded
        mark = timed()
        for row in await store.games(("lobby", "active")):
            await service.tables.load(row)
        figures["load_all"] = since(mark)
        figures["rss_all_loaded_mib"] = rss_mib()[0]
    await store.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--load-all", action="store_true")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # the child: the file to start on
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(asyncio.run(measure(args.measure, args.load_all))), flush=True)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "startup.db")
        seeds = asyncio.run(seed_games(path, args.moves))
        copy_games(path, seeds, args.games)
        argv = [sys.executable, __file__, "--measure", path] + (["--load-all"] if args.load_all else [])
        done = subprocess.run(argv, check=True, capture_output=True, text=True)
        figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["loadavg_1m"] = round(os.getloadavg()[0], 2)

    def both(f: dict[str, float]) -> str:
        return f"{f['cpu_ms']} ms CPU, {f['wall_ms']} ms wall"

    print(f"{figures['games']} stored running games (SQLite, WAL)")
    print(f"imports: {both(figures['imports'])}")
    print(
        f"ready (store opened, warm(), the timer loop's first queries): {both(figures['ready'])}; "
        f"games loaded {figures['loaded_at_start']}; RSS {figures['rss_ready_mib']} MiB"
    )
    print(f"first command on a cold game (slowest of one per title): {both(figures['first_command'])}")
    print(f"a command on a second cold game of each title (slowest): {both(figures['second_command'])}")
    print(f"autocomplete's load of a cold game: {both(figures['autocomplete_load'])}")
    if "load_all" in figures:
        print(
            f"every game loaded (the start-up before): {both(figures['load_all'])}; "
            f"RSS {figures['rss_all_loaded_mib']} MiB"
        )
    print(f"load average {figures['loadavg_1m']}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
