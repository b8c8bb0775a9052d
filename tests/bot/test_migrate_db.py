"""``tradewinds migrate-db --to postgresql://…``: a SQLite database with games in every state is
copied into an empty PostgreSQL database, table by table and row for row; the copy replays,
the games go on there, and a target that is not empty is refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.ops import cli
from bot.stores.postgres import PgStore
from bot.stores.queries import TABLES
from bot.stores.rows import DecisionDm
from bot.stores.sqlite import Store
from tests.backends import Database
from tests.bot.conftest import ANA, BO, CY, DEE, Env, seated

#: Every table's rows in one order, to compare both databases.
ORDER = {
    "games": "id",
    "seats": "game_pk, seat",
    "dm_refused": "user_id",
    "actions": "game_pk, n",
    "timers": "id",
    "replace_votes": "game_pk, seat, voter_id",
    "users": "user_id",
    "forget_requests": "game_pk, user_id",
    "told": "channel_id, what",
    "replay_bases": "game_pk",
    "interactions": "id",
    "table_play": "game_pk",
    "hints_used": "game_pk, seat",
    "lobby_removed": "game_pk, user_id",
    "decision_dms": "game_pk, message_id",
}


async def a_busy_sqlite_database(env: Env) -> None:
    """A finished game, a running one with a vote, a lobby with a computer seat and its
    timers, a forget-me request waiting, a refused DM, remembered languages, a channel told
    something once."""
    svc = await env.service()
    await seated(env, svc, [ANA, BO], options={"rounds": 1}, channel=1)
    for user, text in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done"), (BO, "done")):
        assert (await svc.act(1, user, text)).ok
    await seated(env, svc, [ANA, BO, CY, DEE], bots=0, channel=2)
    running = (await svc.store.open_game(2)).id
    _, begun = await svc.store.state(running)  # a replay base as migration 9 gives old games
    await svc.store.execute(
        "INSERT INTO replay_bases (game_pk, version, state) VALUES (?, 1, ?)", running, begun
    )
    assert (await svc.act(2, ANA, "bid 1", locale="ja")).ok
    assert (await svc.replace_player(2, BO, CY, locale="nl")).ok
    await seated(env, svc, [CY], bots=1, start=False, channel=3)
    assert (await svc.join(3, BO, "Bo")).ok and (await svc.kick(3, CY, BO)).ok  # Bo barred there
    assert (await svc.forget_me(DEE, confirm=True)).ok
    await svc.dm_refused(BO)
    assert await svc.store.tell_once(2, "threads", env.clock())
    assert await svc.store.claim_interaction(1_150_000_000_000_000_000, env.clock())
    await svc.store.set_table_play(running, takeover="strong", hints_allowed=False)
    await svc.store.add_hint(running, "p0")
    await svc.store.set_at_table_s(running, 600)
    await svc.store.add_decision_dm(DecisionDm(running, 8_000_001, 900_001, ANA, "p0", 2))
    await env.close()


async def all_rows(store, table: str) -> list[tuple]:
    return [tuple(r) for r in await store.fetch(f"SELECT * FROM {table} ORDER BY {ORDER[table]}")]


def run_cli(*argv: str) -> int:
    return cli.main(["migrate-db", *argv])


async def test_every_table_is_copied_row_for_row_and_the_games_go_on(tmp_path, postgres_server, capsys):
    assert set(ORDER) == set(TABLES)
    env = Env(Database("sqlite", str(tmp_path / "old.db")))
    await a_busy_sqlite_database(env)
    url = await postgres_server.new_database()

    assert await asyncio.to_thread(run_cli, "--to", url, "--from", env.path) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"Copied {env.path} to postgresql://") and said[0].endswith(
        ": games 3, seats 8, dm_refused 1, actions 5, timers 3, replace_votes 1, users 2, forget_requests 1, "
        "told 1, replay_bases 1, interactions 1, table_play 1, hints_used 1, lobby_removed 1, decision_dms 1."
    )
    assert said[1] == "Every game replays to its cached state or kept result (2 games checked)."

    source, target = await Store.open(env.path), await PgStore.open(url)
    try:
        for table in TABLES:
            rows = await all_rows(source, table)
            assert rows, f"the source has no {table} to copy"
            assert rows == await all_rows(target, table), table
    finally:
        await source.close()
        await target.close()

    # The games go on in PostgreSQL: the running one takes its next move, new ids follow the old.
    on_pg = Env(Database("postgresql", url))
    on_pg.clock.now = env.clock.now
    svc = await on_pg.service()
    assert (await svc.act(2, BO, "bid 2")).ok
    assert (await svc.new_game(4, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.store.open_game(4)).id == 4
    await on_pg.close()
    assert await on_pg.check_replays() == 2


async def test_a_target_that_is_not_empty_or_a_missing_source_is_refused(tmp_path, postgres_server, capsys):
    env = Env(Database("sqlite", str(tmp_path / "old.db")))
    svc = await env.service()
    await seated(env, svc, [ANA, BO], channel=1, start=False)
    await env.close()
    url = await postgres_server.new_database()
    busy = await PgStore.open(url)
    await busy.remember_locale(ANA, "ja", 1.0)
    await busy.close()

    assert await asyncio.to_thread(run_cli, "--to", url, "--from", env.path) == 2
    assert capsys.readouterr().err.splitlines() == [
        "tradewinds: the target database is not empty (rows in users); "
        "migrate-db copies into an empty database only."
    ]
    check = await PgStore.open(url)
    assert await check.games() == []  # nothing was copied
    await check.close()

    missing = str(tmp_path / "nothing.db")
    assert await asyncio.to_thread(run_cli, "--to", url, "--from", missing) == 2
    assert capsys.readouterr().err.splitlines() == [f"tradewinds: there is no SQLite database at {missing}."]
    assert await asyncio.to_thread(run_cli, "--to", "mysql://x", "--from", env.path) == 2
    assert capsys.readouterr().err.splitlines() == ["tradewinds: --to must be a postgresql:// URL."]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_tables_lists_every_table_of_the_schema(database):
    store = await database.open()
    try:
        if database.backend == "sqlite":
            found = await store.fetch("SELECT name FROM sqlite_schema WHERE type = 'table'")
        else:
            found = await store.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        assert {r[0] for r in found} - {"schema_version"} == set(TABLES)
    finally:
        await store.close()


async def test_a_game_that_does_not_replay_to_its_cache_is_named(tmp_path, postgres_server, capsys):
    env = Env(Database("sqlite", str(tmp_path / "old.db")))
    svc = await env.service()
    await seated(env, svc, [ANA, BO], channel=1)
    pk = (await svc.store.open_game(1)).id
    _, begun = await svc.store.state(pk)
    assert (await svc.act(1, ANA, "bid 1")).ok
    await svc.store.execute("UPDATE games SET state = ? WHERE id = ?", begun, pk)  # a stale cache
    await env.close()
    url = await postgres_server.new_database()
    assert await asyncio.to_thread(run_cli, "--to", url, "--from", env.path) == 1
    said = capsys.readouterr().out.splitlines()
    assert said[1] == f"1 game does not replay to its cached state or kept result (ids {pk}); 0 do."
