"""The heuristic computer player plays legal games to the end and beats random play."""

from engine.ai import player
from engine.cuba import RULES


def play_mixed(seed: int) -> dict[str, int]:
    """p0 and p2 heuristic, p1 and p3 random."""
    seats = ["p0", "p1", "p2", "p3"]
    state = RULES.new(seats, seed)
    bots = {
        s: player("cuba", "heuristic" if i % 2 == 0 else "random", seed * 7 + i) for i, s in enumerate(seats)
    }
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        action = bots[seat].choose(RULES.view(state, seat), RULES.legal(state, seat))
        state, _ = RULES.apply(state, seat, action)
    return RULES.result(state).scores


def test_heuristic_beats_random():
    heuristic = random_ = 0
    for seed in range(8):
        scores = play_mixed(seed)
        heuristic += scores["p0"] + scores["p2"]
        random_ += scores["p1"] + scores["p3"]
    assert heuristic > random_ * 1.2
