"""The shared engine pieces: actions, the RNG, results."""

import pytest

from engine.core import Action, Event, IllegalAction, Rng, parse_from_legal, rank_by_keys, undoable


def test_action_text_round_trip():
    for a in [Action("done"), Action("worker", (2, 3)), Action("build", ("cigar_factory", "at", 2, 1))]:
        assert Action.from_text(str(a)) == a


def test_action_from_text_rejects_empty_and_huge():
    with pytest.raises(IllegalAction):
        Action.from_text("   ")
    with pytest.raises(IllegalAction):
        Action.from_text("x " * 500)


def test_parse_from_legal_explains():
    legal = [Action("bid", (0,)), Action("bid", (1,))]
    assert parse_from_legal("BID 1", legal) == Action("bid", (1,))
    with pytest.raises(IllegalAction, match="bid 0"):
        parse_from_legal("bid 9", legal)
    with pytest.raises(IllegalAction, match="you can: bid"):
        parse_from_legal("dance", legal)


def test_rng_is_deterministic_and_resumable():
    a = Rng.from_seed(42)
    first = [a.randint(1, 6) for _ in range(5)]
    saved = a.state
    rest = [a.randrange(100) for _ in range(5)]
    b = Rng.from_seed(42)
    assert [b.randint(1, 6) for _ in range(5)] == first
    assert [Rng(saved).randrange(100) for _ in range(1)] == rest[:1]
    assert Rng.from_seed(1).state != Rng.from_seed(2).state


def test_rng_shuffle_is_a_permutation_and_covers_faces():
    rng = Rng.from_seed(7)
    items = list(range(20))
    assert sorted(rng.shuffled(items)) == items
    assert {rng.randint(1, 6) for _ in range(200)} == {1, 2, 3, 4, 5, 6}


def test_rank_by_keys_ties_and_tiebreak():
    r = rank_by_keys({"p0": 10, "p1": 10, "p2": 8}, {"p0": (10, 3), "p1": (10, 5), "p2": (8, 9)})
    assert r.ranking == ["p1", "p0", "p2"]
    assert r.places == {"p1": 1, "p0": 2, "p2": 3}
    shared = rank_by_keys({"p0": 5, "p1": 5}, {"p0": (5, 2), "p1": (5, 2)})
    assert shared.winners == ["p0", "p1"]


def test_event_round_trip_and_undoable():
    e = Event("bid", "p1", {"amount": 3}, visible_to=("p1",))
    assert Event.from_dict(e.to_dict()) == e
    assert not e.is_visible_to(None) and e.is_visible_to("p1") and not e.is_visible_to("p0")
    assert undoable([e]) and not undoable([Event("roll", random=True)])
