"""The child process of the crash test: plays games on a database until it is killed.

python -m tests.hardening.crash_child DATABASE ACK_PATH SEED

DATABASE is a SQLite file or a ``postgresql://`` URL.

It keeps ``OPEN_GAMES`` games running (two human seats and one computer seat each, the titles in
turn), plays random legal moves for the humans through ``GameService.act`` and runs the due timers
(the computer seats' moves) in between. After each acknowledged human action it appends
``<game> <n> <seat> <text>`` (n: the action's number, the version it was played on) to ACK_PATH with one unbuffered write, so the parent knows
exactly which actions were acknowledged before the kill. On start it picks up the open games
from the store, as the bot does after a restart.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys

from bot.config import Settings
from bot.service.front import GameService
from bot.stores.protocol import GameStore, open_store
from engine import GAMES

OPEN_GAMES = 4
TITLES = ("cuba", "santiago", "goa")


def human_user(channel: int, seat_index: int) -> int:
    return channel * 10 + seat_index


def settings_for(database: str, **values: object) -> Settings:
    """Settings pointing at ``database`` (a SQLite file or a PostgreSQL URL)."""
    if database.startswith("postgresql://"):
        return Settings(database_url=database, **values)
    return Settings(database_path=database, **values)


async def open_new_game(
    service: GameService,
    store: GameStore,
    title_index: int,
    *,
    guild: int | None = None,
    channel: int | None = None,
) -> None:
    """A new game in a fresh channel: two humans and a computer seat, started."""
    if channel is None:
        channel = max([g.channel_id for g in await store.games()] + [0]) + 1
    host = human_user(channel, 0)
    await service.new_game(channel, guild, host, f"H{channel}", TITLES[title_index % len(TITLES)])
    await service.join(channel, human_user(channel, 1), f"J{channel}")
    await service.add_bot(channel, host, "random")
    await service.start(channel, host)


async def main(database: str, ack_path: str, seed: int) -> None:
    rnd = random.Random(seed)
    settings = settings_for(database, bot_delay_s=0.0)
    store = await open_store(settings)
    service = GameService(
        store,
        settings,
        renderer=lambda game, view: b"\x89PNG",
        private_renderer=lambda game, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda game, view, legal, lang: None,
        seed_source=lambda: rnd.randrange(1 << 30),
    )
    await service.warm()
    ack = os.open(ack_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    created = len(await store.games())
    while True:
        active = await store.games(("active",))
        while len(active) < OPEN_GAMES:
            await open_new_game(service, store, created)
            created += 1
            active = await store.games(("active",))
        await service.run_due_timers()
        for row in active:
            table = service.tables.cached.get(row.id)
            if table is None:
                continue
            rules = GAMES[row.game]
            humans = {s.seat: s.user_id for s in table.seats if not s.is_bot}
            to_act = [s for s in rules.to_act(table.state) if s in humans]
            if not to_act:
                continue
            seat = rnd.choice(to_act)
            text = str(rnd.choice(rules.legal(table.state, seat)))
            version = table.row.version
            outcome = await service.act(row.channel_id, humans[seat], text)
            if outcome.ok:
                os.write(ack, f"{row.id} {version} {seat} {text}\n".encode())


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
