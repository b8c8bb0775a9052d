"""SQLite storage for games, seats, the action log and timers (WAL mode): the embedded default.

The ``games`` row holds a *cache* of the state (``rules.dump`` as JSON) and a ``version`` that
grows by one with every logged action; the ``actions`` table is the append-only log from which
the state can always be rebuilt (seed + seats + options + every logged play not undone).

The queries are :mod:`bot.stores.queries`'s, shared with PostgreSQL (:mod:`bot.stores.postgres`). Here they
run on one aiosqlite connection (the embedded store's driver: ``sqlite3`` on a thread of its own,
through aiosqlite's public API): each store operation (a script of statements) runs as one
transaction (``BEGIN IMMEDIATE`` … ``COMMIT``; a script of one statement in autocommit, its own
transaction), one operation at a time (an ``asyncio.Lock``), so no two operations of a process
ever interleave on the connection. Each statement is one hop to aiosqlite's thread. A move is
three operations of one statement each (:mod:`bot.stores.cache` keeps the rest): the game's read,
the live messages' write, and the move itself — one ``INSERT`` into a TEMP view whose triggers
do its writes (:data:`MOVE_OBJECTS`), three hops in all where a statement each with ``BEGIN``
and ``COMMIT`` took about twelve. The state update
carries ``WHERE id = ? AND version = ?`` so that of two writers that read the same version only
one applies — also when they are two processes (or two :class:`Store` objects) on the same file.

Schema changes are migrations counted by ``PRAGMA user_version``: add a script to
:data:`MIGRATIONS` (and its PostgreSQL twin to :data:`bot.stores.postgres.MIGRATIONS`), never edit an
applied one.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import os
import sqlite3
from typing import Any

import aiosqlite

from bot.stores.backup import backup, snapshot_path
from bot.stores.cache import StoreCache
from bot.stores.queries import SINGLE_STATEMENT, Script, ScriptFn, Sql, SqlStore, StoreCounts
from bot.stores.rows import AlreadyProcessed, Move, ScriptNeeded, StoreError, dumps

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
    # /game rejoin), and the votes to hand a seat over (bot/service/seats.py) survive restarts.
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
    # 8: table manners. The live messages of a game (bot/service/flow.py): the newest turn message's
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
    # live turn message, bot/service/flow.py), whether the table plays a player's only choice for them,
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
    # when the lease ran out, or when the process that claimed it starts again (bot/service/timers.py).
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
    # 18: the index on timers.due again (migration 3 dropped it): the timer loop's two queries
    # (the due timers, the earliest due) read it instead of the whole table every round, and a
    # bot holding many games starts without loading them (bot/service/timers.py, Timers.warm).
    """
    CREATE INDEX timers_due ON timers (due);
    """,
    # 19: issue 27. ``at_table_s``: a table's setting — a person who acted this many seconds ago is
    # named without a ping when called again (NULL: the default, 3 minutes; 0: always pinged).
    # ``decision_dms``: every DM sent for a decision, kept until it is closed (edited to say what
    # was decided, or that the moment passed, without its buttons), also across restarts.
    """
    ALTER TABLE table_play ADD COLUMN at_table_s INTEGER;
    CREATE TABLE decision_dms (
        game_pk    INTEGER NOT NULL REFERENCES games (id),
        message_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        seat       TEXT NOT NULL,
        version    INTEGER NOT NULL,
        PRIMARY KEY (game_pk, message_id)
    ) WITHOUT ROWID;
    CREATE INDEX decision_dms_user ON decision_dms (user_id);
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

