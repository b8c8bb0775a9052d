"""The action phase: advancing at several rows and with cards, each column's action, colonies,
the progress bonuses, and the turn order."""

import pytest

from engine.core import Action
from engine.goa import data
from engine.goa.state import spice_counts
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, act, at_actions, card_id, give_plantation, legal_texts, run


def _spices(p):
    return dict(zip(data.SPICES, spice_counts(p), strict=True))


def test_advance_from_row_1_costs_one_printed_spice_and_one_ship():
    s = at_actions()
    give_plantation(s, 0, "ginger")
    s = run(s, "p0: advance ships")
    p = s.players[0]
    assert p.progress[0] == 1 and p.ships == 3 and _spices(p)["ginger"] == 1


@pytest.mark.parametrize(
    ("column", "row", "kinds"),
    [
        ("taxes", 1, ["cinnamon", "pepper"]),  # 1st edition: taxes 2 → 3 is pepper + cinnamon
        ("expedition", 2, ["nutmeg", "clove", "ginger"]),
        ("harvest", 3, ["pepper", "nutmeg", "clove", "ginger"]),
    ],
)
def test_advance_at_deeper_rows_costs_r_spices_of_the_cell_and_r_ships(column, row, kinds):
    s = at_actions()
    p = s.players[0]
    p.progress[data.COLUMN_INDEX[column]] = row
    p.ships = 10
    for k in kinds:
        give_plantation(s, 0, k, cap=1)
    assert f"advance {column}" in legal_texts(s, "p0")
    s = run(s, f"p0: advance {column}")
    p = s.players[0]
    assert p.progress[data.COLUMN_INDEX[column]] == row + 1
    assert p.ships == 10 - (row + 1) and sum(spice_counts(p)) == 0


def test_advance_refused_without_the_printed_spice_or_ships():
    s = at_actions()
    give_plantation(s, 0, "nutmeg")
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "advance ships")
    assert "ginger" in msg
    give_plantation(s, 0, "ginger")
    s.players[0].ships = 0
    assert "1 ship; you have 0" in assert_illegal_changes_nothing(RULES, s, "p0", "advance ships")


def test_no_advance_past_the_last_row():
    s = at_actions()
    s.players[0].progress[2] = 4
    assert "last row" in assert_illegal_changes_nothing(RULES, s, "p0", "advance taxes")


@pytest.mark.parametrize(
    ("effect", "ships_paid", "spices_paid", "ducats_paid"),
    [("advance_no_ships", 0, 2, 0), ("advance_no_spices", 2, 0, 0), ("advance_money", 0, 0, 12)],
)
def test_advance_cards(effect, ships_paid, spices_paid, ducats_paid):
    s = at_actions()
    p = s.players[0]
    p.progress[0] = 1  # to row 3: ginger + cinnamon and 2 ships, or 12 ducats
    p.ducats = 20
    give_plantation(s, 0, "ginger", cap=1)
    give_plantation(s, 0, "cinnamon", cap=1)
    card = card_id(effect)
    p.hand = [card]
    s, events = act(s, "p0", f"advance ships card {card}")
    p = s.players[0]
    assert p.progress[0] == 2
    assert (4 - p.ships, 2 - sum(spice_counts(p)), 20 - p.ducats) == (ships_paid, spices_paid, ducats_paid)
    assert p.hand == [] and card in s.discard
    assert any(e.kind == "card_played" and e.reveals_hidden for e in events)


def test_money_card_costs_6_per_row():
    s = at_actions()
    card = card_id("advance_money")
    s.players[0].hand = [card]
    s.players[0].ducats = 5
    assert f"advance ships card {card}" not in legal_texts(s, "p0")
    s.players[0].ducats = 6
    s = run(s, f"p0: advance ships card {card}")
    assert s.players[0].ducats == 0


@pytest.mark.parametrize("row", [0, 2, 4])
def test_ships_yield_by_row(row):
    s = at_actions()
    s.players[0].progress[0] = row
    s = run(s, "p0: ships")
    assert s.players[0].ships == 4 + (1, 2, 3, 4, 5)[row]


@pytest.mark.parametrize("row", [0, 1, 3])
def test_taxes_yield_by_row(row):
    s = at_actions()
    s.players[0].progress[2] = row
    before = s.players[0].ducats
    s = run(s, "p0: taxes")
    assert s.players[0].ducats - before == (4, 6, 8, 10, 12)[row]


