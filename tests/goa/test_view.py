"""The view dict: its documented shape, JSON, and what each seat sees."""

import json

from tests.goa.helpers import RULES, at_actions, card_id, fresh, run

KEYS = {
    "game",
    "revision",
    "seats",
    "you",
    "to_act",
    "round",
    "rounds",
    "part",
    "phase",
    "start",
    "actions_left",
    "grid",
    "flag",
    "markers",
    "auction",
    "colony_stacks",
    "deck",
    "discard",
    "pending",
    "players",
    "result",
}


def test_view_shape_and_json():
    s = fresh(4)
    v = RULES.view(s, None)
    assert set(v) == KEYS and v["game"] == "goa" and v["seats"] == ["p0", "p1", "p2", "p3"]
    assert json.loads(json.dumps(v)) == v
    assert len(v["grid"]) == 5 and all(len(row) == 5 for row in v["grid"])
    assert v["part"] == "A" and v["to_act"] == [v["start"]]


def test_own_view_has_ducats_and_hand_others_only_the_hand_size():
    s = at_actions()
    s.players[1].hand = [card_id("ships"), card_id("ducats")]
    mine = RULES.view(s, "p1")["players"]
    assert mine["p1"]["ducats"] == s.players[1].ducats
    assert [c["effect"] for c in mine["p1"]["hand"]] == ["ships", "ducats"]
    for looker in (None, "p0", "p2"):
        pv = RULES.view(s, looker)["players"]["p1"]
        assert "ducats" not in pv and "hand" not in pv and pv["hand_size"] == 2


def test_auction_view_shows_the_lot_the_bids_and_who_bids():
    s = fresh(3).copy()
    s.start = 0
    s = run(s, "p0: flag a0", "p1: marker a1", "p2: marker b1", "p0: marker c1", "p1: bid 2")
    v = RULES.view(s, None)
    assert v["auction"] == {
        "lot": 1,
        "pos": "a0",
        "tile": None,
        "auctioneer": "p0",
        "high": 2,
        "high_seat": "p1",
        "bidder": "p2",
    }
    assert v["flag"] == "a0" and [m["pos"] for m in v["markers"]] == ["a1", "b1", "c1"]


def test_actions_left_counts_each_seats_remaining_turns():
    s = at_actions(3, start=1)
    s = run(s, "p1: pass", "p2: pass")
    assert RULES.view(s, None)["actions_left"] == {"p0": 3, "p1": 2, "p2": 2}
