"""The bot process killed with SIGKILL in the middle of a game and started again on the same
database: the buttons people still see from before the kill play (the current ones) or are
refused cleanly (an earlier turn's), the computer seat moves again, and the commands are not
registered a second time."""

from __future__ import annotations

import copy

import pytest

from tests.e2e import checks
from tests.e2e.conftest import PEOPLE, running
from tests.e2e.emulator import COMPONENT
from tests.e2e.players import Table
from tests.waiting import HANG_GUARD_S


@pytest.fixture
async def discord(tmp_path):
    async for env in running(tmp_path, fast_boards=True):
        yield env


async def test_after_sigkill_and_restart_buttons_from_before_play_or_are_refused_cleanly(discord):
    emu, bot = discord.emu, discord.bot
    channel = emu.add_text_channel("restart")
    await emu.announce_channel(channel)
    table = Table(emu, discord.store, channel, PEOPLE, "santiago", seed=7)
    await table.open()
    first_seat, first_user, early, early_state = await table.next_board_play()
    stale = copy.deepcopy(early.message)  # the board as a client that missed later edits shows it
    assert await table.play(first_user, first_seat, early, early_state.version)
    seat, user, current, now = await table.next_board_play()
    commands_synced = sum(1 for r in emu.requests if r.method == "PUT" and "/commands" in r.path)

    bot.kill()
    assert bot.process.returncode == -9
    await bot.start()

    # An earlier turn's button: refused in a private answer, nothing played.
    old = await emu.interact(first_user, channel, COMPONENT, early.interaction_data(), stale)
    await emu.wait_until(
        lambda: old.acknowledged and old.answers(), HANG_GUARD_S, "the stale button answered"
    )
    assert all(m.ephemeral and m.owner == first_user.id for m in old.answers())
    # The button of the current turn, pressed after the restart: it plays, once.
    assert await table.play(user, seat, current, now.version)
    assert len(await table.played(seat, current.parsed.action, now.version)) == 1
    assert len(await table.played(first_seat, early.parsed.action, early_state.version)) == 1

    # Play goes on, the computer seat included, and the commands were not registered again.
    before = await table.snapshot()
    for _ in range(12):
        await table.step()
    actions = await discord.store.actions(table.pk, since=before.version)
    assert any(table.seats[a.seat].is_bot for a in actions), (
        "the computer seat did not move after the restart"
    )
    assert sum(1 for r in emu.requests if r.method == "PUT" and "/commands" in r.path) == commands_synced
    assert checks.one_callback_each([*table.sent, old]) == []
    assert checks.failed_requests(emu) == []
    assert checks.boards_have_pngs(emu) == []
    assert emu.gateway.count("IDENTIFY") == 2
