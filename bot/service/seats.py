"""Handing a running game's seat to a computer player by vote, and taking it back.

``/game replace @player``: every other human seated player may vote; when more than half of
them (at least one) agree, the seat becomes a heuristic computer seat that keeps its seat,
holdings and history. The host alone may do it at once when that player's turn clock has run
out. At a table of two people a single vote is not enough: the other's clock must have run out,
or the table must have waited for them ``TWO_PERSON_ABSENCE_SECONDS``
(:meth:`Seats.may_replace_alone`). Votes are stored (table ``replace_votes``, migration 4,
through the store's ``add_replace_vote`` / ``replace_voters``) so they survive restarts; a vote
lapses as soon as the player acts after it (it remembers the game version it was cast at, and
any logged action of the seat from that version on voids it — nothing is written per move).

``/game rejoin``: the player who held a seat handed to a computer (by vote, by the clock, or by
leaving) takes it back; the seat remembers them in ``seats.former_user_id``.
"""

from __future__ import annotations

from typing import Any

from bot.config import Settings
from bot.service import computer
from bot.service.acting import Acting
from bot.service.outcome import Outcome, PublicMessage
from bot.service.presenter import Presenter
from bot.service.tables import Applied, Part, Table, Tables, join_names, kind_name, mention, refusing
from bot.stores.rows import SeatRow, TimerPlan
from bot.texts import t
from engine.i18n import DEFAULT

# ---------------------------------------------------------------------- rules of the vote


def other_humans(table: Table, seat: str) -> list[SeatRow]:
    """The human seated players who may vote on ``seat``."""
    return [s for s in table.seats if not s.is_bot and s.user_id is not None and s.seat != seat]


