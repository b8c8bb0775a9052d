"""Several bot processes on one database, each running a range of Discord shards: each loads,
times and moves the games of its own shards' guilds only, and a press in a direct message —
which Discord sends to shard 0's process whatever the game — is handed over to the process that
owns the game, which answers it. Then the Discord side: an ``AutoShardedClient`` over the
configured shards, and the commands registered by the process running shard 0 only."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.adapter import answering
from bot.adapter.answering import HandedOver
from bot.adapter.client import TradewindsBot
from bot.adapter.delivery import deliver
from bot.adapter.gateway import NOBODY, DiscordGateway
from bot.config import Settings
from bot.service.outcome import custom_id
from bot.shards import Shards
from tests.backends import guild_of_shard
from tests.bot.conftest import ANA, BO, CY, DEE, seated
from tests.bot.test_discord_adapter import FakeClient, FakeFollowup, FakeInteraction

pytestmark = pytest.mark.both_backends

G0, G1 = guild_of_shard(0, 2), guild_of_shard(1, 2)
HERE, THERE = 100, 200  # the channels of shard 0's game and of shard 1's
HANDLE = {"application_id": 4242, "token": "interaction-token"}


async def two_processes(env):
    """Shard 0's service and shard 1's, each with a game of its own (a computer seat each)."""
    zero = await env.service(shard_count=2, shard_ids=(0,))
    one = await env.service(shard_count=2, shard_ids=(1,))
    await seated(env, zero, [ANA, BO], bots=1, channel=HERE, guild=G0)
    await seated(env, one, [CY, DEE], bots=1, channel=THERE, guild=G1)
    here = (await zero.store.open_game(HERE)).id
    there = (await one.store.open_game(THERE)).id
    return zero, one, here, there


async def test_each_process_runs_the_timers_of_its_own_games_only(env):
    zero, one, here, there = await two_processes(env)
    assert (await zero.store.game(here)).guild_id == G0 and Shards(2, (1,)).of(G1) == 1
    env.clock.advance(3)  # the computer seats' moves are due in both games
    assert {c for o in await zero.run_due_timers() for c in (m.channel_id for m in o.public)} == {HERE}
    assert sorted(t.kind for t in await zero.store.timers(there)) == ["bot", "reminder"]  # untouched
    assert {c for o in await one.run_due_timers() for c in (m.channel_id for m in o.public)} == {THERE}
    moved = [a for a in await one.store.actions(there) if a.seat == "p2"]
    assert len(moved) == 1  # shard 1's computer seat moved once, by shard 1's process
    assert await zero.next_timer_due() == min(t.due for t in await zero.store.timers(here))
    assert await one.next_timer_due() == min(t.due for t in await one.store.timers(there))

    # A restarted process loads its own games only.
    again_zero = await env.service(shard_count=2, shard_ids=(0,))
    again_one = await env.service(shard_count=2, shard_ids=(1,))
    await again_zero.warm()
    await again_one.warm()
    assert set(again_zero.tables.cached) == {here} and set(again_one.tables.cached) == {there}
    both = await env.service()  # one process, every shard
    await both.warm()
    assert set(both.tables.cached) == {here, there}


async def test_a_direct_message_press_is_handed_to_the_process_that_owns_the_game(env):
    zero, one, here, there = await two_processes(env)
    version = (await one.store.game(there)).version
    press = custom_id("a", there, version, "bid 2")
    # Shard 0's process receives Cy's press in a DM (as Discord sends every DM there).
    assert await zero.hand_over_press(press, CY, None, reply_to=HANDLE, locale="nl")  # None: a DM
    assert [a.text for a in await zero.store.actions(there)] == []  # nothing played by shard 0
    assert await zero.run_due_timers() == []  # the handed-over press is not shard 0's to run
    assert "press" in {t.kind for t in await one.store.timers(there)}
    (answered,) = [o for o in await one.run_due_timers() if o.reply_to is not None]
    assert answered.ok and answered.reply_to == HANDLE
    assert [(a.seat, a.text) for a in await one.store.actions(there)] == [("p0", "bid 2")]
    assert "press" not in {t.kind for t in await one.store.timers(there)}  # answered once
    env.gateway.acknowledged.clear()
    await deliver(answered, env.gateway, one)
    (reply,) = env.gateway.acknowledged  # the move is acknowledged to the handed-over press
    assert reply.interaction == HANDLE and reply.text == (answered.ephemeral or answered.done)
    # A press on its own game, or in a process that runs every shard, is played where it came.
    mine = custom_id("a", here, (await zero.store.game(here)).version, "bid 1")
    assert not await zero.hand_over_press(mine, ANA, 555, reply_to=HANDLE)
    assert not await (await env.service()).hand_over_press(press, CY, 555, reply_to=HANDLE)


class PressedDM:
    """The DM whose button was pressed, as the owning process reaches it (edited in place)."""

    def __init__(self) -> None:
        self.edits: list[dict] = []

    async def edit(self, **fields) -> None:
        self.edits.append(fields)


async def test_the_adapter_acknowledges_a_dm_press_and_the_owner_answers_it(env):
    zero, one, here, there = await two_processes(env)
    version = (await one.store.game(there)).version
    receiving = FakeClient(zero)
    interaction = FakeInteraction(receiving, CY, channel_id=555, component=True)
    interaction.guild_id, interaction.application_id, interaction.token = None, 4242, "interaction-token"
    interaction.message = SimpleNamespace(id=777)
    await answering.press(interaction, custom_id("a", there, version, "bid 3"))
    assert [kind for kind, _, _ in interaction.response.calls] == ["defer"]  # acknowledged
    assert interaction.followup.sent == [] and [a.text for a in await zero.store.actions(there)] == []

    owning = FakeClient(one)
    followup, dm = FakeFollowup(), PressedDM()
    handles: list[dict] = []

    def handed_over(handle):  # what DiscordGateway.handed_over builds, without Discord
        handles.append(handle)
        return HandedOver(followup, dm)

    owning.gateway.handed_over = handed_over
    for outcome in await one.run_due_timers():
        await deliver(outcome, owning.gateway, one)
    assert [(a.seat, a.text) for a in await one.store.actions(there)] == [("p0", "bid 3")]
    assert handles == [
        {"application_id": 4242, "token": "interaction-token", "channel_id": 555, "message_id": 777}
    ]
    # The pressed DM is replaced in place by what was played, as when the press is answered
    # by the process that received it; nothing is posted to the channel of the receiver.
    assert dm.edits == [
        {"content": "Cy bids 3 in secret.", "allowed_mentions": NOBODY, "view": None, "attachments": []}
    ]
    assert followup.sent == [] and receiving.public(THERE) == []


async def test_the_follow_up_of_a_handed_over_interaction_is_an_application_webhook():
    import aiohttp

    client = TradewindsBot(Settings())
    async with aiohttp.ClientSession() as session:
        client.http._HTTPClient__session = session  # what logging in does (no Discord here)
        handed = DiscordGateway(client).handed_over(HANDLE)
    webhook = handed.followup
    assert (webhook.id, webhook.token, webhook.type) == (
        4242,
        "interaction-token",
        discord.WebhookType.application,
    )
    assert handed.response.is_done()


def test_the_client_runs_the_configured_shards():
    sharded = TradewindsBot(Settings(shard_count=4, shard_ids=(2, 3)))
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])
    alone = TradewindsBot(Settings())
    assert (alone.shard_count, alone.shard_ids) == (None, None)  # as many as Discord advises


@pytest.mark.parametrize("backend", ["sqlite"])
@pytest.mark.parametrize(("shard_ids", "syncs"), [((0, 1), True), ((2,), False)])
async def test_only_the_process_running_shard_zero_registers_the_commands(database, shard_ids, syncs):
    settings = Settings(shard_count=3, shard_ids=shard_ids, **database.settings)
    client = TradewindsBot(settings)
    synced: list[object] = []

    async def sync(*, guild=None):
        synced.append(guild)
        return []

    client.tree.sync = sync
    await client._async_setup_hook()  # what login() does before calling setup_hook
    await client.setup_hook()
    try:
        assert client.service.shards == Shards(3, shard_ids)
    finally:
        await client.close()
    assert synced == ([None] if syncs else [])
