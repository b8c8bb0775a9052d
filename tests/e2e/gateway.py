"""The emulator's gateway: Discord's websocket protocol as discord.py 2.x speaks it.

HELLO on connect; IDENTIFY → READY (the guild unavailable) then GUILD_CREATE; heartbeats
acknowledged; RESUME → the events the client missed, in order, then RESUMED; INVALID_SESSION
(``d: false``) when the session cannot be resumed or a test asks for it, after which the client
identifies again. Every dispatch gets the session's next sequence number and is kept, so a
client that resumes after a disconnect receives what was dispatched while it was away.
Frames are plain JSON text (discord.py accepts uncompressed text frames even when it asked for
``zlib-stream``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from tests.e2e.emulator import Emulator

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)
HEARTBEAT_INTERVAL_MS = 41_250


@dataclass
class Session:
    """One IDENTIFY's session: its sequence, every event dispatched on it, its live socket."""

    id: str
    seq: int = 0
    events: list[tuple[int, str]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, ws: web.WebSocketResponse, frame: str) -> None:
        async with self.lock:
            await ws.send_str(frame)


@dataclass
class Op:
    """An opcode the client sent (or a connection it opened), for the tests to read."""

    name: str
    data: Any
    at: float
    path: str = ""


class Gateway:
    """The websocket side of :class:`~tests.e2e.emulator.Emulator`."""

    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.ops: list[Op] = []
        #: Cleared by :meth:`disconnect` with ``hold``: new connections wait before HELLO.
        self.open = asyncio.Event()
        self.open.set()
        #: The next RESUME is answered with INVALID_SESSION (``d: false``).
        self.invalidate_next_resume = False
        self._connections: set[web.WebSocketResponse] = set()

    # ------------------------------------------------------------------ for the tests

    def count(self, name: str) -> int:
        return sum(1 for op in self.ops if op.name == name)

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.ws is not None and not self.current.ws.closed

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send ``event`` on the current session (kept for a RESUME if the socket is down);
        returns its sequence number."""
        session = self.current
        if session is None:
            raise RuntimeError(f"{event}: the bot has not identified")
        session.seq += 1
        frame = json.dumps({"op": DISPATCH, "t": event, "s": session.seq, "d": data})
        session.events.append((session.seq, frame))
        ws = session.ws
        if ws is not None and not ws.closed:
            async with session.lock:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_str(frame)
        return session.seq

    async def disconnect(self, *, code: int = 4000, hold: bool = False) -> None:
        """Close the bot's socket (close ``code`` 4000: "unknown error", which a client may
        resume). With ``hold``, a new connection waits for :meth:`release` before its HELLO."""
        if hold:
            self.open.clear()
        session = self.current
        if session is not None and session.ws is not None:
            ws, session.ws = session.ws, None
            await ws.close(code=code, message=b"emulated disconnect")
        self.ops.append(Op("DISCONNECT", code, time.monotonic()))
        await self.emu.notify()

    def release(self) -> None:
        self.open.set()

    async def close_all(self) -> None:
        for ws in list(self._connections):
            with contextlib.suppress(Exception):
                await ws.close(code=1001)

    # ------------------------------------------------------------------ the socket

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self._connections.add(ws)
        self.ops.append(Op("CONNECT", dict(request.query), time.monotonic(), request.path))
        try:
            await self.open.wait()
            await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
            session: Session | None = None
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    self.ops.append(Op("HEARTBEAT", data, time.monotonic()))
                    # A moment later, as over a network: discord.py's heartbeat thread notes the
                    # send time only after sending, and warns of an ack that seems to precede it.
                    asyncio.get_running_loop().call_later(0.02, self._ack, ws)
                elif op == IDENTIFY:
                    self.ops.append(Op("IDENTIFY", _without_token(data), time.monotonic(), request.path))
                    if data.get("token") != self.emu.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    session = await self._identify(ws)
                elif op == RESUME:
                    self.ops.append(Op("RESUME", _without_token(data), time.monotonic(), request.path))
                    session = await self._resume(ws, data)
                    if session is None:
                        await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
                await self.emu.notify()
        finally:
            self._connections.discard(ws)
            for session in self.sessions.values():
                if session.ws is ws:
                    session.ws = None
            await self.emu.notify()
        return ws

    def _ack(self, ws: web.WebSocketResponse) -> None:
        if not ws.closed:
            task = asyncio.ensure_future(ws.send_str(json.dumps({"op": HEARTBEAT_ACK})))
            task.add_done_callback(lambda t: t.exception())

    async def _identify(self, ws: web.WebSocketResponse) -> Session:
        emu = self.emu
        session = Session(secrets.token_hex(16), ws=ws)
        self.sessions[session.id] = session
        if self.current is not None and self.current.ws is not None and self.current.ws is not ws:
            with contextlib.suppress(Exception):
                await self.current.ws.close(code=4000)
        self.current = session
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": emu.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
                "guilds": [{"id": str(emu.guild_id), "unavailable": True}],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": emu.resume_url,
                "shard": [0, 1],
                "application": {"id": str(emu.app_id), "flags": 0},
                "private_channels": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
            },
        )
        await self.dispatch("GUILD_CREATE", emu.guild_payload())
        self.ops.append(Op("READY", session.id, time.monotonic()))
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if (
            self.invalidate_next_resume
            or session is None
            or session is not self.current
            or data.get("token") != self.emu.token
        ):
            self.invalidate_next_resume = False
            self.ops.append(Op("INVALID_SESSION", data.get("session_id"), time.monotonic()))
            return None
        seq = int(data.get("seq") or 0)
        sent = 0
        while sent < len(session.events):  # events dispatched meanwhile are sent here too
            number, frame = session.events[sent]
            sent += 1
            if number > seq:
                await session.send(ws, frame)
        session.ws = ws
        await self.dispatch("RESUMED", {})
        self.ops.append(Op("RESUMED", session.id, time.monotonic()))
        return session


def _without_token(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: v for k, v in data.items() if k != "token"}
    return data
