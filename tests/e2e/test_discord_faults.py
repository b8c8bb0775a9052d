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
from tests.waiting import HANG_GUARD_S

# (slow: the module shares one bot and plays a Cuba round with its DMs closed; started first)
pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.slow]


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
    await table.emu.wait_until(lambda: table.boards_shown(now.version + 1), HANG_GUARD_S, "the next board")
    return record, await table.played(seat, offer.parsed.action, now.version)


@pytest.mark.parametrize("status", [429, 500])
async def test_a_board_upload_rate_limited_or_failing_once_is_posted_once_later(discord, status):
    emu = discord.emu
    table = await new_table(discord, f"upload-{status}")
    if status == 429:
        fault = emu.rate_limit("POST|PATCH", board_uploads(table), retry_after=0.4, uploads_only=True)
    else:
        fault = emu.server_error("POST|PATCH", board_uploads(table), uploads_only=True)
    moves = []
    for _ in range(10):  # the next move that changes the picture uploads it: that upload fails
        seat, user, offer, now = await table.next_board_play()
        record, plays = await press_and_wait_for_board(table, seat, user, offer, now)
        moves.append((record, plays))
        if fault.hits:
            break
    assert len(fault.hits) == 1, "no board picture was uploaded"
    failed = fault.hits[0]

    def sent_again() -> list:
        return [
            r
            for r in emu.requests
            if r.started > failed.started
            and (r.method, r.path, r.payload) == (failed.method, failed.path, failed.payload)
            and 200 <= r.status < 300
        ]

    await emu.wait_until(sent_again, HANG_GUARD_S, "the upload sent again")
    (again,) = sent_again()  # posted once
    # discord.py waited as told (retry_after), or 1 s after a 500, before sending it again
    assert again.started - failed.ended >= (0.4 if status == 429 else 1.0)
    assert [a.filename for a in again.files] == [a.filename for a in failed.files]
    assert all(a.is_png for a in again.files if a.filename.endswith(".png"))
    for record, plays in moves:  # nothing lost: every move stored once, every press answered once
        assert len(plays) == 1 and record.accepted_callbacks == 1
    await table.step()  # play goes on
    assert checks.one_callback_each(table.sent) == []
    assert checks.boards_have_pngs(emu) == []


async def test_a_refused_dm_is_remembered_and_read_through_my_hand_never_in_public(discord):
    """Everybody's DMs are closed; the secret choice of a character card (a Cuba variant) is
    asked of the three people at once: whoever was not answered in person is sent a DM, refused
    with 50007 — that person ("Bo") is followed."""
    emu = discord.emu
    emu.dm_closed.update(p.id for p in PEOPLE)
    try:
        table = await new_table(discord, "dms-closed", options="secret_parliament_card=yes")
        rules = GAMES["cuba"]
        now = await table.play_until(  # the first character card of a round, chosen in secret
            lambda now: (
                len([s for s in now.to_act if table.person(s) and rules.private_choices(now.state, s)]) > 1
            )
        )

        def refusals() -> list:  # DMs Discord refused with 50007
            dms = {c.id for c in emu.channels.values() if c.is_dm}
            return [r for r in emu.requests if r.code == 50007 and channel_of(r) in dms]

        await emu.wait_until(refusals, HANG_GUARD_S, "a refused DM")
        refused = refusals()[0]
        assert (refused.method, refused.status) == ("POST", 403)
        dm_channel = emu.channels[channel_of(refused)]
        bo = dm_channel.recipient
        seat = table.seat_of(bo.id)

        def attempts() -> list:
            return [
                r
                for r in emu.requests
                if r.method == "POST" and r.path == f"/channels/{dm_channel.id}/messages"
            ]

        await emu.wait_until(lambda: _refusal_stored(discord, bo.id), HANG_GUARD_S, "the refusal remembered")

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
        emu.dm_closed.clear()


def channel_of(request) -> int | None:
    """The channel a ``/channels/{id}/…`` request is about."""
    parts = request.path.split("/")
    return int(parts[2]) if len(parts) > 2 and parts[1] == "channels" and parts[2].isdigit() else None


async def _refusal_stored(discord, user_id: int) -> bool:
    """Whether the file holds the refusal (read from the table: the look's own store would trust
    the list it read first for an hour, as a bot process does)."""
    return bool(await discord.store.fetch("SELECT 1 FROM dm_refused WHERE user_id = ?", user_id))


async def test_an_interaction_discord_no_longer_knows_still_plays_once_and_the_channel_is_told(discord):
    emu = discord.emu
    table = await new_table(discord, "too-late")
    seat, user, offer, now = await table.next_board_play()
    late = await emu.interact(
        user, offer.message.channel, COMPONENT, offer.interaction_data(), offer.message, expired=True
    )
    table.sent.append(late)
    await emu.wait_until(
        lambda: table.boards_shown(now.version + 1), HANG_GUARD_S, "the board after the late press"
    )

    assert len(await table.played(seat, offer.parsed.action, now.version)) == 1
    assert late.callbacks and all(c.status == 404 for c in late.callbacks)  # 10062 each time
    assert {r.code for r in discord.emu.requests if r.path.startswith(f"/interactions/{late.id}/")} == {10062}
    assert late.answers() == []
    # The channel is told: the message of the state after the move names who moved, and the
    # board's picture is drawn again.
    assert user.name in table.boards_shown(now.version + 1)[0].content
    channels = {table.channel.id, *(t.id for t in emu.threads_of(table.channel.id))}
    await emu.wait_until(
        lambda: [
            s
            for s in emu.snapshots
            if s.message.channel.id in channels
            and s.request
            and s.request.started > late.sent
            and s.request.files
        ],
        30,
        "the board's picture after the late press",
    )
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
    await emu.wait_until(lambda: record.acknowledged, HANG_GUARD_S, "the press answered after the resume")
    await emu.wait_until(lambda: table.boards_shown(now.version + 1), HANG_GUARD_S, "the next board")

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
    await emu.wait_until(lambda: gateway.count("READY") > readies, HANG_GUARD_S, "a new session")

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
