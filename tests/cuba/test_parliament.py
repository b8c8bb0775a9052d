"""New start player and parliament (rules/cuba.md §6.2, §6.3, §6.7)."""

from engine.cuba import RULES
from tests.contract import assert_illegal_changes_nothing
from tests.cuba.helpers import act, acts, kinds, play_round_cards, started

PLAN_A = {
    "p0": ["worker", "trader", "architect", "mayor"],  # keeps the foreman (4)
    "p1": ["worker", "trader", "architect", "mayor"],  # keeps the foreman (4)
    "p2": ["worker", "trader", "architect", "foreman"],  # keeps the mayor (5)
}


def test_new_start_player_is_highest_fourth_card_last_played_among_equals():
    s = started(3)
    s, events = play_round_cards(s, PLAN_A)
    assert s["seats"][s["start"]] == "p1"
    assert [e.seat for e in events if e.kind == "start_player"] == ["p1"]


def test_new_start_player_single_highest():
    s = started(3)
    plan = dict(PLAN_A)
    plan["p1"] = ["worker", "trader", "mayor", "architect"]
    s, _ = play_round_cards(s, plan)
    assert s["seats"][s["start"]] == "p0"


def test_secret_bids_then_highest_total_wins_and_everybody_pays():
    s = started(3)
    s, events = play_round_cards(s, PLAN_A)
    assert s["phase"] == "parliament" and s["step"] == "bid"
    cards = [e for e in events if e.kind == "cards_revealed"][0].data["cards"]
    assert cards == {"p0": "foreman", "p1": "foreman", "p2": "mayor"}
    assert sorted(RULES.to_act(s)) == ["p0", "p1", "p2"]
    assert RULES.private_choices(s, "p0")
    pesos = {seat: s["players"][seat]["pesos"] for seat in s["seats"]}
    s, ev = act(s, "p0", "bid 2")
    secret = [e for e in ev if e.kind == "bid"][0]
    assert secret.visible_to == ("p0",) and secret.data["amount"] == 2
    assert all(e.visible_to is None for e in ev if e.kind != "bid")
    # nobody else sees the bid: not the table, not another seat
    assert RULES.view(s, None)["players"]["p0"]["bid"] == "hidden"
    assert RULES.view(s, "p1")["players"]["p0"]["bid"] == "hidden"
    assert RULES.view(s, "p0")["players"]["p0"]["bid"] == 2
    assert "2 pesos" in RULES.private_summary(s, "p0") and RULES.private_summary(s, "p1") != ""
    assert "2" not in str(RULES.view(s, None)["players"]["p0"]["total"] or "")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "bid 3")
    assert "already placed your bid" in msg
    assert_illegal_changes_nothing(RULES, s, "p1", f"bid {pesos['p1'] + 1}")
    s, _ = act(s, "p1", "bid 1")
    s, ev = act(s, "p2", "bid 0")
    reveal = [e for e in ev if e.kind == "bids_revealed"][0]
    assert reveal.reveals_hidden and reveal.visible_to is None
    assert reveal.data["totals"] == {"p0": 6, "p1": 5, "p2": 5}
    assert RULES.view(s, None)["players"]["p0"]["bid"] == 2
    assert s["step"] == "enact" and RULES.to_act(s) == ["p0"]
    assert {seat: pesos[seat] - s["players"][seat]["pesos"] for seat in s["seats"]} == {
        "p0": 2,
        "p1": 1,
        "p2": 0,
    }


def test_town_hall_adds_two_votes():
    s = started(3)
    s["players"]["p2"]["town_hall"] = True
    s, _ = play_round_cards(s, PLAN_A)
    s, ev = acts(s, [("p0", "bid 2"), ("p1", "bid 0"), ("p2", "bid 0")])
    assert [e for e in ev if e.kind == "bids_revealed"][0].data["totals"] == {"p0": 6, "p1": 4, "p2": 7}
    assert RULES.to_act(s) == ["p2"]


def test_tie_second_secret_bid_then_start_player_clockwise():
    s = started(3)
    s, _ = play_round_cards(s, PLAN_A)  # new start player: p1
    before = s["players"]["p0"]["pesos"]
    s, ev = acts(s, [("p0", "bid 1"), ("p1", "bid 1"), ("p2", "bid 0")])  # 5, 5, 5
    assert s["step"] == "tie_bid" and sorted(RULES.to_act(s)) == ["p0", "p1", "p2"]
    assert "tie" in kinds(ev)
    s, ev = act(s, "p0", "bid 2")
    assert [e for e in ev if e.kind == "bid"][0].visible_to == ("p0",)
    assert RULES.view(s, "p2")["players"]["p0"]["second_bid"] == "hidden"
    s, _ = act(s, "p1", "bid 2")
    s, ev = act(s, "p2", "bid 1")  # 7, 7, 6: still tied → p1 is the start player
    assert s["step"] == "enact" and s["winner"] == "p1"
    assert "tie_break" in kinds(ev)
    assert s["players"]["p0"]["pesos"] == before - 3  # both bids are paid


def test_tie_only_tied_players_bid_again():
    s = started(3)
    s, _ = play_round_cards(s, PLAN_A)
    s, _ = acts(s, [("p0", "bid 2"), ("p1", "bid 2"), ("p2", "bid 0")])  # 6, 6, 5
    assert sorted(RULES.to_act(s)) == ["p0", "p1"]
    assert RULES.legal(s, "p2") == []
    s, _ = acts(s, [("p1", "bid 0"), ("p0", "bid 1")])
    assert s["winner"] == "p0"


