"""The tables: every open game as the service sees it, loaded, cached and locked.

This is the lowest part of the service (:mod:`bot.service.front` is its front). It holds

* :class:`Table` — one game: its row, its seats, its rules and (once started) its state;
* the cache of open tables (autocomplete reads only memory; a state is reused while the stored
  version is the cached one) and the channel → open game map: a game enters on its first use
  since the start (none is loaded at start) and leaves when it closes, when every part is told
  to forget it (:meth:`Tables.on_close`);
* one ``asyncio.Lock`` per channel while a command holds or waits for it (the commands of one
  process on one game run in turn; the store's version check keeps two processes from both
  applying);
* the callers' languages (an interaction's locale, remembered for their DMs);
* a game whose log no longer replays (broken: marked, kept, and refused with one sentence);
* :meth:`Tables.at` — the opening steps every command shares (language → lock → the game in
  the state the command needs → the caller's seat), refusing with the right sentence by raising
  :class:`Refused`, which :func:`refusing` turns back into the command's answer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal, ParamSpec, TypedDict, Unpack

from bot import logs
from bot import names as naming
from bot.config import Settings
from bot.recent import Recent
from bot.service import pictures, replays
from bot.service.outcome import Outcome, PublicMessage
from bot.service.replays import checked_state
from bot.stores.protocol import GameStore
from bot.stores.rows import AlreadyProcessed, GameRow, SeatRow, TableRows, TimerPlan, UserPrefs, dumps
from bot.texts import has_text, normalise, t
from engine import BUILTIN_GAMES, GAMES
from engine.core import Event, Rules
from engine.i18n import DEFAULT, join_words

log = logging.getLogger(__name__)

#: Discord refuses message contents longer than this.
MAX_TEXT = 1900
#: Player names are clipped to this many characters for every text and picture (Discord's own
#: display names are at most 32; nothing longer is ever drawn).
MAX_NAME = naming.MAX_NAME


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
        return {s.seat: s.name or naming.EMPTY for s in self.seats}  # stored as bot.names.shown made them

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
    #: The seats whose last look (:func:`bot.service.catchup.looked`) is the game after the change;
    #: None: the seat that acted (every seat at the start, when there was no state before).
    looked: tuple[str, ...] | None = None
    #: The people's preferences, when the change read them already (None: read them to show it).
    found: dict[int, UserPrefs] | None = None


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
    """A player's name as the bot stores and writes it: cleaned, at most :data:`MAX_NAME`
    characters, never empty, its markdown and mentions escaped (:func:`bot.names.shown`)."""
    return naming.shown(name)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def hints_exist(game_id: str) -> bool:
    """Whether the game has a strong player to give hints (every built-in game does)."""
    return game_id in BUILTIN_GAMES


# ====================================================================== refusals


class Refused(Exception):
    """A command refused: ``outcome`` is its answer (raised by :meth:`Tables.at`)."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.ephemeral)
        self.outcome = outcome


P = ParamSpec("P")


def refusing(command: Callable[P, Awaitable[Outcome]]) -> Callable[P, Awaitable[Outcome]]:
    """A command whose :class:`Refused` answers with its outcome."""

    @functools.wraps(command)
    async def run(*args: P.args, **kwargs: P.kwargs) -> Outcome:
        try:
            return await command(*args, **kwargs)
        except Refused as refused:
            return refused.outcome

    return run


#: What a command needs of the game: a lobby, a running game, or any open one.
Need = Literal["lobby", "running", "open"]


class Where(TypedDict, total=False):
    """Which game a command is about and what it needs of it (:meth:`Tables.find`)."""

    #: The channel's open game (unless ``game_pk`` names the game).
    channel_id: int | None
    game_pk: int | None
    #: The state the game must be in ("running" when not said).
    need: Need
    #: Whether the caller must hold a seat (True when not said).
    seated: bool
    #: The caller's language when the command knows it already.
    lang: str | None
    #: The command's Discord interaction: refused (:class:`AlreadyProcessed`) when the game's
    #: read finds it processed before.
    interaction_id: int | None
    #: A move: the game as this process holds it may be used without reading it
    #: (:meth:`Tables.held_copy`).
    held: bool


@dataclass
class At:
    """Where a command stands once :meth:`Tables.at` opened it: the caller's language, the
    table and the caller's seat (None only when the command did not ask for one)."""

    lang: str
    table: Table
    caller: SeatRow | None

    @property
    def seat(self) -> SeatRow:
        """The caller's seat (a command that asked for ``seated`` always has one)."""
        if self.caller is None:
            raise Refused(Outcome.refuse(t("not_seated", self.lang)))
        return self.caller


