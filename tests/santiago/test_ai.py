"""The heuristic computer player: plays legal moves only and beats random play."""

from engine.ai import player
from engine.santiago import RULES
from tests.contract import play


def test_heuristic_games_end_and_follow_the_contract():
    for seed in range(4):
        state, result, _ = play(RULES, 2 + seed % 3, 900 + seed, kind="heuristic", full_checks=False)
        assert state["step"] == "over" and max(result.scores.values()) > 0


def test_heuristic_beats_random_players():
    wins = 0
    for seed in range(16):
        state = RULES.new(["p0", "p1"], seed)
        bots = {"p0": player("santiago", "heuristic", seed), "p1": player("santiago", "random", seed)}
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            action = bots[seat].choose(RULES.view(state, seat), RULES.legal(state, seat))
            state, _ = RULES.apply(state, seat, action)
        wins += RULES.result(state).ranking[0] == "p0"
    assert wins >= 13
