"""Random games: every game ends; pieces are conserved; the contract holds after every action."""

import json

import pytest

from engine.core import Action
from engine.cuba import RULES
from engine.cuba.data import CHARACTERS
from tests.contract import long_run, play
from tests.cuba.helpers import check_conservation

OPTION_SETS = [
    {},
    {"individual_plantations": True, "secret_parliament_card": True},
    {"veto_timing": "parliament", "tax_duty_bonus": False},
]


def check_secrets(state: dict) -> None:
    """Pieces are conserved, and no bid or face-down card leaks before its reveal."""
    check_conservation(state)
    hidden_bids = state["step"] == "bid" and not state["bids_revealed"]
    hidden_cards = state["options"]["secret_parliament_card"] and state["phase"] == "actions"
    for viewer in [None, *state["seats"]]:
        view = RULES.view(state, viewer)
        for seat, pv in view["players"].items():
            own = seat == viewer
            if hidden_bids and state["players"][seat]["bid"] is not None:
                assert pv["bid"] == (state["players"][seat]["bid"] if own else "hidden")
            if state["step"] == "tie_bid" and state["players"][seat]["bid2"] is not None:
                assert pv["second_bid"] == (state["players"][seat]["bid2"] if own else "hidden")
            if hidden_cards and state["players"][seat]["card"] is not None:
                assert pv["parliament_card"] == (state["players"][seat]["card"] if own else "hidden")
                if not own:  # the hand must not give the face-down card away
                    assert sorted(pv["hand"]) == sorted(set(CHARACTERS) - set(pv["played"]))


CHUNK = long_run(80) // 4


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_many_random_games_conserve_pieces(chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = 2 + seed % 4
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        state, result, actions = play(
            RULES, players, seed, options=options, check=check_conservation, full_checks=False
        )
        assert RULES.result(state) is not None and state["round"] == 6
        assert max(result.scores.values()) > 0
        dumped = RULES.dump(state)
        assert RULES.dump(RULES.load(json.loads(json.dumps(dumped)))) == dumped


@pytest.mark.parametrize("seed", range(40))
def test_random_games_full_contract_checks(seed):
    players = 2 + seed % 4
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    state, result, _ = play(
        RULES, players, 10_000 + seed, options=options, check=check_secrets, full_checks=True
    )
    dumped = RULES.dump(state)
    assert RULES.dump(RULES.load(dumped)) == dumped


def test_every_legal_text_round_trips_through_str_and_parse():
    state = RULES.new(["p0", "p1", "p2", "p3"], 5)
    from engine.ai import player

    bots = {s: player("cuba", "random", i) for i, s in enumerate(state["seats"])}
    seen: set[str] = set()
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal(state, seat)
        for action in legal:
            assert isinstance(action, Action)
            assert RULES.parse(state, seat, str(action)) == action
            label = RULES.label(state, seat, action)
            assert 0 < len(label) <= 80
            seen.add(action.kind)
        assert RULES.prompt(state, seat)
        state, events = RULES.apply(state, seat, bots[seat].choose({}, legal))
        for event in events:
            line = RULES.describe(event, {s: s.upper() for s in state["seats"]})
            assert line and "{" not in line
    assert {"play", "worker", "buy", "sell", "bid", "enact", "pay", "skip"} <= seen
