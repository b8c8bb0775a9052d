"""Handing a running game's seat to a computer player by vote, and taking it back.

``/game replace @player``: every other human seated player may vote; when more than half of
them (at least one) agree, the seat becomes a heuristic computer seat that keeps its seat,
holdings and history. The host alone may do it at once when that player's turn clock has run
out. Votes are stored (table ``replace_votes``, migration 4, through the store's
``add_replace_vote`` / ``replace_voters``) so they survive restarts; a vote lapses as soon as the
player acts after it (it remembers the game version it was cast at, and any logged action of the
seat from that version on voids it — nothing is written per move).

``/game rejoin``: the player who held a seat handed to a computer (by vote, by the clock, or by
leaving) takes it back; the seat remembers them in ``seats.former_user_id``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.outcome import Choice, Outcome, PublicMessage, parse_custom_id
from bot.rows import SeatRow, TimerPlan
from bot.texts import t

if TYPE_CHECKING:
    from bot.service import GameService, Table


def only_votes(choices: list[Choice]) -> bool:
    """Whether every button is a vote button (an announcement, not a board message)."""
    return all((parsed := parse_custom_id(c.custom_id)) is not None and parsed.verb == "v" for c in choices)


# ---------------------------------------------------------------------- rules of the vote


def other_humans(table: Table, seat: str) -> list[SeatRow]:
    """The human seated players who may vote on ``seat``."""
    return [s for s in table.seats if not s.is_bot and s.user_id is not None and s.seat != seat]


def votes_needed(voters: int) -> int:
    """More than half of the voters, and at least one."""
    return max(1, voters // 2 + 1)


# ---------------------------------------------------------------------- commands


async def replace(
    service: GameService,
    channel_id: int | None,
    user_id: int,
    target_id: int,
    *,
    game_pk: int | None = None,
    locale: Any = None,
) -> Outcome:
    """``/game replace @player`` (and its vote button): one vote, or the replacement itself.
    The caller is answered in their language, the channel in the game's."""
    lang = await service._caller_lang(user_id, locale)
    lock_key = await service._lock_key(channel_id, game_pk)
    if lock_key is None:
        return Outcome.refuse(t("no_game" if game_pk is None else "game_closed", lang))
    async with service._lock(lock_key):
        table = await service._running(channel_id, game_pk, lang)
        if isinstance(table, Outcome):
            return table
        caller = table.seat_of(user_id)
        if caller is None:
            return Outcome.refuse(t("not_seated", lang))
        if target_id == user_id:
            return Outcome.refuse(t("replace_self", lang))
        target = table.seat_of(target_id)
        if target is None:
            handed_over = await service.store.former_seat(table.row.id, target_id)
            if handed_over is not None:
                return Outcome.refuse(t("replace_already_bot", lang, name=table.name(handed_over)))
            return Outcome.refuse(t("replace_unknown", lang, mention=f"<@{target_id}>"))
        if user_id == table.row.host_id and target.timed_out:
            return await service._hand_to_bot(
                table, target, None, "replaced_by_host", host=caller.name, name=target.name
            )
        return await _vote(service, table, caller, target, lang)


async def _vote(service: GameService, table: Table, caller: SeatRow, target: SeatRow, lang: str) -> Outcome:
    store, pk, public_lang = service.store, table.row.id, table.lang
    voters = other_humans(table, target.seat)
    needed = votes_needed(len(voters))
    voter_ids = {s.user_id for s in voters}
    before = [v for v in await store.replace_voters(pk, target.seat) if v in voter_ids]
    if caller.user_id in before:
        count = len(before)
        return Outcome.refuse(t("replace_already_voted", lang, name=target.name, count=count, needed=needed))
    now = service.clock()
    live = await store.add_replace_vote(pk, target.seat, caller.user_id, table.row.version, now)
    agreed = [v for v in live if v in voter_ids]
    if len(agreed) >= needed:
        names = [s.name for s in voters if s.user_id in agreed]
        from bot.service import join_names

        return await service._hand_to_bot(
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
    button = service._choice(table, "v", label, target.seat, "danger")
    mentions = [s.user_id for s in voters if s.user_id not in agreed]
    message = PublicMessage(table.row.channel_id, text, choices=[button] if button else [], mentions=mentions)
    return Outcome(ephemeral=t("replace_voted", lang, name=target.name), public=[message])


async def vote_button(
    service: GameService, user_id: int, game_pk: int, seat: str, *, locale: Any = None
) -> Outcome:
    """The vote button under an announcement: the same vote as ``/game replace`` on that seat."""
    lang = await service._caller_lang(user_id, locale)
    table = await service._running(None, game_pk, lang)
    if isinstance(table, Outcome):
        return table
    target = next((s for s in table.seats if s.seat == seat), None)
    if target is None:
        return Outcome.refuse(t("foreign_button", lang))
    if target.is_bot or target.user_id is None:
        return Outcome.refuse(t("replace_already_bot", lang, name=target.name))
    return await replace(service, None, user_id, target.user_id, game_pk=game_pk, locale=locale)


async def rejoin(service: GameService, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
    """``/game rejoin``: the player takes their seat back from the computer."""
    from bot.service import Applied

    lang = await service._caller_lang(user_id, locale)
    async with service._lock(channel_id):
        table = await service._running(channel_id, None, lang)
        if isinstance(table, Outcome):
            return table
        if table.seat_of(user_id) is not None:
            return Outcome.refuse(t("rejoin_already_playing", lang))
        seat = await service.store.former_seat(table.row.id, user_id)
        if seat is None or not await service.store.seat_back_to_player(table.row.id, seat, user_id):
            return Outcome.refuse(t("rejoin_no_seat", lang))
        table = await service._table(table.row)
        plan = _timers_for_returning(service, table, seat)
        await service.store.add_timers(table.row.id, plan)
        service._timers_added(plan)
        name = table.name(seat)
        outcome = await service._after_change(
            table, Applied(seat, "", [], table.state), intro=t("rejoined", table.lang, name=name)
        )
    hand = await service.hand(None, user_id, game_pk=table.row.id, locale=locale)
    outcome.ephemeral = "\n".join(filter(None, [t("rejoined_you", lang), hand.ephemeral]))
    outcome.ephemeral_image = hand.ephemeral_image
    outcome.ephemeral_choices = hand.ephemeral_choices
    return outcome


def _timers_for_returning(service: GameService, table: Table, seat: str) -> TimerPlan:
    """A reminder and a fresh turn clock for the returning seat when it must act now."""
    if seat not in table.rules.to_act(table.state):
        return TimerPlan()
    now = service.clock()
    plan = TimerPlan(clear=("reminder",), add=[("reminder", now + table.row.reminder_s, {})])
    if table.row.clock_s:
        plan.add.append(("clock", now + table.row.clock_s, {"seat": seat, "version": table.row.version}))
    return plan
