"""Storage that does not grow without bound: a closed game keeps no redundant copy (its state
cache and its log's events are rebuilt by replaying), KEEP_FINISHED_DAYS deletes old logs while
results and stats stay (on both stores), and the SQLite file shrinks after deletions
(incremental auto-vacuum)."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import sqlite3

import discord
import pytest

from bot.config import Settings, SettingsError, load_settings
from bot.service import records, replays
from bot.service.front import GameService
from bot.stores.rows import TimerPlan
from bot.stores.sqlite import MIGRATIONS, Store, _statements
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, Env
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

pytestmark = pytest.mark.both_backends  # what closed games keep, on SQLite and on PostgreSQL

DAY = 86400.0


async def finish_tiny(env: Env, svc: GameService, channel: int = CHANNEL) -> int:
    """A 2-round tiny game of Ana and Bo played to its end (each takes 2, draws, is done)."""
    assert (await svc.new_game(channel, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.join(channel, BO, "Bo")).ok
    assert (await svc.start(channel, ANA)).ok
    pk = svc.tables.channel_games[channel]
    while (table := svc.tables.cached.get(pk)) is not None:
        seat = table.rules.to_act(table.state)[0]
        legal = [str(a) for a in table.rules.legal(table.state, seat)]
        move = next((m for m in ("bid 1", "take 2", "draw", "done") if m in legal), legal[0])
        assert (await svc.act(channel, table.seat(seat).user_id, move)).ok
    return pk


def raw(path: str, query: str, *args) -> list[tuple]:
    """A query straight on a SQLite file."""
    with sqlite3.connect(path) as conn:
        return conn.execute(query, args).fetchall()


async def stored(svc: GameService, query: str, *args) -> list[tuple]:
    """A query on the service's store, whichever it is."""
    return [tuple(r) for r in await svc.store.fetch(query, *args)]


async def test_a_finished_game_keeps_its_log_and_result_but_no_redundant_copy(env):
    svc = await env.service()
    pk = await finish_tiny(env, svc)
    assert await stored(svc, "SELECT state FROM games WHERE id = ?", pk) == [(None,)]
    # No events are kept, but the mark of a play the table made for a seat (its only choice).
    kept = [json.loads(e) for (e,) in await stored(svc, "SELECT events FROM actions WHERE game_pk = ?", pk)]
    assert all(e == [] or [x["kind"] for x in e] == ["auto"] for e in kept)
    # What history, export, replay, stats and the log need is all there.
    assert (await svc.history(CHANNEL, 9)).ephemeral.count("#1") == 1
    assert (await svc.export(CHANNEL, ANA)).public[0].attachments
    stats = await records.player_stats(svc.archive, ANA, 9)
    assert stats["tiny"].plain.played == 1
    log = (await svc.log(CHANNEL, ANA)).ephemeral
    assert "Ana" in log and t("log_empty") not in log


async def test_the_log_of_a_closed_game_shows_the_events_it_had_while_running(env):
    svc = await env.service()
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    assert (await svc.start(CHANNEL, ANA)).ok
    await svc.settings(CHANNEL, ANA, auto_play=False)  # Ana's "done" stays hers to play
    pk = svc.tables.channel_games[CHANNEL]
    for user, move in ((ANA, "bid 2"), (BO, "bid 1"), (ANA, "draw"), (ANA, "take 3")):
        assert (await svc.act(CHANNEL, user, move)).ok
    assert (await svc.undo(CHANNEL, ANA)).ok
    for move in ("take 1", "done"):
        assert (await svc.act(CHANNEL, ANA, move)).ok
    running = await svc.store.actions(pk)
    assert any(a.events for a in running) and any(a.kind == "undo" for a in running)
    lines = (await svc.log(CHANNEL, ANA)).ephemeral
    assert (await svc.abandon(CHANNEL, ANA)).ok
    assert {e for (e,) in await stored(svc, "SELECT events FROM actions WHERE game_pk = ?", pk)} == {"[]"}
    assert (await svc.log(CHANNEL, ANA)).ephemeral == lines  # events rebuilt by replaying
    table = await svc.tables.load(await svc.store.game(pk))
    rebuilt = replays.with_events(table.rules, table.row, ["p0", "p1"], await svc.store.actions(pk))
    assert [a.events for a in rebuilt] == [a.events for a in running]


