"""The emulator itself, driven by a discord.py client in this process: what the bot does not do
today but may tomorrow — a board edited in place with a new picture, a press answered by
updating the message (callback type 7, with a file) or by deferring then editing it, a thread
for a table, the bot's permissions — must work as on Discord, so that the end-to-end tests keep
running when the bot's message flow changes."""

from __future__ import annotations

import asyncio
import io

import discord
import discord.http
import pytest
import yarl
from discord.gateway import DiscordWebSocket

from tests.e2e.conftest import PEOPLE
from tests.e2e.emulator import COMPONENT, Emulator
from tests.e2e.launcher import small_png
from tests.e2e.payloads import CREATE_PUBLIC_THREADS, PUBLIC_THREAD
from tests.waiting import HANG_GUARD_S


@pytest.fixture
async def client(monkeypatch):
    """A discord.py client connected to a fresh emulator; ``client.handlers[custom_id]`` answers
    a component interaction."""
    emu = Emulator(PEOPLE)
    await emu.start()
    emu.add_text_channel("table")
    monkeypatch.setattr(discord.http.Route, "BASE", emu.rest_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(emu.gateway_url))
    bot = discord.Client(intents=discord.Intents.default())
    bot.handlers = {}

    @bot.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        await bot.handlers[interaction.data["custom_id"]](interaction)

    running = asyncio.create_task(bot.start(emu.token))
    await emu.wait_until(
        lambda: bot.get_guild(emu.guild_id) is not None, HANG_GUARD_S, "the guild in the client"
    )
    bot.emu = emu
    yield bot
    await bot.close()
    running.cancel()
    await asyncio.gather(running, return_exceptions=True)
    await emu.stop()


def png_file(seed: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(small_png(seed)), filename=name)


def button_view(custom_id: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id=custom_id))
    return view


async def test_json_answers_are_read_as_json_and_requests_are_recorded(client):
    emu = client.emu
    data = await client.http.get_user(PEOPLE[0].id)
    assert isinstance(data, dict) and data["global_name"] == "Ana"  # content type exactly application/json
    assert [r.path for r in emu.requests][:2] == ["/users/@me", "/oauth2/applications/@me"]
    with pytest.raises(discord.NotFound):
        await client.http.get_user(1)


async def test_a_message_edited_in_place_with_a_new_picture(client):
    emu = client.emu
    channel = client.get_channel(next(iter(emu.channels)))
    sent = await channel.send("board 1", file=png_file(b"1"), view=button_view("tw:a:1:1:go"))
    held = emu.messages[sent.id]
    first = held.attachments[0]
    await sent.edit(content="board 2", attachments=[png_file(b"2")], view=button_view("tw:a:1:2:go"))
    assert held.content == "board 2" and held.custom_ids() == ["tw:a:1:2:go"]
    assert (
        len(held.attachments) == 1 and held.attachments[0].data != first.data and held.attachments[0].is_png
    )
    await sent.edit(content="board 2, no buttons", view=None)  # attachments not named are kept
    assert held.attachments[0].is_png and held.custom_ids() == []
    assert [s.kind for s in emu.snapshots if s.message is held] == ["create", "edit", "edit"]


async def test_a_press_answered_by_updating_the_message_or_deferring_then_editing_it(client):
    emu = client.emu
    channel = client.get_channel(next(iter(emu.channels)))
    sent = await channel.send("board", file=png_file(b"0"), view=button_view("tw:a:1:1:update"))
    held = emu.messages[sent.id]

    async def update(interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content="updated", attachments=[png_file(b"u")], view=button_view("tw:a:1:2:defer")
        )

    async def defer_then_edit(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="edited", attachments=[png_file(b"e")], view=None)
        await interaction.followup.send("only you", ephemeral=True)

    client.handlers.update({"tw:a:1:1:update": update, "tw:a:1:2:defer": defer_then_edit})
    data = {"custom_id": "tw:a:1:1:update", "component_type": 2}
    first = await emu.interact(PEOPLE[0], held.channel, COMPONENT, data, held)
    await emu.wait_until(lambda: held.content == "updated", HANG_GUARD_S, "the update")
    assert first.response_type == 7 and held.attachments[0].data == small_png(b"u")
    second = await emu.interact(
        PEOPLE[1], held.channel, COMPONENT, {"custom_id": "tw:a:1:2:defer", "component_type": 2}, held
    )
    await emu.wait_until(lambda: second.followups, HANG_GUARD_S, "the follow-up")
    assert second.response_type == 6 and held.content == "edited" and held.custom_ids() == []
    assert held.attachments[0].data == small_png(b"e")
    (private,) = second.followups
    assert private.ephemeral and private.owner == PEOPLE[1].id and not private.public
    assert [c.status for c in [*first.callbacks, *second.callbacks]] == [200, 200]


