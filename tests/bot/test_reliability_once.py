"""A command counts once: a move picked from /play's autocomplete carries the version it was
offered at (a second and third send of it are stale), an interaction already processed is never
processed again (also after a restart, also two deliveries at once), and a typed move without a
version still plays when it is legal now."""

from __future__ import annotations

import asyncio

import pytest

from bot.adapter.commands import play_autocomplete
from bot.adapter.delivery import deliver
from bot.service import calls
from bot.service.front import GameService
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY, NAMES, Env
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke

pytestmark = pytest.mark.both_backends  # interactions counted once, on SQLite and on PostgreSQL


async def cuba_table(env: Env, svc: GameService, client: FakeClient | None = None) -> tuple[int, int, str]:
    """A Cuba game of Ana, Bo and Cy; returns (game pk, the acting user, a move of theirs that
    is still legal for them after they played it once — what a second send would play again).
    With a ``client`` the start goes out through its gateway (the turn message is posted)."""
    assert (await svc.new_game(CHANNEL, 9, ANA, "Ana", "cuba")).ok
    for user in (BO, CY):
        assert (await svc.join(CHANNEL, user, NAMES[user])).ok
    started = await svc.start(CHANNEL, ANA)
    assert started.ok
    if client is not None:
        await deliver(started, client.gateway, svc)
    pk = svc.tables.channel_games[CHANNEL]
    table = svc.tables.cached[pk]
    rules, state = table.rules, table.state
    seat = rules.to_act(state)[0]
    for action in rules.legal(state, seat):
        after, _ = rules.apply(state, seat, action)
        if seat in rules.to_act(after) and str(action) in {str(a) for a in rules.legal(after, seat)}:
            return pk, table.seat(seat).user_id, str(action)
    raise AssertionError("no move stays legal after it is played")


async def plays(svc: GameService, pk: int) -> list[str]:
    return [a.text for a in await svc.store.actions(pk) if a.kind == "play"]


async def turn_link(svc, pk: int) -> str:
    """The link a stale press is answered with: the current turn message."""
    return calls.board_link(await svc.store.game(pk), await svc.store.live_messages(pk))


async def test_the_triple_send_of_an_offered_move_plays_it_once(env):
    svc = await env.service()
    pk, user, move = await cuba_table(env, svc)
    [(_, offered)] = [
        (name, value) for name, value in svc.autocomplete(CHANNEL, user, "") if value.endswith(move)
    ]
    sends = await asyncio.gather(*(svc.act(CHANNEL, user, offered, interaction_id=i) for i in (1, 2, 3)))
    assert await plays(svc, pk) == [move]  # 0 doubled
    assert [s.ok for s in sends].count(True) == 1
    link = await turn_link(svc, pk)
    for refused in (s for s in sends if not s.ok):  # one sentence and a link, not the board again
        assert refused.ephemeral == t("stale_play_link", link=link) and refused.ephemeral_image is None
        assert refused.public == [] and refused.private == []
    # Offered again now, it carries the new version and plays.
    [(_, again)] = [(n, v) for n, v in svc.autocomplete(CHANNEL, user, "") if v.endswith(move)]
    assert again != offered and (await svc.act(CHANNEL, user, again)).ok
    assert await plays(svc, pk) == [move, move]


async def test_a_typed_move_without_a_version_plays_when_legal_now(env):
    svc = await env.service()
    pk, user, move = await cuba_table(env, svc)
    assert (await svc.act(CHANNEL, user, move)).ok
    assert (await svc.act(CHANNEL, user, move.upper())).ok  # typed again: legal now, so it plays
    assert await plays(svc, pk) == [move, move]


async def test_an_interaction_is_processed_once_also_after_a_restart_and_when_delivered_twice_at_once(env):
    svc = await env.service()
    pk, user, move = await cuba_table(env, svc)
    first, second = await asyncio.gather(
        svc.act(CHANNEL, user, move, interaction_id=41), svc.act(CHANNEL, user, move, interaction_id=41)
    )
    assert await plays(svc, pk) == [move]  # the move stayed legal, yet the second delivery did nothing
    assert sorted([first.ok, second.ok]) == [False, True]
    assert (first if not first.ok else second).ephemeral == t("already_done")
    restarted = await env.service()
    await restarted.warm()
    again = await restarted.act(CHANNEL, user, move, interaction_id=41)
    assert not again.ok and again.ephemeral == t("already_done") and again.public == []
    assert await plays(restarted, pk) == [move]
    # A refused command counts as processed too: sent again once it would be legal, it stays refused.
    other = next(u for u in (ANA, BO, CY) if u != user)
    assert not (await restarted.act(CHANNEL, other, move, interaction_id=42)).ok
    assert (await restarted.act(CHANNEL, other, move, interaction_id=42)).ephemeral == t("already_done")
    # A button press (a panel, no move) is claimed before it runs.
    assert (await restarted.press(f"tw:h:{pk}:1:", user, CHANNEL, interaction_id=43)).ok
    assert (await restarted.press(f"tw:h:{pk}:1:", user, CHANNEL, interaction_id=43)).ephemeral == t(
        "already_done"
    )


async def test_the_triple_send_through_the_adapter_plays_once(env):
    svc = await env.service()
    client = FakeClient(svc)
    pk, user, move = await cuba_table(env, svc, client)
    channel = client.get_channel(CHANNEL)
    live = await svc.store.live_messages(pk)
    turn_id, board_id = live.turn_id, live.board_id
    posts, edits = len(channel.sent), len(channel.edits)
    offered = [
        c.value
        for c in await play_autocomplete(FakeInteraction(client, user), "")
        if c.value.endswith(move)
    ]
    assert len(offered) == 1
    sends = [FakeInteraction(client, user) for _ in range(3)]
    await asyncio.gather(*(invoke("play", send, action=offered[0]) for send in sends))
    assert await plays(svc, pk) == [move]  # 0 doubled
    answers = sorted(text for send in sends for text in send.ephemeral_texts())
    assert answers.count(t("stale_play_link", link=await turn_link(svc, pk))) == 2 and len(answers) == 3
    # Nothing went to the channel twice: the one move (a sub-step of the same turn) edited the
    # turn message once, in place, and the board (a message of its own beside the turn picture)
    # once; the stale sends posted and edited nothing.
    assert turn_id is not None and len(channel.sent) == posts
    assert [message_id for message_id, _ in channel.edits[edits:]] in ([turn_id], [turn_id, board_id])
    # The same interaction delivered again (a redelivery after a reconnect) is refused, also for
    # a command that logs no action.
    redelivered = FakeInteraction(client, user)
    redelivered.id = sends[0].id
    await invoke("play", redelivered, action=move)
    assert redelivered.ephemeral_texts() == [t("already_done")]
    assert await plays(svc, pk) == [move]
    board = FakeInteraction(client, ANA)
    await invoke("game board", board)
    posted, edited = len(client.public()), len(channel.edits)
    board_again = FakeInteraction(client, ANA)
    board_again.id = board.id
    await invoke("game board", board_again)
    assert board_again.ephemeral_texts() == [t("already_done")]
    assert len(client.public()) == posted and len(channel.edits) == edited
