"""Timers and computer seats: reminders, held calls, turn clocks, lobby warnings and expiry,
computer moves, presses handed over by another process, and the hourly storage sweep.

Every timer is a row of the store, run in the process that owns its game's shard
(:class:`~bot.shards.Shards`); :func:`bot.adapter.delivery.run_timers` runs each in a task of its own.

A timer is done only when its work is stored. Claiming it marks the row (so that it runs once)
and moves its ``due`` to the end of a lease (:data:`CLAIM_LEASE_S`); the row is deleted when the
work is stored — by the move's own transaction (a computer move, a reminder re-armed: the timer
plan clears the claimed row) or just after the handler returned. When the handler fails (the
database away: SQLite locked by another process past its busy timeout, PostgreSQL stopped) the
claim is given back as a new timer, due again after :data:`RETRY_S`; when even that cannot be
stored, it is given back, due at once, by the first timer round that reaches the database
again (:meth:`Timers.claim_due_timers`) — no restart needed. A claim whose process died comes
back when the lease runs out, or at once when the next process starts (:meth:`Timers.warm`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot import heap, logs, metrics
from bot.config import Settings
from bot.service import calls, computer, flow, hours, turns
from bot.service.acting import RACE_RETRIES, Acting
from bot.service.computer import Computer
from bot.service.outcome import Outcome, PublicMessage, parse_custom_id
from bot.service.presenter import Presenter
from bot.service.tables import Part, Table, Tables, clip, mention
from bot.stores.rows import SeatRow, TimerPlan, TimerRow, UserPrefs
from bot.texts import normalise, t
from engine import BUILTIN_GAMES, GAMES
from engine.ai import player

log = logging.getLogger(__name__)

#: A timer whose handler failed is tried again after this many seconds (at once when the
#: failure was the database's and it has just come back, see the module docstring).
RETRY_S = 60.0
#: How long a claimed timer belongs to the loop that claimed it; afterwards (its process died or
#: its handler hangs) it comes back as a new timer.
CLAIM_LEASE_S = 300.0
#: A processed interaction is remembered this long (Discord answers one for 15 minutes).
INTERACTION_MEMORY_S = 24 * 3600.0
#: How often the timer loop deletes expired logs and processed interactions and reclaims space.
SWEEP_INTERVAL_S = 3600.0
#: How often the timer loop counts the open games of this process's shards in the store, for
#: the ``tradewinds_open_games`` gauge (games load on first use, so memory does not know them).
OPEN_GAMES_COUNT_S = 60.0

#: A timer's handler: (game pk, payload) → what to deliver, if anything.
Handler = Callable[[int, dict[str, Any]], Awaitable["Outcome | None"]]
#: The front's button press (a press another process handed over is answered through it).
Press = Callable[..., Awaitable[Outcome]]


class Timers(Part):
    """The timer loop's work (see the module docstring)."""

    def __init__(
        self,
        tables: Tables,
        presenter: Presenter,
        acting: Acting,
        computer: Computer,
        settings: Settings,
        press: Press,
    ) -> None:
        super().__init__(tables, settings)
        self.presenter = presenter
        self.acting = acting
        self.computer = computer
        self.press = press
        self.shards = settings.shards  # the Discord shards whose games this process runs
        self._next_sweep = 0.0
        self._next_count = 0.0
        #: ``(guild id, status, count)`` of this process's shards' open games, as the store
        #: answered at most :data:`OPEN_GAMES_COUNT_S` ago (:meth:`count_open_games`).
        self.open_games: list[tuple[int | None, str, int]] = []
        self._calls: dict[int, dict[str, float]] = {}  # game → seat → when last called (reminders)
        #: Claimed timers whose end could not be stored (the database away): id → (the timer,
        #: "finish": its work is done, delete it; or "release": it is not, give it back due now).
        self.owed: dict[int, tuple[TimerRow, str]] = {}
        #: Turn messages that were never posted, found by :meth:`warm`: said by the next round.
        self.calls_again: list[Outcome] = []
        self.handlers: dict[str, Handler] = {
            "reminder": self._timer_reminder,
            "lobby_warn": self._timer_lobby_warn,
            "lobby_expire": self._timer_lobby_expire,
            "clock": self._timer_clock,
            "bot": self._timer_bot,
            "held": self._timer_held,
            "press": self._timer_press,
        }
        tables.on_close(self._forget_calls)

    async def warm(self) -> None:
        """Make ready to serve, in time that grows with the games to resume, not with the
        games stored: no game is loaded here — each loads on its first use (a command, a button,
        an autocomplete, its timer), and the timer loop finds the due timers by their index.

        First, the timers a predecessor of this process claimed and did not finish (it died
        holding them) come back, due now: this process owns their games. Then the few games a
        start must look at (:meth:`GameStore.games_to_resume`) are loaded: a running game whose
        last change never went out (this process's predecessor stopped between storing it and
        posting it) gets its turn message from the timer loop's first round, calling whoever is
        to act (:meth:`Presenter.call_again`); an open game with no timer at all gets back the
        ones it needs (:meth:`_rearm_lost_timers`).

        Each game on its own: a bad state cache is rebuilt from the log, a game whose log no
        longer replays is marked broken (its channel is told by the timer loop's first round,
        :meth:`take_notices`; a game found broken on its first use tells it with that answer),
        and a game that fails in any other way is logged and left out — every other game starts.
        The rules of every title are imported here, so that no first command waits for them."""
        for game in BUILTIN_GAMES:  # each title's rules imported now, not by its first command
            GAMES[game]
        back = await self.store.release_claims(self.clock(), self.shards)
        if back:
            log.info("%d timers claimed by a process that stopped are due again", len(back))
        for row in await self.store.games_to_resume(self.shards):
            try:
                table = await self.tables.load(row)
                await self._rearm_lost_timers(table)
                await self._call_again_if_unposted(table)
            except Exception:
                log.exception("game %s (%s) could not be loaded; the other games start", row.id, row.game)

    async def _call_again_if_unposted(self, table: Table) -> None:
        if table.row.status != "active" or table.state is None or table.broken is not None:
            return
        live = await self.store.live_messages(table.row.id)
        if live.turn_pending is None:
            return
        log.info("game %s: its last change was never shown; posting its turn message now", table.row.id)
        self.calls_again.append(Outcome(public=await self.presenter.call_again(table)))

    async def rearm_bot_move(self, pk: int) -> None:
        """A computer seat is to move: make sure a timer will move it (a claimed one counts: it
        comes back unless its move is stored)."""
        if not any(timer.kind == "bot" for timer in await self.store.timers(pk)):
            due = self.clock() + self.config.bot_delay_s
            plan = TimerPlan(add=[("bot", due, {})])
            await self.tables.add_timers(pk, plan)

    async def _rearm_lost_timers(self, table: Table) -> None:
        """Before migration 15 a timer was deleted when it was claimed, so a process killed in
        between lost it (and a database may hold such a game still). The kinds a game always has
        while they are needed come back: a computer seat's move, the reminder of whoever must
        act (due when it would have been, or now), a lobby's expiry. (A lobby's one-off warning
        and a turn clock cannot tell "lost" from "done": not those.)"""
        row, now = table.row, self.clock()
        if row.paused_by is not None:  # a paused table has no timers until it is resumed
            return
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
            await self.tables.add_timers(row.id, plan)

    async def run_due_timers(self) -> list[Outcome]:
        """Run every timer that is due: reminders, lobby warnings and expiry, clock expiry, and
        computer seats' moves. Each timer is claimed first, so it runs once (see the module
        docstring)."""
        outcomes: list[Outcome] = await self.upkeep()
        claimed = await self.claim_due_timers()
        # concurrently: one game's computer player searching must not delay another game's timers
        ran = await asyncio.gather(*(self.run_timer(timer) for timer in claimed))
        return outcomes + [o for o in ran if o is not None]

    async def upkeep(self) -> list[Outcome]:
        """The notices waiting to be said (broken games, turn messages never posted), and the
        hourly storage sweep (see :meth:`sweep`)."""
        outcomes: list[Outcome] = self.tables.take_notices()
        self.presenter.tidy()  # what closed games' deliveries needed a moment longer
        outcomes, self.calls_again = outcomes + self.calls_again, []
        if self.clock() >= self._next_count:
            self._next_count = self.clock() + OPEN_GAMES_COUNT_S
            try:
                await self.count_open_games()
            except Exception:
                log.warning("counting the open games failed; tried again in a minute")
        if self.clock() >= self._next_sweep:
            self._next_sweep = self.clock() + SWEEP_INTERVAL_S
            try:
                await self.sweep()
            except Exception:
                log.exception("deleting expired logs failed; tried again in an hour")
        return outcomes

    async def claim_due_timers(self) -> list[TimerRow]:
        """The timers due now, each claimed so that it runs once, in this process — after the
        claims whose end could not be stored before (:attr:`owed`) are settled: those whose
        work was not stored come back due now, and are claimed in this same round."""
        await self.settle_owed()
        now = self.clock()
        due = await self.store.due_timers(now, self.shards)
        claimed = []
        for tm in due:
            won = await self.store.claim_timer(tm.id, now, now + CLAIM_LEASE_S)
            if won is not None:
                # late by how long it waited to be claimed (a claimed timer's due is its lease's end)
                metrics.timer_ran(tm.kind, now - tm.due)
                claimed.append(won)
        return claimed

    async def settle_owed(self) -> None:
        """Store the ends of claims that could not be stored when their handlers ended (raises
        while the database is still away; what is left stays owed)."""
        for timer_id, (timer, what) in list(self.owed.items()):
            claimed = timer.claimed or 0.0
            if what == "finish":
                await self.store.finish_timer(timer.id, claimed)
            elif await self.store.release_timer(timer.id, claimed, self.clock()) is not None:
                log.info("timer %s (%s) of game %s is due again", timer.id, timer.kind, timer.game_pk)
            del self.owed[timer_id]

    async def run_timer(self, timer: TimerRow) -> Outcome | None:
        """Run one claimed timer (``bot.adapter.delivery.run_timers`` runs each in a task of its own),
        then end its claim: deleted when the handler returned (its work is stored), given back
        (due again after :data:`RETRY_S`) when it raised — a broken game must not stop the
        others' timers, and a database away must not lose a move."""
        logs.bind(game=timer.game_pk, timer=timer.kind)  # this timer's task only
        handler = self.handlers.get(timer.kind)
        if handler is None:
            log.warning("unknown timer kind %r dropped", timer.kind)
            await self._end_claim(timer, "finish")
            return None
        try:
            outcome = await handler(timer.game_pk, timer.payload)
        except Exception:
            log.exception("timer %s (%s) of game %s failed", timer.id, timer.kind, timer.game_pk)
            await self._end_claim(timer, "release")
            return None
        await self._end_claim(timer, "finish")
        return outcome

    async def _end_claim(self, timer: TimerRow, what: str) -> None:
        """Delete a claimed timer ("finish") or give it back, due after :data:`RETRY_S`
        ("release"); when the database does not answer, the end is owed (:meth:`settle_owed`)."""
        claimed = timer.claimed or 0.0
        try:
            if what == "finish":
                await self.store.finish_timer(timer.id, claimed)
                return
            due = self.clock() + max(self.config.bot_delay_s, RETRY_S)
            back = await self.store.release_timer(timer.id, claimed, due)
            if back is not None:
                self.tables.timers_added(TimerPlan(add=[(back.kind, back.due, back.payload)]))
        except Exception:
            log.warning("the end of timer %s could not be stored; tried again next round", timer.id)
            self.owed[timer.id] = (timer, what)

    async def next_timer_due(self) -> float | None:
        """When the earliest timer is due; now when a notice waits to be said or the end of a
        claim to be stored."""
        if self.tables.notices or self.owed or self.calls_again:
            return self.clock()
        return await self.store.next_timer_due(self.shards)

    async def count_open_games(self) -> None:
        """Count the lobbies and running games of this process's shards in the store (every
        one, loaded or not): :attr:`open_games`, which the metrics endpoint reads."""
        self.open_games = await self.store.open_game_counts(self.shards)

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
        heap.give_back()  # and the allocator's free pages to the system (bot/heap.py)

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
        table = await self.tables.running(None, pk)
        if isinstance(table, Outcome):
            return None
        found = await calls.prefs(self.store, table)
        people = list(calls.Reach.of(table, found, self.clock()).acting)
        if not people:
            return None
        now = self.clock()
        due = now + table.row.reminder_s
        await self.tables.add_timers(pk, TimerPlan(clear=("reminder",), add=[("reminder", due, {})]))
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
            await self.tables.add_timers(pk, TimerPlan(add=held))
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
            self._calls.setdefault(table.row.id, {})[seat.seat] = self.clock()
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
            private = turns.secret_simultaneous(rules, table.state, seat.seat)
            if (way in calls.DM or (private and way != "none")) and not seat.dm_refused:
                dm = await self.presenter.call_dm(
                    table,
                    seat,
                    private,
                    calls.Reach.of(
                        table,
                        {**found, user: replace(found.get(user, UserPrefs()), notify="dm")},
                        self.clock(),
                    ),
                )
                if dm is not None:
                    ulang = (await self.tables.user_langs([user]))[user]
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
        called = self._calls.get(table.row.id, {}).get(seat, -1e18)
        return self.clock() - called < table.row.reminder_s / 2

    def _forget_calls(self, pk: int) -> None:
        """The game closed: its calls are forgotten."""
        self._calls.pop(pk, None)

    def calls_kept(self) -> int:
        """How many games' calls are remembered (open games whose people were called)."""
        return len(self._calls)

    def _public_prompt(self, table: Table, seat: str) -> str:
        """What ``seat`` must decide, as the table may read it (a private decision: only that
        it is one)."""
        seen = self.presenter.seat_view(table, seat, table.lang)
        return t("decide_in_private", table.lang) if seen.private_choices else seen.prompt

    async def _timer_held(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """A call held during a person's quiet hours or vacation: made now that they may be
        called, if it is still the turn it was for (held again if they are still paused)."""
        table = await self.tables.running(None, pk)
        if isinstance(table, Outcome):
            return None
        seat_id = payload.get("seat")
        if seat_id not in table.rules.to_act(table.state):
            return None
        live = await self.store.live_messages(pk)
        if payload.get("since") is not None and live.turn_since != payload.get("since"):
            return None  # another turn since: its own call was made
        found = await calls.prefs(self.store, table)
        people = [s for s in calls.Reach.of(table, found, self.clock()).acting if s.seat == seat_id]
        if not people:
            return None
        until = calls.paused(found.get(people[0].user_id or 0), self.clock())
        if until is not None:
            await self.tables.add_timers(pk, TimerPlan(add=[("held", until, dict(payload))]))
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
        async with self.tables.held(row.channel_id):
            if not await self.store.set_status(pk, "abandoned", self.clock(), only_from=("lobby",)):
                return None
            self.tables.remember(Table(replace(row, status="abandoned"), [], GAMES[row.game]))
        lang = normalise(row.language)
        text = t("lobby_expired", lang, title=GAMES[row.game].display_title(lang))
        return Outcome(
            public=[PublicMessage(row.channel_id, text), *await flow.closing(self.store, row, text)]
        )

    async def _timer_clock(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        table = await self.tables.running(None, pk)
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
                await self.tables.add_timers(pk, TimerPlan(add=[("clock", due, dict(payload))]))
                return None
        await self.store.set_timed_out(pk, seat, True)
        await self.tables.load(table.row)
        others = [s.user_id for s in table.seats if s.user_id and s.seat != seat and not s.is_bot]
        text = t("clock_expired", table.lang, name=table.name(seat))
        return Outcome(public=[PublicMessage(table.row.channel_id, text, mentions=others)])

    async def stand_in_note(self, table: Table, seat: str) -> str | None:
        """The line saying a computer player plays for ``seat``'s person, who is away — once
        per turn message: not again before each sub-step of the same turn (its words already
        hold it)."""
        note = t("stood_in", table.lang, name=table.name(seat))
        said = (await self.store.live_messages(table.row.id)).turn_log or ""
        return None if note in said.split("\n") else note

    async def _timer_bot(self, pk: int, payload: dict[str, Any]) -> Outcome | None:
        """One computer seat's move (the next one gets its own timer, so people can follow), or
        the move of a computer player standing in for a player on vacation. The move is searched
        outside the channel's lock and applied only if the game did not move meanwhile (see
        :mod:`bot.service.computer`)."""
        for _attempt in range(RACE_RETRIES):
            table = await self.tables.running(None, pk)
            if isinstance(table, Outcome):
                return None
            stand = calls.stand_ins(table, await calls.prefs(self.store, table), self.clock())
            bots = [s for s in table.rules.to_act(table.state) if table.seat(s).is_bot or s in stand]
            if not bots:
                return None
            seat = bots[0]
            kind = computer.bot_kind(table, table.seat(seat).bot_kind or stand.get(seat) or "") or "random"
            note = await self.stand_in_note(table, seat) if seat in stand else None
            try:
                action = await self.computer.move(table, seat, kind)
            except Exception:  # a faulty computer player must not stall the game
                log.exception("computer player %s failed in game %s; playing at random", kind, pk)
                legal = table.rules.legal(table.state, seat)
                action = player(table.row.game, "random", computer.ai_seed(table, seat)).choose({}, legal)
            async with self.tables.held(table.row.channel_id):
                current = await self.tables.running(None, pk)
                if isinstance(current, Outcome) or current.row.version != table.row.version:
                    continue  # the game moved while the move was searched: search again
                new_state, events = current.rules.apply(current.state, seat, action)
                outcome = await self.acting.commit(current, seat, action, new_state, events, note=note)
                if outcome is not None:
                    return outcome
        return None
