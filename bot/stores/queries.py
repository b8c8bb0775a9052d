"""The game store's queries, written once for SQLite (:mod:`bot.stores.sqlite`) and PostgreSQL
(:mod:`bot.stores.postgres`).

Every store operation is a *script*: a generator that yields :class:`Sql` statements and gets
each one's result back (rows changed, the rows, or one row), deciding what to run next from
what it read. The store runs a script as one transaction; how is the backend's business:

* SQLite runs it statement by statement on its aiosqlite connection (``BEGIN IMMEDIATE`` …
  ``COMMIT``), one operation at a time;
* PostgreSQL runs it statement by statement on one pooled connection inside a transaction,
  at READ COMMITTED (a one-statement write without ``BEGIN``/``COMMIT``), and retries it from
  the start after a deadlock or a serialization failure; a move that leaves its game open is
  one call of a server-side function instead (:data:`bot.stores.postgres.APPEND_FUNCTION`).

A move is two store operations (``bench/store_trips.py`` counts them, :class:`StoreCounts`):
``append_action`` — the move with the only choices played after it, the state, ``turn_pending``,
the timers and a new language of the mover; and :meth:`SqlStore.turn_shown` once the turn
message went out — its id and the live messages' words the presenter staged
(:meth:`SqlStore.stage_live_messages`). A third, :meth:`SqlStore.table_rows` — the game, its
seats, their people's preferences, its live messages and whether the interaction was processed,
in one read — only when the store does not hold the game at its current version
(:meth:`SqlStore.holds`: it did not read or move it last, or another write of its own touched
it). The move that closes a game reads its whole log, replay base and hints in its own
transaction (:class:`FinalLog`). The rest a move needs the store keeps in memory
(:mod:`bot.stores.cache`). Staged words not yet written are lost when the process stops in
between; the move is not (``turn_pending`` calls the table again).

The SQL is the common part of both dialects: ``?`` placeholders (turned into ``$n`` for
PostgreSQL), ``INSERT … ON CONFLICT``, ``RETURNING``, integer 0/1 flags, JSON kept as text.
A script that reads and then writes what it read takes :func:`lock_game` first: in PostgreSQL
that locks the game's row (``SELECT … FOR UPDATE``) so that two processes serialise on it; in
SQLite the write transaction already holds the whole database.

Guarantees (:mod:`bot.stores.protocol`): ``append_action`` writes the action, the state cache, the
status and the timer changes in one transaction and writes nothing when the game is no longer
at ``expected_version``; ``claim_timer`` is won by exactly one caller; a vote to replace a seat
is counted in the transaction that stores it.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from bot import metrics
from bot.names import safe
from bot.shards import SHARD_SHIFT, Shards
from bot.stores.cache import UNKNOWN, StoreCache
from bot.stores.rows import (
    DEFAULT_AT_TABLE_S,
    DEFAULT_HINTS_ALLOWED,
    DEFAULT_TAKEOVER,
    NOTIFY_MODES,
    OPEN_STATUSES,
    PREF_COLUMNS,
    STATUSES,
    ActionRow,
    AlreadyProcessed,
    AlreadySeated,
    ChannelBusy,
    DecisionDm,
    FinalLog,
    GameRow,
    LiveMessages,
    Move,
    Play,
    PlayedSeat,
    ReplayBase,
    ScriptNeeded,
    SeatRow,
    StoreError,
    TableRows,
    TimerPlan,
    TimerRow,
    UserPrefs,
    dumps,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Sql:
    """One statement of a script: ``text`` with ``?`` placeholders, its ``args``, and what the
    script gets back (``want``): ``"count"`` rows changed, ``"rows"`` every row (tuples),
    ``"row"`` the first row or None, ``"many"`` (``args`` is a list of argument tuples: one
    statement per tuple; returns None), ``"lock"`` (see :func:`lock_game`; returns None)."""

    text: str
    args: Sequence[Any] = ()
    want: str = "count"


def changed(text: str, *args: Any) -> Sql:
    return Sql(text, args, "count")


def rows(text: str, *args: Any) -> Sql:
    return Sql(text, args, "rows")


def row(text: str, *args: Any) -> Sql:
    return Sql(text, args, "row")


def many(text: str, arg_rows: list[tuple[Any, ...]]) -> Sql:
    return Sql(text, arg_rows, "many")


def lock_game(pk: int) -> Sql:
    """Hold the game's row until the transaction ends (PostgreSQL: ``SELECT … FOR UPDATE``;
    SQLite: nothing to do, ``BEGIN IMMEDIATE`` holds the database)."""
    return Sql("SELECT 1 FROM games WHERE id = ? FOR UPDATE", (pk,), "lock")


@dataclass
class StoreCounts:
    """What a store asked of its database since it opened (``bench/store_trips.py`` and the
    tests read it; counts, never times): ``operations`` — store operations, each one script run
    as one transaction or one read; ``statements`` — SQL statements run (an ``executemany``
    counts once); ``round_trips`` — messages to the database server that waited for its answer
    (PostgreSQL: every query, ``BEGIN``, ``COMMIT`` and a pool's reset on release; SQLite, a
    library in the process, has none)."""

    operations: int = 0
    statements: int = 0
    round_trips: int = 0
    #: operations by script name (``append_action``, ``one``…), for the bench's breakdown
    by_script: dict[str, int] = field(default_factory=dict)

    def operation(self, name: str) -> None:
        self.operations += 1
        self.by_script[name] = self.by_script.get(name, 0) + 1

    def snapshot(self) -> StoreCounts:
        return StoreCounts(self.operations, self.statements, self.round_trips, dict(self.by_script))


#: A store operation: yields statements, gets their results, returns its answer.
Script = Generator[Sql, Any, T]
ScriptFn = Callable[..., Script[Any]]


def run_script(script: Script[T], execute: Callable[[Sql], Any]) -> T:
    """Drive ``script`` with a synchronous ``execute`` (SQLite's thread)."""
    try:
        statement = next(script)
        while True:
            statement = script.send(execute(statement))
    except StopIteration as stop:
        return stop.value


def marks(n: int) -> str:
    return ", ".join("?" * n)


# ---------------------------------------------------------------------- reading rows

GAME_COLUMNS = (
    "id, channel_id, guild_id, game, options, seed, status, host_id, version, created, updated, "
    "public_message_id, clock_s, reminder_s, language, parent_channel_id, lobby_message_id, "
    "broken, log_deleted, auto_single, rematch_of, paused_by"
)


def game_row(r: Sequence[Any]) -> GameRow:
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
        paused_by=r[21],
    )


TIMER_COLUMNS = "t.id, t.game_pk, t.kind, t.due, t.payload, t.claimed"


def timer_row(r: Sequence[Any]) -> TimerRow:
    return TimerRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5])


def shard_filter(shards: Shards | None, games: str = "g") -> str:
    """A condition keeping the games of ``shards`` (none when they are every shard). The
    numbers are validated integers, written into the SQL so that the filter is one plan."""
    if shards is None or shards.everything:
        return "1 = 1"
    ids = ", ".join(str(int(i)) for i in shards.ids)
    return f"((COALESCE({games}.guild_id, 0) >> {SHARD_SHIFT}) % {int(shards.count)}) IN ({ids})"


#: The columns of :class:`LiveMessages`' fields, and the fields that hold words (which a closed
#: game does not keep).
LIVE_COLUMNS = {
    "turn_id": "public_message_id",
    "turn_text": "public_message_text",
    "turn_log": "public_message_log",
    "board_id": "board_message_id",
    "board_version": "board_version",
    "board_text": "board_text",
    "turn_since": "turn_since",
    "turn_pending": "turn_pending",
}
LIVE_WORDS = ("turn_text", "turn_log", "board_text")

#: A vote to replace a seat lapses once the seat logged an action (a move or an undo) from the
#: version it was cast at on (log row ``n`` took the game from version ``n`` to ``n + 1``).
VOTE_LAPSED = (
    "EXISTS (SELECT 1 FROM actions a WHERE a.game_pk = replace_votes.game_pk "
    "AND a.seat = replace_votes.seat AND a.n >= replace_votes.version)"
)


# ---------------------------------------------------------------------- scripts


def _one(statement: Sql) -> Script[Any]:
    return (yield statement)


def _on_game(pk: int, statement: Sql) -> Script[Any]:
    """One statement that writes the rows of the game ``pk`` (its first parameter names the
    game: :meth:`SqlStore._write` lets the store's hold on it go)."""
    return (yield statement)


@dataclass(frozen=True)
class NewGame:
    """A lobby to create (:meth:`SqlStore.create_game`'s arguments)."""

    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    host_id: int
    host_name: str
    now: float
    reminder_s: int
    clock_s: int | None
    timers: TimerPlan | None
    language: str
    parent_channel_id: int | None
    rematch_of: int | None


def _create_game(new: NewGame) -> Script[int]:
    created = yield row(
        "INSERT INTO games (channel_id, guild_id, game, options, seed, status, host_id, "
        "version, created, updated, clock_s, reminder_s, language, parent_channel_id, rematch_of) "
        "VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
        new.channel_id,
        new.guild_id,
        new.game,
        dumps(new.options),
        new.seed,
        new.host_id,
        new.now,
        new.now,
        new.clock_s,
        new.reminder_s,
        new.language,
        new.parent_channel_id,
        new.rematch_of,
    )
    if created is None:
        raise ChannelBusy(f"channel {new.channel_id} already has an open game")
    pk = int(created[0])
    yield changed(
        "INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, 'p0', ?, ?)",
        pk,
        new.host_id,
        new.host_name,
    )
    yield from _apply_timers(pk, new.timers)
    return pk


def _start_game(pk: int, state_json: str, now: float, timers: TimerPlan | None) -> Script[bool]:
    started = yield changed(
        "UPDATE games SET status = 'active', state = ?, version = 1, turn_pending = 1, updated = ? "
        "WHERE id = ? AND status = 'lobby'",
        state_json,
        now,
        pk,
    )
    if started != 1:
        return False
    yield from _apply_timers(pk, timers)
    return True