# ====================================================================== the tables


class Tables:
    """The open games of this process: loading, caching, locking, languages, broken games."""

    def __init__(self, store: GameStore, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        #: channel → its lock, while a command holds it or waits for it (:meth:`lock`)
        self.locks: dict[int, asyncio.Lock] = {}
        self._lock_users: dict[int, int] = {}
        #: Called with a game's pk when it closes: each part forgets what it kept of it.
        self._on_close: list[Callable[[int], None]] = []
        #: game pk → last loaded table (autocomplete, state reuse)
        self.cached: dict[int, Table] = {}
        #: channel → open game pk
        self.channel_games: dict[int, int] = {}
        #: user → language remembered from their interactions (the most recent people's)
        self.locales: Recent[int, str] = Recent()
        #: game pk → "this game is broken", not yet said
        self.notices: dict[int, Outcome] = {}
        #: Set when a timer was added that is due before the timer loop means to wake
        #: (``wake_at``, which the loop sets before it sleeps): the loop wakes at once.
        self.timers_changed = asyncio.Event()
        self.wake_at = math.inf

    # ------------------------------------------------------------------ languages

    def locale_to_remember(self, user_id: int, locale: Any) -> tuple[str, tuple[int, str] | None]:
        """The caller's language from their interaction's ``locale`` (None: not known, see
        :meth:`caller_lang`), and (user id, language) when it is new here and must be remembered
        — by the caller, with the command's own write (a move's, ``append_action(locale=…)``)
        or :meth:`remember_locale`."""
        lang = normalise(locale)
        if self.locales.get(user_id) == lang:
            return lang, None
        return lang, (user_id, lang)

    async def remember_locale(self, remember: tuple[int, str]) -> None:
        """Store a language :meth:`locale_to_remember` named, when no write took it along."""
        user_id, lang = remember
        await self.store.remember_locale(user_id, lang, self.clock())
        self.locales[user_id] = lang

    def remembered(self, remember: tuple[int, str]) -> None:
        """A write took the language :meth:`locale_to_remember` named along."""
        user_id, lang = remember
        self.locales[user_id] = lang

    async def caller_lang(self, user_id: int | None, locale: Any = None) -> str:
        """The caller's language: their interaction's locale (remembered, so that their DMs
        come in it too), else the one remembered from an earlier interaction, else English."""
        if locale is not None:
            lang = normalise(locale)
            if user_id is not None and self.locales.get(user_id) != lang:
                await self.store.remember_locale(user_id, lang, self.clock())
                self.locales[user_id] = lang
            return lang
        if user_id is None:
            return DEFAULT
        return (await self.user_langs([user_id]))[user_id]

    async def user_langs(self, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's remembered language (English for a user never seen with a locale).

        The store keeps what it read for a minute (:mod:`bot.stores.cache`): another process may
        have seen the user with a new locale since."""
        wanted = set(user_ids)
        found = await self.store.locale_of(wanted)
        langs = {user: normalise(found.get(user)) for user in wanted}
        self.locales.update({user: lang for user, lang in langs.items() if user in found})
        return langs

    # ------------------------------------------------------------------ loading

    def held(self, channel_id: int) -> AbstractAsyncContextManager[None]:
        """The channel's lock (:meth:`lock`), held for a block that changes its game; the
        pictures of the messages composed in it are awaited once it is let go (:mod:`bot.service.pictures`)."""
        return pictures.deferred(self.lock(channel_id))

    @asynccontextmanager
    async def lock(self, channel_id: int) -> AsyncIterator[None]:
        """Hold the channel's lock (the commands of one channel run in turn). The lock exists
        while somebody holds it or waits for it, so that the map of locks stays as small as
        the commands in flight."""
        lock = self.locks.get(channel_id)
        if lock is None:
            lock = self.locks[channel_id] = asyncio.Lock()
        self._lock_users[channel_id] = self._lock_users.get(channel_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._lock_users[channel_id] - 1
            if left:
                self._lock_users[channel_id] = left
            else:
                del self._lock_users[channel_id], self.locks[channel_id]

    def on_close(self, forget: Callable[[int], None]) -> None:
        """Have ``forget(pk)`` called when a game closes (finished or abandoned), to drop what a
        part keeps of it: nothing of a closed game stays in memory."""
        self._on_close.append(forget)

    async def load(self, row: GameRow) -> Table:
        """The table for ``row``'s game, read afresh (its row and seats, one read); the state is
        reused from memory when the cached version is the row's, else read from the store."""
        found = await self.store.table_rows(pk=row.id)
        if found is None:  # games are never deleted: only a foreign row would get here
            raise LookupError(f"no game {row.id}")
        return await self.built(found)

    async def built(self, found: TableRows) -> Table:
        """The table of what :meth:`GameStore.table_rows` read (the state as :meth:`load` says)."""
        row, seats = found.game, found.seats
        rules = GAMES[row.game]
        cached = self.cached.get(row.id)
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
        table = Table(row, seats, rules, state, found.hints_allowed and hints_exist(row.game))
        self.remember(table)
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
            state = await replays.stored_state(self.store, row, [s.seat for s in seats])
            checked_state(rules, dumps(rules.dump(state)))
        except Exception as error:
            await self.mark_broken(row, f"{type(error).__name__}: {error}")
            return None
        await self.store.repair_state(row.id, row.version, dumps(rules.dump(state)))
        return state

    async def mark_broken(self, row: GameRow, reason: str) -> None:
        """The game's log no longer replays: mark it (it is kept), and tell its channel once."""
        log.error("game %s (%s) is broken: its log no longer replays: %s", row.id, row.game, reason)
        if await self.store.mark_broken(row.id, clip(reason, 500)):
            lang = normalise(row.language)
            text = t("game_broken", lang, title=GAMES[row.game].display_title(lang))
            self.notices[row.id] = Outcome(public=[PublicMessage(row.channel_id, text)])
            self.timers_changed.set()  # the timer loop delivers the notice now

    def take_notices(self) -> list[Outcome]:
        """The channel notices of games found broken that were not said yet (said once)."""
        notices, self.notices = list(self.notices.values()), {}
        return notices

    def broken_refusal(self, table: Table, lang: str) -> Outcome | None:
        """The one sentence a broken game answers every command with (None: not broken); the
        channel's notice goes with it when it was not said yet."""
        if table.broken is None:
            return None
        outcome = Outcome.refuse(t("game_broken", lang, title=table.rules.display_title(lang)))
        notice = self.notices.pop(table.row.id, None)
        if notice is not None:
            outcome.public = notice.public
        return outcome

    async def dm_refused(self, user_id: int) -> None:
        """Discord refused a DM (403): remember it, in the store and in every cached seat."""
        await self.store.mark_dm_refused(user_id, self.clock())
        for pk, table in list(self.cached.items()):
            if any(s.user_id == user_id for s in table.seats):
                seats = [replace(s, dm_refused=True) if s.user_id == user_id else s for s in table.seats]
                self.cached[pk] = replace(table, seats=seats)

    async def add_timers(self, pk: int, plan: TimerPlan) -> None:
        """Store ``plan``'s timer changes and wake the timer loop when one is due sooner."""
        await self.store.add_timers(pk, plan)
        self.timers_added(plan)

    def timers_added(self, plan: TimerPlan | None) -> None:
        """Wake the timer loop when ``plan`` adds a timer due before the loop means to wake."""
        if plan is not None and any(due < self.wake_at for _, due, _ in plan.add):
            self.timers_changed.set()

    def remember(self, table: Table) -> None:
        """Keep an open game in memory (autocomplete, state reuse); forget a closed one."""
        pk, channel = table.row.id, table.row.channel_id
        if table.row.status in ("lobby", "active"):
            self.cached[pk] = table
            self.channel_games[channel] = pk
            return
        self.cached.pop(pk, None)
        if self.channel_games.get(channel) == pk:
            del self.channel_games[channel]
        for forget in self._on_close:
            forget(pk)

    async def lock_key(self, channel_id: int | None, game_pk: int | None) -> int | None:
        """The channel whose lock guards the game (found by channel or by game id)."""
        if game_pk is None:
            return channel_id
        cached = self.cached.get(game_pk)
        if cached is not None:
            return cached.row.channel_id
        row = await self.store.game(game_pk)
        return row.channel_id if row else None

    def held_copy(
        self, channel_id: int | None, game_pk: int | None, interaction_id: int | None = None
    ) -> Table | None:
        """The running game (``game_pk``, or the channel's) as this process holds it, when its
        store holds the game's current version — it read or moved it last, and no other write
        of its own touched it since (:meth:`GameStore.holds`) — and ``interaction_id`` is not
        one it recorded; else None (read it). A move made on it is still version-checked: one
        made elsewhere in between makes the move's write fail, and the command reads the game
        and runs again."""
        pk = game_pk if game_pk is not None else self.channel_games.get(channel_id or 0)
        table = self.cached.get(pk) if pk is not None else None
        if table is None or table.state is None or table.row.status != "active" or table.broken:
            return None
        if channel_id is not None and game_pk is None and table.row.channel_id != channel_id:
            return None
        if interaction_id is not None and self.store.processed(interaction_id):
            return None  # a repeat: the game's read refuses it
        return table if self.store.holds(table.row.id, table.row.version) else None

    async def open(
        self,
        channel_id: int | None,
        game_pk: int | None = None,
        *,
        interaction_id: int | None = None,
        held: bool = False,
    ) -> Table | None:
        """The channel's open game (or the game ``game_pk``, whatever its status), loaded in one
        read; raises :class:`AlreadyProcessed` when that read finds ``interaction_id`` processed.
        ``held``: the game as this process holds it, when it does (:meth:`held_copy`), unread."""
        if held and (copy := self.held_copy(channel_id, game_pk, interaction_id)) is not None:
            return copy
        if game_pk is not None:
            found = await self.store.table_rows(pk=game_pk, interaction_id=interaction_id)
        elif channel_id is not None:
            found = await self.store.table_rows(channel_id=channel_id, interaction_id=interaction_id)
        else:
            return None
        if found is None:
            return None
        if found.interaction_seen:
            raise AlreadyProcessed(f"interaction {interaction_id}")
        return await self.built(found)

    async def running(
        self,
        channel_id: int | None,
        game_pk: int | None,
        lang: str = DEFAULT,
        *,
        interaction_id: int | None = None,
        held: bool = False,
    ) -> Table | Outcome:
        """The running game, or a refusal in ``lang`` saying why there is none (``held``: see
        :meth:`open`)."""
        table = await self.open(channel_id, game_pk, interaction_id=interaction_id, held=held)
        if table is None:
            return Outcome.refuse(t("no_game" if game_pk is None else "game_closed", lang))
        if table.row.status == "lobby":
            return Outcome.refuse(t("not_started", lang))
        if table.row.status != "active":
            return Outcome.refuse(t("game_over" if table.row.status == "finished" else "game_closed", lang))
        if table.row.paused_by is not None:  # /admin pause: no move until /admin resume
            return Outcome.refuse(t("game_paused", lang))
        return self.broken_refusal(table, lang) or table

    async def _needed(
        self,
        need: Need,
        channel_id: int | None,
        game_pk: int | None,
        lang: str,
        interaction_id: int | None,
        held: bool = False,
    ) -> Table:
        """The game in the state ``need`` asks for; :class:`Refused` saying why not."""
        if need == "running":
            found = await self.running(channel_id, game_pk, lang, interaction_id=interaction_id, held=held)
            if isinstance(found, Outcome):
                raise Refused(found)
            return found
        table = await self.open(channel_id, game_pk, interaction_id=interaction_id)
        if table is None:
            raise Refused(Outcome.refuse(t("no_game", lang)))
        if need == "lobby" and table.row.status != "lobby":
            raise Refused(Outcome.refuse(t("already_started", lang)))
        return table

    async def find(self, user_id: int, locale: Any = None, **where: Unpack[Where]) -> At:
        """The opening steps of a command that reads without the lock: the caller's language
        (``lang`` when known already), the game in the state the command ``need``\\ s (by
        ``channel_id``, or ``game_pk``), and the caller's seat (``seated``: refused when they
        have none). Every refusal raises :class:`Refused` with its sentence in the caller's
        language; the command (decorated with :func:`refusing`) answers with it."""
        lang = where.get("lang") or await self.caller_lang(user_id, locale)
        channel_id, game_pk = where.get("channel_id"), where.get("game_pk")
        table = await self._needed(
            where.get("need", "running"),
            channel_id,
            game_pk,
            lang,
            where.get("interaction_id"),
            where.get("held", False),
        )
        logs.bind(game=table.row.id)  # every later line of this command names its game
        caller = table.seat_of(user_id)
        if where.get("seated", True) and caller is None:
            raise Refused(Outcome.refuse(t("not_seated", lang)))
        return At(lang, table, caller)

    @asynccontextmanager
    async def at(self, user_id: int, locale: Any = None, **where: Unpack[Where]) -> AsyncIterator[At]:
        """:meth:`find` under the lock of the game's channel (found by ``game_pk`` when given):
        the opening steps of every command that changes a game."""
        lang = where["lang"] = where.get("lang") or await self.caller_lang(user_id, locale)
        game_pk = where.get("game_pk")
        key = await self.lock_key(where.get("channel_id"), game_pk)
        if key is None:
            raise Refused(Outcome.refuse(t("no_game" if game_pk is None else "game_closed", lang)))
        async with self.held(key):
            yield await self.find(user_id, **where)


class Part:
    """One part of the service (presenter, acting, seats, lobby, timers…): it reads and writes
    through the tables, their store and their clock, under the bot's settings."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.store = tables.store
        self.clock = tables.clock
        self.config = settings
