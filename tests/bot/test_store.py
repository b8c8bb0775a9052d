"""The game stores, SQLite and PostgreSQL, with the same tests: schema and migrations, the
version check, the append-only log, timers claimed once, seats, votes and users; then what is
each backend's own (WAL, ``PRAGMA user_version``, the ``schema_version`` table)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.config import Settings, SettingsError, default_render_workers, load_settings, usable_cores
from bot.shards import Shards
from bot.stores import postgres as pgstore
from bot.stores import sqlite as sqlite_store
from bot.stores.postgres import PgStore
from bot.stores.protocol import GameStore, open_store
from bot.stores.rows import AlreadySeated, ChannelBusy, TimerPlan
from bot.stores.sqlite import SCHEMA_VERSION, Store
from tests.backends import guild_of_shard, integrity_errors
from tests.waiting import HANG_GUARD_S

pytestmark = pytest.mark.both_backends


async def new_lobby(store: GameStore, channel: int = 10, host: int = 1, guild: int | None = 5) -> int:
    return await store.create_game(
        channel_id=channel,
        guild_id=guild,
        game="tiny",
        options={"rounds": 1},
        seed=7,
        host_id=host,
        host_name="Ana",
        now=100.0,
        reminder_s=3600,
        clock_s=None,
    )


async def test_both_stores_have_the_same_schema_versions():
    assert len(pgstore.MIGRATIONS) == len(sqlite_store.MIGRATIONS) == SCHEMA_VERSION == pgstore.SCHEMA_VERSION


async def test_open_creates_the_schema_and_opening_again_migrates_nothing(database):
    store = await database.open()
    try:
        assert await store.schema_version() == SCHEMA_VERSION
    finally:
        await store.close()
    # Opening again runs no migration twice.
    store = await database.open()
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()


async def test_one_open_game_per_channel(database):
    store = await database.open()
    pk = await new_lobby(store)
    with pytest.raises(ChannelBusy):
        await new_lobby(store)
    other = await new_lobby(store, channel=11)  # another channel (or thread) is free
    assert other != pk
    assert await store.set_status(pk, "abandoned", 101.0)
    again = await new_lobby(store)  # the closed game keeps its row but frees the channel
    assert (await store.game(pk)).status == "abandoned"
    assert (await store.open_game(10)).id == again
    await store.close()


async def test_seats_fill_in_order_and_close_up(database):
    store = await database.open()
    pk = await new_lobby(store)
    bo = await store.add_seat(pk, user_id=2, name="Bo", max_seats=3)
    bot = await store.add_seat(pk, user_id=None, name="Computer", bot_kind="random", max_seats=3)
    assert (bo.seat, bot.seat) == ("p1", "p2")
    assert await store.add_seat(pk, user_id=3, name="Cy", max_seats=3) is None  # full
    with pytest.raises(AlreadySeated):
        await store.add_seat(pk, user_id=2, name="Bo", max_seats=4)
    assert await store.remove_seat(pk, "p1")
    seats = await store.seats(pk)
    assert [(s.seat, s.user_id, s.is_bot) for s in seats] == [("p0", 1, False), ("p1", None, True)]
    await store.close()


async def test_version_check_lets_exactly_one_writer_apply(database):
    a, b = await database.open(), await database.open()
    pk = await new_lobby(a)
    assert await a.start_game(pk, '{"x": 0}', 102.0)
    assert not await a.start_game(pk, '{"x": 0}', 102.0)  # already started
    common = dict(seat="p0", kind="play", events=[], status="active", now=103.0)
    results = await asyncio.gather(
        a.append_action(pk, expected_version=1, text="one", state_json='{"x": 1}', **common),
        b.append_action(pk, expected_version=1, text="two", state_json='{"x": 2}', **common),
    )
    assert sorted(results, key=str) == [2, None]
    log = await a.actions(pk)
    assert len(log) == 1
    winner = log[0].text
    version, state = await b.state(pk)
    assert version == 2 and state == ('{"x": 1}' if winner == "one" else '{"x": 2}')
    await a.close()
    await b.close()


async def test_action_log_is_append_only(database):
    store = await database.open()
    pk = await new_lobby(store)
    await store.start_game(pk, "{}", 1.0)
    await store.append_action(
        pk,
        expected_version=1,
        seat="p0",
        text="take 1",
        kind="play",
        events=[{"kind": "took"}],
        state_json="{}",
        status="active",
        now=2.0,
    )
    with pytest.raises(integrity_errors(), match="append-only"):
        await store.execute("UPDATE actions SET text = 'take 3'")
    with pytest.raises(integrity_errors(), match="append-only"):
        await store.execute("DELETE FROM actions")
    assert [a.text for a in await store.actions(pk)] == ["take 1"]
    await store.close()


async def test_timers_are_claimed_once_and_closed_games_drop_them(database):
    a, b = await database.open(), await database.open()
    pk = await new_lobby(a)
    await a.add_timers(pk, TimerPlan(add=[("reminder", 50.0, {"n": 1}), ("lobby_expire", 500.0, {})]))
    due = await a.due_timers(60.0)
    assert [(t.kind, t.payload) for t in due] == [("reminder", {"n": 1})]
    claims = await asyncio.gather(
        a.claim_timer(due[0].id, 60.0, 360.0), b.claim_timer(due[0].id, 60.0, 360.0)
    )
    assert sorted(claim is not None for claim in claims) == [False, True]
    assert await a.due_timers(60.0) == []  # claimed: not due again while its lease runs
    await a.add_timers(pk, TimerPlan(clear=("reminder",), add=[("reminder", 70.0, {})]))
    assert [t.kind for t in await a.timers(pk)] == ["reminder", "lobby_expire"]
    await a.set_status(pk, "abandoned", 80.0)
    assert await a.timers(pk) == []
    await a.close()
    await b.close()


async def test_dm_refusal_is_remembered_across_games(database):
    store = await database.open()
    pk = await new_lobby(store, host=42)
    await store.mark_dm_refused(42, 5.0)
    await store.mark_dm_refused(42, 6.0)  # remembering twice is harmless
    assert (await store.seats(pk))[0].dm_refused
    other = await new_lobby(store, channel=99, host=7)
    seat = await store.add_seat(other, user_id=42, name="Ana", max_seats=4)
    assert seat is not None
    assert [s.dm_refused for s in await store.seats(other)] == [False, True]
    assert await store.dm_refused_users() == {42}
    await store.close()


async def test_users_languages_and_a_games_language_are_kept(database):
    store = await database.open()
    try:
        assert await store.locale_of([1, 2]) == {} and await store.locale_of([]) == {}
        await store.remember_locale(1, "ja", 100.0)
        await store.remember_locale(2, "nl", 100.0)
        await store.remember_locale(1, "zh-TW", 200.0)  # the latest interaction wins
        assert await store.locale_of([1, 2, 3]) == {1: "zh-TW", 2: "nl"}
        pk = await new_lobby(store)
        assert (await store.game(pk)).language == "en"
        await store.set_game_language(pk, "ja")
        assert (await store.game(pk)).language == "ja"
    finally:
        await store.close()


def test_settings_read_the_environment_and_hide_the_token():
    settings = load_settings(
        {
            "DISCORD_TOKEN": "secret-token-value",
            "DATABASE_PATH": "/data/tw.db",
            "REMINDER_AFTER_SECONDS": "600",
            "BOT_DELAY_SECONDS": "0.5",
            "TURN_CLOCK_SECONDS": "86400",
            "OWNER_IDS": "1, 2,3",
            "DEV_GUILD_ID": "77",
        },
        dotenv=False,
    )
    assert settings.discord_token == "secret-token-value"
    assert settings.database_path == "/data/tw.db"
    assert (settings.reminder_after_s, settings.bot_delay_s, settings.turn_clock_s) == (600, 0.5, 86400)
    assert settings.owner_ids == frozenset({1, 2, 3}) and settings.dev_guild_id == 77
    assert settings.lobby_expiry_s == 48 * 3600
    assert "secret-token-value" not in repr(settings) and "secret-token-value" not in str(settings)
    assert "database_path='/data/tw.db'" in repr(settings)


def test_settings_for_postgresql_and_shards():
    settings = load_settings(
        {
            "DATABASE_URL": "postgresql://tw:s3cret@db:5432/tradewinds",
            "SHARD_COUNT": "4",
            "SHARD_IDS": "2, 3",
        },
        dotenv=False,
    )
    assert settings.database_url == "postgresql://tw:s3cret@db:5432/tradewinds"
    assert "s3cret" not in repr(settings) and "postgresql://tw:***@db:5432/tradewinds" in repr(settings)
    assert settings.shards == Shards(4, (2, 3)) and not settings.syncs_commands
    assert load_settings({"SHARD_COUNT": "2"}, dotenv=False).shards == Shards(2, (0, 1))
    assert load_settings({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, dotenv=False).syncs_commands
    unsharded = load_settings({}, dotenv=False)
    assert unsharded.database_url is None and unsharded.shards.everything and unsharded.syncs_commands
    for env, message in (
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL must be a postgresql:// URL"),
        ({"SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "shard ids must be distinct numbers from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "shard ids must be distinct"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
    ):
        with pytest.raises(SettingsError, match=message):
            load_settings(env, dotenv=False)


def test_settings_defaults_and_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("# comment\nDATABASE_PATH='from-dotenv.db'\nLOG_LEVEL=debug\n")
    settings = load_settings({"LOG_LEVEL": "warning"})
    assert settings.database_path == "from-dotenv.db" and settings.log_level == "WARNING"
    assert load_settings({}, dotenv=False) == Settings()
    with pytest.raises(SettingsError, match="REMINDER_AFTER_SECONDS must be a whole number"):
        load_settings({"REMINDER_AFTER_SECONDS": "soon"}, dotenv=False)
    with pytest.raises(SettingsError, match="LOBBY_EXPIRY_SECONDS must be positive"):
        load_settings({"LOBBY_EXPIRY_SECONDS": "0"}, dotenv=False)
    # The limits of /game new (issue 28): a number, or none at all.
    limits = load_settings({"MAX_TABLES_PER_USER": "3", "MAX_TABLES_PER_CHANNEL": "off"}, dotenv=False)
    assert (limits.max_tables_per_user, limits.max_tables_per_channel) == (3, None)
    assert (Settings().max_tables_per_user, Settings().max_tables_per_channel) == (10, 25)
    with pytest.raises(SettingsError, match="MAX_TABLES_PER_USER cannot be negative"):
        load_settings({"MAX_TABLES_PER_USER": "-1"}, dotenv=False)
    with pytest.raises(SettingsError, match="TWO_PERSON_ABSENCE_SECONDS must be positive"):
        load_settings({"TWO_PERSON_ABSENCE_SECONDS": "0"}, dotenv=False)
    assert load_settings({"TWO_PERSON_ABSENCE_SECONDS": "3600"}, dotenv=False).two_person_absence_s == 3600
    assert load_settings({"RENDER_WORKERS": "2"}, dotenv=False).render_workers == 2
    # unset or empty: one worker per core beyond the event loop's, at least one (issue 29)
    assert [default_render_workers(cores) for cores in (1, 2, 4, 8)] == [1, 1, 3, 7]
    assert Settings().render_workers == default_render_workers() == max(1, usable_cores() - 1)
    assert load_settings({"RENDER_WORKERS": ""}, dotenv=False).render_workers == default_render_workers()
    durable = [
        load_settings({"DURABLE_COMMITS": v}, dotenv=False).durable_commits for v in ("yes", "off", "")
    ]
    assert durable == [True, False, None]
    with pytest.raises(SettingsError, match="DURABLE_COMMITS must be yes or no"):
        load_settings({"DURABLE_COMMITS": "sometimes"}, dotenv=False)
    with pytest.raises(SettingsError, match="RENDER_WORKERS cannot be negative"):
        load_settings({"RENDER_WORKERS": "-1"}, dotenv=False)


async def test_a_claimed_timer_stays_until_its_work_is_stored_or_comes_back_as_a_new_timer(database):
    store = await database.open()
    pk = await new_lobby(store)
    await store.start_game(pk, "{}", 1.0, TimerPlan(add=[("bot", 3.0, {"n": 1}), ("reminder", 50.0, {})]))
    (bot,) = await store.due_timers(10.0)
    claimed = await store.claim_timer(bot.id, 10.0, 310.0)
    assert (claimed.id, claimed.due, claimed.claimed) == (bot.id, 310.0, 10.0)
    assert await store.claim_timer(bot.id, 10.0, 310.0) is None  # once
    assert [(t.kind, t.claimed) for t in await store.timers(pk)] == [("reminder", None), ("bot", 10.0)]
    # its handler failed: back as a new timer, unclaimed, due when asked
    back = await store.release_timer(bot.id, 10.0, 70.0)
    assert (back.kind, back.due, back.payload, back.claimed) == ("bot", 70.0, {"n": 1}, None)
    assert await store.release_timer(back.id, 10.0, 70.0) is None  # that claim is over
    # a claim whose lease ran out (its process died): claimed again, as a new claim
    first = await store.claim_timer(back.id, 70.0, 100.0)
    assert first.claimed == 70.0 and [t.kind for t in await store.due_timers(99.0)] == ["reminder"]  # leased
    again = await store.claim_timer(first.id, 100.0, 400.0)
    assert (again.kind, again.due, again.payload, again.claimed) == ("bot", 400.0, {"n": 1}, 100.0)
    assert not await store.finish_timer(again.id, 70.0)  # the old claim's end does not end the new one
    assert [(t.kind, t.claimed) for t in await store.timers(pk) if t.kind == "bot"] == [("bot", 100.0)]
    # a starting process gives back every claim, due now
    (released,) = await store.release_claims(120.0)
    assert (released.kind, released.due, released.claimed) == ("bot", 120.0, None)
    # the move that stores a claimed timer's work deletes it in its own transaction: a claimed
    # timer is never moved in place (its claim would finish the new one)
    claimed = await store.claim_timer(released.id, 120.0, 420.0)
    plan = TimerPlan(clear=("reminder", "bot"), add=[("bot", 130.0, {"n": 2})])
    common = dict(seat="p0", kind="play", events=[], state_json="{}", status="active")
    assert await store.append_action(pk, expected_version=1, text="a", now=121.0, timers=plan, **common) == 2
    (fresh,) = await store.timers(pk)
    assert (fresh.due, fresh.payload, fresh.claimed) == (130.0, {"n": 2}, None)
    assert not await store.finish_timer(claimed.id, 120.0) and await store.timers(pk) == [fresh]
    claimed = await store.claim_timer(fresh.id, 130.0, 430.0)
    assert await store.finish_timer(claimed.id, 130.0) and await store.timers(pk) == []
    await store.close()


async def test_an_action_rearms_its_timers_in_one_transaction(database):
    store = await database.open()
    pk = await new_lobby(store)
    await store.start_game(pk, "{}", 1.0, TimerPlan(add=[("reminder", 10.0, {}), ("bot", 3.0, {})]))
    reminder_id = next(tm.id for tm in await store.timers(pk) if tm.kind == "reminder")
    plan = TimerPlan(clear=("reminder", "bot"), add=[("reminder", 20.0, {"n": 2})])
    common = dict(seat="p0", kind="play", events=[], state_json="{}", status="active")
    assert await store.append_action(pk, expected_version=1, text="a", now=2.0, timers=plan, **common) == 2
    (moved,) = await store.timers(pk)  # the bot timer is gone, the reminder moved in place
    assert (moved.id, moved.kind, moved.due, moved.payload) == (reminder_id, "reminder", 20.0, {"n": 2})
    two = TimerPlan(
        clear=("reminder", "clock"), add=[("clock", 30.0, {"seat": "p0"}), ("clock", 30.0, {"seat": "p1"})]
    )
    assert await store.append_action(pk, expected_version=2, text="b", now=3.0, timers=two, **common) == 3
    assert sorted((tm.kind, tm.payload.get("seat")) for tm in await store.timers(pk)) == [
        ("clock", "p0"),
        ("clock", "p1"),
    ]
    # A stale version writes nothing at all, timers included.
    assert await store.append_action(pk, expected_version=2, text="c", now=4.0, timers=plan, **common) is None
    assert len(await store.timers(pk)) == 2 and [a.text for a in await store.actions(pk)] == ["a", "b"]
    # Finishing the game drops its timers.
    done = dict(common, status="finished")
    assert await store.append_action(pk, expected_version=3, text="d", now=5.0, timers=plan, **done) == 4
    assert await store.timers(pk) == [] and (await store.game(pk)).status == "finished"
    await store.close()


# ---------------------------------------------------------------------- several processes on one database


async def test_each_process_sees_the_games_and_timers_of_its_own_shards(database):
    store = await database.open()
    try:
        guilds = [guild_of_shard(s, 3) for s in range(3)]
        assert [Shards(3, (s,)).of(g) for s, g in enumerate(guilds)] == [0, 1, 2]
        pks = [await new_lobby(store, channel=20 + s, guild=g) for s, g in enumerate(guilds)]
        for pk in pks:
            await store.add_timers(pk, TimerPlan(add=[("reminder", 50.0 + pk, {})]))
        for mine in ((0,), (1, 2), (0, 1, 2)):
            shards = Shards(3, mine)
            assert [g.id for g in await store.games(("lobby",), shards=shards)] == [pks[s] for s in mine]
            assert [t.game_pk for t in await store.due_timers(100.0, shards)] == [pks[s] for s in mine]
            assert await store.next_timer_due(shards) == 50.0 + pks[mine[0]]
        assert await store.due_timers(52.0, Shards(3, (2,))) == []
        assert await store.next_timer_due() == 50.0 + pks[0]
    finally:
        await store.close()


async def test_two_processes_seating_at_once_take_distinct_seats(database):
    a, b = await database.open(), await database.open()
    try:
        pk = await new_lobby(a)
        seats = await asyncio.gather(
            *(
                (a if user % 2 else b).add_seat(pk, user_id=user, name=f"U{user}", max_seats=4)
                for user in range(2, 8)
            )
        )
        taken = [s.seat for s in seats if s is not None]
        assert sorted(taken) == ["p1", "p2", "p3"]  # the table holds four: the host and three
        assert [s.seat for s in await a.seats(pk)] == ["p0", "p1", "p2", "p3"]
    finally:
        await a.close()
        await b.close()


async def test_one_open_game_per_channel_also_when_two_processes_open_it_at_once(database):
    a, b = await database.open(), await database.open()
    try:
        results = await asyncio.gather(new_lobby(a, host=1), new_lobby(b, host=2), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["ChannelBusy", "int"]
        assert len(await a.games(("lobby",))) == 1
    finally:
        await a.close()
        await b.close()


async def test_votes_cast_at_once_in_two_processes_are_all_counted(database):
    a, b = await database.open(), await database.open()
    try:
        pk = await new_lobby(a)
        await a.start_game(pk, "{}", 1.0)
        counted = await asyncio.gather(
            *(
                (a if voter % 2 else b).add_replace_vote(pk, "p1", voter, 1, 2.0 + voter)
                for voter in range(10, 16)
            )
        )
        # Every vote is stored, and the vote stored last saw every other one.
        assert max(len(voters) for voters in counted) == 6
        assert sorted(len(voters) for voters in counted) == [1, 2, 3, 4, 5, 6]
        assert sorted(await a.replace_voters(pk, "p1")) == list(range(10, 16))
    finally:
        await a.close()
        await b.close()


async def test_forget_user_renames_closed_games_now_and_open_ones_when_they_close(database):
    store = await database.open()
    try:
        closed = await new_lobby(store, channel=1, host=7)
        await store.set_status(closed, "abandoned", 2.0)
        open_ = await new_lobby(store, channel=2, host=7)
        assert await store.forget_user(7, {closed: "Former player {n}", open_: "Former player {n}"}) == (1, 1)
        assert [(s.name, s.user_id) for s in await store.seats(closed)] == [("Former player 1", None)]
        assert (await store.game(closed)).host_id == 0
        assert [(s.name, s.user_id) for s in await store.seats(open_)] == [("Ana", 7)]
        await store.set_status(open_, "abandoned", 3.0)
        assert [(s.name, s.user_id) for s in await store.seats(open_)] == [("Former player 1", None)]
        assert [g.id for g in await store.user_games(7)] == []
    finally:
        await store.close()


# ---------------------------------------------------------------------- SQLite's own


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_sqlite_runs_in_wal_mode(database):
    store = await database.open()
    try:
        assert (await store.journal_mode()).lower() == "wal"
    finally:
        await store.close()


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_a_newer_sqlite_schema_is_refused(database):
    con = sqlite3.connect(database.target)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(Exception, match="newer than this program"):
        await Store.open(database.target)


async def test_an_older_sqlite_database_is_migrated_and_keeps_its_games(tmp_path):
    from bot.stores.sqlite import MIGRATIONS, _statements

    path = str(tmp_path / "old.db")
    con = sqlite3.connect(path)
    for statement in _statements(MIGRATIONS[0]):
        con.execute(statement)
    con.execute("PRAGMA user_version = 1")
    con.execute(
        "INSERT INTO games (channel_id, game, seed, status, host_id, created, updated, reminder_s) "
        "VALUES (10, 'tiny', 7, 'lobby', 1, 0, 0, 60)"
    )
    con.commit()
    con.close()
    store = await Store.open(path)
    assert await store.schema_version() == SCHEMA_VERSION >= 2
    row = await store.open_game(10)
    assert row.game == "tiny" and await store.public_message(row.id) == (None, None)
    await store.set_public_message(row.id, 1234, "the board")
    assert await store.public_message(row.id) == (1234, "the board")
    await store.close()


# ---------------------------------------------------------------------- PostgreSQL's own


async def test_an_operation_takes_the_process_own_connection_when_free_and_the_pool_otherwise(postgres_server):
    store = await PgStore.open(await postgres_server.new_database())
    try:
        assert store.own is not None
        pk = await new_lobby(store)
        taken = store.own.taken
        assert (await store.game(pk)).status == "lobby"
        assert store.own.taken == taken + 1
        # Two operations at once: the first holds the own connection, the second takes the pool's.
        first, second = await asyncio.gather(
            store.fetch("SELECT pg_backend_pid()"), store.fetch("SELECT pg_backend_pid()")
        )
        assert store.own.taken == taken + 2
        assert first != second
        assert (await store.fetch("SELECT pg_backend_pid()")) == first  # free again: the own one
        assert store.own.opened == 1
    finally:
        await store.close()


async def test_the_own_connection_dropped_by_the_server_is_opened_again(postgres_server):
    """The server ends the store's own connection (a restart, an administrator's
    ``pg_terminate_backend``): at most the one operation under way fails, as on a pool connection,
    and the next opens it again — the move function in its session again — and writes."""
    import asyncpg

    url = await postgres_server.new_database()
    store = await PgStore.open(url)
    try:
        assert store.own is not None
        pk = await new_lobby(store)
        assert await store.start_game(pk, "{}", 2.0, None)
        ((pid,),) = await store.fetch("SELECT pg_backend_pid()")
        admin = await asyncpg.connect(url)
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        finally:
            await admin.close()
        failed = 0
        for version in (1, 2):
            while True:
                try:
                    written = await store.append_action(
                        pk, expected_version=version, seat="p0", text="bid 1", kind="play", events=[],
                        state_json="{}", status="active", now=3.0,
                    )  # fmt: skip
                    break
                except (
                    asyncpg.InterfaceError, asyncpg.InternalClientError, asyncpg.PostgresConnectionError,
                    asyncpg.OperatorInterventionError, OSError,
                ):  # fmt: skip
                    failed += 1
                    assert failed <= 1
            assert written == version + 1
        assert store.own.opened == 2
        ((again,),) = await store.fetch("SELECT pg_backend_pid()")
        assert again != pid
        assert [a.n for a in await store.actions(pk)] == [1, 2]
    finally:
        await store.close()


async def test_a_newer_postgresql_schema_is_refused(postgres_server):
    url = await postgres_server.new_database()
    store = await PgStore.open(url)
    await store.execute("UPDATE schema_version SET version = ?", SCHEMA_VERSION + 1)
    await store.close()
    with pytest.raises(Exception, match=f"version {SCHEMA_VERSION + 1}, newer than this program"):
        await PgStore.open(url)


async def test_an_older_postgresql_database_is_migrated_once_by_two_processes_at_once(postgres_server):
    import asyncpg

    url = await postgres_server.new_database()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(pgstore.MIGRATIONS[0])
        await conn.execute(
            "CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1)"
        )
        await conn.execute(
            "INSERT INTO games (channel_id, game, seed, status, host_id, created, updated, reminder_s) "
            "VALUES (10, 'tiny', 7, 'lobby', 1, 0, 0, 60)"
        )
    finally:
        await conn.close()
    a, b = await asyncio.gather(PgStore.open(url), PgStore.open(url))
    try:
        assert await a.schema_version() == await b.schema_version() == SCHEMA_VERSION
        assert await a.fetch("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
        row = await b.open_game(10)
        assert row.game == "tiny" and await b.public_message(row.id) == (None, None)
        await a.set_public_message(row.id, 1234, "the board")
        assert await b.public_message(row.id) == (1234, "the board")
    finally:
        await a.close()
        await b.close()


async def test_postgresql_tells_the_other_processes_when_timers_are_added(postgres_server):
    """A press handed over to another process is a timer due now: its timer loop is woken
    through ``LISTEN``/``NOTIFY`` instead of at its next round."""
    url = await postgres_server.new_database()
    receiving, owning = await PgStore.open(url), await PgStore.open(url)
    woken = asyncio.Event()
    try:
        await owning.watch_timers(woken.set)
        pk = await new_lobby(receiving)
        assert not woken.is_set()
        await receiving.add_timers(pk, TimerPlan(add=[("press", 1.0, {})]))
        await asyncio.wait_for(woken.wait(), HANG_GUARD_S)
    finally:
        await receiving.close()
        await owning.close()


async def test_a_tables_play_settings_and_the_hints_its_seats_used(database):
    store = await database.open()
    try:
        pk = await new_lobby(store)
        assert await store.table_play(pk) == ("heuristic", True)  # never set: the defaults
        await store.set_table_play(pk, takeover="strong", hints_allowed=False)
        await store.set_table_play(pk, takeover="random", hints_allowed=False)
        assert await store.table_play(pk) == ("random", False)
        assert await store.hints_used(pk) == {}
        for seat in ("p0", "p1", "p0"):
            await store.add_hint(pk, seat)
        assert await store.hints_used(pk) == {"p0": 2, "p1": 1}
    finally:
        await store.close()


@pytest.mark.parametrize("durable", [None, True, False])
async def test_durable_commits_set_how_each_backend_waits_for_the_disk(database, durable):
    """DURABLE_COMMITS: SQLite's ``synchronous`` (FULL = 2, NORMAL = 1) and PostgreSQL's
    ``synchronous_commit`` for the store's connections; unset, each backend's own default
    (SQLite NORMAL; the PostgreSQL server's setting, which the test server turns off)."""
    store = await open_store(Settings(**database.settings, durable_commits=durable))
    try:
        if database.backend == "sqlite":
            (row,) = await store.fetch("PRAGMA synchronous")
            assert row[0] == (2 if durable else 1)
        else:
            (row,) = await store.fetch("SHOW synchronous_commit")
            assert row[0] == ("on" if durable else "off")
        pk = await new_lobby(store)  # and it stores as ever
        assert (await store.game(pk)).status == "lobby"
    finally:
        await store.close()
