"""Discord failing under the real client (discord.py's own retries and reconnects, then the
bot's handling): a 429 on a board upload, a 500 on one, a DM refused with 50007, an interaction
Discord no longer knows (10062), a gateway disconnect that resumes and one whose session is
invalidated. One bot (drawing its real boards) serves every test of this module, each test at
its own table in its own channel."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from engine import GAMES
from tests.e2e import checks
from tests.e2e.conftest import PEOPLE, running
from tests.e2e.emulator import COMPONENT
from tests.e2e.players import Table, offers_in

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def discord(tmp_path_factory):
    async for env in running(tmp_path_factory.mktemp("faults"), fast_boards=False):
        yield env


async def new_table(discord, name: str, game: str = "cuba", **kwargs) -> Table:
    channel = discord.emu.add_text_channel(name)
    await discord.emu.announce_channel(channel)
    table = Table(discord.emu, discord.store, channel, PEOPLE, game, seed=len(name), **kwargs)
    await table.open()
    return table


def board_uploads(table: Table) -> str:
    """The paths of the table's channel messages (and its threads'), for a fault."""
    ids = "|".join(str(c.id) for c in (table.channel, *table.emu.threads_of(table.channel.id)))
    return rf"/channels/({ids})/messages(/\d+)?"


async def press_and_wait_for_board(table: Table, seat, user, offer, now) -> tuple[Any, list]:
    """Press ``offer``; (its interaction, the stored plays of its move) once the next board shows."""
    record = await table.press(user, offer)
    await table.emu.wait_until(lambda: table.boards_shown(now.version + 1), 30, "the next board")
    return record, await table.played(seat, offer.parsed.action, now.version)


@pytest.mark.parametrize("status", [429, 500])
async def test_a_board_upload_rate_limited_or_failing_once_is_posted_once_later(discord, status):
    emu = discord.emu
    table = await new_table(discord, f"upload-{status}")
    seat, user, offer, now = await table.next_board_play()
    if status == 429:
        fault = emu.rate_limit("POST|PATCH", board_uploads(table), retry_after=0.4, uploads_only=True)
    else:
        fault = emu.server_error("POST|PATCH", board_uploads(table), uploads_only=True)
    record, plays = await press_and_wait_for_board(table, seat, user, offer, now)

    assert len(plays) == 1  # the move stood, once
    assert len(fault.hits) == 1
    failed = fault.hits[0]
    retried = [
        r
        for r in emu.requests
        if r.started > failed.started
        and (r.method, r.path) == (failed.method, failed.path)
        and r.files
        and 200 <= r.status < 300
    ]
    assert retried, "the board was never uploaded after the failure"
    # discord.py waited as told (retry_after), or 1 s after a 500, before uploading again
    assert retried[0].started - failed.ended >= (0.4 if status == 429 else 1.0)
    shown = table.boards_shown(now.version + 1)
    assert len([s for s in shown if s.request is not None and s.request.files]) == 1  # uploaded once
    assert shown[0].has_png
    uploads = [r for r in retried if r.path == retried[0].path and r.payload == retried[0].payload]
    assert len(uploads) == 1  # not twice
    assert record.accepted_callbacks == 1
    await table.step()  # play goes on
    assert checks.one_callback_each(table.sent) == []
    assert checks.boards_have_pngs(emu) == []


async def test_a_refused_dm_is_remembered_and_read_through_my_hand_never_in_public(discord):
    emu = discord.emu
    bo = PEOPLE[1]
    emu.dm_closed.add(bo.id)
    try:
        table = await new_table(discord, "dms-closed", options="secret_parliament_card=yes")
        rules = GAMES["cuba"]
        seat = table.seat_of(bo.id)
        now = await table.play_until(  # the first character card of a round, chosen in secret
            lambda now: seat in now.to_act and rules.private_choices(now.state, seat)
        )
        dm_channel = await emu.wait_until(lambda: emu.dm_channel(bo.id), 20, "Bo's DM channel")

        def attempts() -> list:
            return [
                r
                for r in emu.requests
                if r.method == "POST" and r.path == f"/channels/{dm_channel.id}/messages"
            ]

        await emu.wait_until(attempts, 20, "the DM to Bo")
        (refused,) = attempts()
        assert (refused.status, refused.code) == (403, 50007)
        await emu.wait_until(lambda: _refusal_stored(discord, bo.id), 20, "the refusal remembered")

        # Bo reads what the DM said through My hand (what he holds, what he must decide), and
        # decides there — or behind My turn, if My hand only shows.
        hand = await table.my_hand(bo)
        assert hand is not None
        (answer,) = hand.answers()
        assert answer.ephemeral and answer.owner == bo.id
        summary = rules.private_summary(now.state, seat, "en")
        assert not summary or checks.shows(answer.content, summary)
        panels = [answer]
        if not [o for o in offers_in(answer, "panel", table.pk) if o.parsed.verb == "a"]:
            turn = next(o for o in table.board_offers() if o.parsed.verb == "t")
            panels += (await table.open_panel(bo, turn, "my_turn")).answers()
        assert any(checks.shows(p.content, rules.prompt(now.state, seat, "en")) for p in panels)
        legal = {str(a).lower() for a in rules.legal(now.state, seat)}
        choices = [o for p in panels for o in offers_in(p, "panel", table.pk) if o.parsed.verb == "a"]
        assert choices and {o.parsed.action for o in choices} <= legal
        assert await table.play(bo, seat, choices[0], now.version)

        # The others choose too, and play goes on: Bo is never sent a DM again.
        for _ in range(12):
            await table.step()
        assert len(attempts()) == 1
        played = await checks.Played.load(table)
        assert checks.nothing_private_in_public(emu, played) == []
        public = "\n".join(s.content for s in emu.snapshots if s.message.channel.id == table.channel.id)
        for line in (refused.payload or {}).get("content", "").splitlines()[1:]:
            assert not checks.shows(public, line), line
        assert checks.one_callback_each(table.sent) == []
    finally:
        emu.dm_closed.discard(bo.id)


async def _refusal_stored(discord, user_id: int) -> bool:
    return user_id in await discord.store.dm_refused_users()


async def test_an_interaction_discord_no_longer_knows_still_plays_once_and_the_channel_is_told(discord):
    emu = discord.emu
    table = await new_table(discord, "too-late")
    seat, user, offer, now = await table.next_board_play()
    late = await emu.interact(
        user, offer.message.channel, COMPONENT, offer.interaction_data(), offer.message, expired=True
    )
    table.sent.append(late)
    await emu.wait_until(lambda: table.boards_shown(now.version + 1), 30, "the board after the late press")

    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1
    assert late.callbacks and all(c.status == 404 for c in late.callbacks)  # 10062 each time
    assert {r.code for r in discord.emu.requests if r.path.startswith(f"/interactions/{late.id}/")} == {10062}
    assert late.answers() == []
    # The channel is told: the board after the move names who moved.
    board = table.boards_shown(now.version + 1)[0]
    assert user.name in board.content and board.has_png
    await table.step()
    assert checks.one_callback_each([r for r in table.sent if r is not late]) == []


async def test_a_gateway_disconnect_is_resumed_and_what_was_sent_meanwhile_arrives(discord):
    emu, gateway = discord.emu, discord.emu.gateway
    table = await new_table(discord, "resume")
    seat, user, offer, now = await table.next_board_play()
    session, seq = gateway.current.id, gateway.current.seq
    identifies = gateway.count("IDENTIFY")
    await gateway.disconnect(hold=True)
    record = await table.press(user, offer)  # dispatched while the bot is away
    gateway.release()
    await emu.wait_until(lambda: record.acknowledged, 30, "the press answered after the resume")
    await emu.wait_until(lambda: table.boards_shown(now.version + 1), 30, "the next board")

    resumes = [op for op in gateway.ops if op.name == "RESUME"]
    assert resumes and resumes[-1].data["session_id"] == session and resumes[-1].data["seq"] == seq
    assert resumes[-1].path == "/resume"  # READY's resume_gateway_url
    assert gateway.count("IDENTIFY") == identifies and gateway.current.id == session
    assert record.accepted_callbacks == 1 and len(record.callbacks) == 1
    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1
    await table.step()


async def test_an_invalidated_session_identifies_again_and_play_goes_on(discord):
    emu, gateway = discord.emu, discord.emu.gateway
    table = await new_table(discord, "invalid-session")
    old = gateway.current.id
    readies = gateway.count("READY")
    gateway.invalidate_next_resume = True
    await gateway.disconnect()
    await emu.wait_until(lambda: gateway.count("READY") > readies, 30, "a new session")

    after = [op.name for op in gateway.ops if op.name in ("RESUME", "INVALID_SESSION", "IDENTIFY", "READY")][
        -4:
    ]
    assert after == ["RESUME", "INVALID_SESSION", "IDENTIFY", "READY"]
    assert gateway.current.id != old
    seat, user, offer, now = await table.next_board_play()
    record, plays = await press_and_wait_for_board(table, seat, user, offer, now)
    assert len(plays) == 1 and record.accepted_callbacks == 1
    assert checks.one_callback_each(table.sent) == []


async def test_nothing_failed_that_was_not_made_to_fail(discord):
    """Runs last in this module: every other request of the bot succeeded, every board had its
    picture, no route was unknown."""

    def made_to_fail(request) -> bool:  # the late interaction, Bo's closed DMs
        return request.code in (10062, 50007)

    assert checks.failed_requests(discord.emu, [made_to_fail]) == []
    assert checks.boards_have_pngs(discord.emu) == []
