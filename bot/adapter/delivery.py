"""Hand a service :class:`~bot.service.outcome.Outcome` to a gateway, and run the timer loop.

The order is: the answer to the caller first (Discord wants an interaction answered quickly),
then the public messages, then the DMs. A public message with an ``edit_id`` replaces that
message in place (posted anew when it is gone); an older turn message is retired only once its
successor is posted (else it keeps its buttons); the ids of new live messages go to the
service (:meth:`~bot.service.front.GameService.public_posted`), and a turn message's link to a board
posted anew in the same outcome (it goes out first) gets that board's id. A refused DM is
reported to the service, which remembers it and never DMs that user again; its content is *not* posted
anywhere else (the player reads it through the "My hand" button). A DM asking for a decision is
kept (its id goes to the service); last, the kept DMs whose moment passed are closed, and the
service keeps the new ones' ids and forgets the closed ones in one store write.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from dataclasses import replace

from bot import metrics
from bot.service import pictures
from bot.service.outcome import (
    BOARD,
    RETIRED,
    ClosedDm,
    Gateway,
    Outcome,
    PrivateMessage,
    PublicMessage,
    SentDm,
)

log = logging.getLogger(__name__)


async def deliver(outcome: Outcome, gateway: Gateway, service, interaction: object | None = None) -> None:
    """Send everything ``outcome`` says through ``gateway``.

    ``service`` is the :class:`bot.service.front.GameService` (told about refused DMs and about the
    ids of new live messages). The answer to the caller goes to ``interaction``, or to the
    interaction another process handed over (``outcome.reply_to``)."""
    if interaction is None:
        interaction = outcome.reply_to
    if interaction is not None:
        try:
            if outcome.ok and outcome.done is not None:
                await gateway.acknowledge(interaction, outcome)
            elif outcome.ephemeral or outcome.ephemeral_image or outcome.ephemeral_choices:
                await gateway.reply_ephemeral(
                    interaction, outcome.ephemeral or "", outcome.ephemeral_image, outcome.ephemeral_choices
                )
        except Exception:  # e.g. the interaction expired: the board and the DMs must still go out
            log.warning("answering the caller failed; the channel and the DMs are still told", exc_info=True)
        for text in outcome.ephemeral_more:  # a long answer's further parts, to the caller alone
            await gateway.reply_ephemeral(interaction, text)
    await pictures.settle(outcome.public)  # pictures still being drawn (bot.service.pictures)
    lost = False  # a new message did not get out: the one it replaces keeps its buttons
    boards: dict[int, int] = {}  # game → its board message posted just now
    for msg in sorted(outcome.public, key=_board_first):
        retiring = msg.live is not None and msg.live.role == RETIRED
        link = msg.board_link
        if link is not None and link.message_id is None and msg.live is not None:
            msg = replace(msg, board_link=replace(link, message_id=boards.get(msg.live.game_pk)))
        if retiring and lost:
            continue
        if msg.edit_id is not None:
            if not service.edit_wanted(msg):
                continue  # a later edit of the same message went out already
            if await gateway.edit_public(msg.channel_id, msg.edit_id, msg):
                await service.public_edited(msg)
                continue
            if retiring:
                continue  # gone: nothing left to retire
            msg = replace(msg, edit_id=None)  # gone: say it anew
        message_id = await gateway.post_public(msg)
        if message_id is None:
            log.warning("posting to channel %s failed", msg.channel_id)
            lost = True
            continue
        await service.public_posted(msg, message_id)
        if msg.live is not None and msg.live.role == BOARD:
            boards[msg.live.game_pk] = message_id
    # A board posted anew is staged for its turn message's write: when that write did not come
    # (the turn message was lost, or edited before the board was posted again), write it now.
    for pk in {msg.live.game_pk for msg in outcome.public if msg.live is not None}:
        await service.store.write_staged_live(pk)
    refused = await service.store.dm_refused_users()
    # The decision DMs sent and the kept ones closed go to the store in one write at the end —
    # also when sending or closing fails half-way (what went out is kept, what was closed forgotten).
    asked: list[tuple[PrivateMessage, SentDm]] = []
    closed_now: list[ClosedDm] = []
    try:
        for dm in outcome.private:
            if dm.user_id in refused:
                continue
            sent = await gateway.send_private(dm)
            if sent is None:
                metrics.DMS_REFUSED.inc()
                refused.add(dm.user_id)
                await service.dm_refused(dm.user_id)
            elif dm.decision is not None and sent.message_id is not None and sent.channel_id is not None:
                asked.append((dm, sent))
        # The DM whose own button made the decision already says so (the answer to the press).
        pressed = (
            gateway.pressed(interaction) if interaction is not None and outcome.done is not None else None
        )
        for closed in outcome.closed_dms:
            if closed.message_id != pressed and not await gateway.close_private(closed):
                log.info("closing DM %s failed (gone?): forgotten", closed.message_id)
            closed_now.append(closed)
    finally:
        if asked or closed_now:
            await service.decision_dms_delivered(asked, closed_now)


def _board_first(msg: PublicMessage) -> int:
    """A board posted anew goes out first: the turn message after it links to it."""
    return 0 if msg.live is not None and msg.live.role == BOARD and msg.edit_id is None else 1


async def run_timers(
    service,
    gateway: Gateway,
    *,
    interval: float = 30.0,
    stop: asyncio.Event | None = None,
    heartbeat: Callable[[], None] | None = None,
    drain_s: float = 0.0,
) -> None:
    """The background loop: run due timers and deliver what they say, until ``stop`` is set.

    It sleeps until the earliest timer is due (at most ``interval`` seconds), and the service
    wakes it sooner when a timer is added that is due before then (``service.timers_changed``,
    see ``bot.service.tables.Tables.timers_added``): so a computer seat moves BOT_DELAY_SECONDS after the
    action that made it due, not up to ``interval`` later — also when another process adds one
    (a press handed over: the store tells, see ``GameStore.watch_timers``). Timers live in the
    store, so a restart simply picks them up again; a round that fails (the database away for a
    while) is tried again after ``interval``. After every round that reached the store,
    ``heartbeat()`` (the health check's sign of life, see ``HEALTH_FILE``). Once stopped, the
    timers still running are waited for, at most ``drain_s`` seconds (a graceful stop); one cut
    off is not lost: its claim comes back (``bot.service.timers``)."""
    stop = stop or asyncio.Event()
    running: set[asyncio.Task[None]] = set()
    while not stop.is_set():
        service.timers_changed.clear()
        wait = interval
        try:
            for outcome in await service.upkeep():  # notices waiting, the hourly sweep
                await deliver(outcome, gateway, service)
            # each timer in a task of its own, delivered when it is done: a computer player's
            # search in one game (up to a second) delays neither another game's timers nor this loop
            for timer in await service.claim_due_timers():
                task = asyncio.create_task(_run_and_deliver(service, gateway, timer))
                running.add(task)
                task.add_done_callback(running.discard)
            # From here on any new timer wakes the loop: one added while the next due time is
            # being read sets the event, and the wait below then returns at once.
            service.wake_at = math.inf
            next_due = await service.next_timer_due()
            if next_due is not None:
                wait = min(interval, max(MIN_WAIT, next_due - service.clock()))
            if heartbeat is not None:
                heartbeat()
        except Exception:  # keep the loop alive (the database may be back next round)
            log.exception("running timers failed")
        service.wake_at = service.clock() + wait
        await _sleep(wait, stop, service.timers_changed)
        service.wake_at = -math.inf  # a round runs: it reads the due timers itself
    if running and drain_s > 0:
        await asyncio.wait(running, timeout=drain_s)


#: The shortest sleep between two rounds (a round that found a timer due but could not claim
#: it must not spin).
MIN_WAIT = 0.01


async def _sleep(seconds: float, *events: asyncio.Event) -> None:
    """Sleep ``seconds`` or until one of ``events`` is set."""
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()


async def _run_and_deliver(service, gateway: Gateway, timer) -> None:
    """Run one claimed timer and deliver its outcome (a failure is logged, never raised)."""
    try:
        outcome = await service.run_timer(timer)
        if outcome is not None:
            await deliver(outcome, gateway, service)
    except Exception:
        log.exception("timer %s failed", getattr(timer, "id", "?"))
