"""Acting: a move (typed, picked from the autocomplete, or a button), the only choices the table
then plays for people (:mod:`bot.service.autoplay`), the timers after a change, undo, and the private
panels a player acts from (My turn, My hand, a narrowing choice).

Every accepted action is stored in one transaction, version-checked (:mod:`bot.stores.sqlite`): a
command that lost a race against another process is tried again (a typed move) or refused with
the current board (a button drawn for an older version).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.config import Settings
from bot.service import autoplay, calls, hours
from bot.service.choices import MESSAGE_CAPACITY, members
from bot.service.outcome import Choice, Outcome, custom_id, parse_custom_id
from bot.service.presenter import Presenter
from bot.service.replays import effective_plays, replay_state
from bot.service.tables import Applied, Part, Refused, Table, Tables, clip, refusing
from bot.stores.rows import AlreadyProcessed, Play, TimerPlan, UserPrefs, dumps
from bot.texts import normalise, t
from engine.core import Action, Event, IllegalAction, undoable
from engine.i18n import DEFAULT

#: At most this many autocomplete entries (Discord's limit).
MAX_AUTOCOMPLETE = 25
#: How often a command that lost a race against another process is tried again.
RACE_RETRIES = 3
#: A typed move (``/play``) longer than this is refused with a sentence (the longest legal move
#: of the three games is far shorter; an autocomplete value is at most 100).
MAX_MOVE_TEXT = 200


#: One play to log: (seat, action, the state after it, its events).
LoggedPlay = tuple[str, Action, Any, list[Event]]


@dataclass
class Logged:
    """Plays stored: the table after them and their events, in order."""

    table: Table
    events: list[Event]


@dataclass(frozen=True)
class Command:
    """A move as the caller sent it, made once by :meth:`Acting.act` and handed down the steps
    that check and play it."""

    #: Who sent it.
    user_id: int
    #: Where: the channel it was sent in, and the game a button (or a move picked from the
    #: autocomplete) names (None: the channel's open game).
    channel_id: int | None
    game_pk: int | None
    #: The move as typed, or a button's action.
    text: str
    #: The game version a button was drawn for (None: a typed move, played if legal now).
    version: int | None
    #: The caller's language, for every sentence of the answer.
    lang: str
    #: Discord's interaction: counted once (None: not from an interaction).
    interaction_id: int | None
    #: (user id, language) to remember with the move, when the interaction brings a new one.
    remember: tuple[int, str] | None
    #: The refusal's key for an out-of-date version (a button's, or an autocomplete pick's).
    stale: str = "stale_button_link"


def composed(plans: list[TimerPlan]) -> TimerPlan:
    """The timer changes of ``plans`` made one after the other, as one plan: every kind any of
    them clears is cleared, and an added timer stays unless a later plan clears its kind."""
    clear: list[str] = []
    add: list[tuple[str, float, dict[str, Any]]] = []
    for plan in plans:
        add = [item for item in add if item[0] not in plan.clear]
        clear += [kind for kind in plan.clear if kind not in clear]
        add += plan.add
    return TimerPlan(tuple(clear), add)


class Acting(Part):
    """Moves, undo and the panels a player acts from (see the module docstring)."""

    def __init__(self, tables: Tables, presenter: Presenter, settings: Settings) -> None:
        super().__init__(tables, settings)
        self.presenter = presenter

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
        the move's button custom_id, see :meth:`autocomplete`); a stale version is refused in one
        sentence with a link to the current turn. A typed move carries no version: it plays if it is legal now.

        ``interaction_id`` (Discord's) counts the command once: one already processed is refused,
        and an accepted move records it in the move's own transaction; a refused one records it
        after (a refusal changed nothing). A language the caller's interaction brings is
        remembered in the move's transaction too (else on its own)."""
        if locale is not None:
            lang, remember = self.tables.locale_to_remember(user_id, locale)
        else:
            lang, remember = await self.tables.caller_lang(user_id), None
        command = Command(user_id, channel_id, game_pk, text, version, lang, interaction_id, remember)
        outcome = await self._checked(command)
        if remember is not None and self.tables.locales.get(user_id) != remember[1]:
            await self.tables.remember_locale(remember)  # no move took it along
        return outcome

    async def _checked(self, command: Command) -> Outcome:
        """:meth:`act` once the caller's language is known: a move typed too long is refused,
        and a move picked from the autocomplete (a button's custom_id typed) names its game
        and version as a button does."""
        lang = command.lang
        if len(command.text) > MAX_MOVE_TEXT:
            return Outcome.refuse(t("move_too_long", lang, max=MAX_MOVE_TEXT))
        offered = parse_custom_id(command.text.strip())
        if offered is not None and offered.verb == "a" and command.game_pk is None:
            command = replace(
                command,
                game_pk=offered.game_pk,
                version=offered.version,
                text=offered.action,
                stale="stale_play_link",
            )
            cached = self.tables.cached.get(offered.game_pk)  # a game never changes its channel
            row = cached.row if cached is not None else await self.store.game(offered.game_pk)
            if row is not None and row.channel_id != command.channel_id:  # another table's move, typed here
                return Outcome.refuse(t("wrong_place", lang))
        try:
            outcome = await self._act(command)
        except AlreadyProcessed:
            return Outcome.refuse(t("already_done", lang))
        if not outcome.ok and command.interaction_id is not None:
            await self.store.claim_interaction(command.interaction_id, self.clock())
        return outcome

    async def _act(self, command: Command) -> Outcome:
        """:meth:`act` past its first checks.

        A game this process holds at its current version (:meth:`Tables.held_copy`) is played
        without reading it: the move's write is version-checked, and the interaction's key
        refuses a repeat (:class:`AlreadyProcessed`). When that write finds the game moved (by
        another process on the same database), or the held copy refuses the command, the game
        is read and the command runs again on what the read found. Otherwise the game's one
        read also tells whether the interaction was processed before."""
        held = True
        for _attempt in range(RACE_RETRIES):
            using = held and (
                self.tables.held_copy(command.channel_id, command.game_pk, command.interaction_id) is not None
            )
            held = False
            try:
                outcome = await self._attempt(command, using)
            except Refused as refused:
                outcome = refused.outcome
            if outcome is None or (using and not outcome.ok):
                continue  # raced, or refused on what this process held: read the game, run again
            return outcome
        return Outcome.refuse(t("raced", command.lang))

    async def _attempt(self, command: Command, held: bool) -> Outcome | None:
        """One try of :meth:`_act` (``held``: on the game as this process holds it); None when
        the move's write found the game moved on and it is to be tried again."""
        lang, version = command.lang, command.version
        async with self.tables.at(
            command.user_id,
            channel_id=command.channel_id,
            game_pk=command.game_pk,
            lang=lang,
            interaction_id=command.interaction_id,
            held=held,
        ) as at:
            table, seat = at.table, at.seat
            if version is not None and not await self.button_current(table, seat.seat, version):
                return await self.presenter.refuse_stale(table, command.stale, lang)
            rules, state = table.rules, table.state
            if seat.seat not in rules.to_act(state):
                return Outcome.refuse(self.presenter.whose_turn(table, lang))
            try:
                action = rules.parse(state, seat.seat, command.text)
                new_state, events = rules.apply(state, seat.seat, action)
            except IllegalAction as error:
                return Outcome.refuse(error.text(lang))
            label = rules.label(state, seat.seat, action, lang, table.names)
            outcome = await self.commit(
                table, seat.seat, action, new_state, events, command.interaction_id, remember=command.remember
            )
            if outcome is None:  # another process applied an action first
                if version is not None and not held:
                    current = await self.tables.open(None, table.row.id)
                    return await self.presenter.refuse_stale(current or table, "raced_link", lang)
                return None
            outcome.done = t("played", lang, label=label)
            # What only the caller saw (their secret bid, the cards they drew), and their
            # next private decision, if any: to them alone.
            seen = [
                rules.describe(e, table.names, lang)
                for e in events
                if e.visible_to and seat.seat in e.visible_to
            ]
            after = self.tables.cached.get(table.row.id)
            choices = (
                self.presenter.private_choices(rules, after, seat.seat, lang) if after is not None else []
            )
            prompt = (
                self.presenter.seat_view(after, seat.seat, lang).prompt
                if after is not None and choices
                else ""
            )
            outcome.ephemeral = "\n".join([*seen, prompt]).strip() or None
            outcome.ephemeral_choices = choices
            if after is not None and choices:  # their next decision is before them already: no DM
                outcome.ephemeral_image = await self.presenter.decision_png(after, seat.seat, lang)
                outcome.private = [dm for dm in outcome.private if dm.user_id != command.user_id]
            return outcome

    async def button_current(self, table: Table, seat: str, version: int) -> bool:
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

    async def commit(
        self,
        table: Table,
        seat: str,
        action: Action,
        new_state: Any,
        events: list[Event],
        interaction_id: int | None = None,
        *,
        note: str | None = None,
        remember: tuple[int, str] | None = None,
    ) -> Outcome | None:
        """Store an accepted action together with the only choices the table then plays for
        people (:mod:`bot.service.autoplay`), in one transaction, and say what follows; None when the
        version check failed. Raises :class:`AlreadyProcessed` (nothing stored) for an
        interaction processed before. ``note`` is a public line before the move's own (a
        computer player standing in); ``remember``: the mover's language to remember with it.
        A move that ends the game keeps its result in the same transaction."""
        found = await calls.prefs(self.store, table)
        first = (seat, action, new_state, events)
        logged = await self._log_plays(
            table, [first, *self._chain(table, new_state, found)], found, interaction_id, remember
        )
        if logged is None:
            return None
        auto = logged.events[len(events) :]
        new_table = logged.table
        if table.seat(seat).timed_out:  # the seat is back in time: nobody may take it over now
            await self.store.set_timed_out(table.row.id, seat, False)
            seats = [replace(s, timed_out=False) if s.seat == seat else s for s in table.seats]
            new_table = replace(new_table, seats=seats)
        self.tables.remember(new_table)
        looked: tuple[str, ...] | None = None
        if auto and new_table.row.status == "active" and not table.seat(seat).is_bot:
            # the seat's last look is the game after its own move, before the table's plays
            view = table.rules.view(new_state, None)
            self.presenter.views.keep(table.row.id, table.row.version + 1, view, [seat])
            looked = ()
        applied = Applied(seat, str(action), [*events, *auto], table.state, looked, found)
        return await self.presenter.after_change(new_table, applied, intro=note)

    def _chain(self, table: Table, state: Any, found: dict[int, UserPrefs]) -> list[LoggedPlay]:
        """The only choices the table plays for people once ``table`` is at ``state``, in order."""
        chain: list[LoggedPlay] = []
        now = self.clock()
        after = replace(table, state=state)
        for _ in range(autoplay.MAX_CHAIN):
            found_move = autoplay.only_choice(after, set(calls.stand_ins(after, found, now)))
            if found_move is None:
                break
            chain.append(found_move)
            after = replace(after, state=found_move[2])
        return chain

    async def only_choices(self, table: Table, found: dict[int, UserPrefs]) -> tuple[Table, list[Event]]:
        """Play every only choice the table may play for people now (:mod:`bot.service.autoplay`), each
        logged as that seat's play, in one transaction; the table after them and their events."""
        chain = self._chain(table, table.state, found)
        if not chain:
            return table, []
        logged = await self._log_plays(table, chain, found)
        if logged is None:  # another process moved first: it says what follows
            return table, []
        self.tables.remember(logged.table)
        return logged.table, logged.events

    async def _log_plays(
        self,
        table: Table,
        plays: list[LoggedPlay],
        found: dict[int, UserPrefs],
        interaction_id: int | None = None,
        remember: tuple[int, str] | None = None,
    ) -> Logged | None:
        """Store ``plays`` (seat, action, the state after it, its events; each from the state
        the one before left) at the table's version, in one transaction with their events, the
        state after the last and the timers that follow; the table after them, or None when
        another process moved first."""
        rules, row = table.rules, table.row
        now = self.clock()
        plans = []
        before = table.state
        for k, (_seat, _action, state, _events) in enumerate(plays):
            step = replace(table, state=before)
            plans.append(
                self.timer_plan(
                    step, state, rules.to_act(before), now, version=row.version + k + 1, found=found
                )
            )
            before = state
        state = plays[-1][2]
        result = rules.result(state)
        status = "finished" if result is not None else "active"
        plan = composed(plans)
        first_seat, first_action, _, first_events = plays[0]
        version = await self.store.append_action(
            row.id,
            expected_version=row.version,
            seat=first_seat,
            text=str(first_action),
            kind="play",
            events=[e.to_dict() for e in first_events],
            state_json=dumps(rules.dump(state)),
            status=status,
            now=now,
            timers=plan,
            interaction_id=interaction_id,
            then=[
                Play(seat, str(action), [e.to_dict() for e in events])
                for seat, action, _, events in plays[1:]
            ],
            locale=remember,
            result_json=dumps(result.to_dict()) if result is not None else None,
        )
        if version is None:
            return None
        if remember is not None:
            self.tables.remembered(remember)
        self.tables.timers_added(plan)
        after = replace(table, row=replace(row, version=version, status=status, updated=now), state=state)
        return Logged(after, [e for _, _, _, events in plays for e in events])

    def timer_plan(
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

    @refusing
    async def narrow_panel(
        self, user_id: int, *, game_pk: int, version: int, prefix: str, locale: Any = None
    ) -> Outcome:
        """Ephemeral: the caller's actions starting with ``prefix``, as buttons (a narrowing
        choice pressed); a stale one is refused in one sentence with a link to the current turn."""
        at = await self.tables.find(user_id, locale, game_pk=game_pk)
        lang, table, seat = at.lang, at.table, at.seat
        if not await self.button_current(table, seat.seat, version):
            return await self.presenter.refuse_stale(table, "stale_button_link", lang)
        if seat.seat not in table.rules.to_act(table.state):
            return Outcome.refuse(self.presenter.whose_turn(table, lang))
        seen = self.presenter.seat_view(table, seat.seat, lang)
        every, groups = seen.labels(), seen.groups()
        wanted = members(list(every), prefix, groups.get)
        if not wanted:
            return await self.presenter.refuse_stale(table, "stale_button_link", lang)
        labels = {a: every[a] for a in wanted}
        choices: Sequence[Choice | None] | None
        if len(wanted) > MESSAGE_CAPACITY:
            choices = self.presenter.narrowing_choices(table, wanted, labels, key=prefix, groups=groups, lang=lang)
        else:
            choices = [self.presenter.choice(table, "a", labels[a], a, "primary") for a in wanted]
        return Outcome(
            ephemeral=seen.prompt,
            ephemeral_image=await self.presenter.decision_png(table, seat.seat, lang, wanted),
            ephemeral_choices=[c for c in choices or [] if c is not None],
        )

    @refusing
    async def turn_panel(self, user_id: int, *, game_pk: int, locale: Any = None) -> Outcome:
        """Ephemeral: the caller's prompt and all their choices as buttons."""
        at = await self.tables.find(user_id, locale, game_pk=game_pk)
        lang, table, seat = at.lang, at.table, at.seat
        if seat.seat not in table.rules.to_act(table.state):
            return Outcome.refuse(self.presenter.whose_turn(table, lang))
        await self.presenter.looked(table, seat)
        choices = self.presenter.action_choices(table, seat.seat, lang)
        text = self.presenter.seat_view(table, seat.seat, lang).prompt
        if choices is None:
            text += "\n" + t("too_many_choices", lang)
        image = await self.presenter.decision_png(table, seat.seat, lang)
        return Outcome(ephemeral=text, ephemeral_image=image, ephemeral_choices=choices or [])

    @refusing
    async def hand(
        self, channel_id: int | None, user_id: int, *, game_pk: int | None = None, locale: Any = None
    ) -> Outcome:
        """Ephemeral: what only the caller knows, and their private choices as buttons."""
        at = await self.tables.find(user_id, locale, channel_id=channel_id, game_pk=game_pk)
        lang, table, seat = at.lang, at.table, at.seat
        rules = table.rules
        await self.presenter.looked(table, seat)
        seen = self.presenter.seat_view(table, seat.seat, lang)
        summary = seen.private_summary or t("nothing_secret", lang)
        lines = [t("hand_header", lang, title=rules.display_title(lang)), summary]
        choices = self.presenter.private_choices(rules, table, seat.seat, lang)
        if choices or (seen.acting and seen.private_choices):
            lines.append(seen.prompt)
            if not choices:
                lines.append(t("too_many_choices", lang))
        image = await self.presenter.private_png(table, seat.seat)
        return Outcome(ephemeral=clip("\n".join(lines)), ephemeral_image=image, ephemeral_choices=choices)

    async def load_for_autocomplete(self, channel_id: int) -> None:
        """Load the channel's open game when it is not in memory (its first use since the bot
        started: games load on first use), so that :meth:`autocomplete`, which reads memory
        only, finds it; nothing is read when it is in memory already."""
        if channel_id not in self.tables.channel_games:
            await self.tables.open(channel_id)

    def autocomplete(
        self, channel_id: int, user_id: int, typed: str, locale: Any = None
    ) -> list[tuple[str, str]]:
        """(label, value) of the caller's legal actions matching ``typed``, from memory; the
        labels in the interaction's language (else the caller's remembered one).

        The value is the action's button custom_id (``tw:a:<game>:<version>:<action>``), so a
        move picked from the list carries the state version it was offered at, as a button
        does (:meth:`act` refuses it as stale once the game has moved on); an action that
        cannot be a custom_id is offered as its bare text (played if legal when sent)."""
        lang = normalise(locale) if locale is not None else self.tables.locales.get(user_id, DEFAULT)
        pk = self.tables.channel_games.get(channel_id)
        table = self.tables.cached.get(pk) if pk is not None else None
        if table is None or table.row.status != "active" or table.state is None:
            return []
        seat = table.seat_of(user_id)
        if seat is None:
            return []
        wanted = typed[:MAX_MOVE_TEXT].strip().lower()
        found: list[tuple[str, str]] = []
        for move in self.presenter.seat_view(table, seat.seat, lang).moves:
            text, label = str(move.action), move.label
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

    @refusing
    async def undo(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game undo``: the caller's last move (with the only choices played after it) taken
        back, while nobody else has moved since and nothing hidden was revealed."""
        async with self.tables.at(user_id, locale, channel_id=channel_id) as at:
            lang, table, seat = at.lang, at.table, at.seat
            actions = await self.store.actions(table.row.id)
            played = effective_plays(actions)
            mine = [a for a in played if a.seat == seat.seat]
            if not mine:
                return Outcome.refuse(t("undo_nothing", lang))
            # The player's last move of their own goes back with the only choices the table
            # played for them after it (bot/service/autoplay.py), which would otherwise come straight back.
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
            found = await calls.prefs(self.store, table)
            version = table.row.version
            state = table.state
            for k, undone_row in enumerate(reversed(taken)):  # newest first, one undo row each
                try:
                    state = replay_state(rules, table.row, seat_ids, played[: len(played) - 1 - k], base)
                except Exception as error:  # the log no longer replays: the game cannot go on
                    await self.tables.mark_broken(table.row, f"undo: {type(error).__name__}: {error}")
                    return self.tables.broken_refusal(
                        await self.tables.load(table.row), lang
                    ) or Outcome.refuse(t("game_broken", lang, title=table.rules.display_title(lang)))
                plan = self.timer_plan(
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
                self.tables.timers_added(plan)
                version = new_version
            new_table = replace(table, row=replace(table.row, version=version, updated=now), state=state)
            self.tables.remember(new_table)

            def undone(language: str) -> str:
                try:
                    label = rules.label(
                        state, seat.seat, rules.parse(state, seat.seat, last.text), language, table.names
                    )
                except IllegalAction:
                    label = last.text
                return t("undone", language, name=seat.name, text=label)

            outcome = await self.presenter.after_change(
                new_table, Applied(seat.seat, "undo", [], table.state), intro=undone(new_table.lang)
            )
            outcome.ephemeral = undone(lang)
            return outcome