#: A move that leaves its game open as ONE statement — one hop to aiosqlite's thread, its own
#: transaction in autocommit — instead of ``BEGIN IMMEDIATE``, a statement per write and
#: ``COMMIT`` (six to eight hops): an ``INSERT`` of several rows into the view ``tw_move``, whose
#: ``INSTEAD OF`` triggers do what :func:`bot.stores.queries._append_action` and
#: :func:`bot.stores.queries._move_timers` do (PostgreSQL's twin: :data:`bot.stores.postgres.APPEND_FUNCTION`).
#: Its rows, in order: one ``game`` row (the version-checked update, the interaction), one
#: ``play`` row per logged play (``version`` is its log number), then the timer plan: a ``move``
#: row per kind cleared and added back once, a ``clear`` row per other kind cleared, an ``add``
#: row per other timer added, and a ``locale`` row for the mover's language to remember
#: (``pk`` the user, ``text`` the locale). A
#: ``RAISE(ABORT)`` undoes the whole statement: ``tw_stale`` (the game moved on),
#: ``tw_processed`` (the interaction was processed before), ``tw_log`` (the log's numbers do not
#: follow the version: the general script takes the move). The objects are TEMP — each
#: connection's own, created as it opens (:func:`_connect`) —: this program's code, not the
#: database's, so they need no migration and are always the running version's.
MOVE_OBJECTS = """
CREATE TEMP VIEW tw_move (what, pk, version, interaction, now, state, plays, seat, text, kind, undoes, events, due)
    AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;
CREATE TEMP TRIGGER tw_move_game INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'game' BEGIN
    SELECT RAISE(ABORT, 'tw_stale') WHERE NOT EXISTS (
        SELECT 1 FROM games WHERE id = NEW.pk AND version = NEW.version AND status = 'active');
    SELECT RAISE(ABORT, 'tw_processed') WHERE NEW.interaction IS NOT NULL
        AND EXISTS (SELECT 1 FROM interactions WHERE id = NEW.interaction);
    SELECT RAISE(ABORT, 'tw_log')
        WHERE (SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_pk = NEW.pk) != NEW.version - 1;
    UPDATE games SET state = NEW.state, version = version + NEW.plays, turn_pending = version + NEW.plays,
            updated = NEW.now
        WHERE id = NEW.pk;
    INSERT INTO interactions (id, created) SELECT NEW.interaction, NEW.now WHERE NEW.interaction IS NOT NULL;
END;
CREATE TEMP TRIGGER tw_move_play INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'play' BEGIN
    INSERT INTO actions (game_pk, n, seat, text, kind, undoes, created, events)
        VALUES (NEW.pk, NEW.version, NEW.seat, NEW.text, NEW.kind, NEW.undoes, NEW.now, NEW.events);
END;
CREATE TEMP TRIGGER tw_move_timer INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'move' BEGIN
    -- A kind cleared and added back once: its one unclaimed timer is moved in place. Else (none,
    -- or several) every timer of the kind goes (a claimed one too, which finishes its claim) and
    -- the new one is added. (changes(): the rows the UPDATE just before moved.)
    UPDATE timers SET due = NEW.due, payload = NEW.events
        WHERE game_pk = NEW.pk AND kind = NEW.kind AND claimed IS NULL;
    DELETE FROM timers WHERE game_pk = NEW.pk AND kind = NEW.kind AND changes() != 1;
    INSERT INTO timers (game_pk, kind, due, payload) SELECT NEW.pk, NEW.kind, NEW.due, NEW.events
        WHERE NOT EXISTS (SELECT 1 FROM timers WHERE game_pk = NEW.pk AND kind = NEW.kind);
END;
CREATE TEMP TRIGGER tw_move_clear INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'clear' BEGIN
    DELETE FROM timers WHERE game_pk = NEW.pk AND kind = NEW.kind;
END;
CREATE TEMP TRIGGER tw_move_add INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'add' BEGIN
    INSERT INTO timers (game_pk, kind, due, payload) VALUES (NEW.pk, NEW.kind, NEW.due, NEW.events);
END;
CREATE TEMP TRIGGER tw_move_locale INSTEAD OF INSERT ON tw_move WHEN NEW.what = 'locale' BEGIN
    INSERT INTO users (user_id, locale, updated) VALUES (NEW.pk, NEW.text, NEW.now)
        ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated = excluded.updated;
END;
"""
#: The error of each ``RAISE`` in :data:`MOVE_OBJECTS`.
MOVE_STALE, MOVE_PROCESSED, MOVE_LOG = "tw_stale", "tw_processed", "tw_log"
#: The columns of a ``tw_move`` row, one ``?`` each.
MOVE_ROW = "(" + ", ".join("?" * 13) + ")"

#: How long a statement waits for another connection's write lock before giving up (ms).
BUSY_TIMEOUT_MS = 10_000
#: ``PRAGMA auto_vacuum`` value of INCREMENTAL.
AUTO_VACUUM_INCREMENTAL = 2


