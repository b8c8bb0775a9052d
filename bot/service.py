"""The game service: lobby, turns, undo, timers and computer seats, with no Discord in sight.

Every call takes plain ids and returns an :class:`~bot.outcome.Outcome`; :mod:`bot.delivery`
hands it to a gateway. The rules are the engines' (``engine.GAMES``); this layer decides *who*
may act, stores every accepted action (one transaction, version-checked, see :mod:`bot.store`),
and says what each person gets to see: the live turn message and board picture in the channel
(:mod:`bot.flow`, one new message per turn), private holdings and private decisions
ephemerally (My hand, My turn), and DMs only for secret simultaneous decisions and for turns
a player asked to hear of by DM — never anything private in public.

:class:`GameService` is the front the adapter, the CLI and the tests call; the work is done by
its parts, each with public methods, each part using only those below it:

* :mod:`bot.tables` — the open games: cache, per-channel locks, languages, broken games, and
  :meth:`~bot.tables.Tables.at`, the opening steps every command shares;
* :mod:`bot.records` — closed games (summary, export, history, stats, forget-me) over
  :mod:`bot.replays`, the stored log replayed by :func:`engine.history.replay_log`;
* :mod:`bot.presenter` — everything that turns a change into an outcome (messages, pictures,
  buttons, DMs);
* :mod:`bot.computer` — computer seats' moves and hints;
* :mod:`bot.acting` — moves, the only choices played for people, undo, the private panels;
* :mod:`bot.seats` — seats handed to a computer player (vote, clock, leaving) and taken back;
* :mod:`bot.lobby` — tables opened, joined, started, abandoned; :mod:`bot.rematch` on top;
* :mod:`bot.timers` — reminders, clocks, lobby expiry, computer moves, handed-over presses.

Concurrency: one ``asyncio.Lock`` per channel orders the commands of one process; the version
check in the store keeps two processes (or two services on one file) from both applying.

Several processes (``SHARD_COUNT`` / ``SHARD_IDS``, one PostgreSQL database): a game belongs to
the shard of its guild, and each service loads, times and moves the games of its own shards
only (:class:`~bot.rows.Shards`). Discord delivers a guild's commands to the process running its
shard, but every direct-message interaction to shard 0's: such a press for a game of another
process is handed over to that process through the store (:meth:`GameService.hand_over_press`,
a ``press`` timer its timer loop runs), which then answers it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from bot import catchup, glance, records, rematch
from bot.acting import MAX_MOVE_TEXT, Acting
from bot.computer import Computer
from bot.config import Settings
from bot.gamestore import GameStore
from bot.lobby import MAX_OPTIONS_TEXT, Lobby
from bot.outcome import Outcome, PublicMessage, parse_custom_id
from bot.preferences import Preferences
from bot.presenter import (
    DecisionRenderer,
    LegendRenderer,
    Presenter,
    PrivateRenderer,
    Renderer,
    default_decision_renderer,
    default_private_renderer,
    default_renderer,
)
from bot.render_pool import RenderPool
from bot.rows import TimerRow
from bot.seats import Seats
from bot.tables import (
    MAX_NAME,
    MAX_TEXT,
    Applied,
    Table,
    Tables,
    clip,
    clip_name,
    join_names,
    kind_name,
)
from bot.texts import t
from bot.timers import Timers

__all__ = [
    "MAX_MOVE_TEXT",
    "MAX_NAME",
    "MAX_OPTIONS_TEXT",
    "MAX_TEXT",
    "Applied",
    "GameService",
    "Table",
    "clip",
    "clip_name",
    "default_renderer",
    "join_names",
    "kind_name",
    "public_log_lines",
]

public_log_lines = records.public_log_lines

T = TypeVar("T")

#: Log lines per page of /game log.
LOG_PAGE = 20


class PartOf(Generic[T]):
    """An attribute of the front that is one of its parts': read and set there."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, front: object, owner: type | None = None) -> T:
        return getattr(getattr(front, self.part), self.name)

    def __set__(self, front: object, value: T) -> None:
        setattr(getattr(front, self.part), self.name, value)


