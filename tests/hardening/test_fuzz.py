"""Hostile input through the service layer: the fuzz driver of bench/fuzz.py with a smaller count
per title, and property-based tests (hypothesis) of action texts and custom_ids."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import fuzz  # noqa: E402  (bench/fuzz.py)

from bot.service.outcome import custom_id, parse_custom_id  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(BUILTIN_GAMES))
async def test_hostile_inputs_are_refused_clearly_and_change_nothing(tmp_path, game):
    tally = await fuzz.fuzz_game(str(tmp_path / "fuzz.db"), game, 300, seed=3)
    assert tally.inputs == 300 and tally.games >= 1
    assert tally.errors == []
    assert tally.changed == []
    assert tally.unclear == []
    assert tally.refused >= 250  # nearly all of them must be refusals, not legal moves
    for kind in ("lobby text", "outsider text", "bad text", "wrong channel", "button", "after the end"):
        assert tally.kinds.get(kind, 0) > 0, kind


def test_clear_sentence_rejects_what_a_player_could_not_read():
    assert fuzz.clear_sentence("It is not your turn.")
    assert not fuzz.clear_sentence("")
    assert not fuzz.clear_sentence("Traceback (most recent call last): ...")
    assert not fuzz.clear_sentence("x" * 3000 + ".")


@pytest.mark.slow
@given(st.text(max_size=200))
def test_parse_custom_id_never_fails_and_only_reads_our_form(text):
    parsed = parse_custom_id(text)
    if parsed is not None:
        assert text.startswith("tw:")
        assert custom_id(parsed.verb, parsed.game_pk, parsed.version, parsed.action) == text


class RunningGame:
    """One started game on a SQLite file, kept across hypothesis examples on one event loop."""

    def __init__(self, path: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.fz = self.loop.run_until_complete(self._open(path))

    async def _open(self, path: str) -> fuzz.Fuzzer:
        import random

        from bot.config import Settings
        from bot.service.front import GameService
        from bot.stores.sqlite import Store
        from tests.doubles.gateway import RecordingGateway

        store = await Store.open(path)
        service = GameService(
            store,
            Settings(database_path=path),
            renderer=lambda g, v: b"\x89PNG",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            decision_renderer=lambda g, v, legal, lang: None,
            seed_source=lambda: 5,
        )
        fz = fuzz.Fuzzer(service, RecordingGateway(), "santiago", random.Random(5))
        await service.new_game(fuzz.CHANNEL, None, 1, "P1", "santiago")
        for user in (2, 3):
            await service.join(fuzz.CHANNEL, user, f"P{user}")
        await service.start(fuzz.CHANNEL, 1)
        fz.pk = (await store.open_game(fuzz.CHANNEL)).id
        return fz

    def send(self, kind: str, call_factory, must_refuse: bool = True) -> None:
        call = call_factory(self.fz.service)
        self.loop.run_until_complete(self.fz.send(kind, call, must_refuse=must_refuse))

    def close(self) -> None:
        self.loop.run_until_complete(self.fz.store.close())
        self.loop.close()


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    game = RunningGame(str(tmp_path_factory.mktemp("hyp") / "hyp.db"))
    yield game
    game.close()


unicode_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=3000)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=unicode_text, user=st.sampled_from([2, 3, 99]))
def test_any_text_from_a_seat_out_of_turn_or_a_stranger_is_refused(running, text, user):
    seat_of_actor = running.fz.rules.to_act(running.fz.service.tables.cached[running.fz.pk].state)
    if user != 99 and f"p{user - 1}" in seat_of_actor:
        user = 99
    running.send("text", lambda svc: lambda: svc.act(fuzz.CHANNEL, user, text))
    assert running.fz.tally.errors == [] and running.fz.tally.changed == [] and running.fz.tally.unclear == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    verb=st.sampled_from("ahtnvxz"),
    pk=st.integers(-5, 10**13),
    version=st.integers(-5, 10**8),
    action=st.text(max_size=120),
    user=st.sampled_from([1, 2, 3, 99]),
)
def test_forged_custom_ids_change_nothing(running, verb, pk, version, action, user):
    cid = f"tw:{verb}:{pk}:{version}:{action}"
    fz = running.fz
    state = fz.service.tables.cached[fz.pk].state
    if verb == "a" and pk == fz.pk and f"p{user - 1}" in fz.rules.to_act(state):
        user = 99  # the right seat pressing a real button may legitimately play it
    # A seated player may open their hand, turn panel or a vote on this game's real ids;
    # anything else must be refused, and nothing may change either way (checked by send).
    seated_here = pk == fz.pk and user != 99 and verb in "htnv"
    running.send("custom_id", lambda svc: lambda: svc.press(cid, user, fuzz.CHANNEL), not seated_here)
    assert fz.tally.errors == [] and fz.tally.changed == [] and fz.tally.unclear == []
