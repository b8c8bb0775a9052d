"""The real bot — ``tradewinds run``, discord.py's client, its HTTP layer and its gateway — plays
a whole game of each title against the local Discord emulator: three people and a computer seat
per table, the three tables at once, each in its own channel (and the thread the bot opens
there). The people use slash commands, the autocomplete, the buttons (and select menus, when
there are any) of the public messages, My turn and My hand, and their DMs."""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter

import discord as discord_py
import pytest

from tests.e2e import checks
from tests.e2e.conftest import PEOPLE, running
from tests.e2e.players import Table
from tests.waiting import HANG_GUARD_S

TITLES = ("cuba", "santiago", "goa")


@pytest.fixture
async def discord(tmp_path):
    async for env in running(tmp_path, fast_boards=True):
        yield env


@pytest.mark.slow
async def test_three_people_and_a_computer_play_each_title_to_the_end(discord):
    emu = discord.emu
    tables = [
        Table(emu, discord.store, emu.add_text_channel(f"{game}-table"), PEOPLE, game, seed=n)
        for n, game in enumerate(TITLES)
    ]
    for table in tables:
        await emu.announce_channel(table.channel)
    await asyncio.gather(*(table.open() for table in tables))
    await asyncio.gather(*(table.play_to_end() for table in tables))

    problems = []
    for table in tables:
        played = await checks.Played.load(table)
        row = await discord.store.game(table.pk)
        assert row.status == "finished", table.game
        assert await discord.store.result(table.pk) is not None
        with contextlib.suppress(TimeoutError):  # the last board may still be on its way
            await emu.wait_until(lambda p=played: not checks.final_scores_posted(emu, p), HANG_GUARD_S)
        problems += checks.final_scores_posted(emu, played)
        problems += checks.dms_to_the_right_people(emu, played)
        problems += checks.nothing_private_in_public(emu, played)
        problems += checks.refusals_are_private(table)
        problems += checks.turn_messages_link_the_board(emu, table)
        print(table.game, table.moves, "moves by people", dict(table.ways), "refused", len(table.refused))
    problems += checks.one_callback_each(emu.interactions.values())
    problems += checks.boards_have_pngs(emu)
    problems += checks.failed_requests(emu)
    assert problems == []
    assert " ERROR " not in discord.bot.log()

    # Select menus come only with more choices than buttons hold, which the bot no longer
    # shows (a dozen at a time): they are counted (ways *_select), not required.
    ways = sum((t.ways for t in tables), Counter())
    used = {
        "buttons under the board": ways["board_button"],
        "My turn": ways["my_turn"],
        "My hand": ways["my_hand"],
        "a button in a DM": ways["dm_button"] + ways["dm_select"],
        "/play with the autocomplete": ways["typed"],
    }
    assert all(used.values()), used
    kinds = Counter(i.type for i in emu.interactions.values())
    assert kinds[2] and kinds[3] and kinds[4]  # slash commands, components, autocomplete

    # What the real bot registered through discord.py's sync carries Discord's own controls:
    # /admin for Manage Threads in servers only, /tradewinds also in DMs and as a user install,
    # each in every language (discord.py leaves out a name that is the English one).
    registered = {c["name"]: c for c in emu.commands[None]}
    assert set(registered) == {"game", "tradewinds", "admin", "play"}
    admin, anywhere = registered["admin"], registered["tradewinds"]
    assert int(admin["default_member_permissions"]) == discord_py.Permissions(manage_threads=True).value
    assert admin["contexts"] == [0] and registered["game"]["contexts"] == [0]
    assert anywhere["contexts"] == [0, 1, 2] and anywhere["integration_types"] == [0, 1]
    assert set(admin["name_localizations"]) == {"nl", "ja", "zh-CN", "zh-TW"}
    assert set(anywhere["name_localizations"]) == {"ja", "zh-CN", "zh-TW"}  # Dutch keeps "tradewinds"