class Store(SqlStore):
    """One aiosqlite connection to the database file. Safe to share between coroutines (one
    operation at a time, in turn); several ``Store`` objects (or processes) on one file are kept
    apart by SQLite's write lock and the version check."""

    backend = "SQLite"
    AUTO_EVENT = "EXISTS (SELECT 1 FROM json_each(a.events) WHERE json_extract(value, '$.kind') = 'auto')"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self.path = path
        self.counts = StoreCounts()
        self.cache = StoreCache()
        #: One operation at a time on the connection: a transaction's statements are awaited one
        #: by one, and another operation's must not run inside it.
        self._turn = asyncio.Lock()

    # ------------------------------------------------------------------ opening and migrations

    @classmethod
    async def open(cls, path: str, *, durable: bool = False) -> Store:
        """Open (or create) the database at ``path``, in WAL mode, migrated to the latest schema.
        ``durable``: every commit waits for the disk (``synchronous=FULL``); else only the WAL's
        checkpoints do (``NORMAL``: a power cut may lose the last commits, never the file's
        consistency). ``DURABLE_COMMITS``, see :class:`bot.config.Settings`."""
        conn = await _connect(path, durable)
        store = cls(conn, path)
        try:
            await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        if self._conn is None:
            return
        conn, self._conn = self._conn, None
        async with self._turn:  # an operation under way finishes first
            await conn.close()

    def _open_conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StoreError("the store is closed")
        return self._conn

    async def _run(self, script_fn: ScriptFn, *args: Any, write: bool) -> Any:
        conn = self._open_conn()
        if script_fn in SINGLE_STATEMENT:
            # One statement is its own transaction (autocommit): no ``BEGIN``/``COMMIT`` hops,
            # and its one step taken here (the script's driver is a coroutine more per hop).
            script = script_fn(*args)
            try:
                statement = next(script)
            except StopIteration as nothing:  # nothing to write
                return nothing.value
            async with self._turn:
                self.counts.statements += 1
                found = await _execute(conn, statement)
            try:
                script.send(found)
            except StopIteration as stop:
                return stop.value
            raise StoreError(f"{script_fn.__name__} is not one statement")
        async with self._turn:
            return await _run_script(conn, script_fn(*args), write, self.counts)

    async def _open_move(self, move: Move) -> list[int] | None:
        """One ``INSERT`` into ``tw_move`` (:data:`MOVE_OBJECTS`): one hop, its own transaction."""
        text, args = _move_statement(move)
        conn = self._open_conn()
        async with self._turn:
            self.counts.statements += 1
            try:
                await conn.execute(text, args)
            except sqlite3.IntegrityError as error:
                if str(error) == MOVE_STALE:
                    return None  # somebody else's action got there first: nothing was written
                if str(error) == MOVE_PROCESSED:
                    raise AlreadyProcessed(f"interaction {move.interaction_id}") from None
                if str(error) == MOVE_LOG:
                    # The log's numbers do not follow the version (never written so by this
                    # program): the shared script numbers the rows after the log's last one.
                    raise ScriptNeeded from None
                raise
        return [move.expected_version + i for i in range(len(move.plays))]

    async def reclaim_space(self) -> int:
        """Give the pages freed by deletions back to the file system (incremental auto-vacuum,
        then a WAL checkpoint so the file itself shrinks) and the connection's page cache back
        to the heap (``PRAGMA shrink_memory``). Returns the pages freed."""
        conn = self._open_conn()
        async with self._turn:
            ((free,),) = await conn.execute_fetchall("PRAGMA freelist_count")
            if free:
                # A script runs the pragma to its end (one step of it frees one page).
                await conn.executescript("PRAGMA incremental_vacuum;")
                # The file is cut when the WAL is copied back into it; PASSIVE never waits for
                # another connection (one still reading only delays the cut to a later one).
                await conn.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
            # The connection's page cache (up to ``cache_size``, 2 MiB by default) fills with
            # the pages of games long closed; the next reads fill it again with what is used.
            await conn.execute_fetchall("PRAGMA shrink_memory")
            return int(free)

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
        (:func:`bot.stores.backup.snapshot_path`), the way back should the new version disappoint
        (README, "Backups and upgrades"). A copy already there is kept: it is the older one."""
        if self.path == ":memory:" or not os.path.isfile(self.path):
            return None
        target = snapshot_path(self.path, version)
        if os.path.exists(target):
            log.info("keeping the earlier snapshot %s", target)
            return target
        # SQLite's online backup on a read-only connection of its own (``tradewinds backup``'s):
        # one read transaction, one consistent copy.
        copy = await asyncio.to_thread(backup, self.path, target)
        log.info("before migrating to schema %d: snapshot of %s in %s", SCHEMA_VERSION, self.path, target)
        return str(copy.path)


async def _connect(path: str, durable: bool = False) -> aiosqlite.Connection:
    """The connection, in autocommit mode (the store opens its transactions itself); ``durable``:
    see :meth:`Store.open`."""
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        await _incremental_auto_vacuum(conn, path)  # first: a new file takes it before its header
        await conn.execute_fetchall("PRAGMA journal_mode=WAL")
        await conn.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        await conn.execute("PRAGMA foreign_keys=ON")
        await conn.executescript(MOVE_OBJECTS)
    except BaseException:
        await conn.close()
        raise
    return conn


def _move_statement(move: Move) -> tuple[str, list[Any]]:
    """The ``INSERT INTO tw_move`` of a move (:data:`MOVE_OBJECTS`) and its arguments: a game
    row, a row per play (row ``n`` takes the game from version ``n`` to ``n + 1``), and the
    timer plan's rows."""
    pk, expected_version, plays, timers = move.pk, move.expected_version, move.plays, move.timers
    now = move.now
    rows: list[tuple[Any, ...]] = [
        ("game", pk, expected_version, move.interaction_id, now, move.state_json, len(plays), *(None,) * 6)
    ]
    for i, play in enumerate(plays):
        rows.append(
            ("play", pk, expected_version + i, None, now, None, None, play.seat, play.text, play.kind,
             play.undoes, dumps(play.events), None)
        )  # fmt: skip
    if timers is not None:
        added = [kind for kind, _, _ in timers.add]
        moved = {kind for kind in timers.clear if added.count(kind) == 1}
        rows.extend(
            ("clear", pk, *(None,) * 7, kind, None, None, None)
            for kind in dict.fromkeys(timers.clear)
            if kind not in moved
        )
        rows.extend(
            ("move" if kind in moved else "add", pk, *(None,) * 7, kind, None, dumps(payload), due)
            for kind, due, payload in timers.add
        )
    if move.locale is not None:
        user_id, locale = move.locale
        rows.append(("locale", user_id, None, None, now, None, None, None, locale, *(None,) * 4))
    return move_insert(len(rows)), list(itertools.chain.from_iterable(rows))


