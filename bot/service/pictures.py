"""A move's pictures drawn once the channel's lock is let go, the newest of a channel only.

A move changes its game under the channel's lock (:meth:`bot.service.tables.Tables.held`), and its
public messages are composed there; the board and turn pictures they carry take a render
worker's turn — tens of milliseconds when the pool is idle, seconds when it is saturated. Were
they awaited under the lock, every next command of the channel would wait for them, and each
would draw its own. So the presenter starts the drawing under the lock
(:meth:`bot.render_pool.RenderPool.latest`, which draws only the newest pictures of a channel
waiting for their turn) and puts :class:`Later` placeholders in the messages; once the lock is
let go, :func:`deferred` awaits the pictures and puts them in those messages, before the
command's outcome reaches its caller. A picture that could not be drawn leaves its message
without one (its text still goes out), as before.

Outside :func:`deferred` (a part called on its own, as tests and the start-up's catch-up do),
the presenter awaits the pictures at once. :func:`bot.adapter.delivery.deliver` settles any
:class:`Later` it still finds.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Literal

from bot.service.outcome import PublicMessage
from render import MovePictures

__all__ = ["Later", "deferred", "deferring", "settle", "track"]


class Later(bytes):
    """A picture still being drawn (``part`` of the move's pictures), standing in a message's
    ``image`` or ``turn_image`` until it is settled: an empty ``bytes``, never sent as it is."""

    drawing: asyncio.Future[MovePictures]
    part: Literal["board", "turn"]

    def __new__(cls, drawing: asyncio.Future[MovePictures], part: Literal["board", "turn"]) -> Later:
        later = super().__new__(cls, b"")
        later.drawing = drawing
        later.part = part
        return later

    async def picture(self) -> bytes | None:
        """The drawn picture (None when it could not be drawn: the drawing says so itself)."""
        drawn: bytes | None = getattr(await self.drawing, self.part)
        return drawn


#: The messages waiting for their pictures in the current :func:`deferred` block (None: none).
_WAITING: contextvars.ContextVar[list[PublicMessage] | None] = contextvars.ContextVar(
    "pictures", default=None
)


def deferring() -> bool:
    """Whether pictures drawn now may be settled later (the caller is in a :func:`deferred` block)."""
    return _WAITING.get() is not None


def track(messages: Iterable[PublicMessage]) -> None:
    """Have the current :func:`deferred` block settle the :class:`Later` pictures of ``messages``."""
    waiting = _WAITING.get()
    if waiting is not None:
        waiting.extend(m for m in messages if isinstance(m.image, Later) or isinstance(m.turn_image, Later))


@asynccontextmanager
async def deferred(lock: AbstractAsyncContextManager[None]) -> AsyncIterator[None]:
    """Hold ``lock`` for the block; once it is let go, settle the pictures of the messages
    composed in it (:func:`track`)."""
    waiting: list[PublicMessage] = []
    token = _WAITING.set(waiting)
    try:
        async with lock:
            yield
    finally:
        _WAITING.reset(token)
    await settle(waiting)


async def settle(messages: Iterable[PublicMessage]) -> None:
    """Put the drawn pictures in place of the :class:`Later` ones of ``messages``."""
    for message in messages:
        if isinstance(message.image, Later):
            message.image = await message.image.picture()
        if isinstance(message.turn_image, Later):
            message.turn_image = await message.turn_image.picture()