def _set_paused(pk: int, by: int | None, timers: TimerPlan) -> Script[bool]:
    paused = "paused_by IS NULL" if by is not None else "paused_by IS NOT NULL"
    done = yield changed(
        f"UPDATE games SET paused_by = ? WHERE id = ? AND status = 'active' AND {paused}", by, pk
    )
    if done != 1:
        return False
    yield from _apply_timers(pk, timers)
    return True


def _set_status(pk: int, status: str, now: float, only_from: tuple[str, ...]) -> Script[bool]:
    done = yield changed(
        f"UPDATE games SET status = ?, updated = ? WHERE id = ? AND status IN ({marks(len(only_from))})",
        status,
        now,
        pk,
        *only_from,
    )
    if done != 1:
        return False
    if status not in OPEN_STATUSES:
        yield from _closed(pk)
    return True


def _closed(pk: int, final: FinalLog | None = None) -> Script[None]:
    """What a game that closes loses (inside the closing transaction): its timers, and the
    names of users who asked to be forgotten (``final``: its log as the transaction read it)."""
    yield changed("DELETE FROM timers WHERE game_pk = ?", pk)
    yield from _apply_forgets(pk)
    yield from _compact(pk, final)


def _compact(pk: int, final: FinalLog | None = None) -> Script[None]:
    """A closed game keeps no redundant copy: its state cache and its log rows' events go (but
    for the mark of a play the table made for a seat, an ``auto`` event: no replay can tell it
    from the seat's own move), both rebuilt by replaying the log when needed (``/game log``,
    the summary, a result kept before results were). A game with a replay base keeps the events
    of the rows before its base (played under rules that changed since, they no longer replay).
    A broken game keeps everything."""
    broken = yield row("SELECT broken FROM games WHERE id = ?", pk)
    if broken is None or broken[0] is not None:
        return
    yield changed("UPDATE games SET state = NULL WHERE id = ?", pk)
    if final is not None:  # the closing move read the log already
        start = final.base.version if final.base else 0
        logged = [(r.n, r.events) for r in final.rows if r.n >= start and r.events]
    else:
        base = yield row("SELECT version FROM replay_bases WHERE game_pk = ?", pk)
        found = yield rows(
            "SELECT n, events FROM actions WHERE game_pk = ? AND n >= ? AND events != '[]'",
            pk,
            base[0] if base else 0,
        )
        logged = [(n, json.loads(events)) for n, events in found]
    kept = [(dumps([e for e in events if e.get("kind") == "auto"]), pk, n) for n, events in logged]
    if kept:
        yield many("UPDATE actions SET events = ? WHERE game_pk = ? AND n = ?", kept)


def _apply_forgets(pk: int) -> Script[None]:
    """Rewrite a closed game for its ``forget_requests``: each such user's seat takes its new
    name and forgets the user (also a seat a computer player took over from them), the game
    forgets them as host, their votes go, and the game's board text (which holds names) is
    dropped."""
    requests = yield rows("SELECT user_id, name FROM forget_requests WHERE game_pk = ?", pk)
    for user_id, template in requests:
        seats = yield rows(
            "SELECT seat FROM seats WHERE game_pk = ? AND (user_id = ? OR former_user_id = ?)",
            pk,
            user_id,
            user_id,
        )
        for (seat,) in seats:
            yield changed(
                "UPDATE seats SET name = ?, user_id = NULL, former_user_id = NULL, dm_refused = 0 "
                "WHERE game_pk = ? AND seat = ?",
                template.replace("{n}", str(int(seat[1:]) + 1)),
                pk,
                seat,
            )
        yield changed("UPDATE games SET host_id = 0 WHERE id = ? AND host_id = ?", pk, user_id)
        yield changed("DELETE FROM replace_votes WHERE game_pk = ? AND voter_id = ?", pk, user_id)
    if requests:
        yield changed(
            "UPDATE games SET public_message_text = NULL, public_message_log = NULL, board_text = NULL WHERE id = ?",
            pk,
        )
        yield changed("DELETE FROM forget_requests WHERE game_pk = ?", pk)


def _add_seat(
    pk: int, user_id: int | None, name: str, bot_kind: str | None, max_seats: int
) -> Script[SeatRow | None]:
    yield lock_game(pk)
    status = yield row("SELECT status FROM games WHERE id = ?", pk)
    if status is None or status[0] != "lobby":
        return None
    (count,) = yield row("SELECT COUNT(*) FROM seats WHERE game_pk = ?", pk)
    if count >= max_seats:
        return None
    seat = f"p{count}"
    added = yield changed(
        "INSERT INTO seats (game_pk, seat, user_id, name, is_bot, bot_kind) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        pk,
        seat,
        user_id,
        name,
        int(bot_kind is not None),
        bot_kind,
    )
    if added != 1:
        raise AlreadySeated(f"user {user_id} already sits at game {pk}")
    return SeatRow(pk, seat, user_id, name, bot_kind is not None, bot_kind, False, False)


def _remove_seat(pk: int, seat: str, barred: int | None = None) -> Script[bool]:
    yield lock_game(pk)
    status = yield row("SELECT status FROM games WHERE id = ?", pk)
    if status is None or status[0] != "lobby":
        return False
    if (yield changed("DELETE FROM seats WHERE game_pk = ? AND seat = ?", pk, seat)) != 1:
        return False
    if barred is not None:
        yield changed(
            "INSERT INTO lobby_removed (game_pk, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", pk, barred
        )
    remaining = yield rows(
        "SELECT seat FROM seats WHERE game_pk = ? ORDER BY CAST(SUBSTR(seat, 2) AS INTEGER)", pk
    )
    for index, (old,) in enumerate(remaining):
        if old != f"p{index}":
            yield changed("UPDATE seats SET seat = ? WHERE game_pk = ? AND seat = ?", f"p{index}", pk, old)
    return True


def _seat_to_bot(pk: int, seat: str, kind: str) -> Script[bool]:
    yield changed("DELETE FROM replace_votes WHERE game_pk = ? AND seat = ?", pk, seat)
    done = yield changed(
        "UPDATE seats SET is_bot = 1, bot_kind = ?, former_user_id = COALESCE(user_id, former_user_id), "
        "user_id = NULL, timed_out = 0 WHERE game_pk = ? AND seat = ?",
        kind,
        pk,
        seat,
    )
    return done == 1


def _replace_voters(pk: int, seat: str) -> Script[list[int]]:
    found = yield rows(
        f"SELECT voter_id FROM replace_votes WHERE game_pk = ? AND seat = ? AND NOT {VOTE_LAPSED} "
        "ORDER BY created, voter_id",
        pk,
        seat,
    )
    return [r[0] for r in found]


def _add_replace_vote(pk: int, seat: str, voter_id: int, version: int, now: float) -> Script[list[int]]:
    yield lock_game(pk)  # two voters at once: the second counts the first's vote
    yield changed(f"DELETE FROM replace_votes WHERE game_pk = ? AND seat = ? AND {VOTE_LAPSED}", pk, seat)
    yield changed(
        "INSERT INTO replace_votes (game_pk, seat, voter_id, version, created) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_pk, seat, voter_id) DO UPDATE SET version = excluded.version, created = excluded.created",
        pk,
        seat,
        voter_id,
        version,
        now,
    )
    return (yield from _replace_voters(pk, seat))


def _seat_back_to_player(pk: int, seat: str, user_id: int) -> Script[bool]:
    done = yield changed(
        "UPDATE seats SET is_bot = 0, bot_kind = NULL, user_id = former_user_id, former_user_id = NULL, "
        "timed_out = 0 WHERE game_pk = ? AND seat = ? AND former_user_id = ? AND is_bot = 1",
        pk,
        seat,
        user_id,
    )
    if done != 1:
        return False
    clocks = yield rows("SELECT id, payload FROM timers WHERE game_pk = ? AND kind = 'clock'", pk)
    for timer_id, payload in clocks:
        if json.loads(payload).get("seat") == seat:
            yield changed("DELETE FROM timers WHERE id = ?", timer_id)
    return True


def _mark_dm_refused(user_id: int, now: float) -> Script[None]:
    yield changed(
        "INSERT INTO dm_refused (user_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING", user_id, now
    )
    yield changed("UPDATE seats SET dm_refused = 1 WHERE user_id = ? AND dm_refused = 0", user_id)


#: What :func:`_append_action` answers: the plays' log numbers and, for a move that closed the
#: game, what its transaction read before compacting the log.
Appended = tuple[list[int], FinalLog | None]


def _append_action(move: Move) -> Script[Appended | None]:
    """Log ``move.plays`` (a move and the only choices played after it) at its expected version,
    with the mover's language to remember (``move.locale``); their log numbers, or None when the
    game moved on (nothing written). A move that closes the game also keeps its result and reads,
    before the log is compacted, every row, the replay base and the hints used
    (:class:`FinalLog`: what the game's end shows)."""
    pk, expected_version, plays, status, now = (
        move.pk, move.expected_version, move.plays, move.status, move.now
    )  # fmt: skip
    state_json, timers, interaction_id = move.state_json, move.timers, move.interaction_id
    count = len(plays)
    # The status column is only written when it changes: writing it would rewrite the entries
    # of the indexes on it (more pages to log per action).
    set_status = ", status = ?" if status != "active" else ""
    applied = yield changed(
        "UPDATE games SET state = ?, version = version + ?, turn_pending = version + ?, "
        f"updated = ?{set_status} WHERE id = ? AND version = ? AND status = 'active'",
        state_json,
        count,
        count,
        now,
        *((status,) if set_status else ()),
        pk,
        expected_version,
    )
    if applied != 1:
        return None  # somebody else's action got there first: nothing was written
    if interaction_id is not None and not (yield from _record_interaction(interaction_id, now)):
        raise AlreadyProcessed(f"interaction {interaction_id}")  # the transaction writes nothing
    numbers = []
    for play in plays:  # the next numbers of the log (row n took the game from version n to n + 1)
        (n,) = yield row(
            "INSERT INTO actions (game_pk, n, seat, text, kind, undoes, created, events) "
            "VALUES (?, (SELECT COALESCE(MAX(n), 0) + 1 FROM actions WHERE game_pk = ?), ?, ?, ?, ?, ?, ?) "
            "RETURNING n",
            pk,
            pk,
            play.seat,
            play.text,
            play.kind,
            play.undoes,
            now,
            dumps(play.events),
        )
        numbers.append(int(n))
    if move.locale is not None:
        yield from _remember_locale(*move.locale, now)
    if status in OPEN_STATUSES:
        if timers is not None:
            yield from _move_timers(pk, timers)
        return numbers, None
    if move.result_json is not None:
        yield changed("UPDATE games SET result = ? WHERE id = ?", move.result_json, pk)
    final = yield from _final_log(pk)
    yield from _closed(pk, final)
    return numbers, final


