"""SQLite storage for games, seats, the action log and timers (aiosqlite, WAL mode).

The ``games`` row holds a *cache* of the state (``rules.dump`` as JSON) and a ``version`` that
grows by one with every logged action; the ``actions`` table is the append-only log from which
the state can always be rebuilt (seed + seats + options + every logged play not undone).

Every action is one transaction (``BEGIN IMMEDIATE``): the state update carries
``WHERE id = ? AND version = ?`` so that of two writers that read the same version only one
applies — also when they are two processes (or two :class:`Store` objects) on the same file.

Schema changes are migrations counted by ``PRAGMA user_version``: add a script to
:data:`MIGRATIONS`, never edit an applied one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

#: ``PRAGMA auto_vacuum`` value of INCREMENTAL.
AUTO_VACUUM_INCREMENTAL = 2

OPEN_STATUSES = ("lobby", "active")
STATUSES = ("lobby", "active", "finished", "abandoned")

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
]

#: A table's play settings when the host never changed them.
DEFAULT_TAKEOVER = "heuristic"
DEFAULT_HINTS_ALLOWED = True

SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """Base of the store's refusals."""


class ChannelBusy(StoreError):
    """The channel already has a game in the lobby or running."""


class AlreadySeated(StoreError):
    """The user already holds a seat in that game."""


class AlreadyProcessed(StoreError):
    """The Discord interaction was processed before: nothing was written."""


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    version: int
    created: float
    updated: float
    public_message_id: int | None
    clock_s: int | None
    reminder_s: int
    language: str
    #: A game in a thread of its own: the channel the thread hangs off (None: played right in
    #: ``channel_id``), and the lobby notice posted there.
    parent_channel_id: int | None = None
    lobby_message_id: int | None = None
    broken: str | None = None  # why the game's log no longer replays (None: healthy)
    log_deleted: float | None = None  # when KEEP_FINISHED_DAYS deleted the log (None: kept)
    #: The table plays a player's only legal choice for them (``/game settings auto_play``).
    auto_single: bool = True
    #: A lobby opened with the Rematch button: the game it is the rematch of.
    rematch_of: int | None = None


GAME_COLUMNS = (
    "id, channel_id, guild_id, game, options, seed, status, host_id, version, created, updated, "
    "public_message_id, clock_s, reminder_s, language, parent_channel_id, lobby_message_id, "
    "broken, log_deleted, auto_single, rematch_of"
)


def _game_row(r: Sequence[Any]) -> GameRow:
    return GameRow(
        id=r[0],
        channel_id=r[1],
        guild_id=r[2],
        game=r[3],
        options=json.loads(r[4]),
        seed=r[5],
        status=r[6],
        host_id=r[7],
        version=r[8],
        created=r[9],
        updated=r[10],
        public_message_id=r[11],
        clock_s=r[12],
        reminder_s=r[13],
        language=r[14],
        parent_channel_id=r[15],
        lobby_message_id=r[16],
        broken=r[17],
        log_deleted=r[18],
        auto_single=bool(r[19]),
        rematch_of=r[20],
    )


#: How a user hears that it is their turn, and is reminded (``users.notify``): ``mention`` —
#: mentioned in the game's channel or thread (the default); ``dm`` — a DM and no mention;
#: ``both``; ``none`` — named in the turn message, never notified. (Before migration 11 the
#: column held ``mention+dm``, which is ``both``.)
NOTIFY_MODES = ("mention", "dm", "both", "none")


@dataclass(frozen=True)
class UserPrefs:
    """How a user wants to be called, in every game on every server (``/game notify``).

    ``time_zone`` is an IANA name (``Europe/Amsterdam``; None: UTC); ``quiet_from`` and
    ``quiet_to`` are minutes after midnight there (both None: no quiet hours; from > to: the
    quiet hours cross midnight). ``away_until`` is the end of a vacation (a UNIX time; None or
    past: not away) and ``stand_in`` the kind of computer player that plays for them meanwhile
    (None: their clock waits for them)."""

    notify: str = "mention"
    time_zone: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    away_until: float | None = None
    stand_in: str | None = None

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


#: The columns of :class:`UserPrefs` in ``users``, in its field order.
PREF_COLUMNS = ("notify", "time_zone", "quiet_from", "quiet_to", "away_until", "stand_in")


@dataclass(frozen=True)
class LiveMessages:
    """A game's live messages in its channel (see :mod:`bot.flow`).

    ``turn_id`` is the newest turn message — the one with the buttons — and ``turn_log`` its
    words without the whose-turn lines (None: not known, e.g. a game from before these were
    kept). ``board_id`` is the newest message with a board picture, posted at game version
    ``board_version``, whose words are ``board_text``. ``turn_since`` is when the current turn
    began (the table has waited since; None before migration 11)."""

    turn_id: int | None = None
    turn_text: str | None = None
    turn_log: str | None = None
    board_id: int | None = None
    board_version: int | None = None
    board_text: str | None = None
    turn_since: float | None = None


@dataclass(frozen=True)
class ReplayBase:
    """Where a game's log replays from instead of ``rules.new(seats, seed, **options)``.

    ``state`` is the stored state (``rules.dump`` JSON, possibly of an older state schema, which
    ``rules.load`` brings up to date) of the game at ``version``. Only the log rows from
    ``n = version`` on are applied to it (row ``n`` took the game from version ``n`` to ``n + 1``);
    the rows before stay in the log as history, played under rules that have changed since, and
    can no longer be undone. A game without a base replays from its seed."""

    version: int
    state: str


@dataclass(frozen=True)
class SeatRow:
    game_pk: int
    seat: str
    user_id: int | None
    name: str
    is_bot: bool
    bot_kind: str | None
    dm_refused: bool
    timed_out: bool
    #: The game version at the seat's last look (a private view opened, /game status…), None:
    #: none yet; its moves count as looks too (:meth:`Store.last_acts`).
    seen_version: int | None = None
    #: A computer seat handed over from a person (``/game leave``, a replacement): that person.
    former_user_id: int | None = None


