"""The Discord adapter without a network: command callbacks called with a fake interaction (its
response and followup recorded), a fake client whose channels and users record what is sent, and
the real service on a SQLite file (fixtures in ``tests/bot/conftest.py``)."""

from __future__ import annotations

import asyncio
import itertools
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.adapter.client import TradewindsBot
from bot.adapter.commands import (
    MAX_AUTOCOMPLETE,
    hash_path,
    on_tree_error,
    parse_options,
    play_autocomplete,
    tree_hash,
)
from bot.adapter.components import SELECT_RE, ChoiceButton, ChoiceSelect, choices_view, message_view
from bot.adapter.delivery import deliver
from bot.adapter.gateway import DiscordGateway
from bot.config import Settings, default_render_workers
from bot.service.outcome import (
    CUSTOM_ID_RE,
    BoardLink,
    Choice,
    PrivateMessage,
    PublicMessage,
    SentDm,
    custom_id,
    parse_custom_id,
)
from bot.texts import t
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, DEE, NAMES, seated
from tests.waiting import HANG_GUARD_S

# ---------------------------------------------------------------------- fakes


#: What an edit changes of a message we keep (the mentions it was posted with stay).
EDITED = ("view", "attachments")


def edited(kwargs: dict[str, Any], content: str | None, changes: dict[str, Any]) -> tuple[str | None, dict]:
    """A message as it reads after an edit: new words, buttons, picture."""
    kept = {**kwargs, **{k: v for k, v in changes.items() if k in EDITED}}
    return changes.get("content", content), kept


class FakeMessage:
    def __init__(self, channel: FakeChannel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> None:
        self.channel.edits.append((self.id, kwargs))
        self.channel.journal.append(("edit", self.channel.id, kwargs.get("content"), kwargs))
        index = self.channel.index.get(self.id)
        if index is not None:  # the channel reads the message as edited
            self.channel.sent[index] = edited(
                self.channel.sent[index][1], self.channel.sent[index][0], kwargs
            )


class FakeThread:
    """What the adapter reads of a thread it opened."""

    def __init__(self, thread_id: int, name: str) -> None:
        self.id, self.name = thread_id, name


class FakeChannel:
    ids = itertools.count(7000)

    def __init__(
        self,
        channel_id: int,
        journal: list[tuple[str, int, str | None, dict]] | None = None,
        client: FakeClient | None = None,
    ) -> None:
        self.id = channel_id
        self.type = discord.ChannelType.text
        self.sent: list[tuple[str | None, dict[str, Any]]] = []
        self.edits: list[tuple[int, dict[str, Any]]] = []
        self.index: dict[int, int] = {}  # message id → its place in ``sent``
        self.threads: list[tuple[int, dict[str, Any]]] = []  # (thread id, how it was opened)
        self.journal = journal if journal is not None else []
        self.client = client

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        self.sent.append((content, kwargs))
        self.journal.append(("post", self.id, content, kwargs))
        message = FakeMessage(self, next(self.ids))
        self.index[message.id] = len(self.sent) - 1
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self, message_id)

    async def create_thread(self, **kwargs: Any) -> FakeThread:
        thread = FakeThread(next(self.ids), kwargs["name"])
        self.threads.append((thread.id, kwargs))
        if self.client is not None:
            self.client.get_channel(thread.id).type = discord.ChannelType.public_thread
        return thread


def forbidden() -> discord.Forbidden:
    return discord.Forbidden(
        SimpleNamespace(status=403, reason="Forbidden"), "Cannot send messages to this user"
    )


class FakeUser:
    def __init__(self, user_id: int, dms_closed: bool = False, journal: list | None = None) -> None:
        self.id = user_id
        self.name = self.display_name = NAMES.get(user_id, f"user{user_id}")
        self.dms_closed = dms_closed
        self.dms: list[tuple[str | None, dict[str, Any]]] = []
        self.attempts = 0
        self.journal = journal if journal is not None else []

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeDmMessage:
        self.attempts += 1
        if self.dms_closed:
            raise forbidden()
        self.dms.append((content, kwargs))
        self.journal.append(("dm", self.id, content, kwargs))
        return FakeDmMessage(self, len(self.dms) - 1)


class FakeDmMessage:
    """A DM the bot sent: its id tells its place in the user's ``dms``; an edit changes it there."""

    BASE = 8_000_000

    def __init__(self, user: FakeUser, index: int) -> None:
        self.user, self.id = user, self.BASE + 1000 * user.id + index

    async def edit(self, **kwargs: Any) -> None:
        index = self.id - self.BASE - 1000 * self.user.id
        content, old = self.user.dms[index]
        self.user.dms[index] = edited(old, content, kwargs)
        self.user.journal.append(("edit_dm", self.user.id, kwargs.get("content"), kwargs))


class FakeDMChannel:
    """A user's DM channel: what is sent lands in the :class:`FakeUser`'s ``dms``."""

    OFFSET = 900_000

    def __init__(self, user: FakeUser) -> None:
        self.user, self.id = user, self.OFFSET + user.id

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeDmMessage:
        return await self.user.send(content, **kwargs)

    def get_partial_message(self, message_id: int) -> FakeDmMessage:
        return FakeDmMessage(self.user, message_id - FakeDmMessage.BASE - 1000 * self.user.id)


