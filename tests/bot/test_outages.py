"""The database away in the middle of a timer's work, on the real thing: SQLite held away by a
second real connection holding the write lock (past the store's busy timeout), PostgreSQL
stopped and started again (a server of this module's own). A timer claimed just before the
outage — a computer seat's move, a reminder, a turn clock, a press handed over by another
process — is not lost: its work is done in the first timer round that reaches the database
again, counted in rounds, with no restart. And the PostgreSQL ``LISTEN`` connection opens
again, backing off, after the server restarted."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator

import pytest

from bot.service.front import GameService
from bot.service.outcome import Outcome, custom_id
from bot.stores import sqlite as sqlite_store
from tests.backends import Database, OwnPostgres, guild_of_shard, start_own_postgres
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, Env, seated
from tests.waiting import HANG_GUARD_S

#: A round that cannot reach the database fails; this many are run during each outage.
ROUNDS_AWAY = 3
#: The timer loop's rounds are this many seconds apart at most (bot.adapter.client.TIMER_INTERVAL).
ROUND_S = 5.0


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[OwnPostgres]:
    server = start_own_postgres()
    yield server
    server.close()


class Outage:
    """Takes the test's database away and gives it back."""

    def __init__(self, database: Database, server: OwnPostgres | None) -> None:
        self.database = database
        self.server = server
        self.holder: sqlite3.Connection | None = None

    def begin(self) -> None:
        if self.server is not None:
            self.server.stop()
            return
        self.holder = sqlite3.connect(self.database.target, isolation_level=None)
        self.holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock

    def end(self) -> None:
        if self.server is not None:
            self.server.start()
            return
        assert self.holder is not None
        self.holder.execute("ROLLBACK")
        self.holder.close()


@pytest.fixture(params=["sqlite", "postgresql"])
async def outage_env(request, tmp_path, monkeypatch):
    """(Env, Outage) over a SQLite file whose busy timeout is short (the lock is held past it
    at once, not after ten seconds), or over a database of the module's own PostgreSQL server."""
    if request.param == "postgresql":
        server = request.getfixturevalue("own_postgres")
        database = Database("postgresql", await server.new_database())
    else:
        monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_MS", 50)
        server, database = None, Database("sqlite", str(tmp_path / "tradewinds.db"))
    environment = Env(database)
    yield environment, Outage(database, server)
    await environment.close()


async def timer_round(env: Env, svc: GameService) -> list[Outcome] | None:
    """One round of the timer loop (``bot.adapter.delivery.run_timers``) after ROUND_S seconds: what its
    timers said, or None when it could not reach the database."""
    env.clock.advance(ROUND_S)
    try:
        return await svc.run_due_timers()
    except Exception:  # the loop logs it and tries again next round
        return None


async def across_an_outage(env: Env, svc: GameService, outage: Outage, kind: str, done) -> int:
    """Claim the due timers (of ``kind``), take the database away, let their handlers fail and
    ROUNDS_AWAY rounds fail, give the database back; the number of rounds until ``done()``."""
    claimed = await svc.claim_due_timers()
    assert claimed and {t.kind for t in claimed} == {kind}
    outage.begin()
    try:
        for timer in claimed:
            assert await svc.run_timer(timer) is None  # its work could not be stored
        for _ in range(ROUNDS_AWAY):
            assert await timer_round(env, svc) is None
    finally:
        outage.end()
    assert not await done(None)
    for rounds in range(1, 6):
        outcomes = await timer_round(env, svc)
        if outcomes is not None and await done(outcomes):
            return rounds
    raise AssertionError(f"the {kind} timer's work was not done in 5 rounds after the outage")


async def test_a_computer_move_claimed_before_an_outage_is_made_after_it(outage_env):
    env, outage = outage_env
    svc = await env.service()
    await seated(env, svc, [ANA], bots=1, options={"rounds": 1})
    pk = (await svc.store.open_game(CHANNEL)).id
    assert (await svc.act(CHANNEL, ANA, "bid 0")).ok
    env.clock.advance(svc.config.bot_delay_s)

    async def moved(outcomes):
        if outcomes is not None:
            said.extend(outcomes)
        return [a.seat for a in await svc.store.actions(pk)] == ["p0", "p1"]

    said: list[Outcome] = []
    assert await across_an_outage(env, svc, outage, "bot", moved) == 1
    assert any("Computer 1 has placed a bid." in m.text for o in said for m in o.public)
    # stored once, and the game goes on: Ana is to act, the computer seat's timer is gone
    table = svc.tables.cached[pk]
    assert table.rules.to_act(table.state) == ["p0"]
    assert [t.kind for t in await svc.store.timers(pk)] == ["reminder"]
    assert svc.timers.owed == {}


