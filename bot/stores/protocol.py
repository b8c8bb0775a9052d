"""What the service needs from game storage: the :class:`GameStore` protocol.

``GameService`` types its store against this protocol. Two stores implement it, with the same
queries (:mod:`bot.stores.queries`) and the same guarantees: SQLite (:class:`bot.stores.sqlite.Store`, one
file, the embedded default) and PostgreSQL (:class:`bot.stores.postgres.PgStore`, one database shared by
several bot processes — see "Running past one process" in the README). :func:`open_store`
opens the one the settings name. The guarantees:

* ``append_action`` is atomic and version-checked: it writes the action row, the state cache,
  the status and the timer changes in one transaction, and returns ``None`` (writing nothing)
  when the game's version is no longer ``expected_version`` — that is what keeps an action from
  being applied twice when two processes race;
* ``claim_timer`` succeeds for exactly one caller (an ``UPDATE … WHERE claimed IS NULL`` that
  one transaction wins); the claimed timer stays, under a lease (its ``due``), until
  ``finish_timer`` deletes it or ``release_timer`` / ``release_claims`` give it back as a new
  timer (both name the claim by its time, ``TimerRow.claimed``, so that the end of an old claim
  never ends a newer one);
* ``add_replace_vote`` counts the votes in the transaction that stores the vote (which holds
  the game), so two voters at once cannot both miss a majority;
* a Discord interaction counts once: ``append_action(interaction_id=…)`` records it in the
  action's transaction and raises :class:`bot.stores.rows.AlreadyProcessed` (writing nothing) for one
  recorded before; ``claim_interaction`` records one for a command that logs no action
  (``INSERT … ON CONFLICT DO NOTHING``, True for the one caller that inserted it);
* ``mark_broken`` is true for the one caller that marked the game (who tells its channel);
* a game that closes (``append_action`` with status finished, ``set_status`` to finished or
  abandoned) drops its state cache and its log rows' ``events`` unless it is broken: both are
  rebuilt by replaying the log (``state`` then returns ``None`` for it); the rows before a
  replay base keep their events (they no longer replay);
* ``delete_closed_logs`` deletes whole logs of closed games (KEEP_FINISHED_DAYS) and their replay
  bases, keeping the game row, seats and result, and sets ``GameRow.log_deleted``;
  ``reclaim_space`` gives freed space back to the system (SQLite; PostgreSQL's autovacuum makes
  the space reusable by the database itself, and there it is a no-op);
* ``games``, ``due_timers`` and ``next_timer_due`` take the :class:`~bot.shards.Shards` of a bot
  process and then answer for those shards' games only; after ``watch_timers(wake)`` the store
  calls ``wake()`` when another process adds timers (PostgreSQL's ``LISTEN``; SQLite, one
  process per file, never does: the timer loop's polling covers it);
* a move that ends its game keeps its result (``result_json``) in its own transaction, and the
  mover's language (``locale``) when the command brings a new one; the store then answers the
  game's end — its whole log, replay base, hints used, live messages — from what that
  transaction read (:mod:`bot.stores.cache`);
* a command reads its game in one operation (``table_rows``) — a move only when the store does
  not hold the game at its current version (``holds``) — and a move writes twice (the move,
  ``append_action``; its turn message shown, ``turn_shown``, with the live messages'
  ``stage_live_messages`` staged in memory meanwhile); what else a move reads — live messages,
  last acts, the log's newest rows, people's preferences and languages, refused DMs — the store
  keeps (:mod:`bot.stores.cache`), valid at the game version it last read or wrote;
* rows come back as the plain dataclasses of :mod:`bot.stores.rows` (``GameRow``, ``SeatRow``, ...),
  so nothing above the stores imports a database module;
* the replay bases of migration 9 (``replay_bases``) come along when a database is moved over
  (``tradewinds migrate-db`` copies every table): without them the Cuba and Santiago games
  begun before issue 14 no longer replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bot.shards import Shards
from bot.stores.rows import (
    STATUSES,
    ActionRow,
    DecisionDm,
    GameRow,
    LiveMessages,
    Play,
    PlayedSeat,
    ReplayBase,
    SeatRow,
    TableRows,
    TimerPlan,
    TimerRow,
    UserPrefs,
)

if TYPE_CHECKING:
    from bot.config import Settings


@runtime_checkable
class GameStore(Protocol):
    async def close(self) -> None: ...

    # games
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
    ) -> int: ...
    async def game(self, pk: int) -> GameRow | None: ...
    async def table_rows(
        self, *, pk: int | None = None, channel_id: int | None = None, interaction_id: int | None = None
    ) -> TableRows | None:
        """What a command needs of the game ``pk`` (or of the channel's open game) in one read:
        row, seats, the seated people's preferences, play settings, live messages, whether
        ``interaction_id`` was processed before; None when there is no such game."""

    def holds(self, pk: int, version: int) -> bool:
        """Whether the store holds the open game ``pk`` at ``version``: it read or moved it
        last, and no other write of its own touched it since — a move may be made without
        reading it (the move's write is version-checked; a move made elsewhere fails it)."""

    def processed(self, interaction_id: int) -> bool:
        """Whether the store recorded the interaction as processed itself (kept in memory)."""

    async def open_game(self, channel_id: int) -> GameRow | None: ...
    async def latest_game(self, channel_id: int) -> GameRow | None: ...
    async def open_tables(self, *, host_id: int | None = None, channel_id: int | None = None) -> int: ...
    async def games(
        self, statuses: Iterable[str] = STATUSES, shards: Shards | None = None
    ) -> list[GameRow]: ...
    async def open_game_counts(self, shards: Shards | None = None) -> list[tuple[int | None, str, int]]:
        """``(guild id, status, count)`` of the lobbies and running games (of ``shards``' guilds,
        when given): the ``tradewinds_open_games`` gauge (``bot.service.timers.Timers.count_open_games``)."""

    async def games_to_resume(self, shards: Shards | None = None) -> list[GameRow]:
        """The open games a starting process looks at before any command (a turn message never
        shown, or no timer at all); the others load on first use (``bot.service.timers.Timers.warm``)."""

    async def state(self, pk: int) -> tuple[int, str | None]: ...
    async def start_game(
        self, pk: int, state_json: str, now: float, timers: TimerPlan | None = None
    ) -> bool: ...
    async def set_status(
        self, pk: int, status: str, now: float, *, only_from: Iterable[str] = ...
    ) -> bool: ...
    async def set_public_message(self, pk: int, message_id: int | None, text: str | None = None) -> None: ...
    async def public_message(self, pk: int) -> tuple[int | None, str | None]: ...
    async def live_messages(self, pk: int) -> LiveMessages: ...
    async def set_live_messages(self, pk: int, **changes: Any) -> None:
        """Change some :class:`~bot.stores.rows.LiveMessages` fields by name — ``turn_id``,
        ``turn_text``, ``turn_log``, ``board_id``, ``board_version``, ``board_text`` and (migration
        11) ``turn_since``, when the current turn began; the word fields are kept only while the
        game is open (None once it is closed)."""

    async def stage_live_messages(self, pk: int, **changes: Any) -> None:
        """As :meth:`set_live_messages`, written with the game's next write of its live messages
        (its turn message's delivery, :meth:`turn_shown`); read back at once meanwhile."""

    async def write_staged_live(self, pk: int) -> None:
        """Write what :meth:`stage_live_messages` staged and no write took along yet."""

    async def set_lobby_message(self, pk: int, message_id: int) -> None: ...
    async def turn_shown(self, pk: int, version: int, **changes: Any) -> None:
        """The turn message showing ``version`` went out: ``turn_pending`` cleared unless a later
        change waits, with the staged live-message changes and ``changes``, in one write."""

    async def set_game_settings(self, pk: int, *, reminder_s: int, clock_s: int | None) -> None: ...
    async def set_auto_single(self, pk: int, on: bool) -> None:
        """Whether the table plays a player's only legal choice for them (``GameRow.auto_single``)."""

    async def rematch(self, pk: int) -> GameRow | None:
        """The newest game created with ``rematch_of=pk``, whatever its status; None if none."""

    async def seated_games(self, user_id: int) -> list[GameRow]:
        """The games in the lobby or running, on every server, where ``user_id`` holds a seat now
        (``seats.user_id``, not a seat a computer player took over from them), by id."""

    async def table_play(self, pk: int) -> tuple[str, bool]: ...
    async def set_table_play(self, pk: int, *, takeover: str, hints_allowed: bool) -> None: ...
    async def at_table_s(self, pk: int) -> int: ...
    async def set_at_table_s(self, pk: int, seconds: int) -> None: ...
    async def add_hint(self, pk: int, seat: str) -> None: ...
    async def hints_used(self, pk: int) -> dict[str, int]: ...

    # seats and users
    async def seats(self, pk: int) -> list[SeatRow]: ...
    async def add_seat(
        self, pk: int, *, user_id: int | None, name: str, bot_kind: str | None = None, max_seats: int
    ) -> SeatRow | None: ...
    async def remove_seat(self, pk: int, seat: str, *, barred: int | None = None) -> bool: ...
    async def barred(self, pk: int, user_id: int) -> bool: ...
    async def seat_to_bot(self, pk: int, seat: str, kind: str) -> bool: ...
    async def set_timed_out(self, pk: int, seat: str, timed_out: bool) -> None: ...
    async def set_seen(self, pk: int, seat: str, version: int) -> None:
        """The seat looked at the game at ``version``: ``SeatRow.seen_version`` becomes the larger
        of the two (never goes back)."""

    # votes to replace a seat, rejoin (bot/service/seats.py)
    async def replace_voters(self, pk: int, seat: str) -> list[int]: ...
    async def add_replace_vote(
        self, pk: int, seat: str, voter_id: int, version: int, now: float
    ) -> list[int]: ...
    async def former_seat(self, pk: int, user_id: int) -> str | None: ...
    async def seat_back_to_player(self, pk: int, seat: str, user_id: int) -> bool: ...
    async def mark_dm_refused(self, user_id: int, now: float) -> None: ...

    # decision DMs kept until they are closed (bot/service/decisions.py)
    async def add_decision_dm(self, dm: DecisionDm) -> None: ...
    async def decision_dms(self, pk: int) -> list[DecisionDm]: ...
    async def drop_decision_dm(self, pk: int, message_id: int) -> None: ...
    async def write_decision_dms(self, added: list[DecisionDm], dropped: list[tuple[int, int]]) -> None: ...
    async def last_act_times(self, pk: int) -> dict[str, float]: ...
    async def dm_refused_users(self) -> set[int]: ...

    # users' languages (their DMs), a game's language (its public messages)
    async def remember_locale(self, user_id: int, locale: str, now: float) -> None: ...
    async def locale_of(self, user_ids: Iterable[int]) -> dict[int, str]: ...
    async def set_game_language(self, pk: int, language: str) -> None: ...

    # how users hear of their turn (/game notify); what a channel was told once
    async def set_notify(self, user_id: int, mode: str, now: float) -> None: ...
    async def notify_of(self, user_ids: Iterable[int]) -> dict[int, str]: ...
    async def set_prefs(self, user_id: int, now: float, **changes: Any) -> None:
        """Change some :class:`~bot.stores.rows.UserPrefs` fields of a user (by name; None clears one,
        except ``notify``, which must be one of ``NOTIFY_MODES``: ``StoreError`` otherwise, as for
        an unknown name); a user never seen gets a row with the defaults for the rest."""

    async def prefs_of(self, user_ids: Iterable[int]) -> dict[int, UserPrefs]:
        """Every asked user's :class:`~bot.stores.rows.UserPrefs`; ``UserPrefs()`` for one never seen."""

    async def tell_once(self, channel_id: int, what: str, now: float) -> bool: ...

    # the action log
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
    ) -> int | None: ...
    async def actions(self, pk: int, *, since: int = 1) -> list[ActionRow]: ...
    async def replay_base(self, pk: int) -> ReplayBase | None:
        """Where the game's log replays from instead of ``rules.new`` from its seed, or None
        (a game whose log replays from the seed, i.e. every game begun on today's rules).

        A game has a base when its rules changed under it: SQLite migration 9 gave one to every
        Cuba and Santiago game begun before issue 14 (its ``version`` and cached ``state`` at
        the upgrade; a finished game's is its final state). Bases are never written during play
        and never change. Every replayer (undo, the summary picture, ``/game export``,
        ``GameService.replay``) applies only the log rows with ``n >= base.version`` to
        ``rules.load(base.state)``; undoing a play from before the base is refused."""
        ...

    async def last_acts(self, pk: int) -> dict[str, int]:
        """seat → the log number ``n`` of its latest action row of its own (a play or an undo),
        leaving out the plays the table made for it: those whose events include one of kind
        ``"auto"``. Seats that never acted are absent."""

    # timers
    async def add_timers(self, pk: int, plan: TimerPlan) -> None: ...
    async def timers(self, pk: int | None = None) -> list[TimerRow]: ...
    async def due_timers(self, now: float, shards: Shards | None = None) -> list[TimerRow]: ...
    async def next_timer_due(self, shards: Shards | None = None) -> float | None: ...
    async def claim_timer(self, timer_id: int, now: float, until: float) -> TimerRow | None: ...
    async def finish_timer(self, timer_id: int, claimed: float) -> bool: ...
    async def release_timer(self, timer_id: int, claimed: float, due: float) -> TimerRow | None: ...
    async def release_claims(self, due: float, shards: Shards | None = None) -> list[TimerRow]: ...
    async def watch_timers(self, wake: Callable[[], None]) -> None: ...

    # reliability: broken games, interactions counted once, retention
    async def repair_state(self, pk: int, version: int, state_json: str) -> bool: ...
    async def mark_broken(self, pk: int, reason: str) -> bool: ...
    async def claim_interaction(self, interaction_id: int, now: float) -> bool: ...
    async def interaction_seen(self, interaction_id: int) -> bool: ...
    async def forget_interactions(self, before: float) -> int: ...
    async def delete_closed_logs(self, before: float, now: float) -> list[int]: ...
    async def reclaim_space(self) -> int: ...

    # closed games: results, history, stats, /game forget-me (bot/service/records.py)
    async def set_result(self, pk: int, result_json: str) -> None: ...
    async def result(self, pk: int) -> str | None: ...
    async def closed_games(
        self, *, channel_id: int | None = None, guild_id: int | None = None, limit: int, offset: int = 0
    ) -> tuple[list[GameRow], int]: ...
    async def played_seats(self, user_id: int, guild_id: int | None) -> list[PlayedSeat]: ...
    async def set_paused(self, pk: int, by: int | None, timers: TimerPlan) -> bool: ...
    async def user_games(self, user_id: int) -> list[GameRow]: ...
    async def forget_user(self, user_id: int, names: Mapping[int, str]) -> tuple[int, int]: ...
    async def user_rows(self, user_id: int, *, delete: bool = False) -> dict[str, int]: ...


async def open_store(settings: Settings) -> GameStore:
    """The store the settings name: PostgreSQL at ``DATABASE_URL`` when it is set, else the
    SQLite file at ``DATABASE_PATH``; opened and migrated to the latest schema. (The database
    modules are imported here, so that this protocol module imports none.)"""
    durable = settings.durable_commits
    if settings.database_url:
        from bot.stores.postgres import PgStore

        return await PgStore.open(settings.database_url, durable=durable)
    from bot.stores.sqlite import Store

    return await Store.open(settings.database_path, durable=bool(durable))