def votes_needed(voters: int) -> int:
    """More than half of the voters, and at least one."""
    return max(1, voters // 2 + 1)


def timers_for_returning(table: Table, seat: str, now: float) -> TimerPlan:
    """A reminder and a fresh turn clock for the returning seat when it must act now."""
    if seat not in table.rules.to_act(table.state):
        return TimerPlan()
    plan = TimerPlan(clear=("reminder",), add=[("reminder", now + table.row.reminder_s, {})])
    if table.row.clock_s:
        plan.add.append(("clock", now + table.row.clock_s, {"seat": seat, "version": table.row.version}))
    return plan


# ---------------------------------------------------------------------- commands


class Seats(Part):
    """A running game's seats changing hands: to a computer player (by vote, by the host after
    the clock, by leaving, by the clock's take-over) and back to their player."""

    def __init__(self, tables: Tables, presenter: Presenter, acting: Acting, settings: Settings) -> None:
        super().__init__(tables, settings)
        self.presenter = presenter
        self.acting = acting

    @refusing
    async def replace(
        self,
        channel_id: int | None,
        user_id: int,
        target_id: int,
        *,
        game_pk: int | None = None,
        locale: Any = None,
    ) -> Outcome:
        """``/game replace @player`` (and its vote button): one vote, or the replacement itself.
        The caller is answered in their language, the channel in the game's."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, game_pk=game_pk) as at:
            lang, table, caller = at.lang, at.table, at.seat
            if target_id == user_id:
                return Outcome.refuse(t("replace_self", lang))
            target = table.seat_of(target_id)
            if target is None:
                handed_over = await self.store.former_seat(table.row.id, target_id)
                if handed_over is not None:
                    return Outcome.refuse(t("replace_already_bot", lang, name=table.name(handed_over)))
                return Outcome.refuse(t("replace_unknown", lang, mention=mention(target_id)))
            if user_id == table.row.host_id and target.timed_out:
                return await self.hand_to_bot(
                    table, target, None, "replaced_by_host", host=caller.name, name=target.name
                )
            if not await self.may_replace_alone(table, target):
                hours = round(self.config.two_person_absence_s / 3600, 1)
                hours_text = f"{hours:g}"
                return Outcome.refuse(t("replace_two_person", lang, name=target.name, hours=hours_text))
            return await self._vote(table, caller, user_id, target, lang)

    async def may_replace_alone(self, table: Table, target: SeatRow) -> bool:
        """Whether ``target``'s seat may be handed over by the votes of the people left. At a
        table of two people (the one asking is the only other) that needs more than a vote:
        ``target``'s turn clock ran out, or it is their turn and the table has waited for them
        at least ``TWO_PERSON_ABSENCE_SECONDS`` — so neither can take the other's seat at will,
        nor again right after the other rejoined (a rejoin clears the clock's mark)."""
        if len(other_humans(table, target.seat)) != 1 or target.timed_out:
            return True
        if target.seat not in table.rules.to_act(table.state):
            return False
        live = await self.store.live_messages(table.row.id)
        since = live.turn_since or table.row.updated
        return self.clock() - since >= self.config.two_person_absence_s

    async def _vote(
        self, table: Table, caller: SeatRow, caller_id: int, target: SeatRow, lang: str
    ) -> Outcome:
        store, pk, public_lang = self.store, table.row.id, table.lang
        voters = other_humans(table, target.seat)
        needed = votes_needed(len(voters))
        voter_ids = {s.user_id for s in voters}
        before = [v for v in await store.replace_voters(pk, target.seat) if v in voter_ids]
        if caller_id in before:
            count = len(before)
            return Outcome.refuse(
                t("replace_already_voted", lang, name=target.name, count=count, needed=needed)
            )
        now = self.clock()
        live = await store.add_replace_vote(pk, target.seat, caller_id, table.row.version, now)
        agreed = [v for v in live if v in voter_ids]
        if len(agreed) >= needed:
            names = [s.name for s in voters if s.user_id in agreed]
            return await self.hand_to_bot(
                table,
                target,
                None,
                "replaced_by_vote",
                name=target.name,
                voters=join_names(names, public_lang),
            )
        text = t(
            "replace_vote", public_lang, voter=caller.name, name=target.name, count=len(agreed), needed=needed
        )
        label = t("btn_vote_replace", public_lang, name=target.name)
        button = self.presenter.choice(table, "v", label, target.seat, "danger")
        mentions = [s.user_id for s in voters if s.user_id is not None and s.user_id not in agreed]
        message = PublicMessage(
            table.row.channel_id, text, choices=[button] if button else [], mentions=mentions
        )
        return Outcome(ephemeral=t("replace_voted", lang, name=target.name), public=[message])

    @refusing
    async def vote_button(self, user_id: int, game_pk: int, seat: str, *, locale: Any = None) -> Outcome:
        """The vote button under an announcement: the same vote as ``/game replace`` on that seat."""
        at = await self.tables.find(user_id, locale, game_pk=game_pk, seated=False)
        lang, table = at.lang, at.table
        target = next((s for s in table.seats if s.seat == seat), None)
        if target is None:
            return Outcome.refuse(t("foreign_button", lang))
        if target.is_bot or target.user_id is None:
            return Outcome.refuse(t("replace_already_bot", lang, name=target.name))
        return await self.replace(None, user_id, target.user_id, game_pk=game_pk, locale=locale)

    @refusing
    async def rejoin(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game rejoin``: the player takes their seat back from the computer."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, seated=False) as at:
            lang, table = at.lang, at.table
            if at.caller is not None:
                return Outcome.refuse(t("rejoin_already_playing", lang))
            seat = await self.store.former_seat(table.row.id, user_id)
            if seat is None or not await self.store.seat_back_to_player(table.row.id, seat, user_id):
                return Outcome.refuse(t("rejoin_no_seat", lang))
            table = await self.tables.load(table.row)
            now = self.clock()
            await self.tables.add_timers(table.row.id, timers_for_returning(table, seat, now))
            if seat in table.rules.to_act(table.state):  # back and to act: the wait starts anew
                await self.store.set_live_messages(table.row.id, turn_since=now)
            name = table.name(seat)
            outcome = await self.presenter.after_change(
                table, Applied(seat, "", [], table.state), intro=t("rejoined", table.lang, name=name)
            )
        hand = await self.acting.hand(None, user_id, game_pk=table.row.id, locale=locale)
        outcome.ephemeral = "\n".join(filter(None, [t("rejoined_you", lang), hand.ephemeral]))
        outcome.ephemeral_image = hand.ephemeral_image
        outcome.ephemeral_choices = hand.ephemeral_choices
        return outcome

    async def take_over(self, table: Table, user_id: int, kind: str, lang: str = DEFAULT) -> Outcome:
        caller = table.seat_of(user_id)
        if caller is None:
            return Outcome.refuse(t("not_seated", lang))
        to_act = table.rules.to_act(table.state)
        late = [
            s for s in table.seats if s.timed_out and not s.is_bot and s.seat in to_act and s is not caller
        ]
        if not late:
            return Outcome.refuse(t("no_timed_out_seat", lang))
        return await self.hand_to_bot(
            table, late[0], kind, "seat_taken_over", caller=caller.name, name=late[0].name
        )

    async def hand_to_bot(
        self, table: Table, seat: SeatRow, kind: str | None, key: str, **values: Any
    ) -> Outcome:
        """A running game's seat becomes a computer player (of ``kind``; None: the table's
        take-over level, ``/game settings takeover``); it moves by a 'bot' timer. The
        announcement ``key`` is public, in the game's language."""
        if kind is None:
            kind, _ = await self.store.table_play(table.row.id)
        if computer.bot_kind(table, kind) is None:
            kind = "random"
        await self.store.seat_to_bot(table.row.id, seat.seat, kind)
        table = await self.tables.load(table.row)
        if seat.seat in table.rules.to_act(table.state):
            due = self.clock() + self.config.bot_delay_s
            await self.tables.add_timers(table.row.id, TimerPlan(clear=("bot",), add=[("bot", due, {})]))
        text = t(key, table.lang, kind=kind_name(kind, table.lang), **values)
        return Outcome(public=[PublicMessage(table.row.channel_id, text)])
