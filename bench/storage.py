"""Bytes on disk per finished game, and what KEEP_FINISHED_DAYS leaves of it.

python bench/storage.py [--game cuba] [--games 10] [--players 3] [--json]

Plays ``--games`` whole games of one title through the service on a SQLite file (every seat a
human playing random legal moves; rendering stubbed out), then measures the file with everything
written into it (WAL checkpointed, VACUUMed): bytes per finished game = (file − the same schema
empty) / games. Then deletes every finished game's log as KEEP_FINISHED_DAYS would and measures
again (result, seats and stats kept), and reports how much the file shrank without a VACUUM
(incremental auto-vacuum). ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402
from engine.ai import player  # noqa: E402


async def play_game(svc: GameService, channel: int, game: str, players: int, rng: random.Random) -> int:
    users = list(range(1, players + 1))
    assert (await svc.new_game(channel, 9, users[0], "Player 1", game)).ok
    for user in users[1:]:
        assert (await svc.join(channel, user, f"Player {user}")).ok
    assert (await svc.start(channel, users[0])).ok
    pk = svc.tables.channel_games[channel]
    actions = 0
    while (table := svc.tables.cached.get(pk)) is not None:
        seat = table.rules.to_act(table.state)[0]
        action = player(game, "random", rng.randrange(1 << 30)).choose(
            table.rules.view(table.state, seat), table.rules.legal(table.state, seat)
        )
        assert (await svc.act(channel, table.seat(seat).user_id, str(action))).ok
        actions += 1
    return actions


def settled_size(path: Path) -> int:
    """The file's size with the WAL written back and the free pages dropped (VACUUM)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def checkpointed_size(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


async def run(game: str, games: int, players: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        empty_path, path = Path(tmp) / "empty.db", Path(tmp) / "games.db"
        await (await Store.open(str(empty_path))).close()
        empty = settled_size(empty_path)
        store = await Store.open(str(path))
        svc = GameService(
            store,
            Settings(database_path=str(path)),
            renderer=lambda g, v: b"",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            summary_renderer=lambda *a: b"",
        )
        rng = random.Random(11)
        actions = [await play_game(svc, channel, game, players, rng) for channel in range(1, games + 1)]
        await store.close()
        finished = settled_size(path)
        store = await Store.open(str(path))
        await store.delete_closed_logs(before=float("inf"), now=0.0)
        freed = await store.reclaim_space()
        await store.close()
        shrunk = checkpointed_size(path)  # no VACUUM: what incremental auto-vacuum gave back
        kept = settled_size(path)
    return {
        "game": game,
        "players": players,
        "games": games,
        "actions_per_game": round(sum(actions) / games, 1),
        "bytes_per_finished_game": round((finished - empty) / games),
        "kib_per_finished_game": round((finished - empty) / games / 1024, 1),
        "bytes_per_game_after_log_deleted": round((kept - empty) / games),
        "file_before_deletion": finished,
        "file_after_deletion_without_vacuum": shrunk,
        "pages_freed": freed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(BUILTIN_GAMES), default="cuba")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    r = asyncio.run(run(args.game, args.games, args.players))
    print(
        f"{r['game']}, {r['players']} players: {r['kib_per_finished_game']} KiB per finished game "
        f"({r['bytes_per_finished_game']} bytes, {r['actions_per_game']} actions each, {r['games']} games); "
        f"after KEEP_FINISHED_DAYS deleted the logs {r['bytes_per_game_after_log_deleted']} bytes per game; "
        f"the file went from {r['file_before_deletion']} to {r['file_after_deletion_without_vacuum']} bytes "
        f"without a VACUUM ({r['pages_freed']} pages freed)"
    )
    if args.json:
        print(json.dumps(r))


if __name__ == "__main__":
    main()
