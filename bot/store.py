"""SQLite storage for games, seats, the action log and timers (WAL mode): the embedded default.

The ``games`` row holds a *cache* of the state (``rules.dump`` as JSON) and a ``version`` that
grows by one with every logged action; the ``actions`` table is the append-only log from which
the state can always be rebuilt (seed + seats + options + every logged play not undone).

The queries are :mod:`bot.sqlstore`'s, shared with PostgreSQL (:mod:`bot.pgstore`). Here they
run on one ``sqlite3`` connection owned by one worker thread: each store operation (a script of
statements) is handed to that thread in one go and runs there as one transaction
(``BEGIN IMMEDIATE`` … ``COMMIT``), so a move costs one hop between the event loop and the
thread, and no two operations of a process ever interleave on the connection. The state update
carries ``WHERE id = ? AND version = ?`` so that of two writers that read the same version only
one applies — also when they are two processes (or two :class:`Store` objects) on the same file.

Schema changes are migrations counted by ``PRAGMA user_version``: add a script to
:data:`MIGRATIONS` (and its PostgreSQL twin to :data:`bot.pgstore.MIGRATIONS`), never edit an
applied one.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import sqlite3
import threading
from collections.abc import Callable
from typing import Any

from bot.backup import copy_database, snapshot_path
from bot.rows import StoreError
from bot.sqlstore import Script, ScriptFn, Sql, SqlStore, StoreCounts, run_script
from bot.storecache import StoreCache

log = logging.getLogger(__name__)

MIGRATIONS: list[str] = [
    # 1: the first schema.
    """
    CREATE TABLE games (
        id                INTEGER PRIMARY KEY,
        channel_id        INTEGER NOT NULL,
        guild_id          INTEGER,
        game              TEXT NOT NULL,
        options           TEXT NOT NULL DEFAULT '{}',
        seed              INTEGER NOT NULL,
        status            TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        host_id           INTEGER NOT NULL,
        version           INTEGER NOT NULL DEFAULT 0,
        state             TEXT,
        created           REAL NOT NULL,
        updated           REAL NOT NULL,
        public_message_id INTEGER,
        clock_s           INTEGER,
        reminder_s        INTEGER NOT NULL,
        language          TEXT NOT NULL DEFAULT 'en'
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_status ON games (status);

    CREATE TABLE seats (
        game_pk    INTEGER NOT NULL REFERENCES games (id),
        seat       TEXT NOT NULL,
        user_id    INTEGER,
        name       TEXT NOT NULL,
        is_bot     INTEGER NOT NULL DEFAULT 0,
        bot_kind   TEXT,
        dm_refused INTEGER NOT NULL DEFAULT 0,
        timed_out  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_pk, seat)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_pk, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_user ON seats (user_id);

    CREATE TABLE dm_refused (
        user_id INTEGER PRIMARY KEY,
        since   REAL NOT NULL
    );

    CREATE TABLE actions (
        game_pk INTEGER NOT NULL REFERENCES games (id),
        n       INTEGER NOT NULL,
        seat    TEXT,
        text    TEXT NOT NULL,
        kind    TEXT NOT NULL CHECK (kind IN ('play', 'undo')),
        undoes  INTEGER,
        created REAL NOT NULL,
        events  TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_pk, n)
    ) WITHOUT ROWID;
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

    CREATE TABLE timers (
        id      INTEGER PRIMARY KEY,
        game_pk INTEGER NOT NULL REFERENCES games (id),
        kind    TEXT NOT NULL,
        due     REAL NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX timers_due ON timers (due);
    CREATE INDEX timers_game ON timers (game_pk, kind);
    """,
    # 2: the text of the newest board message, so that its buttons can be edited away later
    # (also after a restart) without losing its words.
    """
    ALTER TABLE games ADD COLUMN public_message_text TEXT;
    """,
    # 3: no index on timers.due: the timer loop scans the small table once per round, while
    # every action re-arms a reminder and would rewrite that index's pages.
    """
    DROP INDEX timers_due;
    """,
    # 4: a seat handed to a computer player remembers its player (who may take it back with
    # /game rejoin), and the votes to hand a seat over (bot/seats.py) survive restarts.
    """
    ALTER TABLE seats ADD COLUMN former_user_id INTEGER;
    CREATE TABLE replace_votes (
        game_pk  INTEGER NOT NULL REFERENCES games (id),
        seat     TEXT NOT NULL,
        voter_id INTEGER NOT NULL,
        version  INTEGER NOT NULL,
        created  REAL NOT NULL,
        PRIMARY KEY (game_pk, seat, voter_id)
    ) WITHOUT ROWID;
    """,
    # 5: each user's Discord locale, remembered from their last interaction, so that their DMs
    # (which answer no interaction) come in their language.
    """
    CREATE TABLE users (
        user_id  INTEGER PRIMARY KEY,
        locale   TEXT NOT NULL DEFAULT 'en',
        updated  REAL NOT NULL
    );
    """,
    # 6: finished games: the result kept beside the state (history and stats read it without
    # loading states), indexes for a channel's and a server's games, and /game forget-me's
    # requests for games still open (applied when the game closes, see ``_apply_forgets``).
    """
    ALTER TABLE games ADD COLUMN result TEXT;
    CREATE INDEX games_channel ON games (channel_id);
    CREATE INDEX games_guild ON games (guild_id);
    CREATE TABLE forget_requests (
        game_pk INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        name    TEXT NOT NULL,
        PRIMARY KEY (game_pk, user_id)
    ) WITHOUT ROWID;
    """,
    # 7: Goa's printed values were corrected in rules revision 2 (engine/goa/data.py). Every Goa
    # game begun before keeps revision 1 — in its options, from which its log replays — so that
    # it finishes, and replays for undo, the summary and exports, exactly as it began. Games still
    # in the lobby have not begun and take today's revision.
    """
    UPDATE games SET options = json_set(options, '$.revision', 1)
        WHERE game = 'goa' AND status != 'lobby';
    """,
    # 8: table manners. The live messages of a game (bot/flow.py): the newest turn message's
    # words without its whose-turn lines (``public_message_log``; ``public_message_id`` is that
    # message), and the live board picture's message, the version it was posted at and its
    # words. A game played in a thread of its own: the channel the thread hangs off and the
    # lobby notice there (edited to the result at the end). How each user wants to hear that
    # it is their turn (``/game notify``), and what a channel's hosts were told once.
    """
    ALTER TABLE games ADD COLUMN public_message_log TEXT;
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_version INTEGER;
    ALTER TABLE games ADD COLUMN board_text TEXT;
    ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;
    ALTER TABLE games ADD COLUMN lobby_message_id INTEGER;
    CREATE INDEX games_parent ON games (parent_channel_id) WHERE parent_channel_id IS NOT NULL;
    ALTER TABLE users ADD COLUMN notify TEXT NOT NULL DEFAULT 'mention';
    CREATE TABLE told (
        channel_id INTEGER NOT NULL,
        what       TEXT NOT NULL,
        since      REAL NOT NULL,
        PRIMARY KEY (channel_id, what)
    ) WITHOUT ROWID;
    """,
    # 9: replay bases (:class:`ReplayBase`). Issue 14 corrected Cuba's and Santiago's rules in
    # place (no revision option as Goa's): a game begun before plays on from its cached state
    # (Santiago's schema-1 states are migrated as they load), but its log no longer replays from
    # the seed. Every such game — running, finished (its final state) or abandoned — replays from
    # the state and version it had when this migration ran.
    """
    CREATE TABLE replay_bases (
        game_pk INTEGER PRIMARY KEY REFERENCES games (id),
        version INTEGER NOT NULL,
        state   TEXT NOT NULL
    ) WITHOUT ROWID;
    INSERT INTO replay_bases (game_pk, version, state)
        SELECT id, version, state FROM games
        WHERE game IN ('cuba', 'santiago') AND status != 'lobby' AND version > 0 AND state IS NOT NULL;
    """,
    # 10: reliability. ``broken``: why a running game's log no longer replays (the game is kept,
    # refused with one sentence, and may be abandoned). ``interactions``: the Discord
    # interactions already processed, so that none counts twice (also after a restart).
    # ``log_deleted``: when KEEP_FINISHED_DAYS deleted a closed game's log (its result, seats and
    # stats stay). The log stays append-only while a game is open or broken; a closed game's
    # log rows may lose their ``events`` (rebuilt by replaying, see ``_compact``) or go.
    """
    ALTER TABLE games ADD COLUMN broken TEXT;
    ALTER TABLE games ADD COLUMN log_deleted REAL;
    CREATE TABLE interactions (
        id      INTEGER PRIMARY KEY,
        created REAL NOT NULL
    );
    DROP TRIGGER actions_no_update;
    DROP TRIGGER actions_no_delete;
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        WHEN NEW.game_pk IS NOT OLD.game_pk OR NEW.n IS NOT OLD.n OR NEW.seat IS NOT OLD.seat
            OR NEW.text IS NOT OLD.text OR NEW.kind IS NOT OLD.kind OR NEW.undoes IS NOT OLD.undoes
            OR NEW.created IS NOT OLD.created
            OR (SELECT status IN ('lobby', 'active') OR broken IS NOT NULL FROM games WHERE id = OLD.game_pk)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        WHEN (SELECT status IN ('lobby', 'active') OR broken IS NOT NULL FROM games WHERE id = OLD.game_pk)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 11: the slow game made comfortable. How each user is called (``notify``: mention, dm, both
    # or none — 'mention+dm' is now 'both'), their time zone (IANA) and quiet hours (minutes
    # after their midnight, from and to), the end of their vacation and the computer player
    # standing in meanwhile (NULL: their clock waits). When the current turn began (beside the
    # live turn message, bot/flow.py), whether the table plays a player's only choice for them,
    # the game a lobby is the rematch of; each seat's last look at the game (the board marks
    # what changed since).
    """
    ALTER TABLE users ADD COLUMN time_zone TEXT;
    ALTER TABLE users ADD COLUMN quiet_from INTEGER;
    ALTER TABLE users ADD COLUMN quiet_to INTEGER;
    ALTER TABLE users ADD COLUMN away_until REAL;
    ALTER TABLE users ADD COLUMN stand_in TEXT;
    UPDATE users SET notify = 'both' WHERE notify = 'mention+dm';
    ALTER TABLE games ADD COLUMN turn_since REAL;
    ALTER TABLE games ADD COLUMN auto_single INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER;
    CREATE INDEX games_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
    ALTER TABLE seats ADD COLUMN seen_version INTEGER;
    """,
    # 12: how a table plays with computers (the level that takes over a replaced or timed-out
    # seat, whether /game hint is allowed) and the hints each seat used (the final summary).
    # A game without a row plays with the defaults: heuristic take-over, hints allowed.
    """
    CREATE TABLE table_play (
        game_pk       INTEGER PRIMARY KEY REFERENCES games (id),
        takeover      TEXT NOT NULL,
        hints_allowed INTEGER NOT NULL
    );
    CREATE TABLE hints_used (
        game_pk INTEGER NOT NULL REFERENCES games (id),
        seat    TEXT NOT NULL,
        n       INTEGER NOT NULL,
        PRIMARY KEY (game_pk, seat)
    ) WITHOUT ROWID;
    """,
    # 13: issue 26 corrected Cuba's and Santiago's rules in place to the publishers' rulebooks
    # (as migration 9 did for issue 14): every Cuba and Santiago game begun before replays from
    # the state and version it had when this migration ran (a base of migration 9 is moved on).
    """
    INSERT OR REPLACE INTO replay_bases (game_pk, version, state)
        SELECT id, version, state FROM games
        WHERE game IN ('cuba', 'santiago') AND status != 'lobby' AND version > 0 AND state IS NOT NULL;
    """,
    # 14: issue 28. The people the host removed from a lobby (``/game kick``): they cannot take a
    # seat at that table again (``/game forget-me`` deletes these rows with the rest).
    """
    CREATE TABLE lobby_removed (
        game_pk INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        PRIMARY KEY (game_pk, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX lobby_removed_user ON lobby_removed (user_id);
    """,
    # 15: a timer is done only when its work is stored. Claiming a timer no longer deletes it: it
    # is marked ``claimed`` (when) and its ``due`` becomes the end of the claim's lease; it is
    # deleted when its work is stored, and comes back (as a new timer) when its handler failed,
    # when the lease ran out, or when the process that claimed it starts again (bot/timers.py).
    # ``turn_pending``: the game version of a change whose turn message has not gone out yet (set
    # by the action's own transaction; a process that stopped in between calls whoever is to act
    # when it starts again).
    """
    ALTER TABLE timers ADD COLUMN claimed REAL;
    ALTER TABLE games ADD COLUMN turn_pending INTEGER;
    """,
    # 16: a table a moderator paused (/admin pause): who paused it; NULL while it plays.
    """
    ALTER TABLE games ADD COLUMN paused_by INTEGER;
    """,
    # 17: Goa's rules revision 3 (the publisher's 1st-edition rulebook, issue 26) is today's. A Goa
    # game begun under revision 2 whose options do not name it (begun with no options) keeps
    # revision 2 in its options, as migration 7 kept revision 1, so that its log replays (undo,
    # the summary, exports) under the rules it began with. Lobbies take today's revision.
    """
    UPDATE games SET options = json_set(options, '$.revision', 2)
        WHERE game = 'goa' AND status != 'lobby' AND json_extract(options, '$.revision') IS NULL;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

#: How long a statement waits for another connection's write lock before giving up (ms).
BUSY_TIMEOUT_MS = 10_000
#: ``PRAGMA auto_vacuum`` value of INCREMENTAL.
AUTO_VACUUM_INCREMENTAL = 2


class DatabaseThread:
    """The thread that owns a ``sqlite3`` connection: calls queue up and run there one after
    the other; each answer comes back to the caller's event loop. (A queue and a future per
    call, nothing more: this hop is on the path of every move.)"""

    def __init__(self, name: str = "tradewinds-sqlite") -> None:
        self._calls: queue.SimpleQueue[
            tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]] | None
        ] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the thread."""
        future = asyncio.get_running_loop().create_future()
        self._calls.put((future, fn, args))
        return await future

    def stop(self) -> None:
        """Let the thread finish the calls queued so far, then end; waits for it."""
        self._calls.put(None)
        self._thread.join()

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            future, fn, args = call
            try:
                result = fn(*args)
            except BaseException as error:  # handed to the caller, whatever it is
                future.get_loop().call_soon_threadsafe(_fail, future, error)
            else:
                future.get_loop().call_soon_threadsafe(_succeed, future, result)


def _succeed(future: asyncio.Future[Any], result: Any) -> None:
    if not future.cancelled():
        future.set_result(result)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.cancelled():
        future.set_exception(error)


class Store(SqlStore):
    """One connection to the database file, on its own thread. Safe to share between
    coroutines (operations queue up on the thread); several ``Store`` objects (or processes) on
    one file are kept apart by SQLite's write lock and the version check."""

    backend = "SQLite"
    AUTO_EVENT = "EXISTS (SELECT 1 FROM json_each(a.events) WHERE json_extract(value, '$.kind') = 'auto')"

    def __init__(self, conn: sqlite3.Connection, thread: DatabaseThread, path: str) -> None:
        self._conn = conn
        self._thread: DatabaseThread | None = thread
        self.path = path
        self.counts = StoreCounts()
        self.cache = StoreCache()

    # ------------------------------------------------------------------ opening and migrations

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (or create) the database at ``path``, in WAL mode, migrated to the latest schema."""
        thread = DatabaseThread()
        try:
            conn = await thread.call(_connect, path)
        except BaseException:
            thread.stop()
            raise
        store = cls(conn, thread, path)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        if self._thread is None:
            return
        thread, self._thread = self._thread, None
        await thread.call(self._conn.close)
        thread.stop()

    async def _run(self, script_fn: ScriptFn, *args: Any, write: bool) -> Any:
        if self._thread is None:
            raise StoreError("the store is closed")
        return await self._thread.call(_run_on_thread, self._conn, script_fn(*args), write, self.counts)

    async def reclaim_space(self) -> int:
        """Give the pages freed by deletions back to the file system (incremental auto-vacuum,
        then a WAL checkpoint so the file itself shrinks). Returns the pages freed."""
        return await self._on_thread(_reclaim_space, self._conn)

    async def _on_thread(self, fn: Any, *args: Any) -> Any:
        if self._thread is None:
            raise StoreError("the store is closed")
        return await self._thread.call(fn, *args)

    async def schema_version(self) -> int:
        return int((await self.fetch("PRAGMA user_version"))[0][0])

    async def journal_mode(self) -> str:
        return str((await self.fetch("PRAGMA journal_mode"))[0][0])

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in its transaction."""
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"the database schema is version {current}, newer than this program ({SCHEMA_VERSION})"
            )
        if 0 < current < SCHEMA_VERSION:
            await self.snapshot(current)
        for number in range(current, SCHEMA_VERSION):
            await self._write(_migration, number)

    async def snapshot(self, version: int) -> str | None:
        """Before a migration: a consistent copy of the file as schema ``version`` left it
        (:func:`bot.backup.snapshot_path`), the way back should the new version disappoint
        (README, "Backups and upgrades"). A copy already there is kept: it is the older one."""
        if self.path == ":memory:" or not os.path.isfile(self.path):
            return None
        target = snapshot_path(self.path, version)
        if os.path.exists(target):
            log.info("keeping the earlier snapshot %s", target)
            return target
        copy = await self._on_thread(copy_database, self._conn, target)
        log.info("before migrating to schema %d: snapshot of %s in %s", SCHEMA_VERSION, self.path, target)
        return str(copy.path)