class FakeClient:
    """What the adapter uses of ``discord.Client``: channels, users (their DM channels, each
    ``create_dm`` counted in ``dm_opened``), the service, the gateway."""

    def __init__(self, service: Any, settings: Settings | None = None) -> None:
        self.service = service
        self.settings = settings or Settings()
        self.channels: dict[int, FakeChannel] = {}
        self.users: dict[int, FakeUser] = {}
        self.dm_opened: list[int] = []
        self.gateway = DiscordGateway(self)
        #: The locale of every interaction made on this client (users' and the server's).
        self.locale = discord.Locale.american_english
        #: Everything sent, in order: (what, channel or user id, text, kwargs) with ``what`` one of
        #: post, edit, dm, ephemeral.
        self.journal: list[tuple[str, int, str | None, dict[str, Any]]] = []

    def get_channel(self, channel_id: int) -> FakeChannel:
        if channel_id not in self.channels:
            self.channels[channel_id] = FakeChannel(channel_id, self.journal, self)
        return self.channels[channel_id]

    def get_partial_messageable(self, channel_id: int, *, type: Any = None) -> Any:
        if type == discord.ChannelType.private:
            return FakeDMChannel(self.get_user(channel_id - FakeDMChannel.OFFSET))
        return self.get_channel(channel_id)

    async def create_dm(self, user: Any) -> FakeDMChannel:
        self.dm_opened.append(user.id)
        return FakeDMChannel(self.get_user(user.id))

    def get_user(self, user_id: int) -> FakeUser:
        return self.users.setdefault(user_id, FakeUser(user_id, journal=self.journal))

    def public(self, channel_id: int = CHANNEL) -> list[tuple[str | None, dict[str, Any]]]:
        return self.get_channel(channel_id).sent


class FakeResponse:
    def __init__(self, journal: list | None = None, user_id: int = 0) -> None:
        self.calls: list[tuple[str, Any, dict[str, Any]]] = []
        self.journal = journal if journal is not None else []
        self.user_id = user_id

    def is_done(self) -> bool:
        return bool(self.calls)

    async def defer(self, **kwargs: Any) -> None:
        assert not self.calls, "an interaction is answered once"
        self.calls.append(("defer", None, kwargs))

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self.calls, "an interaction is answered once"
        self.calls.append(("send", content, kwargs))
        self.journal.append(("ephemeral", self.user_id, content, kwargs))


class FakeFollowup:
    def __init__(self, journal: list | None = None, user_id: int = 0) -> None:
        self.sent: list[tuple[str | None, dict[str, Any]]] = []
        self.journal = journal if journal is not None else []
        self.user_id = user_id

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))
        self.journal.append(("ephemeral", self.user_id, content, kwargs))


class Sent:
    """Where a message a button sits on is kept (a DM, an ephemeral answer): the list and its
    place in it, and whether only its user sees it."""

    def __init__(
        self,
        holder: list[tuple[str | None, dict[str, Any]]],
        index: int,
        ephemeral: bool,
        message_id: int | None = None,
    ) -> None:
        self.holder, self.index = holder, index
        self.flags = SimpleNamespace(ephemeral=ephemeral)
        self.id = message_id  # a DM's id (FakeDmMessage), when the test knows it

    @property
    def kwargs(self) -> dict[str, Any]:
        return self.holder[self.index][1]


class FakeInteraction:
    ids = itertools.count(5_000_000)

    def __init__(
        self,
        client: FakeClient,
        user_id: int,
        *,
        channel_id: int = CHANNEL,
        component: bool = False,
        data: dict[str, Any] | None = None,
        message: Sent | None = None,
        guild_id: int | None = 9,
    ) -> None:
        self.client = client
        self.id = next(self.ids)  # Discord's interaction id: each interaction its own
        self.user = client.get_user(user_id)
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.channel: Any = None  # set to a FakeChannel where a test opens threads
        self.app_permissions = discord.Permissions.none()
        self.locale = getattr(client, "locale", discord.Locale.american_english)
        self.guild_locale: discord.Locale | None = self.locale
        self.type = (
            discord.InteractionType.component if component else discord.InteractionType.application_command
        )
        self.data = data or {}
        self.message = message
        self.command = None
        journal = getattr(client, "journal", None)
        self.journal = journal if journal is not None else []
        self.response = FakeResponse(journal, user_id)
        self.followup = FakeFollowup(journal, user_id)
        self.deleted = False
        self.edited: list[dict[str, Any]] = []  # edits of the message pressed

    async def edit_original_response(self, **kwargs: Any) -> None:
        """After a component's deferred update: the message the button sits on is replaced."""
        assert self.message is not None, "only a pressed message can be edited"
        self.edited.append(kwargs)
        content, old = self.message.holder[self.message.index]
        self.message.holder[self.message.index] = edited(old, content, kwargs)
        self.journal.append(("edit_private", self.user.id, kwargs.get("content"), kwargs))

    async def delete_original_response(self) -> None:
        self.deleted = True

    def answers(self) -> list[tuple[str | None, dict[str, Any]]]:
        """What the caller was told: the direct answer and every followup."""
        direct = [(c, kw) for kind, c, kw in self.response.calls if kind == "send"]
        return direct + self.followup.sent

    def ephemeral_texts(self) -> list[str]:
        found = []
        for content, kwargs in self.answers():
            assert kwargs.get("ephemeral") is True, f"{content!r} was not ephemeral"
            found.append(content or "")
        return found


# ---------------------------------------------------------------------- helpers


