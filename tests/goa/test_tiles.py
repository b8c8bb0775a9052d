"""Every kind of auction tile, resolved as it is won or used."""

from engine.goa import data
from engine.goa.rules import common as board
from engine.goa.state import spice_counts
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, act, at_actions, fresh, give_plantation, legal_texts, run, tile_id


def win(tile: str, n: int = 3, prepare=None):
    """p1 wins ``tile`` (on a1) for free in round 1; ``prepare(state)`` runs before the auction."""
    s = fresh(n, 1).copy()
    s.start = 0
    s.grid[0] = tile
    if prepare:
        prepare(s)
    s = run(s, "p0: flag a0", "p1: marker a1", "p2: marker b1", "p0: marker c1")
    s = run(s, "p1: pass", "p2: pass", "p0: take")
    return run(s, "p2: pass", "p0: pass", "p1: take")


def test_plantation_arrives_filled():
    t = tile_id(lambda d: d["kind"] == "plantation" and d["cap"] == 1 and d["spice"] == "clove")
    s = win(t)
    assert s.players[1].plantations == [[t, 4, 1, 1]]


def test_fifth_plantation_replaces_an_old_one():
    t = tile_id(lambda d: d["kind"] == "plantation" and d["cap"] == 2 and d["spice"] == "pepper")

    def four(s):
        for k in ("ginger", "nutmeg", "cinnamon", "clove"):
            give_plantation(s, 1, k)

    s = win(t, prepare=four)
    assert s.pending and RULES.to_act(s) == ["p1"]
    assert legal_texts(s, "p1") == ["discard 1", "discard 2", "discard 3", "discard 4"]
    s = run(s, "p1: discard 2")
    pls = s.players[1].plantations
    assert len(pls) == 4 and pls[1] == [t, 3, 2, 2]
    assert [data.SPICES[p[1]] for p in pls] == ["ginger", "pepper", "cinnamon", "clove"]


def test_immediate_ships_colonists_actions_taken_and_tile_discarded():
    s = win(tile_id(lambda d: d["kind"] == "immediate" and d["ships"] == 4))
    assert s.players[1].ships == 8 and s.players[1].tiles == []
    s = win(tile_id(lambda d: d["kind"] == "immediate" and d["colonists"] == 4))
    assert s.players[1].colonists == 6
    s = win(tile_id(lambda d: d["kind"] == "immediate" and d["ships"] == 1))
    p = s.players[1]
    assert (p.ships, p.colonists, p.extra) == (5, 3, 1)
    s = win(tile_id(lambda d: d["kind"] == "immediate" and d["actions"] == 2))
    assert s.players[1].extra == 2


def test_three_ships_or_three_colonists_is_the_winners_choice():
    s = win(tile_id(lambda d: d["kind"] == "immediate" and d["choice"]))
    assert legal_texts(s, "p1") == ["choose ships", "choose colonists"]
    s = run(s, "p1: choose colonists")
    assert s.players[1].colonists == 5 and s.players[1].ships == 4


def test_two_expedition_cards_even_over_the_hand_limit():
    """1st edition, Expeditions (A+B): 'He takes them even if they put him over his hand limit'."""
    t = tile_id(lambda d: d["kind"] == "immediate" and d["expeditions"])

    def row_3(s):
        s.players[1].progress[3] = 2  # hand limit 3

    s = win(t, prepare=row_3)
    assert len(s.players[1].hand) == 2

    def row_3_one_card(s):
        row_3(s)
        s.players[1].hand = [s.deck.pop(), s.deck.pop()]

    s = win(t, prepare=row_3_one_card)
    assert len(s.players[1].hand) == 4  # over the row-3 limit of 3
    s = win(t)
    assert len(s.players[1].hand) == 2  # over the row-1 limit of 1
    # a later Expedition action first sheds the cards over the limit, then draws
    s.phase, s.turn, s.start = "actions", 0, 1
    s, events = act(s, "p1", "expedition")
    assert s.pending[0]["kind"] == "shed" and RULES.private_choices(s, "p1")
    assert legal_texts(s, "p1") == [f"drop {c}" for c in sorted(s.players[1].hand)]
    drop = s.players[1].hand[0]
    s, events = act(s, "p1", f"drop {drop}")
    assert drop in s.discard and len(s.players[1].hand) == 1  # at the limit: no room to draw
    assert any(e.kind == "card_discarded" and e.reveals_hidden for e in events)


