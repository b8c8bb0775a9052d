"""What the heuristic players do in situations that matter, checked over whole games: each
decision of the heuristic seat is compared with the alternatives it had."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import GAMES
from engine.ai import player
from engine.core import Action
from engine.cuba.ai import MIN_STAKE_VP, parliament_stake, statute_edges
from engine.cuba.data import BERTH_VP
from engine.goa.data import COLUMN_INDEX


def heuristic_decisions(game_id: str, seeds: range) -> Iterator[tuple[dict[str, Any], list[Action], Action]]:
    """(view, legal, choice) of the heuristic seat p0 in 4-player games against random players."""
    rules = GAMES[game_id]
    seats = ["p0", "p1", "p2", "p3"]
    for seed in seeds:
        state = rules.new(seats, seed)
        bots = {
            s: player(game_id, "heuristic" if s == "p0" else "random", seed + i) for i, s in enumerate(seats)
        }
        step = 0
        while rules.result(state) is None:
            to_act = rules.to_act(state)
            seat = to_act[step % len(to_act)]
            view, legal = rules.view(state, seat), rules.legal(state, seat)
            action = bots[seat].choose(view, legal)
            if seat == "p0":
                yield view, legal, action
            state, _ = rules.apply(state, seat, action)
            step += 1


def ship_vp(action: Action) -> int:
    return BERTH_VP[action.args[0] - 1] * (len(action.args) - 1)


def test_cuba_mayor_ships_the_load_worth_most():
    shipped = 0
    for _, legal, action in heuristic_decisions("cuba", range(6)):
        if action.kind == "ship":
            assert ship_vp(action) == max(ship_vp(a) for a in legal if a.kind == "ship")
            shipped += 1
    assert shipped >= 6


def test_cuba_bids_only_when_the_proposals_are_worth_it_and_never_all_its_money_early():
    bids = stakes = 0
    for view, _, action in heuristic_decisions("cuba", range(12)):
        if action.kind == "bid":
            bids += 1
            if parliament_stake(view, statute_edges(view, "p0")) < MIN_STAKE_VP:
                assert action.args[0] == 0
            else:
                stakes += 1
            me = view["players"]["p0"]
            if view["round"] < view["rounds"] and me["pesos"] > 4:
                assert action.args[0] < me["pesos"]
    assert bids >= 12 and 0 < stakes < bids


def test_santiago_delivers_goods_the_ship_pays_for_rather_than_passing():
    delivery_turns = 0
    for _view, legal, action in heuristic_decisions("santiago", range(6)):
        if any(a.kind == "deliver" for a in legal):
            delivery_turns += 1
            assert action.kind in ("deliver", "wood")
    assert delivery_turns >= 6


def test_goa_advances_a_column_that_lags_when_it_can():
    advances = 0
    for view, legal, action in heuristic_decisions("goa", range(6)):
        plain = [a for a in legal if a.kind == "advance" and len(a.args) == 1]
        if action.kind == "advance" and len(action.args) == 1 and len(plain) > 1:
            progress = view["players"]["p0"]["progress"]
            row = progress[COLUMN_INDEX[action.args[0]]]
            lowest = min(progress[COLUMN_INDEX[a.args[0]]] for a in plain)
            assert row == lowest
            advances += 1
    assert advances >= 3


def test_goa_stores_a_spice_its_next_advances_ask_for_when_it_may():
    from engine.goa.data import REVISIONS

    asked = stored = 0
    for view, legal, action in heuristic_decisions("goa", range(4)):
        if action.kind not in ("spice", "fill"):
            continue
        progress = view["players"]["p0"]["progress"]
        costs = REVISIONS[view["revision"]].advance_spices
        wanted = {k for c, row in enumerate(progress) if row < 5 for k in costs[c][row]}
        if any(a.args[0] in wanted for a in legal if a.kind == action.kind):
            asked += 1
            stored += action.args[0] in wanted
    assert asked >= 20 and stored == asked
