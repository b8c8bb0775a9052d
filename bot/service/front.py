"""The game service: lobby, turns, undo, timers and computer seats, with no Discord in sight.

Every call takes plain ids and returns an :class:`~bot.service.outcome.Outcome`; :mod:`bot.adapter.delivery`
hands it to a gateway. The rules are the engines' (``engine.GAMES``); this layer decides *who*
may act, stores every accepted action (one transaction, version-checked, see :mod:`bot.stores.sqlite`),
and says what each person gets to see: the live turn message and board picture in the channel
(:mod:`bot.service.flow`, one new message per turn), private holdings and private decisions
ephemerally (My hand, My turn), and DMs only for secret simultaneous decisions and for turns
a player asked to hear of by DM — never anything private in public.

:class:`GameService` is the front the adapter, the CLI and the tests call; the work is done by
its parts, each with public methods, each part using only those below it:

* :mod:`bot.service.tables` — the open games: cache, per-channel locks, languages, broken games, and
  :meth:`~bot.service.tables.Tables.at`, the opening steps every command shares;
* :mod:`bot.service.records` — closed games (summary, export, history, stats, forget-me) over
  :mod:`bot.service.replays`, the stored log replayed by :func:`engine.history.replay_log`;
* :mod:`bot.service.presenter` — everything that turns a change into an outcome (messages, pictures,
  buttons, DMs);
* :mod:`bot.service.computer` — computer seats' moves and hints;
* :mod:`bot.service.acting` — moves, the only choices played for people, undo, the private panels;
* :mod:`bot.service.seats` — seats handed to a computer player (vote, clock, leaving) and taken back;
* :mod:`bot.service.lobby` — tables opened, joined, started, abandoned; :mod:`bot.service.rematch` on top;
* :mod:`bot.service.timers` — reminders, clocks, lobby expiry, computer moves, handed-over presses.

Concurrency: one ``asyncio.Lock`` per channel orders the commands of one process; the version
check in the store keeps two processes (or two services on one file) from both applying.

Several processes (``SHARD_COUNT`` / ``SHARD_IDS``, one PostgreSQL database): a game belongs to
the shard of its guild, and each service loads, times and moves the games of its own shards
only (:class:`~bot.shards.Shards`). Discord delivers a guild's commands to the process running its
shard, but every direct-message interaction to shard 0's: such a press for a game of another
process is handed over to that process through the store (:meth:`GameService.hand_over_press`,
a ``press`` timer its timer loop runs), which then answers it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from bot.config import Settings
from bot.render_pool import RenderPool
from bot.service import catchup, glance, places, records, rematch
from bot.service.acting import MAX_MOVE_TEXT, Acting
from bot.service.computer import Computer
from bot.service.lobby import MAX_OPTIONS_TEXT, Lobby
from bot.service.outcome import Outcome, ParsedCustomId, parse_custom_id
from bot.service.preferences import Preferences
from bot.service.presenter import (
    DecisionRenderer,
    LegendRenderer,
    MoveRenderer,
    Presenter,
    PrivateRenderer,
    Renderer,
    TurnRenderer,
    default_decision_renderer,
    default_private_renderer,
    default_renderer,
    default_turn_renderer,
)
from bot.service.seats import Seats
from bot.service.tables import MAX_NAME, Tables, clip, clip_name
from bot.service.timers import Timers
from bot.stores.protocol import GameStore
from bot.texts import t

#: What other modules and the tests import from here (the names moved to the parts).
__all__ = [
    "MAX_MOVE_TEXT",
    "MAX_NAME",
    "MAX_OPTIONS_TEXT",
    "GameService",
    "clip",
    "default_renderer",
    "public_log_lines",
]

public_log_lines = records.public_log_lines

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")


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


class Forward(Generic[P, R]):
    """A method of the front that is one of its parts' methods: ``front.name(...)`` calls
    ``front.<part>.<method>(...)``, with the part's signature (mypy checks the callers against it)."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part = part
        self.name = method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, front: None, owner: type) -> Forward[P, R]: ...

    @overload
    def __get__(self, front: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, front: object, owner: type | None = None) -> Forward[P, R] | Callable[P, R]:
        if front is None:
            return self
        return getattr(getattr(front, self.part), self.name)


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
        turn_renderer: TurnRenderer | None = None,
        move_renderer: MoveRenderer | None = None,
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
            turn_renderer=turn_renderer or default_turn_renderer,
            move_renderer=move_renderer,
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
        self.preferences = Preferences(self.tables, self.timers, settings)

    # ================================================================== what the loop and tools read

    #: Set when a timer was added that is due before the timer loop means to wake.
    timers_changed = PartOf[asyncio.Event]("tables")
    #: When the timer loop means to wake (it sets this before it sleeps).
    wake_at = PartOf[float]("tables")
    #: Recent public views (the board marks changes since a look, :mod:`bot.service.catchup`).
    views = PartOf[catchup.Views]("presenter")
    #: How pictures are drawn, and where (tools and tests swap them).
    renderer = PartOf[Renderer]("presenter")
    private_renderer = PartOf[PrivateRenderer]("presenter")
    decision_renderer = PartOf[DecisionRenderer]("presenter")
    legend_renderer = PartOf[LegendRenderer]("presenter")
    turn_renderer = PartOf[TurnRenderer]("presenter")
    move_renderer = PartOf[MoveRenderer | None]("presenter")
    render_pool = PartOf[RenderPool]("presenter")
    summary_renderer = PartOf[records.SummaryRenderer]("archive")
    seed_source = PartOf[Callable[[], int]]("lobby")
    search_pool = PartOf[RenderPool]("computer")

    def kept_per_game(self) -> dict[str, int]:
        """The entries of every map this process keeps per game (or per channel of a game): the
        open games it used since the start, the commands in flight, and nothing of a closed game
        once the timer loop's next round has run (counted by ``bench/memory.py`` and the tests)."""
        tables, presenter = self.tables, self.presenter
        return {
            "tables.cached": len(tables.cached),
            "tables.channel_games": len(tables.channel_games),
            "tables.locks": len(tables.locks),
            "tables.notices": len(tables.notices),
            "presenter.views": presenter.views.games(),
            "presenter.seat_views": len(presenter.seat_views_kept()),
            "presenter.edited": presenter.edited_games(),
            "timers.calls": self.timers.calls_kept(),
        }

    # ================================================================== the parts' commands
    # Each is the part's own method, with its signature and docstring (see :class:`Forward`).

    # the tables (bot/service/tables.py)
    take_notices = Forward("tables", Tables.take_notices)
    dm_refused = Forward("tables", Tables.dm_refused)

    # lobby (bot/service/lobby.py)
    new_game = Forward("lobby", Lobby.new_game)
    table_thread = Forward("lobby", Lobby.table_thread)
    join = Forward("lobby", Lobby.join)
    join_game = Forward("lobby", Lobby.join_game)
    leave = Forward("lobby", Lobby.leave)
    kick = Forward("lobby", Lobby.kick)
    add_bot = Forward("lobby", Lobby.add_bot)
    start = Forward("lobby", Lobby.start)
    abandon = Forward("lobby", Lobby.abandon)
    pause = Forward("lobby", Lobby.pause)
    rules_help = Forward("lobby", Lobby.rules_help)

    # seats (bot/service/seats.py)
    replace_player = Forward("seats", Seats.replace)
    rejoin = Forward("seats", Seats.rejoin)

    # acting (bot/service/acting.py)
    act = Forward("acting", Acting.act)
    narrow_panel = Forward("acting", Acting.narrow_panel)
    turn_panel = Forward("acting", Acting.turn_panel)
    hand = Forward("acting", Acting.hand)
    autocomplete = Forward("acting", Acting.autocomplete)
    load_for_autocomplete = Forward("acting", Acting.load_for_autocomplete)
    undo = Forward("acting", Acting.undo)

    # what people see (bot/service/presenter.py)
    board = Forward("presenter", Presenter.board)
    public_posted = Forward("presenter", Presenter.public_posted)
    edit_wanted = Forward("presenter", Presenter.edit_wanted)
    public_edited = Forward("presenter", Presenter.public_edited)
    legend_png = Forward("presenter", Presenter.legend_png)
    decision_dms_delivered = Forward("presenter", Presenter.decision_dms_delivered)

    # preferences (bot/service/preferences.py)
    settings = Forward("preferences", Preferences.settings)
    notify = Forward("preferences", Preferences.notify)

    # computer seats' hints (bot/service/computer.py)
    hint = Forward("computer", Computer.hint)

    # replay (bot/service/records.py)
    replay = Forward("archive", records.Archive.replay)

    # timers (bot/service/timers.py)
    warm = Forward("timers", Timers.warm)
    run_due_timers = Forward("timers", Timers.run_due_timers)
    upkeep = Forward("timers", Timers.upkeep)
    claim_due_timers = Forward("timers", Timers.claim_due_timers)
    run_timer = Forward("timers", Timers.run_timer)
    next_timer_due = Forward("timers", Timers.next_timer_due)
    sweep = Forward("timers", Timers.sweep)
    hand_over_press = Forward("timers", Timers.hand_over_press)

    # ================================================================== lobby (bot/service/lobby.py)

    @staticmethod
    def game_choices() -> list[tuple[str, str]]:
        """(title, id) of every game the bot offers, for /game new."""
        return Lobby.game_choices()

    # ================================================================== acting (bot/service/acting.py)

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
        """Every button, once :func:`bot.service.places.offered_here` found it pressed where the bot
        offers it (``channel_id`` None: in a DM with the bot): ``a`` plays its action, ``h`` shows the hand, ``t`` the turn panel,
        ``l`` the legend, ``r`` opens a rematch (here, see :mod:`bot.service.rematch` for a thread of
        its own), ``j`` joins the lobby it invites to (or whose lobby message it sits on), ``x``,
        ``b`` and ``s`` leave it, add a computer to it and start it (:mod:`bot.service.lobby_message`). ``user_name``: the presser's name (for a
        seat they take). ``interaction_id`` counts the press once (see :meth:`act` and
        :meth:`claim_interaction`)."""
        parsed = parse_custom_id(custom_id)
        if parsed is None:
            return Outcome.refuse(t("foreign_button", await self.tables.caller_lang(user_id, locale)))
        misplaced = await self.misplaced(custom_id, user_id, channel_id, locale=locale)
        if misplaced is not None:
            return misplaced
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
        if parsed.verb in ("x", "b", "s"):  # the lobby message's Leave, Add computer, Start
            return await self.lobby.press(parsed.verb, parsed.game_pk, user_id, locale=locale)
        if parsed.verb == "r":
            return await rematch.rematch(
                self.lobby, parsed.game_pk, user_id, user_name or str(user_id), channel_id, locale=locale
            )
        return await self.acting.turn_panel(user_id, game_pk=parsed.game_pk, locale=locale)

    async def misplaced(
        self, custom_id: str, user_id: int, channel_id: int | None, *, locale: Any = None
    ) -> Outcome | None:
        """The refusal of a press from a place where the bot does not offer that button
        (:mod:`bot.service.places`; ``channel_id`` None: a DM with the bot), else None."""
        parsed = parse_custom_id(custom_id)
        if parsed is None or await places.offered_here(self.tables, parsed, user_id, channel_id):
            return None
        lang = await self.tables.caller_lang(user_id, locale)
        if channel_id is None and parsed.verb in places.DM_VERBS:  # an old decision DM's button?
            stale = await self.stale_dm_press(parsed, user_id, lang)
            if stale is not None:
                return stale
        return Outcome.refuse(t("wrong_place", lang))

    async def stale_dm_press(self, parsed: ParsedCustomId, user_id: int, lang: str) -> Outcome | None:
        """A seated player's press on a button of an earlier decision DM of theirs (one that was
        not closed in time): one sentence with a link to the current turn; None otherwise."""
        table = await self.tables.open(None, parsed.game_pk)
        if table is None or table.row.status != "active" or table.state is None:
            return None
        seat = table.seat_of(user_id)
        if seat is None or await self.acting.button_current(table, seat.seat, parsed.version):
            return None
        return await self.presenter.refuse_stale(table, "stale_button_link", lang)

    async def claim_interaction(
        self, interaction_id: int | None, user_id: int | None, *, locale: Any = None
    ) -> Outcome | None:
        """Record a command that logs no action as processed before running it: None to go on,
        or the refusal of one processed before (never run twice, also after a restart)."""
        if interaction_id is None or await self.store.claim_interaction(interaction_id, self.clock()):
            return None
        return Outcome.refuse(t("already_done", await self.tables.caller_lang(user_id, locale)))

    async def log(self, channel_id: int, user_id: int, page: int = 1, *, locale: Any = None) -> Outcome:
        """``/game log``: the public log, newest page first (:func:`bot.service.records.log_page`)."""
        return await records.log_page(
            self.tables, channel_id, await self.tables.caller_lang(user_id, locale), page
        )

    async def status(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game status``: the table in a few lines (round, phase, who is to act and since
        when, the public scores), no picture; to the caller alone (:mod:`bot.service.glance`)."""
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
        """``/game forget-me``: every row about the caller — their stats and name out of every
        stored game, their settings, refused-DM note and votes deleted (:func:`records.forget_me`)."""
        lang = await self.tables.caller_lang(user_id, locale)
        outcome = await records.forget_me(self.archive, user_id, confirm, lang)
        if confirm:
            self.tables.locales.pop(user_id, None)  # the language remembered in memory goes too
        return outcome

    # ================================================================== timers (bot/service/timers.py)
