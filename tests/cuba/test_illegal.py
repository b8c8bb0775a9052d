"""Bad input is refused with a sentence and changes nothing, at every step of real games."""

import pytest

from engine.ai import player
from engine.core import IllegalAction
from engine.cuba import RULES
from tests.contract import assert_illegal_changes_nothing

JUNK = [
    "dance",
    "play",
    "play king",
    "worker 9 9",
    "worker a b",
    "field 5",
    "field 0 0",
    "field x y",
    "field 1 0\u200b",  # a zero-width space after the number (found by bench/fuzz.py)
    "buy",
    "buy wood",
    "buy 5",
    "sell gold",
    "take",
    "take vp vp",
    "build",
    "build castle at 1 1",
    "build inn at 0 0",
    "build inn at x y",
    "use",
    "use 9 9",
    "use 0 0 7",
    "use a b",
    "ship",
    "ship x citrus",
    "ship 4 citrus",
    "ship 1 gold",
    "bid -1",
    "bid 999",
    "bid x",
    "enact",
    "enact v vi",
    "enact i i",
    "veto v",
    "pay",
    "pay tax tax",
    "pay duty gold",
    "skip",
    "pick rum",
    "parliament king",
]


def legal_kinds(legal: set[str]) -> set[str]:
    """The verbs of the legal moves (``worker``, ``bid``, …): the kind of step a seat is in."""
    return {text.split()[0] for text in legal}


@pytest.mark.slow
def test_junk_is_refused_at_every_step():
    for seed, players in ((1, 3), (2, 5)):
        state = RULES.new([f"p{i}" for i in range(players)], seed, secret_parliament_card=seed == 2)
        bots = {s: player("cuba", "random", i) for i, s in enumerate(state["seats"])}
        steps = 0
        seen: set[tuple[object, ...]] = set()
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            legal = {str(a) for a in RULES.legal(state, seat)}
            # every kind of step once, then every third move (the junk is the same each time)
            kind = (state["phase"], tuple(sorted(legal_kinds(legal))))
            if kind not in seen or steps % 3 == 0:
                seen.add(kind)
                before = RULES.dump(state)
                for text in JUNK:
                    if text not in legal:
                        assert_illegal_changes_nothing(RULES, state, seat, text, before)
            others = [s for s in state["seats"] if s not in RULES.to_act(state)]
            if others:
                assert_illegal_changes_nothing(RULES, state, others[0], str(RULES.legal(state, seat)[0]))
            state, _ = RULES.apply(state, seat, bots[seat].choose({}, RULES.legal(state, seat)))
            steps += 1
        assert steps > 100


def test_nothing_after_the_game_is_over():
    from tests.contract import play

    state, _, _ = play(RULES, 2, 3, full_checks=False)
    try:
        RULES.apply(
            state,
            "p0",
            RULES.legal(RULES.new(["p0", "p1"], 3), RULES.to_act(RULES.new(["p0", "p1"], 3))[0])[0],
        )
    except IllegalAction as err:
        assert str(err) == "The game is over."
    else:
        raise AssertionError("an action was accepted after the end")
