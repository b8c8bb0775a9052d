"""The game service: lobby, turns, undo, timers and computer seats, with no Discord in sight.

Every call takes plain ids and returns an :class:`~bot.outcome.Outcome`; :mod:`bot.delivery`
hands it to a gateway. The rules are the engines' (``engine.GAMES``); this layer decides *who*
may act, stores every accepted action (one transaction, version-checked, see :mod:`bot.store`),
and says what each person gets to see: the live turn message and board picture in the channel
(:mod:`bot.flow`, one new message per turn), private holdings and private decisions
ephemerally (My hand, My turn), and DMs only for secret simultaneous decisions and for turns
a player asked to hear of by DM — never anything private in public.

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
import logging
import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from bot import (
    autoplay,
    calls,
    catchup,
    computer,
    flow,
    glance,
    hours,
    records,
    rematch,
    seats,
    turns,
)
from bot.choices import MESSAGE_CAPACITY, members, narrowed
from bot.config import Settings
from bot.gamestore import GameStore
from bot.outcome import Choice, Outcome, PrivateMessage, PublicMessage, custom_id, parse_custom_id
from bot.pages import pack
from bot.records import checked_state, effective_plays, replay_state
from bot.render_pool import RenderPool
from bot.rows import (
    NOTIFY_MODES,
    ActionRow,
    AlreadyProcessed,
    AlreadySeated,
    ChannelBusy,
    GameRow,
    SeatRow,
    TimerPlan,
    UserPrefs,
    dumps,
)
from bot.texts import has_text, normalise, t
from engine import BUILTIN_GAMES, GAMES
from engine.ai import KINDS, player
from engine.core import Action, Event, IllegalAction, Rules, undoable
from engine.i18n import DEFAULT, LANGUAGE_NAMES, LANGUAGES, join_list, join_words

log = logging.getLogger(__name__)

#: At most this many autocomplete entries (Discord's limit).
MAX_AUTOCOMPLETE = 25
#: Log lines per page of /game log.
LOG_PAGE = 20
#: How often a command that lost a race against another process is tried again.
RACE_RETRIES = 3
#: A computer move that failed is tried again after this many seconds.
BOT_RETRY_S = 60.0
#: Discord refuses message contents longer than this.
MAX_TEXT = 1900
#: Player names are clipped to this many characters for every text and picture (Discord's own
#: display names are at most 32; nothing longer is ever drawn).
MAX_NAME = 32
#: A typed move (``/play``) longer than this is refused with a sentence (the longest legal move
#: of the three games is far shorter; an autocomplete value is at most 100).
MAX_MOVE_TEXT = 200
#: ``/game new`` options longer than this (as typed, or as JSON) are refused with a sentence.
MAX_OPTIONS_TEXT = 300
#: A processed interaction is remembered this long (Discord answers one for 15 minutes).
INTERACTION_MEMORY_S = 24 * 3600.0
#: How often the timer loop deletes expired logs and processed interactions and reclaims space.
SWEEP_INTERVAL_S = 3600.0

Renderer = Callable[[str, dict[str, Any]], bytes]
PrivateRenderer = Callable[[str, dict[str, Any]], "bytes | None"]
#: (game, the seat's own view, its legal actions' texts, the reader's language) → PNG or None.
DecisionRenderer = Callable[[str, dict[str, Any], list[str], str], "bytes | None"]


def default_renderer(game_id: str, view: dict[str, Any]) -> bytes:
    """``render.board``, imported on first use (the service itself never needs Pillow)."""
    import render

    return render.board(game_id, view)


def default_private_renderer(game_id: str, view: dict[str, Any]) -> bytes | None:
    """``render.private``: a seat's private picture, or None when the game has none."""
    import render

    return render.private(game_id, view)


def default_decision_renderer(
    game_id: str, view: dict[str, Any], legal: list[str], lang: str
) -> bytes | None:
    """``render.decision``: the picture of a seat's decision, or None when its sentence says all."""
    import render

    return render.decision(game_id, view, legal, lang)


@dataclass
class Table:
    """One game as the service sees it: its row, its seats and (once started) its state."""

    row: GameRow
    seats: list[SeatRow]
    rules: Rules
    state: Any = None
    #: Whether the host allows hints at this table (``/game settings hints``).
    hints_allowed: bool = True

    @property
    def names(self) -> dict[str, str]:
        return {s.seat: clip_name(s.name) for s in self.seats}

    @property
    def broken(self) -> str | None:
        """Why the game's log no longer replays (None: healthy)."""
        return self.row.broken

    @property
    def bots(self) -> list[str]:
        return [s.seat for s in self.seats if s.is_bot]

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id and not s.is_bot), None)

    def seat(self, seat: str) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    @property
    def lang(self) -> str:
        """The language of the game's public messages (``/game settings language``)."""
        return normalise(self.row.language)

    @property
    def title(self) -> str:
        """The game's name in the game's language."""
        return self.rules.display_title(self.lang)


@dataclass
class Applied:
    """What one accepted action changed (for the outcome)."""

    seat: str | None
    action_text: str
    events: list[Event] = field(default_factory=list)
    before: Any = None


def join_names(names: list[str], lang: str = DEFAULT) -> str:
    """``a, b and c`` the way ``lang`` lists names."""
    return join_words(names, lang)


def kind_name(kind: str, lang: str) -> str:
    """A computer player's kind (``heuristic``) as people of ``lang`` read it."""
    key = f"kind_{kind}"
    return t(key, lang) if has_text(key) else kind


