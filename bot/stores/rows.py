"""The plain data a game store hands out and takes in, whatever the database.

:class:`bot.stores.protocol.GameStore` (the protocol), the SQLite store (:mod:`bot.stores.sqlite`) and the
PostgreSQL one (:mod:`bot.stores.postgres`) all speak in these types, so that nothing above the stores
imports a database module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

OPEN_STATUSES = ("lobby", "active")
STATUSES = ("lobby", "active", "finished", "abandoned")


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
    #: The moderator who paused the running game (``/admin pause``; None: it plays).
    paused_by: int | None = None


#: A table's play settings when the host never changed them (``GameStore.table_play``): the
#: computer level that takes over a replaced, departed or late seat, and whether hints are allowed.
DEFAULT_TAKEOVER = "heuristic"
DEFAULT_HINTS_ALLOWED = True


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
class DecisionDm:
    """A DM the bot sent ``user_id`` for a decision of ``seat`` in game ``game_pk`` at game
    ``version`` (``decision_dms``): kept until it is closed — edited to say what was decided, or
    that the moment passed, without its buttons (:mod:`bot.service.decisions`)."""

    game_pk: int
    message_id: int
    channel_id: int  # the DM channel
    user_id: int
    seat: str
    version: int


#: A table's default for ``at_table_s`` (``/game settings at_table_minutes``): a person who acted
#: in the game this many seconds ago is named without a ping when called again.
DEFAULT_AT_TABLE_S = 180


@dataclass(frozen=True)
class LiveMessages:
    """A game's live messages in its channel (see :mod:`bot.service.flow`).

    ``turn_id`` is the newest turn message — the one with the buttons — and ``turn_log`` its
    words without the whose-turn lines (None: not known, e.g. a game from before these were
    kept). ``board_id`` is the newest message with a board picture, posted at game version
    ``board_version``, whose words are ``board_text``. ``turn_since`` is when the current turn
    began (the table has waited since; None before migration 11). ``turn_pending``: see below."""

    turn_id: int | None = None
    turn_text: str | None = None
    turn_log: str | None = None
    board_id: int | None = None
    board_version: int | None = None
    board_text: str | None = None
    turn_since: float | None = None
    #: The version of a change whose turn message did not go out yet (every action sets it in
    #: its own transaction; the turn message's post or edit clears it). None: the channel shows
    #: the game as it is.
    turn_pending: int | None = None


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
    #: none yet; its moves count as looks too (``GameStore.last_acts``).
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
class Move:
    """What ``append_action`` writes in one transaction: ``plays`` (the move and the only
    choices played after it) at ``expected_version``, the state they led to, the game's status
    after them, the timer changes and the Discord interaction recorded as processed."""

    pk: int
    expected_version: int
    plays: list[Play]
    state_json: str
    status: str
    now: float
    timers: TimerPlan | None
    interaction_id: int | None
    #: The mover's language to remember (user id, locale), in the move's transaction.
    locale: tuple[int, str] | None = None
    #: A finished game's result (``Result.to_dict`` as JSON), kept in the closing transaction.
    result_json: str | None = None


@dataclass(frozen=True)
class FinalLog:
    """What the transaction of a game's closing move read before it compacted the log: every
    log row (with its events), the replay base and the hints used — what the end of the game
    shows (the summary's replay) without reading the store again."""

    rows: list[ActionRow]
    base: ReplayBase | None
    hints: dict[str, int]


class ScriptNeeded(Exception):
    """A backend's one-call write of a move cannot take this one (the shared script does)."""


@dataclass(frozen=True)
class Play:
    """One more play logged by ``append_action`` after its first, in the same transaction (an
    only choice the table played for a seat right after the move, :mod:`bot.service.autoplay`)."""

    seat: str | None
    text: str
    events: list[dict[str, Any]]
    kind: str = "play"
    undoes: int | None = None


@dataclass(frozen=True)
class TableRows:
    """What a command needs of a game, read in one store operation
    (``GameStore.table_rows``): its row, its seats, the seated people's preferences, its play
    settings, its live messages, and whether the command's interaction was processed before."""

    game: GameRow
    seats: list[SeatRow]
    prefs: dict[int, UserPrefs]
    takeover: str
    hints_allowed: bool
    live: LiveMessages
    #: The table's setting of :mod:`bot.service.attending` (seconds; 0: everyone is pinged).
    at_table_s: int = DEFAULT_AT_TABLE_S
    interaction_seen: bool = False


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
    #: When a timer loop claimed it, while its work is not stored yet (``due`` is then the end
    #: of the claim's lease, see :mod:`bot.service.timers`); None: not claimed.
    claimed: float | None = None


@dataclass
class TimerPlan:
    """Timer changes made in the same transaction as an action: drop every timer of the kinds
    in ``clear`` for the game, then add ``add`` (kind, due, payload)."""

    clear: tuple[str, ...] = ()
    add: list[tuple[str, float, dict[str, Any]]] = field(default_factory=list)


#: The encoder of :func:`dumps`, made once: ``json.dumps`` with any argument of its own builds a
#: new encoder at every call (half the time of a small value's encoding; a move encodes a few).
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def dumps(value: Any) -> str:
    """Compact JSON, the form every JSON column is stored in."""
    return _ENCODER.encode(value)