def _final_log(pk: int) -> Script[FinalLog]:
    """A closing game's whole log with its events, its replay base and its hints used."""
    found = yield rows(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_pk = ? ORDER BY n", pk)
    base = yield row("SELECT version, state FROM replay_bases WHERE game_pk = ?", pk)
    hints = yield rows("SELECT seat, n FROM hints_used WHERE game_pk = ?", pk)
    return FinalLog(
        [action_row(r) for r in found],
        ReplayBase(int(base[0]), base[1]) if base else None,
        {seat: int(n) for seat, n in hints},
    )


def _remember_locale(user_id: int, locale: str, now: float) -> Script[None]:
    yield changed(
        "INSERT INTO users (user_id, locale, updated) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated = excluded.updated",
        user_id,
        locale,
        now,
    )


#: The columns of :class:`LiveMessages`, in its order.
LIVE_SELECT = (
    "public_message_id, public_message_text, public_message_log, board_message_id, "
    "board_version, board_text, turn_since, turn_pending"
)
#: A seat's columns (``s``), its DMs refused (``r``) and its person's preferences (``u``).
SEAT_SELECT = (
    "s.game_pk, s.seat, s.user_id, s.name, s.is_bot, s.bot_kind, "
    "CASE WHEN s.dm_refused = 1 OR r.user_id IS NOT NULL THEN 1 ELSE 0 END, s.timed_out, "
    "s.seen_version, s.former_user_id"
)
SEATS_ORDER = "ORDER BY CAST(SUBSTR(s.seat, 2) AS INTEGER)"


#: The columns of :class:`ActionRow`, in its order.
ACTION_COLUMNS = "game_pk, n, seat, text, kind, undoes, created, events"


def action_row(r: Sequence[Any]) -> ActionRow:
    return ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7]))


#: :func:`bot.names.safe` of the names the store reads, kept: every command reads its table's
#: seats (a character-by-character pass over each name, twice, otherwise); a bounded memo.
loaded_name = functools.lru_cache(maxsize=1024)(safe)


def seat_row(r: Sequence[Any]) -> SeatRow:
    # A name stored before issue 28 was kept raw: it is made safe as it loads (the same name for
    # one stored since, see bot.names.safe).
    return SeatRow(r[0], r[1], r[2], loaded_name(r[3]), bool(r[4]), r[5], bool(r[6]), bool(r[7]), r[8], r[9])


#: :data:`GAME_COLUMNS` and :data:`LIVE_SELECT` of the game ``g`` (a join names other tables'
#: columns alike: ``updated``, ``user_id``).
GAME_OF_G = ", ".join("g." + column.strip() for column in GAME_COLUMNS.split(","))
LIVE_OF_G = ", ".join("g." + column.strip() for column in LIVE_SELECT.split(","))


def _table_rows(
    pk: int | None, channel_id: int | None, interaction_id: int | None
) -> Script[TableRows | None]:
    """A command's one read, one statement (one hop, one round trip): the game (by id, or the
    channel's open one) with its play settings (``at_table_s`` too), live messages and whether
    ``interaction_id`` was processed, joined to its seats with their people's preferences (a row
    per seat, the game's columns on each)."""
    where, key = (
        ("g.id = ?", pk)
        if pk is not None
        else ("g.channel_id = ? AND g.status IN ('lobby', 'active')", channel_id)
    )
    found = yield rows(
        f"SELECT {GAME_OF_G}, {LIVE_OF_G}, "
        "(SELECT takeover FROM table_play WHERE table_play.game_pk = g.id), "
        "(SELECT hints_allowed FROM table_play WHERE table_play.game_pk = g.id), "
        "EXISTS (SELECT 1 FROM interactions WHERE interactions.id = ?), "
        "(SELECT at_table_s FROM table_play WHERE table_play.game_pk = g.id), "
        f"{SEAT_SELECT}, u.user_id, {', '.join('u.' + c for c in PREF_COLUMNS)} FROM games g "
        "LEFT JOIN seats s ON s.game_pk = g.id LEFT JOIN dm_refused r ON r.user_id = s.user_id "
        f"LEFT JOIN users u ON u.user_id = s.user_id WHERE {where} {SEATS_ORDER}",
        interaction_id,
        key,
    )
    if not found:
        return None
    first = found[0]
    game = game_row(first)
    width = len(GAME_COLUMNS.split(","))
    live = LiveMessages(*first[width : width + 8])
    takeover, hints, seen, at_table_s = first[width + 8 : width + 12]
    seated = [r[width + 12 :] for r in found if r[width + 12] is not None]  # no seat: one row, NULLs
    seats = [seat_row(r) for r in seated]
    prefs = {
        seat.user_id: UserPrefs(*r[11:]) if r[10] is not None else UserPrefs()
        for seat, r in zip(seats, seated, strict=True)
        if seat.user_id is not None and not seat.is_bot
    }
    return TableRows(
        game,
        seats,
        prefs,
        takeover if takeover is not None else DEFAULT_TAKEOVER,
        bool(hints) if hints is not None else DEFAULT_HINTS_ALLOWED,
        live,
        DEFAULT_AT_TABLE_S if at_table_s is None else int(at_table_s),
        bool(seen),
    )


def _write_live(pk: int, changes: dict[str, Any], shown: int | None) -> Script[tuple[bool, int | None]]:
    """Live-message fields (by :class:`LiveMessages` name) and, with ``shown``, the turn message
    showing that version went out (``turn_pending`` cleared unless a later change waits), in one
    statement. Whether the game is open (a closed one keeps no words)."""
    sets = [
        f"{LIVE_COLUMNS[name]} = CASE WHEN status IN ('lobby', 'active') THEN ? END"
        if name in LIVE_WORDS
        else f"{LIVE_COLUMNS[name]} = ?"
        for name in changes
    ]
    args: list[Any] = list(changes.values())
    if shown is not None:
        sets.append("turn_pending = CASE WHEN turn_pending <= ? THEN NULL ELSE turn_pending END")
        args.append(shown)
    if not sets:
        return True, None
    found = yield row(
        f"UPDATE games SET {', '.join(sets)} WHERE id = ? RETURNING status, turn_pending", *args, pk
    )
    if found is None:
        return False, None
    return found[0] in OPEN_STATUSES, found[1]


def _write_decision_dms(added: list[DecisionDm], dropped: list[tuple[int, int]]) -> Script[None]:
    """Decision DMs kept and forgotten (:meth:`SqlStore.write_decision_dms`)."""
    if added:
        yield many(
            "INSERT INTO decision_dms (game_pk, message_id, channel_id, user_id, seat, version) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_pk, message_id) DO NOTHING",
            [(dm.game_pk, dm.message_id, dm.channel_id, dm.user_id, dm.seat, dm.version) for dm in added],
        )
    if dropped:
        yield many("DELETE FROM decision_dms WHERE game_pk = ? AND message_id = ?", list(dropped))


def _record_interaction(interaction_id: int, now: float) -> Script[bool]:
    """Record a processed Discord interaction; False when it was recorded before."""
    recorded = yield changed(
        "INSERT INTO interactions (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING", interaction_id, now
    )
    return recorded == 1


def _delete_closed_logs(before: float, now: float) -> Script[list[int]]:
    found = yield rows(
        "SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND updated < ? "
        "AND log_deleted IS NULL AND broken IS NULL ORDER BY id",
        before,
    )
    pks = [r[0] for r in found]
    for pk in pks:
        yield changed("DELETE FROM actions WHERE game_pk = ?", pk)
        yield changed("DELETE FROM replace_votes WHERE game_pk = ?", pk)
        yield changed("DELETE FROM replay_bases WHERE game_pk = ?", pk)  # replays nothing now
        yield changed(
            "UPDATE games SET log_deleted = ?, state = NULL, public_message_text = NULL, "
            "public_message_log = NULL, board_text = NULL WHERE id = ?",
            now,
            pk,
        )
    return pks


def _move_timers(pk: int, plan: TimerPlan) -> Script[None]:
    """:class:`TimerPlan` on an action's hot path: a kind that is cleared and added back once
    (the reminder re-armed after every action) is moved in place, one row rewritten instead of
    a delete and an insert. A claimed timer is never moved (its claim would then finish the
    new one): it is deleted, which finishes the claim in this transaction."""
    added_kinds = [kind for kind, _, _ in plan.add]
    add = list(plan.add)
    clear = list(plan.clear)
    for kind in plan.clear:
        if added_kinds.count(kind) != 1:
            continue
        _, due, payload = next(item for item in add if item[0] == kind)
        moved = yield changed(
            "UPDATE timers SET due = ?, payload = ? WHERE game_pk = ? AND kind = ? AND claimed IS NULL",
            due,
            dumps(payload),
            pk,
            kind,
        )
        if moved == 1:
            clear.remove(kind)
            add = [item for item in add if item[0] != kind]
    yield from _apply_timers(pk, TimerPlan(tuple(clear), add))