def test_each_round_tiles_credit_ships_colonists_ducats_at_the_action_phase():
    s = at_actions()
    s.phase = "auction"
    s.chain = [(-1, 0), (0, 0), (0, 1), (0, 2)]
    s.chain_owner = [0, 1, 2, 0]
    s.lot = 3
    s.auc_step = 2
    s.players[2].tiles = [tile_id(lambda d, g=g: d.get("gives") == g) for g in ("ship", "colonist", "ducats")]
    before = (s.players[2].ships, s.players[2].colonists, s.players[2].ducats)
    s = run(s, "p0: take")
    assert s.phase == "actions"
    assert (s.players[2].ships, s.players[2].colonists, s.players[2].ducats) == (
        before[0] + 1,
        before[1] + 1,
        before[2] + 4,
    )


def test_each_round_spice_is_claimed_once_per_round_on_the_owners_turn():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("gives") == "spice")]
    give_plantation(s, 0, "nutmeg", cap=2, count=0)
    assert [t for t in legal_texts(s, "p0") if t.startswith("claim")] == ["claim nutmeg"]
    s = run(s, "p0: claim nutmeg")
    assert spice_counts(s.players[0])[1] == 1
    assert not [t for t in legal_texts(s, "p0") if t.startswith("claim")]
    assert RULES.to_act(s) == ["p0"]  # not an action


def test_duty_discards_six_spices_for_four_vp():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d["kind"] == "duty")]
    give_plantation(s, 0, "ginger", cap=3)
    give_plantation(s, 0, "pepper", cap=2)
    assert "duty" not in legal_texts(s, "p0")  # only 5 spices
    give_plantation(s, 0, "clove", cap=1)
    s = run(s, "p0: duty")
    for k in ("ginger", "ginger", "ginger", "pepper", "pepper", "clove"):
        s = run(s, f"p0: give {k}")
    p = s.players[0]
    assert p.duty_used == 1 and p.tiles == [] and sum(spice_counts(p)) == 0
    assert RULES.scores(s)["p0"]["duty"] == 4


def test_mission_scores_its_vp():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("vp") == 3, "b"), tile_id(lambda d: d.get("vp") == 2, "b")]
    assert RULES.scores(s)["p0"]["missions"] == 5


def test_vice_king_advances_the_lowest_marker_for_free_with_bonuses():
    s = at_actions()
    p = s.players[0]
    p.tiles = [tile_id(lambda d: d.get("effect") == "viceking", "b")]
    p.progress = [1, 1, 0, 1, 1]
    assert [t for t in legal_texts(s, "p0") if t.startswith("viceking")] == ["viceking taxes"]
    s = run(s, "p0: viceking taxes")
    p = s.players[0]
    assert p.progress == [1, 1, 1, 1, 1] and p.ships == 4 and p.extra == 1 and p.tiles == []
    assert RULES.to_act(s) == ["p0"]


def test_vice_king_lets_the_player_pick_among_tied_lowest():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "viceking", "b")]
    s.players[0].progress = [2, 1, 1, 3, 4]
    assert sorted(t for t in legal_texts(s, "p0") if t.startswith("viceking")) == [
        "viceking harvest",
        "viceking taxes",
    ]


def test_trade_swaps_for_a_grid_tile_which_is_resolved_and_trade_goes_on_the_grid():
    s = at_actions()
    trade = tile_id(lambda d: d.get("effect") == "trade", "b")
    s.players[0].tiles = [trade]
    four_ships = tile_id(lambda d: d["kind"] == "immediate" and d["ships"] == 4)
    s.grid[board.index((2, 3))] = four_ships
    s = run(s, "p0: trade d3")
    assert s.grid[board.index((2, 3))] == trade
    assert s.players[0].ships == 8 and s.players[0].tiles == []


def test_supply_gives_the_drawn_colonists_in_one_kind():
    """1st edition, Re-supply: 'He takes that total in either spices, colonists, or ships'."""
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "supply", "b")]
    top = [c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == 2][:2]
    s.deck = [c for c in s.deck if c not in top] + top
    give_plantation(s, 0, "ginger", cap=2, count=0)
    s = run(s, "p0: supply")
    assert s.pending[0] == {"kind": "supply", "seat": 0, "amount": 4}
    assert legal_texts(s, "p0") == ["choose spices", "choose colonists", "choose ships"]
    one_kind = run(s, "p0: choose ships")
    p = one_kind.players[0]
    assert (spice_counts(p)[0], p.ships, p.colonists) == (0, 8, 2) and not one_kind.pending
    s = run(s, "p0: choose spices")
    assert s.pending[0]["kind"] == "spices" and not s.pending[0]["mix"]
    assert "ship" not in legal_texts(s, "p0")
    s = run(s, "p0: spice ginger", "p0: spice ginger")
    p = s.players[0]
    assert (spice_counts(p)[0], p.ships, p.colonists) == (2, 4, 2)
    assert not s.pending and all(c in s.discard for c in top)


