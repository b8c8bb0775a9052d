"""What a store keeps in memory so that a move asks its database only for what it cannot know.

A bot process owns its games (one process per SQLite file; on PostgreSQL each process its
shards' games), so what it wrote it knows. :class:`StoreCache` keeps, per open game:

* the live messages (:class:`~bot.stores.rows.LiveMessages`) — refreshed by every
  :meth:`~bot.stores.queries.SqlStore.table_rows` read (their columns come with the game's row), with
  the changes *staged* by the presenter on top until the turn message's delivery writes them
  (:meth:`~bot.stores.queries.SqlStore.turn_shown`);
* each seat's latest action of its own (``last_acts``, its log number and its time), the
  newest rows of the log (a *tail*: the rows after every seat's last act and since the live
  board was posted, at most :data:`TAIL_ROWS`) and the decision DMs not closed yet
  (:mod:`bot.service.decisions`), kept up to date by every ``append_action`` and decision-DM write of
  this store and valid at one game version: when a read of the game's row finds it at another
  version (another process or another store on the file moved it), they are dropped and read
  again; a game this store starts is known at once (an empty log, no DMs). The tail serves
  the reads of a turn's newest rows only: the whole log is always read from the database
  (:meth:`~bot.stores.queries.SqlStore.actions`);
* whether it *holds* the game (:attr:`GameCache.held`): its row, seats and settings as its last
  read found them, changed since only by its own moves (each version-checked) — then a move is
  made without reading the game (:meth:`StoreCache.holds`); any other write of the store that
  touches the game (settings, seats, a look, a pause…) or a user's rows (a DM refused, forget-me)
  lets it go, and so does a read or a write that finds another version. A setting changed by
  *another* process on the same database without a move is seen at this process's next read of
  the game (its next move made elsewhere, its next command that is not a move); the
  interactions it recorded, so that a repeat is read (and refused) rather than played;
* its replay base (written by migrations only, so it never changes while the game is open) and
  its ``at_table_s`` setting (:mod:`bot.service.attending`; read with the game's row by every
  :meth:`~bot.stores.queries.SqlStore.table_rows`, kept when this store writes it);

and, per user, the preferences, the remembered locale and whether their DMs are refused, each
read again after :data:`USER_TTL_S` seconds (another process may have changed them: a DM
command is served by shard 0's process).

A game that this store closes (its last move) is kept a moment longer, with what the closing
transaction read before it compacted the log (:class:`~bot.stores.rows.FinalLog`: every row,
the replay base, the hints used) and the result it wrote: the end of the game — its final
scores, the summary's replay, its last turn message — reads nothing more. It goes once its
last live messages are written, and at most :data:`CLOSED_KEPT` closed games are kept (the
oldest go first). A game closed elsewhere goes as soon as a read finds it closed.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.stores.rows import ActionRow, DecisionDm, FinalLog, LiveMessages, UserPrefs

#: A kept value not read yet.
UNKNOWN: Any = object()

#: The newest log rows kept per open game (the catch-up of a turn, "went round", a button of a
#: simultaneous step read them); an older row is read from the database.
TAIL_ROWS = 48
#: How long a user's preferences, locale and refused DMs are trusted before being read again.
USER_TTL_S = 60.0
#: Users whose preferences and locales are kept (the least recently read go first).
MAX_USERS = 20_000
#: How long the users whose DMs are refused are trusted: another process adds one only when
#: Discord refused it a DM, and a DM sent meanwhile to such a user is refused again (and marks
#: them here too), so the set may be older than the preferences.
DM_REFUSED_TTL_S = 3600.0
#: Games closed by this store whose last outcome may still be delivered (see the docstring).
CLOSED_KEPT = 64
#: The newest interactions this store recorded, kept so that a command that repeats one is
#: read from the database (which refuses it) even when the store holds its game.
INTERACTIONS_KEPT = 10_000


def changed_live(live: LiveMessages, changes: dict[str, Any]) -> LiveMessages:
    """``live`` with ``changes`` (by field name) — ``dataclasses.replace`` without its walk over
    the fields, on a path every move takes three times. An unknown name raises ``TypeError``."""
    return LiveMessages(**{**live.__dict__, **changes})


@dataclass
class GameCache:
    """One open game's kept rows, valid at ``version`` (None: not known)."""

    version: int | None = None
    live: LiveMessages | None = None
    #: Live-message fields changed by the presenter and not written yet (by column name).
    staged: dict[str, Any] = field(default_factory=dict)
    last_acts: dict[str, int] | None = None
    #: When each seat last acted of its own (``created`` of its ``last_acts`` row).
    last_act_times: dict[str, float] | None = None
    #: The game's decision DMs not closed yet, oldest first.
    decision_dms: list[DecisionDm] | None = None
    #: The log rows ``tail_from`` … ``version - 1`` (row ``n`` took the game to ``n + 1``).
    tail: list[ActionRow] | None = None
    tail_from: int = 0
    #: The game's replay base (None: it has none; :data:`UNKNOWN`: not read yet). Only
    #: migrations write bases, so an open game's never changes.
    base: Any = UNKNOWN
    #: The game's seats (``p0``, ``p1``…), to tell how far back the tail is still needed.
    seats: tuple[str, ...] = ()
    #: The table's ``at_table_s`` (None: not known).
    at_table_s: int | None = None
    #: Whether this store holds the game as it is at ``version``: its row, seats and settings
    #: as its last read found them, changed only by its own moves since (a move is
    #: version-checked: one made elsewhere makes this store's next move fail, and read again).
    held: bool = False
    #: The game was closed by this store's last move: what its transaction read, and the
    #: result it wrote (None: still open).
    final: FinalLog | None = None
    result: str | None = None

    def drop_log(self) -> None:
        """Forget what is derived from the log and the DMs (another writer moved the game)."""
        self.held = False
        self.last_acts = None
        self.last_act_times = None
        self.tail = None
        self.decision_dms = None


