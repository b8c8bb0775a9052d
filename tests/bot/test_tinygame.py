"""The tiny test game keeps the engine contract (so service tests built on it mean something)."""

from __future__ import annotations

import pytest

from engine import GAMES
from engine.core import IllegalAction, Rules
from tests.bot.tinygame import RULES
from tests.contract import assert_illegal_changes_nothing, play


def test_registered_and_implements_the_contract():
    assert GAMES["tiny"] is RULES and isinstance(RULES, Rules)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_a_ranking(players):
    for seed in range(5):
        state, result, actions = play(RULES, players, seed, options={"rounds": 3})
        assert actions >= players * 3 * 2
        assert result.scores == state["points"]


def test_bids_are_secret_and_revealed_together():
    state = RULES.new(["p0", "p1"], 3)
    assert RULES.to_act(state) == ["p0", "p1"] and RULES.private_choices(state, "p0")
    state, events = RULES.apply(state, "p1", RULES.parse(state, "p1", "bid 4"))
    assert [e.kind for e in events] == ["bid", "bid_made"] and events[0].visible_to == ("p1",)
    assert RULES.view(state, None)["bid_made"] == {"p0": False, "p1": True}
    assert "coins" not in RULES.view(state, None) and RULES.view(state, "p1")["coins"] == 5
    state, events = RULES.apply(state, "p0", RULES.parse(state, "p0", "bid 4"))
    reveal = events[-1]
    assert reveal.kind == "reveal" and reveal.reveals_hidden and reveal.seat == "p0"  # tie: earliest seat
    assert state["points"] == {"p0": 3, "p1": 0} and state["coins"] == {"p0": 1, "p1": 5}
    assert RULES.to_act(state) == ["p0"]


def test_refusals_are_sentences():
    state = RULES.new(["p0", "p1"], 3)
    assert assert_illegal_changes_nothing(RULES, state, "p0", "bid 6") == "You can bid 0 to 5 coins."
    assert assert_illegal_changes_nothing(RULES, state, "p0", "take 1") == (
        "Everyone bids in secret now: type bid and an amount."
    )
    state, _ = RULES.apply(state, "p0", RULES.parse(state, "p0", "bid 0"))
    assert (
        assert_illegal_changes_nothing(RULES, state, "p0", "bid 1") == "It is not your turn to act right now."
    )
    state, _ = RULES.apply(state, "p1", RULES.parse(state, "p1", "bid 0"))
    state, _ = RULES.apply(state, "p0", RULES.parse(state, "p0", "take 2"))
    assert (
        assert_illegal_changes_nothing(RULES, state, "p0", "take 1")
        == "You have already taken points this turn."
    )
    assert assert_illegal_changes_nothing(RULES, state, "p0", "dance") == (
        "On your move you can take points, draw a card or say done."
    )
    with pytest.raises(IllegalAction, match="1 to 5 rounds"):
        RULES.new(["p0", "p1"], 1, rounds=0)
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        RULES.new(["p0"], 1)
