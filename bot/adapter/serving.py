"""The interactions the bot is serving, its graceful stop, and what a failure may truthfully say.

On SIGTERM (``docker stop``, ``systemctl stop``) the bot stops taking new interactions — each is
answered, in its user's language, that the bot is restarting and nothing was changed (true: it
was not run) — and lets those in flight finish, for at most ``STOP_GRACE_SECONDS``; only then
does it close the Discord connection, the worker pools and the store, in that order (see
``TradewindsBot.close``). Before, the store was closed under the interactions still running: a
stored move was answered "nothing was changed, please try again", and a retyped move could
play twice.

A command that fails says what is known (:func:`failure_key`): "nothing was changed" only when
that is true — a move is recorded with its interaction in the move's own transaction, so a move
whose interaction is not recorded changed nothing, and one whose interaction is recorded was
stored (its board failed); a command recorded before it ran, or a store that cannot be asked,
says that it cannot tell.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from typing import Any, Literal

log = logging.getLogger(__name__)

#: How a command records its interaction: with the move, in the move's transaction ("move": a
#: move button or ``/play``), or before the command runs ("first": every other command).
Recorded = Literal["move", "first"]


class Serving:
    """The interactions in flight, and whether the bot is stopping (see the module docstring)."""

    def __init__(self) -> None:
        self.stopping = False
        self.in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def one(self) -> Iterator[None]:
        """Count one interaction in flight while the block runs."""
        self.in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self._idle.set()

    async def drain(self, grace_s: float) -> bool:
        """Take no new interactions; wait until those in flight are done (True), at most
        ``grace_s`` seconds (False: some were still running, and are cut off)."""
        self.stopping = True
        if self.in_flight:
            log.info("stopping: %d interactions in flight may finish (at most %s s)", self.in_flight, grace_s)
        try:
            await asyncio.wait_for(self._idle.wait(), grace_s)
        except TimeoutError:
            log.warning("stopping: %d interactions were still running after %s s", self.in_flight, grace_s)
            return False
        return True


#: What a client that has none serves with: never stopping (the adapter's tests' stand-ins).
NEVER_STOPPING = Serving()


def serving_of(client: Any) -> Serving:
    """The :class:`Serving` of a Discord client (the bot's own, or one that never stops)."""
    found = getattr(client, "serving", None)
    return found if isinstance(found, Serving) else NEVER_STOPPING


async def failure_key(service: Any, interaction_id: int | None, recorded: Recorded) -> str:
    """The catalogue key of what a failed command may truthfully say (module docstring)."""
    if service is None or interaction_id is None:
        return "adapter_failed_unknown"
    try:
        seen = await service.store.interaction_seen(interaction_id)
    except Exception:  # the store cannot be asked either
        log.warning("could not tell whether interaction %s was stored", interaction_id, exc_info=True)
        return "adapter_failed_unknown"
    if not seen:
        return "adapter_failed"  # nothing ran (first) or nothing was stored (a move)
    return "adapter_failed_stored" if recorded == "move" else "adapter_failed_unknown"