def test_espionage_uses_the_opponents_row():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "espionage", "b")]
    s.players[2].progress[0] = 3  # 4 ships
    s = run(s, "p0: spy p2 ships")
    assert s.players[0].ships == 8 and s.players[0].tiles == []
    assert RULES.to_act(s) == ["p0"]


def test_espionage_colony_with_the_opponents_colonists():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "espionage", "b")]
    s.players[1].progress[4] = 4  # 5 base colonists
    top = [c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == 1][:2]
    s.deck = [c for c in s.deck if c not in top] + top
    s, events = act(s, "p0", "spy p1 colony quilon")
    assert next(e for e in events if e.kind == "colony_attempt").data["total"] == 7
    s = run(s, "p0: pick quilon-b")
    assert s.players[0].colonies["quilon"][0] == "quilon-b"


def test_additional_harvest_refills_up_to_three_stores():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "addharvest", "b")]
    for k in ("ginger", "nutmeg", "cinnamon", "pepper"):
        give_plantation(s, 0, k, cap=2, count=0)
    s = run(s, "p0: addharvest", "p0: refill p1", "p0: refill p3", "p0: refill p4")
    assert not s.pending
    assert [pl[3] for pl in s.players[0].plantations] == [2, 0, 2, 2]


def test_one_time_tiles_are_free_plays_on_your_own_turn_only():
    s = at_actions()
    s.players[1].tiles = [tile_id(lambda d: d.get("effect") == "supply", "b")]
    assert "not your turn" in assert_illegal_changes_nothing(RULES, s, "p1", "supply")
    assert "cannot use" in assert_illegal_changes_nothing(RULES, s, "p0", "supply")


def test_espionage_harvest_at_the_opponents_row():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "espionage", "b")]
    s.players[1].progress[1] = 2  # harvest 4
    give_plantation(s, 0, "ginger", cap=3, count=0)
    s = run(s, "p0: spy p1 harvest")
    assert s.pending[0] == {"kind": "spices", "seat": 0, "left": 4, "mix": False}
    s = run(s, "p0: spice ginger", "p0: spice ginger", "p0: spice ginger")
    assert not s.pending and spice_counts(s.players[0])[0] == 3


def test_a_plantation_choice_in_the_auction_then_the_next_lot_goes_on():
    t = tile_id(lambda d: d["kind"] == "plantation" and d["cap"] == 2 and d["spice"] == "pepper")

    def four(s):
        for k in ("ginger", "nutmeg", "cinnamon", "clove"):
            give_plantation(s, 1, k)

    s = win(t, prepare=four)
    assert s.phase == "auction" and s.lot == 1  # the lot waits for p1's choice
    s = run(s, "p1: discard 1")
    assert s.lot == 2 and RULES.to_act(s) == ["p0"]  # lot 3 (b1, p2's marker): p0 bids first


def test_a_traded_in_trade_tile_can_be_auctioned_again():
    s = at_actions()
    trade = tile_id(lambda d: d.get("effect") == "trade", "b")
    s.players[0].tiles = [trade]
    s = run(s, "p0: trade a1")
    assert s.grid[0] == trade
    s.phase, s.turn = "flag", 0
    s = run(s, "p0: flag a0", "p1: marker a1", "p2: marker b1", "p0: marker c1")
    s = run(s, "p1: pass", "p2: pass", "p0: take", "p2: pass", "p0: pass", "p1: take")
    assert s.players[1].tiles == [trade] and s.grid[0] is None


def test_additional_harvest_ends_by_itself_when_everything_is_full():
    s = at_actions()
    s.players[0].tiles = [tile_id(lambda d: d.get("effect") == "addharvest", "b")]
    give_plantation(s, 0, "ginger", cap=2, count=0)
    s.players[0].colonies["cochin"] = ["cochin1", [[0, 0, 0, 0, 0]]]
    s = run(s, "p0: addharvest", "p0: refill cochin", "p0: fill pepper", "p0: fill pepper")
    assert s.pending[0]["kind"] == "fill"
    s = run(s, "p0: fill clove", "p0: refill p1")
    assert not s.pending and s.players[0].colonies["cochin"][1] == [[0, 0, 0, 2, 1]]
    assert RULES.to_act(s) == ["p0"] and "addharvest" not in legal_texts(s, "p0")
