"""Handing a running game's seat to a computer player by vote, and taking it back.

``/game replace @player``: every other human seated player may vote; when more than half of
them (at least one) agree, the seat becomes a heuristic computer seat that keeps its seat,
holdings and history. The host alone may do it at once when that player's turn clock has run
out. Votes are stored (table ``replace_votes``, migration 4) so they survive restarts; a vote
lapses as soon as the player acts after it (it remembers the game version it was cast at, and
any logged action of the seat from that version on voids it — nothing is written per move).

``/game rejoin``: the player who held a seat handed to a computer (by vote, by the clock, or by
leaving) takes it back; the seat remembers them in ``seats.former_user_id``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import aiosqlite

from bot.outcome import Choice, Outcome, PublicMessage, parse_custom_id
from bot.store import SeatRow, Store, TimerPlan
from bot.texts import t

if TYPE_CHECKING:
    from bot.service import GameService, Table

#: The computer player that takes over a replaced seat.
REPLACEMENT_KIND = "heuristic"


# ---------------------------------------------------------------------- storage


#: A vote lapses once the seat logged an action (a move or an undo) from the version it was cast
#: at on (log row ``n`` took the game from version ``n`` to ``n + 1``).
LAPSED = (
    "EXISTS (SELECT 1 FROM actions a WHERE a.game_pk = replace_votes.game_pk "
    "AND a.seat = replace_votes.seat AND a.n >= replace_votes.version)"
)


async def live_voters(db: aiosqlite.Connection, game_pk: int, seat: str) -> list[int]:
    """Who voted to replace ``seat`` since its last action, oldest vote first."""
    async with db.execute(
        f"SELECT voter_id FROM replace_votes WHERE game_pk = ? AND seat = ? AND NOT {LAPSED} "
        "ORDER BY created, voter_id",
        (game_pk, seat),
    ) as cur:
        return [r[0] for r in await cur.fetchall()]


async def record_vote(
    store: Store, game_pk: int, seat: str, voter_id: int, version: int, now: float
) -> list[int]:
    """Store one vote (dropping the seat's lapsed ones) and return the live voters, read in the
    same transaction so that two bot processes counting at once cannot both miss a majority."""
    async with store.transaction() as db:
        await db.execute(
            f"DELETE FROM replace_votes WHERE game_pk = ? AND seat = ? AND {LAPSED}", (game_pk, seat)
        )
        await db.execute(
            "INSERT OR REPLACE INTO replace_votes (game_pk, seat, voter_id, version, created) VALUES (?, ?, ?, ?, ?)",
            (game_pk, seat, voter_id, version, now),
        )
        return await live_voters(db, game_pk, seat)


async def former_seat(store: Store, game_pk: int, user_id: int) -> str | None:
    """The computer seat that ``user_id`` held before it was handed over, if any."""
    async with store.db.execute(
        "SELECT seat FROM seats WHERE game_pk = ? AND former_user_id = ? AND is_bot = 1", (game_pk, user_id)
    ) as cur:
        row = await cur.fetchone()
    return row[0] if row else None


async def seat_back_to_player(store: Store, game_pk: int, seat: str, user_id: int) -> bool:
    """The computer seat goes back to the player who held it (False when it is not theirs).

    The seat's turn clock from before the handover is dropped: the player gets a fresh one."""
    async with store.transaction() as db:
        cur = await db.execute(
            "UPDATE seats SET is_bot = 0, bot_kind = NULL, user_id = former_user_id, former_user_id = NULL, "
            "timed_out = 0 WHERE game_pk = ? AND seat = ? AND former_user_id = ? AND is_bot = 1",
            (game_pk, seat, user_id),
        )
        if cur.rowcount != 1:
            return False
        await db.execute(
            "DELETE FROM timers WHERE game_pk = ? AND kind = 'clock' AND json_extract(payload, '$.seat') = ?",
            (game_pk, seat),
        )
        return True


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
    service: GameService, channel_id: int | None, user_id: int, target_id: int, *, game_pk: int | None = None
) -> Outcome:
    """``/game replace @player`` (and its vote button): one vote, or the replacement itself."""
    lock_key = await service._lock_key(channel_id, game_pk)
    if lock_key is None:
        return Outcome.refuse(t("no_game") if game_pk is None else t("game_closed"))
    async with service._lock(lock_key):
        table = await service._running(channel_id, game_pk)
        if isinstance(table, Outcome):
            return table
        caller = table.seat_of(user_id)
        if caller is None:
            return Outcome.refuse(t("not_seated"))
        if target_id == user_id:
            return Outcome.refuse(t("replace_self"))
        target = table.seat_of(target_id)
        if target is None:
            handed_over = await former_seat(service.store, table.row.id, target_id)
            if handed_over is not None:
                return Outcome.refuse(t("replace_already_bot", name=table.name(handed_over)))
            return Outcome.refuse(t("replace_unknown", mention=f"<@{target_id}>"))
        if user_id == table.row.host_id and target.timed_out:
            return await service._hand_to_bot(
                table, target, REPLACEMENT_KIND, "replaced_by_host", host=caller.name, name=target.name
            )
        return await _vote(service, table, caller, target)


