"""Auctions: order, every outcome, the flag lot, and what money moves where."""

from engine.goa import data
from engine.goa.rules import common as board
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, fresh, legal_texts, run


def _auction(n=3, seed=1):
    """Round 1 with p0 as start player and the markers on a1 (p1), b1 (p2), c1 (p0)."""
    s = fresh(n, seed).copy()
    s.start = 0
    for p in s.players:
        p.ducats = 10
    moves = ["p0: flag a0", "p1: marker a1", "p2: marker b1", "p0: marker c1"][: n + 2]
    if n == 2:
        moves = ["p0: flag a0", "p1: marker a1", "p0: marker b1"]
    return run(s, *moves)


def test_bidding_goes_once_around_from_the_auctioneers_left_and_the_auctioneer_decides_last():
    s = _auction()
    assert s.phase == "auction" and RULES.to_act(s) == ["p1"]  # flag lot: p0 auctions, p1 first
    s = run(s, "p1: bid 2")
    assert RULES.to_act(s) == ["p2"]
    assert "bid 2" not in legal_texts(s, "p2") and "bid 3" in legal_texts(s, "p2")
    s = run(s, "p2: pass")
    assert RULES.to_act(s) == ["p0"]
    assert legal_texts(s, "p0")[0] == "accept" and "outbid 2" not in legal_texts(s, "p0")


def test_accepting_the_highest_bid_pays_the_auctioneer():
    s = run(_auction(), "p1: bid 2", "p2: bid 4", "p0: accept")
    assert [p.ducats for p in s.players] == [14, 10, 6]
    assert s.start == 2 and s.players[2].extra == 1  # the flag: start player + 1 card


def test_outbidding_pays_the_bank():
    s = run(_auction(), "p1: bid 3", "p2: pass", "p0: outbid 5")
    assert [p.ducats for p in s.players] == [5, 10, 10]
    assert s.start == 0 and s.players[0].extra == 1


def test_no_bids_means_the_auctioneer_must_take_the_lot_for_free():
    s = run(_auction(), "p1: pass", "p2: pass")
    assert legal_texts(s, "p0") == ["take"]
    s = run(s, "p0: take")
    assert [p.ducats for p in s.players] == [10, 10, 10]
    assert s.players[0].extra == 1  # the flag still gives its card


def test_bids_are_bounded_by_the_bidders_ducats_and_must_raise():
    s = _auction()
    s.players[1].ducats = 3
    assert legal_texts(s, "p1") == ["pass", "bid 1", "bid 2", "bid 3"]
    assert "only 3 ducats" in assert_illegal_changes_nothing(RULES, s, "p1", "bid 4")
    s = run(s, "p1: bid 3")
    assert "higher than 3" in assert_illegal_changes_nothing(RULES, s, "p2", "bid 3")
    s.players[2].ducats = 3
    assert legal_texts(s, "p2") == ["pass"]  # cannot raise: may only pass
    assert RULES.private_choices(s, "p2")


def test_tile_lots_keep_their_original_auctioneers_after_the_flag_changes_hands():
    s = run(_auction(), "p1: bid 1", "p2: pass", "p0: accept")  # p1 takes the flag
    assert s.start == 1 and s.lot == 1
    # lot 2 is marker 2 on a1, placed by p1: p2 bids first, then p0, p1 decides
    assert RULES.to_act(s) == ["p2"]
    ship_tile = next(t for t in data.A_TILE_IDS if data.TILES[t]["kind"] == "each_round")
    s.grid[board.index((0, 0))] = ship_tile
    s = run(s, "p2: pass", "p0: bid 2", "p1: accept")
    assert s.grid[board.index((0, 0))] is None
    assert s.players[0].tiles == [ship_tile]
    # p1 paid 1 for the flag and received 2; p0 received 1 and paid 2
    assert s.players[1].ducats == 11 and s.players[0].ducats == 9
    # lot 3 (b1, p2's marker): p0 then p1 bid, p2 decides
    while s.pending:
        seat = RULES.to_act(s)[0]
        s = run(s, f"{seat}: {legal_texts(s, seat)[0]}")
    assert RULES.to_act(s) == ["p0"]


def test_after_the_last_lot_the_new_start_player_acts_first():
    s = run(_auction(), "p1: bid 1", "p2: pass", "p0: accept")
    while s.phase == "auction":
        seat = RULES.to_act(s)[0]
        texts = legal_texts(s, seat)
        s = run(s, f"{seat}: {'pass' if 'pass' in texts else texts[0]}")
    assert s.phase == "actions" and RULES.to_act(s) == ["p1"]
    assert s.chain == []


def test_two_player_auction_has_one_bidder():
    s = _auction(2)
    s = run(s, "p1: bid 1")
    assert RULES.to_act(s) == ["p0"]


def test_won_tile_is_resolved_at_once_plantation_filled():
    s = _auction()
    pepper3 = next(
        t for t in data.A_TILE_IDS if data.TILES[t].get("spice") == "pepper" and data.TILES[t]["cap"] == 2
    )
    s.grid[board.index((0, 0))] = pepper3
    s = run(s, "p1: pass", "p2: pass", "p0: take")  # flag
    s = run(s, "p2: pass", "p0: pass", "p1: take")  # a1
    assert s.players[1].plantations == [[pepper3, data.SPICE_INDEX["pepper"], 2, 2]]
