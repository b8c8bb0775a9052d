"""Setup for 2–5 players (rules/cuba.md §1.4–1.5) and the options."""

import pytest

from engine.core import IllegalAction
from engine.cuba import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.cuba.helpers import act, check_conservation, started


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_new_game(players):
    seats = [f"p{i}" for i in range(players)]
    s = RULES.new(seats, 7)
    assert s["step"] == "choose_start" and s["phase"] == "setup"
    assert all(p["pesos"] == 10 and p["vp"] == 0 for p in s["players"].values())
    assert s["market"] == {"citrus": 3, "sugar": 3, "tobacco": 3, "rum": 2, "cigar": 2}
    assert s["berths"][0] and s["berths"][1] and s["berths"][2] is None
    assert s["sea"] is not None and len(s["deck"]) == 12
    assert all(len(pile) == 6 for pile in s["piles"].values())
    assert s["statutes"] == {"I": "tax_2_start", "II": "duty_citrus_start", "III": None, "IV": None}
    assert RULES.to_act(s) == [seats[s["start"]]]
    check_conservation(s)
    view = RULES.view(s, None)
    assert view["harbour"]["berths"][2]["ship"] is None
    assert view["harbour"]["sea"]["id"] == s["sea"]["id"]  # the ship at sea is face up
    assert view["harbour"]["deck_count"] == 12


def test_starting_choices_in_seat_order_from_start_player():
    s = RULES.new(["p0", "p1", "p2"], 3)
    start = s["start"]
    order = [f"p{(start + k) % 3}" for k in range(3)]
    for seat in order:
        assert RULES.to_act(s) == [seat]
        s, _ = act(s, seat, "pick water")
        s, _ = act(s, seat, "pick water")  # duplicates are allowed
        msg = assert_illegal_changes_nothing(RULES, s, seat, "pick stone")
        assert msg == "You already have your 2 starting resources; now choose products."
        s, _ = act(s, seat, "pick tobacco")
        s, events = act(s, seat, "pick tobacco")
        assert s["players"][seat]["farm"]["water"] == 2 and s["players"][seat]["farm"]["tobacco"] == 2
    assert s["step"] == "play_card" and s["phase"] == "actions"
    assert [e for e in events if e.kind == "proposals"][0].reveals_hidden
    assert all(s["proposals"][g] for g in ("I", "II", "III", "IV"))
    check_conservation(s)


def test_goods_cannot_be_chosen_at_start():
    s = RULES.new(["p0", "p1"], 3)
    seat = RULES.to_act(s)[0]
    assert_illegal_changes_nothing(RULES, s, seat, "pick rum")


def test_options():
    assert RULES.options == {
        "individual_plantations": False,
        "secret_parliament_card": False,
        "tax_duty_bonus": True,
        "veto_timing": "on_use",
    }
    with pytest.raises(IllegalAction, match="no option"):
        RULES.new(["p0", "p1"], 1, colour="red")
    with pytest.raises(IllegalAction, match="veto_timing"):
        RULES.new(["p0", "p1"], 1, veto_timing="never")
    with pytest.raises(IllegalAction):
        RULES.new(["p0"], 1)
    s = RULES.new(["p0", "p1", "p2", "p3", "p4"], 1, individual_plantations=True)
    layouts = [p["layout"] for p in s["players"].values()]
    assert sorted(layouts) == ["B1", "B2", "B3", "B4", "B5"]
    s = RULES.new(["p0", "p1"], 1)
    assert [p["layout"] for p in s["players"].values()] == ["A", "A"]


def test_same_seed_same_game():
    a = RULES.new(["p0", "p1", "p2"], 42)
    b = RULES.new(["p0", "p1", "p2"], 42)
    c = RULES.new(["p0", "p1", "p2"], 43)
    assert RULES.dump(a) == RULES.dump(b)
    assert RULES.dump(a) != RULES.dump(c)


def test_started_helper_state():
    s = started(3)
    assert RULES.to_act(s) == ["p0"] and s["step"] == "play_card"
    assert s["players"]["p1"]["farm"]["wood"] == 1


def test_registered_and_satisfies_the_contract():
    from engine import GAMES
    from engine.core import Rules

    assert GAMES["cuba"] is RULES
    assert isinstance(RULES, Rules)
    assert (RULES.id, RULES.title, RULES.min_players, RULES.max_players) == ("cuba", "Cuba", 2, 5)
