"""Santiago de Cuba at the table: a whole four-player game through the Discord adapter with
buttons only. The screens (pesos, goods, VP behind them) reach their owner through the
ephemeral My screen / My turn buttons and never the channel or a DM; the drives (whose costs
tell one's pesos) and El Zorro's victims' answers are chosen in the My turn panel beside the
board."""

from __future__ import annotations

from bot.adapter.components import ChoiceButton
from bot.service import turns
from bot.service.choices import MESSAGE_CAPACITY
from bot.service.outcome import parse_custom_id
from bot.texts import t
from engine import GAMES
from engine.santiago import data
from tests.bot.conftest import BO, CHANNEL, DEE
from tests.bot.table_play import (
    USERS,
    Table,
    assert_manners,
    components,
    figures,
    find,
    last_view,
    plays_per_message,
    public_is_clean,
    turn_pictures_are_public,
    use,
)
from tests.bot.test_discord_adapter import FakeInteraction, invoke

SANTIAGO = GAMES["santiago"]


def visit_el_zorro(state, seat, legal):
    """Drive to El Zorro whenever he is face up within reach, so his victims must choose."""
    for action in legal:
        if action.kind == "drive" and not isinstance(action.args[0], str):
            space = (state["car"] + action.args[0]) % data.ROAD_LEN
            if state["road"][space] == data.ZORRO and data.ZORRO not in state["face_down"]:
                return action
    return None


async def test_a_whole_game_of_santiago_at_the_table(env):
    svc = await env.service(private_renderer=env.renderer)
    # A slow table (three hours between moves): nobody is at the table, so each turn calls.
    table = Table(env, svc, "santiago", closed_dms=(DEE,), prefer=visit_el_zorro, pace=3 * 3600.0)
    asked = FakeInteraction(table.client, BO)  # Bo wants a DM when his turn begins
    await invoke("tradewinds notify", asked, turn="both")
    assert asked.ephemeral_texts()[0].startswith(t("notify_done", way=t("notify_way_both")))
    await table.open()
    played = await table.play_out()
    # No message offers more than a dozen plays (the casino's many uses narrow first).
    assert max(plays_per_message(played)) <= MESSAGE_CAPACITY and played.ways["menu"] == 0
    client = played.client
    assert "Final scores: " in played.result_text and "win" in played.result_text
    assert played.ways["typed"] == 0, played.kinds.get("typed")
    # El Zorro's victims chose what to give privately (DM, or My turn for Dee), never on the board.
    zorro_states = [s for s, _ in played.states if s["step"] == "zorro"]
    assert zorro_states
    assert played.kinds["my_turn"]["give"] > 0 and played.kinds.get("board", {}).get("give", 0) == 0
    assert all(SANTIAGO.private_choices(s, SANTIAGO.to_act(s)[0]) for s in zorro_states)
    # The car's distances are offered with their cost, in the panel; nobody gets a DM.
    drive_labels = {
        item.item.label
        for what, _user, _text, kw in client.journal
        if what in ("ephemeral", "edit_private")
        for item, cid in components(kw.get("view"))
        if isinstance(item, ChoiceButton) and parse_custom_id(cid).action.startswith("drive")
    }
    # … and the Cuban each reaches, with what he gives
    assert {"Drive 1 ", "Drive 2 "} <= {label[:8] for label in drive_labels if label}
    assert any(label and label.endswith(" · free") and " → " in label for label in drive_labels)
    assert any(label and label.endswith(" · 1 peso") for label in drive_labels)
    assert played.kinds["my_turn"]["drive"] > 0 and played.ways["dm"] == 0
    # No DMs but Bo's, who asked: one as each of his turns begins, saying whose game it is.
    assert all(client.get_user(user).dms == [] for user in USERS if user != BO)
    counted = figures(played, SANTIAGO)
    assert_manners(counted, turn_dms=(BO,))
    bo_dms = client.get_user(BO).dms
    # One as each of his turns begins, but for a turn that begins with his own move: he is at
    # the table then, named without a call (bot/service/attending.py).
    states = [state for state, _ in played.states] + [played.final]
    own = sum(
        1
        for move, mover in enumerate(played.movers)
        if mover == "p1" and "p1" in turns.change(SANTIAGO, states[move], states[move + 1]).starting
    )
    assert len(bo_dms) == counted["turns"][BO] - own and len(bo_dms) > 10
    assert all(
        text.startswith(f"It is your turn in Santiago de Cuba in <#{CHANNEL}>: ") for text, _ in bo_dms
    )
    assert all(kw.get("view") is None for _, kw in bo_dms)  # his choices stay in the channel
    public_is_clean(played, SANTIAGO)
    assert turn_pictures_are_public(env, played, SANTIAGO) > 50  # the turn pictures: public views only


async def test_a_screen_is_shown_only_to_its_owner(env):
    svc = await env.service(private_renderer=env.renderer)
    table = Table(env, svc, "santiago", closed_dms=(DEE,))
    await table.open()
    for _ in range(30):
        await table.move(SANTIAGO.to_act(table.table().state)[0])
    state = table.table().state
    screen = SANTIAGO.private_summary(state, "p3")
    assert screen and "Pesos: " in screen
    hand = find(last_view(table.client.public()), "h")
    assert hand is not None and hand[0].item.label == "My screen"
    pressed = await use(table.client, *hand, DEE, CHANNEL)
    [(text, kwargs)] = pressed.answers()
    assert kwargs["ephemeral"] is True and screen in text and "file" in kwargs  # her screen picture
    assert not any(screen in (content or "") for content, _ in table.client.public())
    others = [SANTIAGO.private_summary(state, s) for s in ("p0", "p1", "p2")]
    assert not any(other in text for other in others if other != screen)
