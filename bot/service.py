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

from bot import flow, records, seats, turns
from bot.choices import MESSAGE_CAPACITY, members, narrowed
from bot.config import Settings
from bot.gamestore import GameStore
from bot.outcome import Choice, Outcome, PrivateMessage, PublicMessage, custom_id, parse_custom_id
from bot.pages import pack
from bot.records import checked_state, effective_plays, replay_state
from bot.render_pool import RenderPool
from bot.store import (
    NOTIFY_MODES,
    ActionRow,
    AlreadyProcessed,
    AlreadySeated,
    ChannelBusy,
    GameRow,
    SeatRow,
    TimerPlan,
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
        self.seed_source = seed_source or (lambda: random.SystemRandom().randrange(1 << 31))
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
        table = Table(row, seats, rules, state)
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
        """Load every open game into memory (autocomplete reads only memory), and re-arm the
        move of a computer seat whose timer was claimed by a process that died before moving.

        Each game on its own: a bad state cache is rebuilt from the log, a game whose log no
        longer replays is marked broken (its channel is told by the timer loop's first round,
        :meth:`take_notices`), and a game that fails in any other way is logged and left out —
        every other game starts."""
        for row in await self.store.games(("lobby", "active")):
            try:
                table = await self._table(row)
                if table.state is not None and any(s in table.bots for s in table.rules.to_act(table.state)):
                    await self._rearm_bot_move(row.id)
            except Exception:
                log.exception("game %s (%s) could not be loaded; the other games start", row.id, row.game)

    async def _rearm_bot_move(self, pk: int) -> None:
        """A computer seat is to move: make sure a timer will move it (claimed timers are gone)."""
        if not any(timer.kind == "bot" for timer in await self.store.timers(pk)):
            due = self.clock() + self.config.bot_delay_s
            plan = TimerPlan(add=[("bot", due, {})])
            await self.store.add_timers(pk, plan)
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
    ) -> Outcome:
        """Open a lobby. Its public language is the server's (``guild_locale``), else the host's.

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
        }
        public = [PublicMessage(channel_id, t("lobby_opened", language, **values))]
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
                return await self._hand_to_bot(table, seat, "heuristic", "left_to_bot", name=seat.name)
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

    async def _hand_to_bot(self, table: Table, seat: SeatRow, kind: str, key: str, **values: Any) -> Outcome:
        """A running game's seat becomes a computer player; it moves by a 'bot' timer. The
        announcement ``key`` is public, in the game's language."""
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
            new_with_events = getattr(rules, "new_with_events", None)
            try:
                if new_with_events is not None:
                    state, events = new_with_events(seats, row.seed, **row.options)
                else:
                    state, events = rules.new(seats, row.seed, **row.options), []
            except IllegalAction as error:
                return Outcome.refuse(t("bad_option", lang, reason=error.text(lang)))
            now = self.clock()
            plan = self._timer_plan(table, state, [], now, version=1)
            plan.clear = ("lobby_warn", "lobby_expire", *plan.clear)
            if not await self.store.start_game(row.id, dumps(rules.dump(state)), now, plan):
                return Outcome.refuse(t("already_started", lang))
            self._timers_added(plan)
            table = Table(replace(row, status="active", version=1), table.seats, rules, state)
            self._remember(table)
            seated = join_names([s.name for s in table.seats], table.lang)
            intro = t("started", table.lang, title=table.title, seats=seated)
            return await self._after_change(table, Applied(None, "", events, None), intro=intro)

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
    ) -> Outcome | None:
        """Store an accepted action and say what follows; None when the version check failed.
        Raises :class:`AlreadyProcessed` (nothing stored) for an interaction processed before."""
        rules, row = table.rules, table.row
        now = self.clock()
        finished = rules.result(new_state) is not None
        plan = self._timer_plan(table, new_state, rules.to_act(table.state), now, version=row.version + 1)
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
            replace(row, version=new_version, status=status, updated=now), seats, rules, new_state
        )
        self._remember(new_table)
        return await self._after_change(new_table, Applied(seat, str(action), events, table.state))

    def _timer_plan(
        self, table: Table, state: Any, before_to_act: list[str], now: float, version: int
    ) -> TimerPlan:
        """Reminder, computer-move and clock timers for the state after a change."""
        rules = table.rules
        to_act = rules.to_act(state)
        bots = set(table.bots)
        humans = [s for s in to_act if s not in bots]
        plan = TimerPlan(clear=("reminder", "bot"))
        if humans:
            plan.add.append(("reminder", now + table.row.reminder_s, {}))
        if any(s in bots for s in to_act):
            plan.add.append(("bot", now + self.config.bot_delay_s, {}))
        if table.row.clock_s and set(to_act) != set(before_to_act):
            plan.clear = (*plan.clear, "clock")
            plan.add += [("clock", now + table.row.clock_s, {"seat": s, "version": version}) for s in humans]
        return plan

    # ================================================================== what people see

    def _view(self, table: Table, seat: str | None) -> dict[str, Any]:
        view = dict(table.rules.view(table.state, seat))
        view["names"] = table.names
        view["bots"] = table.bots
        return view

    async def _board_png(self, table: Table) -> bytes | None:
        view = self._view(table, None)
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
        hand_key = f"btn_my_hand_{table.row.game}"  # a game may name it (Santiago: My screen)
        hand = self._choice(table, "h", t(hand_key if has_text(hand_key) else "btn_my_hand", lang))
        return [*choices, *([hand] if hand else [])]

    def _turn_lines(self, table: Table) -> tuple[list[str], list[int]]:
        """Who must act, for the public board (in the game's language), and whom to mention.
        People deciding in private share one line (the parliament's bidders)."""
        rules, state, lang = table.rules, table.state, table.lang
        lines: list[str] = []
        mentions: list[int] = []
        private: list[int] = []
        for seat in rules.to_act(state):
            row = table.seat(seat)
            if row.is_bot or row.user_id is None:
                lines.append(t("bot_turn", lang, name=row.name))
                continue
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
        turn = turns.change(rules, before, table.state, views)
        changed = views[0] != views[1]  # else the board picture stays as it is
        public = await flow.after_change(self, table, applied.events, turn, changed, intro=intro)
        return Outcome(public=public, private=await self._dms(table, turn))

    async def _dms(self, table: Table, turn: turns.TurnChange) -> list[PrivateMessage]:
        """DMs only for what must be secret: a person whose turn begins with a secret
        simultaneous decision gets it by DM, with its choices and its picture (the place the
        decision picture is due outside My turn); a person who asked for it (``/game notify``)
        hears by DM that their turn begins. Nothing else: what one holds in secret is read in My
        hand, other private decisions are taken in the My turn panel — and nothing goes to a
        user whose DMs are closed."""
        rules, state = table.rules, table.state
        if not turn.starting or rules.result(state) is not None:
            return []
        people = [
            s
            for s in table.seats
            if s.seat in turn.starting and not s.is_bot and s.user_id is not None and not s.dm_refused
        ]
        if not people:
            return []
        secret = set(turns.asked_in_secret(rules, turn, state))
        users = [s.user_id for s in people]
        langs = await self._user_langs(users)
        ways = await self.store.notify_of(users) if any(s.seat not in secret for s in people) else {}
        messages: list[PrivateMessage] = []
        for seat in people:
            lang = langs[seat.user_id]
            title = rules.display_title(lang)
            prompt = rules.prompt(state, seat.seat, lang)
            if seat.seat in secret:
                choices = self._private_choices(rules, table, seat.seat, lang)
                summary = rules.private_summary(state, seat.seat, lang)
                lines = [t("dm_header", lang, title=title, channel=table.row.channel_id), summary, prompt]
                if not choices:
                    lines.append(t("too_many_choices", lang))
                text = clip("\n".join(ln for ln in lines if ln))
                # what the secret decision needs, drawn for this seat alone
                image = await self._decision_png(table, seat.seat, lang)
                messages.append(PrivateMessage(seat.user_id, text, image=image, choices=choices))
            elif ways.get(seat.user_id) == "mention+dm":
                text = t("dm_your_turn", lang, title=title, channel=table.row.channel_id, prompt=prompt)
                messages.append(PrivateMessage(seat.user_id, clip(text)))
        return messages

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
    ) -> Outcome:
        """Every button: ``a`` plays its action, ``h`` shows the hand, ``t`` the turn panel.
        ``interaction_id`` counts the press once (see :meth:`act` and :meth:`claim_interaction`)."""
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
        if parsed.verb == "n":
            return await self.narrow_panel(
                user_id, game_pk=parsed.game_pk, version=parsed.version, prefix=parsed.action, locale=locale
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
            if wanted and wanted not in text and wanted not in label.lower():
                continue
            name = label if label.lower() == text else f"{label} — {text}"
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
            last = played[-1]
            base = await self.store.replay_base(table.row.id)
            if base is not None and last.n < base.version:
                return Outcome.refuse(t("undo_before_base", lang))
            if last.seat != seat.seat:
                return Outcome.refuse(t("undo_not_last", lang))
            if seat.seat not in table.rules.to_act(table.state):
                return Outcome.refuse(t("undo_not_your_turn", lang))
            if not undoable(Event.from_dict(e) for e in last.events):
                return Outcome.refuse(t("undo_hidden", lang))
            rules = table.rules
            try:
                state = replay_state(rules, table.row, [s.seat for s in table.seats], played[:-1], base)
            except Exception as error:  # the log no longer replays: the game cannot go on
                await self._mark_broken(table.row, f"undo: {type(error).__name__}: {error}")
                return self._broken_refusal(await self._table(table.row), lang) or Outcome.refuse(
                    t("game_broken", lang, title=table.rules.display_title(lang))
                )
            now = self.clock()
            plan = self._timer_plan(
                table, state, rules.to_act(table.state), now, version=table.row.version + 1
            )
            new_version = await self.store.append_action(
                table.row.id,
                expected_version=table.row.version,
                seat=seat.seat,
                text=f"undo {last.n}",
                kind="undo",
                undoes=last.n,
                events=[],
                state_json=dumps(rules.dump(state)),
                status="active",
                now=now,
                timers=plan,
            )
            if new_version is None:
                return Outcome.refuse(t("raced", lang))
            self._timers_added(plan)
            new_table = Table(replace(table.row, version=new_version, updated=now), table.seats, rules, state)
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

    #: The game settings a host may change: the hours of reminders and clock, and the language.
    SETTINGS = ("reminder_hours", "clock_hours", "language")

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
        language = changes.get("language")
        if language is not None and language not in LANGUAGES:
            return Outcome.refuse(self._unknown_language(language, lang))
        async with self._lock(channel_id):
            table = await self._open_table(channel_id)
            if table is None:
                return Outcome.refuse(t("no_game", lang))
            changing = any(v is not None for v in (reminder_hours, clock_hours, language))
            if user_id != table.row.host_id and changing:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if (reminder_hours is not None and reminder_hours <= 0) or (
                clock_hours is not None and clock_hours < 0
            ):
                return Outcome.refuse(t("settings_bad", lang))
            reminder_s = table.row.reminder_s if reminder_hours is None else int(reminder_hours * 3600)
            clock_s = table.row.clock_s if clock_hours is None else (int(clock_hours * 3600) or None)
            await self.store.set_game_settings(table.row.id, reminder_s=reminder_s, clock_s=clock_s)
            language_changed = language is not None and language != table.lang
            if language_changed:
                await self.store.set_game_language(table.row.id, language)
            row = replace(table.row, reminder_s=reminder_s, clock_s=clock_s, language=language or table.lang)
            table = await self._table(row)
        clock = t("clock_off", lang) if clock_s is None else t("hours", lang, n=round(clock_s / 3600, 2))
        reminder = t("hours", lang, n=round(reminder_s / 3600, 2))
        done = t("settings_done", lang, reminder=reminder, clock=clock, language=LANGUAGE_NAMES[table.lang])
        public = []
        if language_changed:
            said = t("language_set", table.lang, language=LANGUAGE_NAMES[table.lang], title=table.title)
            public.append(PublicMessage(channel_id, said))
        return Outcome(ephemeral=done, public=public)

    async def notify(self, user_id: int, turn: str | None = None, *, locale: Any = None) -> Outcome:
        """``/game notify turn:``: how the caller hears that it is their turn — a mention in the
        game's channel (``mention``, the default) or a mention and a DM (``mention+dm``). Without
        a value it says how. Kept per user (``users.notify``), for every game."""
        lang = await self._caller_lang(user_id, locale)
        if turn is None:
            now = (await self.store.notify_of([user_id]))[user_id]
            return Outcome(ephemeral=t("notify_now", lang, way=t(f"notify_way_{now}", lang)))
        if turn not in NOTIFY_MODES:
            ways = join_list(list(NOTIFY_MODES), lang)
            return Outcome.refuse(t("notify_unknown", lang, way=turn, ways=ways))
        await self.store.set_notify(user_id, turn, self.clock())
        return Outcome(ephemeral=t("notify_done", lang, way=t(f"notify_way_{turn}", lang)))

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
        outcomes: list[Outcome] = self.take_notices()
        if self.clock() >= self._next_sweep:
            self._next_sweep = self.clock() + SWEEP_INTERVAL_S
            try:
                await self.sweep()
            except Exception:
                log.exception("deleting expired logs failed; tried again in an hour")
        for timer in await self.store.due_timers(self.clock()):
            if not await self.store.claim_timer(timer.id):
                continue
            handler = TIMER_HANDLERS.get(timer.kind)
            if handler is None:
                log.warning("unknown timer kind %r dropped", timer.kind)
                continue
            try:
                outcome = await handler(self, timer.game_pk, timer.payload)
            except Exception:  # one broken game must not stop the others' timers
                log.exception("timer %s (%s) of game %s failed", timer.id, timer.kind, timer.game_pk)
                if timer.kind == "bot":  # try the computer move again later rather than stall
                    due = self.clock() + max(self.config.bot_delay_s, BOT_RETRY_S)
                    plan = TimerPlan(add=[("bot", due, timer.payload)])
                    await self.store.add_timers(timer.game_pk, plan)
                    self._timers_added(plan)
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def next_timer_due(self) -> float | None:
        """When the earliest timer is due; now when a notice waits to be said."""
        if self._notices:
            return self.clock()
        return await self.store.next_timer_due()

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

    async def _timer_reminder(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        table = await self._running(None, pk)
        if isinstance(table, Outcome):
            return None
        _, mentions = self._turn_lines(table)
        if not mentions:
            return None
        due = self.clock() + table.row.reminder_s
        plan = TimerPlan(clear=("reminder",), add=[("reminder", due, {})])
        await self.store.add_timers(pk, plan)
        self._timers_added(plan)
        who = join_names([mention(u) for u in mentions], table.lang)
        text = t("reminder", table.lang, mentions=who, title=table.title)
        return Outcome(public=[PublicMessage(table.row.channel_id, text, mentions=mentions)])

    async def _timer_lobby_warn(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        row = await self.store.game(pk)
        if row is None or row.status != "lobby":
            return None
        hours = max(1, round((self.config.lobby_expiry_s * 0.25) / 3600))
        lang = normalise(row.language)
        title = GAMES[row.game].display_title(lang)
        text = t("lobby_warning", lang, mention=mention(row.host_id), title=title, hours=hours)
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
        await self.store.set_timed_out(pk, seat, True)
        await self._table(table.row)
        others = [s.user_id for s in table.seats if s.user_id and s.seat != seat and not s.is_bot]
        text = t("clock_expired", table.lang, name=table.name(seat))
        return Outcome(public=[PublicMessage(table.row.channel_id, text, mentions=others)])

    async def _timer_bot(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """One computer seat's move (the next one gets its own timer, so people can follow)."""
        table = await self._running(None, pk)
        if isinstance(table, Outcome):
            return None
        async with self._lock(table.row.channel_id):
            for _attempt in range(RACE_RETRIES):
                table = await self._running(None, pk)
                if isinstance(table, Outcome):
                    return None
                rules, state = table.rules, table.state
                bots = [s for s in rules.to_act(state) if table.seat(s).is_bot]
                if not bots:
                    return None
                seat = bots[0]
                kind = table.seat(seat).bot_kind or "random"
                index = int(seat[1:])
                ai_seed = table.row.seed * 1_000_003 + table.row.version * 7 + index
                legal = rules.legal(state, seat)
                try:
                    action = player(table.row.game, kind, ai_seed).choose(rules.view(state, seat), legal)
                    new_state, events = rules.apply(state, seat, action)
                except Exception:  # a faulty computer player must not stall the game
                    log.exception("computer player %s failed in game %s; playing at random", kind, pk)
                    action = player(table.row.game, "random", ai_seed).choose({}, legal)
                    new_state, events = rules.apply(state, seat, action)
                outcome = await self._commit(table, seat, action, new_state, events)
                if outcome is not None:
                    return outcome
        return None

    # ================================================================== closed games (bot/records.py)

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
                lines.append(table.rules.describe(event, names, lang))
    return lines
