"""The lobby: a table opened, joined, left, given computer players, started or abandoned.

A lobby expires when nobody starts it (its timers, :mod:`bot.service.timers`); ``/game new`` may open
the table in a thread of its own (:meth:`Lobby.table_thread` names it first).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.config import Settings
from bot.names import plain
from bot.service import calls, computer, decisions, flow, hours, lobby_message
from bot.service.acting import Acting
from bot.service.outcome import Outcome, PublicMessage
from bot.service.pages import pack
from bot.service.presenter import Presenter
from bot.service.seats import Seats
from bot.service.tables import (
    MAX_NAME,
    MAX_TEXT,
    Applied,
    Part,
    Refused,
    Table,
    Tables,
    clip,
    clip_name,
    join_names,
    kind_name,
    mention,
    refusing,
)
from bot.stores.rows import AlreadySeated, ChannelBusy, TimerPlan, dumps
from bot.texts import normalise, t, t_count
from engine import BUILTIN_GAMES, GAMES
from engine.ai import KINDS
from engine.core import IllegalAction, Rules
from engine.i18n import DEFAULT, join_list

#: ``/game new`` options longer than this (as typed, or as JSON) are refused with a sentence.
MAX_OPTIONS_TEXT = 300


class Lobby(Part):
    """Opening and filling tables, starting and abandoning games."""

    def __init__(
        self,
        tables: Tables,
        presenter: Presenter,
        acting: Acting,
        seats: Seats,
        settings: Settings,
        seed_source: Callable[[], int],
    ) -> None:
        super().__init__(tables, settings)
        self.presenter = presenter
        self.acting = acting
        self.seats = seats
        self.seed_source = seed_source

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
        ``rematch_of``: the finished game whose Rematch button opened it (:mod:`bot.service.rematch`).

        ``parent_channel_id``: ``channel_id`` is a thread opened for this table off that
        channel (see :meth:`table_thread`), where a notice links to it. ``no_thread``: the
        table could have had a thread but the bot may not open one here; the host is told why
        — once per channel."""
        lang = await self.tables.caller_lang(user_id, locale)
        user_name = clip_name(user_name)
        checked = self.check_new(game, options, lang)
        if isinstance(checked, Outcome):
            return checked
        rules = GAMES[game]
        language = normalise(guild_locale) if guild_locale is not None else lang
        options = dict(options or {})
        now = self.clock()
        expiry = self.config.lobby_expiry_s
        timers = TimerPlan(add=[("lobby_warn", now + expiry * 0.75, {}), ("lobby_expire", now + expiry, {})])
        async with self.tables.held(channel_id):
            limited = await self.limit_refusal(user_id, parent_channel_id or channel_id, lang)
            if limited is not None:
                return limited
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
                self.tables.timers_added(timers)
            except ChannelBusy:
                row = await self.store.open_game(channel_id)
                title = GAMES[row.game].display_title(lang) if row else game
                status = t(f"status_{row.status if row else 'lobby'}", lang)
                return Outcome.refuse(t("channel_busy", lang, title=title, status=status))
            created = await self.store.game(pk)
            table = await self.tables.load(created) if created is not None else None
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
        public = [
            await lobby_message.current(self.store, table, expiry)
            if table is not None
            else PublicMessage(channel_id, opened)
        ]
        if parent_channel_id is not None:
            notice = t("lobby_in_thread", language, thread=channel_id, **values)
            public.append(flow.lobby_notice(pk, parent_channel_id, notice))
        told = None
        if no_thread and await self.store.tell_once(channel_id, "no_thread", now):
            told = t("no_thread_permission", lang)
        return Outcome(ephemeral=told, public=public)

    async def limit_refusal(self, user_id: int, channel_id: int, lang: str) -> Outcome | None:
        """The refusal of a new table past the limits (``MAX_TABLES_PER_USER`` open tables one
        person hosts, ``MAX_TABLES_PER_CHANNEL`` in a channel and the threads off it), else None."""
        most = self.config.max_tables_per_user
        if most is not None and await self.store.open_tables(host_id=user_id) >= most:
            return Outcome.refuse(t("limit_tables_user", lang, max=most))
        most = self.config.max_tables_per_channel
        if most is not None and await self.store.open_tables(channel_id=channel_id) >= most:
            return Outcome.refuse(t("limit_tables_channel", lang, max=most))
        return None

    def check_new(self, game: str, options: dict[str, Any] | None, lang: str) -> Outcome | None:
        """The refusal of an unknown game or of options it does not have, else None."""
        if game not in GAMES:
            choices = join_list([g for _, g in self.game_choices()], lang)
            return Outcome.refuse(t("unknown_game", lang, game=clip(game, MAX_NAME), choices=choices))
        if len(dumps(options or {})) > MAX_OPTIONS_TEXT:
            return Outcome.refuse(t("options_too_long", lang, max=MAX_OPTIONS_TEXT))
        refusal = self.check_options(GAMES[game], dict(options or {}), lang)
        return Outcome.refuse(refusal) if refusal else None

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
                [f"{GAMES[gid].display_title(lang)} ({gid})" for _, gid in self.game_choices()], lang
            )
            return Outcome(ephemeral=t("rules_list", lang, games=games))
        if game not in GAMES:
            choices = join_list([g for _, g in self.game_choices()], lang)
            return Outcome.refuse(t("unknown_game", lang, game=game, choices=choices))
        rules = GAMES[game]
        sections = rules.help_sections(lang)
        hours = f"{round(self.config.two_person_absence_s / 3600, 1):g}"
        seats = f"**{t('rules_seats_title', lang)}**\n{t('rules_seats', lang, hours=hours)}"  # the bot's own
        parts = [f"**{rules.display_title(lang)}**", seats]
        parts += [f"**{title}**\n{text}" for title, text in sections]
        first, *more = pack(parts, MAX_TEXT)  # every section, in as few messages as fit
        return Outcome(ephemeral=first, ephemeral_more=more)

    async def table_thread(
        self,
        game: str,
        options: dict[str, Any] | None,
        user_id: int,
        user_name: str,
        *,
        locale: Any = None,
        guild_locale: Any = None,
        channel_id: int | None = None,
    ) -> str | Outcome:
        """``/game new`` where the bot may open threads: the name of the new table's thread
        (the game and its host, in the server's language), or the refusal of what
        :meth:`new_game` would refuse — asked before a thread is opened for nothing
        (``channel_id``: the channel the thread would hang off, for the limits)."""
        lang = await self.tables.caller_lang(user_id, locale)
        checked = self.check_new(game, options, lang)
        if checked is not None:
            return checked
        if channel_id is not None and (limited := await self.limit_refusal(user_id, channel_id, lang)):
            return limited
        language = normalise(guild_locale) if guild_locale is not None else lang
        host = plain(clip_name(user_name))  # a thread's title shows no markdown
        name = t("thread_name", language, title=GAMES[game].display_title(language), host=host)
        return name[:100]

    def check_options(self, rules: Rules, options: dict[str, Any], lang: str = DEFAULT) -> str | None:
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

    @refusing
    async def join(self, channel_id: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        """``/game join``: a seat in the channel's lobby."""
        user_name = clip_name(user_name)
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="lobby", seated=False) as at:
            lang, table = at.lang, at.table
            if at.caller is not None:
                return Outcome.refuse(t("already_seated", lang))
            if await self.store.barred(table.row.id, user_id):  # the host removed them (/game kick)
                return Outcome.refuse(t("kick_barred", lang))
            try:
                table = await self._add_seat(table, lang, user_id=user_id, name=user_name)
            except AlreadySeated:
                return Outcome.refuse(t("already_seated", lang))
            return await self._seated(table, "joined", name=user_name)

    async def join_game(self, pk: int, user_id: int, user_name: str, *, locale: Any = None) -> Outcome:
        """The Join button of a rematch's invitation: ``/game join`` at that game's table."""
        row = await self.store.game(pk)
        if row is None or row.status != "lobby":
            return Outcome.refuse(t("already_started", await self.tables.caller_lang(user_id, locale)))
        return await self.join(row.channel_id, user_id, user_name, locale=locale)

    @refusing
    async def leave(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game leave``: a lobby's seat freed; a running game's seat to a computer player."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="open") as at:
            lang, table, seat = at.lang, at.table, at.seat
            if (broken := self.tables.broken_refusal(table, lang)) is not None:
                return broken
            if table.row.status == "active":
                return await self.seats.hand_to_bot(table, seat, None, "left_to_bot", name=seat.name)
            if user_id == table.row.host_id:
                return Outcome.refuse(t("host_cannot_leave", lang))
            await self.store.remove_seat(table.row.id, seat.seat)
            table = await self.tables.load(table.row)
            text = t("left", table.lang, name=seat.name, title=table.title)
            return Outcome(public=[PublicMessage(channel_id, text), await self._lobby_now(table)])

    @refusing
    async def kick(self, channel_id: int, user_id: int, target_id: int, *, locale: Any = None) -> Outcome:
        """``/game kick player:`` (host only, in the lobby): ``target_id``'s seat freed — a
        stranger who took one, someone who will not play after all — and they may not take a
        seat at this table again. The table is told, in the game's language; the host cannot
        remove themself (``/game abandon`` closes the lobby)."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="lobby", seated=False) as at:
            lang, table = at.lang, at.table
            if user_id != table.row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if target_id == user_id:
                return Outcome.refuse(t("host_cannot_leave", lang))
            seat = table.seat_of(target_id)
            if seat is None:
                return Outcome.refuse(t("kick_not_seated", lang, mention=mention(target_id)))
            await self.store.remove_seat(table.row.id, seat.seat, barred=target_id)
            table = await self.tables.load(table.row)
            host = table.name("p0")
            text = t("kicked", table.lang, host=host, name=seat.name, title=table.title)
            count, most = len(table.seats), table.rules.max_players
            text += " " + t("seats_taken", table.lang, count=count, max=most)
            return Outcome(
                ephemeral=t("kicked_you", lang, name=seat.name),
                public=[PublicMessage(channel_id, text), await self._lobby_now(table)],
            )

    @refusing
    async def add_bot(
        self, channel_id: int, user_id: int, level: str = "heuristic", *, locale: Any = None
    ) -> Outcome:
        """In the lobby (host only): seat a computer player. In a running game (any seated
        player): hand a seat whose clock ran out to a computer player."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="open", seated=False) as at:
            lang, table = at.lang, at.table
            kind = computer.bot_kind(table, level)
            if kind is None:
                return computer.unknown_kind(table, level, lang)
            if table.row.status == "active":
                if (broken := self.tables.broken_refusal(table, lang)) is not None:
                    return broken
                return await self.seats.take_over(table, user_id, kind, lang)
            if user_id != table.row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            n = sum(1 for s in table.seats if s.is_bot) + 1
            name = t("bot_name", table.lang, n=n)
            table = await self._add_seat(table, lang, user_id=None, name=name, bot_kind=kind)
            return await self._seated(table, "bot_added", name=name, kind=kind_name(kind, table.lang))

    async def _add_seat(
        self, table: Table, lang: str, *, user_id: int | None, name: str, bot_kind: str | None = None
    ) -> Table:
        """The lobby with one more seat (a person's, or a computer player's of ``bot_kind``);
        :class:`Refused` when it is full."""
        most = table.rules.max_players
        seat = await self.store.add_seat(
            table.row.id, user_id=user_id, name=name, bot_kind=bot_kind, max_seats=most
        )
        if seat is None:
            raise Refused(Outcome.refuse(t("table_full", lang, max=most)))
        return await self.tables.load(table.row)

    async def _seated(self, table: Table, key: str, **values: Any) -> Outcome:
        """The channel told (in the game's language) who took a seat, and how many are taken;
        the lobby message lists them."""
        count, most = len(table.seats), table.rules.max_players
        text = t(key, table.lang, title=table.title, count=count, max=most, **values)
        return Outcome(public=[PublicMessage(table.row.channel_id, text), await self._lobby_now(table)])

    async def _lobby_now(self, table: Table) -> PublicMessage:
        """The lobby message edited to the seats as they are now (:mod:`bot.service.lobby_message`)."""
        return await lobby_message.current(self.store, table, self.config.lobby_expiry_s)

    async def press(self, verb: str, pk: int, user_id: int, *, locale: Any = None) -> Outcome:
        """A lobby message's Leave (``x``), Add computer (``b``, the host's) or Start (``s``, the
        host's) pressed: the command it stands for at that table, checked as the command is —
        refused once the table has started (the buttons are a lobby's)."""
        row = await self.store.game(pk)
        if row is None or row.status != "lobby":
            return Outcome.refuse(t("already_started", await self.tables.caller_lang(user_id, locale)))
        if verb == "x":
            return await self.leave(row.channel_id, user_id, locale=locale)
        if verb == "b":  # the table's take-over level, or the strongest kind the game has
            level, _ = await self.store.table_play(pk)
            table = await self.tables.load(row)
            if computer.bot_kind(table, level) is None:
                level = next((k for k in reversed(KINDS) if computer.bot_kind(table, k)), level)
            return await self.add_bot(row.channel_id, user_id, level, locale=locale)
        return await self.start(row.channel_id, user_id, locale=locale)

    @refusing
    async def start(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game start`` (host only): the game begins with the seated players."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="lobby", seated=False) as at:
            lang, table = at.lang, at.table
            rules, row = table.rules, table.row
            if user_id != row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if len(table.seats) < rules.min_players:
                title, count = rules.display_title(lang), len(table.seats)
                return Outcome.refuse(
                    t_count("too_few_players", lang, count, title=title, min=rules.min_players)
                )
            seats = [s.seat for s in table.seats]
            try:
                state, events = rules.start(seats, row.seed, **row.options)
            except IllegalAction as error:
                return Outcome.refuse(t("bad_option", lang, reason=error.text(lang)))
            now = self.clock()
            found = await calls.prefs(self.store, table)
            plan = self.acting.timer_plan(table, state, [], now, version=1, found=found)
            plan.clear = ("lobby_warn", "lobby_expire", *plan.clear)
            if not await self.store.start_game(row.id, dumps(rules.dump(state)), now, plan):
                return Outcome.refuse(t("already_started", lang))
            self.tables.timers_added(plan)
            table = Table(
                replace(row, status="active", version=1), table.seats, rules, state, table.hints_allowed
            )
            self.tables.remember(table)
            table, auto = await self.acting.only_choices(table, found)
            seated = join_names([s.name for s in table.seats], table.lang)
            intro = t("started", table.lang, title=table.title, seats=seated)
            return await self.presenter.after_change(
                table, Applied(None, "", [*events, *auto], None, found=found), intro=intro
            )

    @refusing
    async def pause(
        self, channel_id: int, user_id: int, moderator: str, *, paused: bool = True, locale: Any = None
    ) -> Outcome:
        """``/admin pause`` and ``/admin resume`` (moderators): a paused game takes no move and
        runs no timer — no reminder, no turn clock, no computer move — until it is resumed, when
        they start afresh for whoever is to act (as at the start of a turn)."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="open", seated=False) as at:
            lang, table = at.lang, at.table
            if table.row.status != "active":
                return Outcome.refuse(t("not_started", lang))
            if (table.row.paused_by is not None) == paused:
                return Outcome.refuse(t("already_paused" if paused else "not_paused", lang))
            now = self.clock()
            if paused:
                plan = TimerPlan(clear=("reminder", "clock", "bot"))
            else:
                found = await calls.prefs(self.store, table)
                plan = self.acting.timer_plan(table, table.state, [], now, table.row.version, found)
            if not await self.store.set_paused(table.row.id, user_id if paused else None, plan):
                return Outcome.refuse(t("game_closed", lang))
            self.tables.timers_added(plan)
            self.tables.remember(
                replace(table, row=replace(table.row, paused_by=user_id if paused else None))
            )
        key = "paused_by_moderator" if paused else "resumed_by_moderator"
        return Outcome(
            public=[
                PublicMessage(channel_id, t(key, table.lang, name=clip_name(moderator), title=table.title))
            ]
        )

    async def abandon(
        self, channel_id: int, user_id: int, *, locale: Any = None, moderator: str | None = None
    ) -> Outcome:
        """``/game abandon`` (host only): the game closes unfinished. ``/admin end`` passes the
        ``moderator``'s name: a moderator of the server (whom Discord let use it) ends any table,
        and the channel reads who did."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="open", seated=False) as at:
            lang, table = at.lang, at.table
            if moderator is None and user_id != table.row.host_id:
                return Outcome.refuse(t("host_only", lang, host=table.name("p0")))
            if not await self.store.set_status(table.row.id, "abandoned", self.clock()):
                return Outcome.refuse(t("game_closed", lang))
            closed = Table(replace(table.row, status="abandoned"), table.seats, table.rules, table.state)
            self.tables.remember(closed)
        if moderator is not None:
            text = t("abandoned_by_moderator", table.lang, name=clip_name(moderator), title=table.title)
        else:
            name = caller.name if (caller := table.seat_of(user_id)) else str(user_id)
            text = t("abandoned", table.lang, name=name, title=table.title)
        return Outcome(
            public=[PublicMessage(channel_id, text), *await flow.closing(self.store, table.row, text)],
            closed_dms=await decisions.closing(self.tables, closed),  # their moment passed
        )
