"""Admin controls in Discord's own terms, checked in the command tree discord.py registers and
through discord.py's own dispatch of an interaction:

* ``/admin`` (``end``, ``sync``) carries ``default_member_permissions`` = Manage Threads and is
  server-only, so Discord shows it to moderators until a server's admins decide otherwise;
  ``/admin end`` ends any table, whoever hosts it; ``/admin sync`` is for the bot's owners,
  read from the application info (its owner or its team) as well as ``OWNER_IDS``;
* ``/tradewinds`` (``mine``, ``notify``, ``rules``, ``legend``, ``stats``) may be used in DMs,
  group DMs and as a user-installed app; ``/game`` and ``/play`` stay in servers;
* ``/game board`` and ``/tradewinds legend`` have a per-channel cooldown, refused in one
  sentence in the caller's language.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from types import SimpleNamespace
from typing import Any

import discord

from bot.adapter.client import TradewindsBot
from bot.adapter.commands import PICTURE_COOLDOWN, bot_owners, tree_payload
from bot.config import Settings
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, DEE, NAMES, seated
from tests.bot.test_discord_adapter import (
    FakeChannel,
    FakeClient,
    FakeFollowup,
    FakeInteraction,
    FakeResponse,
    invoke,
)

INTERACTION_IDS = itertools.count(7_000_000)  # each interaction its own id (one counts once)
GUILD_ONLY = [0]  # Discord's interaction contexts: 0 a server, 1 the bot's DM, 2 a private channel
ANYWHERE = [0, 1, 2]


def registered() -> dict[str, dict[str, Any]]:
    """The global commands exactly as a sync would upload them (``to_dict``)."""
    client = TradewindsBot(Settings())
    return {c["name"]: c for c in tree_payload(client.tree)}


def test_the_tree_discord_registers_carries_the_controls():
    tree = registered()
    assert set(tree) == {"game", "tradewinds", "admin", "play"}
    admin = tree["admin"]
    assert admin["default_member_permissions"] == discord.Permissions(manage_threads=True).value
    assert admin["contexts"] == GUILD_ONLY
    assert [o["name"] for o in admin["options"]] == ["pause", "resume", "end", "sync"]
    anywhere = tree["tradewinds"]
    assert anywhere["contexts"] == ANYWHERE
    assert anywhere["integration_types"] == [0, 1]  # a server install and a user install
    assert anywhere["default_member_permissions"] is None
    assert {o["name"] for o in anywhere["options"]} == {"mine", "notify", "rules", "legend", "stats"}
    for name in ("game", "play"):
        assert tree[name]["contexts"] == GUILD_ONLY, name
        assert tree[name]["default_member_permissions"] is None, name
    assert "sync" not in {o["name"] for o in tree["game"]["options"]}  # no longer seen by everyone
    # the cooldowns are discord.py's own, on the picture commands only
    client = TradewindsBot(Settings())
    cooled = {
        c.qualified_name
        for c in client.tree.walk_commands()
        if isinstance(c, discord.app_commands.Command)
        and any(
            getattr(check, "__qualname__", "").startswith("_create_cooldown_decorator") for check in c.checks
        )
    }
    assert cooled == {"game board", "tradewinds legend"}


async def test_a_moderator_ends_a_table_the_host_alone_could_abandon(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    refused = FakeInteraction(client, DEE)
    await invoke("game abandon", refused)  # Dee is no host
    assert refused.ephemeral_texts() == [t("host_only", host="Ana")]
    assert await svc.store.open_game(CHANNEL) is not None
    moderator = FakeInteraction(client, DEE)
    await invoke("admin end", moderator)
    assert client.public()[-1][0] == t("abandoned_by_moderator", name="Dee", title="Tiny Test Game")
    assert await svc.store.open_game(CHANNEL) is None
    ended = FakeInteraction(client, DEE)
    await invoke("admin end", ended)  # nothing left to end: one sentence, nothing public
    assert len(ended.ephemeral_texts()) == 1 and client.public()[-1][0].startswith(
        t("abandoned_by_moderator", name="Dee", title="Tiny Test Game")
    )


async def test_sync_is_for_the_owners_the_application_info_names(env):
    svc = await env.service()
    synced: list[int | None] = []

    async def sync_tree(guild_id: int | None) -> tuple[int, int | None]:
        synced.append(guild_id)
        return 3, guild_id

    owner_app = SimpleNamespace(team=None, owner=SimpleNamespace(id=BO))
    member = SimpleNamespace
    team_app = SimpleNamespace(
        team=SimpleNamespace(
            members=[
                member(id=DEE, role=discord.TeamMemberRole.developer),
                member(id=ANA, role=discord.TeamMemberRole.read_only),
            ]
        ),
        owner=None,
    )
    for info, allowed, refused in ((owner_app, BO, ANA), (team_app, DEE, ANA)):
        client = FakeClient(svc, Settings())  # no OWNER_IDS: the application info alone
        client.application = info
        client.sync_tree = sync_tree
        no = FakeInteraction(client, refused)
        await invoke("admin sync", no)
        assert no.ephemeral_texts() == [t("adapter_owner_only")]
        yes = FakeInteraction(client, allowed)
        await invoke("admin sync", yes)
        assert yes.ephemeral_texts() == [
            "Registered 3 commands everywhere (they may take a while to show up)."
        ]
    assert synced == [None, None]
    client = FakeClient(svc, Settings(owner_ids=frozenset({ANA})))
    assert await bot_owners(client) == frozenset({ANA})  # OWNER_IDS, no application info


# ---------------------------------------------------------------------- through discord.py's dispatch


def command_payload(
    name: str, sub: str, user_id: int, channel_id: int, *, guild: bool = True, locale: str = "en-US"
) -> dict[str, Any]:
    """A slash command interaction as Discord sends it (in a server, or in the bot's DM)."""
    user = {
        "id": str(user_id),
        "username": NAMES[user_id].lower(),
        "global_name": NAMES[user_id],
        "discriminator": "0",
        "avatar": None,
    }
    payload: dict[str, Any] = {
        "id": str(next(INTERACTION_IDS)),
        "application_id": "200",
        "type": 2,
        "token": "interaction-token",
        "version": 1,
        "data": {"id": "1", "name": name, "type": 1, "options": [{"name": sub, "type": 1, "options": []}]},
        "locale": locale,
        "app_permissions": "0",
        "entitlements": [],
        "attachment_size_limit": 8 * 1024 * 1024,
        "authorizing_integration_owners": {"1": str(user_id)},
    }
    if guild:
        payload["guild_id"] = "9"
        payload["channel"] = {"id": str(channel_id), "type": 0, "guild_id": "9", "name": "t", "position": 0}
        payload["member"] = {
            "user": user,
            "roles": [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": "0",
        }
        payload["context"] = 0
    else:
        payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": [user]}
        payload["user"] = user
        payload["context"] = 1
    return payload


async def dispatched(svc: Any) -> tuple[TradewindsBot, dict[int, FakeChannel]]:
    client = TradewindsBot(Settings())
    client.serve = False
    await client._async_setup_hook()
    await client.setup_hook()
    client.service = svc
    channels: dict[int, FakeChannel] = {}
    client.get_channel = lambda cid: channels.setdefault(cid, FakeChannel(cid))  # type: ignore[method-assign]
    state = client._connection
    state.user = discord.ClientUser(
        state=state, data={"id": "200", "username": "tradewinds", "discriminator": "0", "avatar": None}
    )
    return client, channels


class Interaction(discord.Interaction):
    """discord.py's interaction, its answers recorded instead of sent to Discord's endpoints."""

    async def delete_original_response(self) -> None:
        self.deleted = True


async def run(client: TradewindsBot, payload: dict[str, Any]) -> discord.Interaction:
    interaction = Interaction(data=payload, state=client._connection)
    interaction._cs_response = FakeResponse()
    interaction._cs_followup = FakeFollowup()
    await client.tree._call(interaction)
    await asyncio.sleep(0)
    return interaction


def told(interaction: discord.Interaction) -> list[str]:
    response, followup = interaction._cs_response, interaction._cs_followup  # type: ignore[attr-defined]
    direct = [c for kind, c, _ in response.calls if kind == "send"]
    return [c or "" for c in direct] + [c or "" for c, _ in followup.sent]


async def test_board_has_a_cooldown_per_channel(env):
    svc = await env.service()
    client, channels = await dispatched(svc)
    other = CHANNEL + 1
    for channel in (CHANNEL, other):
        await seated(env, svc, [ANA, BO], channel=channel)
    posted = {c: len(channels.get(c, FakeChannel(c)).sent) for c in (CHANNEL, other)}
    first = await run(client, command_payload("game", "board", ANA, CHANNEL))
    assert told(first) == [] and len(channels[CHANNEL].sent) == posted[CHANNEL] + 1  # the board
    again = await run(client, command_payload("game", "board", BO, CHANNEL, locale="ja"))
    [sentence] = told(again)
    seconds = int(re.search(r"(\d+)", sentence).group(1))
    assert 1 <= seconds <= PICTURE_COOLDOWN[1]
    assert sentence == t("adapter_cooldown", "ja", seconds=seconds)
    assert len(channels[CHANNEL].sent) == posted[CHANNEL] + 1  # no second board
    elsewhere = await run(client, command_payload("game", "board", BO, other))
    assert told(elsewhere) == [] and len(channels[other].sent) == posted[other] + 1
    await client.close()


async def test_the_anywhere_commands_answer_in_a_dm(env):
    svc = await env.service()
    client, _channels = await dispatched(svc)
    await seated(env, svc, [ANA, BO])
    dm = 777
    mine = await run(client, command_payload("tradewinds", "mine", ANA, dm, guild=False))
    assert told(mine) == [(await svc.mine(ANA)).ephemeral]
    assert "Tiny Test Game" in told(mine)[0]
    stats = await run(client, command_payload("tradewinds", "stats", BO, dm, guild=False, locale="nl"))
    assert told(stats) == [t("stats_none_everywhere", "nl", name="Bo")]
    rules = await run(client, command_payload("tradewinds", "rules", BO, dm, guild=False))
    assert told(rules)[0] == (await svc.rules_help(None, dm)).ephemeral  # the list of games
    await client.close()


async def test_a_moderator_pauses_and_resumes_a_table(env):
    """Paused: no move, no reminder, no clock, also after a restart; resumed: the timers of the
    turn start afresh and the game plays on."""
    svc = await env.service(turn_clock_s=7200)
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    row = await svc.store.open_game(CHANNEL)
    assert {tm.kind for tm in await svc.store.timers(row.id)} >= {"reminder"}
    await invoke("admin pause", FakeInteraction(client, DEE))
    assert client.public()[-1][0] == t("paused_by_moderator", name="Dee", title="Tiny Test Game")
    assert (await svc.store.open_game(CHANNEL)).paused_by == DEE
    assert await svc.store.timers(row.id) == []
    move = FakeInteraction(client, ANA)
    await invoke("play", move, action="bid 1")
    assert move.ephemeral_texts() == [t("game_paused")]
    assert (await svc.store.open_game(CHANNEL)).version == row.version
    again = FakeInteraction(client, DEE)
    await invoke("admin pause", again)
    assert again.ephemeral_texts() == [t("already_paused")]
    env.clock.advance(10 * env.settings.reminder_after_s)
    assert await svc.run_due_timers() == []  # nobody reminded, no clock ran out
    restarted = await env.service()
    await restarted.warm()  # a restart re-arms lost timers, but not a paused table's
    assert await restarted.store.timers(row.id) == []
    client = FakeClient(restarted)
    await invoke("admin resume", FakeInteraction(client, DEE))
    assert client.public()[-1][0] == t("resumed_by_moderator", name="Dee", title="Tiny Test Game")
    now = env.clock()
    timers = {tm.kind: tm.due for tm in await restarted.store.timers(row.id)}
    assert timers["reminder"] == now + env.settings.reminder_after_s
    assert "clock" in timers and timers["clock"] > now
    assert (await restarted.store.open_game(CHANNEL)).paused_by is None
    await invoke("play", FakeInteraction(client, ANA), action="bid 1")
    assert (await restarted.store.open_game(CHANNEL)).version == row.version + 1
    not_paused = FakeInteraction(client, DEE)
    await invoke("admin resume", not_paused)
    assert not_paused.ephemeral_texts() == [t("not_paused")]