async def test_a_game_with_a_replay_base_keeps_the_events_before_it_and_replays_the_rest_from_it(env):
    svc = await env.service()
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    assert (await svc.start(CHANNEL, ANA)).ok
    pk = svc.tables.channel_games[CHANNEL]
    for user, move in ((ANA, "bid 2"), (BO, "bid 1")):
        assert (await svc.act(CHANNEL, user, move)).ok
    # The rules "changed" here: the game replays from its state at version 3 (as migration 9
    # gives the old Cuba and Santiago games), and no longer from its seed.
    base_version, base_state = await svc.store.state(pk)
    await svc.store.execute(
        "INSERT INTO replay_bases (game_pk, version, state) VALUES (?, ?, ?)", pk, base_version, base_state
    )
    await svc.store.execute("UPDATE games SET seed = seed + 1 WHERE id = ?", pk)
    for move in ("draw", "take 1"):
        assert (await svc.act(CHANNEL, ANA, move)).ok
    running = await svc.store.actions(pk)
    lines = (await svc.log(CHANNEL, ANA)).ephemeral
    assert (await svc.abandon(CHANNEL, ANA)).ok
    kept = await stored(svc, "SELECT n, events FROM actions WHERE game_pk = ? ORDER BY n", pk)
    assert [json.loads(e) for n, e in kept if n < base_version] == [a.events for a in running[:2]]
    # After the base nothing is kept but the mark of the only choice played for Ana ("done").
    after = [json.loads(e) for n, e in kept if n >= base_version]
    assert [e for e in after if e] == [[{**running[-1].events[0]}]] and running[-1].text == "done"
    assert (await svc.log(CHANNEL, ANA)).ephemeral == lines  # the draw replayed from the base
    # KEEP_FINISHED_DAYS takes the base with the log: it replays nothing any more.
    env.clock.advance(3 * DAY)
    await (await env.service(keep_finished_days=2)).sweep()
    assert await svc.store.replay_base(pk) is None


async def test_keep_finished_days_deletes_old_logs_and_keeps_results_and_stats(env):
    forever = await env.service()
    old = await finish_tiny(env, forever, CHANNEL)
    env.clock.advance(3 * DAY)
    await forever.sweep()  # default: every log is kept
    assert len(await forever.store.actions(old)) > 0

    svc = await env.service(keep_finished_days=2)
    recent = await finish_tiny(env, svc, CHANNEL + 1)
    history_before = (await svc.history(CHANNEL, 9, scope="server")).ephemeral
    stats_before = await records.player_stats(svc.archive, BO, 9)
    await svc.sweep()
    assert await svc.store.actions(old) == [] and len(await svc.store.actions(recent)) > 0
    assert (await svc.store.game(old)).log_deleted == env.clock.now
    assert (await svc.store.game(recent)).log_deleted is None
    assert (await svc.history(CHANNEL, 9, scope="server")).ephemeral == history_before
    assert await records.player_stats(svc.archive, BO, 9) == stats_before
    export = await svc.export(CHANNEL, ANA)
    assert not export.ok and export.ephemeral == t("export_log_deleted", title="Tiny Test Game", id=old)
    assert (await svc.log(CHANNEL, ANA)).ephemeral == t("log_deleted", title="Tiny Test Game", id=old)
    assert (await svc.export(CHANNEL + 1, ANA)).ok  # the recent one still exports
    await svc.sweep()  # nothing more to delete
    assert len(await svc.store.actions(recent)) > 0


async def test_a_game_in_a_thread_keeps_its_thread_and_notice_when_compacted_and_when_its_log_goes(env):
    svc = await env.service(keep_finished_days=2)
    client = FakeClient(svc)
    host = FakeInteraction(client, ANA)
    host.channel = client.get_channel(CHANNEL)
    host.app_permissions = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
    await invoke("game new", host, game="tiny", options="rounds=1")
    [(thread, _)] = client.get_channel(CHANNEL).threads
    row = await svc.store.open_game(thread)
    await invoke("game join", FakeInteraction(client, BO, channel_id=thread))
    await invoke("game start", FakeInteraction(client, ANA, channel_id=thread))
    for user, move in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done"), (BO, "done")):
        await invoke("play", FakeInteraction(client, user, channel_id=thread), action=move)
    # Compacted as it ended (no state cache), the game still knows its thread and notice, and
    # the notice in the channel was edited in place to the result.
    closed = await svc.store.game(row.id)
    assert closed.status == "finished"
    assert await stored(svc, "SELECT state FROM games WHERE id = ?", row.id) == [(None,)]
    assert (closed.parent_channel_id, closed.lobby_message_id) == (CHANNEL, row.lobby_message_id)
    notice = client.get_channel(CHANNEL).sent[0][0] or ""
    assert notice.startswith(f"Tiny Test Game in <#{thread}>: Final scores: ")
    # Its log deleted after KEEP_FINISHED_DAYS, the channel's history still lists it.
    env.clock.advance(3 * DAY)
    await svc.sweep()
    closed = await svc.store.game(row.id)
    assert closed.log_deleted is not None and closed.parent_channel_id == CHANNEL
    assert f"#{row.id}" in (await svc.history(CHANNEL, 9)).ephemeral