def _apply_timers(pk: int, plan: TimerPlan | None) -> Script[None]:
    if plan is None:
        return
    if plan.clear:
        yield changed(
            f"DELETE FROM timers WHERE game_pk = ? AND kind IN ({marks(len(plan.clear))})", pk, *plan.clear
        )
    if plan.add:
        yield many(
            "INSERT INTO timers (game_pk, kind, due, payload) VALUES (?, ?, ?, ?)",
            [(pk, kind, due, dumps(payload)) for kind, due, payload in plan.add],
        )


def _claim_timer(timer_id: int, now: float, until: float) -> Script[TimerRow | None]:
    """Claim a due timer at ``now`` until ``until`` (its lease). A timer claimed before whose
    lease ran out (the process that claimed it died or hangs) is given back as a new timer,
    claimed here."""
    found = yield row(f"SELECT {TIMER_COLUMNS} FROM timers t WHERE t.id = ? AND t.due <= ?", timer_id, now)
    if found is None:
        return None
    timer = timer_row(found)
    if timer.claimed is None:
        won = yield changed(
            "UPDATE timers SET claimed = ?, due = ? WHERE id = ? AND claimed IS NULL AND due <= ?",
            now,
            until,
            timer_id,
            now,
        )
        return TimerRow(timer.id, timer.game_pk, timer.kind, until, timer.payload, now) if won == 1 else None
    return (yield from _release(timer_id, timer.claimed, until, claim=now, lease_over=now))


def _release(
    timer_id: int,
    claimed: float,
    due: float,
    *,
    claim: float | None = None,
    lease_over: float | None = None,
) -> Script[TimerRow | None]:
    """Delete the timer claimed at ``claimed`` and add it back as a new one due at ``due``
    (``claim``: claimed at once, at that time, by the caller; ``lease_over``: only if its lease
    ended by then). None when it is gone: its work was stored (or another caller gave it back
    first)."""
    condition = "claimed = ?" + (" AND due <= ?" if lease_over is not None else "")
    gone = yield row(
        f"DELETE FROM timers WHERE id = ? AND {condition} RETURNING game_pk, kind, payload",
        timer_id,
        claimed,
        *(() if lease_over is None else (lease_over,)),
    )
    if gone is None:
        return None
    game_pk, kind, payload = gone
    (new_id,) = yield row(
        "INSERT INTO timers (game_pk, kind, due, payload, claimed) VALUES (?, ?, ?, ?, ?) RETURNING id",
        game_pk,
        kind,
        due,
        payload,
        claim,
    )
    return TimerRow(int(new_id), game_pk, kind, due, json.loads(payload), claim)


def _release_timer(timer_id: int, claimed: float, due: float) -> Script[TimerRow | None]:
    return (yield from _release(timer_id, claimed, due))


def _release_claims(due: float, shards: Shards | None) -> Script[list[TimerRow]]:
    found = yield rows(
        "SELECT t.id, t.claimed FROM timers t JOIN games g ON g.id = t.game_pk "
        f"WHERE t.claimed IS NOT NULL AND {shard_filter(shards)} ORDER BY t.id"
    )
    back = []
    for timer_id, claimed in found:
        timer = yield from _release(timer_id, claimed, due)
        if timer is not None:
            back.append(timer)
    return back


def _closed_games(
    channel_id: int | None, guild_id: int | None, limit: int, offset: int
) -> Script[tuple[list[GameRow], int]]:
    where = "status IN ('finished', 'abandoned') AND version > 0"
    args: tuple[int | None, ...]
    if channel_id is not None:  # with the games played in threads off the channel
        where, args = where + " AND (channel_id = ? OR parent_channel_id = ?)", (channel_id, channel_id)
    else:
        where, args = where + " AND guild_id = ?", (guild_id,)
    (total,) = yield row(f"SELECT COUNT(*) FROM games WHERE {where}", *args)
    found = yield rows(
        f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
        *args,
        limit,
        offset,
    )
    return [game_row(r) for r in found], int(total)


def _forget_user(user_id: int, names: Mapping[int, str]) -> Script[tuple[int, int]]:
    done = waiting = 0
    for pk in sorted(names):  # games locked in one order: two requests never wait on each other
        yield lock_game(pk)
        yield changed(
            "INSERT INTO forget_requests (game_pk, user_id, name) VALUES (?, ?, ?) "
            "ON CONFLICT (game_pk, user_id) DO UPDATE SET name = excluded.name",
            pk,
            user_id,
            names[pk],
        )
        status = yield row("SELECT status FROM games WHERE id = ?", pk)
        if status is not None and status[0] not in OPEN_STATUSES:
            yield from _apply_forgets(pk)
            done += 1
        else:
            waiting += 1
    return done, waiting


#: The write scripts that run one statement whatever they are given: a backend may run them
#: without ``BEGIN`` … ``COMMIT`` (one statement is a transaction of its own).
SINGLE_STATEMENT: frozenset[ScriptFn] = frozenset({_one, _on_game, _write_live, _remember_locale})

#: The store operations (by name, as :class:`StoreCounts` counts them) whose writes change
#: nothing a command reads of a game the store holds (:meth:`StoreCache.holds`: its row, seats
#: and settings): the move's own (``append_action``, which goes its own way, and the live
#: messages it leaves), the timers, the decision DMs, the interactions, what the store keeps
#: apart (a language, preferences, ``at_table_s``, hints used, votes), and rows of games no
#: command holds (a new game, a closed one's result or log). Every other write lets the hold
#: go (:meth:`SqlStore._write`): a write added without a thought costs a read, never a stale
#: game.
KEEPS_HOLD = frozenset(
    {
        "create_game",
        "start_game",
        "write_live",
        "apply_timers",
        "claim_timer",
        "finish_timer",
        "release_timer",
        "release_claims",
        "write_decision_dms",
        "record_interaction",
        "forget_interactions",
        "remember_locale",
        "set_prefs",
        "set_at_table_s",
        "add_hint",
        "add_replace_vote",
        "tell_once",
        "set_result",
        "delete_closed_logs",
    }
)


@functools.cache
def names_game(script_fn: ScriptFn) -> bool:
    """Whether a script writes one game's rows: its first parameter is that game's ``pk``."""
    code = script_fn.__code__
    return code.co_argcount > 0 and code.co_varnames[0] == "pk"


# ---------------------------------------------------------------------- the store


@functools.lru_cache(maxsize=256)
def store_seconds(backend: str, script: str) -> Any:
    """``tradewinds_store_seconds`` of one backend and operation (``script``: its script's
    name, ``_one``…), looked up once (the metric's ``labels()`` takes a lock and builds its key
    at every call: twice per move before). Observed directly: ``Histogram.time()`` makes a
    timer object per operation."""
    return metrics.STORE_SECONDS.labels(backend, script.lstrip("_"))


@functools.lru_cache(maxsize=8)
def moves_counted(kind: str) -> Any:
    """``tradewinds_moves_total`` of one kind of action, looked up once."""
    return metrics.MOVES.labels(kind)


