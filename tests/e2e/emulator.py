"""A local Discord: enough of REST API v10 and the gateway for discord.py 2.x to run the real bot.

An aiohttp server on 127.0.0.1. The bot reaches it because ``tests/e2e/launcher.py`` points
``discord.http.Route.BASE`` at :attr:`Emulator.rest_base` and the default gateway at
:attr:`Emulator.gateway_url` before the project's own entry point runs.

It answers the way Discord does where discord.py cares: JSON responses with the content type
exactly ``application/json``; ``429`` with ``retry_after`` and a ``Via`` header; errors with
Discord's JSON codes (``10062`` Unknown interaction, ``40060`` already acknowledged, ``50007``
cannot DM, ``50013`` missing permissions, ``50035`` invalid form body — message limits are
checked); multipart bodies with ``payload_json`` and ``files[n]``. It keeps what a Discord client
would show: every channel's messages as last posted or edited (content, components,
attachments), ephemeral messages with the one user who sees them, DMs, threads, and each
interaction's callback and follow-ups. Every request is recorded, and a test can make a request
fail (:meth:`Emulator.inject`) or close the gateway (:attr:`Emulator.gateway`).
"""

from __future__ import annotations

import asyncio
import contextlib
import email.parser
import email.policy
import hashlib
import inspect
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.e2e.gateway import Gateway
from tests.e2e.payloads import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    DM,
    EPHEMERAL,
    LOADING,
    MEMBER_PERMISSIONS,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TEXT,
    Attachment,
    Channel,
    Message,
    User,
    guild_payload,
    snowflake,
)
from tests.e2e.payloads import BOT_PERMISSIONS as DEFAULT_BOT_PERMISSIONS

API = "/api/v10"
ATTACHMENT_SIZE_LIMIT = 25 * 1024 * 1024

#: Interaction types and the callback types Discord accepts for each.
COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4
CALLBACKS_FOR = {COMMAND: {4, 5, 9}, COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8}}


#: The option type of a user (``/game kick player:``): Discord sends its id and the user resolved.
USER_OPTION = 6


class DiscordError(Exception):
    """An error answer: HTTP status, Discord's JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with the content type exactly ``application/json`` (discord.py reads nothing else as
    JSON)."""
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


@dataclass
class Request:
    """One request the bot made, as received."""

    method: str
    path: str  # after /api/v10
    query: dict[str, str]
    payload: Any  # the JSON body, or multipart's payload_json
    files: list[Attachment]
    body_bytes: int
    started: float
    status: int = 0
    ended: float = 0.0
    route: str = ""
    fault: Fault | None = None
    code: int | None = None  # Discord's JSON error code of an error answer

    @property
    def uploaded(self) -> int:
        return sum(len(f.data) for f in self.files)


@dataclass
class Fault:
    """Answer the next ``times`` requests matching ``method`` and ``path`` (regular expressions;
    the path is the part after ``/api/v10``) with ``status`` and ``body``; with ``uploads_only``,
    only requests that upload a file."""

    method: str
    path: str
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)
    uploads_only: bool = False
    times: int = 1
    hits: list[Request] = field(default_factory=list)

    def matches(self, request: Request) -> bool:
        return (
            len(self.hits) < self.times
            and re.fullmatch(self.method, request.method) is not None
            and re.fullmatch(self.path, request.path) is not None
            and (not self.uploads_only or bool(request.files))
        )


@dataclass
class Callback:
    """One callback attempt for an interaction."""

    type: int
    status: int
    at: float


