"""What each seat sees: holdings behind the screens, the open variant, summaries, private choices."""

import json

from engine.ai import player
from engine.core import Event
from engine.i18n import LANGUAGES
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


def test_a_pass_never_tells_whether_the_seat_had_anything_to_deliver():
    """Issue 11 (seed l.63: a player passes with no goods or by choice alike). Over whole games,
    every pass is an action of the passing seat itself — none is made for it inside another
    seat's action — and it is one public event with no data, whose log line in every language
    is the same for a seat that had nothing to deliver and for one that chose to keep its goods."""
    lines: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(4):
        seats = ["p0", "p1", "p2", "p3"][: 2 + seed % 3]
        state = RULES.new(seats, 700 + seed)
        bots = {s: player("santiago", "random", seed * 7 + i) for i, s in enumerate(seats)}
        while RULES.result(state) is None:
            seat = RULES.to_act(state)[0]
            legal = RULES.legal(state, seat)
            action = bots[seat].choose(RULES.view(state, seat), legal)
            could_deliver = state["step"] == "deliver" and any(a.kind != "pass" for a in legal)
            state, events = RULES.apply(state, seat, action)
            for event in (e for e in events if e.kind == "pass"):
                assert action.kind == "pass" and event.seat == seat
                assert event.data == {} and event.visible_to is None and not event.reveals_hidden
                lines[could_deliver].update(RULES.describe(event, {seat: "Ana"}, lang) for lang in LANGUAGES)
    assert lines[True] and lines[False]  # both kinds of pass were played
    assert lines[True] == lines[False]
    # passes logged before issue 14 as automatic read like any other pass, too
    for lang in LANGUAGES:
        old = Event("pass", "p1", {"auto": True}, reveals_hidden=True)
        assert RULES.describe(old, {"p1": "Ana"}, lang) == RULES.describe(
            Event("pass", "p1"), {"p1": "Ana"}, lang
        )
