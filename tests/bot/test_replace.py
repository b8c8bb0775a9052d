"""Handing a seat to a computer player by vote (/game replace), by the host after the clock, and
taking it back (/game rejoin): the service on a real SQLite file, with a fake clock."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image, ImageChops

from bot.adapter.components import ChoiceButton
from bot.service.outcome import CUSTOM_ID_RE, Outcome, parse_custom_id
from bot.texts import t
from engine import GAMES
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE, seated
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke, view_custom_ids

pytestmark = pytest.mark.both_backends  # the service over SQLite and over PostgreSQL

OUTSIDER = 99


async def run_timers(env, svc) -> list[Outcome]:
    outcomes = await svc.run_due_timers()
    for outcome in outcomes:
        await env.deliver(svc, outcome, interaction=None)
    return outcomes


async def seat_of(svc, name: str):
    pk = (await svc.store.open_game(CHANNEL)).id
    return next(s for s in await svc.store.seats(pk) if s.name == name)


# ---------------------------------------------------------------------- the vote


async def test_a_majority_of_the_other_players_hands_the_seat_to_a_computer(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY, DEE])
    first = await svc.replace_player(CHANNEL, ANA, CY)
    assert first.ok and first.ephemeral == t("replace_voted", name="Cy")
    (notice,) = first.public
    # Three other humans (Ana, Bo, Dee): two votes are a majority.
    assert notice.text == t("replace_vote", voter="Ana", name="Cy", count=1, needed=2)
    assert sorted(notice.mentions) == [BO, DEE]
    (button,) = notice.choices
    assert parse_custom_id(button.custom_id).verb == "v" and parse_custom_id(button.custom_id).action == "p2"
    assert not (await seat_of(svc, "Cy")).is_bot

    again = await svc.replace_player(CHANNEL, ANA, CY)
    assert not again.ok and again.ephemeral == t("replace_already_voted", name="Cy", count=1, needed=2)

    second = await svc.replace_player(CHANNEL, DEE, CY)
    assert second.ok
    assert second.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Dee")
    cy = await seat_of(svc, "Cy")
    assert cy.is_bot and cy.user_id is None and cy.seat == "p2"
    assert (await svc.act(CHANNEL, CY, "bid 1")).ephemeral == t("not_seated")

    # The computer moves on its timer, keeping Cy's seat and name.
    env.clock.advance(2)
    (moved,) = await run_timers(env, svc)
    assert "Cy has placed a bid." in moved.public[0].text
    game = await svc.store.open_game(CHANNEL)
    state = (await svc.tables.load(game)).state
    assert state["bids"]["p2"] is not None and state["bids"]["p0"] is None


async def test_the_vote_button_counts_like_the_command(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY])
    notice = (await svc.replace_player(CHANNEL, ANA, CY)).public[0]
    assert notice.text == t("replace_vote", voter="Ana", name="Cy", count=1, needed=2)
    button = notice.choices[0].custom_id
    own = await svc.press(button, CY, CHANNEL)
    assert not own.ok and own.ephemeral == t("replace_self")
    pressed = await svc.press(button, BO, CHANNEL)
    assert pressed.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Bo")
    late = await svc.press(button, ANA, CHANNEL)
    assert not late.ok and late.ephemeral == t("replace_already_bot", name="Cy")


async def test_a_vote_announcement_leaves_the_board_buttons_alone(env):
    svc = await env.service()
    await env.deliver(svc, await seated(env, svc, [ANA, BO, CY]))
    board_id, board = env.gateway.public[-1]
    assert board.choices
    await env.deliver(svc, await svc.replace_player(CHANNEL, ANA, CY))
    assert env.gateway.edits == []  # the board keeps its buttons, the vote its own
    vote_id, vote = env.gateway.public[-1]
    assert vote.choices and vote_id != board_id
    await env.deliver(svc, await svc.act(CHANNEL, ANA, "bid 1"))
    # The move edits the turn message (which holds the buttons) and the board picture, never the vote.
    edited = [message_id for _, message_id, _ in env.gateway.edits]
    assert board_id in edited and vote_id not in edited


async def test_two_people_one_vote_needs_the_clock_or_a_long_wait(env):
    """At a table of two people one vote is the only other's: it hands the seat over only once
    the seat kept the table waiting ``TWO_PERSON_ABSENCE_SECONDS`` (or its clock ran out), and
    not again at once after the player rejoined."""
    svc = await env.service(two_person_absence_s=3 * 3600)
    await seated(env, svc, [ANA, BO])  # secret bids: both to act
    waiting = t("replace_two_person", name="Ana", hours="3")
    refused = await svc.replace_player(CHANNEL, BO, ANA)
    assert not refused.ok and refused.ephemeral == waiting and refused.public == []
    assert (await svc.act(CHANNEL, BO, "bid 1")).ok  # Bo bids; the table waits for Ana
    env.clock.advance(3 * 3600 - 1)
    assert (await svc.replace_player(CHANNEL, BO, ANA)).ephemeral == waiting
    assert not (await seat_of(svc, "Ana")).is_bot
    env.clock.advance(1)
    out = await svc.replace_player(CHANNEL, BO, ANA)
    assert out.public[0].text == t("replaced_by_vote", name="Ana", kind="random", voters="Bo")
    assert (await seat_of(svc, "Ana")).is_bot
    # Ana takes her seat back before the computer bid for her: her wait starts anew.
    assert (await svc.rejoin(CHANNEL, ANA)).ok
    again = await svc.replace_player(CHANNEL, BO, ANA)
    assert not again.ok and again.ephemeral == waiting and not (await seat_of(svc, "Ana")).is_bot
    # Bo cannot hand Ana's seat over by the vote button either.
    pk = (await svc.store.open_game(CHANNEL)).id
    row = await svc.store.game(pk)
    pressed = await svc.press(f"tw:v:{pk}:{row.version}:p0", BO, CHANNEL)
    assert not pressed.ok and pressed.ephemeral == waiting


async def test_two_people_a_clock_run_out_lets_the_other_hand_the_seat_over(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    await svc.store.set_timed_out(pk, "p0", True)  # what the clock timer marks when it runs out
    out = await svc.replace_player(CHANNEL, BO, ANA)
    assert out.ok and out.public[0].text == t("replaced_by_vote", name="Ana", kind="random", voters="Bo")
    assert (await seat_of(svc, "Ana")).is_bot


async def test_a_vote_lapses_when_the_player_acts(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY, DEE])
    await svc.replace_player(CHANNEL, ANA, CY)
    assert (await svc.act(CHANNEL, CY, "bid 2")).ok
    after = await svc.replace_player(CHANNEL, BO, CY)
    assert after.public[0].text == t("replace_vote", voter="Bo", name="Cy", count=1, needed=2)
    # Ana's old vote no longer counts, but she may vote again.
    again = await svc.replace_player(CHANNEL, ANA, CY)
    assert again.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Bo")


async def test_other_players_moves_leave_a_vote_standing(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY, DEE])
    await svc.replace_player(CHANNEL, ANA, CY)
    for user in (ANA, BO, DEE):
        assert (await svc.act(CHANNEL, user, "bid 0")).ok
    out = await svc.replace_player(CHANNEL, DEE, CY)
    assert out.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Dee")


async def test_the_vote_of_a_player_who_left_no_longer_counts(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY, DEE])
    await svc.replace_player(CHANNEL, BO, CY)
    await svc.leave(CHANNEL, BO)
    # Ana and Dee are left to vote: two of two are needed, and Bo's vote is gone.
    out = await svc.replace_player(CHANNEL, ANA, CY)
    assert out.public[0].text == t("replace_vote", voter="Ana", name="Cy", count=1, needed=2)


async def test_votes_survive_a_restart(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY, DEE])
    await svc.replace_player(CHANNEL, ANA, CY)
    await env.close()
    restarted = await env.service()
    out = await restarted.replace_player(CHANNEL, BO, CY)
    assert out.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Bo")
    assert (await seat_of(restarted, "Cy")).is_bot


async def test_two_processes_voting_at_once_reach_the_majority(env):
    one, two = await env.service(), await env.service()
    await seated(env, one, [ANA, BO, CY, DEE])
    outcomes = await asyncio.gather(
        one.replace_player(CHANNEL, ANA, CY), two.replace_player(CHANNEL, DEE, CY)
    )
    texts = sorted(o.public[0].text for o in outcomes)
    assert (
        sum(text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Dee") for text in texts)
        == 1
    )
    assert (await seat_of(one, "Cy")).is_bot


# ---------------------------------------------------------------------- the host after the clock


async def test_the_host_replaces_at_once_only_after_the_clock(env):
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO, CY, DEE])
    for user in (ANA, BO, DEE):
        assert (await svc.act(CHANNEL, user, "bid 1")).ok
    early = await svc.replace_player(CHANNEL, ANA, CY)
    assert early.public[0].text == t("replace_vote", voter="Ana", name="Cy", count=1, needed=2)
    assert not (await seat_of(svc, "Cy")).is_bot
    env.clock.advance(600)
    await run_timers(env, svc)
    assert (await seat_of(svc, "Cy")).timed_out
    # Another player's call after the clock is still one vote…
    other = await svc.replace_player(CHANNEL, BO, CY)
    assert other.public[0].text == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Bo")


async def test_the_host_alone_replaces_a_timed_out_seat(env):
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO, CY, DEE])
    for user in (ANA, BO, DEE):
        await svc.act(CHANNEL, user, "bid 1")
    env.clock.advance(600)
    await run_timers(env, svc)
    # …a non-host's call is one vote, the host's call replaces at once.
    bo = await svc.replace_player(CHANNEL, BO, CY)
    assert bo.public[0].text == t("replace_vote", voter="Bo", name="Cy", count=1, needed=2)
    host = await svc.replace_player(CHANNEL, ANA, CY)
    assert host.public[0].text == t("replaced_by_host", name="Cy", host="Ana", kind="random")
    cy = await seat_of(svc, "Cy")
    assert cy.is_bot and not cy.timed_out
    env.clock.advance(2)
    (moved,) = await run_timers(env, svc)
    assert "Bids revealed" in moved.public[0].text
    # The stored votes went with the seat.
    assert (await svc.store.fetch("SELECT COUNT(*) FROM replace_votes"))[0][0] == 0


# ---------------------------------------------------------------------- refusals


async def test_refusals_are_sentences_and_change_nothing(env):
    svc = await env.service()
    assert (await svc.replace_player(CHANNEL, ANA, BO)).ephemeral == t("no_game")
    assert (await svc.rejoin(CHANNEL, ANA)).ephemeral == t("no_game")
    await seated(env, svc, [ANA, BO, CY], start=False)
    assert (await svc.replace_player(CHANNEL, ANA, BO)).ephemeral == t("not_started")
    assert (await svc.rejoin(CHANNEL, BO)).ephemeral == t("not_started")
    await svc.start(CHANNEL, ANA)
    cases = {
        (OUTSIDER, BO): t("not_seated"),
        (ANA, ANA): t("replace_self"),
        (ANA, OUTSIDER): t("replace_unknown", mention=f"<@{OUTSIDER}>"),
    }
    for (caller, target), sentence in cases.items():
        out = await svc.replace_player(CHANNEL, caller, target)
        assert not out.ok and out.ephemeral == sentence and not out.public
    assert (await svc.store.fetch("SELECT COUNT(*) FROM replace_votes"))[0][0] == 0
    assert (await svc.rejoin(CHANNEL, ANA)).ephemeral == t("rejoin_already_playing")
    assert (await svc.rejoin(CHANNEL, OUTSIDER)).ephemeral == t("rejoin_no_seat")
    await svc.replace_player(CHANNEL, ANA, CY)
    await svc.replace_player(CHANNEL, BO, CY)
    assert (await svc.replace_player(CHANNEL, ANA, CY)).ephemeral == t("replace_already_bot", name="Cy")
    assert (await svc.replace_player(CHANNEL, CY, ANA)).ephemeral == t("not_seated")
    # Somebody else cannot take Cy's seat.
    assert (await svc.rejoin(CHANNEL, OUTSIDER)).ephemeral == t("rejoin_no_seat")


async def test_a_finished_game_refuses(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO], options={"rounds": 1})
    await svc.act(CHANNEL, ANA, "bid 0")
    await svc.act(CHANNEL, BO, "bid 0")
    await svc.act(CHANNEL, ANA, "done")
    await svc.act(CHANNEL, BO, "done")
    assert (await svc.store.latest_game(CHANNEL)).status == "finished"
    assert (await svc.replace_player(CHANNEL, ANA, BO)).ephemeral == t("no_game")


# ---------------------------------------------------------------------- rejoin and DMs


async def test_rejoin_gives_the_seat_back_with_the_private_view(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY])
    await svc.replace_player(CHANNEL, ANA, CY)
    await env.deliver(svc, await svc.replace_player(CHANNEL, BO, CY))
    back = await svc.rejoin(CHANNEL, CY)
    assert back.ok
    assert back.public[0].text.splitlines()[1] == t("rejoined", name="Cy")
    # Cy must bid in secret: his answer holds his private view and his bid's buttons — he is
    # there, so nobody is mentioned and no DM goes out for it.
    assert back.public[0].mentions == [] and back.private == []
    assert back.ephemeral.startswith(t("rejoined_you") + "\n" + t("hand_header", title="Tiny Test Game"))
    assert "5 coins" in back.ephemeral and back.ephemeral_choices
    cy = await seat_of(svc, "Cy")
    assert not cy.is_bot and cy.user_id == CY
    # The seat is his again: he bids, and no computer move is left to run for it.
    assert (await svc.act(CHANNEL, CY, "bid 1")).ok
    env.clock.advance(2)
    assert await run_timers(env, svc) == []


async def test_after_rejoin_the_player_is_reminded_and_on_the_clock_again(env):
    svc = await env.service(turn_clock_s=600)
    await seated(env, svc, [ANA, BO, CY])
    for user in (ANA, BO):
        await svc.act(CHANNEL, user, "bid 1")
    await svc.replace_player(CHANNEL, ANA, CY)
    await svc.replace_player(CHANNEL, BO, CY)
    env.clock.advance(1)  # back before the computer's move is due
    assert (await svc.rejoin(CHANNEL, CY)).ok
    env.clock.advance(1)
    assert await run_timers(env, svc) == []  # the computer's timer finds no computer seat to act
    env.clock.advance(598)  # his clock from before the handover is gone…
    assert await run_timers(env, svc) == []
    env.clock.advance(1)  # …he has a fresh one from his return
    (expired,) = await run_timers(env, svc)
    assert expired.public[0].text.startswith("Cy's clock has run out.")
    env.clock.advance(3000)
    (reminder,) = await run_timers(env, svc)
    assert reminder.public[0].mentions == [CY]


async def test_rejoin_after_leaving(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO])
    await svc.leave(CHANNEL, BO)
    assert (await svc.rejoin(CHANNEL, ANA)).ephemeral == t("rejoin_already_playing")
    assert (await svc.rejoin(CHANNEL, BO)).ok
    assert (await seat_of(svc, "Bo")).user_id == BO


async def test_a_replaced_seat_never_gets_the_players_dms(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY], options={"rounds": 2})
    await svc.replace_player(CHANNEL, ANA, CY)
    await env.deliver(svc, await svc.replace_player(CHANNEL, BO, CY))
    before = len(env.gateway.dms_to(CY))
    outcomes: list[Outcome] = []
    for _ in range(40):
        game = await svc.store.open_game(CHANNEL)
        if game is None:
            break
        table = await svc.tables.load(game)
        to_act = table.rules.to_act(table.state)
        humans = [s.user_id for s in table.seats if s.seat in to_act and not s.is_bot]
        if humans:
            user = humans[0]
            seat = table.seat_of(user).seat
            action = str(table.rules.legal(table.state, seat)[-1])
            outcomes.append(await env.deliver(svc, await svc.act(CHANNEL, user, action)))
        else:
            env.clock.advance(2)
            outcomes += await run_timers(env, svc)
    assert (await svc.store.latest_game(CHANNEL)).status == "finished"
    assert all(dm.user_id != CY for o in outcomes for dm in o.private)
    assert len(env.gateway.dms_to(CY)) == before
    assert any(dm.user_id == ANA for o in outcomes for dm in o.private)  # DMs still go to the humans


# ---------------------------------------------------------------------- the Discord commands


async def test_replace_command_and_vote_button_through_the_adapter(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO, CY])
    ana = FakeInteraction(client, ANA)
    await invoke("game replace", ana, player=client.get_user(CY))
    assert ana.ephemeral_texts() == [t("replace_voted", name="Cy")]
    text, kwargs = client.public()[-1]
    assert text == t("replace_vote", voter="Ana", name="Cy", count=1, needed=2)
    assert [u.id for u in kwargs["allowed_mentions"].users] == [BO]
    [vote_id] = view_custom_ids(kwargs["view"])
    assert parse_custom_id(vote_id).verb == "v"
    button = await ChoiceButton.from_custom_id(None, None, CUSTOM_ID_RE.match(vote_id))
    bo = FakeInteraction(client, BO, component=True)
    await button.callback(bo)
    assert client.public()[-1][0] == t("replaced_by_vote", name="Cy", kind="random", voters="Ana and Bo")
    self_vote = FakeInteraction(client, ANA)
    await invoke("game replace", self_vote, player=client.get_user(ANA))
    assert self_vote.ephemeral_texts() == [t("replace_self")]


async def test_rejoin_command_answers_with_the_private_view_and_a_dm(env):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO])
    pk = (await svc.store.open_game(CHANNEL)).id
    await svc.store.set_timed_out(pk, "p1", True)  # two people: Bo's clock ran out first
    assert (await svc.replace_player(CHANNEL, ANA, BO)).ok
    stranger = FakeInteraction(client, DEE)
    await invoke("game rejoin", stranger)
    assert stranger.ephemeral_texts() == [t("rejoin_no_seat")]
    bo = FakeInteraction(client, BO)
    await invoke("game rejoin", bo)
    [answer] = bo.ephemeral_texts()
    assert answer.startswith(t("rejoined_you") + "\n" + t("hand_header", title="Tiny Test Game"))
    assert t("rejoined", name="Bo") in client.public()[-1][0]
    # Both still bid in secret, as before: nobody is mentioned again; his bid's buttons are in
    # his answer, not in a DM.
    assert client.public()[-1][1]["allowed_mentions"].users == []
    [(_text, kwargs)] = bo.answers()
    assert kwargs["view"] is not None and client.get_user(BO).dms == []


# ---------------------------------------------------------------------- the board marks computer seats


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """The box around the pixels that clearly differ (the PNGs are palette-reduced, so a new
    icon may shift a colour slightly anywhere)."""
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 60 else 0)
    return diff.getbbox()


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_the_board_marks_a_computer_seat_with_a_small_badge(game):
    import render

    rules = GAMES[game]
    seats = ["p0", "p1", "p2"]
    view = dict(rules.view(rules.new(seats, 11), None))
    view["names"] = {"p0": "Ana", "p1": "Bo", "p2": "Cy"}
    pictures = {}
    for bots in ((), ("p1",), ("p2",)):
        png = render.board(game, {**view, "bots": list(bots)})
        pictures[bots] = Image.open(io.BytesIO(png)).convert("RGB")
    plain = pictures[()]
    boxes = {bots: changed_box(plain, img) for bots, img in pictures.items() if bots}
    for bots, box in boxes.items():
        assert box is not None, f"no badge for {bots}"
        width, height = box[2] - box[0], box[3] - box[1]
        assert width * height < plain.width * plain.height // 50, f"{bots}: more than a badge changed"
    assert boxes[("p1",)] != boxes[("p2",)]  # each on its own seat's panel


# ---------------------------------------------------------------------- heuristic players by default


async def test_real_games_get_heuristic_players_by_default(env):
    svc = await env.service()
    await seated(env, svc, [ANA, BO, CY], game="goa", start=False)
    added = await svc.add_bot(CHANNEL, ANA)
    assert "(heuristic)" in added.public[0].text
    await svc.start(CHANNEL, ANA)
    await svc.replace_player(CHANNEL, ANA, CY)
    out = await svc.replace_player(CHANNEL, BO, CY)
    assert out.public[0].text == t("replaced_by_vote", name="Cy", kind="heuristic", voters="Ana and Bo")
    assert [(s.name, s.bot_kind) for s in await svc.store.seats((await svc.store.open_game(CHANNEL)).id)] == [
        ("Ana", None),
        ("Bo", None),
        ("Cy", "heuristic"),
        (t("bot_name", n=1), "heuristic"),
    ]


def test_the_demo_plays_with_heuristic_players_by_default(tmp_path, monkeypatch):
    import engine.ai
    from bot.ops import cli

    kinds: list[str] = []
    real_player = engine.ai.player

    def recording_player(game: str, kind: str, seed: int):
        kinds.append(kind)
        return real_player(game, kind, seed)

    monkeypatch.setattr(engine.ai, "player", recording_player)
    out = tmp_path / "boards"
    assert cli.main(["demo", "--game", "goa", "--players", "2", "--out", str(out), "--max-turns", "1"]) == 0
    assert kinds == ["heuristic", "heuristic"]
