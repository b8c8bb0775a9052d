"""Hostile input through the Discord adapter itself: ``/play`` with random, huge and unicode
texts, and forged, stale and foreign custom_ids pressed on the adapter's own ``ChoiceButton`` and
``ChoiceSelect`` items, by strangers, seated players out of turn and the player to act.

Whatever comes in: the adapter raises nothing, every answer is ephemeral (a stranger only ever gets a
clear sentence; a seated player may have opened their own hand), nothing public or private is sent
for an input that changed nothing, and a refusal changes neither the stored game nor
its cached state (the snapshot of ``bench/fuzz.py``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import fuzz  # noqa: E402  (bench/fuzz.py)

from bot.adapter.answering import press  # noqa: E402
from bot.adapter.components import ChoiceButton, ChoiceSelect  # noqa: E402
from bot.service.outcome import CUSTOM_ID_RE  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402
from tests.bot.conftest import ANA, BO, CHANNEL, DEE, seated  # noqa: E402
from tests.bot.conftest import env as env  # noqa: E402  (the fixture)
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, invoke  # noqa: E402
from tests.doubles.gateway import RecordingGateway  # noqa: E402

INPUTS_PER_GAME = 300
STRANGER = 999


def sent_anything(client: FakeClient) -> int:
    """How many messages the adapter has sent anywhere (channels and DMs)."""
    return sum(len(c.sent) + len(c.edits) for c in client.channels.values()) + sum(
        len(u.dms) for u in client.users.values()
    )


async def hostile_interaction(
    client: FakeClient, rnd: random.Random, fz: fuzz.Fuzzer, pk: int
) -> tuple[FakeInteraction, bool]:
    """One hostile input, handled by the adapter: the fake interaction, and whether it was a seated
    player's vote to replace a seat (which rightly posts a public notice without changing the game)."""
    user = rnd.choice([STRANGER, ANA, BO, DEE])
    channel = rnd.choice([CHANNEL, CHANNEL, CHANNEL + 77])
    version, _ = await fz.store.state(pk)
    legal = [str(a).lower() for a in fz.rules.legal(fz.service.tables.cached[pk].state, "p0")][:20] or [
        "pass"
    ]
    pick = rnd.random()
    interaction = FakeInteraction(client, user, channel_id=channel, component=pick >= 0.4)
    vote = False
    if pick < 0.4:
        text = fuzz.random_text(rnd) if rnd.random() < 0.6 else fuzz.mutate(rnd.choice(legal), rnd)
        await invoke("play", interaction, action=text)
    elif pick < 0.8:
        cid = fuzz.random_custom_id(rnd, [pk], version, legal)
        vote = cid.startswith("tw:v:") and user != STRANGER
        if CUSTOM_ID_RE.match(cid):  # what discord.py routes to our buttons
            await ChoiceButton(cid, "…").callback(interaction)
        else:  # never routed by discord.py; the adapter's press must still cope
            await press(interaction, cid)
    else:
        value = fuzz.random_custom_id(rnd, [pk], version, legal)
        vote = value.startswith("tw:v:") and user != STRANGER
        interaction.data = {"values": [value]}
        await ChoiceSelect(f"tws:{pk}:{version}:0").callback(interaction)
    return interaction, vote


@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
async def test_the_adapter_refuses_hostile_input_clearly_and_changes_nothing(env, game):
    svc = await env.service()
    client = FakeClient(svc)
    await seated(env, svc, [ANA, BO, DEE], game=game)
    pk = (await svc.store.open_game(CHANNEL)).id
    fz = fuzz.Fuzzer(svc, RecordingGateway(), game, random.Random(11))
    rnd = random.Random(f"adapter-{game}")
    refused = accepted = 0
    for _ in range(INPUTS_PER_GAME):
        before = await fz.snapshot(pk)
        sent_before = sent_anything(client)
        interaction, vote = await hostile_interaction(client, rnd, fz, pk)  # raising fails the test
        answers = interaction.ephemeral_texts()  # asserts every answer is ephemeral
        after = await fz.snapshot(pk)
        if after == before:
            refused += 1
            assert answers, "every input gets an answer"
            if not vote:
                assert sent_anything(client) == sent_before, "an input that changed nothing sent a message"
            if interaction.user.id == STRANGER:  # a seated player may open their own hand or turn
                assert all(fuzz.clear_sentence(a) for a in answers), answers
        else:
            accepted += 1
            assert len(after[4]) - len(before[4]) <= 1, "one input played more than one action"
    assert refused >= INPUTS_PER_GAME * 0.8
    # Whatever got through was a legal move of the right player: the game still replays exactly.
    replayed = fz.rules.dump(await svc.replay(pk))
    assert replayed == fz.rules.dump(svc.tables.cached[pk].state)