@functools.lru_cache(maxsize=64)
def move_insert(rows: int) -> str:
    """The ``INSERT INTO tw_move`` of ``rows`` rows (made once per number of rows)."""
    return "INSERT INTO tw_move VALUES " + ", ".join([MOVE_ROW] * rows)


async def _incremental_auto_vacuum(conn: aiosqlite.Connection, path: str) -> None:
    """Make the file one that can shrink (``PRAGMA auto_vacuum = INCREMENTAL``; pages freed by
    deletions go back to the system in :meth:`Store.reclaim_space`). A new file takes the mode
    at once; an existing one only through one ``VACUUM`` (rewrites the file once)."""

    async def mode() -> int:
        ((found,),) = await conn.execute_fetchall("PRAGMA auto_vacuum")
        return int(found)

    if await mode() == AUTO_VACUUM_INCREMENTAL:
        return
    await conn.execute(f"PRAGMA auto_vacuum = {AUTO_VACUUM_INCREMENTAL}")
    if await mode() == AUTO_VACUUM_INCREMENTAL:
        return  # a new file
    log.info("switching %s to incremental auto-vacuum: one VACUUM", path)
    await conn.execute("VACUUM")


async def _execute(conn: aiosqlite.Connection, statement: Sql) -> Any:
    """One statement of a script."""
    if statement.want == "lock":
        return None  # BEGIN IMMEDIATE already holds the database
    if statement.want == "many":
        await conn.executemany(statement.text, statement.args)
        return None
    if statement.want == "rows":
        return list(await conn.execute_fetchall(statement.text, statement.args))
    if statement.want == "row":
        found = await conn.execute_fetchall(statement.text, statement.args)  # to its end (a RETURNING)
        return next(iter(found), None)
    cursor = await conn.execute(statement.text, statement.args)
    return cursor.rowcount


async def _run_script(
    conn: aiosqlite.Connection, script: Script[Any], write: bool, counts: StoreCounts
) -> Any:
    """A whole script: a write one as one ``BEGIN IMMEDIATE`` transaction, rolled back when it
    raises (or is cancelled)."""

    async def drive() -> Any:
        try:
            statement = next(script)
            while True:
                counts.statements += 1
                statement = script.send(await _execute(conn, statement))
        except StopIteration as stop:
            return stop.value

    if not write:
        return await drive()
    await conn.execute("BEGIN IMMEDIATE")
    try:
        result = await drive()
    except BaseException:
        if conn.in_transaction:
            await asyncio.shield(conn.execute("ROLLBACK"))
        raise
    await conn.execute("COMMIT")
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