class SqlStore:
    """The :class:`bot.stores.protocol.GameStore` methods over :meth:`_run`, which a backend supplies
    (SQLite: :class:`bot.stores.sqlite.Store`; PostgreSQL: :class:`bot.stores.postgres.PgStore`)."""

    #: The database's name in messages ("SQLite", "PostgreSQL").
    backend = "SQL"
    #: What the store asked of its database (:class:`StoreCounts`); each backend sets its own.
    counts: StoreCounts
    #: What it keeps in memory of its open games and their people (:mod:`bot.stores.cache`).
    cache: StoreCache

    async def _run(self, script_fn: ScriptFn, *args: Any, write: bool) -> Any:
        """Run ``script_fn(*args)``: with ``write`` as one transaction (rolled back when the
        script raises), else as plain reads."""
        raise NotImplementedError

    async def _read(self, script_fn: ScriptFn, *args: Any, name: str | None = None) -> Any:
        self.counts.operation(name or script_fn.__name__.lstrip("_"))
        start = time.perf_counter()
        try:
            return await self._run(script_fn, *args, write=False)
        finally:
            store_seconds(self.backend, script_fn.__name__).observe(time.perf_counter() - start)

    async def _write(self, script_fn: ScriptFn, *args: Any, name: str | None = None) -> Any:
        """Run a write script as one transaction. Unless the operation is one of
        :data:`KEEPS_HOLD`, the store lets its hold on the game the script names go (its first
        argument, when the script's first parameter is ``pk``; every game's when it names none,
        as a user's rows do): the next command on it reads it. Let go before the write (a
        command waiting for it reads it after) and again after it (a read finished meanwhile
        found the game as it was before)."""
        operation = name or script_fn.__name__.lstrip("_")
        self.counts.operation(operation)
        lets_go = operation not in KEEPS_HOLD
        game = args[0] if names_game(script_fn) else None  # None: every game
        if lets_go:
            self.cache.touched(game)
        start = time.perf_counter()
        try:
            return await self._run(script_fn, *args, write=True)
        finally:
            store_seconds(self.backend, script_fn.__name__).observe(time.perf_counter() - start)
            if lets_go:
                self.cache.touched(game)

    async def close(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ raw statements (tools, tests)

    async def fetch(self, text: str, *args: Any) -> list[Sequence[Any]]:
        """Every row of one query (``?`` placeholders), for tools and tests."""
        return await self._read(_one, rows(text, *args), name=sys._getframe(1).f_code.co_name)

    async def execute(self, text: str, *args: Any) -> int:
        """One statement in its own transaction (``?`` placeholders); rows changed. It names no
        game: unless the caller is one of :data:`KEEPS_HOLD`, every hold is let go."""
        return await self._write(_one, changed(text, *args), name=sys._getframe(1).f_code.co_name)

    async def _execute_on(self, pk: int, text: str, *args: Any) -> int:
        """:meth:`execute` of one statement that writes the rows of the game ``pk``: only the
        hold on that game is let go (unless the caller is one of :data:`KEEPS_HOLD`)."""
        return await self._write(_on_game, pk, changed(text, *args), name=sys._getframe(1).f_code.co_name)

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
        new = NewGame(
            channel_id, guild_id, game, options, seed, host_id, host_name, now, reminder_s, clock_s,
            timers, language, parent_channel_id, rematch_of,
        )  # fmt: skip
        return await self._write(_create_game, new)

    async def _game_where(self, where: str, *args: Any) -> GameRow | None:
        found = await self._read(
            _one,
            row(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *args),
            name=sys._getframe(1).f_code.co_name,
        )
        if not found:
            return None
        game = game_row(found)
        self._seen_version(game.id, game.version, game.status)
        return game

    def _seen_version(self, pk: int, version: int, status: str | None = None) -> None:
        """A read found the game at ``version``: what the store keeps of its log is dropped
        when it is of another version (another process or store moved the game)."""
        if status is not None and status not in OPEN_STATUSES:
            self.cache.forget_game(pk)
        elif pk in self.cache.games:
            self.cache.at_version(pk, version)

    async def game(self, pk: int) -> GameRow | None:
        return await self._game_where("id = ?", pk)

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in the lobby or running, if any."""
        return await self._game_where("channel_id = ? AND status IN ('lobby', 'active')", channel_id)

    async def open_tables(self, *, host_id: int | None = None, channel_id: int | None = None) -> int:
        """How many tables are open (in the lobby or running): hosted by ``host_id``, or in
        ``channel_id`` itself and in the threads off it (the limits of ``/game new``)."""
        args: tuple[int | None, ...]
        if host_id is not None:
            where, args = "host_id = ?", (host_id,)
        else:
            where, args = "(channel_id = ? OR parent_channel_id = ?)", (channel_id, channel_id)
        found = await self.fetch(
            f"SELECT COUNT(*) FROM games WHERE status IN ('lobby', 'active') AND {where}", *args
        )
        return int(found[0][0])

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's most recent game whatever its status (for the log of a finished game)."""
        return await self._game_where("channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)

    async def games(self, statuses: Iterable[str] = STATUSES, shards: Shards | None = None) -> list[GameRow]:
        """The games in one of ``statuses`` (of ``shards``' guilds only, when given), oldest first."""
        statuses = tuple(statuses)
        found = await self.fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE status IN ({marks(len(statuses))}) "
            f"AND {shard_filter(shards)} ORDER BY id",
            *statuses,
        )
        return [game_row(r) for r in found]

    async def open_game_counts(self, shards: Shards | None = None) -> list[tuple[int | None, str, int]]:
        """How many lobbies and running games each guild (of ``shards``, when given) has:
        ``(guild id, status, count)`` — the status index only, no game read."""
        found = await self.fetch(
            "SELECT guild_id, status, COUNT(*) FROM games g WHERE status IN ('lobby', 'active') "
            f"AND {shard_filter(shards)} GROUP BY guild_id, status ORDER BY guild_id, status"
        )
        return [(guild, str(status), int(n)) for guild, status, n in found]

    async def games_to_resume(self, shards: Shards | None = None) -> list[GameRow]:
        """The open games (of ``shards``' guilds, when given) a starting process must look at
        before any command does, oldest first: a running game whose last change never went out
        (``turn_pending``), and a lobby or running game, not paused, that has no timer at all
        (a timer lost before migration 15). Every other game waits, unloaded, for its first use.
        (The status index, then the timers' index by game for each open game: no game's state
        is read.)"""
        found = await self.fetch(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE status IN ('lobby', 'active') "
            f"AND {shard_filter(shards)} AND ((status = 'active' AND turn_pending IS NOT NULL) "
            "OR (paused_by IS NULL AND NOT EXISTS (SELECT 1 FROM timers t WHERE t.game_pk = g.id))) "
            "ORDER BY id"
        )
        return [game_row(r) for r in found]

    async def state(self, pk: int) -> tuple[int, str | None]:
        """(version, cached state JSON) of a game."""
        found = await self.fetch("SELECT version, state FROM games WHERE id = ?", pk)
        if not found:
            raise StoreError(f"no game {pk}")
        self._seen_version(pk, int(found[0][0]))
        return int(found[0][0]), found[0][1]

    async def replay_base(self, pk: int) -> ReplayBase | None:
        """The game's :class:`ReplayBase`, or None when its log replays from the seed."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.base is not UNKNOWN:
            return kept.base
        found = await self.fetch("SELECT version, state FROM replay_bases WHERE game_pk = ?", pk)
        base = ReplayBase(int(found[0][0]), found[0][1]) if found else None
        kept = self.cache.games.get(pk)
        if kept is not None:  # an open game's base never changes (written by migrations only)
            kept.base = base
        return base

    async def start_game(self, pk: int, state_json: str, now: float, timers: TimerPlan | None = None) -> bool:
        """Lobby → active with the first state (version 1). False if it was not in the lobby."""
        started = bool(await self._write(_start_game, pk, state_json, now, timers))
        if started:
            self.cache.started(pk)
        return started

    async def set_status(
        self, pk: int, status: str, now: float, *, only_from: Iterable[str] = OPEN_STATUSES
    ) -> bool:
        """Change the status (and drop the game's timers once it is closed); False when the game
        was not in one of ``only_from``."""
        done = await self._write(_set_status, pk, status, now, tuple(only_from))
        if done and status not in OPEN_STATUSES:
            self.cache.forget_game(pk)
        return bool(done)

    async def set_paused(self, pk: int, by: int | None, timers: TimerPlan) -> bool:
        """Pause a running game (``by``: the moderator) or let it play again (None), with its
        timer changes, in one transaction; False when the game is not running or already so."""
        return bool(await self._write(_set_paused, pk, by, timers))

    async def set_public_message(self, pk: int, message_id: int | None, text: str | None = None) -> None:
        """Remember the game's newest board message (its id and text). A closed game keeps no
        text: nothing edits its messages any more, and the text holds players' names."""
        await self._execute_on(
            pk,
            "UPDATE games SET public_message_id = ?, public_message_text = "
            "CASE WHEN status IN ('lobby', 'active') THEN ? END WHERE id = ?",
            message_id,
            text,
            pk,
        )

    async def public_message(self, pk: int) -> tuple[int | None, str | None]:
        """(id, text) of the game's newest board message."""
        found = await self.fetch("SELECT public_message_id, public_message_text FROM games WHERE id = ?", pk)
        return (found[0][0], found[0][1]) if found else (None, None)

    def holds(self, pk: int, version: int) -> bool:
        """Whether this store holds the open game ``pk`` at ``version`` — read by it, or moved
        by it since, and changed by no other write of its own (:mod:`bot.stores.cache`): then a
        move may be made without reading the game first (its write is version-checked)."""
        return self.cache.holds(pk, version)

    def processed(self, interaction_id: int) -> bool:
        """Whether this store recorded the interaction as processed (a repeat of it is read
        from the database, which refuses it)."""
        return self.cache.processed(interaction_id)

    async def table_rows(
        self, *, pk: int | None = None, channel_id: int | None = None, interaction_id: int | None = None
    ) -> TableRows | None:
        """What a command needs of the game ``pk`` (or of the channel's open game), in one read
        (:class:`TableRows`); None when there is none. Refreshes what the store keeps of an
        open game (:mod:`bot.stores.cache`): its live messages (the staged changes on top), the
        seated people's preferences, and the version its kept log rows are valid at."""
        found: TableRows | None = await self._read(_table_rows, pk, channel_id, interaction_id)
        if found is None:
            return None
        game = found.game
        self.cache.prefs.keep(found.prefs)
        if game.status not in OPEN_STATUSES:
            self.cache.forget_game(game.id)
            return found
        kept = self.cache.read_game(game.id, game.version)
        kept.seats = tuple(seat.seat for seat in found.seats)
        kept.at_table_s = found.at_table_s
        return replace(found, live=self.cache.read_live(game.id, found.live))

    async def live_messages(self, pk: int) -> LiveMessages:
        """The game's live messages (an unknown game: none), with the changes staged here."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.live is not None:
            return kept.live
        found = await self.fetch(f"SELECT {LIVE_SELECT}, status FROM games WHERE id = ?", pk)
        if not found:
            return LiveMessages()
        live = LiveMessages(*found[0][:8])
        return self.cache.read_live(pk, live) if found[0][8] in OPEN_STATUSES else live

    async def set_live_messages(self, pk: int, **changes: Any) -> None:
        """Change some fields of the game's :class:`LiveMessages` (by their names), with the
        changes staged before. A closed game keeps no words: nothing edits its messages any
        more, and they hold names."""
        await self._live_written(pk, changes, None)

    async def stage_live_messages(self, pk: int, **changes: Any) -> None:
        """Change some fields of the game's :class:`LiveMessages` in memory, to be written with
        the next write of its live messages (:meth:`turn_shown` once its turn message went out);
        written now when the store does not keep the game's live messages."""
        if not self.cache.stage_live(pk, changes):
            await self._live_written(pk, changes, None)

    async def write_staged_live(self, pk: int) -> None:
        """Write the live-message changes still staged for game ``pk``, if any (none: nothing
        is asked of the database)."""
        await self._live_written(pk, {}, None)

    async def turn_shown(self, pk: int, version: int, **changes: Any) -> None:
        """The game's turn message showing ``version`` went out (posted or edited): the change
        that made it is shown, unless a later one is still waiting (``turn_pending``, set by
        every action in its own transaction). Written in one statement with the staged
        live-message changes and ``changes`` (the new message's id…)."""
        await self._live_written(pk, changes, version)

    async def _live_written(self, pk: int, changes: dict[str, Any], shown: int | None) -> None:
        every = {**self.cache.take_staged(pk), **changes}
        if not every and shown is None:
            return
        try:
            still_open, pending = await self._write(_write_live, pk, every, shown, name="write_live")
        except BaseException:
            kept = self.cache.games.get(pk)
            if kept is not None:  # not written: staged again (newer staged changes win)
                kept.staged = {**every, **kept.staged}
            raise
        self.cache.wrote_live(pk, {**every, "turn_pending": pending}, still_open)

    async def set_lobby_message(self, pk: int, message_id: int) -> None:
        """The lobby notice of a game played in a thread, in the channel the thread hangs off."""
        await self._execute_on(pk, "UPDATE games SET lobby_message_id = ? WHERE id = ?", message_id, pk)

    async def set_game_settings(self, pk: int, *, reminder_s: int, clock_s: int | None) -> None:
        await self._execute_on(
            pk, "UPDATE games SET reminder_s = ?, clock_s = ? WHERE id = ?", reminder_s, clock_s, pk
        )

    async def set_auto_single(self, pk: int, on: bool) -> None:
        """Whether the table plays a player's only legal choice for them (GameRow.auto_single)."""
        await self._execute_on(pk, "UPDATE games SET auto_single = ? WHERE id = ?", int(on), pk)

    async def rematch(self, pk: int) -> GameRow | None:
        """The newest game opened as the rematch of game ``pk`` (whatever its status), if any."""
        return await self._game_where("rematch_of = ? ORDER BY id DESC LIMIT 1", pk)

    async def seated_games(self, user_id: int) -> list[GameRow]:
        """The open games (lobby or running) on every server where ``user_id`` holds a seat now
        (not one a computer player took over from them), oldest first."""
        found = await self.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') AND id IN "
            "(SELECT game_pk FROM seats WHERE user_id = ? AND is_bot = 0) ORDER BY id",
            user_id,
        )
        return [game_row(r) for r in found]

    async def table_play(self, pk: int) -> tuple[str, bool]:
        """(level that takes over seats, whether hints are allowed) of a game."""
        found = await self.fetch("SELECT takeover, hints_allowed FROM table_play WHERE game_pk = ?", pk)
        return (found[0][0], bool(found[0][1])) if found else (DEFAULT_TAKEOVER, DEFAULT_HINTS_ALLOWED)

    async def set_table_play(self, pk: int, *, takeover: str, hints_allowed: bool) -> None:
        await self._execute_on(
            pk,
            "INSERT INTO table_play (game_pk, takeover, hints_allowed) VALUES (?, ?, ?) "
            "ON CONFLICT (game_pk) DO UPDATE SET takeover = excluded.takeover, "
            "hints_allowed = excluded.hints_allowed",
            pk,
            takeover,
            int(hints_allowed),
        )

    async def at_table_s(self, pk: int) -> int:
        """Seconds after an action of their own within which a person called again is named
        without a ping (``/game settings at_table_minutes``; 0: always pinged)."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.at_table_s is not None:  # read with the game's row
            return kept.at_table_s
        found = await self.fetch("SELECT at_table_s FROM table_play WHERE game_pk = ?", pk)
        return DEFAULT_AT_TABLE_S if not found or found[0][0] is None else int(found[0][0])

    async def set_at_table_s(self, pk: int, seconds: int) -> None:
        kept = self.cache.games.get(pk)
        if kept is not None:
            kept.at_table_s = None  # until written (a failed write must not leave it here)
        await self._execute_on(
            pk,
            "INSERT INTO table_play (game_pk, takeover, hints_allowed, at_table_s) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game_pk) DO UPDATE SET at_table_s = excluded.at_table_s",
            pk,
            DEFAULT_TAKEOVER,
            int(DEFAULT_HINTS_ALLOWED),
            seconds,
        )
        kept = self.cache.games.get(pk)
        if kept is not None:
            kept.at_table_s = seconds

    async def add_hint(self, pk: int, seat: str) -> None:
        """Count one hint used by ``seat``."""
        await self._execute_on(
            pk,
            "INSERT INTO hints_used (game_pk, seat, n) VALUES (?, ?, 1) "
            "ON CONFLICT (game_pk, seat) DO UPDATE SET n = hints_used.n + 1",
            pk,
            seat,
        )

    async def hints_used(self, pk: int) -> dict[str, int]:
        final = self.cache.final(pk)
        if final is not None:  # read by the game's closing move
            return dict(final.hints)
        return {
            seat: int(n)
            for seat, n in await self.fetch("SELECT seat, n FROM hints_used WHERE game_pk = ?", pk)
        }

    # ------------------------------------------------------------------ seats

    async def seats(self, pk: int) -> list[SeatRow]:
        found = await self.fetch(
            f"SELECT {SEAT_SELECT} FROM seats s LEFT JOIN dm_refused r ON r.user_id = s.user_id "
            f"WHERE s.game_pk = ? {SEATS_ORDER}",
            pk,
        )
        return [seat_row(r) for r in found]

    async def set_seen(self, pk: int, seat: str, version: int) -> None:
        """The seat looked at the game at ``version`` (kept only when later than its last look)."""
        await self._execute_on(
            pk,
            "UPDATE seats SET seen_version = ? WHERE game_pk = ? AND seat = ? "
            "AND (seen_version IS NULL OR seen_version < ?)",
            version,
            pk,
            seat,
            version,
        )

    async def add_seat(
        self, pk: int, *, user_id: int | None, name: str, bot_kind: str | None = None, max_seats: int
    ) -> SeatRow | None:
        """Seat a user (or a computer player when ``bot_kind`` is given) in the next free seat of a
        lobby. None when the table is full or the game is no longer in the lobby; raises
        :class:`AlreadySeated` for a user who already sits there."""
        return await self._write(_add_seat, pk, user_id, name, bot_kind, max_seats)

    async def remove_seat(self, pk: int, seat: str, *, barred: int | None = None) -> bool:
        """Free a lobby seat; later seats move up so seats stay ``p0…pN``. ``barred``: the user
        the host removed (``/game kick``), who may not take a seat there again — noted in the
        same transaction."""
        return await self._write(_remove_seat, pk, seat, barred)

    async def barred(self, pk: int, user_id: int) -> bool:
        """Whether the host removed ``user_id`` from game ``pk``'s lobby."""
        found = await self.fetch("SELECT 1 FROM lobby_removed WHERE game_pk = ? AND user_id = ?", pk, user_id)
        return bool(found)

    async def seat_to_bot(self, pk: int, seat: str, kind: str) -> bool:
        """Hand a running game's seat to a computer player of ``kind``; the seat remembers its
        player in ``former_user_id`` (for /game rejoin) and its votes to replace it are dropped."""
        return await self._write(_seat_to_bot, pk, seat, kind)

    async def set_timed_out(self, pk: int, seat: str, timed_out: bool) -> None:
        await self._execute_on(
            pk, "UPDATE seats SET timed_out = ? WHERE game_pk = ? AND seat = ?", int(timed_out), pk, seat
        )

    # ------------------------------------------------------------------ votes to replace a seat, rejoin

    async def replace_voters(self, pk: int, seat: str) -> list[int]:
        """Who voted to hand ``seat`` to a computer since its last action, oldest vote first."""
        return await self._read(_replace_voters, pk, seat)

    async def add_replace_vote(
        self, pk: int, seat: str, voter_id: int, version: int, now: float
    ) -> list[int]:
        """Store a vote cast at game ``version`` (dropping the seat's lapsed ones) and return the
        live voters, read in the same transaction — which holds the game — so that two processes
        counting at once cannot both miss a majority."""
        return await self._write(_add_replace_vote, pk, seat, voter_id, version, now)

    async def former_seat(self, pk: int, user_id: int) -> str | None:
        """The computer seat that ``user_id`` held before it was handed over, if any."""
        found = await self.fetch(
            "SELECT seat FROM seats WHERE game_pk = ? AND former_user_id = ? AND is_bot = 1", pk, user_id
        )
        return found[0][0] if found else None

    async def seat_back_to_player(self, pk: int, seat: str, user_id: int) -> bool:
        """A computer seat goes back to the player who held it (False when it is not theirs); the
        seat's turn clock from before the handover is dropped."""
        return await self._write(_seat_back_to_player, pk, seat, user_id)

    # ------------------------------------------------------------------ DMs

    async def mark_dm_refused(self, user_id: int, now: float) -> None:
        """Remember that Discord refused a DM to this user (403): never try again."""
        await self._write(_mark_dm_refused, user_id, now)
        self.cache.add_dm_refused(user_id)

    async def dm_refused_users(self) -> set[int]:
        kept = self.cache.dm_refused()
        if kept is None:
            kept = {r[0] for r in await self.fetch("SELECT user_id FROM dm_refused")}
            self.cache.keep_dm_refused(kept)
        return kept

    # ------------------------------------------------------------------ users' languages

    async def remember_locale(self, user_id: int, locale: str, now: float) -> None:
        """Remember the language of a user's latest interaction (for their DMs, which answer
        no interaction). A move remembers its mover's in its own transaction
        (``append_action(locale=…)``)."""
        await self._write(_remember_locale, user_id, locale, now)
        self.cache.locales.keep({user_id: locale})

    async def locale_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """The remembered language of each of ``user_ids`` that has one."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        kept = self.cache.locales.fresh(ids)
        if kept is None:
            found = await self.fetch(
                f"SELECT user_id, locale FROM users WHERE user_id IN ({marks(len(ids))})", *ids
            )
            known = {r[0]: r[1] for r in found}
            kept = {user: known.get(user) for user in ids}
            self.cache.locales.keep(kept)
        return {user: locale for user, locale in kept.items() if locale is not None}

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
        self.cache.forget_user(user_id)
        names = list(changes)
        sets = ", ".join(f"{name} = excluded.{name}" for name in names)
        await self.execute(
            f"INSERT INTO users (user_id, updated, {', '.join(names)}) VALUES (?, ?, {marks(len(names))}) "
            f"ON CONFLICT (user_id) DO UPDATE SET updated = excluded.updated, {sets}",
            user_id,
            now,
            *changes.values(),
        )

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, UserPrefs]:
        """Each user's :class:`UserPrefs` (the defaults for a user never seen)."""
        ids = sorted(set(user_ids))
        kept = self.cache.prefs.fresh(ids)
        if kept is not None:
            return kept
        found: dict[int, UserPrefs] = {}
        if ids:
            rows_ = await self.fetch(
                f"SELECT user_id, {', '.join(PREF_COLUMNS)} FROM users WHERE user_id IN ({marks(len(ids))})",
                *ids,
            )
            found = {r[0]: UserPrefs(*r[1:]) for r in rows_}
        every = {user: found.get(user, UserPrefs()) for user in ids}
        self.cache.prefs.keep(every)
        return every

    async def notify_of(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's way of hearing of their turn (``mention`` for a user never asked)."""
        ids = sorted(set(user_ids))
        found: dict[int, str] = {}
        if ids:
            rows_ = await self.fetch(
                f"SELECT user_id, notify FROM users WHERE user_id IN ({marks(len(ids))})", *ids
            )
            found = {r[0]: r[1] for r in rows_}
        return {user: found.get(user, "mention") for user in ids}

    async def tell_once(self, channel_id: int, what: str, now: float) -> bool:
        """True the first time it is asked for ``what`` in this channel (then remembered)."""
        told = await self.execute(
            "INSERT INTO told (channel_id, what, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            channel_id,
            what,
            now,
        )
        return told == 1

    async def set_game_language(self, pk: int, language: str) -> None:
        """The language of a game's public messages (``/game settings language``)."""
        await self._execute_on(pk, "UPDATE games SET language = ? WHERE id = ?", language, pk)

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
        then: Sequence[Play] = (),
        locale: tuple[int, str] | None = None,
        result_json: str | None = None,
    ) -> int | None:
        """Log one action — and ``then``, the plays made right after it (the only choices the
        table played for people) — and store the state they led to, in one transaction; with
        ``locale`` (user id, locale) that user's language remembered in it (as
        :meth:`remember_locale`), and for a game that ends its ``result_json`` kept (as
        :meth:`set_result`).

        Returns the new version, or ``None`` when the game is no longer at ``expected_version``
        (somebody else's action got there first) — then nothing was written. With an
        ``interaction_id`` the interaction is recorded as processed in the same transaction;
        raises :class:`AlreadyProcessed` (writing nothing) when it was recorded before. A game
        that ends (``status`` finished) is compacted in the same transaction (see
        :func:`_compact`)."""
        plays = [Play(seat, text, events, kind, undoes), *then]
        move = Move(
            pk, expected_version, plays, state_json, status, now, timers, interaction_id, locale, result_json
        )
        appended = await self._log(move)
        if appended is None:
            self.cache.lost_race(pk)
            return None
        numbers, final = appended
        for play in plays:
            moves_counted(play.kind).inc()
        if locale is not None:
            self.cache.locales.keep({locale[0]: locale[1]})
        if interaction_id is not None:
            self.cache.recorded(interaction_id)
        version = expected_version + len(plays)
        logged = [
            ActionRow(pk, n, p.seat, p.text, p.kind, p.undoes, now, p.events)
            for n, p in zip(numbers, plays, strict=True)
        ]
        if final is not None:
            self.cache.closed(pk, expected_version, logged, version, final, result_json)
        elif status not in OPEN_STATUSES:
            self.cache.forget_game(pk)
        else:
            self.cache.appended(pk, expected_version, logged, version)
        return version

    async def _log(self, move: Move) -> Appended | None:
        """``move`` in one transaction: the log numbers of its plays (and, for a closing move,
        its :class:`FinalLog`), or None when the game moved on (nothing written). It is the
        backend's one call (:meth:`_open_move` for a move that leaves its game open,
        :meth:`_closing_move` for one that closes it: it also compacts the game and reads its
        log), or :func:`_append_action`, the shared script, for a move the call cannot take."""
        self.counts.operation("append_action")
        start = time.perf_counter()
        try:
            if move.status not in OPEN_STATUSES:
                return await self._closing_move(move)
            numbers = await self._open_move(move)
            return None if numbers is None else (numbers, None)
        except ScriptNeeded:
            appended: Appended | None = await self._run(_append_action, move, write=True)
            return appended
        finally:
            store_seconds(self.backend, "_append_action").observe(time.perf_counter() - start)

    async def _open_move(self, move: Move) -> list[int] | None:
        """A move that leaves its game open, in one call to the database (SQLite: one
        ``INSERT`` into a TEMP view; PostgreSQL: one call of a ``pg_temp`` function). Raises
        :class:`ScriptNeeded` when the shared script must take it."""
        raise ScriptNeeded

    async def _closing_move(self, move: Move) -> Appended | None:
        """A move that closes its game, in one call to the database (PostgreSQL: one call of a
        ``pg_temp`` function). Raises :class:`ScriptNeeded` when the shared script must take it
        (SQLite: the script, a hop to aiosqlite's thread per statement — a game closes once, and
        a hop there costs a fraction of a PostgreSQL round trip)."""
        raise ScriptNeeded

    #: The condition "log row ``a`` holds an ``auto`` event" (a play the table made for a seat),
    #: in the backend's JSON functions.
    AUTO_EVENT = ""

    async def last_acts(self, pk: int) -> dict[str, int]:
        """The log number ``n`` of each seat's latest action of its own: a move or an undo, not a
        move the table played for it (an only choice: its events hold an ``auto`` event)."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.last_acts is not None:
            return dict(kept.last_acts)
        return dict((await self._last_acts(pk))[0])

    async def last_act_times(self, pk: int) -> dict[str, float]:
        """When each seat last acted of its own (as :meth:`last_acts`: not an only choice the
        table played for it)."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.last_act_times is not None:
            return dict(kept.last_act_times)
        return dict((await self._last_acts(pk))[1])

    async def _last_acts(self, pk: int) -> tuple[dict[str, int], dict[str, float]]:
        """Each seat's last act of its own, its log number and its time, in one read (kept for
        an open game when no append came in between)."""
        kept = self.cache.games.get(pk)
        version = kept.version if kept is not None else None
        found = await self._read(
            _one,
            rows(
                "SELECT seat, MAX(n), MAX(created) FROM actions a WHERE game_pk = ? AND seat IS NOT NULL "
                f"AND NOT {self.AUTO_EVENT} GROUP BY seat",
                pk,
            ),
            name="last_acts",
        )
        acts = {r[0]: int(r[1]) for r in found}
        times = {r[0]: float(r[2]) for r in found}
        kept = self.cache.games.get(pk)
        if kept is not None and version is not None and kept.version == version:  # none appended meanwhile
            kept.last_acts, kept.last_act_times = dict(acts), dict(times)
        return acts, times

    # ------------------------------------------------------------------ decision DMs

    async def add_decision_dm(self, dm: DecisionDm) -> None:
        await self.write_decision_dms([dm], [])

    async def decision_dms(self, pk: int) -> list[DecisionDm]:
        """The game's decision DMs not closed yet, oldest first (an open game's are kept after
        the first read, see :mod:`bot.stores.cache`)."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.decision_dms is not None:
            return list(kept.decision_dms)
        version = kept.version if kept is not None else None
        found = await self.fetch(
            "SELECT game_pk, message_id, channel_id, user_id, seat, version FROM decision_dms "
            "WHERE game_pk = ? ORDER BY version, message_id",
            pk,
        )
        dms = [DecisionDm(r[0], r[1], r[2], r[3], r[4], r[5]) for r in found]
        kept = self.cache.games.get(pk)
        if kept is not None and version is not None and kept.version == version:
            kept.decision_dms = list(dms)
        return dms

    async def drop_decision_dm(self, pk: int, message_id: int) -> None:
        """The DM was closed (or is gone): forget it."""
        await self.write_decision_dms([], [(pk, message_id)])

    async def write_decision_dms(self, added: list[DecisionDm], dropped: list[tuple[int, int]]) -> None:
        """Keep the decision DMs ``added`` and forget those ``dropped`` (game pk, message id:
        closed, or gone), in one write: a delivery's DMs cost one store operation."""
        if not added and not dropped:
            return
        await self._write(_write_decision_dms, added, dropped)
        self.cache.decision_dms_written(added, dropped)

    async def actions(self, pk: int, *, since: int = 1) -> list[ActionRow]:
        """The game's log rows with ``n >= since``, oldest first. (Row ``n`` took the game from
        version ``n`` to ``n + 1``: the game starts at version 1.)

        The newest rows a turn reads (since a seat's last act, since the live board, since a
        button's version) may come from the kept tail, which is as new as this store's last
        read or write of the game. The whole log (``since`` 1: a replay, the computer's public
        record, an undo, ``/game log``, an export) is always read from the database: another
        process may have moved the game since (a process that restarts while the old one still
        finishes a computer move), and a replay must never miss a row."""
        final = self.cache.final(pk)
        if final is not None:  # the game this store just closed: its whole log was read then
            return [r for r in final.rows if r.n >= since]
        kept_rows = self.cache.actions_since(pk, since)
        if kept_rows is not None:
            return kept_rows
        kept = self.cache.games.get(pk)
        version = kept.version if kept is not None else None
        found = await self.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_pk = ? AND n >= ? ORDER BY n", pk, since
        )
        logged = [action_row(r) for r in found]
        self.cache.keep_tail(pk, since, logged, version)
        return logged

    # ------------------------------------------------------------------ timers

    async def add_timers(self, pk: int, plan: TimerPlan) -> None:
        await self._write(_apply_timers, pk, plan)

    async def timers(self, pk: int | None = None) -> list[TimerRow]:
        where, args = ("t.game_pk = ?", (pk,)) if pk is not None else ("1 = 1", ())
        found = await self.fetch(
            f"SELECT {TIMER_COLUMNS} FROM timers t WHERE {where} ORDER BY t.due, t.id", *args
        )
        return [timer_row(r) for r in found]

    async def due_timers(self, now: float, shards: Shards | None = None) -> list[TimerRow]:
        """The timers due at ``now`` (of ``shards``' games only, when given), earliest first."""
        if shards is None or shards.everything:
            query = f"SELECT {TIMER_COLUMNS} FROM timers t WHERE t.due <= ? ORDER BY t.due, t.id"
        else:
            query = (
                f"SELECT {TIMER_COLUMNS} FROM timers t JOIN games g ON g.id = t.game_pk "
                f"WHERE t.due <= ? AND {shard_filter(shards)} ORDER BY t.due, t.id"
            )
        return [timer_row(r) for r in await self.fetch(query, now)]

    async def next_timer_due(self, shards: Shards | None = None) -> float | None:
        """When the earliest timer (of ``shards``' games, when given) is due; None: none."""
        if shards is None or shards.everything:
            found = await self.fetch("SELECT MIN(due) FROM timers")
        else:
            found = await self.fetch(
                f"SELECT MIN(t.due) FROM timers t JOIN games g ON g.id = t.game_pk WHERE {shard_filter(shards)}"
            )
        return found[0][0] if found else None

    async def claim_timer(self, timer_id: int, now: float, until: float) -> TimerRow | None:
        """Claim a due timer at ``now`` under a lease ending at ``until``: the claimed timer
        (its ``claimed`` is ``now``, the claim's mark) for the one caller that claimed it (so
        that two bot processes on one database never both run it), None for the others. A timer
        whose earlier claim's lease ran out comes back as a new timer, claimed by this caller.
        The claimed timer stays until :meth:`finish_timer` (its work stored) or
        :meth:`release_timer`."""
        return await self._write(_claim_timer, timer_id, now, until)

    async def finish_timer(self, timer_id: int, claimed: float) -> bool:
        """The work of the timer claimed at ``claimed`` is stored: delete it (False: it was gone
        already — the move that stored its work cleared it in the same transaction)."""
        done = await self.execute("DELETE FROM timers WHERE id = ? AND claimed = ?", timer_id, claimed)
        return done == 1

    async def release_timer(self, timer_id: int, claimed: float, due: float) -> TimerRow | None:
        """The timer claimed at ``claimed`` did not store its work: back as a new unclaimed
        timer due at ``due`` (None when it is gone: its work was stored after all)."""
        return await self._write(_release_timer, timer_id, claimed, due)

    async def release_claims(self, due: float, shards: Shards | None = None) -> list[TimerRow]:
        """Every claimed timer (of ``shards``' games, when given) back as a new unclaimed timer
        due at ``due``: a starting process's predecessor died holding them."""
        return await self._write(_release_claims, due, shards)

    # ------------------------------------------------------------------ reliability

    async def repair_state(self, pk: int, version: int, state_json: str) -> bool:
        """Replace a bad state cache by one rebuilt from the log, if the game is still at
        ``version`` (False otherwise: an action came in meanwhile and wrote a good one)."""
        return (
            await self._execute_on(
                pk, "UPDATE games SET state = ? WHERE id = ? AND version = ?", state_json, pk, version
            )
            == 1
        )

    async def mark_broken(self, pk: int, reason: str) -> bool:
        """Mark a running game whose log no longer replays (kept, never deleted; the service
        refuses it with one sentence). True for the one caller that marked it first (who tells
        the channel), False when it was already marked or is not running."""
        marked = await self._execute_on(
            pk,
            "UPDATE games SET broken = ? WHERE id = ? AND broken IS NULL AND status = 'active'",
            reason,
            pk,
        )
        return marked == 1

    async def claim_interaction(self, interaction_id: int, now: float) -> bool:
        """Record a Discord interaction as processed; False when it was recorded before (then
        it must not be processed again). ``append_action(interaction_id=…)`` records it
        atomically with an action instead."""
        recorded: bool = await self._write(_record_interaction, interaction_id, now)
        self.cache.recorded(interaction_id)
        return recorded

    async def interaction_seen(self, interaction_id: int) -> bool:
        """Whether the interaction was recorded as processed."""
        return bool(await self.fetch("SELECT 1 FROM interactions WHERE id = ?", interaction_id))

    async def forget_interactions(self, before: float) -> int:
        """Drop the processed interactions recorded before ``before`` (Discord no longer
        delivers them); returns how many."""
        return await self.execute("DELETE FROM interactions WHERE created < ?", before)

    async def delete_closed_logs(self, before: float, now: float) -> list[int]:
        """KEEP_FINISHED_DAYS: delete the log of every finished or abandoned game closed before
        ``before`` (not a broken one) — and its replay base, which only the log needed — and
        note when (``log_deleted``); the game's row, seats and result stay, so history and stats
        are unchanged. Returns the games' ids."""
        return await self._write(_delete_closed_logs, before, now)

    async def reclaim_space(self) -> int:
        """Give the space freed by deletions back to the system; returns how much (the
        backend's unit). Each backend says how."""
        raise NotImplementedError

    async def watch_timers(self, wake: Callable[[], None]) -> None:
        """Call ``wake()`` when another process adds timers. Here: never (one process per
        SQLite file; the timer loop polls); PostgreSQL listens."""

    # ------------------------------------------------------------------ closed games: results, history, stats

    async def set_result(self, pk: int, result_json: str) -> None:
        """Keep a finished game's result (``Result.to_dict`` as JSON) beside its state (nothing
        to write when this store's closing move kept this very result)."""
        kept = self.cache.games.get(pk)
        if kept is not None and kept.final is not None and kept.result == result_json:
            return
        await self._execute_on(pk, "UPDATE games SET result = ? WHERE id = ?", result_json, pk)

    async def result(self, pk: int) -> str | None:
        """The kept result JSON of a finished game (None before it is kept)."""
        found = await self.fetch("SELECT result FROM games WHERE id = ?", pk)
        return found[0][0] if found else None

    async def closed_games(
        self, *, channel_id: int | None = None, guild_id: int | None = None, limit: int, offset: int = 0
    ) -> tuple[list[GameRow], int]:
        """The channel's (or the server's) finished and abandoned games that had started, newest
        first: ``limit`` of them from ``offset``, and how many there are in all."""
        return await self._read(_closed_games, channel_id, guild_id, limit, offset)

    async def played_seats(self, user_id: int, guild_id: int | None) -> list[PlayedSeat]:
        """Every seat ``user_id`` held to the end of a closed, started game on the server (on
        every server when ``guild_id`` is None: ``/tradewinds stats`` in a DM)."""
        guild, args = ("TRUE", ()) if guild_id is None else ("g.guild_id = ?", (guild_id,))
        found = await self.fetch(
            "SELECT g.id, g.game, g.status, s.seat, g.result, "
            "EXISTS (SELECT 1 FROM seats b WHERE b.game_pk = g.id AND b.is_bot = 1) "
            f"FROM seats s JOIN games g ON g.id = s.game_pk WHERE s.user_id = ? AND s.is_bot = 0 AND {guild} "
            "AND g.status IN ('finished', 'abandoned') AND g.version > 0 ORDER BY g.id",
            user_id,
            *args,
        )
        return [PlayedSeat(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in found]

    async def user_games(self, user_id: int) -> list[GameRow]:
        """Every game in which ``user_id`` holds a seat or held one a computer player took over."""
        found = await self.fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id IN "
            "(SELECT game_pk FROM seats WHERE user_id = ? OR former_user_id = ?) ORDER BY id",
            user_id,
            user_id,
        )
        return [game_row(r) for r in found]

    async def forget_user(self, user_id: int, names: Mapping[int, str]) -> tuple[int, int]:
        """``/game forget-me``: in each game of ``names`` (game pk → the name template, with
        ``{n}`` for the seat number), the user's seat gets that name and loses the user's id.

        Closed games are rewritten now; an open game keeps the seat playable and is rewritten
        when it closes (the request waits in ``forget_requests``). Returns (games rewritten,
        games waiting)."""
        self.cache.forget_user(user_id)
        return await self._write(_forget_user, user_id, dict(names))

    async def user_rows(self, user_id: int, *, delete: bool = False) -> dict[str, int]:
        """The rows about ``user_id`` outside the games' seats, by table: ``users`` (their
        language, how they are called, time zone, quiet hours, vacation, stand-in),
        ``dm_refused`` (their DMs are closed) and ``replace_votes`` (their votes to replace a
        player, in any game). With ``delete`` they are deleted, in one transaction, and the
        counts say how many went (``/game forget-me``)."""
        if delete:
            self.cache.forget_user(user_id)
            return await self._write(_user_rows, user_id, delete)
        return await self._read(_user_rows, user_id, False)