def test_harvest_places_spices_into_matching_free_space_and_the_rest_is_lost():
    s = at_actions()
    s.players[0].progress[1] = 2  # harvest 4
    give_plantation(s, 0, "pepper", cap=2, count=0)
    give_plantation(s, 0, "clove", cap=1, count=1)
    s = run(s, "p0: harvest")
    assert legal_texts(s, "p0") == ["spice pepper", "stop"]
    s = run(s, "p0: spice pepper", "p0: spice pepper")
    # storage is full: the remaining 2 are lost and the turn passes
    assert not s.pending and RULES.to_act(s) == ["p1"]
    assert _spices(s.players[0])["pepper"] == 2


def test_harvest_with_the_card_takes_any_goods():
    s = at_actions()
    card = card_id("harvest_mix")
    s.players[0].hand = [card]
    s = run(s, f"p0: harvest card {card}", "p0: ship")
    assert not s.pending and s.players[0].ships == 5


def test_expedition_draws_the_rows_number_never_past_the_limit():
    """Row 4 prints 2/4: with 1 card in hand draw 2 (hand 3, not filled up to 4); with 3 cards
    draw 1."""
    s = at_actions()
    s.players[0].progress[3] = 3  # draw 2, limit 4
    s.players[0].hand = [s.deck.pop()]
    s, events = act(s, "p0", "expedition")
    assert len(s.players[0].hand) == 3
    private = [e for e in events if e.kind == "cards_received"]
    assert private[0].visible_to == ("p0",) and private[0].random
    s = at_actions()
    s.players[0].progress[3] = 3
    s.players[0].hand = [s.deck.pop() for _ in range(3)]
    s = run(s, "p0: expedition")
    assert len(s.players[0].hand) == 4
    s2 = at_actions()
    s2.players[0].hand = [s2.deck.pop()]
    s2 = run(s2, "p0: expedition")
    assert len(s2.players[0].hand) == 1  # already at the row-1 limit of 1


def test_three_actions_each_in_turn_order_then_extra_step():
    s = at_actions(3, start=1)
    order = []
    while s.phase == "actions":
        seat = RULES.to_act(s)[0]
        order.append(seat)
        s = run(s, f"{seat}: pass")
    assert order == ["p1", "p2", "p0"] * 3


# ---------------------------------------------------------------------------- colonies


def _rig(s, *colonists):
    """Put cards with these colonist numbers on top of the expedition pile (first drawn first)."""
    by_value = {v: [c for c in data.CARD_IDS if data.CARDS[c]["colonists"] == v] for v in (1, 2, 3)}
    top = [by_value[v].pop() for v in colonists]
    s.deck = [c for c in s.deck if c not in top] + list(reversed(top))
    s.discard = [c for c in s.discard if c not in top]


def test_colony_success_lets_the_founder_choose_the_tile_and_fills_it():
    s = at_actions()
    _rig(s, 3, 3)  # 0 (row 1) + 3 + 3 = 6 >= 6
    s, events = act(s, "p0", "colony quilon")
    attempt = next(e for e in events if e.kind == "colony_attempt")
    assert attempt.data["total"] == 6 and attempt.random
    # 1st edition: the founder chooses among the Quilon tiles left
    assert legal_texts(s, "p0") == [f"pick {t}" for t in s.colony_stacks["quilon"]]
    top = "quilon-c"
    s = run(s, f"p0: pick {top}")
    assert s.players[0].colonies["quilon"][0] == top and top not in s.colony_stacks["quilon"]
    kinds = data.COLONY_TILES[top]["fields"][0][1]
    assert sorted(legal_texts(s, "p0")) == sorted(f"fill {k}" for k in kinds)
    s = run(s, f"p0: fill {kinds[1]}")  # Quilon holds one spice
    assert spice_counts(s.players[0])[data.SPICE_INDEX[kinds[1]]] == 1
    assert RULES.to_act(s) == ["p1"]
    s.turn = 3  # p0's next turn
    assert "colony quilon" not in legal_texts(s, "p0")


def test_colony_shortfall_paid_with_colonist_cards():
    s = at_actions()
    _rig(s, 2, 2)  # 0 + 2 + 2 = 4, 2 short of Quilon
    s = run(s, "p0: colony quilon")
    assert legal_texts(s, "p0") == ["pay", "decline"]
    s = run(s, "p0: pay", "p0: pick quilon-a")
    assert s.players[0].colonists == 0 and "quilon" in s.players[0].colonies