@dataclass
class Interaction:
    """An interaction the emulator sent the bot, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    message: Message | None  # the message a component is on
    sent: float
    expired: bool = False  # Discord no longer knows it: callbacks get 404 10062
    callbacks: list[Callback] = field(default_factory=list)
    response_type: int | None = None  # the accepted callback's type
    original: Message | None = None
    original_deleted: bool = False
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # an autocomplete's answer

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def accepted_callbacks(self) -> int:
        return sum(1 for c in self.callbacks if 200 <= c.status < 300)

    def answers(self) -> list[Message]:
        """The messages this interaction produced that a user reads (not a "thinking…" one)."""
        found = [m for m in [self.original, *self.followups] if m is not None and not m.flags & LOADING]
        return [m for m in found if not m.deleted]

    @property
    def first_callback_at(self) -> float | None:
        return self.callbacks[0].at if self.callbacks else None


@dataclass
class Snapshot:
    """A public message as it stood after a request created or changed it."""

    message: Message
    content: str
    custom_ids: list[str]
    attachments: list[tuple[str, bool, int]]  # (filename, is a PNG, bytes)
    request: Request | None
    kind: str  # create, edit, callback
    digests: list[str] = field(default_factory=list)  # sha256 of each attachment's bytes
    links: list[str] = field(default_factory=list)  # the URLs of its link buttons

    @property
    def has_components(self) -> bool:
        return bool(self.custom_ids)

    @property
    def has_png(self) -> bool:
        return any(png for _, png, _ in self.attachments)


Handler = Callable[..., Awaitable[web.StreamResponse]]


class Emulator:
    """The local Discord. ``users`` are the people in the guild; the bot is made here."""

    def __init__(
        self,
        users: list[User],
        *,
        token: str = "MTAxMDEw.emulated.bot-token-not-real",
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
    ) -> None:
        self.token = token
        self.app_id = snowflake()
        self.bot = User(self.app_id, "Tradewinds", bot=True)
        self.guild_id = snowflake()
        self.users = {u.id: u for u in users}
        self.bot_permissions = bot_permissions
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.requests: list[Request] = []
        self.faults: list[Fault] = []
        self.snapshots: list[Snapshot] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild (None: global) → commands
        self.dm_closed: set[int] = set()
        self.unknown: list[Request] = []  # requests for routes the emulator does not know
        self.errors: list[str] = []  # requests the emulator failed to handle (its own bugs)
        self.gateway = Gateway(self)
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = [
            (method, re.compile(pattern), handler, webhook)
            for method, pattern, handler, webhook in self._route_table()
        ]

    # ================================================================== lifecycle

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume", self.gateway.handle)
        app.router.add_route("*", API + "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def rest_base(self) -> str:
        return self.base + API

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/resume"

    # ================================================================== waiting

    async def notify(self) -> None:
        """Wake everything waiting in :meth:`wait_until`."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 20.0, what: str = "") -> Any:
        """Wait until ``predicate()`` (sync or async) is truthy, re-checking after every request
        and every quarter second; returns its value. ``TimeoutError`` after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            value = predicate()
            if inspect.isawaitable(value):
                value = await value
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"waited {timeout} s for {what or predicate}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.25))

    # ================================================================== the guild

    def add_text_channel(self, name: str) -> Channel:
        channel = Channel(snowflake(), TEXT, name, guild_id=self.guild_id)
        self.channels[channel.id] = channel
        return channel

    async def announce_channel(self, channel: Channel) -> None:
        """CHANNEL_CREATE for a channel made while the bot is connected."""
        if self.gateway.current is not None:
            await self.gateway.dispatch("CHANNEL_CREATE", channel.payload())

    def guild_payload(self) -> dict[str, Any]:
        return guild_payload(
            self.guild_id,
            self.bot,
            list(self.users.values()),
            list(self.channels.values()),
            self.bot_permissions,
        )

    def dm_channel(self, user_id: int) -> Channel | None:
        return next(
            (c for c in self.channels.values() if c.is_dm and c.recipient and c.recipient.id == user_id), None
        )

    def threads_of(self, channel_id: int) -> list[Channel]:
        return [c for c in self.channels.values() if c.type == PUBLIC_THREAD and c.parent_id == channel_id]

    def messages_in(self, channel_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.channel.id == channel_id and not m.deleted]

    def ephemerals_of(self, user_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.ephemeral and m.owner == user_id and not m.deleted]

    def dms_to(self, user_id: int) -> list[Message]:
        channel = self.dm_channel(user_id)
        return self.messages_in(channel.id) if channel is not None else []

    # ================================================================== interactions

    async def interact(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: dict[str, Any],
        message: Message | None = None,
        *,
        expired: bool = False,
        locale: str | None = None,
    ) -> Interaction:
        """Send the bot an INTERACTION_CREATE as Discord would for ``user`` in ``channel``."""
        record = Interaction(
            snowflake(),
            "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
            kind,
            user,
            channel,
            data,
            message,
            time.monotonic(),
            expired=expired,
        )
        self.interactions[record.id] = record
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.app_id),
            "type": kind,
            "token": record.token,
            "version": 1,
            "data": data,
            "locale": locale or user.locale,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "entitlements": [],
            "channel": channel.payload(),
            "channel_id": str(channel.id),
            "app_permissions": str(self.bot_permissions),
        }
        if channel.is_dm:
            payload.update(
                user=user.payload(), context=1, authorizing_integration_owners={"0": str(self.guild_id)}
            )
        else:
            payload.update(
                guild_id=str(self.guild_id),
                guild_locale="en-US",
                guild={"id": str(self.guild_id), "locale": "en-US", "features": []},
                member=user.member(MEMBER_PERMISSIONS),
                context=0,
                authorizing_integration_owners={"0": str(self.guild_id)},
            )
        if message is not None:
            payload["message"] = message.payload(self.base)
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return record

    def command_data(self, name: str, sub: str | None = None, **options: Any) -> dict[str, Any]:
        """A slash command's ``data`` as a client sends it, its options typed from the schema
        the bot registered (an option the bot did not register is an error here)."""
        command = next((c for c in self.commands.get(None, []) if c["name"] == name), None)
        if command is None:
            raise KeyError(f"/{name} is not registered")
        schema = command.get("options", [])
        if sub is not None:
            group = next((o for o in schema if o["name"] == sub and o["type"] == 1), None)
            if group is None:
                raise KeyError(f"/{name} {sub} is not registered")
            schema = group.get("options", [])
        typed = []
        resolved: dict[str, dict[str, Any]] = {}
        for key, value in options.items():
            focused = isinstance(value, Focused)
            option = next((o for o in schema if o["name"] == key), None)
            if option is None:
                raise KeyError(f"/{name} {sub or ''} has no option {key!r}")
            entry = {"name": key, "type": option["type"], "value": value.text if focused else value}
            if focused:
                entry["focused"] = True
            if option["type"] == USER_OPTION:  # a user option: its value an id, the user resolved
                user = self.users[int(value)]
                entry["value"] = str(user.id)
                member = {k: v for k, v in user.member(MEMBER_PERMISSIONS).items() if k != "user"}
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                resolved.setdefault("members", {})[str(user.id)] = member
            typed.append(entry)
        data: dict[str, Any] = {"id": command["id"], "name": name, "type": 1}
        if resolved:
            data["resolved"] = resolved
        data["options"] = [{"name": sub, "type": 1, "options": typed}] if sub is not None else typed
        return data

    # ================================================================== faults

    def inject(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def rate_limit(self, method: str, path: str, retry_after: float, *, uploads_only: bool = False) -> Fault:
        """The next matching request gets Discord's 429 (a ``Via`` header and ``retry_after``)."""
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": "emulated-bucket",
            "X-RateLimit-Scope": "user",
        }
        return self.inject(Fault(method, path, 429, body, headers, uploads_only=uploads_only))

    def server_error(self, method: str, path: str, *, uploads_only: bool = False) -> Fault:
        body = {"message": "500: Internal Server Error", "code": 0}
        return self.inject(Fault(method, path, 500, body, uploads_only=uploads_only))

    # ================================================================== requests

    def _route_table(self) -> list[tuple[str, str, Handler, bool]]:
        channel = r"/channels/(?P<channel>\d+)"
        webhook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        return [
            ("GET", r"/gateway", self._get_gateway, False),
            ("GET", r"/gateway/bot", self._get_gateway_bot, False),
            ("GET", r"/users/@me", self._get_me, False),
            ("GET", r"/oauth2/applications/@me", self._get_application, False),
            ("GET", r"/applications/@me", self._get_application, False),
            ("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands, False),
            ("GET", r"/applications/(?P<app>\d+)/commands", self._get_commands, False),
            ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._put_commands, False),
            ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", self._get_commands, False),
            ("POST", r"/users/@me/channels", self._create_dm, False),
            ("GET", r"/users/(?P<user>\d+)", self._get_user, False),
            ("GET", channel, self._get_channel, False),
            ("POST", channel + r"/messages", self._create_message, False),
            ("GET", channel + r"/messages/(?P<message>\d+)", self._get_message, False),
            ("PATCH", channel + r"/messages/(?P<message>\d+)", self._edit_message, False),
            ("DELETE", channel + r"/messages/(?P<message>\d+)", self._delete_message, False),
            ("POST", channel + r"/threads", self._create_thread, False),
            ("POST", channel + r"/messages/(?P<message>\d+)/threads", self._create_thread, False),
            ("PUT", channel + r"/thread-members/(?P<user>@me|\d+)", self._no_content, False),
            ("POST", r"/interactions/(?P<interaction>\d+)/(?P<token>[^/]+)/callback", self._callback, True),
            ("POST", webhook, self._followup, True),
            ("GET", webhook + r"/messages/(?P<message>@original|\d+)", self._get_webhook_message, True),
            ("PATCH", webhook + r"/messages/(?P<message>@original|\d+)", self._edit_webhook_message, True),
            ("DELETE", webhook + r"/messages/(?P<message>@original|\d+)", self._delete_webhook_message, True),
        ]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        path = request.path[len(API) :]
        record = Request(request.method, path, dict(request.query), None, [], len(body), time.monotonic())
        self.requests.append(record)
        try:
            record.payload, record.files = _parse_body(request.headers.get("Content-Type", ""), body)
            response = await self._answer(request, record)
        except DiscordError as error:
            response = json_response(error.body(), error.status)
            record.code = error.code
        except Exception as error:  # the emulator's own bug: a clear 400, never a retried 500
            self.errors.append(f"{record.method} {record.path}: {error!r}")
            response = json_response({"message": f"emulator error: {error!r}", "code": 0}, 400)
        record.status, record.ended = response.status, time.monotonic()
        await self.notify()
        return response

    async def _answer(self, request: web.Request, record: Request) -> web.StreamResponse:
        for method, pattern, handler, webhook in self._routes:
            match = pattern.fullmatch(record.path)
            if match is None or method != record.method:
                continue
            record.route = pattern.pattern
            if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
                raise DiscordError(401, 0, "401: Unauthorized")
            for fault in self.faults:
                if fault.matches(record):
                    fault.hits.append(record)
                    record.fault, record.code = fault, fault.body.get("code")
                    return json_response(fault.body, fault.status, fault.headers)
            return await handler(record, **match.groupdict())
        self.unknown.append(record)
        raise DiscordError(404, 0, "404: Not Found")

    # ================================================================== session and commands

    async def _get_gateway(self, record: Request) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, record: Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    async def _get_me(self, record: Request) -> web.Response:
        return json_response(self.bot.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, record: Request) -> web.Response:
        owner = next(iter(self.users.values()))
        return json_response(
            {
                "id": str(self.app_id),
                "name": "Tradewinds",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "bot": self.bot.payload(),
            }
        )

    async def _put_commands(self, record: Request, app: str, guild: str | None = None) -> web.Response:
        if int(app) != self.app_id:
            raise DiscordError(403, 50001, "Missing Access")
        if not isinstance(record.payload, list):
            raise DiscordError(400, 50035, "Invalid Form Body")
        registered = []
        for command in record.payload:
            entry = dict(command)
            entry.update(id=str(snowflake()), application_id=str(self.app_id), version=str(snowflake()))
            entry.setdefault("type", 1)
            entry.setdefault("default_member_permissions", None)
            entry.setdefault("nsfw", False)
            if guild is not None:
                entry["guild_id"] = guild
            registered.append(entry)
        self.commands[int(guild) if guild else None] = registered
        return json_response(registered)

    async def _get_commands(self, record: Request, app: str, guild: str | None = None) -> web.Response:
        return json_response(self.commands.get(int(guild) if guild else None, []))

    async def _get_user(self, record: Request, user: str) -> web.Response:
        found = self.users.get(int(user)) or (self.bot if int(user) == self.bot.id else None)
        if found is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(found.payload())

    # ================================================================== channels and messages

    def _channel(self, channel_id: str | int) -> Channel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    async def _create_dm(self, record: Request) -> web.Response:
        user_id = int((record.payload or {}).get("recipient_id", 0))
        user = self.users.get(user_id)
        if user is None:
            raise DiscordError(400, 50035, "Invalid Form Body")
        channel = self.dm_channel(user_id)
        if channel is None:
            channel = Channel(snowflake(), DM, recipient=user)
            self.channels[channel.id] = channel
        return json_response(channel.payload())

    async def _get_channel(self, record: Request, channel: str) -> web.Response:
        return json_response(self._channel(channel).payload())

    def _may_post(self, channel: Channel, files: list[Attachment]) -> None:
        if channel.is_dm:
            assert channel.recipient is not None
            if channel.recipient.id in self.dm_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return
        needed = SEND_MESSAGES_IN_THREADS if channel.type == PUBLIC_THREAD else SEND_MESSAGES
        if files:
            needed |= ATTACH_FILES
        if self.bot_permissions & needed != needed:
            raise DiscordError(403, 50013, "Missing Permissions")

    async def _create_message(self, record: Request, channel: str) -> web.Response:
        where = self._channel(channel)
        payload = record.payload or {}
        self._may_post(where, record.files)
        check_message(payload, record.files)
        message = Message(snowflake(), where, self.bot)
        apply_message(message, payload, record.files, new=True)
        self._keep(message, record, "create")
        return json_response(message.payload(self.base))

    def _message(self, channel: Channel, message_id: str) -> Message:
        message = self.messages.get(int(message_id))
        if message is None or message.channel.id != channel.id or message.deleted or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def _get_message(self, record: Request, channel: str, message: str) -> web.Response:
        return json_response(self._message(self._channel(channel), message).payload(self.base))

    async def _edit_message(self, record: Request, channel: str, message: str) -> web.Response:
        found = self._message(self._channel(channel), message)
        if found.author.id != self.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        payload = record.payload or {}
        check_message(payload, record.files)
        apply_message(found, payload, record.files, new=False)
        self._keep(found, record, "edit")
        return json_response(found.payload(self.base))

    async def _delete_message(self, record: Request, channel: str, message: str) -> web.Response:
        found = self._message(self._channel(channel), message)
        found.deleted = True
        return web.Response(status=204)

    async def _create_thread(self, record: Request, channel: str, message: str | None = None) -> web.Response:
        parent = self._channel(channel)
        payload = record.payload or {}
        kind = int(payload.get("type", PUBLIC_THREAD if message else 12))
        if parent.type != TEXT or kind != PUBLIC_THREAD:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if self.bot_permissions & CREATE_PUBLIC_THREADS == 0:
            raise DiscordError(403, 50013, "Missing Permissions")
        name = str(payload.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body", {"name": "1 to 100 characters"})
        thread_id = int(message) if message else snowflake()
        if message is not None:
            self._message(parent, message)
        thread = Channel(
            thread_id, PUBLIC_THREAD, name, guild_id=self.guild_id, parent_id=parent.id, owner_id=self.bot.id
        )
        self.channels[thread.id] = thread
        if self.gateway.current is not None:
            await self.gateway.dispatch("THREAD_CREATE", thread.payload() | {"newly_created": True})
        return json_response(thread.payload(), 201)

    async def _no_content(self, record: Request, **_: str) -> web.Response:
        return web.Response(status=204)

    def _keep(self, message: Message, record: Request | None, kind: str) -> None:
        """Hold ``message`` (new or changed) and note a public one's state."""
        self.messages[message.id] = message
        if kind != "create":
            message.edited = time.monotonic()
        if message.public:
            self.snapshots.append(
                Snapshot(
                    message,
                    message.content,
                    message.custom_ids(),
                    [(a.filename, a.is_png, len(a.data)) for a in message.attachments],
                    record,
                    kind,
                    [hashlib.sha256(a.data).hexdigest() for a in message.attachments],
                    [
                        comp["url"]
                        for row in message.components
                        for comp in row.get("components", [])
                        if comp.get("type") == 2 and comp.get("url")
                    ],
                )
            )

    # ================================================================== interaction responses

    async def _callback(self, record: Request, interaction: str, token: str) -> web.Response:
        found = self.interactions.get(int(interaction))
        kind = int((record.payload or {}).get("type", 0))
        now = time.monotonic()
        try:
            if found is None or found.token != token or found.expired:
                raise DiscordError(404, 10062, "Unknown interaction")
            if found.acknowledged:
                raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
            response = self._respond(found, kind, record)
        except DiscordError as error:
            if found is not None and found.token == token:
                found.callbacks.append(Callback(kind, error.status, now))
            raise
        found.callbacks.append(Callback(kind, 200, now))
        return response

    def _respond(self, interaction: Interaction, kind: int, record: Request) -> web.Response:
        if kind not in CALLBACKS_FOR.get(interaction.type, set()):
            raise DiscordError(
                400, 50035, "Invalid Form Body", {"type": f"{kind} for interaction {interaction.type}"}
            )
        data = (record.payload or {}).get("data") or {}
        message: Message | None = None
        if kind == 4:
            check_message(data, record.files)
            message = self._interaction_message(interaction, data, record.files, loading=False)
            interaction.original = message
            self._keep(message, record, "callback")
        elif kind == 5:
            message = self._interaction_message(interaction, data, [], loading=True)
            interaction.original = message
        elif kind == 7:  # the message the component is on, updated in place
            target = self.messages.get(interaction.message.id) if interaction.message is not None else None
            if target is None or target.deleted:
                raise DiscordError(404, 10008, "Unknown Message")
            check_message(data, record.files)
            apply_message(target, data, record.files, new=False)
            message = interaction.original = target  # the answer a user sees: the message, updated
            self._keep(target, record, "callback")
        elif kind == 8:
            choices = data.get("choices", [])
            check_choices(choices)
            interaction.choices = choices
        interaction.response_type = kind
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None:
            answer["resource"]["message"] = message.payload(self.base)
        return json_response(answer)

    def _interaction_message(
        self, interaction: Interaction, data: dict[str, Any], files: list[Attachment], *, loading: bool
    ) -> Message:
        flags = int(data.get("flags", 0)) & EPHEMERAL
        message = Message(
            snowflake(),
            interaction.channel,
            self.bot,
            flags=flags | (LOADING if loading else 0),
            owner=interaction.user.id if flags else None,
            interaction_id=interaction.id,
            application_id=self.app_id,
        )
        apply_message(message, data, files, new=True)
        self.messages[message.id] = message
        return message

    def _webhook_interaction(self, app: str, token: str) -> Interaction:
        if int(app) != self.app_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        found = next((i for i in self.interactions.values() if i.token == token), None)
        if found is None or found.expired or not found.acknowledged:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return found

    async def _followup(self, record: Request, app: str, token: str) -> web.Response:
        interaction = self._webhook_interaction(app, token)
        payload = record.payload or {}
        check_message(payload, record.files)
        original = interaction.original
        if original is not None and original.flags & LOADING and not original.deleted:
            # The first follow-up after a "thinking…" answer replaces it (and keeps its flags).
            original.flags &= ~LOADING
            apply_message(original, payload, record.files, new=False)
            self._keep(original, record, "callback")
            return json_response(original.payload(self.base))
        if not interaction.channel.is_dm and not int(payload.get("flags", 0)) & EPHEMERAL:
            self._may_post(interaction.channel, record.files)
        message = self._interaction_message(interaction, payload, record.files, loading=False)
        interaction.followups.append(message)
        self._keep(message, record, "create")
        return json_response(message.payload(self.base))

    def _webhook_message(self, interaction: Interaction, message: str) -> Message:
        if message == "@original":
            target = interaction.original
            if interaction.response_type in (6, 7) and interaction.message is not None:
                target = self.messages.get(
                    interaction.message.id
                )  # an update answers on the component's message
        else:
            target = next((m for m in interaction.followups if m.id == int(message)), None)
            if (
                target is None
                and interaction.original is not None
                and interaction.original.id == int(message)
            ):
                target = interaction.original
        if target is None or target.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return target

    async def _get_webhook_message(self, record: Request, app: str, token: str, message: str) -> web.Response:
        interaction = self._webhook_interaction(app, token)
        return json_response(self._webhook_message(interaction, message).payload(self.base))

    async def _edit_webhook_message(
        self, record: Request, app: str, token: str, message: str
    ) -> web.Response:
        interaction = self._webhook_interaction(app, token)
        target = self._webhook_message(interaction, message)
        payload = record.payload or {}
        check_message(payload, record.files)
        target.flags &= ~LOADING
        apply_message(target, payload, record.files, new=False)
        if message == "@original":  # after a deferred update: the component's message is the answer
            interaction.original = target
        self._keep(target, record, "edit")
        return json_response(target.payload(self.base))

    async def _delete_webhook_message(
        self, record: Request, app: str, token: str, message: str
    ) -> web.Response:
        interaction = self._webhook_interaction(app, token)
        target = self._webhook_message(interaction, message)
        target.deleted = True
        if target is interaction.original:
            interaction.original_deleted = True
        return web.Response(status=204)


@dataclass(frozen=True)
class Focused:
    """An option being typed (autocomplete): ``command_data(..., action=Focused("bu"))``."""

    text: str


# ====================================================================== bodies and limits


def _parse_body(content_type: str, body: bytes) -> tuple[Any, list[Attachment]]:
    """(JSON payload, uploaded files) of a request body: JSON, or multipart with ``payload_json``
    and ``files[n]`` (each file at index n)."""
    if not body:
        return None, []
    if content_type.startswith("application/json"):
        return json.loads(body), []
    if not content_type.startswith("multipart/form-data"):
        raise DiscordError(400, 50035, f"Invalid Form Body (content type {content_type!r})")
    parsed = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
    )
    payload: Any = None
    files: dict[int, Attachment] = {}
    for part in parsed.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True) or b""
        if name == "payload_json":
            payload = json.loads(data)
        elif name and (m := re.fullmatch(r"files\[(\d+)\]", name)):
            filename = part.get_filename() or f"file{m[1]}"
            files[int(m[1])] = Attachment(snowflake(), filename, data)
        else:
            raise DiscordError(400, 50035, f"Invalid Form Body (unexpected part {name!r})")
    return payload, [files[i] for i in sorted(files)]