def bot() -> TradewindsBot:
    return TradewindsBot(Settings(owner_ids=frozenset({ANA})))


TREE = bot().tree


async def invoke(name: str, interaction: FakeInteraction, **params: Any) -> None:
    """Call a slash command's callback as discord.py would after parsing its options."""
    parts = name.split()
    command = TREE.get_command(parts[0])
    for part in parts[1:]:
        command = command.get_command(part)
    if command.binding is not None:
        await command.callback(command.binding, interaction, **params)
    else:
        await command.callback(interaction, **params)


def view_custom_ids(view: discord.ui.View) -> list[str]:
    """The custom_ids of a view's buttons (the link to the board has none: it plays nothing)."""
    return [item.custom_id for item in view.children if not getattr(item, "url", None)]


# ---------------------------------------------------------------------- slash commands


async def test_lobby_commands_post_publicly_and_clear_the_placeholder(env):
    svc = await env.service()
    client = FakeClient(svc)
    ana = FakeInteraction(client, ANA)
    await invoke("game new", ana, game="tiny", options="rounds=1")
    assert ana.response.calls[0][0] == "defer" and ana.response.calls[0][2] == {
        "ephemeral": True,
        "thinking": True,
    }
    assert ana.deleted and ana.answers() == []
    tiny = GAMES["tiny"]
    opened = t("lobby_opened", host="Ana", title=tiny.title, min=tiny.min_players, max=tiny.max_players)
    closes = t("lobby_expires", when=f"<t:{int(env.clock() + env.settings.lobby_expiry_s)}:R>")
    seated_now = t("lobby_list", seats="Ana") + " " + t("seats_taken", count=1, max=tiny.max_players)
    assert client.public()[0][0] == f"{opened} {closes}\n{seated_now}"  # the lobby message, with its buttons
    bo = FakeInteraction(client, BO)
    await invoke("game join", bo)
    assert client.public()[-1][0] == t("joined", name="Bo", title=tiny.title, count=2, max=tiny.max_players)
    start = FakeInteraction(client, ANA)
    await invoke("game start", start)
    (_board_text, board), (text, kwargs) = client.public()[-2:]
    assert t("started", title="Tiny Test Game", seats="Ana and Bo") in text
    # the board in a message of its own, then the turn message with the turn picture
    assert isinstance(board["file"], discord.File) and board["file"].filename == "board.png"
    assert isinstance(kwargs["file"], discord.File) and kwargs["file"].filename == "turn.png"
    assert {u.id for u in kwargs["allowed_mentions"].users} == {ANA, BO}
    assert kwargs["allowed_mentions"].everyone is False
    # Secret bids: the board has the My turn and My hand buttons, each player gets a DM.
    verbs = [parse_custom_id(cid).verb for cid in view_custom_ids(kwargs["view"])]
    assert verbs == ["t", "h", "l"]  # no hint for the tiny game (no strong player)
    assert client.get_user(ANA).dms and client.get_user(BO).dms


