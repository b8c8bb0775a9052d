"""Forged presses under the real client (issue 28): discord.py receives component interactions
whose custom_id the bot never offered there — every verb of ``tw:<verb>:<game>:<version>:…``,
sent from a DM and from another channel of the server, by a stranger and by a seated player —
on a message forged to carry that button, as a hostile client can make Discord deliver. The
bot answers each with the one ephemeral sentence ``wrong_place`` (or, for the one place a DM
may hold a move, the move's own refusal) and nothing is stored: no seat, no move, no vote."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.outcome import custom_id
from bot.texts import t
from tests.e2e.conftest import PEOPLE, running
from tests.e2e.emulator import COMPONENT
from tests.e2e.payloads import DM, Channel, Message, User, snowflake
from tests.e2e.players import ANSWER_WAIT, Table

STRANGER = User(9109, "Mallory")
WRONG = t("wrong_place", "en")
#: Every verb of the custom ids (bot/service/outcome.py) with an action part that fits it.
VERBS = {"a": "done", "h": "", "t": "", "n": "worker", "v": "p1", "l": "", "q": "", "r": "", "j": ""}


@pytest.fixture
async def discord(tmp_path):
    async for env in running(tmp_path, fast_boards=True):
        env.emu.users[STRANGER.id] = STRANGER
        yield env


def dm_with(emu, user: User) -> Channel:
    """The user's DM channel with the bot (made as Discord would when they open it)."""
    channel = emu.dm_channel(user.id)
    if channel is None:
        channel = Channel(snowflake(), DM, recipient=user)
        emu.channels[channel.id] = channel
    return channel


async def forge(emu, user: User, channel: Channel, cid: str) -> Any:
    """A press of ``cid`` by ``user`` in ``channel``, on a bot message forged to carry it; the
    interaction once the bot answered it."""
    message = Message(
        snowflake(),
        channel,
        emu.bot,
        "forged",
        components=[{"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": cid}]}],
    )
    data = {"custom_id": cid, "component_type": 2}
    record = await emu.interact(user, channel, COMPONENT, data, message)
    await emu.wait_until(lambda: record.acknowledged and record.followups, ANSWER_WAIT, f"{cid} answered")
    return record


def said(record) -> list[str]:
    """What the bot answered, each only to the presser (ephemeral)."""
    answers = record.answers()
    assert answers and all(m.ephemeral and m.owner in (None, record.user.id) for m in answers), answers
    return [m.content for m in answers]


async def stored(discord, pk: int) -> tuple:
    store = discord.store
    row = await store.game(pk)
    seats = [(s.seat, s.user_id, s.is_bot) for s in await store.seats(pk)]
    actions = [(a.n, a.seat, a.text) for a in await store.actions(pk)]
    votes = await store.fetch("SELECT seat, voter_id FROM replace_votes WHERE game_pk = ?", pk)
    return row.status, row.version, seats, actions, [tuple(v) for v in votes]


async def test_a_forged_join_from_a_dm_or_another_channel_seats_nobody(discord):
    emu = discord.emu
    channel = emu.add_text_channel("lobby")
    elsewhere = emu.add_text_channel("elsewhere")
    for c in (channel, elsewhere):
        await emu.announce_channel(c)
    table = Table(emu, discord.store, channel, PEOPLE, "cuba")
    await table.command(PEOPLE[0], "game", "new", game="cuba")
    row = await discord.store.latest_game((emu.threads_of(channel.id) or [channel])[-1].id)
    assert row is not None and row.status == "lobby"
    before = await stored(discord, row.id)
    join = custom_id("j", row.id, 0)
    for where in (dm_with(emu, STRANGER), elsewhere, channel):  # the channel the thread hangs off too
        if where.id == row.channel_id:
            continue
        record = await forge(emu, STRANGER, where, join)
        assert said(record) == [WRONG], where
    assert await stored(discord, row.id) == before
    assert [s.user_id for s in await discord.store.seats(row.id)] == [PEOPLE[0].id]


