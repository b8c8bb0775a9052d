"""The contract as the bot sees it: every game is a whole :class:`engine.core.Game`, starts with
``start`` and answers ``seat_view`` exactly as its separate questions would."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engine import GAMES
from engine.ai import player
from engine.core import Game, GamePresentation, GameRules, Move, Rules, SeatView
from engine.i18n import LANGUAGES

GAME_IDS = ("cuba", "santiago", "goa")
NAMES = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Di"}


@cache
def sample_states(game_id: str) -> tuple[Any, ...]:
    """A few states of one game with three players (random play, fixed seeds): the first, some
    where the seat to act chooses in private and some where it chooses in public, and the end."""
    rules = GAMES[game_id]
    seats = ["p0", "p1", "p2"]
    private: list[Any] = []
    public: list[Any] = []
    final = None
    for seed in (3, 11):
        state, _ = rules.start(seats, seed)
        first = state if seed == 3 else None
        bots = {s: player(game_id, "random", seed * 7 + i) for i, s in enumerate(seats)}
        last = {True: -99, False: -99}
        for step in range(5000):
            to_act = rules.to_act(state)
            if not to_act:
                final = state
                break
            secret = any(rules.private_choices(state, s) for s in to_act)
            kind = private if secret else public
            if len(kind) < 3 and step - last[secret] >= 17:  # spread over the game
                kind.append(state)
                last[secret] = step
            seat = to_act[step % len(to_act)]
            state, _ = rules.apply(
                state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
            )
        if first is not None:
            public.insert(0, first)
    assert final is not None, "a sample game did not end"
    return (*public, *private, final)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_keeps_the_whole_contract(game_id):
    rules = GAMES[game_id]
    assert isinstance(rules, Game) and isinstance(rules, GameRules) and isinstance(rules, GamePresentation)
    assert Rules is Game


@pytest.mark.parametrize("game_id", ["cuba", "goa"])
def test_start_is_new_when_the_setup_logs_nothing(game_id):
    rules = GAMES[game_id]
    state, events = rules.start(["p0", "p1", "p2"], 5)
    assert events == [] and rules.dump(state) == rules.dump(rules.new(["p0", "p1", "p2"], 5))


def test_santiago_starts_with_its_setup_events():
    rules = GAMES["santiago"]
    state, events = rules.start(["p0", "p1", "p2"], 5)
    assert rules.dump(state) == rules.dump(rules.new(["p0", "p1", "p2"], 5))
    assert events and events[-1].random  # the placement, then the first roll


def test_the_samples_hold_private_and_public_choices():
    for game_id in GAME_IDS:
        rules, states = GAMES[game_id], sample_states(game_id)
        flags = {any(rules.private_choices(s, seat) for seat in rules.to_act(s)) for s in states[:-1]}
        assert flags == {True, False}, game_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_seat_view_agrees_with_the_separate_calls(game_id):
    rules = GAMES[game_id]
    for state in sample_states(game_id):
        for seat in ("p0", "p1", "p2"):
            legal = rules.legal(state, seat)
            for lang in ("en", "zh-CN", "nl"):
                seen = rules.seat_view(state, seat, lang, NAMES)
                assert isinstance(seen, SeatView) and (seen.seat, seen.lang) == (seat, lang)
                assert seen.acting == (seat in rules.to_act(state))
                assert seen.moves == tuple(
                    Move(a, rules.label(state, seat, a, lang, NAMES), rules.choice_group(state, seat, a, lang))
                    for a in legal
                )
                assert seen.legal == legal and seen.labels() == {str(m.action): m.label for m in seen.moves}
                assert seen.groups() == {str(m.action): m.group for m in seen.moves if m.group is not None}
                assert seen.prompt == rules.prompt(state, seat, lang)
                assert seen.private_summary == rules.private_summary(state, seat, lang)
                assert seen.private_choices == rules.private_choices(state, seat)
                assert seen.view == rules.view(state, seat)
                if not seen.acting:
                    assert not seen.moves and not seen.prompt and not seen.private_choices


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seat_view_holds_no_other_seats_secret(game_id):
    rules = GAMES[game_id]
    seats = ("p0", "p1", "p2")
    compared = 0
    for state in sample_states(game_id)[:-1]:  # at the end everything is revealed
        for lang in LANGUAGES:
            secrets = {seat: rules.private_summary(state, seat, lang) for seat in seats}
            for seat in seats:
                seen = rules.seat_view(state, seat, lang, NAMES)
                texts = [seen.prompt, seen.private_summary, *(m.label for m in seen.moves)]
                assert seen.view == rules.view(state, seat)
                for other in seats:
                    secret = secrets[other]
                    if other == seat or not secret or secret == secrets[seat]:
                        continue
                    compared += 1
                    assert all(secret not in text for text in texts), (seat, other, lang)
                    assert seen.view != rules.view(state, other)
    assert compared > 0  # the samples hold secrets that differ between seats
