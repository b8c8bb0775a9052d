"""Every kind of move weighed (issue 31): the strong player's candidates are the heuristic's own
move, then the best-scored move of every other kind, then the rest by score — never the first
few in rule order — in every title."""

from __future__ import annotations

import pytest

from engine import GAMES
from engine.ai import seat_view
from engine.core import Action, Rng
from engine.cuba import ai as cuba_ai
from engine.santiago import ai as santiago_ai
from engine.search import StrongPlayer, adapter, every_kind, heuristic_factory, heuristic_first, score_order
from tests.ai.test_strong import positions

BIDS = {"bid", "outbid"}


def test_every_kind_puts_the_first_then_the_best_of_each_other_kind() -> None:
    legal = [Action("advance", (c,)) for c in ("ships", "taxes")] + [
        Action("colony", ("x",)),
        Action("done"),
        Action("colony", ("y",)),
    ]
    score = {legal[0]: 5.0, legal[1]: 4.0, legal[2]: 1.0, legal[3]: -1.0, legal[4]: 3.0}
    order = every_kind(legal[1], legal, score.__getitem__)
    assert order == [legal[1], legal[4], legal[3], legal[0], legal[2]]


@pytest.mark.parametrize("game_id", ["cuba", "santiago", "goa"])
def test_the_heuristics_own_move_comes_first(game_id: str) -> None:
    rules = GAMES[game_id]
    checked = 0
    for state, seat in positions(game_id, 11, 13):
        view, legal = rules.view(state, seat), rules.legal(state, seat)
        expected = heuristic_factory(game_id)(Rng(4).next64()).choose(view, legal)
        assert heuristic_first(view, legal, Rng(4), None, game_id)[0] == expected
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("game_id", ["cuba", "santiago", "goa"])
def test_the_candidates_weigh_every_kind_of_move_the_seat_has(game_id: str) -> None:
    rules, ad = GAMES[game_id], adapter(game_id)
    checked = many_kinds = 0
    for state, seat in positions(game_id, 12, 3):
        view, legal = seat_view(game_id, "strong", state, seat), rules.legal(state, seat)
        kinds = {a.kind for a in legal}
        if kinds & BIDS or (game_id == "cuba" and state["step"] == "trader" and state["pending"].get("traded")):
            continue  # bids are spread over their range; a trader's further trades: see test_strong
        weighed = StrongPlayer(game_id, 1).candidates(view, legal)
        assert len(set(weighed)) == len(weighed) == min(len(legal), ad.max_candidates)
        assert set(weighed) <= set(legal)
        assert len({a.kind for a in weighed}) == min(len(kinds), ad.max_candidates)
        many_kinds += len(kinds) > 1
        checked += 1
    assert checked > 40 and many_kinds > 5


def test_goa_weighs_colonies_flags_passes_and_done_when_the_seat_may_play_them() -> None:
    rules, ad = GAMES["goa"], adapter("goa")
    weighed_kinds: dict[str, list[bool]] = {}
    for seed in (13, 14):
        for state, seat in positions("goa", seed, 1):
            legal = rules.legal(state, seat)
            kinds = {a.kind for a in legal}
            if kinds & BIDS or len(kinds) > ad.max_candidates:
                continue
            weighed = {a.kind for a in StrongPlayer("goa", 2).candidates(seat_view("goa", "strong", state, seat), legal)}
            for kind in kinds & {"colony", "flag", "pass", "done"}:
                weighed_kinds.setdefault(kind, []).append(kind in weighed)
    assert {"colony", "done"} <= weighed_kinds.keys()
    assert all(all(seen) for seen in weighed_kinds.values())
    assert sum(len(v) for v in weighed_kinds.values()) > 30


def test_score_order_puts_the_first_then_every_other_move_by_score() -> None:
    legal = [Action("drive", (n,)) for n in (1, 2, 3)] + [Action("pass")]
    score = {legal[0]: 1.0, legal[1]: 3.0, legal[2]: 3.0, legal[3]: 0.0}
    assert score_order(legal[3], legal, score.__getitem__) == [legal[3], legal[1], legal[2], legal[0]]


def test_santiagos_legacy_prior_is_the_heuristics_move_then_the_rest_by_worth() -> None:
    """The bench's "today's strong" field of Santiago weighs the candidates of before issue 31,
    not every kind of move (``prior(legacy=True)`` used to fall through to :func:`every_kind`)."""
    rules, ad = GAMES["santiago"], adapter("santiago")
    checked = differ = 0
    for state, seat in positions("santiago", 21, 2):
        view, legal = rules.view(state, seat), rules.legal(state, seat)
        old = ad.prior(view, legal, Rng(5), legacy=True)
        rng = Rng(5)
        worth = santiago_ai.HeuristicPlayer(rng.next64()).worth
        choice = santiago_ai.HeuristicPlayer(rng.next64()).choose(view, legal)
        by_worth = sorted(legal, key=lambda a: -worth(view, a))  # a stable sort keeps the rules' order
        assert old == [choice, *(a for a in by_worth if a != choice)]
        new = ad.prior(view, legal, Rng(5))
        assert new[0] == choice and sorted(map(str, new)) == sorted(map(str, old))
        differ += new[: ad.max_candidates] != old[: ad.max_candidates]
        checked += 1
    assert checked > 40 and differ > 5


def test_cubas_legacy_prior_is_the_heuristics_move_then_the_rest_by_score() -> None:
    """Cuba's "today's strong" field weighs the candidates of before issue 31 too (the flag used to
    be dropped by :func:`heuristic_first`)."""
    rules, ad = GAMES["cuba"], adapter("cuba")
    checked = differ = 0
    for state, seat in positions("cuba", 22, 2):
        view, legal = rules.view(state, seat), rules.legal(state, seat)
        if legal[0].kind == "bid" or (state["step"] == "trader" and state["pending"].get("traded")):
            continue  # bids are spread over their range, further trades left to the heuristic
        old = ad.prior(view, legal, Rng(5), legacy=True)
        rng = Rng(5)
        scorer = cuba_ai.HeuristicPlayer(rng.next64())
        choice = heuristic_factory("cuba")(rng.next64()).choose(view, legal)
        me = view["players"][seat]
        by_score = sorted(legal, key=lambda a: -scorer.score(view, seat, me, a))
        assert old == [choice, *(a for a in by_score if a != choice)]
        differ += ad.prior(view, legal, Rng(5))[: ad.max_candidates] != old[: ad.max_candidates]
        checked += 1
    assert checked > 40 and differ > 5


def test_goas_legacy_prior_is_the_heuristics_move_then_the_rules_order() -> None:
    """Goa's "today's strong" field: the heuristic's move, then the rest in the rules' order."""
    rules, ad = GAMES["goa"], adapter("goa")
    checked = differ = 0
    for state, seat in positions("goa", 23, 2):
        view, legal = rules.view(state, seat), rules.legal(state, seat)
        if len([a for a in legal if a.kind in BIDS]) > 1:
            continue  # bids are spread over their range
        old = ad.prior(view, legal, Rng(5), legacy=True)
        choice = heuristic_factory("goa")(Rng(5).next64()).choose(view, legal)
        assert old == [choice, *(a for a in legal if a != choice)]
        differ += ad.prior(view, legal, Rng(5))[: ad.max_candidates] != old[: ad.max_candidates]
        checked += 1
    assert checked > 40 and differ > 5
