"""A real SIGTERM against the bot process in the middle of a move (its move stored, its board
being drawn): the bot takes no new interaction (answered that it restarts, nothing changed), lets
the move in flight finish — its press acknowledged, the next turn posted — then closes the
Discord connection, its workers and the database, in that order, and exits 0. Started again,
play goes on. Then the bound: a move held past STOP_GRACE_SECONDS does not keep the bot from
stopping, and the next start calls whoever is to act, since that turn never went out."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.e2e.conftest import PEOPLE, running
from tests.e2e.emulator import COMMAND
from tests.e2e.players import Table
from tests.waiting import HANG_GUARD_S

NOTHING_CHANGED = "nothing was changed"


def log_order(log: str, *lines: str) -> list[int]:
    return [log.index(line) if line in log else -1 for line in lines]


async def held_move(discord, channel_name: str):
    """A table whose next board move is pressed and held while its board is drawn (stored)."""
    emu, bot = discord.emu, discord.bot
    channel = emu.add_text_channel(channel_name)
    await emu.announce_channel(channel)
    table = Table(emu, discord.store, channel, PEOPLE, "santiago", seed=7)
    await table.open()
    seat, user, offer, now = await table.next_board_play()
    held = Path(f"{bot.hold}.held")
    bot.hold.write_text("")
    record = await table.press(user, offer)
    await emu.wait_until(held.exists, HANG_GUARD_S, "the move's board being drawn")
    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1  # stored, not shown
    return table, seat, user, offer, now, record


@pytest.fixture
async def discord(tmp_path):
    async for env in running(tmp_path, fast_boards=True, settings={"STOP_GRACE_SECONDS": "600"}):
        yield env


async def test_sigterm_mid_move_finishes_the_move_then_closes_in_order(discord):
    emu, bot = discord.emu, discord.bot
    table, seat, user, offer, now, record = await held_move(discord, "stop")

    bot.process.send_signal(signal.SIGTERM)
    await emu.wait_until(lambda: "stopping: no new interactions" in bot.log(), HANG_GUARD_S, "the stop")
    # a new interaction while stopping is not run: one sentence, and it is true
    other = PEOPLE[1] if PEOPLE[0].id == user.id else PEOPLE[0]
    late = await emu.interact(other, table.table_channel, COMMAND, emu.command_data("game", "status"))
    await emu.wait_until(lambda: late.answers(), HANG_GUARD_S, "the late command answered")
    assert [m.content for m in late.answers()] == [
        "I am restarting; nothing was changed. Please try again in a minute."
    ]
    assert all(m.ephemeral for m in late.answers())
    assert bot.process.poll() is None  # the move in flight holds the stop

    bot.hold.unlink()  # its board is drawn: the move finishes
    await emu.wait_until(lambda: bot.process.poll() is not None, HANG_GUARD_S, "the bot's exit")
    assert bot.process.returncode == 0
    # the press was answered as a move, never as "nothing was changed", and the turn went out
    assert record.acknowledged
    assert not any(NOTHING_CHANGED in m.content for m in record.answers())
    assert table.boards_shown(now.version + 1), "the next turn was not posted before the stop"
    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1
    order = log_order(
        bot.log(),
        "stopping: no new interactions",
        "stopping: the Discord connection is closed",
        "stopping: the worker pools are closed",
        "stopping: the database is closed",
        "stopped",
    )
    assert -1 not in order and order == sorted(order), order
    assert "interactions were still running" not in bot.log()

    await bot.start()  # play goes on
    next_seat, next_user, next_offer, later = await table.next_board_play()
    assert await table.play(next_user, next_seat, next_offer, later.version)


@pytest.fixture
async def short_grace(tmp_path):
    async for env in running(tmp_path, fast_boards=True, settings={"STOP_GRACE_SECONDS": "0.2"}):
        yield env


async def test_a_move_held_past_the_grace_does_not_hold_the_stop_and_is_called_after_it(short_grace):
    emu, bot = short_grace.emu, short_grace.bot
    table, seat, user, offer, now, record = await held_move(short_grace, "grace")
    bot.process.send_signal(signal.SIGTERM)
    await emu.wait_until(lambda: "stopping: the database is closed" in bot.log(), HANG_GUARD_S, "the stop")
    assert "interactions were still running" in bot.log()
    bot.hold.unlink()  # the drawing thread ends; the process exits
    await emu.wait_until(lambda: bot.process.poll() is not None, HANG_GUARD_S, "the bot's exit")
    assert not any(NOTHING_CHANGED in m.content for m in record.answers())  # never that lie
    assert not table.boards_shown(now.version + 1)  # the stored move's turn never went out
    stopped = await table.snapshot()  # nothing moves while the bot is down
    assert stopped.version > now.version  # the move (and any only choice played after it)

    await bot.start()
    # the restarted bot calls whoever is to act: the turn message of the stored move, posted now
    await emu.wait_until(lambda: table.boards_shown(stopped.version), HANG_GUARD_S, "the turn posted again")
    people = {table.person(s).id for s in stopped.to_act if table.person(s) is not None}
    if people:  # the people to act are called (mentioned) by the turn message posted now
        calls = [
            m
            for m in emu.messages_in(table.table_channel.id)
            if m.public and set(m.mention_users) & people and m.created > record.sent
        ]
        seen = [(m.content[:60], m.mention_users) for m in emu.messages_in(table.table_channel.id)]
        assert calls, f"nobody of {people} was called after the restart: {seen}"
    else:  # the computer seat is to act: it moves (its timer was stored with the move)
        computer = [s for s in stopped.to_act if table.seats[s].is_bot]
        await emu.wait_until(
            lambda: table._moved_on(stopped.version), HANG_GUARD_S, "the computer seat's move"
        )
        assert computer and any(
            a.seat in computer for a in await short_grace.store.actions(table.pk, since=stopped.version)
        )
    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1
