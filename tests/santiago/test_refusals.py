"""Every refused text gives a sentence and changes nothing, in every step of real games."""

import pytest

from engine.ai import player
from engine.santiago import RULES
from engine.santiago import data as d
from tests.contract import assert_illegal_changes_nothing

WORDS = [*d.GOODS, *d.BUILDINGS, *d.CUBANS, "peso", "vp", "up", "down", "buy", "sell", "x"]
KINDS = [
    "aside",
    "drive",
    "take",
    "give",
    "claim",
    "run",
    "go",
    "use",
    "skip",
    "deliver",
    "wood",
    "pass",
    "fly",
]


def candidate_texts(legal_texts: set[str]) -> list[str]:
    texts = []
    for kind in KINDS:
        texts.append(kind)
        for word in WORDS:
            texts.append(f"{kind} {word}")
        for n in (0, 1, 2, 4, 9, 40):
            texts.append(f"{kind} {n}")
        for good in d.DIE_GOODS:
            texts.append(f"{kind} {good} 5")
            texts.append(f"{kind} {good} 1")
            texts.append(f"{kind} buy 3 {good}")
        texts += [f"{kind} rum rum", f"{kind} sell 99", f"{kind} sugar wood"]
    return [t for t in texts if t not in legal_texts]


@pytest.mark.slow
def test_refusals_in_every_step_are_sentences_and_change_nothing():
    steps = set()
    for seed in range(3):
        seats = [f"p{i}" for i in range(2 + seed)]
        state = RULES.new(seats, 300 + seed)
        bots = {s: player("santiago", "random", seed + i) for i, s in enumerate(seats)}
        n = 0
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal(state, seat)
            if n % 25 == 0 or state["step"] not in steps:
                steps.add(state["step"])
                legal_texts = {str(a) for a in legal}
                before = RULES.dump(state)
                for text in candidate_texts(legal_texts):
                    assert_illegal_changes_nothing(RULES, state, seat, text, before)
                other = next(s for s in seats if s != seat)
                if other not in RULES.to_act(state):
                    assert "not your turn" in assert_illegal_changes_nothing(
                        RULES, state, other, str(legal[0])
                    )
            state, _ = RULES.apply(state, seat, bots[seat].choose({}, legal))
            n += 1
        assert "over" in assert_illegal_changes_nothing(RULES, state, seats[0], "pass")
    assert steps >= {"dice", "drive", "go", "use", "deliver", "zorro", "pablo", "alonso"}
