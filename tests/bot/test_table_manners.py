"""Table manners beyond the whole games (tests/bot/test_table_*.py): a thread per table where the
bot may open one (and the host told once why not), ``/game notify``, where a press is answered,
and the live messages composed by ``bot/service/flow.py``."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.adapter.answering import pressed_privately
from bot.adapter.client import TradewindsBot
from bot.adapter.commands import NOTIFY_NAMES
from bot.adapter.delivery import deliver
from bot.config import Settings
from bot.service import flow
from bot.service.outcome import RETIRED, TURN, Live, Outcome, PublicMessage
from bot.stores.rows import LiveMessages
from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, CY
from tests.bot.test_discord_adapter import (
    FakeClient,
    FakeInteraction,
    FakeResponse,
    component_payload,
    invoke,
)
from tests.doubles.gateway import RecordingGateway

TINY = GAMES["tiny"]
MAY_THREAD = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)


def asking(client: FakeClient, user: int, channel: int = CHANNEL, allowed=MAY_THREAD) -> FakeInteraction:
    """A command from a text channel in which the bot has the permissions ``allowed``."""
    interaction = FakeInteraction(client, user, channel_id=channel)
    interaction.channel = client.get_channel(channel)
    interaction.app_permissions = allowed
    return interaction


def reads_now(client: FakeClient, channel: int) -> list[str]:
    return [text or "" for text, _ in client.get_channel(channel).sent]


# ---------------------------------------------------------------------- a thread per table


async def test_each_table_gets_a_thread_of_its_own_and_its_notice_tells_the_result(env):
    svc = await env.service()
    client = FakeClient(svc)
    parent = client.get_channel(CHANNEL)
    host = asking(client, ANA)
    await invoke("game new", host, game="tiny", options="rounds=1")
    [(thread, opened)] = parent.threads
    assert opened["name"] == "Tiny Test Game · Ana" and opened["type"] is discord.ChannelType.public_thread
    assert host.deleted and host.answers() == []  # the notice says it all
    lobby = t("lobby_opened", host="Ana", title=TINY.title, min=TINY.min_players, max=TINY.max_players)
    expires = t("lobby_expires", when=f"<t:{int(env.clock() + env.settings.lobby_expiry_s)}:R>")
    seated_now = t("lobby_list", seats="Ana") + " " + t("seats_taken", count=1, max=TINY.max_players)
    assert reads_now(client, thread) == [f"{lobby} {expires}\n{seated_now}"]
    notice = t("lobby_in_thread", host="Ana", title=TINY.title, thread=thread, min=2, max=4)
    assert reads_now(client, CHANNEL) == [notice] and f"<#{thread}>" in notice
    row = await svc.store.open_game(thread)
    assert row.parent_channel_id == CHANNEL and parent.index[row.lobby_message_id] == 0
    assert await svc.store.open_game(CHANNEL) is None
    # The channel holds another table at the same time, in another thread.
    await invoke("game new", asking(client, CY), game="tiny")
    assert len(parent.threads) == 2 and (await svc.store.open_game(parent.threads[1][0])).host_id == CY
    # The game is played in its thread; at the end the notice in the channel says how it ended.
    await invoke("game join", FakeInteraction(client, BO, channel_id=thread))
    await invoke("game start", FakeInteraction(client, ANA, channel_id=thread))
    for user, move in ((ANA, "bid 0"), (BO, "bid 0"), (ANA, "done"), (BO, "done")):
        await invoke("play", FakeInteraction(client, user, channel_id=thread), action=move)
    assert (await svc.store.game(row.id)).status == "finished"
    [ended] = reads_now(client, CHANNEL)[:1]
    assert ended.startswith(f"Tiny Test Game in <#{thread}>: Final scores: ") and "win" in ended
    assert "Final scores" in reads_now(client, thread)[-1]
    # Asked in the channel, its history lists the games of its threads.
    history = FakeInteraction(client, BO)
    await invoke("game history", history)
    assert "Tiny Test Game" in history.ephemeral_texts()[0]


async def test_without_the_permission_the_table_plays_here_and_the_host_is_told_once(env):
    svc = await env.service()
    client = FakeClient(svc)
    first = asking(client, ANA, allowed=discord.Permissions(send_messages_in_threads=True))
    await invoke("game new", first, game="tiny")
    assert first.ephemeral_texts() == [t("no_thread_permission")]
    assert client.get_channel(CHANNEL).threads == [] and (await svc.store.open_game(CHANNEL)).host_id == ANA
    assert reads_now(client, CHANNEL)[0].startswith("Ana opened a table for Tiny Test Game")
    await invoke("game abandon", FakeInteraction(client, ANA))
    again = asking(client, BO, allowed=discord.Permissions.none())
    await invoke("game new", again, game="tiny")
    assert again.answers() == [] and again.deleted  # told once in this channel
    # A table opened inside a thread plays right there: nothing to open, nothing to tell.
    inside = asking(client, CY, channel=CHANNEL + 7)
    inside.channel.type = discord.ChannelType.public_thread
    await invoke("game new", inside, game="tiny")
    assert inside.answers() == [] and inside.channel.threads == []
    assert (await svc.store.open_game(CHANNEL + 7)).parent_channel_id is None


async def test_an_abandoned_table_in_a_thread_says_so_in_the_channel(env):
    svc = await env.service()
    client = FakeClient(svc)
    await invoke("game new", asking(client, ANA), game="tiny")
    [(thread, _)] = client.get_channel(CHANNEL).threads
    await invoke("game abandon", FakeInteraction(client, ANA, channel_id=thread))
    said = t("abandoned", name="Ana", title=TINY.title)
    assert reads_now(client, CHANNEL) == [said] and reads_now(client, thread)[-1] == said


# ---------------------------------------------------------------------- /game notify


async def test_notify_says_and_keeps_how_one_hears_of_ones_turn(env):
    svc = await env.service()
    client = FakeClient(svc)
    asked = FakeInteraction(client, ANA)
    await invoke("tradewinds notify", asked)
    no_quiet = t("notify_no_quiet", zone="UTC")
    assert asked.ephemeral_texts() == [t("notify_now", way=t("notify_way_mention")) + "\n" + no_quiet]
    chosen = FakeInteraction(client, ANA)
    await invoke("tradewinds notify", chosen, turn="both")
    assert chosen.ephemeral_texts() == [t("notify_done", way=t("notify_way_both")) + "\n" + no_quiet]
    assert await svc.store.notify_of([ANA, BO]) == {ANA: "both", BO: "mention"}
    again = await env.service()  # kept in the store
    assert (await again.notify(ANA)).ephemeral.startswith(t("notify_now", way=t("notify_way_both")))
    refused = await svc.notify(ANA, "pigeon")
    assert not refused.ok and refused.ephemeral == t(
        "notify_unknown", way="pigeon", ways="mention, dm, both, none"
    )
    assert (await svc.notify(BO, "mention+dm")).ok  # as it was called before: both
    assert (await svc.store.notify_of([BO]))[BO] == "both"
    assert NOTIFY_NAMES.keys() == {"mention", "dm", "both", "none"}


async def test_a_turn_dm_goes_only_to_who_asked_and_only_when_their_turn_begins(env):
    svc = await env.service()
    await svc.notify(BO, "both")
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "tiny")).ok
    assert (await svc.join(CHANNEL, BO, "Bo")).ok
    started = await svc.start(CHANNEL, ANA)
    # The bids are a secret simultaneous decision: both get it by DM, asked or not.
    assert sorted(dm.user_id for dm in started.private) == [ANA, BO]
    await env.deliver(svc, started, interaction=None)
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    reveal = await svc.act(CHANNEL, BO, "bid 0")  # Ana's turn begins: she did not ask for a DM
    assert reveal.private == []
    await env.deliver(svc, reveal)
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "take 1"))  # a step of her turn
    env.clock.advance(10 * 60)  # Bo left the table (at the table, he would get no DM: below)
    bo_turn = await svc.act(CHANNEL, ANA, "done")  # Bo's turn begins: he asked
    [dm] = bo_turn.private
    assert dm.user_id == BO and dm.choices == []
    called = t("dm_your_turn", title=TINY.title, channel=CHANNEL, prompt=TINY.prompt(
        svc.tables.cached[svc.tables.channel_games[CHANNEL]].state, "p1"
    ))  # fmt: skip
    live = await svc.store.live_messages(svc.tables.channel_games[CHANNEL])
    # What happened since his last move (his bid), and a link to the board.
    assert dm.text.splitlines() == [
        called,
        t("catch_up_header", names="Bo"),
        t("catch_up_line", text="Ana takes 1 points. · Ana ends the turn."),
        t("board_link", link=f"https://discord.com/channels/9/{CHANNEL}/{live.turn_id}"),
    ]


# ---------------------------------------------------------------------- where a press is answered


def interaction_from(payload: dict) -> discord.Interaction:
    client = TradewindsBot(Settings())
    state = client._connection
    state.user = discord.ClientUser(
        state=state, data={"id": "200", "username": "tradewinds", "discriminator": "0", "avatar": None}
    )
    interaction = discord.Interaction(data=payload, state=state)
    interaction._cs_response = FakeResponse()
    return interaction


def test_a_press_on_a_dm_or_an_ephemeral_panel_is_private_and_on_the_board_is_not():
    cid = "tw:a:1:2:take 2"
    board = component_payload(cid, "Take 2", ANA)
    assert pressed_privately(interaction_from(board)) is False
    panel = component_payload(cid, "Take 2", ANA)
    panel["message"]["flags"] = 64  # ephemeral
    assert pressed_privately(interaction_from(panel)) is True
    dm = SimpleNamespace(guild_id=None, message=SimpleNamespace(flags=SimpleNamespace(ephemeral=False)))
    assert pressed_privately(dm) is True
    assert pressed_privately(SimpleNamespace(guild_id=9, message=None)) is False  # a command


# ---------------------------------------------------------------------- the live messages


def drawn(image: bytes | None = b"png", lines=("Ana moves.",), mentions=()) -> flow.Drawn:
    return flow.Drawn("**Game**", list(lines), ["<@1>, your turn."], [], list(mentions), image)


def compose(live: LiveMessages, **kwargs) -> tuple[list[PublicMessage], dict]:
    values = {"channel_id": CHANNEL, "game_pk": 7, "version": 5, "new_turn": False, "new_board": False}
    return flow.compose(live, kwargs.pop("drawn", drawn()), **{**values, **kwargs})


def test_a_sub_step_grows_the_turn_message_and_moves_the_picture():
    together = LiveMessages(turn_id=10, turn_log="**Game**\nAna plays.", board_id=10, board_version=3)
    [edit], keep = compose(together)
    assert edit.edit_id == 10 and edit.image == b"png" and edit.mentions == [] and edit.live.role == TURN
    assert edit.text == "**Game**\nAna plays.\nAna moves.\n<@1>, your turn."
    assert keep == {"turn_log": "**Game**\nAna plays.\nAna moves.", "turn_text": edit.text}
    apart = LiveMessages(
        turn_id=12, turn_log="**Game**", board_id=10, board_version=3, board_text="**Game**\nOld."
    )
    [edit, picture], _ = compose(apart)
    assert edit.edit_id == 12 and edit.image is None
    assert (picture.edit_id, picture.text, picture.image, picture.choices) == (
        10,
        "**Game**\nOld.",
        b"png",
        [],
    )


def test_a_new_turn_posts_a_message_and_retires_the_old_one():
    live = LiveMessages(turn_id=10, turn_log="**Game**\nAna plays.", board_id=10, board_version=3)
    # The picture stays in the old message (edited), the new one mentions whose turn begins.
    (new, old), keep = compose(live, new_turn=True, drawn=drawn(mentions=[2]))
    assert (
        new.edit_id is None
        and new.image is None
        and new.mentions == [2]
        and new.text == "**Game**\n<@1>, your turn."
    )
    assert (old.edit_id, old.choices, old.image, old.live.role) == (10, [], b"png", RETIRED)
    assert old.text == "**Game**\nAna plays.\nAna moves."
    assert keep == {"board_text": old.text, "turn_log": "**Game**", "turn_text": new.text}
    # Once round the table (or at a phase's end) the new message carries the picture.
    (new, old), _ = compose(live, new_turn=True, new_board=True)
    assert new.image == b"png" and old.image is None
    # Nothing known yet (the start): one new message with the picture and the lines.
    [first], _ = compose(LiveMessages(), new_turn=True)
    assert first.image == b"png" and first.text == "**Game**\nAna moves.\n<@1>, your turn."


def test_a_long_turn_keeps_its_name_and_whose_turn_it_is():
    log = "**Game**\n" + "\n".join(f"Line {n} of the turn." for n in range(200))
    text = flow.fit(log, ["<@1>, your turn."])
    assert (
        len(text) <= flow.MAX_TEXT and text.startswith("**Game**\n…\n") and text.endswith("<@1>, your turn.")
    )
    assert "Line 199 of the turn." in text and "Line 0 of" not in text


async def test_an_older_edit_arriving_late_is_dropped(env):
    svc = await env.service()
    gateway = RecordingGateway()
    first = await gateway.post_public(PublicMessage(CHANNEL, "turn"))
    newer = PublicMessage(CHANNEL, "newer", edit_id=first, live=Live(1, 6, TURN))
    older = PublicMessage(CHANNEL, "older", edit_id=first, live=Live(1, 5, TURN))
    await deliver(Outcome(public=[newer]), gateway, svc)
    await deliver(Outcome(public=[older]), gateway, svc)
    assert [edit.text for _c, _id, edit in gateway.edits] == ["newer"]
    assert gateway.current()[0][1].text == "newer"