async def _vote(service: GameService, table: Table, caller: SeatRow, target: SeatRow) -> Outcome:
    store, pk = service.store, table.row.id
    voters = other_humans(table, target.seat)
    needed = votes_needed(len(voters))
    voter_ids = {s.user_id for s in voters}
    before = [v for v in await live_voters(store.db, pk, target.seat) if v in voter_ids]
    if caller.user_id in before:
        return Outcome.refuse(t("replace_already_voted", name=target.name, count=len(before), needed=needed))
    now = service.clock()
    live = await record_vote(store, pk, target.seat, caller.user_id, table.row.version, now)
    agreed = [v for v in live if v in voter_ids]
    if len(agreed) >= needed:
        names = [s.name for s in voters if s.user_id in agreed]
        from bot.service import join_names

        return await service._hand_to_bot(
            table, target, REPLACEMENT_KIND, "replaced_by_vote", name=target.name, voters=join_names(names)
        )
    text = t("replace_vote", voter=caller.name, name=target.name, count=len(agreed), needed=needed)
    button = service._choice(table, "v", t("btn_vote_replace", name=target.name), target.seat, "danger")
    mentions = [s.user_id for s in voters if s.user_id not in agreed]
    message = PublicMessage(table.row.channel_id, text, choices=[button] if button else [], mentions=mentions)
    return Outcome(ephemeral=t("replace_voted", name=target.name), public=[message])


async def vote_button(service: GameService, user_id: int, game_pk: int, seat: str) -> Outcome:
    """The vote button under an announcement: the same vote as ``/game replace`` on that seat."""
    table = await service._running(None, game_pk)
    if isinstance(table, Outcome):
        return table
    target = next((s for s in table.seats if s.seat == seat), None)
    if target is None:
        return Outcome.refuse(t("foreign_button"))
    if target.is_bot or target.user_id is None:
        return Outcome.refuse(t("replace_already_bot", name=target.name))
    return await replace(service, None, user_id, target.user_id, game_pk=game_pk)


async def rejoin(service: GameService, channel_id: int, user_id: int) -> Outcome:
    """``/game rejoin``: the player takes their seat back from the computer."""
    from bot.service import Applied

    async with service._lock(channel_id):
        table = await service._running(channel_id, None)
        if isinstance(table, Outcome):
            return table
        if table.seat_of(user_id) is not None:
            return Outcome.refuse(t("rejoin_already_playing"))
        seat = await former_seat(service.store, table.row.id, user_id)
        if seat is None or not await seat_back_to_player(service.store, table.row.id, seat, user_id):
            return Outcome.refuse(t("rejoin_no_seat"))
        table = await service._table(table.row)
        await service.store.add_timers(table.row.id, _timers_for_returning(service, table, seat))
        name = table.name(seat)
        outcome = await service._after_change(
            table, Applied(seat, "", [], table.state), intro=t("rejoined", name=name)
        )
    hand = await service.hand(None, user_id, game_pk=table.row.id)
    outcome.ephemeral = "\n".join(filter(None, [t("rejoined_you"), hand.ephemeral]))
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
