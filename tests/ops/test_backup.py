"""Backups and upgrades: ``tradewinds backup FILE`` copies the SQLite file consistently while a
writer keeps committing (SQLite's online backup API), and the store keeps a snapshot of the file
before it applies a migration — the way back the README describes."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot.ops import cli
from bot.stores import sqlite as store
from bot.stores.backup import snapshot_path
from bot.stores.sqlite import Store
from tests.bot.test_store import new_lobby


def insert_game(conn: sqlite3.Connection, n: int) -> None:
    """One lobby and its host's seat, as two statements (a copy must hold both or neither)."""
    pk = conn.execute(
        "INSERT INTO games (channel_id, guild_id, game, seed, status, host_id, created, updated, reminder_s)"
        " VALUES (?, 5, 'tiny', 1, 'lobby', 1, 0, 0, 3600)",
        (1000 + n,),
    ).lastrowid
    conn.execute("INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, 'p0', 1, 'Ana')", (pk,))


def counts(path: Path) -> tuple[int, int, str]:
    conn = sqlite3.connect(path)
    try:
        games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        seats = conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0]
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        return games, seats, check
    finally:
        conn.close()


async def test_a_backup_holds_what_was_committed_while_a_write_is_open(tmp_path, capsys):
    path = tmp_path / "tradewinds.db"
    live = await Store.open(str(path))
    for channel in (10, 11, 12):
        await new_lobby(live, channel=channel)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # a writer in the middle of its transaction
    insert_game(writer, 1)
    assert cli.main(["backup", str(tmp_path / "copy.db"), "--database", str(path)]) == 0
    writer.execute("COMMIT")  # the backup neither waited for it nor blocked it
    writer.close()
    out = capsys.readouterr().out
    assert out.startswith(f"Copied {path} to {tmp_path / 'copy.db'}: schema version {store.SCHEMA_VERSION},")
    assert counts(tmp_path / "copy.db") == (3, 3, "ok")  # the open transaction is not in the copy
    assert counts(path) == (4, 4, "ok")
    copy = await Store.open(str(tmp_path / "copy.db"))  # the copy is a database the bot opens
    found = await copy.open_game(12)
    assert found is not None and found.host_id == 1
    await copy.close()
    await live.close()


def test_backups_while_a_writer_commits_are_each_consistent(tmp_path):
    """A thread commits game after game (a lobby and its seat per transaction) while backups
    are taken: each copy passes SQLite's integrity check and holds whole transactions only, and
    the writer committed between every two backups (so they really ran while it wrote)."""
    path = tmp_path / "tradewinds.db"
    import asyncio

    asyncio.run(_create(path))
    committed = 0
    progress = threading.Condition()
    stop = threading.Event()

    def write() -> None:
        nonlocal committed
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=10000")
        n = 0
        while not stop.is_set():
            n += 1
            conn.execute("BEGIN IMMEDIATE")
            insert_game(conn, n)
            conn.execute("COMMIT")
            with progress:
                committed += 1
                progress.notify_all()
        conn.close()

    thread = threading.Thread(target=write)
    thread.start()
    seen = []
    try:
        for i in range(5):
            with progress:  # at least 3 more commits before each backup
                target = committed + 3
                assert progress.wait_for(lambda t=target: committed >= t, timeout=60)
            copy = tmp_path / f"copy{i}.db"
            assert cli.main(["backup", str(copy), "--database", str(path)]) == 0
            games, seats, check = counts(copy)
            assert check == "ok" and games == seats
            seen.append(games)
    finally:
        stop.set()
        thread.join()
    assert seen == sorted(seen) and len(set(seen)) == 5  # every copy later than the one before
    assert counts(path)[0] >= seen[-1]


async def _create(path: Path) -> None:
    db = await Store.open(str(path))
    await db.close()


def test_backup_refusals(tmp_path, capsys, monkeypatch):
    path = tmp_path / "tradewinds.db"
    import asyncio

    asyncio.run(_create(path))
    (tmp_path / "old.db").write_text("keep me")
    cases = [
        (["backup", str(path), "--database", str(path)], f"{path} is the database itself; name another file"),
        (
            ["backup", str(tmp_path / "old.db"), "--database", str(path)],
            f"{tmp_path / 'old.db'} already exists (--overwrite replaces it)",
        ),
        (["backup", str(tmp_path / "x.db"), "--database", str(tmp_path / "none.db")], None),
    ]
    for argv, message in cases:
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"tradewinds: {message or f'there is no database at {tmp_path / chr(110)}one.db'}.\n"
    assert (tmp_path / "old.db").read_text() == "keep me"
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "x.db").exists()
    assert cli.main(["backup", str(tmp_path / "old.db"), "--database", str(path), "--overwrite"]) == 0
    assert counts(tmp_path / "old.db")[2] == "ok"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://tw@db/tw")
    assert cli.main(["backup", "pg.db"]) == 2
    assert "pg_dump" in capsys.readouterr().err


async def test_a_migration_is_preceded_by_a_snapshot_and_the_way_back_works(tmp_path, monkeypatch):
    path = tmp_path / "tradewinds.db"
    previous = store.SCHEMA_VERSION - 1
    monkeypatch.setattr(store, "SCHEMA_VERSION", previous)  # the schema before the upgrade
    old = await Store.open(str(path))
    await old.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    insert_game(conn, -990)  # a lobby in channel 10, written as the older program would
    conn.execute("COMMIT")
    conn.close()
    assert not list(tmp_path.glob("*.bak"))  # a new database: nothing to keep

    monkeypatch.setattr(store, "SCHEMA_VERSION", len(store.MIGRATIONS))  # the upgrade
    new = await Store.open(str(path))
    assert await new.schema_version() == len(store.MIGRATIONS)
    await new_lobby(new, channel=11)  # played after the upgrade
    await new.close()
    snapshot = Path(snapshot_path(str(path), previous))
    assert sorted(tmp_path.glob("*.bak")) == [snapshot]
    assert snapshot.name == f"tradewinds.db.v{previous}.bak"
    conn = sqlite3.connect(snapshot)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == previous
    assert conn.execute("SELECT channel_id FROM games").fetchall() == [(10,)]
    conn.close()
    again = await Store.open(str(path))  # up to date: no second snapshot
    await again.close()
    assert sorted(tmp_path.glob("*.bak")) == [snapshot]

    # The way back (README): stop the bot, put the snapshot in place, run the previous version
    # (which finds the database exactly as it left it: its schema version, its games).
    for leftover in tmp_path.glob("tradewinds.db-*"):
        leftover.unlink()
    snapshot.replace(path)
    monkeypatch.setattr(store, "SCHEMA_VERSION", previous)
    back = await Store.open(str(path))
    assert await back.schema_version() == previous
    await back.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT channel_id FROM games").fetchall() == [(10,)]
    conn.close()


async def test_a_newer_database_is_refused_before_any_snapshot(tmp_path, monkeypatch):
    path = tmp_path / "tradewinds.db"
    db = await Store.open(str(path))
    await db.close()
    monkeypatch.setattr(store, "SCHEMA_VERSION", store.SCHEMA_VERSION - 1)
    with pytest.raises(store.StoreError, match="newer than this program"):
        await Store.open(str(path))
    assert not list(tmp_path.glob("*.bak"))