async def test_the_file_shrinks_after_deleting_logs(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    for channel in range(20):
        pk = await store.create_game(
            channel_id=channel,
            guild_id=9,
            game="tiny",
            options={},
            seed=1,
            host_id=ANA,
            host_name="Ana",
            now=0.0,
            reminder_s=3600,
            clock_s=None,
        )
        await store.start_game(pk, "{}", 0.0)
        for version in range(1, 101):
            status = "finished" if version == 100 else "active"
            assert await store.append_action(
                pk,
                expected_version=version,
                seat="p0",
                text=f"move number {version}",
                kind="play",
                events=[{"kind": "x" * 100}],
                state_json="{}",
                status=status,
                now=0.0,
                timers=TimerPlan(clear=("reminder",), add=[("reminder", 9.0, {})]),
            )
    assert await store.reclaim_space() == 0  # nothing deleted yet
    await store.fetch("PRAGMA wal_checkpoint(TRUNCATE)")  # everything written into the file
    before = os.path.getsize(path)
    assert len(await store.delete_closed_logs(before=1.0, now=2.0)) == 20
    freed = await store.reclaim_space()
    assert freed > 0 and os.path.getsize(path) < before
    assert raw(path, "PRAGMA freelist_count") == [(0,)]
    await store.close()


def sqlite_heap_bytes() -> int:
    """What the SQLite library holds in its heap now (``sqlite3_memory_used``), read from the same
    shared library the ``sqlite3`` module runs on."""
    lib = ctypes.CDLL(ctypes.util.find_library("sqlite3"))
    lib.sqlite3_memory_used.restype = ctypes.c_int64
    return int(lib.sqlite3_memory_used())


async def test_the_sweep_gives_the_page_cache_of_closed_games_back(tmp_path):
    """SQLite keeps the pages it read in its cache (up to 2 MiB a connection) long after their
    games closed; the hourly sweep's reclaim_space hands them back (``PRAGMA shrink_memory``)."""
    store = await Store.open(str(tmp_path / "t.db"))
    for channel in range(12):
        pk = await store.create_game(
            channel_id=channel,
            guild_id=9,
            game="tiny",
            options={},
            seed=1,
            host_id=ANA,
            host_name="Ana",
            now=0.0,
            reminder_s=3600,
            clock_s=None,
        )
        await store.start_game(pk, json.dumps({"board": "x" * 2000}), 0.0)
        for version in range(1, 41):
            assert await store.append_action(
                pk,
                expected_version=version,
                seat="p0",
                text=f"move number {version}",
                kind="play",
                events=[{"kind": "x" * 400}],
                state_json=json.dumps({"board": "y" * 2000, "v": version}),
                status="finished" if version == 40 else "active",
                now=0.0,
                timers=TimerPlan(clear=("reminder",), add=[("reminder", 9.0, {})]),
            )
        assert len(await store.actions(pk)) == 40  # read back: the pages pass through the cache
    filled = sqlite_heap_bytes()
    assert filled > 300_000  # the cache holds those pages, beside the schema and statements
    await store.reclaim_space()
    assert sqlite_heap_bytes() < filled - 100_000  # the cached pages are given back
    await store.close()


async def test_an_existing_database_is_switched_to_incremental_auto_vacuum(tmp_path):
    path = str(tmp_path / "old.db")
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode=WAL")  # as every database of the bot is
        for script in MIGRATIONS[:6]:
            for statement in _statements(script):
                conn.execute(statement)
        conn.execute("PRAGMA user_version = 6")
    assert raw(path, "PRAGMA auto_vacuum") == [(0,)]
    store = await Store.open(path)
    await store.close()
    assert raw(path, "PRAGMA auto_vacuum") == [(2,)]


async def test_processed_interactions_are_forgotten_after_a_day(env):
    svc = await env.service()
    assert await svc.store.claim_interaction(7, env.clock.now)
    env.clock.advance(2 * DAY)
    await svc.sweep()
    assert not await svc.store.interaction_seen(7)


def test_keep_finished_days_is_read_from_the_environment():
    assert Settings().keep_finished_days is None
    assert load_settings({}, dotenv=False).keep_finished_days is None
    assert load_settings({"KEEP_FINISHED_DAYS": ""}, dotenv=False).keep_finished_days is None
    assert load_settings({"KEEP_FINISHED_DAYS": "30"}, dotenv=False).keep_finished_days == 30.0
    for bad in ("0", "-1", "soon"):
        with pytest.raises(SettingsError):
            load_settings({"KEEP_FINISHED_DAYS": bad}, dotenv=False)