@dataclass(frozen=True)
class ActionRow:
    game_pk: int
    n: int
    seat: str | None
    text: str
    kind: str
    undoes: int | None
    created: float
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class PlayedSeat:
    """A user's seat in a closed game, for /game stats: ``result`` is the kept result JSON (None
    for an abandoned game, or a finished one whose result was not kept yet)."""

    game_pk: int
    game: str
    status: str
    seat: str
    result: str | None
    with_bots: bool


@dataclass(frozen=True)
class TimerRow:
    id: int
    game_pk: int
    kind: str
    due: float
    payload: dict[str, Any]


@dataclass
class TimerPlan:
    """Timer changes made in the same transaction as an action: drop every timer of the kinds
    in ``clear`` for the game, then add ``add`` (kind, due, payload)."""

    clear: tuple[str, ...] = ()
    add: list[tuple[str, float, dict[str, Any]]] = field(default_factory=list)


def dumps(value: Any) -> str:
    """Compact JSON, the form every JSON column is stored in."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """One connection to the database file. Safe to share between coroutines: transactions on
    the connection are serialised by a lock; several ``Store`` objects (or processes) on one file
    are kept apart by SQLite's write lock and the version check."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self.db = db
        self.path = path
        self._tx_lock = asyncio.Lock()

    # ------------------------------------------------------------------ opening and migrations

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (or create) the database at ``path``, in WAL mode, migrated to the latest schema."""
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            await db.execute("PRAGMA busy_timeout=10000")
            store = cls(db, path)
            await store._incremental_auto_vacuum()  # first: a new file takes it before its header
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await store.migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    async def _incremental_auto_vacuum(self) -> None:
        """Make the file one that can shrink (``PRAGMA auto_vacuum = INCREMENTAL``; pages freed
        by deletions go back to the system in :meth:`reclaim_space`). A new file takes the mode
        at once; an existing one only through one ``VACUUM`` (rewrites the file once)."""
        async with self.db.execute("PRAGMA auto_vacuum") as cur:
            if (await cur.fetchone())[0] == AUTO_VACUUM_INCREMENTAL:
                return
        await self.db.execute(f"PRAGMA auto_vacuum = {AUTO_VACUUM_INCREMENTAL}")
        async with self.db.execute("PRAGMA auto_vacuum") as cur:
            if (await cur.fetchone())[0] == AUTO_VACUUM_INCREMENTAL:
                return  # a new file
        log.info("switching %s to incremental auto-vacuum: one VACUUM", self.path)
        await self.db.execute("VACUUM")

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def journal_mode(self) -> str:
        async with self.db.execute("PRAGMA journal_mode") as cur:
            row = await cur.fetchone()
        return str(row[0])

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in its transaction."""
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"the database schema is version {current}, newer than this program ({SCHEMA_VERSION})"
            )
        for number in range(current, SCHEMA_VERSION):
            async with self.transaction() as db:
                # The version is read again inside the write lock: another process may have
                # migrated meanwhile.
                async with db.execute("PRAGMA user_version") as cur:
                    if (await cur.fetchone())[0] > number:
                        continue
                for statement in _statements(MIGRATIONS[number]):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number + 1}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on any exception)."""
        async with self._tx_lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            else:
                await self.db.execute("COMMIT")

    # ------------------------------------------------------------------ games

    async def create_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_id: int,
        host_name: str,
        now: float,
        reminder_s: int,
        clock_s: int | None,
        timers: TimerPlan | None = None,
        language: str = "en",
        parent_channel_id: int | None = None,
        rematch_of: int | None = None,
    ) -> int:
        """A new lobby with the host in seat p0. Raises :class:`ChannelBusy` when the channel
        already has an open game. ``parent_channel_id``: ``channel_id`` is a thread of the game's
        own off that channel. ``rematch_of``: the game whose Rematch button opened it."""
        try:
            async with self.transaction() as db:
                cur = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, game, options, seed, status, host_id, "
                    "version, created, updated, clock_s, reminder_s, language, parent_channel_id, "
                    "rematch_of) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        guild_id,
                        game,
                        dumps(options),
                        seed,
                        host_id,
                        now,
                        now,
                        clock_s,
                        reminder_s,
                        language,
                        parent_channel_id,
                        rematch_of,
                    ),
                )
                pk = int(cur.lastrowid)
                await db.execute(
                    "INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, 'p0', ?, ?)",
                    (pk, host_id, host_name),
                )
                await _apply_timers(db, pk, timers)
        except sqlite3.IntegrityError as error:
            raise ChannelBusy(str(error)) from None
        return pk

    async def game(self, pk: int) -> GameRow | None:
        async with self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (pk,)) as cur:
            row = await cur.fetchone()
        return _game_row(row) if row else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _game_row(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game whatever its status (for the log of a finished game)."""
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _game_row(row) if row else None

    async def games(self, statuses: Iterable[str] = STATUSES) -> list[GameRow]:
        statuses = tuple(statuses)
        marks = ",".join("?" * len(statuses))
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id", statuses
        ) as cur:
            rows = await cur.fetchall()
        return [_game_row(r) for r in rows]

    async def state(self, pk: int) -> tuple[int, str | None]:
        """(version, cached state JSON) of a game."""
        async with self.db.execute("SELECT version, state FROM games WHERE id = ?", (pk,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise StoreError(f"no game {pk}")
        return int(row[0]), row[1]

    async def replay_base(self, pk: int) -> ReplayBase | None:
        """The game's :class:`ReplayBase`, or None when its log replays from the seed."""
        async with self.db.execute("SELECT version, state FROM replay_bases WHERE game_pk = ?", (pk,)) as cur:
            row = await cur.fetchone()
        return ReplayBase(int(row[0]), row[1]) if row else None

    async def start_game(self, pk: int, state_json: str, now: float, timers: TimerPlan | None = None) -> bool:
        """Lobby → active with the first state (version 1). False if it was not in the lobby."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'active', state = ?, version = 1, updated = ? "
                "WHERE id = ? AND status = 'lobby'",
                (state_json, now, pk),
            )
            if cur.rowcount != 1:
                return False
            await _apply_timers(db, pk, timers)
        return True

    async def set_status(
        self, pk: int, status: str, now: float, *, only_from: Iterable[str] = OPEN_STATUSES
    ) -> bool:
        """Change the status (and drop the game's timers once it is closed); False when the game
        was not in one of ``only_from``."""
        only_from = tuple(only_from)
        marks = ",".join("?" * len(only_from))
        async with self.transaction() as db:
            cur = await db.execute(
                f"UPDATE games SET status = ?, updated = ? WHERE id = ? AND status IN ({marks})",
                (status, now, pk, *only_from),
            )
            if cur.rowcount != 1:
                return False
            if status not in OPEN_STATUSES:
                await db.execute("DELETE FROM timers WHERE game_pk = ?", (pk,))
                await self._in_db_thread(_apply_forgets, pk)
                await self._in_db_thread(_compact, pk)
        return True

    async def set_public_message(self, pk: int, message_id: int | None, text: str | None = None) -> None:
        """Remember the game's newest board message (its id and text). A closed game keeps no
        text: nothing edits its messages any more, and the text holds players' names."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET public_message_id = ?, public_message_text = "
                "CASE WHEN status IN ('lobby', 'active') THEN ? END WHERE id = ?",
                (message_id, text, pk),
            )

    async def public_message(self, pk: int) -> tuple[int | None, str | None]:
        """(id, text) of the game's newest board message."""
        async with self.db.execute(
            "SELECT public_message_id, public_message_text FROM games WHERE id = ?", (pk,)
        ) as cur:
            row = await cur.fetchone()
        return (row[0], row[1]) if row else (None, None)

    async def live_messages(self, pk: int) -> LiveMessages:
        """The game's live messages (an unknown game: none)."""
        async with self.db.execute(
            "SELECT public_message_id, public_message_text, public_message_log, board_message_id, "
            "board_version, board_text, turn_since FROM games WHERE id = ?",
            (pk,),
        ) as cur:
            row = await cur.fetchone()
        return LiveMessages(*row) if row else LiveMessages()

    async def set_live_messages(self, pk: int, **changes: Any) -> None:
        """Change some fields of the game's :class:`LiveMessages` (by their names). A closed
        game keeps no words: nothing edits its messages any more, and they hold names."""
        columns = {
            "turn_id": "public_message_id",
            "turn_text": "public_message_text",
            "turn_log": "public_message_log",
            "board_id": "board_message_id",
            "board_version": "board_version",
            "board_text": "board_text",
            "turn_since": "turn_since",
        }
        if not changes:
            return
        words = ("turn_text", "turn_log", "board_text")
        sets = ", ".join(
            f"{columns[name]} = CASE WHEN status IN ('lobby', 'active') THEN ? END"
            if name in words
            else f"{columns[name]} = ?"
            for name in changes
        )
        async with self.transaction() as db:
            await db.execute(f"UPDATE games SET {sets} WHERE id = ?", (*changes.values(), pk))

    async def set_lobby_message(self, pk: int, message_id: int) -> None:
        """The lobby notice of a game played in a thread, in the channel the thread hangs off."""
        async with self.transaction() as db:
            await db.execute("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, pk))

    async def set_game_settings(self, pk: int, *, reminder_s: int, clock_s: int | None) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE games SET reminder_s = ?, clock_s = ? WHERE id = ?", (reminder_s, clock_s, pk)
            )

    async def set_auto_single(self, pk: int, on: bool) -> None:
        """Whether the table plays a player's only legal choice for them (GameRow.auto_single)."""
        async with self.transaction() as db:
            await db.execute("UPDATE games SET auto_single = ? WHERE id = ?", (int(on), pk))

    async def rematch(self, pk: int) -> GameRow | None:
        """The newest game opened as the rematch of game ``pk`` (whatever its status), if any."""
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE rematch_of = ? ORDER BY id DESC LIMIT 1", (pk,)
        ) as cur:
            row = await cur.fetchone()
        return _game_row(row) if row else None

    async def seated_games(self, user_id: int) -> list[GameRow]:
        """The open games (lobby or running) on every server where ``user_id`` holds a seat now
        (not one a computer player took over from them), oldest first."""
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') AND id IN "
            "(SELECT game_pk FROM seats WHERE user_id = ? AND is_bot = 0) ORDER BY id",
            (user_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [_game_row(r) for r in rows]

    async def table_play(self, pk: int) -> tuple[str, bool]:
        """(level that takes over seats, whether hints are allowed) of a game."""
        async with self.db.execute(
            "SELECT takeover, hints_allowed FROM table_play WHERE game_pk = ?", (pk,)
        ) as cur:
            row = await cur.fetchone()
        return (row[0], bool(row[1])) if row else (DEFAULT_TAKEOVER, DEFAULT_HINTS_ALLOWED)

    async def set_table_play(self, pk: int, *, takeover: str, hints_allowed: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO table_play (game_pk, takeover, hints_allowed) VALUES (?, ?, ?) "
                "ON CONFLICT (game_pk) DO UPDATE SET takeover = excluded.takeover, "
                "hints_allowed = excluded.hints_allowed",
                (pk, takeover, int(hints_allowed)),
            )

    async def add_hint(self, pk: int, seat: str) -> None:
        """Count one hint used by ``seat``."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO hints_used (game_pk, seat, n) VALUES (?, ?, 1) "
                "ON CONFLICT (game_pk, seat) DO UPDATE SET n = n + 1",
                (pk, seat),
            )

    async def hints_used(self, pk: int) -> dict[str, int]:
        async with self.db.execute("SELECT seat, n FROM hints_used WHERE game_pk = ?", (pk,)) as cur:
            return {seat: int(n) for seat, n in await cur.fetchall()}

    # ------------------------------------------------------------------ seats

    async def seats(self, pk: int) -> list[SeatRow]:
        async with self.db.execute(
            "SELECT s.game_pk, s.seat, s.user_id, s.name, s.is_bot, s.bot_kind, "
            "s.dm_refused OR (r.user_id IS NOT NULL), s.timed_out, s.seen_version, s.former_user_id "
            "FROM seats s LEFT JOIN dm_refused r ON r.user_id = s.user_id "
            "WHERE s.game_pk = ? ORDER BY CAST(SUBSTR(s.seat, 2) AS INTEGER)",
            (pk,),
        ) as cur:
            rows = await cur.fetchall()
        return [
            SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], bool(r[6]), bool(r[7]), r[8], r[9])
            for r in rows
        ]

    async def set_seen(self, pk: int, seat: str, version: int) -> None:
        """The seat looked at the game at ``version`` (kept only when later than its last look)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET seen_version = MAX(COALESCE(seen_version, 0), ?) WHERE game_pk = ? AND seat = ?",
                (version, pk, seat),
            )

    async def add_seat(
        self, pk: int, *, user_id: int | None, name: str, bot_kind: str | None = None, max_seats: int
    ) -> SeatRow | None:
        """Seat a user (or a computer player when ``bot_kind`` is given) in the next free seat of a
        lobby. None when the table is full or the game is no longer in the lobby; raises
        :class:`AlreadySeated` for a user who already sits there."""
        try:
            async with self.transaction() as db:
                async with db.execute("SELECT status FROM games WHERE id = ?", (pk,)) as cur:
                    row = await cur.fetchone()
                if row is None or row[0] != "lobby":
                    return None
                async with db.execute("SELECT COUNT(*) FROM seats WHERE game_pk = ?", (pk,)) as cur:
                    count = (await cur.fetchone())[0]
                if count >= max_seats:
                    return None
                seat = f"p{count}"
                await db.execute(
                    "INSERT INTO seats (game_pk, seat, user_id, name, is_bot, bot_kind) VALUES (?, ?, ?, ?, ?, ?)",
                    (pk, seat, user_id, name, int(bot_kind is not None), bot_kind),
                )
        except sqlite3.IntegrityError:
            raise AlreadySeated(f"user {user_id} already sits at game {pk}") from None
        return SeatRow(pk, seat, user_id, name, bot_kind is not None, bot_kind, False, False)

    async def remove_seat(self, pk: int, seat: str) -> bool:
        """Free a lobby seat; later seats move up so seats stay ``p0…pN``."""
        async with self.transaction() as db:
            async with db.execute("SELECT status FROM games WHERE id = ?", (pk,)) as cur:
                row = await cur.fetchone()
            if row is None or row[0] != "lobby":
                return False
            cur = await db.execute("DELETE FROM seats WHERE game_pk = ? AND seat = ?", (pk, seat))
            if cur.rowcount != 1:
                return False
            async with db.execute(
                "SELECT seat FROM seats WHERE game_pk = ? ORDER BY CAST(SUBSTR(seat, 2) AS INTEGER)", (pk,)
            ) as cur:
                remaining = [r[0] for r in await cur.fetchall()]
            for index, old in enumerate(remaining):
                if old != f"p{index}":
                    await db.execute(
                        "UPDATE seats SET seat = ? WHERE game_pk = ? AND seat = ?", (f"p{index}", pk, old)
                    )
        return True

    async def seat_to_bot(self, pk: int, seat: str, kind: str) -> bool:
        """Hand a running game's seat to a computer player of ``kind``; the seat remembers its
        player in ``former_user_id`` (for /game rejoin) and its votes to replace it are dropped."""
        async with self.transaction() as db:
            await db.execute("DELETE FROM replace_votes WHERE game_pk = ? AND seat = ?", (pk, seat))
            cur = await db.execute(
                "UPDATE seats SET is_bot = 1, bot_kind = ?, former_user_id = COALESCE(user_id, former_user_id), "
                "user_id = NULL, timed_out = 0 WHERE game_pk = ? AND seat = ?",
                (kind, pk, seat),
            )
            return cur.rowcount == 1

    async def set_timed_out(self, pk: int, seat: str, timed_out: bool) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET timed_out = ? WHERE game_pk = ? AND seat = ?", (int(timed_out), pk, seat)
            )

    # ------------------------------------------------------------------ votes to replace a seat, rejoin

    async def replace_voters(self, pk: int, seat: str) -> list[int]:
        """Who voted to hand ``seat`` to a computer since its last action, oldest vote first."""
        return await _replace_voters(self.db, pk, seat)

    async def add_replace_vote(
        self, pk: int, seat: str, voter_id: int, version: int, now: float
    ) -> list[int]:
        """Store a vote cast at game ``version`` (dropping the seat's lapsed ones) and return the
        live voters, read in the same transaction so that two processes counting at once cannot
        both miss a majority."""
        async with self.transaction() as db:
            await db.execute(
                f"DELETE FROM replace_votes WHERE game_pk = ? AND seat = ? AND {VOTE_LAPSED}", (pk, seat)
            )
            await db.execute(
                "INSERT OR REPLACE INTO replace_votes (game_pk, seat, voter_id, version, created) "
                "VALUES (?, ?, ?, ?, ?)",
                (pk, seat, voter_id, version, now),
            )
            return await _replace_voters(db, pk, seat)

    async def former_seat(self, pk: int, user_id: int) -> str | None:
        """The computer seat that ``user_id`` held before it was handed over, if any."""
        async with self.db.execute(
            "SELECT seat FROM seats WHERE game_pk = ? AND former_user_id = ? AND is_bot = 1", (pk, user_id)
        ) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def seat_back_to_player(self, pk: int, seat: str, user_id: int) -> bool:
        """A computer seat goes back to the player who held it (False when it is not theirs); the
        seat's turn clock from before the handover is dropped."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE seats SET is_bot = 0, bot_kind = NULL, user_id = former_user_id, former_user_id = NULL, "
                "timed_out = 0 WHERE game_pk = ? AND seat = ? AND former_user_id = ? AND is_bot = 1",
                (pk, seat, user_id),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "DELETE FROM timers WHERE game_pk = ? AND kind = 'clock' AND json_extract(payload, '$.seat') = ?",
                (pk, seat),
            )
            return True

    # ------------------------------------------------------------------ DMs

    async def mark_dm_refused(self, user_id: int, now: float) -> None:
        """Remember that Discord refused a DM to this user (403): never try again."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT OR IGNORE INTO dm_refused (user_id, since) VALUES (?, ?)", (user_id, now)
            )
            await db.execute("UPDATE seats SET dm_refused = 1 WHERE user_id = ?", (user_id,))

    async def dm_refused_users(self) -> set[int]:
        async with self.db.execute("SELECT user_id FROM dm_refused") as cur:
            return {r[0] for r in await cur.fetchall()}

    # ------------------------------------------------------------------ users' languages

    async def remember_locale(self, user_id: int, locale: str, now: float) -> None:
        """Remember the language of a user's latest interaction (for their DMs, which answer
        no interaction)."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO users (user_id, locale, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated = excluded.updated",
                (user_id, locale, now),
            )

    async def set_notify(self, user_id: int, mode: str, now: float) -> None:
        """How the user wants to hear that it is their turn (one of :data:`NOTIFY_MODES`)."""
        await self.set_prefs(user_id, now, notify=mode)

    async def set_prefs(self, user_id: int, now: float, **changes: Any) -> None:
        """Change some of the user's :class:`UserPrefs` (by field name; None clears a field —
        ``notify`` cannot be cleared). A user never seen gets a row with the defaults."""
        unknown = set(changes) - set(PREF_COLUMNS)
        if unknown:
            raise StoreError(f"no such preference: {sorted(unknown)[0]}")
        if "notify" in changes and changes["notify"] not in NOTIFY_MODES:
            raise StoreError(f"unknown way to notify: {changes['notify']!r}")
        if not changes:
            return
        names = list(changes)
        sets = ", ".join(f"{name} = excluded.{name}" for name in names)
        async with self.transaction() as db:
            await db.execute(
                f"INSERT INTO users (user_id, updated, {', '.join(names)}) "
                f"VALUES (?, ?, {', '.join('?' * len(names))}) "
                f"ON CONFLICT (user_id) DO UPDATE SET updated = excluded.updated, {sets}",
                (user_id, now, *changes.values()),
            )

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, UserPrefs]:
        """Each user's :class:`UserPrefs` (the defaults for a user never seen)."""
        ids = sorted(set(user_ids))
        found: dict[int, UserPrefs] = {}
        if ids:
            marks = ", ".join("?" * len(ids))
            async with self.db.execute(
                f"SELECT user_id, {', '.join(PREF_COLUMNS)} FROM users WHERE user_id IN ({marks})", ids
            ) as cur:
                found = {r[0]: UserPrefs(*r[1:]) for r in await cur.fetchall()}
        return {user: found.get(user, UserPrefs()) for user in ids}

    async def notify_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's way of hearing of their turn (``mention`` for a user never asked)."""
        ids = sorted(set(user_ids))
        found: dict[int, str] = {}
        if ids:
            marks = ", ".join("?" * len(ids))
            async with self.db.execute(
                f"SELECT user_id, notify FROM users WHERE user_id IN ({marks})", ids
            ) as cur:
                found = {r[0]: r[1] for r in await cur.fetchall()}
        return {user: found.get(user, "mention") for user in ids}

    async def tell_once(self, channel_id: int, what: str, now: float) -> bool:
        """True the first time it is asked for ``what`` in this channel (then remembered)."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT OR IGNORE INTO told (channel_id, what, since) VALUES (?, ?, ?)",
                (channel_id, what, now),
            )
            return cur.rowcount == 1

    async def locale_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The remembered language of each of ``user_ids`` that has one."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        async with self.db.execute(
            f"SELECT user_id, locale FROM users WHERE user_id IN ({marks})", ids
        ) as cur:
            return {r[0]: r[1] for r in await cur.fetchall()}

    async def set_game_language(self, pk: int, language: str) -> None:
        """The language of a game's public messages (``/game settings language``)."""
        async with self.transaction() as db:
            await db.execute("UPDATE games SET language = ? WHERE id = ?", (language, pk))

    # ------------------------------------------------------------------ the action log

    async def append_action(
        self,
        pk: int,
        *,
        expected_version: int,
        seat: str | None,
        text: str,
        kind: str,
        events: list[dict[str, Any]],
        state_json: str,
        status: str,
        now: float,
        undoes: int | None = None,
        timers: TimerPlan | None = None,
        interaction_id: int | None = None,
    ) -> int | None:
        """Log one action and store the state it led to, in one transaction.

        Returns the new version, or ``None`` when the game is no longer at ``expected_version``
        (somebody else's action got there first) — then nothing was written. With an
        ``interaction_id`` the interaction is recorded as processed in the same transaction;
        raises :class:`AlreadyProcessed` (writing nothing) when it was recorded before. A game
        that ends (``status`` finished) is compacted in the same transaction (see
        :func:`_compact`). The whole transaction runs in one go on the connection's thread (the
        hot path of every move)."""
        args = (
            pk,
            expected_version,
            seat,
            text,
            kind,
            dumps(events),
            state_json,
            status,
            now,
            undoes,
            timers,
            interaction_id,
        )
        async with self._tx_lock:
            return await self._in_db_thread(_append_action, *args)

    async def _in_db_thread(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(sqlite3_connection, *args)`` on aiosqlite's worker thread, in one hop.

        aiosqlite runs every call on that thread through ``Connection._execute``; handing it a
        whole transaction saves one thread round trip per statement."""
        return await self.db._execute(fn, self.db._conn, *args)

    async def last_acts(self, pk: int) -> dict[str, int]:
        """The log number ``n`` of each seat's latest action of its own: a move or an undo, not a
        move the table played for it (an only choice: its events hold an ``auto`` event)."""
        async with self.db.execute(
            "SELECT seat, MAX(n) FROM actions a WHERE game_pk = ? AND seat IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM json_each(a.events) WHERE json_extract(value, '$.kind') = 'auto') GROUP BY seat",
            (pk,),
        ) as cur:
            return {r[0]: int(r[1]) for r in await cur.fetchall()}

    async def actions(self, pk: int, *, since: int = 1) -> list[ActionRow]:
        """The game's log rows with ``n >= since``, oldest first. (Row ``n`` took the game from
        version ``n`` to ``n + 1``: the game starts at version 1.)"""
        async with self.db.execute(
            "SELECT game_pk, n, seat, text, kind, undoes, created, events FROM actions "
            "WHERE game_pk = ? AND n >= ? ORDER BY n",
            (pk, since),
        ) as cur:
            rows = await cur.fetchall()
        return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7])) for r in rows]

    # ------------------------------------------------------------------ timers

    async def add_timers(self, pk: int, plan: TimerPlan) -> None:
        async with self.transaction() as db:
            await _apply_timers(db, pk, plan)

    async def timers(self, pk: int | None = None) -> list[TimerRow]:
        query = "SELECT id, game_pk, kind, due, payload FROM timers"
        args: tuple[Any, ...] = ()
        if pk is not None:
            query += " WHERE game_pk = ?"
            args = (pk,)
        async with self.db.execute(query + " ORDER BY due, id", args) as cur:
            rows = await cur.fetchall()
        return [TimerRow(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    async def due_timers(self, now: float) -> list[TimerRow]:
        async with self.db.execute(
            "SELECT id, game_pk, kind, due, payload FROM timers WHERE due <= ? ORDER BY due, id", (now,)
        ) as cur:
            rows = await cur.fetchall()
        return [TimerRow(r[0], r[1], r[2], r[3], json.loads(r[4])) for r in rows]

    async def claim_timer(self, timer_id: int) -> bool:
        """Delete a due timer; True for the one caller that deleted it (so that two bot
        processes on one file never both run it)."""
        async with self.transaction() as db:
            cur = await db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))
            return cur.rowcount == 1

    async def next_timer_due(self) -> float | None:
        """When the earliest timer is due (None: no timer at all)."""
        async with self.db.execute("SELECT MIN(due) FROM timers") as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    # ------------------------------------------------------------------ reliability

    async def repair_state(self, pk: int, version: int, state_json: str) -> bool:
        """Replace a bad state cache by one rebuilt from the log, if the game is still at
        ``version`` (False otherwise: an action came in meanwhile and wrote a good one)."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET state = ? WHERE id = ? AND version = ?", (state_json, pk, version)
            )
            return cur.rowcount == 1

    async def mark_broken(self, pk: int, reason: str) -> bool:
        """Mark a running game whose log no longer replays (kept, never deleted; the service
        refuses it with one sentence). True for the one caller that marked it first (who tells
        the channel), False when it was already marked or is not running."""
        async with self.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL AND status = 'active'",
                (reason, pk),
            )
            return cur.rowcount == 1

    async def claim_interaction(self, interaction_id: int, now: float) -> bool:
        """Record a Discord interaction as processed; False when it was recorded before (then
        it must not be processed again). ``append_action(interaction_id=…)`` records it
        atomically with an action instead."""
        async with self._tx_lock:
            return await self._in_db_thread(_claim_interaction, interaction_id, now)

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether the interaction was recorded as processed."""
        async with self.db.execute("SELECT 1 FROM interactions WHERE id = ?", (interaction_id,)) as cur:
            return await cur.fetchone() is not None

    async def forget_interactions(self, before: float) -> int:
        """Drop the processed interactions recorded before ``before`` (Discord no longer
        delivers them); returns how many."""
        async with self.transaction() as db:
            cur = await db.execute("DELETE FROM interactions WHERE created < ?", (before,))
            return cur.rowcount

    async def delete_closed_logs(self, before: float, now: float) -> list[int]:
        """KEEP_FINISHED_DAYS: delete the log of every finished or abandoned game closed before
        ``before`` (not a broken one) — and its replay base, which only the log needed — and
        note when (``log_deleted``); the game's row, seats and result stay, so history and stats
        are unchanged. Returns the games' ids."""
        async with self.transaction() as db:
            async with db.execute(
                "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND updated < ? "
                "AND log_deleted IS NULL AND broken IS NULL ORDER BY id",
                (before,),
            ) as cur:
                pks = [r[0] for r in await cur.fetchall()]
            for pk in pks:
                await db.execute("DELETE FROM actions WHERE game_pk = ?", (pk,))
                await db.execute("DELETE FROM replace_votes WHERE game_pk = ?", (pk,))
                await db.execute("DELETE FROM replay_bases WHERE game_pk = ?", (pk,))  # replays nothing now
                await db.execute(
                    "UPDATE games SET log_deleted = ?, state = NULL, public_message_text = NULL, "
                    "public_message_log = NULL, board_text = NULL WHERE id = ?",
                    (now, pk),
                )
        return pks

    async def reclaim_space(self) -> int:
        """Give the pages freed by deletions back to the file system (incremental auto-vacuum,
        then a WAL checkpoint so the file itself shrinks). Returns the pages freed."""
        async with self._tx_lock:
            async with self.db.execute("PRAGMA freelist_count") as cur:
                free = int((await cur.fetchone())[0])
            if free:
                # A script runs the pragma to its end (one ``execute`` step frees one page).
                await self.db.executescript("PRAGMA incremental_vacuum;")
                # The file is cut when the WAL is copied back into it; PASSIVE never waits for
                # another connection (one still reading only delays the cut to a later one).
                async with self.db.execute("PRAGMA wal_checkpoint(PASSIVE)") as cur:
                    await cur.fetchall()
        return free

    # ------------------------------------------------------------------ closed games: results, history, stats

    async def set_result(self, pk: int, result_json: str) -> None:
        """Keep a finished game's result (``Result.to_dict`` as JSON) beside its state."""
        async with self.transaction() as db:
            await db.execute("UPDATE games SET result = ? WHERE id = ?", (result_json, pk))

    async def result(self, pk: int) -> str | None:
        """The kept result JSON of a finished game (None before it is kept)."""
        async with self.db.execute("SELECT result FROM games WHERE id = ?", (pk,)) as cur:
            row = await cur.fetchone()
        return row[0] if row else None

    async def closed_games(
        self, *, channel_id: int | None = None, guild_id: int | None = None, limit: int, offset: int = 0
    ) -> tuple[list[GameRow], int]:
        """The channel's (or the server's) finished and abandoned games that had started, newest
        first: ``limit`` of them from ``offset``, and how many there are in all."""
        where = "status IN ('finished', 'abandoned') AND version > 0"
        if channel_id is not None:  # with the games played in threads off the channel
            where, args = where + " AND (channel_id = ? OR parent_channel_id = ?)", (channel_id, channel_id)
        else:
            where, args = where + " AND guild_id = ?", (guild_id,)
        async with self.db.execute(f"SELECT COUNT(*) FROM games WHERE {where}", args) as cur:
            total = int((await cur.fetchone())[0])
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
            (*args, limit, offset),
        ) as cur:
            rows = await cur.fetchall()
        return [_game_row(r) for r in rows], total

    async def played_seats(self, user_id: int, guild_id: int | None) -> list[PlayedSeat]:
        """Every seat ``user_id`` held to the end of a closed, started game on the server."""
        async with self.db.execute(
            "SELECT g.id, g.game, g.status, s.seat, g.result, "
            "EXISTS (SELECT 1 FROM seats b WHERE b.game_pk = g.id AND b.is_bot = 1) "
            "FROM seats s JOIN games g ON g.id = s.game_pk "
            "WHERE s.user_id = ? AND s.is_bot = 0 AND g.guild_id IS ? "
            "AND g.status IN ('finished', 'abandoned') AND g.version > 0 ORDER BY g.id",
            (user_id, guild_id),
        ) as cur:
            rows = await cur.fetchall()
        return [PlayedSeat(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def user_games(self, user_id: int) -> list[GameRow]:
        """Every game in which ``user_id`` holds a seat or held one a computer player took over."""
        async with self.db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id IN "
            "(SELECT game_pk FROM seats WHERE user_id = ? OR former_user_id = ?) ORDER BY id",
            (user_id, user_id),
        ) as cur:
            rows = await cur.fetchall()
        return [_game_row(r) for r in rows]

    async def forget_user(self, user_id: int, names: Mapping[int, str]) -> tuple[int, int]:
        """``/game forget-me``: in each game of ``names`` (game pk → the name template, with
        ``{n}`` for the seat number), the user's seat gets that name and loses the user's id.

        Closed games are rewritten now; an open game keeps the seat playable and is rewritten
        when it closes (the request waits in ``forget_requests``). Returns (games rewritten,
        games waiting)."""
        done = waiting = 0
        async with self.transaction() as db:
            for pk, name in names.items():
                await db.execute(
                    "INSERT OR REPLACE INTO forget_requests (game_pk, user_id, name) VALUES (?, ?, ?)",
                    (pk, user_id, name),
                )
                async with db.execute("SELECT status FROM games WHERE id = ?", (pk,)) as cur:
                    row = await cur.fetchone()
                if row is not None and row[0] not in OPEN_STATUSES:
                    await self._in_db_thread(_apply_forgets, pk)
                    done += 1
                else:
                    waiting += 1
        return done, waiting


def _append_action(
    conn: sqlite3.Connection,
    pk: int,
    expected_version: int,
    seat: str | None,
    text: str,
    kind: str,
    events_json: str,
    state_json: str,
    status: str,
    now: float,
    undoes: int | None,
    timers: TimerPlan | None,
    interaction_id: int | None = None,
) -> int | None:
    """The body of :meth:`Store.append_action`, run on the database thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if interaction_id is not None and not _record_interaction(conn, interaction_id, now):
            conn.execute("ROLLBACK")
            raise AlreadyProcessed(f"interaction {interaction_id}")
        # The status column is only written when it changes: writing it would rewrite the
        # entries of the indexes on it (more pages to log per action).
        set_status = ", status = ?" if status != "active" else ""
        cur = conn.execute(
            f"UPDATE games SET state = ?, version = version + 1, updated = ?{set_status} "
            "WHERE id = ? AND version = ? AND status = 'active'",
            (state_json, now, *((status,) if set_status else ()), pk, expected_version),
        )
        if cur.rowcount != 1:
            conn.execute("ROLLBACK")
            return None
        conn.execute(
            "INSERT INTO actions (game_pk, n, seat, text, kind, undoes, created, events) "
            "SELECT ?, COALESCE(MAX(n), 0) + 1, ?, ?, ?, ?, ?, ? FROM actions WHERE game_pk = ?",
            (pk, seat, text, kind, undoes, now, events_json, pk),
        )
        if status not in OPEN_STATUSES:
            conn.execute("DELETE FROM timers WHERE game_pk = ?", (pk,))
            _apply_forgets(conn, pk)
            _compact(conn, pk)
        elif timers is not None:
            _apply_timers_sync(conn, pk, timers)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return expected_version + 1


def _record_interaction(conn: sqlite3.Connection, interaction_id: int, now: float) -> bool:
    """Record a processed interaction (inside the caller's transaction); False when it was
    recorded before."""
    cur = conn.execute(
        "INSERT OR IGNORE INTO interactions (id, created) VALUES (?, ?)", (interaction_id, now)
    )
    return cur.rowcount == 1


def _claim_interaction(conn: sqlite3.Connection, interaction_id: int, now: float) -> bool:
    """:meth:`Store.claim_interaction` on the database thread (one transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        recorded = _record_interaction(conn, interaction_id, now)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return recorded


def _compact(conn: sqlite3.Connection, pk: int) -> None:
    """A closed game keeps no redundant copy (inside the caller's transaction): its state cache
    and its log rows' events go (but for the mark of a play the table made for a seat), both
    rebuilt by replaying the log when needed (``/game log``,
    the summary, a result kept before results were). A game with a replay base keeps the
    events of the rows before its base (played under rules that changed since, they no longer
    replay). A broken game keeps everything."""
    row = conn.execute("SELECT broken FROM games WHERE id = ?", (pk,)).fetchone()
    if row is None or row[0] is not None:
        return
    base = conn.execute("SELECT version FROM replay_bases WHERE game_pk = ?", (pk,)).fetchone()
    conn.execute("UPDATE games SET state = NULL WHERE id = ?", (pk,))
    # A play the table made for a seat (an only choice, bot/autoplay.py) keeps that mark: no
    # replay can tell it from the seat's own move.
    conn.execute(
        "UPDATE actions SET events = COALESCE((SELECT json_group_array(json(e.value)) "
        "FROM json_each(actions.events) e WHERE json_extract(e.value, '$.kind') = 'auto' "
        "HAVING COUNT(*) > 0), '[]') WHERE game_pk = ? AND n >= ? AND events != '[]'",
        (pk, base[0] if base else 0),
    )


def _apply_forgets(conn: sqlite3.Connection, pk: int) -> None:
    """Rewrite a closed game for its ``forget_requests`` (on the database thread, inside the
    caller's transaction): each such user's seat takes its new name and forgets the user (also
    a seat a computer player took over from them), the game forgets them as host, their votes
    go, and the game's board text (which holds names) is dropped."""
    requests = conn.execute("SELECT user_id, name FROM forget_requests WHERE game_pk = ?", (pk,)).fetchall()
    for user_id, template in requests:
        seats = conn.execute(
            "SELECT seat FROM seats WHERE game_pk = ? AND (user_id = ? OR former_user_id = ?)",
            (pk, user_id, user_id),
        ).fetchall()
        for (seat,) in seats:
            conn.execute(
                "UPDATE seats SET name = ?, user_id = NULL, former_user_id = NULL, dm_refused = 0 "
                "WHERE game_pk = ? AND seat = ?",
                (template.replace("{n}", str(int(seat[1:]) + 1)), pk, seat),
            )
        conn.execute("UPDATE games SET host_id = 0 WHERE id = ? AND host_id = ?", (pk, user_id))
        conn.execute("DELETE FROM replace_votes WHERE game_pk = ? AND voter_id = ?", (pk, user_id))
    if requests:
        conn.execute(
            "UPDATE games SET public_message_text = NULL, public_message_log = NULL, board_text = NULL "
            "WHERE id = ?",
            (pk,),
        )
        conn.execute("DELETE FROM forget_requests WHERE game_pk = ?", (pk,))


#: A vote to replace a seat lapses once the seat logged an action (a move or an undo) from the
#: version it was cast at on (log row ``n`` took the game from version ``n`` to ``n + 1``).
VOTE_LAPSED = (
    "EXISTS (SELECT 1 FROM actions a WHERE a.game_pk = replace_votes.game_pk "
    "AND a.seat = replace_votes.seat AND a.n >= replace_votes.version)"
)


async def _replace_voters(db: aiosqlite.Connection, pk: int, seat: str) -> list[int]:
    async with db.execute(
        f"SELECT voter_id FROM replace_votes WHERE game_pk = ? AND seat = ? AND NOT {VOTE_LAPSED} "
        "ORDER BY created, voter_id",
        (pk, seat),
    ) as cur:
        return [r[0] for r in await cur.fetchall()]


def _apply_timers_sync(conn: sqlite3.Connection, pk: int, plan: TimerPlan) -> None:
    """:class:`TimerPlan` on the database thread. A kind that is cleared and added back once
    (the reminder re-armed after every action) is moved in place: one row rewritten instead of
    a delete and an insert."""
    added_kinds = [kind for kind, _, _ in plan.add]
    add = list(plan.add)
    clear = list(plan.clear)
    for kind in plan.clear:
        if added_kinds.count(kind) != 1:
            continue
        _, due, payload = next(item for item in add if item[0] == kind)
        cur = conn.execute(
            "UPDATE timers SET due = ?, payload = ? WHERE game_pk = ? AND kind = ?",
            (due, dumps(payload), pk, kind),
        )
        if cur.rowcount == 1:
            clear.remove(kind)
            add = [item for item in add if item[0] != kind]
        elif cur.rowcount > 1:  # several of that kind: start afresh
            continue
    if clear:
        marks = ",".join("?" * len(clear))
        conn.execute(f"DELETE FROM timers WHERE game_pk = ? AND kind IN ({marks})", (pk, *clear))
    if add:
        conn.executemany(
            "INSERT INTO timers (game_pk, kind, due, payload) VALUES (?, ?, ?, ?)",
            [(pk, kind, due, dumps(payload)) for kind, due, payload in add],
        )


async def _apply_timers(db: aiosqlite.Connection, pk: int, plan: TimerPlan | None) -> None:
    if plan is None:
        return
    if plan.clear:
        marks = ",".join("?" * len(plan.clear))
        await db.execute(f"DELETE FROM timers WHERE game_pk = ? AND kind IN ({marks})", (pk, *plan.clear))
    if plan.add:
        await db.executemany(
            "INSERT INTO timers (game_pk, kind, due, payload) VALUES (?, ?, ?, ?)",
            [(pk, kind, due, dumps(payload)) for kind, due, payload in plan.add],
        )


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