async def test_every_verb_forged_from_elsewhere_changes_nothing(discord):
    emu = discord.emu
    channel = emu.add_text_channel("forged-table")
    elsewhere = emu.add_text_channel("forged-elsewhere")
    for c in (channel, elsewhere):
        await emu.announce_channel(c)
    table = Table(emu, discord.store, channel, PEOPLE, "cuba")
    await table.open()
    bo = PEOPLE[1]
    row = await discord.store.game(table.pk)
    before = await stored(discord, table.pk)
    for verb, action in VERBS.items():
        cid = custom_id(verb, table.pk, row.version, action)
        for user in (STRANGER, bo):
            for where in (elsewhere, dm_with(emu, user)):
                record = await forge(emu, user, where, cid)
                answers = said(record)
                if where.is_dm and verb in "an":  # a DM may hold a move: the move's own refusal
                    assert answers and answers[0] in (WRONG, t("not_seated", "en")), (verb, user.name)
                    continue
                assert answers == [WRONG], (verb, user.name, where.name)
    assert await stored(discord, table.pk) == before  # no seat, move or vote came of any of them
    # Pressed where the bot offered it, a button still works: Bo opens his hand in the table's room.
    hand = await forge(emu, bo, table.table_channel, custom_id("h", table.pk, row.version))
    assert said(hand) and said(hand)[0] != WRONG
    checked, problems = pings(emu)
    assert checked >= 10 and problems == []  # the lobby, the board, the answers: each checked


def pings(emu) -> tuple[int, list[str]]:
    """Every message the bot sent (posted, edited, DM'd, answered) that could ping @everyone,
    @here, a role, or a user who is not one of the people at the table."""
    people = {p.id for p in PEOPLE}
    problems, checked = [], 0
    for request in emu.requests:
        if request.method not in ("POST", "PATCH") or not isinstance(request.payload, dict):
            continue
        body = (
            request.payload.get("data", request.payload) if "/callback" in request.path else request.payload
        )
        if not isinstance(body, dict) or "content" not in body:
            continue  # an acknowledgement, a thread, a DM channel: no message text
        checked += 1
        allowed = body.get("allowed_mentions")
        if allowed is None:
            problems.append(f"{request.method} {request.path}: no allowed_mentions")
            continue
        if {"everyone", "roles"} & set(allowed.get("parse", [])) or allowed.get("roles"):
            problems.append(f"{request.method} {request.path}: may ping {allowed}")
        if not {int(u) for u in allowed.get("users", [])} <= people or "users" in allowed.get("parse", []):
            problems.append(f"{request.method} {request.path}: may ping users {allowed}")
    return checked, problems


async def test_the_host_removes_a_player_from_the_lobby_and_they_cannot_sit_again(discord):
    """``/game kick player:`` through discord.py (the player a resolved user option)."""
    emu = discord.emu
    channel = emu.add_text_channel("kick")
    await emu.announce_channel(channel)
    ana, bo = PEOPLE[0], PEOPLE[1]
    table = Table(emu, discord.store, channel, PEOPLE, "cuba")
    await table.command(ana, "game", "new", game="cuba")
    table.where = (emu.threads_of(channel.id) or [channel])[-1]
    await table.command(bo, "game", "join")
    row = await discord.store.latest_game(table.table_channel.id)
    assert [s.user_id for s in await discord.store.seats(row.id)] == [ana.id, bo.id]
    kicked = await table.command(ana, "game", "kick", player=bo.id)
    assert [m.content for m in kicked.answers()] == [t("kicked_you", "en", name="Bo")]
    assert [s.user_id for s in await discord.store.seats(row.id)] == [ana.id]
    said = t("kicked", "en", host="Ana", name="Bo", title="Cuba")
    await emu.wait_until(
        lambda: any(m.content.startswith(said) for m in emu.messages_in(table.table_channel.id)),
        20,
        "the notice",
    )
    again = await table.command(bo, "game", "join")
    assert [m.content for m in again.answers()] == [t("kick_barred", "en")]
    assert [s.user_id for s in await discord.store.seats(row.id)] == [ana.id]