def test_colony_declined_or_unaffordable_fails_with_one_colonist():
    s = at_actions()
    _rig(s, 2, 2)
    s = run(s, "p0: colony quilon", "p0: decline")
    assert "quilon" not in s.players[0].colonies and s.players[0].colonists == 3
    s = at_actions()
    _rig(s, 1, 1)  # 0 + 2 = 2 for Calicut (12): 10 short, only 2 colonists
    s, events = act(s, "p0", "colony calicut")
    assert not s.pending and s.players[0].colonists == 3
    assert any(e.kind == "colony_failed" for e in events)
    assert all(c in s.discard for c in next(e for e in events if e.kind == "colony_attempt").data["cards"])


def test_colony_card_draws_three():
    s = at_actions()
    card = card_id("colony_three")
    s.players[0].hand = [card]
    s.players[0].progress[4] = 1  # base 2
    _rig(s, 2, 2, 2)  # 2 + 6 = 8: Cochin
    s, events = act(s, "p0", f"colony cochin card {card}")
    assert len(next(e for e in events if e.kind == "colony_attempt").data["cards"]) == 3
    assert "cochin" in s.players[0].colonies


def test_calicut_holds_two_spices_of_any_kind():
    s = at_actions()
    s.players[0].progress[4] = 4  # base 5
    s.players[0].colonists = 10
    _rig(s, 3, 3)  # 11: pay 1
    s = run(s, "p0: colony calicut", "p0: pay")
    for k in ("ginger", "clove"):
        assert len(legal_texts(s, "p0")) == 5
        s = run(s, f"p0: fill {k}")
    assert not s.pending and s.players[0].colonies["calicut"][1] == [[1, 0, 0, 0, 1]]


def test_a_colony_is_founded_once_per_player():
    s = at_actions()
    s.players[0].colonies["quilon"] = ["quilon-a", [[0] * 5]]
    assert "already founded" in assert_illegal_changes_nothing(RULES, s, "p0", "colony quilon")
    s.colony_stacks["cochin"] = []
    assert "No Cochin" in assert_illegal_changes_nothing(RULES, s, "p0", "colony cochin")


# ---------------------------------------------------------------------------- bonuses


def test_all_markers_in_row_2_give_one_extra_action_card_once():
    s = at_actions()
    p = s.players[0]
    p.progress = [1, 1, 1, 1, 0]
    give_plantation(s, 0, "clove")
    s, events = act(s, "p0", "advance colonists")
    assert s.players[0].extra == 1 and s.players[0].bonus_rows == [1]
    assert any(e.kind == "bonus_all_rows" for e in events)


def test_all_markers_in_row_3_and_4_give_more_cards():
    s = at_actions()
    p = s.players[0]
    p.progress = [3, 3, 3, 3, 2]
    p.bonus_rows = [1, 2]
    p.ships = 3
    for k in ("clove", "ginger", "cinnamon"):
        give_plantation(s, 0, k, cap=1)
    s = run(s, "p0: advance colonists")
    assert s.players[0].extra == 1 and s.players[0].bonus_rows == [1, 2, 3]


def test_first_into_row_4_of_a_column_draws_an_expedition_card_and_only_the_first():
    s = at_actions()
    for i in (0, 1):
        s.players[i].progress[0] = 2
        s.players[i].ships = 5
        for k in ("ginger", "cinnamon", "pepper"):
            give_plantation(s, i, k, cap=1)
    s = run(s, "p0: advance ships")
    assert len(s.players[0].hand) == 1 and s.firsts == ["0:3"]
    s = run(s, "p0: done")  # the card drawn may be played after the action: p0 goes on without it
    s = run(s, "p1: advance ships")
    assert len(s.players[1].hand) == 0


def test_row_4_bonus_card_is_taken_even_over_the_hand_limit():
    s = at_actions()
    p = s.players[0]
    p.progress[0] = 2
    p.hand = [s.deck.pop()]  # the row-1 limit is 1
    for k in ("ginger", "cinnamon", "pepper"):
        give_plantation(s, 0, k, cap=1)
    s = run(s, "p0: advance ships")
    assert len(s.players[0].hand) == 2 and s.firsts == ["0:3"]