class StoreCache:
    """See the module docstring. Not thread-safe: used on the event loop only."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self.games: dict[int, GameCache] = {}
        self._prefs: OrderedDict[int, tuple[float, UserPrefs]] = OrderedDict()
        self._locales: OrderedDict[int, tuple[float, str | None]] = OrderedDict()
        self._dm_refused: tuple[float, set[int]] | None = None
        #: The games kept after this store closed them, oldest first.
        self._closed: OrderedDict[int, None] = OrderedDict()
        #: The interactions this store recorded, newest last (at most :data:`INTERACTIONS_KEPT`).
        self._interactions: OrderedDict[int, None] = OrderedDict()

    # ------------------------------------------------------------------ games

    def game(self, pk: int) -> GameCache:
        found = self.games.get(pk)
        if found is None:
            found = self.games[pk] = GameCache()
        return found

    def forget_game(self, pk: int) -> None:
        """A game closed (or its state is unknown after a lost race): nothing of it is kept."""
        self.games.pop(pk, None)
        self._closed.pop(pk, None)

    def closed(
        self, pk: int, expected: int, rows: list[ActionRow], version: int, final: FinalLog, result: str | None
    ) -> None:
        """This store's move closed the game (``rows`` logged from ``expected`` to ``version``):
        it is kept with what the closing transaction read (``final``) and wrote (``result``)
        until its last live messages are written; at most :data:`CLOSED_KEPT` such games."""
        self.appended(pk, expected, rows, version)
        kept = self.games.get(pk)
        if kept is None:
            return
        kept.final, kept.result, kept.base = final, result, final.base
        self._closed[pk] = None
        while len(self._closed) > CLOSED_KEPT:
            self.forget_game(next(iter(self._closed)))

    def final(self, pk: int) -> FinalLog | None:
        """What the closing move of a game this store closed read (None: not kept)."""
        kept = self.games.get(pk)
        return kept.final if kept is not None else None

    def started(self, pk: int) -> None:
        """This store started the game: at version 1 its log is empty (nobody acted yet) and it
        has no replay base (only games begun before a rules change have one). It holds the
        game when it held its lobby (the start changes only what the starting command knows)."""
        kept = self.game(pk)
        held = kept.held
        kept.version = 1
        kept.last_acts = {}
        kept.last_act_times = {}
        kept.tail = []
        kept.tail_from = 1
        kept.base = None
        kept.decision_dms = []
        kept.held = held

    def read_game(self, pk: int, version: int) -> GameCache:
        """The game's row and seats were just read at ``version`` (the game is open): held."""
        kept = self.at_version(pk, version)
        kept.held = True
        return kept

    def holds(self, pk: int, version: int) -> bool:
        """Whether this store holds the open game at ``version`` (see :attr:`GameCache.held`)."""
        kept = self.games.get(pk)
        return kept is not None and kept.held and kept.version == version and kept.final is None

    def touched(self, pk: int | None = None) -> None:
        """A write other than a move changed the game ``pk`` (None: any game — a user's rows):
        what a command reads of it is read again."""
        for game, kept in self.games.items():
            if pk is None or game == pk:
                kept.held = False

    def processed(self, interaction_id: int) -> bool:
        """Whether this store recorded the interaction (a move's or a refusal's)."""
        return interaction_id in self._interactions

    def recorded(self, interaction_id: int) -> None:
        self._interactions[interaction_id] = None
        while len(self._interactions) > INTERACTIONS_KEPT:
            self._interactions.popitem(last=False)

    def lost_race(self, pk: int) -> None:
        """An append found the game at another version: what was kept of its log is not valid."""
        kept = self.games.get(pk)
        if kept is not None:
            kept.version = None
            kept.drop_log()

    def at_version(self, pk: int, version: int) -> GameCache:
        """The game's cache, its log-derived parts dropped when the game is at another version
        than the one they were kept at (another writer moved it)."""
        kept = self.game(pk)
        if kept.version != version:
            kept.version = version
            kept.drop_log()
        return kept

    def read_live(self, pk: int, live: LiveMessages) -> LiveMessages:
        """The live messages as just read, with the staged changes on top (kept)."""
        kept = self.game(pk)
        kept.live = changed_live(live, kept.staged) if kept.staged else live
        return kept.live

    def stage_live(self, pk: int, changes: dict[str, Any]) -> bool:
        """Keep live-message changes to write with the next write of the game's live messages;
        False when the game's live messages are not known here (then write them now)."""
        kept = self.games.get(pk)
        if kept is None or kept.live is None:
            return False
        kept.staged.update(changes)
        kept.live = changed_live(kept.live, changes)
        return True

    def take_staged(self, pk: int) -> dict[str, Any]:
        """The staged changes, to be written now (no longer staged)."""
        kept = self.games.get(pk)
        if kept is None or not kept.staged:
            return {}
        staged, kept.staged = kept.staged, {}
        return staged

    def wrote_live(self, pk: int, changes: dict[str, Any], open_game: bool) -> None:
        """Live-message fields written; a closed game keeps none (its words are gone)."""
        kept = self.games.get(pk)
        if not open_game:
            self.forget_game(pk)
        elif kept is not None and kept.live is not None:
            kept.live = changed_live(kept.live, changes)

    def appended(self, pk: int, expected: int, rows: list[ActionRow], version: int) -> None:
        """This store logged ``rows``, taking the game from ``expected`` to ``version``."""
        kept = self.games.get(pk)
        if kept is None:
            return
        if kept.version != expected:  # what was kept is of another version: read it again
            kept.drop_log()
        else:  # held stays as it was: the move continued the version the store knew
            for row in rows:
                if row.seat is None or any(e.get("kind") == "auto" for e in row.events):
                    continue  # no seat's own act (a play the table made for it)
                if kept.last_acts is not None:
                    kept.last_acts[row.seat] = row.n
                if kept.last_act_times is not None:
                    kept.last_act_times[row.seat] = row.created
            if kept.tail is not None:
                kept.tail.extend(rows)
                self._trim(kept)
        kept.version = version
        if kept.live is not None:
            kept.live = changed_live(kept.live, {"turn_pending": version})

    @staticmethod
    def _trim(kept: GameCache) -> None:
        """Keep at most :data:`TAIL_ROWS` rows, and none older than any reader needs: the rows
        after every seat's last act of its own (a turn's catch-up) and since the live board
        was posted ("went round")."""
        if kept.tail is None:
            return
        floor = kept.tail_from
        if kept.last_acts is not None and kept.seats and kept.live is not None:
            since_acts = min(kept.last_acts.get(seat, 0) for seat in kept.seats) + 1
            floor = max(floor, min(since_acts, kept.live.board_version or 1))
        if kept.tail and kept.tail[-1].n - TAIL_ROWS + 1 > floor:
            floor = kept.tail[-1].n - TAIL_ROWS + 1
        if floor > kept.tail_from:
            kept.tail = [row for row in kept.tail if row.n >= floor]
            kept.tail_from = floor

    def actions_since(self, pk: int, since: int) -> list[ActionRow] | None:
        """The kept log rows with ``n >= since``, or None when the tail does not reach back."""
        kept = self.games.get(pk)
        if kept is None or kept.tail is None or since < kept.tail_from:
            return None
        return [row for row in kept.tail if row.n >= since]

    def keep_tail(self, pk: int, since: int, rows: list[ActionRow], version: int | None) -> None:
        """Rows just read (every row from ``since`` on), kept when the game's version is known."""
        kept = self.games.get(pk)
        if kept is None or version is None or kept.version != version:
            return
        if kept.tail is not None and kept.tail_from <= since:
            return
        kept.tail = rows[-TAIL_ROWS:]
        kept.tail_from = kept.tail[0].n if len(rows) > TAIL_ROWS else since
        self._trim(kept)

    def decision_dms_written(self, added: list[DecisionDm], dropped: list[tuple[int, int]]) -> None:
        """Decision DMs kept and closed (``dropped``: game pk, message id) were written."""
        for dm in added:
            kept = self.games.get(dm.game_pk)
            known = kept.decision_dms if kept is not None else None
            if known is not None and all(k.message_id != dm.message_id for k in known):
                known.append(dm)
                known.sort(key=lambda k: (k.version, k.message_id))
        for pk, message_id in dropped:
            kept = self.games.get(pk)
            if kept is not None and kept.decision_dms is not None:
                kept.decision_dms = [k for k in kept.decision_dms if k.message_id != message_id]

    # ------------------------------------------------------------------ users

    def _fresh(self, stamp: float) -> bool:
        return self.clock() - stamp < USER_TTL_S

    def prefs(self, users: Iterable[int]) -> dict[int, UserPrefs] | None:
        """Every asked user's preferences when all are kept and fresh, else None."""
        found: dict[int, UserPrefs] = {}
        for user in users:
            kept = self._prefs.get(user)
            if kept is None or not self._fresh(kept[0]):
                return None
            found[user] = kept[1]
        return found

    def keep_prefs(self, prefs: dict[int, UserPrefs]) -> None:
        now = self.clock()
        for user, pref in prefs.items():
            self._prefs[user] = (now, pref)
            self._prefs.move_to_end(user)
        while len(self._prefs) > MAX_USERS:
            self._prefs.popitem(last=False)

    def locales(self, users: Iterable[int]) -> dict[int, str | None] | None:
        """Every asked user's remembered locale (None: none) when all are kept and fresh."""
        found: dict[int, str | None] = {}
        for user in users:
            kept = self._locales.get(user)
            if kept is None or not self._fresh(kept[0]):
                return None
            found[user] = kept[1]
        return found

    def keep_locales(self, locales: dict[int, str | None]) -> None:
        now = self.clock()
        for user, locale in locales.items():
            self._locales[user] = (now, locale)
            self._locales.move_to_end(user)
        while len(self._locales) > MAX_USERS:
            self._locales.popitem(last=False)

    def forget_user(self, user_id: int) -> None:
        """The user's rows go (``/game forget-me``), their decision DMs with them."""
        self._prefs.pop(user_id, None)
        self._locales.pop(user_id, None)
        self._dm_refused = None
        for kept in self.games.values():
            if kept.decision_dms is not None and any(dm.user_id == user_id for dm in kept.decision_dms):
                kept.decision_dms = None

    def dm_refused(self) -> set[int] | None:
        if self._dm_refused is None or self.clock() - self._dm_refused[0] >= DM_REFUSED_TTL_S:
            return None
        return set(self._dm_refused[1])

    def keep_dm_refused(self, users: set[int]) -> None:
        self._dm_refused = (self.clock(), set(users))

    def add_dm_refused(self, user_id: int) -> None:
        if self._dm_refused is not None:
            self._dm_refused[1].add(user_id)