async def test_refusals_are_ephemeral_sentences(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    stranger = FakeInteraction(client, DEE)
    await invoke("play", stranger, action="bid 1")
    assert stranger.ephemeral_texts() == [t("not_seated")]
    assert not stranger.deleted and client.public() == []
    host_only = FakeInteraction(client, BO)
    await invoke("game abandon", host_only)
    assert host_only.ephemeral_texts() == [t("host_only", host="Ana")]
    illegal = FakeInteraction(client, ANA)
    await invoke("play", illegal, action="bid 9")
    engine_says = await svc.act(CHANNEL, ANA, "bid 9")  # the engine's sentence; a refusal changes nothing
    assert not engine_says.ok and engine_says.ephemeral
    assert illegal.ephemeral_texts() == [engine_says.ephemeral]
    bad_options = FakeInteraction(client, ANA, channel_id=CHANNEL + 1)
    await invoke("game new", bad_options, game="tiny", options="rounds")
    assert bad_options.ephemeral_texts() == [
        "Write options as name=value, separated by commas (for example individual_plantations=yes)."
    ]
    not_owner = FakeInteraction(client, BO)
    await invoke("admin sync", not_owner)
    assert not_owner.ephemeral_texts() == ["Only the bot's owners can do that."]


async def test_a_failing_service_call_is_one_ephemeral_sentence(env, caplog):
    svc = await env.service()

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("database on fire")

    svc.join = broken
    client = FakeClient(svc)
    interaction = FakeInteraction(client, BO)
    with caplog.at_level(logging.ERROR, logger="bot.adapter.answering"):
        await invoke("game join", interaction)
    # /game join was recorded as processed before it ran, and then failed: whether it changed
    # anything cannot be told, so the answer does not say "nothing was changed"
    assert interaction.ephemeral_texts() == [
        "Something went wrong on my side, and I cannot tell whether it was done. "
        "Please look at the game (/game status) before trying again."
    ]
    assert "database on fire" in caplog.text and "database on fire" not in interaction.ephemeral_texts()[0]
    # An error no handler caught (e.g. in discord.py's option parsing) is answered the same way.
    other = FakeInteraction(client, BO)
    await on_tree_error(other, discord.app_commands.AppCommandError("boom"))
    assert other.ephemeral_texts() == [
        "Something went wrong on my side; nothing was changed. Please try again."
    ]
    dm = FakeInteraction(client, BO)
    await on_tree_error(dm, discord.app_commands.NoPrivateMessage())
    assert dm.ephemeral_texts() == ["Games are played in a server channel, not here."]


async def test_a_failing_move_says_nothing_was_changed_only_when_it_was_not_stored(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    pk = svc.tables.channel_games[CHANNEL]
    after_change = svc.presenter.after_change

    async def fails_after_storing(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the board could not be drawn")

    svc.presenter.after_change = fails_after_storing  # the move is stored, then showing it fails
    stored = FakeInteraction(client, ANA)
    await invoke("play", stored, action="bid 1")
    assert [a.text for a in await svc.store.actions(pk)] == ["bid 1"]
    assert stored.ephemeral_texts() == [
        "Your move was stored, but something went wrong on my side while showing it; "
        "the board will catch up. Do not play it again."
    ]
    svc.presenter.after_change = after_change

    async def fails_before_storing(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database is away")

    svc.store.append_action = fails_before_storing  # nothing can be stored
    refused = FakeInteraction(client, BO)
    await invoke("play", refused, action="bid 0")
    assert [a.text for a in await svc.store.actions(pk)] == ["bid 1"]
    assert refused.ephemeral_texts() == [
        "Something went wrong on my side; nothing was changed. Please try again."
    ]


async def test_a_stopping_bot_takes_no_new_interaction_and_lets_those_in_flight_finish(env):
    from bot.adapter.serving import Serving

    svc = await env.service()
    client = FakeClient(svc)
    client.serving = Serving()
    await seated(env, svc, [ANA, BO])
    pk = svc.tables.channel_games[CHANNEL]
    act, entered, release = svc.act, asyncio.Event(), asyncio.Event()

    async def held_act(*args: Any, **kwargs: Any):
        entered.set()
        await release.wait()  # the move is in flight while the stop begins
        return await act(*args, **kwargs)

    svc.act = held_act
    in_flight = asyncio.create_task(invoke("play", FakeInteraction(client, ANA), action="bid 1"))
    await asyncio.wait_for(entered.wait(), HANG_GUARD_S)
    draining = asyncio.create_task(client.serving.drain(HANG_GUARD_S))
    await asyncio.sleep(0)  # the stop begins (SIGTERM)
    assert client.serving.stopping
    late = FakeInteraction(client, BO)
    await invoke("play", late, action="bid 0")  # arrives while stopping: not run
    assert late.ephemeral_texts() == ["I am restarting; nothing was changed. Please try again in a minute."]
    assert not draining.done() and client.serving.in_flight == 1
    release.set()
    assert await asyncio.wait_for(draining, HANG_GUARD_S)  # drained: the move finished
    await in_flight
    assert [(a.seat, a.text) for a in await svc.store.actions(pk)] == [("p0", "bid 1")]
    # bounded: an interaction that never ends does not hold the stop for ever
    stuck = Serving()
    with stuck.one():
        assert not await stuck.drain(0.01)


async def test_play_posts_the_board_log_and_mention_and_answers_the_player(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    for user, bid in ((ANA, 1), (BO, 0)):
        interaction = FakeInteraction(client, user)
        await invoke("play", interaction, action=f"bid {bid}")
        # A typed move is answered in its own placeholder: what only the player saw.
        assert interaction.ephemeral_texts() == [f"{NAMES[user]} bids {bid} in secret."]
        env.clock.advance(600)  # away from the table between moves: each call pings
    (bidding, old), (text, kwargs) = client.public()[-2:]
    assert "<@1>" in text and "Bids revealed" not in text  # Ana is mentioned to move
    assert [u.id for u in kwargs["allowed_mentions"].users] == [ANA]
    actions = [parse_custom_id(cid) for cid in view_custom_ids(kwargs["view"])]
    assert {a.action for a in actions if a.verb == "a"} >= {"take 1", "take 2", "take 3", "draw", "done"}
    # The bidding's message lost its buttons, and says how it ended.
    assert "Bids revealed: Ana 1, Bo 0." in bidding and old["view"] is None


async def test_a_turn_message_carries_the_turn_picture_and_a_link_to_the_board(env):
    """Played through the adapter: the board goes out as a message of its own, then the turn
    message with one picture (the turn's) and a link button to the board message; an edit of
    the turn message brings its new turn picture and keeps the link."""
    svc = await env.service()
    client = FakeClient(svc)
    started = await seated(env, svc, [ANA, BO])
    await deliver(started, client.gateway, svc)
    channel = client.get_channel(CHANNEL)
    (_board_text, board), (turn_text, turn) = channel.sent[-2:]
    assert board["file"].filename == "board.png" and "view" not in board  # the board: no buttons
    assert turn["file"].filename == "turn.png"  # the turn message: one picture, the phone's
    board_id = {index: mid for mid, index in channel.index.items()}[len(channel.sent) - 2]
    guild = (await svc.store.open_game(CHANNEL)).guild_id
    links = [item for item in turn["view"].children if getattr(item, "url", None)]
    assert [(b.label, b.url) for b in links] == [
        (t("btn_board"), f"https://discord.com/channels/{guild}/{CHANNEL}/{board_id}")
    ]
    assert "Ana" in turn_text and "<@1>" in turn_text
    # Ana bids: the turn message is edited with its new turn picture, the link kept.
    await deliver(await svc.act(CHANNEL, ANA, "bid 1"), client.gateway, svc)
    _mid, edit = next(e for e in reversed(channel.edits) if e[1].get("view"))
    assert [f.filename for f in edit["attachments"]] == ["turn.png"]
    assert [getattr(i, "url", None) for i in edit["view"].children if getattr(i, "url", None)] == [
        links[0].url
    ]


def test_the_board_link_finds_room_beside_my_turn_and_my_hand():
    """The link goes in the last row of buttons when it has room, else in any row with room."""
    link = BoardLink("Whole board", 1, 2, 3)
    plays = [Choice(f"Move {i}", custom_id("a", 5, 2, f"move {i}"), "m") for i in range(3)]
    mine = [Choice("My turn", custom_id("t", 5, 2)), Choice("My hand", custom_id("h", 5, 2))]
    view = message_view([*plays, *mine], link)
    (button,) = [i for i in view.children if getattr(i, "url", None)]
    assert button.url == "https://discord.com/channels/1/2/3" and button.row == 1  # beside My turn
    alone = message_view([], link)
    assert [getattr(i, "url", None) for i in alone.children] == ["https://discord.com/channels/1/2/3"]


# ---------------------------------------------------------------------- autocomplete


async def drive_cuba_to_many_choices(env, svc) -> int:
    """Play a 2-player Cuba with random moves until the player to act has more than 25 legal
    actions; returns that user's id."""
    await seated(env, svc, [ANA, BO], game="cuba")
    users = {"p0": ANA, "p1": BO}
    for step in range(200):
        table = svc.tables.cached[svc.tables.channel_games[CHANNEL]]
        seat = table.rules.to_act(table.state)[0]
        legal = table.rules.legal(table.state, seat)
        if len(legal) > MAX_AUTOCOMPLETE:
            return users[seat]
        action = player("cuba", "random", step).choose({}, legal)
        outcome = await svc.act(CHANNEL, users[seat], str(action))
        assert outcome.ok, outcome.ephemeral
    raise AssertionError("no step with more than 25 choices")


async def test_autocomplete_lists_at_most_25_and_filters_by_what_was_typed(env):
    svc = await env.service()
    client = FakeClient(svc)
    user = await drive_cuba_to_many_choices(env, svc)
    table = svc.tables.cached[svc.tables.channel_games[CHANNEL]]
    seat = table.seat_of(user).seat
    legal = [str(a) for a in table.rules.legal(table.state, seat)]
    everything = await play_autocomplete(FakeInteraction(client, user), "")
    assert len(everything) == 25 and all(isinstance(c, discord.app_commands.Choice) for c in everything)
    offered = f"tw:a:{table.row.id}:{table.row.version}:"  # the version goes with each move
    assert all(c.value.removeprefix(offered) in legal and len(c.name) <= 100 for c in everything)
    assert all(len(c.value) <= 100 for c in everything)
    word = legal[-1].split()[1]  # e.g. a building name that only some actions contain
    typed = await play_autocomplete(FakeInteraction(client, user), word.upper())
    assert typed and len(typed) <= 25
    assert all(word in c.value or word in c.name.lower() for c in typed)
    assert len(typed) < len(legal)
    other = ANA if user == BO else BO
    assert await play_autocomplete(FakeInteraction(client, DEE), "") == []  # not seated
    # The other seat is not to act: nothing to offer.
    assert await play_autocomplete(FakeInteraction(client, other), "") == []


async def test_autocomplete_without_a_game_is_empty(env):
    svc = await env.service()
    client = FakeClient(svc)
    assert await play_autocomplete(FakeInteraction(client, ANA), "bid") == []


# ---------------------------------------------------------------------- buttons


async def test_button_custom_id_round_trip():
    cid = custom_id("a", 12, 3, "take 2")
    button = ChoiceButton.from_choice(Choice("Take 2", cid, "take", "primary"))
    assert button.custom_id == cid and button.item.label == "Take 2"
    assert button.item.style is discord.ButtonStyle.primary
    match = button.template.match(cid)
    again = await ChoiceButton.from_custom_id(None, button.item, match)
    assert again.custom_id == cid and again.item.label == "Take 2"
    assert ChoiceButton.__discord_ui_compiled_template__.match("tw:z:1:1:") is None
    assert ChoiceButton.__discord_ui_compiled_template__.match("something-else") is None
    with pytest.raises(ValueError):
        ChoiceButton("not ours")


async def test_buttons_play_and_a_stale_one_is_refused_with_a_link(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    for user, bid in ((ANA, 1), (BO, 0)):
        assert (await svc.act(CHANNEL, user, f"bid {bid}")).ok
    board = await svc.board(CHANNEL, ANA)
    take2 = next(c for c in board.public[0].choices if c.custom_id.endswith(":take 2"))
    button = await ChoiceButton.from_custom_id(None, None, CUSTOM_ID_RE.match(take2.custom_id))
    press = FakeInteraction(client, ANA, component=True)
    await button.callback(press)
    assert press.response.calls == [("defer", None, {})]
    assert press.ephemeral_texts() == []  # the board it changed is the answer
    assert "Ana takes 2 points." in client.public()[-1][0]
    # The same button again: the state moved on, so it is refused in one sentence with a link to
    # the current turn, to her alone (never the whole board again).
    again = FakeInteraction(client, ANA, component=True)
    await button.callback(again)
    [(text, kwargs)] = again.answers()
    live = await svc.store.live_messages(svc.tables.channel_games[CHANNEL])
    assert text == t("stale_button_link", link=f"https://discord.com/channels/9/{CHANNEL}/{live.turn_id}")
    assert kwargs["ephemeral"] is True and "file" not in kwargs
    # Bo pressing Ana's current button is told whose turn it is.
    current = await svc.board(CHANNEL, BO)
    done = next(c for c in current.public[0].choices if c.custom_id.endswith(":done"))
    bo = FakeInteraction(client, BO, component=True)
    await ChoiceButton(done.custom_id, done.label).callback(bo)
    assert bo.ephemeral_texts() == [t("turn_of", names="Ana")]


def choices(n: int, groups: int = 1) -> list[Choice]:
    return [Choice(f"Move {i}", custom_id("a", 5, 2, f"move {i}"), f"g{i % groups}") for i in range(n)]


def test_buttons_grouped_in_rows_of_five():
    hand = Choice("My hand", custom_id("h", 5, 2))
    view = choices_view([*choices(7, groups=2), hand])
    rows: dict[int, list[str]] = {}
    for item in view.children:
        rows.setdefault(item.row, []).append(item.item.label)
    assert rows == {
        0: ["Move 0", "Move 2", "Move 4", "Move 6"],
        1: ["Move 1", "Move 3", "Move 5"],
        2: ["My hand"],
    }
    many_groups = choices_view(choices(20, groups=10))
    assert len(many_groups.children) == 20 and max(i.row for i in many_groups.children) == 3
    assert choices_view([]) is None


async def test_many_choices_go_into_menus(env):
    hand = Choice("My hand", custom_id("h", 5, 2))
    view = choices_view([*choices(60), hand])
    menus = [i for i in view.children if isinstance(i, ChoiceSelect)]
    assert [len(m.item.options) for m in menus] == [25, 25, 10]
    assert [i.item.label for i in view.children if isinstance(i, ChoiceButton)] == ["My hand"]
    assert all(SELECT_RE.match(m.custom_id) for m in menus)
    # A menu choice goes to the service like a button.
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    row = await svc.store.open_game(CHANNEL)
    bid = custom_id("a", row.id, row.version, "bid 2")
    menu = await ChoiceSelect.from_custom_id(
        None, None, SELECT_RE.match(f"tws:{row.id}:{row.version}:0")
    )
    interaction = FakeInteraction(client, ANA, component=True, data={"values": [bid]})
    await menu.callback(interaction)
    assert interaction.ephemeral_texts() == ["Ana bids 2 in secret."]  # what only she sees


# ---------------------------------------------------------------------- DMs


async def test_a_refused_dm_is_remembered_and_never_retried(env):
    svc = await env.service()
    client = FakeClient(svc)
    client.users[BO] = FakeUser(BO, dms_closed=True)
    gateway = client.gateway
    assert await gateway.send_private(PrivateMessage(BO, "secret")) is None  # refused
    sent = await gateway.send_private(PrivateMessage(ANA, "secret"))
    assert sent is not None and sent.message_id is not None and sent.channel_id == FakeDMChannel.OFFSET + ANA
    await seated(env, svc, [ANA, BO], start=False)
    start = FakeInteraction(client, ANA)
    await invoke("game start", start)
    assert client.users[BO].attempts == 2  # the direct call above, then the start's DM
    assert BO in await svc.store.dm_refused_users()
    bid = FakeInteraction(client, ANA)
    await invoke("play", bid, action="bid 1")
    assert client.users[BO].attempts == 2  # never tried again
    public = "\n".join(text or "" for text, _ in client.public())
    assert "Your bid" not in public and "Coins:" not in public  # nothing private went public
    # Bo still reads his private view through the ephemeral way in.
    hand = FakeInteraction(client, BO)
    await invoke("game hand", hand)
    assert hand.ephemeral_texts()[0].startswith(t("hand_header", title="Tiny Test Game"))


# ---------------------------------------------------------------------- command tree and sync


async def test_check_commands_syncs_only_the_first_time(tmp_path, caplog):
    settings = Settings(database_path=str(tmp_path / "t.db"))
    client = TradewindsBot(settings)
    synced: list[Any] = []

    async def fake_sync(*, guild=None):
        synced.append(guild)
        return [object()] * 2

    client.tree.sync = fake_sync
    await client.check_commands()
    assert synced == [None]
    assert hash_path(settings, None).read_text().strip() == tree_hash(client.tree)
    await client.check_commands()
    assert synced == [None]  # same tree: nothing to do
    hash_path(settings, None).write_text("an older tree\n")
    with caplog.at_level(logging.WARNING, logger="bot.adapter.client"):
        await client.check_commands()
    assert synced == [None] and "run `tradewinds sync`" in caplog.text


async def test_owners_sync_the_commands(env):
    svc = await env.service()
    client = FakeClient(svc, Settings(owner_ids=frozenset({ANA}), dev_guild_id=77))
    asked: list[int | None] = []

    async def sync_tree(guild_id: int | None) -> tuple[int, int | None]:
        asked.append(guild_id)
        return 2, guild_id

    client.sync_tree = sync_tree
    owner = FakeInteraction(client, ANA)
    await invoke("admin sync", owner)
    assert asked == [77]
    assert owner.ephemeral_texts() == ["Registered 2 commands on this server."]


def http_error(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="Error"), "failed")


async def test_gateway_failures(env):
    svc = await env.service()
    client = FakeClient(svc)
    channel = client.get_channel(CHANNEL)

    async def send_fails(*args: Any, **kwargs: Any) -> None:
        raise http_error(413)

    channel.send = send_fails

    assert await client.gateway.post_public(PublicMessage(CHANNEL, "board", image=b"png")) is None
    # A DM that fails for another reason than a refusal is not remembered as refused.
    user = client.get_user(BO)

    async def dm_fails(*args: Any, **kwargs: Any) -> None:
        raise http_error(500)

    user.send = dm_fails
    assert await client.gateway.send_private(PrivateMessage(BO, "secret")) == SentDm(None, None)
    # Editing a deleted message is reported, not raised.
    message = FakeMessage(channel, 1)

    async def edit_fails(**kwargs: Any) -> None:
        raise http_error(404)

    message.edit = edit_fails
    channel.get_partial_message = lambda message_id: message
    assert await client.gateway.edit_public(CHANNEL, 1, PublicMessage(CHANNEL, "old")) is False


async def test_setup_hook_registers_buttons_opens_the_store_and_stops_cleanly(tmp_path):
    settings = Settings(database_path=str(tmp_path / "bot.db"))
    client = TradewindsBot(settings)
    client.tree.sync = lambda *, guild=None: _synced()
    await client._async_setup_hook()  # what login() does before calling setup_hook
    await client.setup_hook()
    try:
        templates = {
            f.__discord_ui_compiled_template__.pattern
            for f in client._connection._view_store._dynamic_items.values()
        }
        assert templates == {CUSTOM_ID_RE.pattern, SELECT_RE.pattern}
        assert client.service is not None and client._timers is not None and not client._timers.done()
        assert (await client.service.new_game(CHANNEL, 9, ANA, "Ana", "tiny")).ok
        assert client.service.autocomplete(CHANNEL, ANA, "") == []  # a lobby: nothing to play yet
        workers = client.service.render_pool.worker_pids()  # started, warming up, off the loop
        assert len(workers) == settings.render_workers == default_render_workers()  # one per spare core
    finally:
        await client.close()
    assert client._timers.done() and client.service is None
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)  # the render worker stopped too


async def _synced() -> list[object]:
    return []


async def test_the_timer_loop_posts_what_falls_due(tmp_path):
    """A lobby that expires after one second: the loop started in setup_hook warns the host,
    then closes the table, through the Discord gateway."""
    settings = Settings(database_path=str(tmp_path / "bot.db"), lobby_expiry_s=1, render_workers=0)
    client = TradewindsBot(settings)
    client.tree.sync = lambda *, guild=None: _synced()
    channel = FakeChannel(CHANNEL)
    client.get_channel = lambda channel_id: channel if channel_id == CHANNEL else None
    await client._async_setup_hook()
    await client.setup_hook()
    try:
        assert (await client.service.new_game(CHANNEL, 9, ANA, "Ana", "tiny")).ok
        created = (await client.service.store.open_game(CHANNEL)).created
        client._ready.set()  # as when the gateway connection is up
        for _ in range(100):
            if len(channel.sent) == 2:
                break
            await asyncio.sleep(0.05)
    finally:
        await client.close()
    texts = [text for text, _ in channel.sent]
    closes = f"<t:{int(created + 1)}:R>"  # a Discord timestamp: each reader's own time
    assert texts[0] == t("lobby_warning", mention="<@1>", title="Tiny Test Game", when=closes)
    assert texts[1] == t("lobby_expired", title="Tiny Test Game")
    assert [u.id for u in channel.sent[0][1]["allowed_mentions"].users] == [ANA]


def test_options_are_read_as_name_value_pairs():
    assert parse_options("individual_plantations=yes, veto_timing=parliament, Rounds=3, x=Off") == {
        "individual_plantations": True,
        "veto_timing": "parliament",
        "rounds": 3,
        "x": False,
    }
    assert parse_options(None) == {} and parse_options(" , ") == {}
    for bad in ("rounds", "=3", "rounds=", "a=1, b"):
        with pytest.raises(ValueError):
            parse_options(bad)


async def test_game_new_with_variants(env):
    svc = await env.service()
    client = FakeClient(svc)
    host = FakeInteraction(client, ANA)
    await invoke("game new", host, game="cuba", options="individual-plantations=yes, veto_timing=parliament")
    row = await svc.store.open_game(CHANNEL)
    assert row.game == "cuba" and row.options == {"individual_plantations": True, "veto_timing": "parliament"}
    unknown = FakeInteraction(client, ANA, channel_id=CHANNEL + 1)
    await invoke("game new", unknown, game="goa", options="speed=fast")
    assert unknown.ephemeral_texts() == [
        t("unknown_option", title="Goa", option="speed", options="revision, head_start")
    ]
    # Goa's Rule Variant (the 1st-edition rulebook's head start)
    variant = FakeInteraction(client, ANA, channel_id=CHANNEL + 2)
    await invoke("game new", variant, game="goa", options="head_start=yes")
    row = await svc.store.open_game(CHANNEL + 2)
    assert row.game == "goa" and row.options == {"head_start": True}


def component_payload(cid: str, label: str, user_id: int, channel_id: int = CHANNEL) -> dict[str, Any]:
    """A button press as Discord sends it (the fields discord.py reads)."""
    user = {"id": str(user_id), "username": NAMES[user_id].lower(), "discriminator": "0", "avatar": None}
    bot_user = {"id": "200", "username": "tradewinds", "discriminator": "0", "avatar": None, "bot": True}
    return {
        "id": "100",
        "application_id": "200",
        "type": 3,
        "token": "interaction-token",
        "version": 1,
        "guild_id": "9",
        "channel": {"id": str(channel_id), "type": 0, "guild_id": "9", "name": "games", "position": 0},
        "member": {
            "user": user,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
        },
        "data": {"component_type": 2, "custom_id": cid},
        "message": {
            "id": "300",
            "channel_id": str(channel_id),
            "author": bot_user,
            "content": "board",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
            "components": [
                {"type": 1, "components": [{"type": 2, "style": 1, "label": label, "custom_id": cid}]}
            ],
        },
        "locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "attachment_size_limit": 8 * 1024 * 1024,
    }


async def test_a_press_dispatched_by_discord_py_reaches_the_service(env):
    """The whole way in: discord.py's view store matches the custom_id against the templates
    registered in setup_hook, builds the ChoiceButton with from_custom_id and calls it."""
    svc = await env.service()
    client = TradewindsBot(Settings())
    client.serve = False
    await client._async_setup_hook()  # what login() does before calling setup_hook
    await client.setup_hook()
    client.service = svc
    channel = FakeChannel(CHANNEL)
    client.get_channel = lambda channel_id: channel
    state = client._connection
    state.user = discord.ClientUser(
        state=state, data={"id": "200", "username": "tradewinds", "discriminator": "0", "avatar": None}
    )
    await seated(env, svc, [ANA, BO])
    for user, bid in ((ANA, 1), (BO, 0)):
        assert (await svc.act(CHANNEL, user, f"bid {bid}")).ok
    take2 = next(
        c for c in (await svc.board(CHANNEL, ANA)).public[0].choices if c.custom_id.endswith(":take 2")
    )
    interaction = discord.Interaction(data=component_payload(take2.custom_id, take2.label, ANA), state=state)
    interaction._cs_response = FakeResponse()  # instead of Discord's HTTP endpoints
    interaction._cs_followup = FakeFollowup()
    state._view_store.dispatch_view(2, take2.custom_id, interaction)
    def told() -> bool:
        return any("Ana takes 2 points." in (text or "") for text, _ in channel.sent)

    for _ in range(6000):  # a guard against a hang only: the press's task posts when it is done
        if told():
            break
        await asyncio.sleep(0.01)
    assert interaction._cs_response.calls == [("defer", None, {})]
    assert interaction._cs_followup.sent == []  # pressed on the board: the board answers
    assert told()


async def test_every_game_subcommand_reaches_its_service_call(env):
    """Each /game subcommand passes its options through: what the caller is told is what the
    service answers for the same call."""
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO], start=False)
    bot_seat = FakeInteraction(client, ANA)
    await invoke("game add-bot", bot_seat, level="random")
    # the channel is told (and the lobby message, posted anew here since this client never saw
    # it, lists the seats)
    said = [text for text, _kw in client.public()]
    assert "(random)" in said[-2] and t("lobby_list", seats="Ana, Bo and Computer 1") in said[-1]
    leave = FakeInteraction(client, BO)
    await invoke("game leave", leave)
    assert client.public()[-1][0] == t("left", name="Bo", title="Tiny Test Game")
    assert t("lobby_list", seats="Ana and Computer 1") in client.public()[-2][0]  # edited in place
    lobby = FakeInteraction(client, ANA)
    await invoke("game board", lobby)
    assert lobby.ephemeral_texts() == [(await svc.board(CHANNEL, ANA)).ephemeral]
    await invoke("game start", FakeInteraction(client, ANA))
    settings = FakeInteraction(client, ANA)
    await invoke("game settings", settings, reminder_hours=6.0, clock_hours=0.0)
    assert settings.ephemeral_texts() == [
        t("settings_done", reminder=t("hours", n=6.0), clock=t("clock_off"), language="English")
        + "\n"
        + t("settings_auto_on")
        + "\n"
        + t("settings_play", kind=t("kind_heuristic"), hints=t("hints_allowed"))
        + "\n"
        + t("settings_at_table", minutes="3")
    ]
    row = await svc.store.open_game(CHANNEL)
    assert row.reminder_s == 6 * 3600 and row.clock_s is None
    rules = FakeInteraction(client, BO)
    await invoke("tradewinds rules", rules, game="cuba")
    help_ = await svc.rules_help("cuba", CHANNEL)
    assert rules.ephemeral_texts() == [help_.ephemeral, *help_.ephemeral_more]
    await invoke("play", FakeInteraction(client, ANA), action="bid 1")
    undo = FakeInteraction(client, ANA)
    await invoke("game undo", undo)
    assert undo.ephemeral_texts() == [t("undo_not_your_turn")]  # her bid is in; Bo is still to bid
    log = FakeInteraction(client, BO)
    await invoke("game log", log, page=1)
    assert log.ephemeral_texts() == [(await svc.log(CHANNEL, BO, 1)).ephemeral]
    hand = FakeInteraction(client, ANA)
    await invoke("game hand", hand)
    [(text, kwargs)] = hand.answers()
    assert text == (await svc.hand(CHANNEL, ANA)).ephemeral and kwargs["ephemeral"] is True
    board = FakeInteraction(client, BO)
    await invoke("game board", board)
    assert board.deleted and "file" in client.public()[-1][1]
    abandon = FakeInteraction(client, ANA)
    await invoke("game abandon", abandon)
    assert client.public()[-1][0] == t("abandoned", name="Ana", title="Tiny Test Game")
    assert await svc.store.open_game(CHANNEL) is None