#: The rows about a user outside the seats: (table, the column holding the user's id).
USER_ROWS = (
    ("users", "user_id"),
    ("dm_refused", "user_id"),
    ("replace_votes", "voter_id"),
    ("lobby_removed", "user_id"),
    ("decision_dms", "user_id"),
)


def _user_rows(user_id: int, delete: bool) -> Script[dict[str, int]]:
    found: dict[str, int] = {}
    for table, column in USER_ROWS:
        if delete:
            found[table] = yield changed(f"DELETE FROM {table} WHERE {column} = ?", user_id)
        else:
            (count,) = yield row(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", user_id)
            found[table] = int(count)
    # the tables a moderator paused (/admin pause) keep their pause but no longer name who (0)
    if delete:
        found["paused"] = yield changed("UPDATE games SET paused_by = 0 WHERE paused_by = ?", user_id)
    else:
        (count,) = yield row("SELECT COUNT(*) FROM games WHERE paused_by = ?", user_id)
        found["paused"] = int(count)
    return found


#: The tables of the schema, parents first (the order to copy them in, ``tradewinds migrate-db``).
TABLES = (
    "games",
    "seats",
    "dm_refused",
    "actions",
    "timers",
    "replace_votes",
    "users",
    "forget_requests",
    "told",
    "replay_bases",
    "interactions",
    "table_play",
    "hints_used",
    "lobby_removed",
    "decision_dms",
)
