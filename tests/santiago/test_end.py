"""End scoring: VP plus 1 VP per 3 goods; ties by goods left, then pesos; then shared."""

from engine.santiago import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.santiago.helpers import act, clear_goods, give, set_money, started


def last_round(holdings: dict[str, dict]) -> dict:
    """Set the holdings, then the 7th ship sails after an unfilled delivery round."""
    state = started(3)
    for seat, h in holdings.items():
        clear_goods(state, seat)
        give(state, seat, **h.get("goods", {}))
        set_money(state, seat, pesos=h["pesos"], vp=h["vp"])
    state["ship"]["number"] = 7
    state["ship"]["value"] = 2
    state["car"] = 9
    state, _ = act(state, "p0", "drive 1")
    while state["step"] == "deliver":
        state, _ = act(state, RULES.to_act(state)[0], "pass")
    return state


def test_final_score_adds_one_vp_per_three_goods_wood_included():
    state = last_round(
        {
            "p0": {"pesos": 9, "vp": 20, "goods": {"wood": 3, "rum": 2, "cigar": 3}},  # 8 goods: +2
            "p1": {"pesos": 0, "vp": 21, "goods": {"sugar": 2}},  # +0
            "p2": {"pesos": 0, "vp": 5, "goods": {}},
        }
    )
    result = RULES.result(state)
    assert result.scores == {"p0": 22, "p1": 21, "p2": 5}
    # the 2 start VP are tracked; the rest, set by hand, belongs to no category ("play")
    assert result.breakdown["p0"] == {
        "start": 2,
        "deliveries": 0,
        "cubans": 0,
        "buildings": 0,
        "casino": 0,
        "owners": 0,
        "play": 18,
        "goods": 2,
    }
    assert result.ranking == ["p0", "p1", "p2"] and result.winners == ["p0"]


def test_ties_go_to_most_goods_then_most_pesos_then_are_shared():
    state = last_round(
        {
            "p0": {"pesos": 5, "vp": 10, "goods": {"sugar": 2}},
            "p1": {"pesos": 1, "vp": 10, "goods": {"sugar": 1, "rum": 1}},
            "p2": {"pesos": 0, "vp": 10, "goods": {"citrus": 2}},
        }
    )
    result = RULES.result(state)
    assert set(result.scores.values()) == {10}
    assert result.ranking == ["p0", "p1", "p2"] and result.places == {"p0": 1, "p1": 2, "p2": 3}
    state = last_round(
        {
            "p0": {"pesos": 1, "vp": 10, "goods": {"sugar": 1}},
            "p1": {"pesos": 1, "vp": 10, "goods": {"rum": 1}},
            "p2": {"pesos": 9, "vp": 10, "goods": {}},
        }
    )
    result = RULES.result(state)
    assert result.places == {"p0": 1, "p1": 1, "p2": 3} and result.winners == ["p0", "p1"]


def test_everything_is_revealed_when_the_game_ends():
    state = last_round({"p1": {"pesos": 4, "vp": 7, "goods": {"cigar": 1}}})
    public = RULES.view(state, None)
    assert public["players"]["p1"]["pesos"] == 4 and public["players"]["p1"]["goods"]["cigar"] == 1
    assert public["result"]["scores"]["p1"] == 7 and public["result"]["ranking"][0] in state["seats"]
    assert RULES.legal(state, "p0") == []
    assert assert_illegal_changes_nothing(RULES, state, "p0", "drive 1") == "The game is over."
