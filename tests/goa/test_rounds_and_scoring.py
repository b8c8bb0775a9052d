"""Extra actions, the end of a round, the switch to B tiles, final scoring and the tie-break."""

from engine.goa import data
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, act, at_actions, at_extra, card_id, legal_texts, run, tile_id


def _finish_actions(s):
    while s.phase == "actions":
        seat = RULES.to_act(s)[0]
        s = run(s, f"{seat}: pass")
    return s


def test_extra_actions_only_after_everyones_three_actions():
    s = at_actions()
    s.players[0].extra = 2
    assert "done" not in legal_texts(s, "p0")  # during actions: the card waits
    s = run(s, "p0: ships")
    assert s.players[0].extra == 2
    s = _finish_actions(s)
    # p1 and p2 hold nothing to play: only p0 gets an extra step, one action a turn
    assert s.phase == "extra" and RULES.to_act(s) == ["p0"]
    s = run(s, "p0: ships")
    assert s.players[0].extra == 1 and RULES.to_act(s) == ["p0"]  # nobody else is in: p0 again
    s = run(s, "p0: taxes")
    assert s.players[0].extra == 0 and s.phase == "flag" and s.round == 2  # nothing left to play


def test_extra_actions_go_round_the_table_one_at_a_time_until_all_have_passed():
    s = at_extra(3, start=1)
    s.players[0].extra = 2
    s.players[1].extra = 1
    s.players[2].extra = 1
    order = []
    for move in ("ships", "done", "ships", "ships"):
        seat = RULES.to_act(s)[0]
        order.append(seat)
        s = run(s, f"{seat}: {move}")
    # p1 takes one, p2 passes (out for the round), p0 takes one, p1 has nothing left, p0 again
    assert order == ["p1", "p2", "p0", "p0"]
    assert s.round == 2 and [p.extra for p in s.players] == [0, 0, 1]


def test_revision_1_games_keep_their_extra_step_order():
    s = at_extra(3, start=0)
    s.revision = 1
    s.players[0].extra = 2
    s.players[1].extra = 1
    s = run(s, "p0: ships")
    assert RULES.to_act(s) == ["p0"]  # revision 1: all of a player's cards on one turn
    s = run(s, "p0: ships", "p0: done")
    assert RULES.to_act(s) == ["p1"]


def test_extra_step_goes_in_turn_order_from_the_start_player():
    s = at_extra(3, start=1)
    for i in range(3):
        s.players[i].extra = 1
    order = []
    while s.phase == "extra":
        seat = RULES.to_act(s)[0]
        order.append(seat)
        s = run(s, f"{seat}: done")
    assert order == ["p1", "p2", "p0"]


def test_without_a_card_no_action_in_the_extra_step():
    """Nor an expedition card: it goes with an action (1st edition, 'The Expedition Cards');
    discarding it stays open."""
    s = at_extra()
    s.players[0].hand = [card_id("ships")]
    assert legal_texts(s, "p0") == [f"drop {card_id('ships')}", "done"]
    assert "no extra-action card" in assert_illegal_changes_nothing(RULES, s, "p0", "ships")
    assert "one per action" in assert_illegal_changes_nothing(RULES, s, "p0", f"play {card_id('ships')}")


def test_at_most_one_extra_action_card_is_kept_the_others_must_be_played():
    """1st edition, 'End of a Round' 3: a player with more than one must play all but one."""
    s = at_extra()
    s.players[0].extra = 3
    s.players[1].extra = 1
    assert "done" not in legal_texts(s, "p0")
    assert "play all but one" in assert_illegal_changes_nothing(RULES, s, "p0", "done")
    s = run(s, "p0: ships", "p1: done", "p0: ships")
    assert s.players[0].ships == 6 and "done" in legal_texts(s, "p0")
    s = run(s, "p0: done")
    assert [p.extra for p in s.players] == [1, 1, 0] and s.round == 2


def test_each_round_spice_claim_lapses_at_the_end_of_the_round():
    s = at_extra()
    s.players[0].claimed = ["a19"]
    s.players[0].extra = 1
    s = run(s, "p0: done")
    assert s.players[0].claimed == []


def test_switch_to_b_tiles_after_round_4_players_keep_their_tiles():
    s = at_extra()
    s.round = 4
    s.players[0].extra = 1
    s.players[1].tiles = ["a16"]
    s.grid[3] = None
    s = run(s, "p0: done")
    assert s.round == 5 and s.phase == "flag"
    assert len(s.grid) == 25 and all(t in data.B_TILE_IDS for t in s.grid) and len(set(s.grid)) == 25
    assert s.players[1].tiles == ["a16"]