def test_corruption_no_bids_and_tie_break_by_start_player():
    s = started(3)
    s["statutes"]["IV"] = "corruption"
    plan = dict(PLAN_A)
    plan["p2"] = ["worker", "trader", "architect", "mayor"]  # everybody keeps the foreman; p2 starts next
    s, ev = play_round_cards(s, plan)
    assert "corruption" in kinds(ev) and s["step"] == "enact"
    assert s["winner"] == "p2"


def test_corruption_highest_card_wins():
    s = started(3)
    s["statutes"]["IV"] = "corruption"
    s, _ = play_round_cards(s, PLAN_A)
    assert s["winner"] == "p2"  # the mayor's 5 votes


def test_winner_enacts_exactly_two():
    s = started(3)
    s, _ = play_round_cards(s, PLAN_A)
    proposals = {g: s["proposals"][g]["id"] for g in ("I", "II", "III", "IV")}
    s, _ = acts(s, [("p0", "bid 3"), ("p1", "bid 0"), ("p2", "bid 0")])
    assert len(RULES.legal(s, "p0")) == 6
    assert_illegal_changes_nothing(RULES, s, "p0", "enact I")
    assert_illegal_changes_nothing(RULES, s, "p0", "enact I II III")
    s, ev = act(s, "p0", "enact iii i")
    assert s["statutes"]["I"] == proposals["I"] and s["statutes"]["III"] == proposals["III"]
    assert s["statutes"]["II"] == "duty_citrus_start"
    assert s["phase"] in ("statutes", "actions")
    assert [e.data["group"] for e in ev if e.kind == "enact"] == ["I", "III"]


def test_vetoed_proposal_cannot_be_enacted():
    s = started(3)
    s["proposals"]["II"]["vetoed"] = True
    s, _ = play_round_cards(s, PLAN_A)
    s, _ = acts(s, [("p0", "bid 3"), ("p1", "bid 0"), ("p2", "bid 0")])
    assert len(RULES.legal(s, "p0")) == 3
    assert_illegal_changes_nothing(RULES, s, "p0", "enact I II")


def test_veto_in_parliament_option():
    s = started(3, veto_timing="parliament")
    s["players"]["p2"]["church_used"] = True
    s["veto_blocked"] = "I"
    s, _ = play_round_cards(s, PLAN_A)
    assert s["step"] == "veto" and RULES.to_act(s) == ["p2"]
    assert_illegal_changes_nothing(RULES, s, "p2", "veto I")
    s, ev = act(s, "p2", "veto IV")
    assert s["proposals"]["IV"]["vetoed"] and s["step"] == "bid"


def test_secret_parliament_card_variant():
    s = started(3, secret_parliament_card=True)
    assert s["step"] == "choose_card" and sorted(RULES.to_act(s)) == ["p0", "p1", "p2"]
    assert RULES.private_choices(s, "p1")
    s, ev = act(s, "p1", "parliament mayor")
    assert [e for e in ev if e.kind == "card_chosen"][0].visible_to == ("p1",)
    assert RULES.view(s, None)["players"]["p1"]["parliament_card"] == "hidden"
    assert RULES.view(s, "p0")["players"]["p1"]["parliament_card"] == "hidden"
    assert RULES.view(s, "p1")["players"]["p1"]["parliament_card"] == "mayor"
    assert RULES.view(s, "p1")["players"]["p1"]["hand"] == ["worker", "trader", "architect", "foreman"]
    assert RULES.view(s, "p0")["players"]["p1"]["hand"] == [
        "worker",
        "trader",
        "architect",
        "foreman",
        "mayor",
    ]
    assert "mayor" in RULES.private_summary(s, "p1")
    s, _ = acts(s, [("p0", "parliament foreman"), ("p2", "parliament mayor")])
    assert s["step"] == "play_card"
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "play foreman")
    assert msg == "Your foreman lies face down for parliament this round."
    plan = {
        "p0": ["worker", "trader", "architect", "mayor"],
        "p1": ["worker", "trader", "architect", "foreman"],
        "p2": ["worker", "trader", "architect", "foreman"],
    }
    s, ev = play_round_cards(s, plan)
    reveal = [e for e in ev if e.kind == "cards_revealed"][0]
    assert reveal.reveals_hidden and reveal.data["cards"] == {"p0": "foreman", "p1": "mayor", "p2": "mayor"}
    assert RULES.view(s, None)["players"]["p1"]["parliament_card"] == "mayor"


def test_a_seat_without_pesos_bids_zero_without_being_asked():
    s = started(3)
    s["players"]["p1"]["pesos"] = 0
    plan = {seat: list(cards) for seat, cards in PLAN_A.items()}
    plan["p1"] = ["worker", "trader", "mayor", "architect"]  # no mayor alternative money
    s["markers"]["mayor_4"] = "p2"
    s["markers"]["mayor_2"] = "p2"
    s, events = play_round_cards(s, plan)
    assert s["players"]["p1"]["pesos"] == 0 and s["players"]["p1"]["bid"] == 0
    assert sorted(RULES.to_act(s)) == ["p0", "p2"]
    assert [e.visible_to for e in events if e.kind == "bid"] == [("p1",)]
    assert RULES.view(s, "p0")["players"]["p1"]["bid"] == "hidden"