def test_harvest_asks_which_colony_only_when_two_colonies_take_the_spice_differently():
    s = at_actions()
    p = s.players[0]
    p.progress[1] = 1  # harvest 2
    p.colonies["quilon"] = ["quilon-a", [[0] * 5]]  # ginger or cinnamon
    p.colonies["madras"] = ["madras-d", [[0] * 5]]  # ginger and/or clove
    assert data.COLONY_TILES["quilon-a"]["fields"][0][1] == ("ginger", "cinnamon")
    assert data.COLONY_TILES["madras-d"]["fields"][0][1] == ("ginger", "clove")
    s = run(s, "p0: harvest")
    texts = legal_texts(s, "p0")
    assert "spice ginger quilon" in texts and "spice ginger madras" in texts and "spice ginger" not in texts
    assert "spice clove" in texts and "spice cinnamon" in texts
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "spice ginger madras")) == "Store ginger in Madras"
    s = run(s, "p0: spice ginger madras")
    assert s.players[0].colonies["madras"][1] == [[1, 0, 0, 0, 0]]
    # a plantation of the kind is always the place: no question
    give_plantation(s, 0, "ginger", cap=2, count=0)
    assert "spice ginger" in legal_texts(s, "p0")


def test_a_pair_field_is_preferred_to_an_any_field():
    s = at_actions()
    p = s.players[0]
    p.progress[1] = 1
    p.colonies["quilon"] = ["quilon-a", [[0] * 5]]
    p.colonies["cochin"] = ["cochin-a", [[0] * 5]]
    s = run(s, "p0: harvest", "p0: spice ginger")
    assert s.players[0].colonies["quilon"][1] == [[1, 0, 0, 0, 0]]


@pytest.mark.parametrize(("row", "amount"), [(0, 1), (1, 2), (3, 6), (4, 8)])
def test_harvest_amount_by_row(row, amount):
    s = at_actions()
    s.players[0].progress[1] = row
    s.players[0].colonies["calicut"] = ["calicut-a", [[0] * 5]]
    give_plantation(s, 0, "ginger", cap=3, count=0)
    give_plantation(s, 0, "ginger", cap=3, count=0)
    s = run(s, "p0: harvest")
    stored = 0
    while s.pending:
        s = run(s, "p0: spice ginger")
        stored += 1
    assert stored == amount  # 3 + 3 on the plantations, 2 in Calicut: room for all 8


@pytest.mark.parametrize(("row", "drawn"), [(0, 1), (1, 2), (2, 2), (3, 2), (4, 3)])
def test_expedition_draw_by_row(row, drawn):
    s = at_actions()
    s.players[0].progress[3] = row
    s = run(s, "p0: expedition")
    assert len(s.players[0].hand) == drawn


@pytest.mark.parametrize(("row", "base"), [(0, 0), (1, 2), (2, 3), (4, 5)])
def test_colonists_base_by_row(row, base):
    s = at_actions()
    s.players[0].progress[4] = row
    _rig(s, 1, 1)
    s, events = act(s, "p0", "colony calicut")
    attempt = next(e for e in events if e.kind == "colony_attempt")
    assert attempt.data["base"] == base and attempt.data["total"] == base + 2


@pytest.mark.parametrize("revision", [1, 2])
def test_older_revisions_end_the_turn_with_the_action(revision):
    """Revisions 1 and 2 play on as before: no card after the action, the turn passes at once."""
    s = RULES.new(["p0", "p1", "p2"], 1, revision=revision).copy()
    s.phase, s.start, s.turn = "actions", 0, 0
    ships = next(c for c in data.REVISIONS[revision].card_ids if data.CARDS[c]["effect"] == "ships")
    s.players[0].hand = [ships]
    s, _ = act(s, "p0", "taxes")
    assert s.pending == [] and RULES.to_act(s) == ["p1"] and s.players[0].hand == [ships]


def test_the_card_after_the_action_reads_the_hidden_hand_and_speaks_every_language():
    s = at_actions()
    s.players[0].hand = [card_id("ducats")]
    s, _ = act(s, "p0", "taxes")
    assert s.pending == [{"kind": "after", "seat": 0}]
    assert RULES.private_choices(s, "p0") and not RULES.private_choices(s, "p1")
    assert RULES.view(s, "p1")["pending"] == {"kind": "after", "seat": "p0"}
    assert "ducats" not in RULES.view(s, "p1")["players"]["p0"]
    prompts, labels = set(), set()
    for lang in ("en", "nl", "ja", "zh-CN", "zh-TW"):
        prompts.add(RULES.prompt(s, "p0", lang))
        labels.add(RULES.label(s, "p0", Action("done"), lang))
    assert len(prompts) == 5 and len(labels) == 5
    assert RULES.label(s, "p0", Action("done"), "nl") == "Doorgaan zonder kaart"
    # bad input in the step: a sentence that names the decision, and nothing changes
    assert_illegal_changes_nothing(RULES, s, "p0", "taxes")
    err = RULES.refusal(s, "p0", Action("taxes"))
    assert "after it" in err