def test_no_switch_after_other_rounds():
    s = at_extra()
    s.round = 3
    s.players[0].extra = 1
    grid = s.grid[:]
    s = run(s, "p0: done")
    assert s.round == 4 and s.grid == grid


def _final(n=3):
    s = at_extra(n)
    s.round = 8
    for p in s.players:
        p.ducats = 5
    s.players[0].extra = 1
    return s


def test_end_scoring_every_category():
    s = _final()
    p = s.players[0]
    p.progress = [4, 3, 2, 1, 0]  # 10 + 6 + 3 + 1 + 0 = 20
    p.colonies = {"quilon": ["quilon-a", [[0] * 5]], "cochin": ["cochin-a", [[0] * 5]]}  # 2 colonies: 3 VP
    tigers = [c for c, d in data.CARDS.items() if d["symbol"] == "tiger"][:3]
    cobra = [c for c, d in data.CARDS.items() if d["symbol"] == "cobra"][:1]
    p.hand = tigers + cobra  # 6 + 1
    p.ducats = 9  # most: 3
    p.plantations = [["a1", 0, 1, 0], ["a6", 0, 2, 2]]  # one single: 1
    p.duty_used = 1  # 4
    p.tiles = [tile_id(lambda d: d.get("vp") == 2, "b")]  # the 2-VP mission
    s = run(s, "p0: done")
    result = RULES.result(s)
    assert result.breakdown["p0"] == {
        "progress": 20,
        "colonies": 3,
        "cards": 7,
        "ducats": 3,
        "plantations": 1,
        "duty": 4,
        "missions": 2,
    }
    assert result.scores["p0"] == 40 and result.ranking[0] == "p0"
    assert RULES.to_act(s) == [] and s.phase == "over"


def test_colony_vp_table_is_the_rulebooks_and_revision_1_keeps_the_seeds():
    assert data.COLONY_VP == (0, 1, 3, 6, 10)
    s = _final()
    for count in range(5):
        s.players[1].colonies = {n: [f"{n}-a", [[0] * 5]] for n in data.COLONY_NAMES[:count]}
        assert RULES.scores(s)["p1"]["colonies"] == (0, 1, 3, 6, 10)[count]
        s.revision = 1
        assert RULES.scores(s)["p1"]["colonies"] == (0, 1, 2, 6, 10)[count]
        s.revision = data.CURRENT


def test_most_ducats_bonus_shared_by_all_tied():
    s = _final()
    s.players[1].ducats = 8
    s.players[2].ducats = 8
    scores = RULES.scores(s)
    assert [scores[x]["ducats"] for x in ("p0", "p1", "p2")] == [0, 3, 3]


def test_tie_on_points_goes_to_the_most_ducats_then_is_shared():
    s = _final()
    s.players[1].ducats = 4
    s.players[2].ducats = 4
    s.players[0].ducats = 3
    s.players[0].progress = [1, 1, 1, 0, 0]  # 3 VP = p1's and p2's 3 VP for most ducats
    s = run(s, "p0: done")
    result = RULES.result(s)
    assert result.scores == {"p0": 3, "p1": 3, "p2": 3}
    assert result.ranking == ["p1", "p2", "p0"]
    assert result.places == {"p1": 1, "p2": 1, "p0": 3}
    assert result.tiebreak["ducats"] == {"p0": 3, "p1": 4, "p2": 4}


def test_game_over_event_reveals_hidden_money():
    s = _final()
    s2, events = act(s, "p0", "done")
    over = [e for e in events if e.kind == "game_over"]
    assert over and over[0].reveals_hidden
    view = RULES.view(s2, None)
    assert all("ducats" in v and "hand" in v for v in view["players"].values())


def test_a_player_holding_only_cards_gets_no_extra_step():
    """1st edition: a card is played with an action, so cards alone give no extra turn (before
    revision 3 they did)."""
    s = at_actions()
    s.players[2].hand = [card_id("ships")]
    s = _finish_actions(s)
    assert s.round == 2 and s.phase == "flag" and s.players[2].hand == [card_id("ships")]
    old = at_actions()
    old.revision = 2
    old.players[2].hand = [1 + (card_id("ships") - 1) % 30]
    old = _finish_actions(old)
    assert old.phase == "extra" and RULES.to_act(old) == ["p2"]


def test_when_nobody_can_do_anything_the_extra_step_is_skipped():
    s = _finish_actions(at_actions())
    assert s.round == 2 and s.phase == "flag"
