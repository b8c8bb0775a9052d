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
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Generic, TypeVar

from bot import autoplay, catchup, computer, glance, hours, records, rematch, replays
from bot.acting import MAX_MOVE_TEXT, Acting
from bot.computer import Computer
from bot.config import Settings
from bot.gamestore import GameStore
from bot.lobby import MAX_OPTIONS_TEXT, Lobby
from bot.outcome import Outcome, PublicMessage, parse_custom_id
from bot.pages import pack
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
from bot.rows import NOTIFY_MODES, ActionRow, TimerRow, UserPrefs
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
    refusing,
)
from bot.texts import t
from bot.timers import Timers
from engine import GAMES
from engine.ai import KINDS
from engine.core import Event
from engine.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES, join_list

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

    @refusing
    async def board(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """Post the current board again, as the new turn message (or, to the caller, the
        lobby's seats)."""
        at = await self.tables.find(user_id, locale, channel_id=channel_id, need="open", seated=False)
        lang, table = at.lang, at.table
        if table.row.status == "lobby":
            seats = join_names(list(table.names.values()), lang)
            return Outcome(ephemeral=t("lobby_list", lang, seats=seats))
        if (broken := self.tables.broken_refusal(table, lang)) is not None:
            return broken
        async with self.tables.lock(table.row.channel_id):
            return Outcome(public=await self.presenter.board_again(table))

    async def log(self, channel_id: int, user_id: int, page: int = 1, *, locale: Any = None) -> Outcome:
        """Ephemeral: the public log lines (in the caller's language), newest page first."""
        lang = await self.tables.caller_lang(user_id, locale)
        row = await self.store.open_game(channel_id) or await self.store.latest_game(channel_id)
        if row is None:
            return Outcome.refuse(t("no_game", lang))
        table = await self.tables.load(row)
        if row.log_deleted is not None:
            return Outcome(ephemeral=t("log_deleted", lang, title=table.rules.display_title(lang), id=row.id))
        actions = await self.store.actions(row.id)
        if row.status not in ("lobby", "active") and row.broken is None:  # compacted: no events kept
            actions = await asyncio.to_thread(
                replays.with_events,
                table.rules,
                row,
                [s.seat for s in table.seats],
                actions,
                await self.store.replay_base(row.id),
            )
        lines = public_log_lines(table, actions, lang)
        if not lines:
            return Outcome(ephemeral=t("log_empty", lang))
        pages = (len(lines) + LOG_PAGE - 1) // LOG_PAGE
        page = min(max(page, 1), pages)
        end = len(lines) - (page - 1) * LOG_PAGE
        chunk = lines[max(0, end - LOG_PAGE) : end]
        header = t("log_page", lang, title=table.rules.display_title(lang), page=page, pages=pages)
        return Outcome(ephemeral=clip("\n".join([header, *chunk])))

    async def rules_help(
        self, game: str | None, channel_id: int | None, *, user_id: int | None = None, locale: Any = None
    ) -> Outcome:
        """Ephemeral: a game's rules in the caller's language (or the list of games)."""
        lang = await self.tables.caller_lang(user_id, locale)
        if game is None and channel_id is not None:
            row = await self.store.open_game(channel_id)
            game = row.game if row else None
        if game is None:
            games = join_list(
                [f"{GAMES[gid].display_title(lang)} ({gid})" for _, gid in self.lobby.game_choices()], lang
            )
            return Outcome(ephemeral=t("rules_list", lang, games=games))
        if game not in GAMES:
            choices = join_list([g for _, g in self.lobby.game_choices()], lang)
            return Outcome.refuse(t("unknown_game", lang, game=game, choices=choices))
        rules = GAMES[game]
        sections = rules.help_sections(lang)
        parts = [f"**{rules.display_title(lang)}**"] + [f"**{title}**\n{text}" for title, text in sections]
        first, *more = pack(parts, MAX_TEXT)  # every section, in as few messages as fit
        return Outcome(ephemeral=first, ephemeral_more=more)

    #: The game settings a host may change: the hours of reminders and clock, the language,
    #: whether the table plays a player's only choice for them (bot/autoplay.py), the computer
    #: level that takes over a seat and whether hints are allowed (bot/computer.py).
    SETTINGS = ("reminder_hours", "clock_hours", "language", "auto_play", "takeover", "hints")

    @staticmethod
    def _unknown_language(language: str, lang: str) -> str:
        """The refusal of a language we do not speak, listing ours by their own names."""
        names = join_list([f"{LANGUAGE_NAMES[code]} ({code})" for code in LANGUAGES], lang)
        return t("settings_bad_language", lang, language=language, languages=names)

    @refusing
    async def settings(self, channel_id: int, user_id: int, *, locale: Any = None, **changes: Any) -> Outcome:
        """Host only: ``reminder_hours`` (how often to remind whoever must act, > 0),
        ``clock_hours`` (the per-turn clock; 0 turns it off) and ``language`` (of the game's
        public messages: one of :data:`engine.i18n.LANGUAGES`). ``None`` leaves a setting as is;
        with no change the current settings are shown."""
        lang = await self.tables.caller_lang(user_id, locale)
        unknown = sorted(set(changes) - set(self.SETTINGS))
        if unknown:
            names = join_list(list(self.SETTINGS), lang)
            return Outcome.refuse(t("settings_unknown", lang, name=unknown[0], names=names))
        reminder_hours, clock_hours = changes.get("reminder_hours"), changes.get("clock_hours")
        language, auto_play = changes.get("language"), changes.get("auto_play")
        if language is not None and language not in LANGUAGES:
            return Outcome.refuse(self._unknown_language(language, lang))
        takeover, hints = changes.get("takeover"), changes.get("hints")
        async with self.tables.at(user_id, channel_id=channel_id, need="open", seated=False, lang=lang) as at:
            table = at.table
            changing = any(
                v is not None for v in (reminder_hours, clock_hours, language, auto_play, takeover, hints)
            )
            if user_id != table.row.host_id and changing:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if (reminder_hours is not None and reminder_hours <= 0) or (
                clock_hours is not None and clock_hours < 0
            ):
                return Outcome.refuse(t("settings_bad", lang))
            if takeover is not None and computer.bot_kind(table, takeover) is None:
                kinds = join_list([k for k in KINDS if computer.bot_kind(table, k)], lang)
                title = table.rules.display_title(lang)
                return Outcome.refuse(t("unknown_bot_kind", lang, kind=takeover, title=title, kinds=kinds))
            level, allowed = await self.store.table_play(table.row.id)
            if takeover is not None or hints is not None:
                level, allowed = takeover or level, allowed if hints is None else bool(hints)
                await self.store.set_table_play(table.row.id, takeover=level, hints_allowed=allowed)
            reminder_s = table.row.reminder_s if reminder_hours is None else int(reminder_hours * 3600)
            clock_s = table.row.clock_s if clock_hours is None else (int(clock_hours * 3600) or None)
            await self.store.set_game_settings(table.row.id, reminder_s=reminder_s, clock_s=clock_s)
            language_changed = language is not None and language != table.lang
            if language is not None and language_changed:
                await self.store.set_game_language(table.row.id, language)
            auto = table.row.auto_single if auto_play is None else bool(auto_play)
            if auto != table.row.auto_single:
                await self.store.set_auto_single(table.row.id, auto)
            row = replace(
                table.row,
                reminder_s=reminder_s,
                clock_s=clock_s,
                language=language or table.lang,
                auto_single=auto,
            )
            table = await self.tables.load(row)
        clock = t("clock_off", lang) if clock_s is None else t("hours", lang, n=round(clock_s / 3600, 2))
        reminder = t("hours", lang, n=round(reminder_s / 3600, 2))
        done = t("settings_done", lang, reminder=reminder, clock=clock, language=LANGUAGE_NAMES[table.lang])
        done += "\n" + t("settings_auto_on" if auto else "settings_auto_off", lang)
        play = t("hints_allowed" if allowed else "hints_not_allowed", lang)
        done += "\n" + t("settings_play", lang, kind=kind_name(level, lang), hints=play)
        public = []
        if language_changed:
            said = t("language_set", table.lang, language=LANGUAGE_NAMES[table.lang], title=table.title)
            public.append(PublicMessage(channel_id, said))
        return Outcome(ephemeral=done, public=public)

    #: The longest vacation ``/game notify`` takes, in days.
    MAX_VACATION_DAYS = 365

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
        """``/game notify``: how the caller is called to their turn and reminded, in every game
        on every server (``users``, :class:`~bot.rows.UserPrefs`):

        * ``turn``: ``mention`` (the default), ``dm``, ``both`` or ``none``;
        * ``time_zone``: an IANA name (``Europe/Amsterdam``), in which ``quiet`` is read;
        * ``quiet``: quiet hours ``22:00-07:00`` (``off``: none) — calls are held until they
          end and the turn clock does not run;
        * ``vacation_until``: the day one is back (``2026-12-27``, from its midnight in one's
          zone; ``off``: back now) — the seat's clock waits, calls are held;
        * ``stand_in``: whether a computer player plays one's turns meanwhile.

        Without values it says how things stand. Bad values are refused and change nothing."""
        lang = await self.tables.caller_lang(user_id, locale)
        now = self.clock()
        pref = (await self.store.prefs_of([user_id]))[user_id]
        changes: dict[str, Any] = {}
        if turn is not None:
            turn = "both" if turn == "mention+dm" else turn  # the name before migration 11
            if turn not in NOTIFY_MODES:
                ways = join_list(list(NOTIFY_MODES), lang)
                return Outcome.refuse(t("notify_unknown", lang, way=turn, ways=ways))
            changes["notify"] = turn
        if time_zone is not None:
            name = time_zone.strip()
            if hours.zone(name) is None:
                return Outcome.refuse(t("notify_bad_zone", lang, zone=name))
            changes["time_zone"] = name
        if quiet is not None:
            if quiet.strip().lower() in ("off", "none", "-", "0"):
                changes["quiet_from"] = changes["quiet_to"] = None
            else:
                span = hours.parse_quiet(quiet)
                if span is None:
                    return Outcome.refuse(t("notify_bad_quiet", lang, quiet=quiet))
                changes["quiet_from"], changes["quiet_to"] = span
        if stand_in is not None:
            changes["stand_in"] = "heuristic" if stand_in else None
        if vacation_until is not None:
            if vacation_until.strip().lower() in ("off", "none", "-", "0"):
                changes["away_until"] = None
            else:
                zoned = replace(pref, time_zone=changes.get("time_zone", pref.time_zone))
                back = hours.day_start(vacation_until, zoned)
                if back is None or back <= now or back > now + self.MAX_VACATION_DAYS * 86400:
                    return Outcome.refuse(
                        t("notify_bad_vacation", lang, day=vacation_until, days=self.MAX_VACATION_DAYS)
                    )
                changes["away_until"] = back
        if changes:
            await self.store.set_prefs(user_id, now, **changes)
            pref = replace(pref, **changes)
            if "away_until" in changes or "stand_in" in changes:
                await self._stand_in_where_due(user_id, pref)
        key = "notify_done" if changes else "notify_now"
        return Outcome(
            ephemeral="\n".join(
                [t(key, lang, way=t(f"notify_way_{pref.notify}", lang)), *self._prefs_lines(pref, lang)]
            )
        )

    def _prefs_lines(self, pref: UserPrefs, lang: str) -> list[str]:
        """The quiet hours and the vacation, as ``/game notify`` says them."""
        now = self.clock()
        zone = pref.time_zone or "UTC"
        lines = []
        if pref.quiet_from is not None and pref.quiet_to is not None:
            span = f"{hours.hhmm(pref.quiet_from)}–{hours.hhmm(pref.quiet_to)}"
            lines.append(t("notify_quiet", lang, span=span, zone=zone))
        else:
            lines.append(t("notify_no_quiet", lang, zone=zone))
        if pref.away(now):
            key = "notify_away_stand_in" if pref.stand_in else "notify_away"
            lines.append(t(key, lang, until=hours.stamp(pref.away_until or now, "f")))
        elif pref.stand_in:
            lines.append(t("notify_stand_in_ready", lang))
        return lines

    async def _stand_in_where_due(self, user_id: int, pref: UserPrefs) -> None:
        """A vacation with a stand-in begun (or changed): a computer player moves now in every
        game where it is the user's turn."""
        if not (pref.stand_in and pref.away(self.clock())):
            return
        for row in await self.store.seated_games(user_id):
            if row.status != "active":
                continue
            table = await self.tables.load(row)
            seat = table.seat_of(user_id)
            if seat is not None and seat.seat in table.rules.to_act(table.state):
                await self.timers.rearm_bot_move(row.id)

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
        await self.store.mark_dm_refused(user_id, self.clock())
        for pk, table in list(self.tables.cached.items()):
            if any(s.user_id == user_id for s in table.seats):
                self.tables.cached[pk] = replace(
                    table,
                    seats=[replace(s, dm_refused=True) if s.user_id == user_id else s for s in table.seats],
                )

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


def public_log_lines(table: Table, actions: Iterable[ActionRow], lang: str = DEFAULT) -> list[str]:
    """Every public log line of the game in ``lang``, oldest first, with undos shown."""
    names = table.names
    lines: list[str] = []
    by_n = {a.n: a for a in actions}
    for a in by_n.values():
        if a.kind == "undo":
            undone = by_n.get(a.undoes or -1)
            text = undone.text if undone else "?"
            lines.append(t("undone", lang, name=table.name(a.seat or ""), text=text))
            continue
        for e in a.events:
            event = Event.from_dict(e)
            if event.visible_to is None:
                lines.append(autoplay.describe(table.rules, event, names, lang))
    return lines
