"""One bot process of the shards test: plays its own shards' games on a shared PostgreSQL
database until it is killed (SIGKILL) or stopped (SIGTERM).

python -m tests.hardening.shard_child DATABASE_URL SHARD_COUNT SHARD_IDS LOG_PATH SEED

It does what Discord and the bot would do for the process running shards SHARD_IDS (e.g.
``1,2``) of SHARD_COUNT: it keeps ``GAMES_PER_SHARD`` games running in a guild of each of its
shards (two human seats and a computer seat each), plays random legal moves for their humans
(commands of a guild reach the process running its shard), and runs its due timers: the
computer seats' moves and the reminders (every second). The process running shard 0 also
receives the presses made in direct messages, for every game: it presses a button of a game of
another shard now and then, which it must hand over to that game's process.

Every line it appends to LOG_PATH is one unbuffered write:

* ``A <game> <n> <seat> <text>`` — an action acknowledged (n: the version it was played on),
  written by the process that played it (for a handed-over press, the owner that answered);
* ``T <timer id> <kind> <game> <shard ids>`` — a timer this process claimed (and so runs);
* ``H <game>`` — a press handed over to another process;
* ``U <pid>`` — this process is up (its open games loaded, its lost timers re-armed);
* ``Q <pid>`` — after a SIGUSR1: every write this process began before the signal has ended
  (written at the top of its next round, the loop awaiting all of a round's work).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys

from bot.config import Settings
from bot.service.front import GameService
from bot.service.outcome import custom_id
from bot.shards import Shards
from bot.stores.protocol import open_store
from engine import GAMES
from tests.backends import guild_of_shard
from tests.hardening.crash_child import open_new_game

GAMES_PER_SHARD = 3
#: Pause between two rounds of the loop (several processes share two cores).
ROUND_S = 0.02


class Log:
    def __init__(self, path: str) -> None:
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)

    def write(self, line: str) -> None:
        os.write(self.fd, f"{line}\n".encode())


async def keep_games_running(service: GameService, shards: Shards, made: list[int]) -> None:
    """At least GAMES_PER_SHARD running games in each of this process's shards' guilds."""
    active = await service.store.games(("active",), shards=shards)
    for shard in shards.ids:
        guild = guild_of_shard(shard, shards.count)
        mine = [g for g in active if g.guild_id == guild]
        if len(mine) >= GAMES_PER_SHARD:
            continue  # (most rounds: the guild's games are only counted when one is opened)
        every = len([g for g in await service.store.games() if g.guild_id == guild])
        for n in range(GAMES_PER_SHARD - len(mine)):
            await open_new_game(service, service.store, made[0], guild=guild, channel=guild + every + n + 1)
            made[0] += 1


async def play_own_games(service: GameService, rnd: random.Random, log: Log) -> None:
    """One move for a human to act in each of this process's games."""
    for pk, table in list(service.tables.cached.items()):
        if table.row.status != "active" or table.state is None:
            continue
        rules = table.rules
        humans = {s.seat: s.user_id for s in table.seats if not s.is_bot}
        to_act = [s for s in rules.to_act(table.state) if s in humans]
        if not to_act:
            continue
        seat = rnd.choice(to_act)
        text = str(rnd.choice(rules.legal(table.state, seat)))
        version = table.row.version
        if (await service.act(table.row.channel_id, humans[seat], text)).ok:
            log.write(f"A {pk} {version} {seat} {text}")


async def press_in_a_dm(service: GameService, rnd: random.Random, log: Log) -> None:
    """A press in a direct message on a game of another shard (Discord sends it here)."""
    others = [g for g in await service.store.games(("active",)) if not service.shards.owns(g.guild_id)]
    if not others:
        return
    row = rnd.choice(others)
    version, state_json = await service.store.state(row.id)
    rules = GAMES[row.game]
    state = rules.load(json.loads(state_json))
    seats = {s.seat: s.user_id for s in await service.store.seats(row.id) if not s.is_bot}
    to_act = [s for s in rules.to_act(state) if s in seats]
    if not to_act:
        return
    seat = rnd.choice(to_act)
    text = str(rnd.choice(rules.legal(state, seat)))
    try:
        button = custom_id("a", row.id, version, text)
    except ValueError:  # not every move fits in a button
        return
    reply_to = {"ack": f"{row.id} {version} {seat} {text}"}
    if await service.hand_over_press(button, seats[seat], None, reply_to=reply_to):
        log.write(f"H {row.id}")


async def acknowledge_press(service: GameService, pressed: str, log: Log) -> None:
    """A handed-over press this process played: acknowledged with the number it was logged
    under (a button of an earlier version may still count in a secret step, then later)."""
    pk, version, seat, text = pressed.split(" ", 3)
    played = [a for a in await service.store.actions(int(pk), since=int(version)) if a.seat == seat]
    log.write(f"A {pk} {played[0].n} {seat} {text}")


async def main(url: str, count: int, ids: tuple[int, ...], log_path: str, seed: int) -> None:
    rnd = random.Random(seed)
    log = Log(log_path)
    settings = Settings(
        database_url=url, shard_count=count, shard_ids=ids, bot_delay_s=0.0, reminder_after_s=1
    )
    store = await open_store(settings)
    service = GameService(
        store,
        settings,
        renderer=lambda game, view: b"\x89PNG",
        private_renderer=lambda game, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        seed_source=lambda: rnd.randrange(1 << 30),
    )
    claim_timer = store.claim_timer

    async def claimed(timer_id: int, now: float, until: float):
        won = await claim_timer(timer_id, now, until)
        if won is not None:  # (a claim whose lease ran out comes back under a new id)
            log.write(f"T {won.id} {won.kind} {won.game_pk} {','.join(map(str, ids))}")
        return won

    store.claim_timer = claimed  # type: ignore[method-assign]
    stop, asked = asyncio.Event(), asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, asked.set)
    await service.warm()
    log.write(f"U {os.getpid()}")
    made = [0]
    while not stop.is_set():
        if asked.is_set():
            asked.clear()
            log.write(f"Q {os.getpid()}")
        await keep_games_running(service, settings.shards, made)
        for outcome in await service.run_due_timers():
            if outcome.ok and outcome.reply_to and "ack" in outcome.reply_to:
                await acknowledge_press(service, outcome.reply_to["ack"], log)
        await play_own_games(service, rnd, log)
        if 0 in ids:
            await press_in_a_dm(service, rnd, log)
        await asyncio.sleep(ROUND_S)
    await store.close()


if __name__ == "__main__":
    shard_ids = tuple(int(i) for i in sys.argv[3].split(","))
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), shard_ids, sys.argv[4], int(sys.argv[5])))
