"""The heuristic computer player: plays legal moves only and beats random play."""

from engine.ai import player
from engine.santiago import RULES
from tests.contract import play
from tests.santiago.helpers import STANDARD_DISTRICTS, act, put_cuban, set_districts, started


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


def test_heuristic_players_finish_games_with_the_printed_harbour_master():
    """harbour_master=printed lifts the limit on moves down; the heuristic player never stalls
    the ship with it, so its games still end after 7 ships."""
    for seed in range(3):
        state, result, _ = play(
            RULES,
            2 + seed,
            950 + seed,
            kind="heuristic",
            options={"harbour_master": "printed"},
            full_checks=False,
        )
        assert state["step"] == "over" and state["ship"]["number"] == 7 and state["ship"]["downs"] == 0


def test_the_heuristic_player_declines_alonso_only_when_nothing_is_worth_more():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "alonso")
    state, _ = act(state, "p0", "drive 1")
    bot = player("santiago", "heuristic", 1)
    choice = bot.choose(RULES.view(state, "p0"), RULES.legal(state, "p0"))
    assert choice.kind == "claim"  # a free property marker beats declining
    state["players"]["p0"]["markers"] = 0
    state["owners"] = {"church": "p0"}
    choice = bot.choose(RULES.view(state, "p0"), RULES.legal(state, "p0"))
    assert str(choice) == "run church"  # 1 VP beats nothing
