"""What each seat sees: holdings behind the screens, the open variant, summaries, private choices."""

import json

from engine.santiago import RULES
from tests.contract import play
from tests.santiago.helpers import STANDARD_DISTRICTS, act, give, put_cuban, set_districts, set_money, started

HIDDEN = ("pesos", "vp", "goods")


def test_public_and_other_views_show_no_holdings_own_view_shows_own():
    state = started(3)
    public = RULES.view(state, None)
    assert all(not set(HIDDEN) & set(pv) for pv in public["players"].values())
    mine = RULES.view(state, "p1")
    assert mine["players"]["p1"]["pesos"] == 3 and mine["players"]["p1"]["goods"]["sugar"] == 1
    assert not set(HIDDEN) & set(mine["players"]["p0"]) and not set(HIDDEN) & set(mine["players"]["p2"])
    assert "supply" not in public and "supply" not in json.dumps(public)
    assert (
        public["game"] == "santiago" and public["seats"] == ["p0", "p1", "p2"] and public["to_act"] == ["p0"]
    )
    assert json.loads(json.dumps(public)) == public


def test_views_are_identical_whatever_a_player_holds_behind_the_screen():
    base = started(3)
    rich = started(3)
    set_money(rich, "p1", pesos=40, vp=55)
    give(rich, "p1", rum=5, wood=4, cigar=2)
    for viewer in (None, "p0", "p2"):
        assert RULES.view(base, viewer) == RULES.view(rich, viewer)
    assert RULES.view(base, "p1") != RULES.view(rich, "p1")


def test_open_holdings_shows_every_screen():
    state = started(3, open_holdings=True)
    public = RULES.view(state, None)
    assert all(pv["pesos"] == 3 and pv["vp"] == 2 for pv in public["players"].values())
    assert RULES.private_choices(state, "p0") is False


def test_board_view_shows_road_districts_ship_and_figures():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "jose")
    state["face_down"] = ["maria"]
    state["players"]["p2"]["figure"] = "casino"
    state["owners"]["casino"] = "p0"
    state["players"]["p0"]["markers"] = 2
    view = RULES.view(state, None)
    assert view["road"][0] == {"space": 0, "harbour": True}
    assert view["road"][1] == {"space": 1, "cuban": "jose", "colour": "yellow", "face_up": True}
    assert [s["face_up"] for s in view["road"][1:] if s["cuban"] == "maria"] == [False]
    assert view["districts"]["red"][1] == {"building": "casino", "figure": "p2", "owner": "p0"}
    assert view["players"]["p0"]["owned"] == ["casino"] and view["players"]["p0"]["markers_left"] == 2
    assert view["ship"]["dice"] == {"sugar": 1, "citrus": 2, "tobacco": 3, "rum": 1}
    assert view["ship"]["aside"] == "cigar" and view["ship"]["value"] == 2 and view["ship"]["number"] == 1


def test_private_summary_is_the_seats_screen():
    state = started(3)
    give(state, "p1", wood=2)
    assert RULES.private_summary(state, "p1") == (
        "Pesos: 3\nVP: 2\nGoods: 1 sugar cane, 1 citrus fruit, 1 tobacco, 2 wood"
    )
    assert RULES.private_summary(state, "p9") == ""


def test_private_choices_whenever_the_choices_depend_on_hidden_holdings():
    state = started(3)
    assert RULES.private_choices(state, "p0")  # the drive list shows the pesos
    assert not RULES.private_choices(state, "p1")  # not to act
    put_cuban(state, 1, "jose")
    set_districts(state, STANDARD_DISTRICTS)
    after, _ = act(state, "p0", "drive 1")
    assert after["step"] == "go" and not RULES.private_choices(after, "p0")
    bank, _ = act(after, "p0", "go bank")
    assert not RULES.private_choices(bank, "p0")
    distillery, _ = act(after, "p0", "go distillery")
    assert RULES.private_choices(distillery, "p0")


def check_secrets(state: dict) -> None:
    """Nobody's view shows another seat's holdings (until the game is over)."""
    if state["step"] == "over":
        return
    for viewer in [None, *state["seats"]]:
        view = RULES.view(state, viewer)
        for seat, pv in view["players"].items():
            assert (seat == viewer) == ("pesos" in pv) == ("goods" in pv) == ("vp" in pv)


def test_no_view_leaks_holdings_during_whole_games():
    for seed in range(6):
        play(RULES, 2 + seed % 3, 500 + seed, check=check_secrets, full_checks=False)