class GameService:
    """See the module docstring and ``notes/service_api.md`` for the contract."""

    def __init__(
        self,
        store: GameStore,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        renderer: Renderer | None = None,
        private_renderer: PrivateRenderer | None = None,
        seed_source: Callable[[], int] | None = None,
        summary_renderer: records.SummaryRenderer | None = None,
        decision_renderer: DecisionRenderer | None = None,
        render_pool: RenderPool | None = None,
        legend_renderer: LegendRenderer | None = None,
        search_pool: RenderPool | None = None,
    ) -> None:
        self.store = store
        self.config = settings
        self.clock = clock
        self.shards = settings.shards  # the Discord shards whose games this process runs
        self.tables = Tables(store, clock)
        self.archive = records.Archive(store, clock, summary_renderer or records.default_summary_renderer)
        self.presenter = Presenter(
            self.tables,
            settings,
            self.archive,
            renderer=renderer or default_renderer,
            private_renderer=private_renderer or default_private_renderer,
            decision_renderer=decision_renderer or default_decision_renderer,
            legend_renderer=legend_renderer or glance.default_legend_renderer,
            render_pool=render_pool or RenderPool(0),
        )
        self.computer = Computer(
            self.tables, self.presenter, settings, search_pool or RenderPool(0, warm=False)
        )
        self.acting = Acting(self.tables, self.presenter, settings)
        self.seats = Seats(self.tables, self.presenter, self.acting, settings)
        self.lobby = Lobby(
            self.tables,
            self.presenter,
            self.acting,
            self.seats,
            settings,
            seed_source or (lambda: random.SystemRandom().randrange(1 << 31)),
        )
        self.timers = Timers(self.tables, self.presenter, self.acting, self.computer, settings, self.press)
        self.preferences = Preferences(self.tables, self.timers)

    # ================================================================== what the loop and tools read

    #: Set when a timer was added that is due before the timer loop means to wake.
    timers_changed = PartOf[asyncio.Event]("tables")
    #: When the timer loop means to wake (it sets this before it sleeps).
    wake_at = PartOf[float]("tables")
    #: Recent public views (the board marks changes since a look, :mod:`bot.catchup`).
    views = PartOf[catchup.Views]("presenter")
    #: How pictures are drawn, and where (tools and tests swap them).
    renderer = PartOf[Renderer]("presenter")
    private_renderer = PartOf[PrivateRenderer]("presenter")
    decision_renderer = PartOf[DecisionRenderer]("presenter")
    legend_renderer = PartOf[LegendRenderer]("presenter")
    render_pool = PartOf[RenderPool]("presenter")
    summary_renderer = PartOf[records.SummaryRenderer]("archive")
    seed_source = PartOf[Callable[[], int]]("lobby")
    search_pool = PartOf[RenderPool]("computer")

    def take_notices(self) -> list[Outcome]:
        """The channel notices of games found broken that were not said yet (said once)."""
        return self.tables.take_notices()

    async def warm(self) -> None:
        """Load every open game of this process's shards (see :meth:`bot.timers.Timers.warm`)."""
        await self.timers.warm()

    # ================================================================== lobby (bot/lobby.py)

    @staticmethod
    def game_choices() -> list[tuple[str, str]]:
        """(title, id) of every game the bot offers, for /game new."""
        return Lobby.game_choices()

    async def new_game(
        self,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        user_name: str,
        game: str,
        options: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        locale: Any = None,
        guild_locale: Any = None,
        parent_channel_id: int | None = None,
        no_thread: bool = False,
        rematch_of: int | None = None,
    ) -> Outcome:
        """Open a lobby (:meth:`bot.lobby.Lobby.new_game`)."""
        return await self.lobby.new_game(
            channel_id,
            guild_id,
            user_id,
            user_name,
            game,
            options,
            seed=seed,
            locale=locale,
            guild_locale=guild_locale,
            parent_channel_id=parent_channel_id,
            no_thread=no_thread,
            rematch_of=rematch_of,
        )

    async def table_thread(
        self,
        game: str,
        options: dict[str, Any] | None,
        user_id: int,
        user_name: str,
        *,
        locale: Any = None,
        guild_locale: Any = None,
    ) -> str | Outcome:
        """The name of a new table's thread, or the refusal ``/game new`` would give."""
        return await self.lobby.table_thread(
            game, options, user_id, user_name, locale=locale, guild_locale=guild_locale
        )

    async def join(self, channel_id: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        return await self.lobby.join(channel_id, user_id, user_name, locale=locale)

    async def join_game(self, pk: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        return await self.lobby.join_game(pk, user_id, user_name, locale=locale)

    async def leave(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        return await self.lobby.leave(channel_id, user_id, locale=locale)

    async def add_bot(
        self, channel_id: int, user_id: int, level: str = "heuristic", *, locale: Any = None
    ) -> Outcome:
        return await self.lobby.add_bot(channel_id, user_id, level, locale=locale)

    async def start(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        return await self.lobby.start(channel_id, user_id, locale=locale)

    async def abandon(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        return await self.lobby.abandon(channel_id, user_id, locale=locale)

    # ================================================================== seats (bot/seats.py)

    async def replace_player(
        self, channel_id: int, user_id: int, target_id: int, *, locale: Any = None
    ) -> Outcome:
        """``/game replace @player``: a vote (or the host's call after the clock)."""
        return await self.seats.replace(channel_id, user_id, target_id, locale=locale)

    async def rejoin(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game rejoin``: take back one's seat from the computer player."""
        return await self.seats.rejoin(channel_id, user_id, locale=locale)

    # ================================================================== acting (bot/acting.py)

    async def act(
        self,
        channel_id: int | None,
        user_id: int,
        text: str,
        *,
        game_pk: int | None = None,
        version: int | None = None,
        locale: Any = None,
        interaction_id: int | None = None,
    ) -> Outcome:
        """Play ``text`` for the caller's seat (:meth:`bot.acting.Acting.act`)."""
        return await self.acting.act(
            channel_id,
            user_id,
            text,
            game_pk=game_pk,
            version=version,
            locale=locale,
            interaction_id=interaction_id,
        )

    async def narrow_panel(
        self, user_id: int, *, game_pk: int, version: int, prefix: str, locale: Any = None
    ) -> Outcome:
        return await self.acting.narrow_panel(
            user_id, game_pk=game_pk, version=version, prefix=prefix, locale=locale
        )

    async def turn_panel(self, user_id: int, *, game_pk: int, locale: Any = None) -> Outcome:
        return await self.acting.turn_panel(user_id, game_pk=game_pk, locale=locale)

    async def hand(
        self, channel_id: int | None, user_id: int, *, game_pk: int | None = None, locale: Any = None
    ) -> Outcome:
        return await self.acting.hand(channel_id, user_id, game_pk=game_pk, locale=locale)

    def autocomplete(
        self, channel_id: int, user_id: int, typed: str, locale: Any = None
    ) -> list[tuple[str, str]]:
        return self.acting.autocomplete(channel_id, user_id, typed, locale)

    async def undo(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        return await self.acting.undo(channel_id, user_id, locale=locale)

    # ================================================================== buttons and the rest

    async def press(
        self,
        custom_id: str,
        user_id: int,
        channel_id: int | None,
        *,
        locale: Any = None,
        interaction_id: int | None = None,
        user_name: str | None = None,
    ) -> Outcome:
        """Every button: ``a`` plays its action, ``h`` shows the hand, ``t`` the turn panel,
        ``l`` the legend, ``r`` opens a rematch (here, see :mod:`bot.rematch` for a thread of
        its own), ``j`` joins the lobby it invites to. ``user_name``: the presser's name (for a
        seat they take). ``interaction_id`` counts the press once (see :meth:`act` and
        :meth:`claim_interaction`)."""
        parsed = parse_custom_id(custom_id)
        if parsed is None:
            return Outcome.refuse(t("foreign_button", await self.tables.caller_lang(user_id, locale)))
        if parsed.verb == "a":
            return await self.acting.act(
                channel_id,
                user_id,
                parsed.action,
                game_pk=parsed.game_pk,
                version=parsed.version,
                locale=locale,
                interaction_id=interaction_id,
            )
        refused = await self.claim_interaction(interaction_id, user_id, locale=locale)
        if refused is not None:
            return refused
        if parsed.verb == "h":
            return await self.acting.hand(channel_id, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "v":
            return await self.seats.vote_button(user_id, parsed.game_pk, parsed.action, locale=locale)
        if parsed.verb == "q":
            return await self.hint(None, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "n":
            return await self.acting.narrow_panel(
                user_id, game_pk=parsed.game_pk, version=parsed.version, prefix=parsed.action, locale=locale
            )
        if parsed.verb == "l":
            return await self.legend(None, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "j":
            return await self.lobby.join_game(
                parsed.game_pk, user_id, user_name or str(user_id), locale=locale
            )
        if parsed.verb == "r":
            return await rematch.rematch(
                self.lobby, parsed.game_pk, user_id, user_name or str(user_id), channel_id, locale=locale
            )
        return await self.acting.turn_panel(user_id, game_pk=parsed.game_pk, locale=locale)

    async def claim_interaction(
        self, interaction_id: int | None, user_id: int | None, *, locale: Any = None
    ) -> Outcome | None:
        """Record a command that logs no action as processed before running it: None to go on,
        or the refusal of one processed before (never run twice, also after a restart)."""
        if interaction_id is None or await self.store.claim_interaction(interaction_id, self.clock()):
            return None
        return Outcome.refuse(t("already_done", await self.tables.caller_lang(user_id, locale)))

    async def board(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """Post the current board again, as the new turn message (or, to the caller, the
        lobby's seats)."""
        return await self.presenter.board(channel_id, user_id, locale=locale)

    async def log(self, channel_id: int, user_id: int, page: int = 1, *, locale: Any = None) -> Outcome:
        """``/game log``: the public log, newest page first (:func:`bot.records.log_page`)."""
        return await records.log_page(
            self.tables, channel_id, await self.tables.caller_lang(user_id, locale), page
        )

    async def rules_help(
        self, game: str | None, channel_id: int | None, *, user_id: int | None = None, locale: Any = None
    ) -> Outcome:
        """Ephemeral: a game's rules in the caller's language (or the list of games)."""
        return await self.lobby.rules_help(game, channel_id, user_id=user_id, locale=locale)

    async def settings(self, channel_id: int, user_id: int, *, locale: Any = None, **changes: Any) -> Outcome:
        """``/game settings`` (:meth:`bot.preferences.Preferences.settings`)."""
        return await self.preferences.settings(channel_id, user_id, locale=locale, **changes)

    async def notify(
        self,
        user_id: int,
        turn: str | None = None,
        *,
        locale: Any = None,
        time_zone: str | None = None,
        quiet: str | None = None,
        vacation_until: str | None = None,
        stand_in: bool | None = None,
    ) -> Outcome:
        """``/game notify`` (:meth:`bot.preferences.Preferences.notify`)."""
        return await self.preferences.notify(
            user_id,
            turn,
            locale=locale,
            time_zone=time_zone,
            quiet=quiet,
            vacation_until=vacation_until,
            stand_in=stand_in,
        )

    async def status(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game status``: the table in a few lines (round, phase, who is to act and since
        when, the public scores), no picture; to the caller alone (:mod:`bot.glance`)."""
        return await glance.status(
            self.presenter, channel_id, user_id, await self.tables.caller_lang(user_id, locale)
        )

    async def mine(self, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game mine``: the caller's tables on every server, their turns first."""
        return await glance.mine(self.presenter, user_id, await self.tables.caller_lang(user_id, locale))

    async def legend(
        self,
        channel_id: int | None,
        user_id: int,
        *,
        game: str | None = None,
        game_pk: int | None = None,
        locale: Any = None,
    ) -> Outcome:
        """``/game legend`` and the board's **?**: the game's legend in the caller's language."""
        lang = await self.tables.caller_lang(user_id, locale)
        return await glance.legend(self.presenter, game, channel_id, game_pk, lang)

    async def dm_refused(self, user_id: int) -> None:
        """Discord refused a DM (403): remember it and never DM this user again."""
        await self.tables.dm_refused(user_id)

    async def hint(
        self, channel_id: int | None, user_id: int, *, game_pk: int | None = None, locale: Any = None
    ) -> Outcome:
        """``/game hint`` and the "?" button (see :func:`bot.computer.hint`)."""
        return await self.computer.hint(channel_id, user_id, game_pk=game_pk, locale=locale)

    async def export(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game export``: the channel's finished or abandoned game as a JSON file."""
        lang = await self.tables.caller_lang(user_id, locale)
        return await records.export(self.archive, channel_id, user_id, lang)

    async def history(
        self,
        channel_id: int,
        guild_id: int | None,
        page: int = 1,
        *,
        scope: str = "channel",
        user_id: int | None = None,
        locale: Any = None,
    ) -> Outcome:
        """``/game history``: the channel's (``scope="server"``: the server's) closed games."""
        lang = await self.tables.caller_lang(user_id, locale)
        return await records.game_history(self.archive, channel_id, guild_id, page, scope, lang)

    async def stats(
        self,
        guild_id: int | None,
        user_id: int,
        name: str,
        *,
        caller_id: int | None = None,
        locale: Any = None,
    ) -> Outcome:
        """``/game stats``: ``user_id``'s games played, won and average score on this server
        (asked by ``caller_id``, by default the player themself)."""
        lang = await self.tables.caller_lang(user_id if caller_id is None else caller_id, locale)
        return await records.stats(self.archive, guild_id, user_id, clip_name(name), lang)

    async def forget_me(self, user_id: int, confirm: bool = False, *, locale: Any = None) -> Outcome:
        """``/game forget-me``: the caller's stats and name out of every stored game."""
        lang = await self.tables.caller_lang(user_id, locale)
        return await records.forget_me(self.archive, user_id, confirm, lang)

    async def replay(self, game_pk: int) -> Any:
        """The state rebuilt from the action log: from the seed, the seats and the options, or
        from the game's replay base (:meth:`bot.gamestore.GameStore.replay_base`)."""
        return await self.archive.replay(game_pk)

    # ================================================================== messages delivered

    async def public_posted(self, msg: PublicMessage, message_id: int) -> None:
        await self.presenter.public_posted(msg, message_id)

    def edit_wanted(self, msg: PublicMessage) -> bool:
        return self.presenter.edit_wanted(msg)

    def public_edited(self, msg: PublicMessage) -> None:
        self.presenter.public_edited(msg)

    async def legend_png(self, game: str, labels: dict[str, str], lang: str) -> bytes | None:
        return await self.presenter.legend_png(game, labels, lang)

    # ================================================================== timers (bot/timers.py)

    async def run_due_timers(self) -> list[Outcome]:
        return await self.timers.run_due_timers()

    async def upkeep(self) -> list[Outcome]:
        return await self.timers.upkeep()

    async def claim_due_timers(self) -> list[TimerRow]:
        return await self.timers.claim_due_timers()

    async def run_timer(self, timer: TimerRow) -> Outcome | None:
        return await self.timers.run_timer(timer)

    async def next_timer_due(self) -> float | None:
        return await self.timers.next_timer_due()

    async def sweep(self) -> None:
        await self.timers.sweep()

    async def hand_over_press(
        self,
        custom_id: str,
        user_id: int,
        channel_id: int | None,
        *,
        reply_to: dict[str, Any],
        locale: Any = None,
        interaction_id: int | None = None,
        user_name: str | None = None,
    ) -> bool:
        """A direct-message press for a game of another process (:meth:`bot.timers.Timers.hand_over_press`)."""
        return await self.timers.hand_over_press(
            custom_id,
            user_id,
            channel_id,
            reply_to=reply_to,
            locale=locale,
            interaction_id=interaction_id,
            user_name=user_name,
        )
