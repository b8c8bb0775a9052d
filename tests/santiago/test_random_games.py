"""Random games: every game ends after 7 ships; goods are conserved; the contract holds."""

import json
from collections.abc import Callable

import pytest

from engine.ai import player
from engine.santiago import RULES
from engine.santiago import data as d
from tests.contract import long_run, play
from tests.santiago.helpers import check_conservation


def check_invariants(state: dict) -> None:
    check_conservation(state)
    ship = state["ship"]
    assert 1 <= ship["number"] <= d.SHIPS
    if state["step"] not in ("over", "dice"):
        assert 0 <= ship["value"] < d.CHEQUERED
        if state["roll_due"] is None:
            assert any(ship["dice"].values())
            assert len(ship["dice"]) == d.DICE_ON_SHIP and ship["aside"] not in ship["dice"]
        else:  # rulebook 2011, A new ship: the dice are rolled at the end of the sender's turn
            assert ship["dice"] == {} and state["roll_due"] == state["seats"][state["turn"]]
    assert 0 <= state["car"] < d.ROAD_LEN
    assert set(state["face_down"]) <= set(state["road"][1:])


def conservation_and_round_trips() -> Callable[[dict], None]:
    """Conservation after every action; a JSON dump/load round trip after every 20th."""
    count = [0]

    def check(state: dict) -> None:
        check_conservation(state)
        count[0] += 1
        if count[0] % 20 == 0:
            dumped = RULES.dump(state)
            assert RULES.dump(RULES.load(json.loads(json.dumps(dumped)))) == dumped

    return check


CHUNK = long_run(80) // 4


@pytest.mark.parametrize("chunk", range(4))
def test_many_random_games_conserve_goods(chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = 2 + seed % 3
        options = {"open_holdings": seed % 5 == 0, "harbour_master": ("limited", "printed")[seed % 2]}
        state, result, actions = play(
            RULES, players, seed, options=options, check=conservation_and_round_trips(), full_checks=False
        )
        assert state["step"] == "over" and state["ship"]["number"] == d.SHIPS
        for seat in state["seats"]:
            p = state["players"][seat]
            assert result.scores[seat] == p["vp"] + sum(p["goods"].values()) // 3


@pytest.mark.parametrize("seed", range(50))
def test_random_games_full_contract_checks(seed):
    players = 2 + seed % 3
    state, result, _ = play(RULES, players, 20_000 + seed, check=check_invariants, full_checks=True)
    dumped = RULES.dump(state)
    assert RULES.dump(RULES.load(dumped)) == dumped


def test_seven_departures_and_every_event_reads_as_a_sentence():
    names = {f"p{i}": f"Player{i}" for i in range(4)}
    for seed in range(30):
        seats = [f"p{i}" for i in range(2 + seed % 3)]
        state, events = RULES.start(seats, seed)
        bots = {s: player("santiago", "random", seed + i) for i, s in enumerate(seats)}
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal(state, seat)
            assert RULES.prompt(state, seat)
            for action in legal:
                assert 0 < len(RULES.label(state, seat, action)) <= 80
            state, evs = RULES.apply(state, seat, bots[seat].choose(RULES.view(state, seat), legal))
            events += evs
        assert sum(e.kind == "departure" for e in events) == d.SHIPS
        for event in events:
            line = RULES.describe(event, names)
            assert line and "{" not in line and "None" not in line, (event, line)
            assert line[0].isupper() or line[0].isdigit(), line
            if event.kind == "roll":
                assert event.random