def apply_message(message: Message, payload: dict[str, Any], files: list[Attachment], *, new: bool) -> None:
    """Apply a create or edit payload as Discord does: absent fields are kept; ``attachments``
    lists the old attachments to keep (by id) and the new uploads (by their index in files)."""
    if "content" in payload:
        message.content = payload["content"] or ""
    if "components" in payload:
        message.components = payload["components"] or []
    if new and "flags" in payload:
        message.flags |= int(payload["flags"] or 0) & EPHEMERAL
    if "allowed_mentions" in payload and payload["allowed_mentions"]:
        message.mention_users = [int(u) for u in payload["allowed_mentions"].get("users", [])]
    if "attachments" in payload:
        kept: list[Attachment] = []
        existing = {a.id: a for a in message.attachments}
        for entry in payload["attachments"] or []:
            ident = int(entry["id"])
            if ident in existing:
                kept.append(existing[ident])
            elif 0 <= ident < len(files):
                upload = files[ident]
                upload.filename = entry.get("filename", upload.filename)
                kept.append(upload)
            else:
                raise DiscordError(400, 50035, "Invalid Form Body", {"attachments": f"unknown id {ident}"})
        message.attachments = kept
    elif files:
        message.attachments = [*message.attachments, *files]


def check_message(payload: dict[str, Any], files: list[Attachment]) -> None:
    """Discord's limits on a message: 2000 characters, 5 rows of at most 5 buttons or one select
    of 1–25 options, labels ≤ 80 (options ≤ 100), custom_ids ≤ 100 and unique, 10 files."""
    errors: list[str] = []
    content = payload.get("content") or ""
    if len(content) > 2000:
        errors.append(f"content: {len(content)} characters")
    rows = payload.get("components") or []
    if len(rows) > 5:
        errors.append(f"components: {len(rows)} rows")
    ids: list[str] = []
    for row in rows:
        items = row.get("components", [])
        if row.get("type") != 1 or not 1 <= len(items) <= 5:
            errors.append("components: a row must hold 1 to 5 items")
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(items) != 1:
            errors.append("components: a select menu fills its row")
        for item in items:
            cid = item.get("custom_id")
            if cid is not None:
                ids.append(cid)
                if not 1 <= len(cid) <= 100:
                    errors.append(f"custom_id {cid!r}: {len(cid)} characters")
            if item.get("type") == 2 and len(item.get("label") or "") > 80:
                errors.append(f"button label {item.get('label')!r}: over 80 characters")
            if item.get("type") == 3:
                options = item.get("options") or []
                if not 1 <= len(options) <= 25:
                    errors.append(f"select {cid!r}: {len(options)} options")
                for option in options:
                    if (
                        not 1 <= len(option.get("label", "")) <= 100
                        or not 1 <= len(option.get("value", "")) <= 100
                    ):
                        errors.append(f"select option {option!r}")
                if len(item.get("placeholder") or "") > 150:
                    errors.append("select placeholder over 150 characters")
    if len(ids) != len(set(ids)):
        errors.append("components: custom_ids must be unique")
    if len(files) > 10:
        errors.append(f"{len(files)} files")
    if any(len(f.data) > ATTACHMENT_SIZE_LIMIT for f in files):
        errors.append("a file is too large")
    if errors:
        raise DiscordError(400, 50035, "Invalid Form Body", errors)


def check_choices(choices: list[dict[str, Any]]) -> None:
    """An autocomplete answer: at most 25 choices, names 1–100 characters, values ≤ 100."""
    errors = []
    if len(choices) > 25:
        errors.append(f"{len(choices)} choices")
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= 100 or len(str(choice.get("value", ""))) > 100:
            errors.append(f"choice {choice!r}")
    if errors:
        raise DiscordError(400, 50035, "Invalid Form Body", errors)