def clip(text: str, limit: int = MAX_TEXT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_name(name: str) -> str:
    """A player's name as the bot stores, writes and draws it: at most :data:`MAX_NAME`
    characters (a longer one ends in "…")."""
    return clip(name.strip() or "?", MAX_NAME)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


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
        legend_renderer: Callable[[str, dict[str, str], str], bytes | None] | None = None,
        search_pool: RenderPool | None = None,
    ) -> None:
        self.store = store
        self.config = settings
        self.clock = clock
        self.renderer = renderer or default_renderer
        self.private_renderer = private_renderer or default_private_renderer
        self.summary_renderer = summary_renderer or records.default_summary_renderer
        self.decision_renderer = decision_renderer or default_decision_renderer
        #: Where boards are drawn: worker processes in the bot (``RENDER_WORKERS``), a thread of
        #: this process by default (tests, tools).
        self.render_pool = render_pool or RenderPool(0)
        self.legend_renderer = legend_renderer or glance.default_legend_renderer
        self.seed_source = seed_source or (lambda: random.SystemRandom().randrange(1 << 31))
        #: Where searches run (the strong player, hints): in the bot, bounded worker processes of
        #: the render pool's kind (``SEARCH_WORKERS``); a thread of this process by default.
        self.search_pool = search_pool or RenderPool(0, warm=False)
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table] = {}  # game pk → last loaded table (autocomplete, state reuse)
        self._channel_games: dict[int, int] = {}  # channel → open game pk
        self._locales: dict[int, str] = {}  # user → language remembered from their interactions
        self._edited: dict[int, int] = {}  # message id → the game version of its latest edit
        self._notices: dict[int, Outcome] = {}  # game pk → "this game is broken", not yet said
        #: Set when a timer was added that is due before the timer loop means to wake
        #: (``wake_at``, which the loop sets before it sleeps): the loop wakes at once.
        self.timers_changed = asyncio.Event()
        self.wake_at = math.inf
        self._next_sweep = 0.0
        self.views = catchup.Views()  # recent public views: the board marks changes since a look
        self._calls: dict[tuple[int, str], float] = {}  # (game, seat) → when last called (reminders)
        self.shards = settings.shards  # the Discord shards whose games this process runs

    # ================================================================== languages

    async def _caller_lang(self, user_id: int | None, locale: Any = None) -> str:
        """The caller's language: their interaction's locale (remembered, so that their DMs
        come in it too), else the one remembered from an earlier interaction, else English."""
        if locale is not None:
            lang = normalise(locale)
            if user_id is not None and self._locales.get(user_id) != lang:
                await self.store.remember_locale(user_id, lang, self.clock())
                self._locales[user_id] = lang
            return lang
        if user_id is None:
            return DEFAULT
        return (await self._user_langs([user_id]))[user_id]

    async def _user_langs(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's remembered language (English for a user never seen with a locale).

        Read from the store every time (one query): another process may have seen the user
        with a new locale since."""
        wanted = set(user_ids)
        found = await self.store.locale_of(wanted)
        langs = {user: normalise(found.get(user)) for user in wanted}
        self._locales.update({user: lang for user, lang in langs.items() if user in found})
        return langs

    # ================================================================== loading

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def _table(self, row: GameRow) -> Table:
        """The table for ``row`` with fresh seats; the state is reused from memory when the
        cached version is the row's, else read from the store."""
        rules = GAMES[row.game]
        seats = await self.store.seats(row.id)
        cached = self._tables.get(row.id)
        state = None
        if row.status == "active" and row.broken is None:
            if cached is not None and cached.row.version == row.version and cached.state is not None:
                state = cached.state
            else:
                version, state_json = await self.store.state(row.id)
                row = replace(row, version=version)
                state = await self._usable_state(row, rules, seats, state_json)
                if state is None:  # broken: the row as marked (by us or by another process)
                    fresh = await self.store.game(row.id) or row
                    if fresh.status == "active" and fresh.broken is None:
                        fresh = replace(fresh, broken="its state cannot be rebuilt")
                    row = fresh
        _, hints_allowed = await self.store.table_play(row.id)
        table = Table(row, seats, rules, state, hints_allowed and computer.hints_exist(row.game))
        self._remember(table)
        return table

    async def _usable_state(
        self, row: GameRow, rules: Rules, seats: list[SeatRow], state_json: str | None
    ) -> Any:
        """A running game's state: its cache when that loads and the rules can read it, else
        rebuilt from the action log (the truth) and the cache repaired. None when the log no
        longer replays either: the game is then marked broken (and kept)."""
        try:
            return checked_state(rules, state_json)
        except Exception as error:
            log.warning(
                "game %s: its state cache is unusable (%s); rebuilding it from its log", row.id, error
            )
        try:
            plays = effective_plays(await self.store.actions(row.id))
            base = await self.store.replay_base(row.id)  # a game begun before its rules changed
            state = replay_state(rules, row, [s.seat for s in seats], plays, base)
            checked_state(rules, dumps(rules.dump(state)))
        except Exception as error:
            await self._mark_broken(row, f"{type(error).__name__}: {error}")
            return None
        await self.store.repair_state(row.id, row.version, dumps(rules.dump(state)))
        return state

    async def _mark_broken(self, row: GameRow, reason: str) -> None:
        """The game's log no longer replays: mark it (it is kept), and tell its channel once."""
        log.error("game %s (%s) is broken: its log no longer replays: %s", row.id, row.game, reason)
        if await self.store.mark_broken(row.id, clip(reason, 500)):
            lang = normalise(row.language)
            text = t("game_broken", lang, title=GAMES[row.game].display_title(lang))
            self._notices[row.id] = Outcome(public=[PublicMessage(row.channel_id, text)])
            self.timers_changed.set()  # the timer loop delivers the notice now

    def take_notices(self) -> list[Outcome]:
        """The channel notices of games found broken that were not said yet (said once)."""
        notices, self._notices = list(self._notices.values()), {}
        return notices

    def _broken_refusal(self, table: Table, lang: str) -> Outcome | None:
        """The one sentence a broken game answers every command with (None: not broken); the
        channel's notice goes with it when it was not said yet."""
        if table.broken is None:
            return None
        outcome = Outcome.refuse(t("game_broken", lang, title=table.rules.display_title(lang)))
        notice = self._notices.pop(table.row.id, None)
        if notice is not None:
            outcome.public = notice.public
        return outcome

    async def _add_timers(self, pk: int, plan: TimerPlan) -> None:
        """Store ``plan``'s timer changes and wake the timer loop when one is due sooner."""
        await self.store.add_timers(pk, plan)
        self._timers_added(plan)

    def _timers_added(self, plan: TimerPlan | None) -> None:
        """Wake the timer loop when ``plan`` adds a timer due before the loop means to wake."""
        if plan is not None and any(due < self.wake_at for _, due, _ in plan.add):
            self.timers_changed.set()

    def _remember(self, table: Table) -> None:
        """Keep an open game in memory (autocomplete, state reuse); forget a closed one."""
        pk, channel = table.row.id, table.row.channel_id
        if table.row.status in ("lobby", "active"):
            self._tables[pk] = table
            self._channel_games[channel] = pk
            return
        self._tables.pop(pk, None)
        if self._channel_games.get(channel) == pk:
            del self._channel_games[channel]

    async def _lock_key(self, channel_id: int | None, game_pk: int | None) -> int | None:
        """The channel whose lock guards the game (found by channel or by game id)."""
        if game_pk is None:
            return channel_id
        cached = self._tables.get(game_pk)
        if cached is not None:
            return cached.row.channel_id
        row = await self.store.game(game_pk)
        return row.channel_id if row else None

    async def _open_table(self, channel_id: int | None, game_pk: int | None = None) -> Table | None:
        if game_pk is not None:
            row = await self.store.game(game_pk)
        elif channel_id is not None:
            row = await self.store.open_game(channel_id)
        else:
            row = None
        return await self._table(row) if row is not None else None

    async def warm(self) -> None:
        """Load every open game of this process's shards into memory (autocomplete reads only
        memory), and give each back the timers a process that died took with it
        (:meth:`_rearm_lost_timers`).

        Each game on its own: a bad state cache is rebuilt from the log, a game whose log no
        longer replays is marked broken (its channel is told by the timer loop's first round,
        :meth:`take_notices`), and a game that fails in any other way is logged and left out —
        every other game starts."""
        for row in await self.store.games(("lobby", "active"), shards=self.shards):
            try:
                await self._rearm_lost_timers(await self._table(row))
            except Exception:
                log.exception("game %s (%s) could not be loaded; the other games start", row.id, row.game)

    async def _rearm_bot_move(self, pk: int) -> None:
        """A computer seat is to move: make sure a timer will move it (claimed timers are gone)."""
        if not any(timer.kind == "bot" for timer in await self.store.timers(pk)):
            due = self.clock() + self.config.bot_delay_s
            plan = TimerPlan(add=[("bot", due, {})])
            await self.store.add_timers(pk, plan)
            self._timers_added(plan)

    async def _rearm_lost_timers(self, table: Table) -> None:
        """A timer is claimed (deleted) before it runs, so a process killed in between loses it.
        The kinds a game always has while they are needed come back: a computer seat's move, the
        reminder of whoever must act (due when it would have been, or now), a lobby's expiry.
        (A lobby's one-off warning and a turn clock cannot tell "lost" from "done": not those.)"""
        row, now = table.row, self.clock()
        kinds = {timer.kind for timer in await self.store.timers(row.id)}
        plan = TimerPlan()
        if row.status == "lobby":
            if "lobby_expire" not in kinds:
                plan.add.append(("lobby_expire", max(now, row.created + self.config.lobby_expiry_s), {}))
        elif row.status == "active" and table.state is not None:
            to_act = table.rules.to_act(table.state)
            if "bot" not in kinds and any(s in table.bots for s in to_act):
                plan.add.append(("bot", now + self.config.bot_delay_s, {}))
            if "reminder" not in kinds and any(s not in table.bots for s in to_act):
                plan.add.append(("reminder", max(now, row.updated + row.reminder_s), {}))
        if plan.add:
            await self.store.add_timers(row.id, plan)
            self._timers_added(plan)

    # ================================================================== lobby

    @staticmethod
    def game_choices() -> list[tuple[str, str]]:
        """(title, id) of every game the bot offers, for /game new."""
        return [(GAMES[g].title, g) for g in BUILTIN_GAMES]

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
        """Open a lobby. Its public language is the server's (``guild_locale``), else the host's.
        ``rematch_of``: the finished game whose Rematch button opened it (:mod:`bot.rematch`).

        ``parent_channel_id``: ``channel_id`` is a thread opened for this table off that
        channel (see :meth:`table_thread`), where a notice links to it. ``no_thread``: the
        table could have had a thread but the bot may not open one here; the host is told why
        — once per channel."""
        lang = await self._caller_lang(user_id, locale)
        user_name = clip_name(user_name)
        checked = self._check_new(game, options, lang)
        if isinstance(checked, Outcome):
            return checked
        rules = GAMES[game]
        language = normalise(guild_locale) if guild_locale is not None else lang
        options = dict(options or {})
        now = self.clock()
        expiry = self.config.lobby_expiry_s
        timers = TimerPlan(add=[("lobby_warn", now + expiry * 0.75, {}), ("lobby_expire", now + expiry, {})])
        async with self._lock(channel_id):
            try:
                pk = await self.store.create_game(
                    channel_id=channel_id,
                    guild_id=guild_id,
                    game=game,
                    options=options,
                    seed=self.seed_source() if seed is None else seed,
                    host_id=user_id,
                    host_name=user_name,
                    now=now,
                    reminder_s=self.config.reminder_after_s,
                    clock_s=self.config.turn_clock_s,
                    timers=timers,
                    language=language,
                    parent_channel_id=parent_channel_id,
                    rematch_of=rematch_of,
                )
                self._timers_added(timers)
            except ChannelBusy:
                row = await self.store.open_game(channel_id)
                title = GAMES[row.game].display_title(lang) if row else game
                status = t(f"status_{row.status if row else 'lobby'}", lang)
                return Outcome.refuse(t("channel_busy", lang, title=title, status=status))
            await self._table(await self.store.game(pk))
        values = {
            "host": user_name,
            "title": rules.display_title(language),
            "min": rules.min_players,
            "max": rules.max_players,
            "expires": hours.stamp(now + expiry),
        }
        opened = (
            t("lobby_opened", language, **values) + " " + t("lobby_expires", language, when=values["expires"])
        )
        public = [PublicMessage(channel_id, opened)]
        if parent_channel_id is not None:
            notice = t("lobby_in_thread", language, thread=channel_id, **values)
            public.append(flow.lobby_notice(pk, parent_channel_id, notice))
        told = None
        if no_thread and await self.store.tell_once(channel_id, "no_thread", now):
            told = t("no_thread_permission", lang)
        return Outcome(ephemeral=told, public=public)

    def _check_new(self, game: str, options: dict[str, Any] | None, lang: str) -> Outcome | None:
        """The refusal of an unknown game or of options it does not have, else None."""
        if game not in GAMES:
            choices = join_list([g for _, g in self.game_choices()], lang)
            return Outcome.refuse(t("unknown_game", lang, game=clip(game, MAX_NAME), choices=choices))
        if len(dumps(options or {})) > MAX_OPTIONS_TEXT:
            return Outcome.refuse(t("options_too_long", lang, max=MAX_OPTIONS_TEXT))
        refusal = self._check_options(GAMES[game], dict(options or {}), lang)
        return Outcome.refuse(refusal) if refusal else None

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
        """``/game new`` where the bot may open threads: the name of the new table's thread
        (the game and its host, in the server's language), or the refusal of what
        :meth:`new_game` would refuse — asked before a thread is opened for nothing."""
        lang = await self._caller_lang(user_id, locale)
        checked = self._check_new(game, options, lang)
        if checked is not None:
            return checked
        language = normalise(guild_locale) if guild_locale is not None else lang
        host = clip_name(user_name)
        name = t("thread_name", language, title=GAMES[game].display_title(language), host=host)
        return name[:100]

    def _check_options(self, rules: Rules, options: dict[str, Any], lang: str = DEFAULT) -> str | None:
        """A sentence in ``lang`` when ``options`` are not the game's, else None."""
        for name in options:
            if name not in rules.options:
                known = join_list(list(rules.options), lang) or t("no_options", lang)
                title, option = rules.display_title(lang), clip(str(name), MAX_NAME)
                return t("unknown_option", lang, title=title, option=option, options=known)
        try:
            seats = [f"p{i}" for i in range(rules.max_players)]
            rules.new(seats, 0, **options)
        except IllegalAction as error:
            return t("bad_option", lang, reason=error.text(lang))
        return None

    async def _lobby(self, channel_id: int, lang: str = DEFAULT) -> Table | Outcome:
        table = await self._open_table(channel_id)
        if table is None:
            return Outcome.refuse(t("no_game", lang))
        if table.row.status != "lobby":
            return Outcome.refuse(t("already_started", lang))
        return table

    async def join(self, channel_id: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        lang = await self._caller_lang(user_id, locale)
        user_name = clip_name(user_name)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id, lang)
            if isinstance(table, Outcome):
                return table
            rules = table.rules
            if table.seat_of(user_id) is not None:
                return Outcome.refuse(t("already_seated", lang))
            try:
                seat = await self.store.add_seat(
                    table.row.id, user_id=user_id, name=user_name, max_seats=rules.max_players
                )
            except AlreadySeated:
                return Outcome.refuse(t("already_seated", lang))
            if seat is None:
                return Outcome.refuse(t("table_full", lang, max=rules.max_players))
            table = await self._table(table.row)
        text = t(
            "joined",
            table.lang,
            name=user_name,
            title=table.title,
            count=len(table.seats),
            max=rules.max_players,
        )
        return Outcome(public=[PublicMessage(channel_id, text)])

    async def join_game(self, pk: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        """The Join button of a rematch's invitation: ``/game join`` at that game's table."""
        row = await self.store.game(pk)
        if row is None or row.status != "lobby":
            return Outcome.refuse(t("already_started", await self._caller_lang(user_id, locale)))
        return await self.join(row.channel_id, user_id, user_name, locale=locale)

    async def leave(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        lang = await self._caller_lang(user_id, locale)
        async with self._lock(channel_id):
            table = await self._open_table(channel_id)
            if table is None:
                return Outcome.refuse(t("no_game", lang))
            seat = table.seat_of(user_id)
            if seat is None:
                return Outcome.refuse(t("not_seated", lang))
            if (broken := self._broken_refusal(table, lang)) is not None:
                return broken
            if table.row.status == "active":
                return await self._hand_to_bot(table, seat, None, "left_to_bot", name=seat.name)
            if user_id == table.row.host_id:
                return Outcome.refuse(t("host_cannot_leave", lang))
            await self.store.remove_seat(table.row.id, seat.seat)
            await self._table(table.row)
        text = t("left", table.lang, name=seat.name, title=table.title)
        return Outcome(public=[PublicMessage(channel_id, text)])

    def _bot_kind(self, table: Table, level: str) -> str | None:
        """``level`` when a computer player of that kind exists for the game, else None."""
        if level not in KINDS:
            return None
        try:
            player(table.row.game, level, 0)
        except KeyError:
            return None
        return level

    async def add_bot(
        self, channel_id: int, user_id: int, level: str = "heuristic", *, locale: Any = None
    ) -> Outcome:
        """In the lobby (host only): seat a computer player. In a running game (any seated
        player): hand a seat whose clock ran out to a computer player."""
        lang = await self._caller_lang(user_id, locale)
        async with self._lock(channel_id):
            table = await self._open_table(channel_id)
            if table is None:
                return Outcome.refuse(t("no_game", lang))
            rules = table.rules
            kind = self._bot_kind(table, level)
            if kind is None:
                kinds = join_list([k for k in KINDS if self._bot_kind(table, k)], lang)
                title = rules.display_title(lang)
                return Outcome.refuse(t("unknown_bot_kind", lang, kind=level, title=title, kinds=kinds))
            if table.row.status == "active":
                if (broken := self._broken_refusal(table, lang)) is not None:
                    return broken
                return await self._take_over(table, user_id, kind, lang)
            if user_id != table.row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            n = sum(1 for s in table.seats if s.is_bot) + 1
            name = t("bot_name", table.lang, n=n)
            seat = await self.store.add_seat(
                table.row.id, user_id=None, name=name, bot_kind=kind, max_seats=rules.max_players
            )
            if seat is None:
                return Outcome.refuse(t("table_full", lang, max=rules.max_players))
            table = await self._table(table.row)
        text = t(
            "bot_added",
            table.lang,
            name=name,
            kind=kind_name(kind, table.lang),
            title=table.title,
            count=len(table.seats),
            max=rules.max_players,
        )
        return Outcome(public=[PublicMessage(channel_id, text)])

    async def _take_over(self, table: Table, user_id: int, kind: str, lang: str = DEFAULT) -> Outcome:
        caller = table.seat_of(user_id)
        if caller is None:
            return Outcome.refuse(t("not_seated", lang))
        to_act = table.rules.to_act(table.state)
        late = [
            s for s in table.seats if s.timed_out and not s.is_bot and s.seat in to_act and s is not caller
        ]
        if not late:
            return Outcome.refuse(t("no_timed_out_seat", lang))
        return await self._hand_to_bot(
            table, late[0], kind, "seat_taken_over", caller=caller.name, name=late[0].name
        )

    async def _hand_to_bot(
        self, table: Table, seat: SeatRow, kind: str | None, key: str, **values: Any
    ) -> Outcome:
        """A running game's seat becomes a computer player (of ``kind``; None: the table's
        take-over level, ``/game settings takeover``); it moves by a 'bot' timer. The
        announcement ``key`` is public, in the game's language."""
        if kind is None:
            kind, _ = await self.store.table_play(table.row.id)
        if self._bot_kind(table, kind) is None:
            kind = "random"
        await self.store.seat_to_bot(table.row.id, seat.seat, kind)
        table = await self._table(table.row)
        if seat.seat in table.rules.to_act(table.state):
            due = self.clock() + self.config.bot_delay_s
            plan = TimerPlan(clear=("bot",), add=[("bot", due, {})])
            await self.store.add_timers(table.row.id, plan)
            self._timers_added(plan)
        text = t(key, table.lang, kind=kind_name(kind, table.lang), **values)
        return Outcome(public=[PublicMessage(table.row.channel_id, text)])

    async def replace_player(
        self, channel_id: int, user_id: int, target_id: int, *, locale: Any = None
    ) -> Outcome:
        """``/game replace @player``: a vote (or the host's call after the clock), bot/seats.py."""
        return await seats.replace(self, channel_id, user_id, target_id, locale=locale)

    async def rejoin(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game rejoin``: take back one's seat from the computer player, bot/seats.py."""
        return await seats.rejoin(self, channel_id, user_id, locale=locale)

    async def start(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        lang = await self._caller_lang(user_id, locale)
        async with self._lock(channel_id):
            table = await self._lobby(channel_id, lang)
            if isinstance(table, Outcome):
                return table
            rules, row = table.rules, table.row
            if user_id != row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if len(table.seats) < rules.min_players:
                title, count = rules.display_title(lang), len(table.seats)
                return Outcome.refuse(
                    t("too_few_players", lang, title=title, min=rules.min_players, count=count)
                )
            seats = [s.seat for s in table.seats]
            try:
                state, events = rules.start(seats, row.seed, **row.options)
            except IllegalAction as error:
                return Outcome.refuse(t("bad_option", lang, reason=error.text(lang)))
            now = self.clock()
            found = await calls.prefs(self, table)
            plan = self._timer_plan(table, state, [], now, version=1, found=found)
            plan.clear = ("lobby_warn", "lobby_expire", *plan.clear)
            if not await self.store.start_game(row.id, dumps(rules.dump(state)), now, plan):
                return Outcome.refuse(t("already_started", lang))
            self._timers_added(plan)
            table = Table(
                replace(row, status="active", version=1), table.seats, rules, state, table.hints_allowed
            )
            self._remember(table)
            table, auto = await self._only_choices(table, found)
            seated = join_names([s.name for s in table.seats], table.lang)
            intro = t("started", table.lang, title=table.title, seats=seated)
            return await self._after_change(table, Applied(None, "", [*events, *auto], None), intro=intro)

    async def abandon(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        lang = await self._caller_lang(user_id, locale)
        async with self._lock(channel_id):
            table = await self._open_table(channel_id)
            if table is None:
                return Outcome.refuse(t("no_game", lang))
            if user_id != table.row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if not await self.store.set_status(table.row.id, "abandoned", self.clock()):
                return Outcome.refuse(t("game_closed", lang))
            self._remember(
                Table(replace(table.row, status="abandoned"), table.seats, table.rules, table.state)
            )
        name = table.seat_of(user_id).name if table.seat_of(user_id) else str(user_id)
        text = t("abandoned", table.lang, name=name, title=table.title)
        return Outcome(public=[PublicMessage(channel_id, text), *await flow.closing(self, table.row, text)])

    # ================================================================== acting

    async def _running(
        self, channel_id: int | None, game_pk: int | None, lang: str = DEFAULT
    ) -> Table | Outcome:
        """The running game, or a refusal in ``lang`` saying why there is none."""
        table = await self._open_table(channel_id, game_pk)
        if table is None:
            return Outcome.refuse(t("no_game" if game_pk is None else "game_closed", lang))
        if table.row.status == "lobby":
            return Outcome.refuse(t("not_started", lang))
        if table.row.status != "active":
            return Outcome.refuse(t("game_over" if table.row.status == "finished" else "game_closed", lang))
        return self._broken_refusal(table, lang) or table

    def _whose_turn(self, table: Table, lang: str = DEFAULT) -> str:
        to_act = table.rules.to_act(table.state)
        if not to_act:
            return t("nobody_to_act", lang)
        names = [table.name(s) for s in to_act]
        if len(names) == 1:
            return t("turn_of", lang, names=names[0])
        return t("turn_of_many", lang, names=join_names(names, lang))

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
        """Play ``text`` for the caller's seat. A button passes ``game_pk`` and the ``version``
        it was drawn for, and so does a move picked from ``/play``'s autocomplete (its value is
        the move's button custom_id, see :meth:`autocomplete`); a stale version is refused with
        the current board. A typed move carries no version: it plays if it is legal now.

        ``interaction_id`` (Discord's) counts the command once: one already processed is refused,
        and an accepted move records it in the move's own transaction; a refused one records it
        after (a refusal changed nothing)."""
        lang = await self._caller_lang(user_id, locale)
        if len(text) > MAX_MOVE_TEXT:
            return Outcome.refuse(t("move_too_long", lang, max=MAX_MOVE_TEXT))
        stale = "stale_button"
        offered = parse_custom_id(text.strip())
        if offered is not None and offered.verb == "a" and game_pk is None:
            game_pk, version, text = offered.game_pk, offered.version, offered.action
            stale = "stale_play"
        if interaction_id is not None and await self.store.interaction_seen(interaction_id):
            return Outcome.refuse(t("already_done", lang))
        try:
            outcome = await self._act(
                channel_id, user_id, text, game_pk, version, lang, interaction_id, stale
            )
        except AlreadyProcessed:
            return Outcome.refuse(t("already_done", lang))
        if not outcome.ok and interaction_id is not None:
            await self.store.claim_interaction(interaction_id, self.clock())
        return outcome

    async def _act(
        self,
        channel_id: int | None,
        user_id: int,
        text: str,
        game_pk: int | None,
        version: int | None,
        lang: str,
        interaction_id: int | None,
        stale: str,
    ) -> Outcome:
        """:meth:`act` once the command is known to be new (``stale``: the refusal's key for an
        out-of-date version)."""
        for _attempt in range(RACE_RETRIES):
            lock_key = await self._lock_key(channel_id, game_pk)
            if lock_key is None:
                return Outcome.refuse(t("no_game" if game_pk is None else "game_closed", lang))
            async with self._lock(lock_key):
                table = await self._running(channel_id, game_pk, lang)
                if isinstance(table, Outcome):
                    return table
                seat = table.seat_of(user_id)
                if seat is None:
                    return Outcome.refuse(t("not_seated", lang))
                if version is not None and not await self._button_current(table, seat.seat, version):
                    return await self._refuse_with_board(table, t(stale, lang))
                rules, state = table.rules, table.state
                if seat.seat not in rules.to_act(state):
                    return Outcome.refuse(self._whose_turn(table, lang))
                try:
                    action = rules.parse(state, seat.seat, text)
                    new_state, events = rules.apply(state, seat.seat, action)
                except IllegalAction as error:
                    return Outcome.refuse(error.text(lang))
                label = rules.label(state, seat.seat, action, lang, table.names)
                outcome = await self._commit(table, seat.seat, action, new_state, events, interaction_id)
                if outcome is None:  # another process applied an action first
                    if version is not None:
                        current = await self._open_table(None, table.row.id)
                        return await self._refuse_with_board(current or table, t("raced", lang))
                    continue
                outcome.done = t("played", lang, label=label)
                # What only the caller saw (their secret bid, the cards they drew), and their
                # next private decision, if any: to them alone.
                seen = [
                    rules.describe(e, table.names, lang)
                    for e in events
                    if e.visible_to and seat.seat in e.visible_to
                ]
                after = self._tables.get(table.row.id)
                choices = self._private_choices(rules, after, seat.seat, lang) if after is not None else []
                prompt = rules.prompt(after.state, seat.seat, lang) if choices else ""
                outcome.ephemeral = "\n".join([*seen, prompt]).strip() or None
                outcome.ephemeral_choices = choices
                if choices:  # their next decision is before them already (picture and all): no DM
                    outcome.ephemeral_image = await self._decision_png(after, seat.seat, lang)
                    outcome.private = [dm for dm in outcome.private if dm.user_id != user_id]
                return outcome
        return Outcome.refuse(t("raced", lang))

    async def _button_current(self, table: Table, seat: str, version: int) -> bool:
        """Whether a button drawn at ``version`` may still be played by ``seat``.

        The current version always may. An older one may only during a simultaneous step
        (secret bids): when every action since was another seat's, none of them revealed
        anything or drew at random, and the seat is still to act — its choices are then what
        they were when the button was drawn."""
        if version == table.row.version:
            return True
        if version > table.row.version or seat not in table.rules.to_act(table.state):
            return False
        since = await self.store.actions(table.row.id, since=version)
        return all(
            a.kind == "play" and a.seat != seat and undoable(Event.from_dict(e) for e in a.events)
            for a in since
        )

    async def _commit(
        self,
        table: Table,
        seat: str,
        action: Action,
        new_state: Any,
        events: list[Event],
        interaction_id: int | None = None,
        *,
        note: str | None = None,
    ) -> Outcome | None:
        """Store an accepted action (and the only choices the table then plays for people, see
        :mod:`bot.autoplay`) and say what follows; None when the version check failed. Raises
        :class:`AlreadyProcessed` (nothing stored) for an interaction processed before. ``note``
        is a public line before the move's own (a computer player standing in)."""
        rules, row = table.rules, table.row
        now = self.clock()
        finished = rules.result(new_state) is not None
        found = await calls.prefs(self, table)
        plan = self._timer_plan(
            table, new_state, rules.to_act(table.state), now, version=row.version + 1, found=found
        )
        new_version = await self.store.append_action(
            row.id,
            expected_version=row.version,
            seat=seat,
            text=str(action),
            kind="play",
            events=[e.to_dict() for e in events],
            state_json=dumps(rules.dump(new_state)),
            status="finished" if finished else "active",
            now=now,
            timers=plan,
            interaction_id=interaction_id,
        )
        if new_version is None:
            return None
        self._timers_added(plan)
        status = "finished" if finished else "active"
        seats = table.seats
        if table.seat(seat).timed_out:  # the seat is back in time: nobody may take it over now
            await self.store.set_timed_out(row.id, seat, False)
            seats = [replace(s, timed_out=False) if s.seat == seat else s for s in seats]
        new_table = Table(
            replace(row, version=new_version, status=status, updated=now),
            seats,
            rules,
            new_state,
            table.hints_allowed,
        )
        self._remember(new_table)
        new_table, auto = await self._only_choices(new_table, found)
        applied = Applied(seat, str(action), [*events, *auto], table.state)
        return await self._after_change(new_table, applied, intro=note)

    async def _only_choices(self, table: Table, found: dict[int, UserPrefs]) -> tuple[Table, list[Event]]:
        """Play every only choice the table may play for people now (:mod:`bot.autoplay`), each
        logged as that seat's play; the table after them and their events."""
        played: list[Event] = []
        for _ in range(autoplay.MAX_CHAIN):
            now = self.clock()
            found_move = autoplay.only_choice(table, set(calls.stand_ins(table, found, now)))
            if found_move is None:
                break
            seat, action, state, events = found_move
            row, rules = table.row, table.rules
            finished = rules.result(state) is not None
            plan = self._timer_plan(
                table, state, rules.to_act(table.state), now, version=row.version + 1, found=found
            )
            version = await self.store.append_action(
                row.id,
                expected_version=row.version,
                seat=seat,
                text=str(action),
                kind="play",
                events=[e.to_dict() for e in events],
                state_json=dumps(rules.dump(state)),
                status="finished" if finished else "active",
                now=now,
                timers=plan,
            )
            if version is None:  # another process moved first: it says what follows
                break
            self._timers_added(plan)
            status = "finished" if finished else "active"
            table = replace(table, row=replace(row, version=version, status=status, updated=now), state=state)
            self._remember(table)
            played += events
        return table, played

    def _timer_plan(
        self,
        table: Table,
        state: Any,
        before_to_act: list[str],
        now: float,
        version: int,
        found: dict[int, UserPrefs] | None = None,
    ) -> TimerPlan:
        """Reminder, computer-move and clock timers for the state after a change. ``found``: the
        seated people's preferences — a computer player moves for one on vacation who asked for
        a stand-in, and a clock runs only outside its person's quiet hours and vacation."""
        rules = table.rules
        found = found or {}
        to_act = rules.to_act(state)
        bots = set(table.bots) | set(calls.stand_ins(table, found, now))
        humans = [s for s in to_act if s not in bots]
        plan = TimerPlan(clear=("reminder", "bot"))
        if humans:
            plan.add.append(("reminder", now + table.row.reminder_s, {}))
        if any(s in bots for s in to_act):
            plan.add.append(("bot", now + self.config.bot_delay_s, {}))
        if table.row.clock_s and set(to_act) != set(before_to_act):
            plan.clear = (*plan.clear, "clock")
            for s in humans:
                pref = found.get(table.seat(s).user_id or 0, UserPrefs())
                due = hours.deadline(pref, now, table.row.clock_s)
                plan.add.append(("clock", due, {"seat": s, "version": version}))
        return plan

    # ================================================================== what people see

    def _view(self, table: Table, seat: str | None) -> dict[str, Any]:
        view = dict(table.rules.view(table.state, seat))
        view["names"] = table.names
        view["bots"] = table.bots
        return view

    async def _board_png(self, table: Table) -> bytes | None:
        """The public board picture, marking what changed since the last look of the people to
        act (``view["since"]``: the public view then, :mod:`bot.catchup`)."""
        view = self._view(table, None)
        since = await catchup.since_version(self.store, table)
        earlier = await self.views.at(self.store, table, since) if since is not None else None
        if earlier is not None:
            view["since"] = earlier
        try:
            return await self.render_pool.run(self.renderer, table.row.game, view)
        except Exception:  # a broken picture must not lose the move: the text still goes out
            log.exception("rendering the board of game %s failed", table.row.id)
            return None

    async def _private_png(self, table: Table, seat: str) -> bytes | None:
        """The seat's private picture (Santiago's screen…), or None when the game draws none."""
        try:
            return await self.render_pool.run(self.private_renderer, table.row.game, self._view(table, seat))
        except KeyError:  # no picture for this game
            return None
        except Exception:  # the text of the DM still goes out
            log.exception("rendering the private view of game %s failed", table.row.id)
            return None

    async def _decision_png(
        self, table: Table, seat: str, lang: str, legal: list[str] | None = None
    ) -> bytes | None:
        """The picture of what ``seat`` is deciding (render.decision), drawn from its own view
        in its reader's language; ``legal``: the actions it is choosing among (default: all of
        its legal ones). None when the decision needs none, or when drawing failed."""
        if seat not in table.rules.to_act(table.state):
            return None
        view = self._view(table, seat)
        texts = legal if legal is not None else [str(a) for a in table.rules.legal(table.state, seat)]
        try:
            return await self.render_pool.run(self.decision_renderer, table.row.game, view, texts, lang)
        except KeyError:  # no decision pictures for this game
            return None
        except Exception:  # the buttons still go out
            log.exception("rendering the decision picture of game %s failed", table.row.id)
            return None

    def _choice(
        self, table: Table, verb: str, label: str, action: str = "", style: str = "secondary"
    ) -> Choice | None:
        try:
            return Choice(
                label[:80],
                custom_id(verb, table.row.id, table.row.version, action.lower()),
                action.split(" ")[0],
                style,
            )
        except ValueError:
            return None

    def _action_choices(self, table: Table, seat: str, lang: str = DEFAULT) -> list[Choice] | None:
        """Buttons (labelled in ``lang``) for every legal action of ``seat``; None when there
        are too many or one cannot be a button."""
        rules = table.rules
        legal = rules.legal(table.state, seat)
        if not legal:
            return None
        texts = [str(a) for a in legal]
        labels = {str(a): rules.label(table.state, seat, a, lang, table.names) for a in legal}
        if len(legal) > MESSAGE_CAPACITY:  # grouped by their first words: narrowing choices
            return self._narrowing_choices(table, texts, labels)
        choices = [self._choice(table, "a", labels[a], a, "primary") for a in texts]
        if any(c is None for c in choices):
            return None
        return choices  # type: ignore[return-value]

    def _narrowing_choices(
        self, table: Table, texts: list[str], labels: dict[str, str], key: str = ""
    ) -> list[Choice] | None:
        """Too many actions for one message: one choice per group of them (bot/choices.py);
        ``texts`` are those the narrowing ``key`` stands for (all of them for ``""``)."""
        choices = narrowed(
            texts,
            labels.__getitem__,
            lambda label, action: self._choice(table, "a", label, action, "primary"),
            lambda label, group: self._choice(table, "n", label, group, "primary"),
            key=key,
        )
        if any(c is None for c in choices):
            return None
        return choices  # type: ignore[return-value]

    async def narrow_panel(
        self, user_id: int, *, game_pk: int, version: int, prefix: str, locale: Any = None
    ) -> Outcome:
        """Ephemeral: the caller's actions starting with ``prefix``, as buttons (a narrowing
        choice pressed); a stale one is refused with the current board."""
        lang = await self._caller_lang(user_id, locale)
        table = await self._running(None, game_pk, lang)
        if isinstance(table, Outcome):
            return table
        seat = table.seat_of(user_id)
        if seat is None:
            return Outcome.refuse(t("not_seated", lang))
        if not await self._button_current(table, seat.seat, version):
            return await self._refuse_with_board(table, t("stale_button", lang))
        if seat.seat not in table.rules.to_act(table.state):
            return Outcome.refuse(self._whose_turn(table, lang))
        rules = table.rules
        legal = {str(a): a for a in rules.legal(table.state, seat.seat)}
        wanted = members(list(legal), prefix)
        if not wanted:
            return Outcome.refuse(t("stale_button", lang))
        labels = {a: rules.label(table.state, seat.seat, legal[a], lang, table.names) for a in wanted}
        if len(wanted) > MESSAGE_CAPACITY:
            choices = self._narrowing_choices(table, wanted, labels, key=prefix)
        else:
            choices = [self._choice(table, "a", labels[a], a, "primary") for a in wanted]
        return Outcome(
            ephemeral=rules.prompt(table.state, seat.seat, lang),
            ephemeral_image=await self._decision_png(table, seat.seat, lang, wanted),
            ephemeral_choices=[c for c in choices or [] if c is not None],
        )

    def _private_choices(self, rules: Rules, table: Table, seat: str, lang: str = DEFAULT) -> list[Choice]:
        """The seat's choices when they are private (for a DM or an ephemeral answer)."""
        if table.row.status != "active" or seat not in rules.to_act(table.state):
            return []
        if not rules.private_choices(table.state, seat):
            return []
        return self._action_choices(table, seat, lang) or []

    def _public_choices(self, table: Table) -> list[Choice]:
        """The buttons under the public board, labelled in the game's language."""
        rules, lang = table.rules, table.lang
        choices: list[Choice] = []
        to_act = [s for s in rules.to_act(table.state) if s not in table.bots]
        if len(to_act) == 1 and not rules.private_choices(table.state, to_act[0]):
            choices = self._action_choices(table, to_act[0], lang) or []
        if to_act:  # the private choices, or the public ones with the picture of the decision
            turn = self._choice(table, "t", t("btn_my_turn", lang), style="success")
            choices = [*choices, *([turn] if turn else [])]
        if to_act and table.hints_allowed:
            hint = self._choice(table, "q", t("btn_hint", lang))
            choices += [hint] if hint else []
        hand_key = f"btn_my_hand_{table.row.game}"  # a game may name it (Santiago: My screen)
        hand = self._choice(table, "h", t(hand_key if has_text(hand_key) else "btn_my_hand", lang))
        legend = self._choice(table, "l", t("btn_legend", lang))  # the key to the pictures
        return [*choices, *([hand] if hand else []), *([legend] if legend else [])]

    def _turn_lines(
        self, table: Table, found: dict[int, UserPrefs] | None = None
    ) -> tuple[list[str], list[int]]:
        """Who must act, for the public board (in the game's language), and whom to mention.
        People deciding in private share one line (the parliament's bidders). ``found``: the
        people's preferences, for those on vacation (a computer player standing in, or their
        clock waiting until they are back)."""
        rules, state, lang = table.rules, table.state, table.lang
        found = found or {}
        now = self.clock()
        stand = calls.stand_ins(table, found, now)
        lines: list[str] = []
        mentions: list[int] = []
        private: list[int] = []
        for seat in rules.to_act(state):
            row = table.seat(seat)
            if row.is_bot or row.user_id is None:
                lines.append(t("bot_turn", lang, name=row.name))
                continue
            pref = found.get(row.user_id)
            if seat in stand and pref is not None:
                until = hours.stamp(pref.away_until or now, "f")
                lines.append(t("stand_in_turn", lang, name=row.name, until=until))
                continue
            if pref is not None and pref.away(now):
                lines.append(
                    t("away_waits", lang, name=row.name, until=hours.stamp(pref.away_until or now, "f"))
                )
            mentions.append(row.user_id)
            if rules.private_choices(state, seat):
                private.append(row.user_id)
            else:
                prompt = rules.prompt(state, seat, lang)
                lines.append(t("your_turn", lang, mention=mention(row.user_id), prompt=prompt))
        if private:  # decided by DM when several decide at once, else in the My turn panel
            key = "your_turn_secret_dm" if len(rules.to_act(state)) > 1 else "your_turn_secret"
            lines.append(t(key, lang, mention=join_names([mention(u) for u in private], lang)))
        return lines, mentions

    def _result_lines(self, table: Table) -> list[str]:
        result = table.rules.result(table.state)
        if result is None:
            return []
        lang = table.lang
        places = result.places or {s: i + 1 for i, s in enumerate(result.ranking)}
        scores = t("score_sep", lang).join(
            t("score_line", lang, place=places[s], name=table.name(s), score=result.scores[s])
            for s in result.ranking
        )
        winners = [table.name(s) for s in result.winners]
        key = "winner" if len(winners) == 1 else "winners"
        return [t("final_scores", lang, lines=scores), t(key, lang, names=join_names(winners, lang))]

    async def _after_change(self, table: Table, applied: Applied, *, intro: str | None = None) -> Outcome:
        """The public messages (in the game's language, :mod:`bot.flow`) and the DMs (each in
        its reader's language) after the state changed."""
        rules, before = table.rules, applied.before
        views = (rules.view(before, None) if before is not None else None, rules.view(table.state, None))
        self.views.keep(table.row.id, table.row.version, views[1])
        turn = turns.change(rules, before, table.state, views)
        changed = views[0] != views[1]  # else the board picture stays as it is
        found = await calls.prefs(self, table)
        public = await flow.after_change(self, table, applied.events, turn, changed, intro=intro, found=found)
        await self._hold_calls(table, turn, found)
        return Outcome(public=public, private=await self._dms(table, turn, found))

    def _called(self, table: Table, seats: Iterable[str], found: dict[int, UserPrefs]) -> list[SeatRow]:
        """The people among ``seats`` to call: not computer players, not stood in for."""
        stand = calls.stand_ins(table, found, self.clock())
        rows = [table.seat(s) for s in seats]
        return [r for r in rows if not r.is_bot and r.user_id is not None and r.seat not in stand]

    async def _hold_calls(self, table: Table, turn: turns.TurnChange, found: dict[int, UserPrefs]) -> None:
        """A person whose turn begins during their quiet hours or vacation is called when the
        pause ends (a ``held`` timer), if it is still that turn then."""
        if not turn.starting or table.rules.result(table.state) is not None:
            return
        now = self.clock()
        held = []
        for seat in self._called(table, turn.starting, found):
            pref = found.get(seat.user_id or 0)
            until = calls.paused(pref, now)
            if until is not None and pref is not None and pref.notify != "none":
                held.append(("held", until, {"seat": seat.seat, "since": now}))
        if held:
            since = (await self.store.live_messages(table.row.id)).turn_since
            held = [(kind, due, {**payload, "since": since}) for kind, due, payload in held]
            await self._add_timers(table.row.id, TimerPlan(add=held))

    async def _dms(
        self, table: Table, turn: turns.TurnChange, found: dict[int, UserPrefs] | None = None
    ) -> list[PrivateMessage]:
        """DMs only for what must be secret: a person whose turn begins with a secret
        simultaneous decision gets it by DM, with its choices and its picture (the place the
        decision picture is due outside My turn); a person who asked for it (``/game notify
        turn: dm|both``) hears by DM that their turn begins, with what happened since their last
        move. Nothing else: what one holds in secret is read in My hand, other private decisions
        are taken in the My turn panel — and nothing goes to a user whose DMs are closed, who
        asked for no call at all, or who is in quiet hours or on vacation (held, see
        :meth:`_hold_calls`)."""
        rules, state = table.rules, table.state
        if not turn.starting or rules.result(state) is not None:
            return []
        found = found if found is not None else await calls.prefs(self, table)
        now = self.clock()
        people = [
            s
            for s in self._called(table, turn.starting, found)
            if not s.dm_refused
            and found.get(s.user_id or 0, UserPrefs()).notify != "none"
            and calls.paused(found.get(s.user_id or 0), now) is None
        ]
        if not people:
            return []
        secret = set(turns.asked_in_secret(rules, turn, state))
        return [dm for seat in people if (dm := await self._call_dm(table, seat, seat.seat in secret, found))]

    async def _call_dm(
        self, table: Table, seat: SeatRow, secret: bool, found: dict[int, UserPrefs]
    ) -> PrivateMessage | None:
        """The DM that calls ``seat`` to its turn, in its person's language: the secret decision
        with its choices, or (for those who asked for DMs) that their turn begins, with the
        catch-up; None when they get none."""
        rules, state = table.rules, table.state
        user = seat.user_id or 0
        lang = (await self._user_langs([user]))[user]
        title = rules.display_title(lang)
        prompt = rules.prompt(state, seat.seat, lang)
        if secret:
            choices = self._private_choices(rules, table, seat.seat, lang)
            summary = rules.private_summary(state, seat.seat, lang)
            lines = [t("dm_header", lang, title=title, channel=table.row.channel_id), summary, prompt]
            if not choices:
                lines.append(t("too_many_choices", lang))
            # what the secret decision needs, drawn for this seat alone
            image = await self._decision_png(table, seat.seat, lang)
            return PrivateMessage(
                user, clip("\n".join(ln for ln in lines if ln)), image=image, choices=choices
            )
        if found.get(user, UserPrefs()).notify not in calls.DM:
            return None
        rows = await catchup.rows_since_last_act(self.store, table.row.id, [seat.seat])
        caught = catchup.lines(rules, rows, table.names, [seat.seat], lang)
        live = await self.store.live_messages(table.row.id)
        text = t("dm_your_turn", lang, title=title, channel=table.row.channel_id, prompt=prompt)
        link = t("board_link", lang, link=calls.board_link(table.row, live))
        return PrivateMessage(user, clip("\n".join([text, *caught, link])))

    async def _looked(self, table: Table, seat: SeatRow) -> None:
        """The seat looked at the game as it is now (the board's marks start from here)."""
        if (seat.seen_version or 0) < table.row.version:
            await self.store.set_seen(table.row.id, seat.seat, table.row.version)
            self.views.keep(table.row.id, table.row.version, table.rules.view(table.state, None))
            updated = [
                replace(s, seen_version=table.row.version) if s.seat == seat.seat else s for s in table.seats
            ]
            if self._tables.get(table.row.id) is table:
                self._tables[table.row.id] = replace(table, seats=updated)

    async def _refuse_with_board(self, table: Table, sentence: str) -> Outcome:
        outcome = Outcome.refuse(sentence)
        outcome.ephemeral_image = await self._board_png(table)
        return outcome

    # ================================================================== buttons and private ways in

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
            return Outcome.refuse(t("foreign_button", await self._caller_lang(user_id, locale)))
        if parsed.verb == "a":
            return await self.act(
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
            return await self.hand(channel_id, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "v":
            return await seats.vote_button(self, user_id, parsed.game_pk, parsed.action, locale=locale)
        if parsed.verb == "q":
            return await self.hint(None, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "n":
            return await self.narrow_panel(
                user_id, game_pk=parsed.game_pk, version=parsed.version, prefix=parsed.action, locale=locale
            )
        if parsed.verb == "l":
            return await self.legend(None, user_id, game_pk=parsed.game_pk, locale=locale)
        if parsed.verb == "j":
            return await self.join_game(parsed.game_pk, user_id, user_name or str(user_id), locale=locale)
        if parsed.verb == "r":
            return await rematch.rematch(
                self, parsed.game_pk, user_id, user_name or str(user_id), channel_id, locale=locale
            )
        return await self.turn_panel(user_id, game_pk=parsed.game_pk, locale=locale)

    async def claim_interaction(
        self, interaction_id: int | None, user_id: int | None, *, locale: Any = None
    ) -> Outcome | None:
        """Record a command that logs no action as processed before running it: None to go on,
        or the refusal of one processed before (never run twice, also after a restart)."""
        if interaction_id is None or await self.store.claim_interaction(interaction_id, self.clock()):
            return None
        return Outcome.refuse(t("already_done", await self._caller_lang(user_id, locale)))

    async def turn_panel(self, user_id: int, *, game_pk: int, locale: Any = None) -> Outcome:
        """Ephemeral: the caller's prompt and all their choices as buttons."""
        lang = await self._caller_lang(user_id, locale)
        table = await self._running(None, game_pk, lang)
        if isinstance(table, Outcome):
            return table
        seat = table.seat_of(user_id)
        if seat is None:
            return Outcome.refuse(t("not_seated", lang))
        if seat.seat not in table.rules.to_act(table.state):
            return Outcome.refuse(self._whose_turn(table, lang))
        await self._looked(table, seat)
        choices = self._action_choices(table, seat.seat, lang)
        text = table.rules.prompt(table.state, seat.seat, lang)
        if choices is None:
            text += "\n" + t("too_many_choices", lang)
        image = await self._decision_png(table, seat.seat, lang)
        return Outcome(ephemeral=text, ephemeral_image=image, ephemeral_choices=choices or [])

    async def hand(
        self, channel_id: int | None, user_id: int, *, game_pk: int | None = None, locale: Any = None
    ) -> Outcome:
        """Ephemeral: what only the caller knows, and their private choices as buttons."""
        lang = await self._caller_lang(user_id, locale)
        table = await self._running(channel_id, game_pk, lang)
        if isinstance(table, Outcome):
            return table
        seat = table.seat_of(user_id)
        if seat is None:
            return Outcome.refuse(t("not_seated", lang))
        rules = table.rules
        await self._looked(table, seat)
        summary = rules.private_summary(table.state, seat.seat, lang) or t("nothing_secret", lang)
        lines = [t("hand_header", lang, title=rules.display_title(lang)), summary]
        choices = self._private_choices(rules, table, seat.seat, lang)
        if choices or (
            seat.seat in rules.to_act(table.state) and rules.private_choices(table.state, seat.seat)
        ):
            lines.append(rules.prompt(table.state, seat.seat, lang))
            if not choices:
                lines.append(t("too_many_choices", lang))
        image = await self._private_png(table, seat.seat)
        return Outcome(ephemeral=clip("\n".join(lines)), ephemeral_image=image, ephemeral_choices=choices)

    async def board(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """Post the current board again, as the new turn message (or, to the caller, the
        lobby's seats)."""
        lang = await self._caller_lang(user_id, locale)
        table = await self._open_table(channel_id)
        if table is None:
            return Outcome.refuse(t("no_game", lang))
        if table.row.status == "lobby":
            seats = join_names(list(table.names.values()), lang)
            return Outcome(ephemeral=t("lobby_list", lang, seats=seats))
        if (broken := self._broken_refusal(table, lang)) is not None:
            return broken
        async with self._lock(table.row.channel_id):
            return Outcome(public=await flow.board_again(self, table))

    def autocomplete(
        self, channel_id: int, user_id: int, typed: str, locale: Any = None
    ) -> list[tuple[str, str]]:
        """(label, value) of the caller's legal actions matching ``typed``, from memory; the
        labels in the interaction's language (else the caller's remembered one).

        The value is the action's button custom_id (``tw:a:<game>:<version>:<action>``), so a
        move picked from the list carries the state version it was offered at, as a button
        does (:meth:`act` refuses it as stale once the game has moved on); an action that
        cannot be a custom_id is offered as its bare text (played if legal when sent)."""
        lang = normalise(locale) if locale is not None else self._locales.get(user_id, DEFAULT)
        pk = self._channel_games.get(channel_id)
        table = self._tables.get(pk) if pk is not None else None
        if table is None or table.row.status != "active" or table.state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        rules = table.rules
        wanted = typed[:MAX_MOVE_TEXT].strip().lower()
        found: list[tuple[str, str]] = []
        for action in rules.legal(table.state, seat.seat):
            text = str(action)
            label = rules.label(table.state, seat.seat, action, lang, table.names)
            if wanted and wanted not in text.lower() and wanted not in label.lower():
                continue  # matched whatever its case: "enact i" finds Cuba's "enact I II"
            name = label if label.lower() == text.lower() else f"{label} — {text}"
            try:
                value = custom_id("a", table.row.id, table.row.version, text.lower())
            except ValueError:
                value = text
            found.append((name[:100], value))
            if len(found) == MAX_AUTOCOMPLETE:
                break
        return found

    # ================================================================== undo

    async def undo(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        lang = await self._caller_lang(user_id, locale)
        table = await self._running(channel_id, None, lang)
        if isinstance(table, Outcome):
            return table
        async with self._lock(table.row.channel_id):
            table = await self._running(None, table.row.id, lang)
            if isinstance(table, Outcome):
                return table
            seat = table.seat_of(user_id)
            if seat is None:
                return Outcome.refuse(t("not_seated", lang))
            actions = await self.store.actions(table.row.id)
            played = effective_plays(actions)
            mine = [a for a in played if a.seat == seat.seat]
            if not mine:
                return Outcome.refuse(t("undo_nothing", lang))
            # The player's last move of their own goes back with the only choices the table
            # played for them after it (bot/autoplay.py), which would otherwise come straight back.
            autos = 0
            while autos < len(played) - 1 and autoplay.is_auto(played[-1 - autos].events):
                autos += 1
            taken = played[len(played) - 1 - autos :]
            last = taken[0]
            base = await self.store.replay_base(table.row.id)
            if base is not None and last.n < base.version:
                return Outcome.refuse(t("undo_before_base", lang))
            if any(a.seat != seat.seat for a in taken):
                return Outcome.refuse(t("undo_not_last", lang))
            if seat.seat not in table.rules.to_act(table.state):
                return Outcome.refuse(t("undo_not_your_turn", lang))
            if not all(undoable(Event.from_dict(e) for e in a.events) for a in taken):
                return Outcome.refuse(t("undo_hidden", lang))
            rules = table.rules
            seat_ids = [s.seat for s in table.seats]
            now = self.clock()
            found = await calls.prefs(self, table)
            version = table.row.version
            state = table.state
            for k, undone_row in enumerate(reversed(taken)):  # newest first, one undo row each
                try:
                    state = replay_state(rules, table.row, seat_ids, played[: len(played) - 1 - k], base)
                except Exception as error:  # the log no longer replays: the game cannot go on
                    await self._mark_broken(table.row, f"undo: {type(error).__name__}: {error}")
                    return self._broken_refusal(await self._table(table.row), lang) or Outcome.refuse(
                        t("game_broken", lang, title=table.rules.display_title(lang))
                    )
                plan = self._timer_plan(
                    table, state, rules.to_act(table.state), now, version=version + 1, found=found
                )
                new_version = await self.store.append_action(
                    table.row.id,
                    expected_version=version,
                    seat=seat.seat,
                    text=f"undo {undone_row.n}",
                    kind="undo",
                    undoes=undone_row.n,
                    events=[],
                    state_json=dumps(rules.dump(state)),
                    status="active",
                    now=now,
                    timers=plan,
                )
                if new_version is None:
                    return Outcome.refuse(t("raced", lang))
                self._timers_added(plan)
                version = new_version
            new_table = replace(table, row=replace(table.row, version=version, updated=now), state=state)
            self._remember(new_table)

            def undone(language: str) -> str:
                try:
                    label = rules.label(
                        state, seat.seat, rules.parse(state, seat.seat, last.text), language, table.names
                    )
                except IllegalAction:
                    label = last.text
                return t("undone", language, name=seat.name, text=label)

            outcome = await self._after_change(
                new_table, Applied(seat.seat, "undo", [], table.state), intro=undone(new_table.lang)
            )
            outcome.ephemeral = undone(lang)
            return outcome

    # ================================================================== log, rules, settings

    async def log(self, channel_id: int, user_id: int, page: int = 1, *, locale: Any = None) -> Outcome:
        """Ephemeral: the public log lines (in the caller's language), newest page first."""
        lang = await self._caller_lang(user_id, locale)
        row = await self.store.open_game(channel_id) or await self.store.latest_game(channel_id)
        if row is None:
            return Outcome.refuse(t("no_game", lang))
        table = await self._table(row)
        if row.log_deleted is not None:
            return Outcome(ephemeral=t("log_deleted", lang, title=table.rules.display_title(lang), id=row.id))
        actions = await self.store.actions(row.id)
        if row.status not in ("lobby", "active") and row.broken is None:  # compacted: no events kept
            actions = await asyncio.to_thread(
                records.with_events,
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
        lang = await self._caller_lang(user_id, locale)
        if game is None and channel_id is not None:
            row = await self.store.open_game(channel_id)
            game = row.game if row else None
        if game is None:
            games = join_list(
                [f"{GAMES[gid].display_title(lang)} ({gid})" for _, gid in self.game_choices()], lang
            )
            return Outcome(ephemeral=t("rules_list", lang, games=games))
        if game not in GAMES:
            choices = join_list([g for _, g in self.game_choices()], lang)
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

    async def settings(self, channel_id: int, user_id: int, *, locale: Any = None, **changes: Any) -> Outcome:
        """Host only: ``reminder_hours`` (how often to remind whoever must act, > 0),
        ``clock_hours`` (the per-turn clock; 0 turns it off) and ``language`` (of the game's
        public messages: one of :data:`engine.i18n.LANGUAGES`). ``None`` leaves a setting as is;
        with no change the current settings are shown."""
        lang = await self._caller_lang(user_id, locale)
        unknown = sorted(set(changes) - set(self.SETTINGS))
        if unknown:
            names = join_list(list(self.SETTINGS), lang)
            return Outcome.refuse(t("settings_unknown", lang, name=unknown[0], names=names))
        reminder_hours, clock_hours = changes.get("reminder_hours"), changes.get("clock_hours")
        language, auto_play = changes.get("language"), changes.get("auto_play")
        if language is not None and language not in LANGUAGES:
            return Outcome.refuse(self._unknown_language(language, lang))
        takeover, hints = changes.get("takeover"), changes.get("hints")
        async with self._lock(channel_id):
            table = await self._open_table(channel_id)
            if table is None:
                return Outcome.refuse(t("no_game", lang))
            changing = any(
                v is not None for v in (reminder_hours, clock_hours, language, auto_play, takeover, hints)
            )
            if user_id != table.row.host_id and changing:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if (reminder_hours is not None and reminder_hours <= 0) or (
                clock_hours is not None and clock_hours < 0
            ):
                return Outcome.refuse(t("settings_bad", lang))
            if takeover is not None and self._bot_kind(table, takeover) is None:
                kinds = join_list([k for k in KINDS if self._bot_kind(table, k)], lang)
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
            if language_changed:
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
            table = await self._table(row)
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
        lang = await self._caller_lang(user_id, locale)
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
            table = await self._table(row)
            seat = table.seat_of(user_id)
            if seat is not None and seat.seat in table.rules.to_act(table.state):
                await self._rearm_bot_move(row.id)

    # ================================================================== the table at a glance

    async def status(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game status``: the table in a few lines (round, phase, who is to act and since
        when, the public scores), no picture; to the caller alone (:mod:`bot.glance`)."""
        return await glance.status(self, channel_id, user_id, await self._caller_lang(user_id, locale))

    async def mine(self, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game mine``: the caller's tables on every server, their turns first."""
        return await glance.mine(self, user_id, await self._caller_lang(user_id, locale))

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
        lang = await self._caller_lang(user_id, locale)
        return await glance.legend(self, game, channel_id, game_pk, lang)

    async def legend_png(self, game: str, labels: dict[str, str], lang: str) -> bytes | None:
        try:
            return await self.render_pool.run(self.legend_renderer, game, labels, lang)
        except Exception:  # the words still go out
            log.exception("drawing the legend of %s failed", game)
            return None

    # ================================================================== DMs refused, public messages

    async def dm_refused(self, user_id: int) -> None:
        """Discord refused a DM (403): remember it and never DM this user again."""
        await self.store.mark_dm_refused(user_id, self.clock())
        for pk, table in list(self._tables.items()):
            if any(s.user_id == user_id for s in table.seats):
                self._tables[pk] = replace(
                    table,
                    seats=[replace(s, dm_refused=True) if s.user_id == user_id else s for s in table.seats],
                )

    async def public_posted(self, msg: PublicMessage, message_id: int) -> None:
        """A live message of a game went out as a new message: keep its id (the turn message
        to edit, the board picture with the version it shows, the lobby notice)."""
        if msg.live is not None:
            self._edited[message_id] = msg.live.version
            await flow.posted(self.store, msg, message_id)

    def edit_wanted(self, msg: PublicMessage) -> bool:
        """Whether an edit still brings news: not when a later version's edit of the same
        message went out first (it holds everything this one says)."""
        if msg.live is None or msg.edit_id is None:
            return True
        return self._edited.get(msg.edit_id, -1) <= msg.live.version

    def public_edited(self, msg: PublicMessage) -> None:
        """A live message was edited in place (see :meth:`edit_wanted`)."""
        if msg.live is not None and msg.edit_id is not None:
            self._edited[msg.edit_id] = max(self._edited.get(msg.edit_id, -1), msg.live.version)

    # ================================================================== timers and computer seats

    async def run_due_timers(self) -> list[Outcome]:
        """Run every timer that is due: reminders, lobby warnings and expiry, clock expiry, and
        computer seats' moves. Each timer is claimed (deleted) first, so it runs once."""
        outcomes: list[Outcome] = await self.upkeep()
        claimed = await self.claim_due_timers()
        # concurrently: one game's computer player searching must not delay another game's timers
        ran = await asyncio.gather(*(self.run_timer(timer) for timer in claimed))
        return outcomes + [o for o in ran if o is not None]

    async def upkeep(self) -> list[Outcome]:
        """The notices waiting to be said, and the hourly storage sweep (see :meth:`sweep`)."""
        outcomes: list[Outcome] = self.take_notices()
        if self.clock() >= self._next_sweep:
            self._next_sweep = self.clock() + SWEEP_INTERVAL_S
            try:
                await self.sweep()
            except Exception:
                log.exception("deleting expired logs failed; tried again in an hour")
        return outcomes

    async def claim_due_timers(self) -> list[Any]:
        """The timers due now, each claimed (deleted) so that it runs once, in this process."""
        due = await self.store.due_timers(self.clock(), self.shards)
        return [tm for tm in due if await self.store.claim_timer(tm.id)]

    async def run_timer(self, timer: Any) -> Outcome | None:
        """Run one claimed timer (``bot.delivery.run_timers`` runs each in a task of its own)."""
        handler = TIMER_HANDLERS.get(timer.kind)
        if handler is None:
            log.warning("unknown timer kind %r dropped", timer.kind)
            return None
        try:
            return await handler(self, timer.game_pk, timer.payload)
        except Exception:  # one broken game must not stop the others' timers
            log.exception("timer %s (%s) of game %s failed", timer.id, timer.kind, timer.game_pk)
            if timer.kind == "bot":  # try the computer move again later rather than stall
                due = self.clock() + max(self.config.bot_delay_s, BOT_RETRY_S)
                plan = TimerPlan(add=[("bot", due, timer.payload)])
                await self.store.add_timers(timer.game_pk, plan)
                self._timers_added(plan)
            return None

    async def next_timer_due(self) -> float | None:
        """When the earliest timer is due; now when a notice waits to be said."""
        if self._notices:
            return self.clock()
        return await self.store.next_timer_due(self.shards)

    async def sweep(self) -> None:
        """Storage upkeep (the timer loop runs it hourly): forget processed interactions older
        than :data:`INTERACTION_MEMORY_S`, delete the logs of games closed more than
        ``KEEP_FINISHED_DAYS`` ago (results and stats stay), and give the freed space back."""
        now = self.clock()
        await self.store.forget_interactions(now - INTERACTION_MEMORY_S)
        days = self.config.keep_finished_days
        if days is not None:
            deleted = await self.store.delete_closed_logs(now - days * 86400, now)
            if deleted:
                log.info("deleted the logs of %d games closed more than %s days ago", len(deleted), days)
        await self.store.reclaim_space()

    # ================================================================== several processes

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
        """A press in a direct message, which Discord delivers to shard 0's process whatever the
        game: when the button's game belongs to another process's shards, hand it over (True) —
        a ``press`` timer due now, which only that process's timer loop runs (and answers through
        ``reply_to``, the interaction's plain handle, :attr:`Outcome.reply_to`). False: the game
        is this process's (or the button is not a game's), press it here."""
        if self.shards.everything:
            return False
        parsed = parse_custom_id(custom_id)
        row = await self.store.game(parsed.game_pk) if parsed is not None else None
        if row is None or self.shards.owns(row.guild_id):
            return False
        payload = {
            "custom_id": custom_id,
            "user_id": user_id,
            "channel_id": channel_id,
            "locale": None if locale is None else str(locale),
            "interaction_id": interaction_id,
            "user_name": user_name,
            "reply_to": reply_to,
        }
        await self.store.add_timers(row.id, TimerPlan(add=[("press", self.clock(), payload)]))
        log.info("handed a press on game %s over to shard %s", row.id, self.shards.of(row.guild_id))
        return True

    async def _timer_press(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """A press another process handed over (see :meth:`hand_over_press`), answered here."""
        outcome = await self.press(
            payload["custom_id"],
            payload["user_id"],
            payload.get("channel_id"),
            locale=payload.get("locale"),
            interaction_id=payload.get("interaction_id"),
            user_name=payload.get("user_name"),
        )
        outcome.reply_to = payload.get("reply_to")
        return outcome

    async def _timer_reminder(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """Remind the people to act, each the way they chose (a mention, a DM, both, none),
        with what they must decide, how long the table has waited and a link to the board.
        People in quiet hours or on vacation are left out: their reminder is held until the
        pause ends (a ``held`` timer, unless one waits already); so is anybody called less than
        half a reminder period ago (a held call just made)."""
        table = await self._running(None, pk)
        if isinstance(table, Outcome):
            return None
        found = await calls.prefs(self, table)
        people = self._called(table, table.rules.to_act(table.state), found)
        if not people:
            return None
        now = self.clock()
        due = now + table.row.reminder_s
        await self._add_timers(pk, TimerPlan(clear=("reminder",), add=[("reminder", due, {})]))
        live = await self.store.live_messages(pk)
        since = live.turn_since or table.row.updated
        held_timers = [tm for tm in await self.store.timers(pk) if tm.kind == "held"]
        waiting = {tm.payload.get("seat") for tm in held_timers}
        due_now = {tm.payload.get("seat") for tm in held_timers if tm.due <= now}  # called in a moment
        callable_now, held = [], []
        for seat in people:
            pref = found.get(seat.user_id or 0)
            until = calls.paused(pref, now)
            if until is not None:
                if seat.seat not in waiting and pref is not None and pref.notify != "none":
                    held.append(("held", until, {"seat": seat.seat, "since": since}))
            elif seat.seat not in due_now and not self._called_lately(table, seat.seat):
                callable_now.append(seat)
        if held:
            await self._add_timers(pk, TimerPlan(add=held))
        return await self._call(table, callable_now, found, live, since, reminder=due)

    async def _call(
        self,
        table: Table,
        people: list[SeatRow],
        found: dict[int, UserPrefs],
        live: Any,
        since: float,
        *,
        reminder: float | None = None,
    ) -> Outcome | None:
        """Call ``people`` to their turn now, each their way: one public message mentioning
        those who want a mention (what each must decide, since when the table waits, a link to
        the board; ``reminder``: when the next reminder comes), DMs in their own language to
        those who want one (a secret simultaneous decision: the decision itself)."""
        rules, lang = table.rules, table.lang
        link = calls.board_link(table.row, live)
        lines, mentions, dms = [], [], []
        for seat in people:
            self._calls[(table.row.id, seat.seat)] = self.clock()
        secret = set(rules.to_act(table.state)) if len(rules.to_act(table.state)) > 1 else set()
        for seat in people:
            user = seat.user_id or 0
            way = found.get(user, UserPrefs()).notify
            if way in calls.MENTION:
                mentions.append(user)
                lines.append(
                    t(
                        "reminder_line",
                        lang,
                        mention=mention(user),
                        prompt=self._public_prompt(table, seat.seat),
                    )
                )
            private = seat.seat in secret and rules.private_choices(table.state, seat.seat)
            if (way in calls.DM or (private and way != "none")) and not seat.dm_refused:
                dm = await self._call_dm(
                    table, seat, private, {**found, user: replace(found.get(user, UserPrefs()), notify="dm")}
                )
                if dm is not None:
                    ulang = (await self._user_langs([user]))[user]
                    waited = t("waited_since", ulang, since=hours.stamp(since))
                    dms.append(replace(dm, text=clip(f"{dm.text}\n{waited}")))
        public = []
        if lines:
            head = t("reminder", lang, title=table.title, since=hours.stamp(since), link=link)
            tail = [t("next_reminder", lang, when=hours.stamp(reminder))] if reminder is not None else []
            public.append(
                PublicMessage(table.row.channel_id, clip("\n".join([head, *lines, *tail])), mentions=mentions)
            )
        if not public and not dms:
            return None
        return Outcome(public=public, private=dms)

    def _called_lately(self, table: Table, seat: str) -> bool:
        """Whether ``seat`` was called less than half a reminder period ago (by this process)."""
        return self.clock() - self._calls.get((table.row.id, seat), -1e18) < table.row.reminder_s / 2

    def _public_prompt(self, table: Table, seat: str) -> str:
        """What ``seat`` must decide, as the table may read it (a private decision: only that
        it is one)."""
        if table.rules.private_choices(table.state, seat):
            return t("decide_in_private", table.lang)
        return table.rules.prompt(table.state, seat, table.lang)

    async def _timer_held(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """A call held during a person's quiet hours or vacation: made now that they may be
        called, if it is still the turn it was for (held again if they are still paused)."""
        table = await self._running(None, pk)
        if isinstance(table, Outcome):
            return None
        seat_id = payload.get("seat")
        if seat_id not in table.rules.to_act(table.state):
            return None
        live = await self.store.live_messages(pk)
        if payload.get("since") is not None and live.turn_since != payload.get("since"):
            return None  # another turn since: its own call was made
        found = await calls.prefs(self, table)
        people = self._called(table, [seat_id], found)
        if not people:
            return None
        until = calls.paused(found.get(people[0].user_id or 0), self.clock())
        if until is not None:
            await self._add_timers(pk, TimerPlan(add=[("held", until, dict(payload))]))
            return None
        if self._called_lately(table, seat_id):  # a reminder just did
            return None
        return await self._call(table, people, found, live, live.turn_since or table.row.updated)

    async def _timer_lobby_warn(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        row = await self.store.game(pk)
        if row is None or row.status != "lobby":
            return None
        lang = normalise(row.language)
        title = GAMES[row.game].display_title(lang)
        ends = hours.stamp(row.created + self.config.lobby_expiry_s)
        text = t("lobby_warning", lang, mention=mention(row.host_id), title=title, when=ends)
        return Outcome(public=[PublicMessage(row.channel_id, text, mentions=[row.host_id])])

    async def _timer_lobby_expire(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        row = await self.store.game(pk)
        if row is None:
            return None
        async with self._lock(row.channel_id):
            if not await self.store.set_status(pk, "abandoned", self.clock(), only_from=("lobby",)):
                return None
            self._remember(Table(replace(row, status="abandoned"), [], GAMES[row.game]))
        lang = normalise(row.language)
        text = t("lobby_expired", lang, title=GAMES[row.game].display_title(lang))
        return Outcome(public=[PublicMessage(row.channel_id, text), *await flow.closing(self, row, text)])

    async def _timer_clock(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        table = await self._running(None, pk)
        if isinstance(table, Outcome):
            return None
        seat = payload.get("seat")
        if seat not in table.rules.to_act(table.state) or table.seat(seat).is_bot:
            return None
        user = table.seat(seat).user_id
        live = await self.store.live_messages(pk)
        if user is not None and live.turn_since is not None and table.row.clock_s:
            # The clock runs only outside quiet hours and vacations, as they are now.
            pref = (await self.store.prefs_of([user]))[user]
            due = hours.deadline(pref, live.turn_since, table.row.clock_s)
            if due > self.clock() + 1:
                await self._add_timers(pk, TimerPlan(add=[("clock", due, dict(payload))]))
                return None
        await self.store.set_timed_out(pk, seat, True)
        await self._table(table.row)
        others = [s.user_id for s in table.seats if s.user_id and s.seat != seat and not s.is_bot]
        text = t("clock_expired", table.lang, name=table.name(seat))
        return Outcome(public=[PublicMessage(table.row.channel_id, text, mentions=others)])

    async def _timer_bot(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """One computer seat's move (the next one gets its own timer, so people can follow), or
        the move of a computer player standing in for a player on vacation. The move is searched
        outside the channel's lock and applied only if the game did not move meanwhile (see
        :mod:`bot.computer`)."""
        for _attempt in range(RACE_RETRIES):
            table = await self._running(None, pk)
            if isinstance(table, Outcome):
                return None
            stand = calls.stand_ins(table, await calls.prefs(self, table), self.clock())
            bots = [s for s in table.rules.to_act(table.state) if table.seat(s).is_bot or s in stand]
            if not bots:
                return None
            seat = bots[0]
            kind = self._bot_kind(table, table.seat(seat).bot_kind or stand.get(seat) or "") or "random"
            note = t("stood_in", table.lang, name=table.name(seat)) if seat in stand else None
            try:
                action = await computer.move(self, table, seat, kind)
            except Exception:  # a faulty computer player must not stall the game
                log.exception("computer player %s failed in game %s; playing at random", kind, pk)
                legal = table.rules.legal(table.state, seat)
                action = player(table.row.game, "random", computer.ai_seed(table, seat)).choose({}, legal)
            async with self._lock(table.row.channel_id):
                current = await self._running(None, pk)
                if isinstance(current, Outcome) or current.row.version != table.row.version:
                    continue  # the game moved while the move was searched: search again
                new_state, events = current.rules.apply(current.state, seat, action)
                outcome = await self._commit(current, seat, action, new_state, events, note=note)
                if outcome is not None:
                    return outcome
        return None

    async def hint(
        self, channel_id: int | None, user_id: int, *, game_pk: int | None = None, locale: Any = None
    ) -> Outcome:
        """``/game hint`` and the "?" button (see :func:`bot.computer.hint`)."""
        return await computer.hint(self, channel_id, user_id, game_pk=game_pk, locale=locale)

    async def export(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game export``: the channel's finished or abandoned game as a JSON file."""
        lang = await self._caller_lang(user_id, locale)
        return await records.export(self, channel_id, user_id, lang)

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
        lang = await self._caller_lang(user_id, locale)
        return await records.game_history(self, channel_id, guild_id, page, scope, lang)

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
        lang = await self._caller_lang(user_id if caller_id is None else caller_id, locale)
        return await records.stats(self, guild_id, user_id, clip_name(name), lang)

    async def forget_me(self, user_id: int, confirm: bool = False, *, locale: Any = None) -> Outcome:
        """``/game forget-me``: the caller's stats and name out of every stored game."""
        lang = await self._caller_lang(user_id, locale)
        return await records.forget_me(self, user_id, confirm, lang)

    # ================================================================== replay

    async def replay(self, game_pk: int) -> Any:
        """The state rebuilt from the action log: from the seed, the seats and the options, or
        from the game's replay base (:meth:`bot.gamestore.GameStore.replay_base`)."""
        row = await self.store.game(game_pk)
        seats = [s.seat for s in await self.store.seats(game_pk)]
        plays = effective_plays(await self.store.actions(game_pk))
        return replay_state(GAMES[row.game], row, seats, plays, await self.store.replay_base(game_pk))


TIMER_HANDLERS: dict[str, Callable[[GameService, int, dict[str, Any]], Any]] = {
    "reminder": GameService._timer_reminder,
    "lobby_warn": GameService._timer_lobby_warn,
    "lobby_expire": GameService._timer_lobby_expire,
    "clock": GameService._timer_clock,
    "bot": GameService._timer_bot,
    "held": GameService._timer_held,
    "press": GameService._timer_press,
}


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