def _connect(path: str) -> sqlite3.Connection:
    """The connection, made on the store's thread (and only ever used there)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _incremental_auto_vacuum(conn, path)  # first: a new file takes it before its header
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _incremental_auto_vacuum(conn: sqlite3.Connection, path: str) -> None:
    """Make the file one that can shrink (``PRAGMA auto_vacuum = INCREMENTAL``; pages freed by
    deletions go back to the system in :meth:`Store.reclaim_space`). A new file takes the mode
    at once; an existing one only through one ``VACUUM`` (rewrites the file once)."""
    if conn.execute("PRAGMA auto_vacuum").fetchone()[0] == AUTO_VACUUM_INCREMENTAL:
        return
    conn.execute(f"PRAGMA auto_vacuum = {AUTO_VACUUM_INCREMENTAL}")
    if conn.execute("PRAGMA auto_vacuum").fetchone()[0] == AUTO_VACUUM_INCREMENTAL:
        return  # a new file
    log.info("switching %s to incremental auto-vacuum: one VACUUM", path)
    conn.execute("VACUUM")


def _reclaim_space(conn: sqlite3.Connection) -> int:
    free = int(conn.execute("PRAGMA freelist_count").fetchone()[0])
    if free:
        # A script runs the pragma to its end (one step of it frees one page).
        conn.executescript("PRAGMA incremental_vacuum;")
        # The file is cut when the WAL is copied back into it; PASSIVE never waits for another
        # connection (one still reading only delays the cut to a later one).
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    return free


def _execute(conn: sqlite3.Connection, statement: Sql) -> Any:
    """One statement of a script, on the store's thread."""
    if statement.want == "lock":
        return None  # BEGIN IMMEDIATE already holds the database
    if statement.want == "many":
        conn.executemany(statement.text, statement.args)
        return None
    cursor = conn.execute(statement.text, statement.args)
    if statement.want == "rows":
        return cursor.fetchall()
    if statement.want == "row":
        found = cursor.fetchone()
        cursor.fetchall()  # the rest (e.g. of a RETURNING) so the statement completes
        return found
    return cursor.rowcount


def _run_on_thread(conn: sqlite3.Connection, script: Script[Any], write: bool, counts: StoreCounts) -> Any:
    """A whole script on the store's thread: a write one as one ``BEGIN IMMEDIATE`` transaction,
    rolled back when it raises."""

    def execute(statement: Sql) -> Any:
        counts.statements += 1
        return _execute(conn, statement)

    if not write:
        return run_script(script, execute)
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = run_script(script, execute)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def _migration(number: int) -> Script[None]:
    """Migration ``number`` (0-based) unless another process applied it meanwhile: the version
    is read again inside the write lock."""
    (version,) = yield Sql("PRAGMA user_version", (), "row")
    if version > number:
        return
    for statement in _statements(MIGRATIONS[number]):
        yield Sql(statement)
    yield Sql(f"PRAGMA user_version = {number + 1}")


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner ``;``)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