async def test_a_second_callback_is_refused_as_on_discord(client):
    emu = client.emu
    channel = client.get_channel(next(iter(emu.channels)))
    sent = await channel.send("board", view=button_view("tw:a:1:1:twice"))
    held = emu.messages[sent.id]
    errors: list[Exception] = []

    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        interaction.response._response_type = None  # a bot that forgets it answered
        try:
            await interaction.response.defer()
        except discord.HTTPException as error:
            errors.append(error)

    client.handlers["tw:a:1:1:twice"] = twice
    record = await emu.interact(
        PEOPLE[0], held.channel, COMPONENT, {"custom_id": "tw:a:1:1:twice", "component_type": 2}, held
    )
    await emu.wait_until(lambda: len(record.callbacks) == 2, HANG_GUARD_S, "two callbacks")
    assert [c.status for c in record.callbacks] == [200, 400] and errors and errors[0].code == 40060


async def test_a_thread_for_a_table_and_the_permission_the_bot_checks(client):
    emu = client.emu
    channel = client.get_channel(next(iter(emu.channels)))
    me = channel.guild.me
    assert channel.permissions_for(me).create_public_threads
    assert channel.permissions_for(me).send_messages_in_threads and channel.permissions_for(me).attach_files
    lobby = await channel.send("Cuba: a table is open")
    thread = await lobby.create_thread(name="Cuba · Ana")
    assert thread.id == lobby.id and emu.channels[thread.id].type == PUBLIC_THREAD
    await emu.wait_until(lambda: client.get_channel(thread.id) is not None, HANG_GUARD_S, "THREAD_CREATE")
    other = await channel.create_thread(name="Goa · Bo", type=discord.ChannelType.public_thread)
    posted = await other.send("board", file=png_file(b"t"))
    assert emu.messages[posted.id].channel.parent_id == channel.id
    assert [t.name for t in emu.threads_of(channel.id)] == ["Cuba · Ana", "Goa · Bo"]
    emu.bot_permissions &= ~CREATE_PUBLIC_THREADS  # without the permission Discord refuses
    with pytest.raises(discord.Forbidden):
        await channel.create_thread(name="no", type=discord.ChannelType.public_thread)


async def test_an_option_picked_in_a_select_menu(client):
    emu = client.emu
    channel = client.get_channel(next(iter(emu.channels)))
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=f"Bid {n}", value=f"tw:a:1:1:bid {n}") for n in range(25)]
    view.add_item(discord.ui.Select(custom_id="tws:1:1:0", options=options))
    sent = await channel.send("bids", view=view)
    held = emu.messages[sent.id]
    assert len(held.custom_ids()) == 25  # every option can be picked
    picked: list[list[str]] = []

    async def pick(interaction: discord.Interaction) -> None:
        picked.append(interaction.data["values"])
        await interaction.response.send_message("You chose", ephemeral=True)

    client.handlers["tws:1:1:0"] = pick
    data = {"custom_id": "tws:1:1:0", "component_type": 3, "values": ["tw:a:1:1:bid 7"]}
    record = await emu.interact(PEOPLE[2], held.channel, COMPONENT, data, held)
    await emu.wait_until(lambda: record.answers(), HANG_GUARD_S, "the answer")
    assert picked == [["tw:a:1:1:bid 7"]] and record.answers()[0].owner == PEOPLE[2].id