async def test_a_reminder_and_a_turn_clock_claimed_before_an_outage_come_after_it(outage_env):
    env, outage = outage_env
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    env.clock.advance(600)

    said: list[Outcome] = []

    async def told(outcomes):
        said.extend(outcomes or [])
        return any("clock has run out" in m.text for o in said for m in o.public)

    assert await across_an_outage(env, svc, outage, "clock", told) == 1
    assert {s.seat for s in (await svc.store.seats(pk)) if s.timed_out} == {"p0", "p1"}

    env.clock.advance(3600 - 600 - ROUND_S * (ROUNDS_AWAY + 1))
    said.clear()

    async def reminded(outcomes):
        said.extend(outcomes or [])
        return any(m.text.startswith("⏰") for o in said for m in o.public)

    assert await across_an_outage(env, svc, outage, "reminder", reminded) == 1
    assert [t.kind for t in await svc.store.timers(pk)] == ["reminder"]


async def test_a_press_handed_over_before_an_outage_is_answered_after_it(outage_env):
    env, outage = outage_env
    zero = await env.service(shard_count=2, shard_ids=(0,))
    one = await env.service(shard_count=2, shard_ids=(1,))
    await seated(env, one, [CY, DEE], channel=200, guild=guild_of_shard(1, 2))
    pk = (await one.store.open_game(200)).id
    press = custom_id("a", pk, (await one.store.game(pk)).version, "bid 2")
    assert await zero.hand_over_press(press, CY, None, reply_to={"token": "t"})  # None: a DM

    answered: list[Outcome] = []

    async def played(outcomes):
        answered.extend(o for o in outcomes or [] if o.reply_to is not None)
        return [(a.seat, a.text) for a in await one.store.actions(pk)] == [("p0", "bid 2")]

    assert await across_an_outage(env, one, outage, "press", played) == 1
    (answer,) = answered
    assert answer.ok and answer.reply_to == {"token": "t"}
    assert "press" not in {t.kind for t in await one.store.timers(pk)}  # answered once


async def test_the_listener_opens_again_with_backoff_after_a_server_restart(own_postgres):
    from bot.stores.postgres import LISTEN_RETRY_FIRST_S, PgStore
    from bot.stores.rows import TimerPlan
    from tests.bot.test_store import new_lobby

    url = await own_postgres.new_database()
    listening, adding = await PgStore.open(url), await PgStore.open(url)
    woken = asyncio.Event()
    try:
        await listening.watch_timers(woken.set)
        pk = await new_lobby(adding)
        await adding.add_timers(pk, TimerPlan(add=[("reminder", 1.0, {})]))
        await asyncio.wait_for(woken.wait(), HANG_GUARD_S)  # heard through NOTIFY
        own_postgres.stop()
        while len(listening.listen_waits) < 3:  # three tries failed while the server is away
            await asyncio.sleep(0.1)
        assert not listening.listening.is_set()
        assert listening.listen_waits[:3] == [LISTEN_RETRY_FIRST_S * 2**i for i in range(3)]  # backing off
        woken.clear()
        own_postgres.start()
        await asyncio.wait_for(listening.listening.wait(), HANG_GUARD_S)
        assert woken.is_set()  # told once it listens again: a timer may have been added meanwhile
        woken.clear()
        await adding.add_timers(pk, TimerPlan(add=[("reminder", 2.0, {})]))
        await asyncio.wait_for(woken.wait(), HANG_GUARD_S)  # heard again through NOTIFY
    finally:
        await listening.close()
        await adding.close()


async def test_after_a_restart_a_turn_message_that_never_went_out_calls_whoever_is_to_act(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO]), interaction=None)
    pk = svc.tables.channel_games[CHANNEL]
    assert (await svc.store.live_messages(pk)).turn_pending is None  # the channel shows the game
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    stored = await svc.act(CHANNEL, BO, "bid 0")  # stored; the process stops before it is shown
    assert stored.ok
    table = svc.tables.cached[pk]
    assert (await svc.store.live_messages(pk)).turn_pending == table.row.version
    to_act = {table.seat(s).user_id for s in table.rules.to_act(table.state)}
    assert to_act

    restarted = await env.service()
    await restarted.warm()
    (called,) = await restarted.run_due_timers()
    (turn,) = [m for m in called.public if m.choices]  # the turn message, with its buttons
    assert set(turn.mentions) == to_act and turn.turn_image is not None and turn.board_link is not None
    (board,) = [m for m in called.public if m.live is not None and m.live.role == "board"]
    assert board.image is not None  # the board, a message of its own above it
    await env.deliver(restarted, called, interaction=None)
    assert (await restarted.store.live_messages(pk)).turn_pending is None
    # shown now: the next restart calls nobody
    again = await env.service()
    await again.warm()
    assert await again.run_due_timers() == []
