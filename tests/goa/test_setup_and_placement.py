"""Setup, the flag and the marker chain."""

import pytest

from engine.core import IllegalAction
from engine.goa import data
from engine.goa.rules import common as board
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, act, fresh, legal_texts, run


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_per_player_count(n):
    s = fresh(n, seed=7)
    assert len(s.grid) == 25 and len(set(s.grid)) == 25
    assert all(t in data.A_TILE_IDS for t in s.grid)
    for i, p in enumerate(s.players):
        assert (p.ships, p.colonists, p.extra) == (4, 2, 0)
        assert p.ducats == (7 if i == s.start else 10)
        assert p.progress == [0] * 5 and p.hand == []
    # the tiger draw: cards revealed one per player in turn; the last one is the first tiger
    assert [data.CARDS[c]["symbol"] for c in s.discard].count("tiger") == 1
    assert data.CARDS[s.discard[-1]]["symbol"] == "tiger"
    assert s.start == (len(s.discard) - 1) % n
    assert len(s.deck) + len(s.discard) == 30
    assert RULES.to_act(s) == [s.seats[s.start]] and s.phase == "flag"
    assert sorted(s.colony_stacks["cochin"]) == s.colony_stacks["cochin"]
    assert sum(len(v) for v in s.colony_stacks.values()) == 18


def test_setup_refuses_bad_counts_and_options():
    with pytest.raises(IllegalAction, match="2 to 4"):
        RULES.new(["p0"], 1)
    with pytest.raises(IllegalAction, match="option"):
        RULES.new(["p0", "p1"], 1, bonanza=True)


def test_setup_is_deterministic_and_seeds_differ():
    assert RULES.dump(fresh(4, 3)) == RULES.dump(fresh(4, 3))
    assert fresh(4, 3).grid != fresh(4, 4).grid


def _start0(n=4, seed=1):
    s = fresh(n, seed).copy()
    s.start = 0
    return s


def test_flag_goes_on_the_ring_when_the_grid_is_full():
    s = _start0()
    places = legal_texts(s, "p0")
    assert len(places) == 20
    assert {"flag a0", "flag e6", "flag z3", "flag f5"} <= set(places)
    assert "flag c3" not in places  # a tile lies there


def test_flag_may_take_an_emptied_space_next_to_a_tile_only():
    s = _start0()
    s.grid[board.index((2, 2))] = None  # c3 emptied
    assert "flag c3" in legal_texts(s, "p0")
    # empty a whole top row: the ring above it touches no tile any more
    for c in range(5):
        s.grid[board.index((0, c))] = None
    texts = legal_texts(s, "p0")
    assert "flag a0" not in texts and "flag b1" in texts  # b1 touches b2
    msg = assert_illegal_changes_nothing(RULES, s, "p0", "flag a0")
    assert "next to" in msg


def test_marker_chain_adjacency_and_placing_order():
    s = run(_start0(4), "p0: flag c0")
    assert RULES.to_act(s) == ["p1"]
    assert sorted(legal_texts(s, "p1")) == ["marker b1", "marker c1", "marker d1"]
    s = run(s, "p1: marker d1")
    # diagonal neighbours count; d1 itself is marked
    assert sorted(legal_texts(s, "p2")) == ["marker c1", "marker c2", "marker d2", "marker e1", "marker e2"]
    s = run(s, "p2: marker e2", "p3: marker e1")
    assert RULES.to_act(s) == ["p0"]  # the start player places the last marker (N+1)
    assert "marker e1" not in legal_texts(s, "p0") and "marker d2" in legal_texts(s, "p0")
    s = run(s, "p0: marker d2")
    assert s.phase == "auction" and [board.pos_name(p) for p in s.chain] == ["c0", "d1", "e2", "e1", "d2"]
    assert s.chain_owner == [0, 1, 2, 3, 0]


def test_two_player_chain_has_three_markers():
    s = run(_start0(2), "p0: flag a0", "p1: marker a1", "p0: marker b2")
    assert s.phase == "auction" and len(s.chain) == 3


def test_marker_fallback_when_nothing_is_free_around():
    s = _start0(3)
    # leave tiles only at a1 (next to the flag) and far away at e5, e4
    for q in board.GRID:
        if board.pos_name(q) not in ("a1", "e5", "e4"):
            s.grid[board.index(q)] = None
    s = run(s, "p0: flag a0", "p1: marker a1")
    # nothing unmarked next to a1: any unmarked tile
    assert sorted(legal_texts(s, "p2")) == ["marker e4", "marker e5"]
    s = run(s, "p2: marker e5")
    # back to adjacency: e4 is next to e5
    assert legal_texts(s, "p0") == ["marker e4"]


def test_marker_refused_far_from_the_previous_one():
    s = run(_start0(3), "p0: flag c0")
    msg = assert_illegal_changes_nothing(RULES, s, "p1", "marker e5")
    assert "next to C0" in msg
    assert "not your turn" in assert_illegal_changes_nothing(RULES, s, "p2", "marker c1")


def test_refusals_are_sentences_for_garbage():
    s = _start0(3)
    assert_illegal_changes_nothing(RULES, s, "p0", "flag zz")
    assert_illegal_changes_nothing(RULES, s, "p0", "dance")
    with pytest.raises(IllegalAction):
        act(s, "p0", "")


def test_flag_on_an_emptied_space_takes_markers_on_all_eight_neighbours():
    s = _start0(3)
    s.grid[board.index((2, 2))] = None  # c3
    s.grid[board.index((1, 1))] = None  # b2 emptied too: no tile there
    s = run(s, "p0: flag c3")
    assert sorted(legal_texts(s, "p1")) == [
        "marker b3",
        "marker b4",
        "marker c2",
        "marker c4",
        "marker d2",
        "marker d3",
        "marker d4",
    ]
