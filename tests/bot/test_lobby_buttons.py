"""The lobby as buttons (issue 27): the lobby message carries Join, Leave, Add computer and Start,
is edited as seats fill, and each press is checked as the command it stands for — who may
(the host alone adds computers and starts), when (a lobby's buttons do nothing once the game
runs) and where (a press forged from a DM or another channel changes nothing)."""

from __future__ import annotations

from bot.service.outcome import custom_id, parse_custom_id
from bot.texts import t
from tests.bot.conftest import ANA, BO, CHANNEL, CY
from tests.bot.table_play import components, use
from tests.bot.test_discord_adapter import FakeClient, FakeDMChannel, FakeInteraction, Sent, invoke

ELSEWHERE = 777


def lobby_buttons(client: FakeClient) -> dict[str, tuple]:
    """The lobby message's buttons as it reads now, by verb."""
    _text, kwargs = client.public()[0]
    return {parse_custom_id(cid).verb: (item, cid) for item, cid in components(kwargs.get("view"))}


def lobby_text(client: FakeClient) -> str:
    return client.public()[0][0] or ""


async def test_the_lobby_message_is_played_with_its_buttons(env):
    svc = await env.service()
    client = FakeClient(svc)
    await invoke("game new", FakeInteraction(client, ANA), game="tiny")
    buttons = lobby_buttons(client)
    assert list(buttons) == ["j", "x", "b", "s"]
    labels = [item.item.label for item, _cid in buttons.values()]
    assert labels == [t("btn_join"), t("btn_leave"), t("btn_add_computer"), t("btn_start")]
    assert t("lobby_list", seats="Ana") in lobby_text(client)
    lobby_id = next(iter(client.get_channel(CHANNEL).index))
    # Bo joins with the button: the lobby message is edited to list him (and a line says so).
    joined = await use(client, *buttons["j"], BO, CHANNEL)
    assert joined.ephemeral_texts() == []
    assert t("lobby_list", seats="Ana and Bo") in lobby_text(client)
    assert t("seats_taken", count=2, max=4) in lobby_text(client)
    assert any(mid == lobby_id for mid, _kw in client.get_channel(CHANNEL).edits)
    again = await use(client, *lobby_buttons(client)["j"], BO, CHANNEL)
    assert again.ephemeral_texts() == [t("already_seated")]
    # Only the host adds a computer or starts; a refusal is one sentence and changes nothing.
    for verb in ("b", "s"):
        refused = await use(client, *lobby_buttons(client)[verb], BO, CHANNEL)
        assert refused.ephemeral_texts() == [t("host_only", host="Ana")], verb
    assert len(await svc.store.seats(svc.tables.channel_games[CHANNEL])) == 2
    added = await use(client, *lobby_buttons(client)["b"], ANA, CHANNEL)
    assert added.ephemeral_texts() == [] and t("seats_taken", count=3, max=4) in lobby_text(client)
    # Cy joins and leaves again; the host may not leave her own lobby.
    await use(client, *lobby_buttons(client)["j"], CY, CHANNEL)
    assert t("seats_taken", count=4, max=4) in lobby_text(client)
    left = await use(client, *lobby_buttons(client)["x"], CY, CHANNEL)
    assert left.ephemeral_texts() == [] and t("seats_taken", count=3, max=4) in lobby_text(client)
    stays = await use(client, *lobby_buttons(client)["x"], ANA, CHANNEL)
    assert stays.ephemeral_texts() == [t("host_cannot_leave")]
    # Start: the game begins and the lobby message keeps its words but loses its buttons.
    pk = svc.tables.channel_games[CHANNEL]
    old = lobby_buttons(client)
    await use(client, *old["s"], ANA, CHANNEL)
    assert (await svc.store.game(pk)).status == "active"
    assert lobby_buttons(client) == {} and t("lobby_list", seats="Ana, Bo and Computer 1") in lobby_text(
        client
    )
    # Its old buttons, pressed anyway, are refused: the table has started.
    for verb in ("j", "x", "b", "s"):
        late = await use(client, *old[verb], CY, CHANNEL)
        assert late.ephemeral_texts() == [t("already_started")], verb
    assert [s.user_id for s in await svc.store.seats(pk)] == [ANA, BO, None]


async def test_lobby_buttons_forged_from_a_dm_or_another_channel_change_nothing(env):
    svc = await env.service()
    client = FakeClient(svc)
    await invoke("game new", FakeInteraction(client, ANA), game="tiny")
    await invoke("game join", FakeInteraction(client, BO))
    pk = svc.tables.channel_games[CHANNEL]
    seats = await svc.store.seats(pk)
    posts = len(client.public())
    for verb in ("j", "x", "b", "s"):
        item, cid = lobby_buttons(client)[verb]
        assert cid == custom_id(verb, pk, 0)
        for user in (ANA, CY):
            dm = Sent([(None, {})], 0, False)  # a DM's message: the press carries no guild
            from_dm = await use(client, item, cid, user, FakeDMChannel.OFFSET + user, dm)
            assert from_dm.ephemeral_texts() == [t("wrong_place")], (verb, user)
            elsewhere = FakeInteraction(client, user, channel_id=ELSEWHERE, component=True)
            await item.callback(elsewhere)
            assert elsewhere.ephemeral_texts() == [t("wrong_place")], (verb, user)
    assert await svc.store.seats(pk) == seats and (await svc.store.game(pk)).status == "lobby"
    assert len(client.public()) == posts and client.public(ELSEWHERE) == []
