"""Golden legal-action counts for fixed seeds: any change of behaviour shows up here.

If a rule is changed on purpose, regenerate the numbers with the ``trace`` function below and
say so in the commit message.
"""

import pytest

from engine.ai import player
from engine.cuba import RULES


def trace(players: int, seed: int, **options) -> tuple[list[int], dict[str, int]]:
    """Legal-action counts at every step of one random game, and its final scores."""
    state = RULES.new([f"p{i}" for i in range(players)], seed, **options)
    bots = {s: player("cuba", "random", seed * 31 + i) for i, s in enumerate(state["seats"])}
    counts = []
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal(state, seat)
        counts.append(len(legal))
        state, _ = RULES.apply(state, seat, bots[seat].choose({}, legal))
    return counts, RULES.result(state).scores


GOLDEN = [
    (
        (2, 1, {}),
        162,
        1097,
        [
            6,
            6,
            6,
            3,
            6,
            6,
            6,
            3,
            5,
            13,
            5,
            14,
            4,
            12,
            5,
            4,
            4,
            2,
            3,
            11,
            3,
            12,
            2,
            78,
            2,
            12,
            4,
            3,
            11,
            11,
            6,
            2,
            2,
            2,
            5,
            5,
            31,
            4,
            1,
            4,
        ],
        {"p0": 35, "p1": 41},
    ),
    (
        (3, 2, {}),
        262,
        2141,
        [
            6,
            6,
            3,
            3,
            6,
            6,
            6,
            3,
            6,
            6,
            6,
            3,
            5,
            2,
            5,
            2,
            5,
            1,
            4,
            12,
            4,
            3,
            2,
            4,
            1,
            4,
            12,
            4,
            3,
            2,
            2,
            3,
            122,
            3,
            7,
            3,
            19,
            2,
            15,
            9,
        ],
        {"p0": 36, "p1": 42, "p2": 38},
    ),
    (
        (4, 3, {}),
        337,
        2583,
        [
            6,
            6,
            6,
            3,
            6,
            6,
            6,
            3,
            6,
            6,
            3,
            3,
            6,
            6,
            6,
            3,
            5,
            13,
            5,
            2,
            5,
            12,
            5,
            12,
            4,
            4,
            7,
            4,
            11,
            8,
            3,
            8,
            8,
            8,
            5,
            6,
            8,
            3,
            6,
            3,
        ],
        {"p0": 34, "p1": 33, "p2": 26, "p3": 40},
    ),
    (
        (5, 4, {"secret_parliament_card": True, "individual_plantations": True}),
        390,
        2374,
        [
            6,
            6,
            3,
            3,
            6,
            6,
            3,
            3,
            6,
            6,
            3,
            3,
            6,
            6,
            3,
            3,
            6,
            6,
            3,
            3,
            5,
            5,
            5,
            5,
            5,
            4,
            5,
            4,
            1,
            4,
            5,
            4,
            2,
            4,
            13,
            7,
            7,
            7,
            3,
            8,
        ],
        {"p0": 37, "p1": 32, "p2": 36, "p3": 32, "p4": 36},
    ),
]


@pytest.mark.parametrize("setup,steps,total,first,scores", GOLDEN)
def test_golden_legal_counts(setup, steps, total, first, scores):
    players, seed, options = setup
    counts, final = trace(players, seed, **options)
    assert counts[:40] == first
    assert (len(counts), sum(counts)) == (steps, total)
    assert final == scores


def test_first_legal_actions_of_a_fixed_game():
    state = RULES.new(["p0", "p1", "p2"], 2)
    seat = RULES.to_act(state)[0]
    assert [str(a) for a in RULES.legal(state, seat)] == [
        "pick wood",
        "pick stone",
        "pick water",
        "pick citrus",
        "pick sugar",
        "pick tobacco",
    ]
