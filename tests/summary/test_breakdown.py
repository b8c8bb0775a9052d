"""Every point by category: in whole random games of each title and player count, the breakdown
sums to the score for every seat, each scoring event lands in its category, and ``progress``
follows the score and ends on the result."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import GAMES
from engine.core import Event
from engine.cuba.state import CATEGORIES as CUBA_CATEGORIES
from engine.goa.rules import CATEGORIES as GOA_CATEGORIES
from engine.goa.rules import HIDDEN_CATEGORIES
from engine.santiago import data as sd
from engine.santiago.rules.common import CATEGORIES as SANTIAGO_CATEGORIES
from tests.summary.helpers import replay

SEEDS = tuple(range(1, 7))
GAME_PLAYERS = [
    (game_id, n, seed)
    for game_id in ("cuba", "santiago", "goa")
    for n in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
    for seed in SEEDS
]
ALL_CATEGORIES = {"cuba": CUBA_CATEGORIES, "santiago": SANTIAGO_CATEGORIES, "goa": GOA_CATEGORIES}


@pytest.mark.parametrize("game_id,players,seed", GAME_PLAYERS)
def test_breakdown_sums_to_the_score_and_progress_ends_on_it(game_id, players, seed):
    rules = GAMES[game_id]
    kind = "heuristic" if seed % 3 == 0 else "random"
    state = None
    for state, _ in replay(game_id, players, seed, kind):
        progress = rules.progress(state)
        assert set(progress["scores"]) == set(state_seats(game_id, state))
    result = rules.result(state)
    for seat, score in result.scores.items():
        assert sum(result.breakdown[seat].values()) == score, (seat, result.breakdown[seat])
        # a fresh game accounts for every point: nothing is left unsplit
        assert list(result.breakdown[seat]) == [c for c in ALL_CATEGORIES[game_id] if c != "play"]
    assert rules.progress(state)["scores"] == result.scores


def state_seats(game_id: str, state: Any) -> list[str]:
    return list(state.seats) if game_id == "goa" else list(state["seats"])


# ---- Cuba: each scoring event in its category -------------------------------------------------


def cuba_expected(events: list[Event]) -> Counter:
    """(seat, category) → VP the events of one action say were scored during play."""
    by_kind = {
        "ship": "shipping",
        "tax_paid": "statutes",
        "duty_paid": "statutes",
        "subsidy": "statutes",
        "use": "building_use",
        "architect_vp": "architect",
    }
    out: Counter = Counter()
    for e in events:
        if e.kind in by_kind and "vp" in e.data:
            out[(e.seat, by_kind[e.kind])] += e.data["vp"]
    return out


def vp_by_delta(before: dict, after: dict) -> Counter:
    out: Counter = Counter()
    for seat, player in after["players"].items():
        for category, vp in player["vp_by"].items():
            change = vp - before["players"][seat]["vp_by"].get(category, 0)
            if change:
                out[(seat, category)] += change
    return out


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_cuba_scoring_lands_in_its_category(players, seed):
    before = None
    seen: Counter = Counter()
    for state, events in replay("cuba", players, seed):
        if before is not None and not any(e.kind == "game_over" for e in events):
            expected = +cuba_expected(events)
            assert vp_by_delta(before, state) == expected, [e.kind for e in events]
            for player in state["players"].values():
                assert player["vp"] == sum(player["vp_by"].values())
            seen.update(category for _, category in expected)
        before = state
    result = GAMES["cuba"].result(state)
    for seat in state["seats"]:
        play = {c: v for c, v in result.breakdown[seat].items() if c != "buildings"}
        assert play == before["players"][seat]["vp_by"]
    assert {"shipping", "statutes", "architect"} <= set(seen)


def test_cuba_building_use_and_end_bonus_categories():
    from engine.cuba.rules.buildings import use_building
    from engine.cuba.rules.round import final_scoring
    from tests.cuba.helpers import give, place_building, started

    s = started(3)
    place_building(s, "p0", "hotel", 1, 1)
    place_building(s, "p0", "rum_bar", 1, 2)
    give(s, "p0", rum=2)
    use_building(s, "p0", "hotel", [], [])
    use_building(s, "p0", "rum_bar", [2], [])
    assert s["players"]["p0"]["vp_by"]["building_use"] == 2 + 4
    final_scoring(s, [])
    breakdown = GAMES["cuba"].result(s).breakdown["p0"]
    assert breakdown["building_use"] == 6 and breakdown["buildings"] == 4
    assert sum(breakdown.values()) == GAMES["cuba"].result(s).scores["p0"] == 10


def test_cuba_schema_1_loads_with_its_vp_unsplit_and_scores_on_by_category():
    rules = GAMES["cuba"]
    states = [state for state, _ in replay("cuba", 3, 21)]
    middle = states[len(states) // 2]
    old = rules.dump(middle)
    old["schema"] = 1
    for player in old["players"].values():
        del player["vp_by"]
    loaded = rules.load(old)
    assert loaded["schema"] == 2 and all(p["vp_by"] == {} for p in loaded["players"].values())
    assert rules.dump(rules.load(rules.dump(loaded))) == rules.dump(loaded)
    from engine.ai import player

    bots = {s: player("cuba", "random", i) for i, s in enumerate(loaded["seats"])}
    state = loaded
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, bots[seat].choose({}, rules.legal(state, seat)))
    result = rules.result(state)
    for seat in state["seats"]:
        breakdown = result.breakdown[seat]
        assert sum(breakdown.values()) == result.scores[seat]
        assert breakdown.get("play", 0) == middle["players"][seat]["vp"]


# ---- Santiago ---------------------------------------------------------------------------------

SANTIAGO_BUILDING_VP = {sd.CHURCH: sd.CHURCH_VP, sd.SAWMILL: sd.SAWMILL_VP}


def santiago_expected(events: list[Event]) -> Counter:
    out: Counter = Counter()
    for e in events:
        if e.kind == "deliver":
            out[(e.seat, "deliveries")] += e.data["vp"]
        elif e.kind == "owner_vp":
            out[(e.seat, "owners")] += e.data["vp"]
        elif e.kind == "cuban" and "vp" in e.data["got"]:
            out[(e.seat, "cubans")] += e.data["got"]["vp"]
        elif e.kind == "zorro_give" and e.data["what"] == "vp":
            out[(e.seat, "cubans")] -= 1
            out[(e.data["to"], "cubans")] += 1
        elif e.kind == "use" and e.data["building"] == sd.CASINO:
            sign = 1 if e.data["direction"] == "buy" else -1
            out[(e.seat, "casino")] += sign * e.data["n"]
        elif e.kind == "use" and e.data["building"] in SANTIAGO_BUILDING_VP:
            out[(e.seat, "buildings")] += SANTIAGO_BUILDING_VP[e.data["building"]]
        elif e.kind == "use" and "vp" in e.data:  # café, office
            out[(e.seat, "buildings")] += e.data["vp"]
    return Counter({k: v for k, v in out.items() if v})


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (3, 34), (4, 35)])
def test_santiago_scoring_lands_in_its_category(players, seed):
    before = None
    seen: set = set()
    for state, events in replay("santiago", players, seed):
        if before is not None and not any(e.kind == "game_over" for e in events):
            expected = santiago_expected(events)
            assert vp_by_delta(before, state) == expected, [e.kind for e in events]
            seen |= {category for _, category in expected}
        for player in state["players"].values():
            assert player["vp"] == sum(player["vp_by"].values())
        before = state
    assert {"deliveries", "cubans", "buildings", "owners"} <= seen
    result = GAMES["santiago"].result(state)
    for seat in state["seats"]:
        assert result.breakdown[seat]["start"] == sd.START_VP
        goods = sum(before["players"][seat]["goods"].values())
        assert result.breakdown[seat]["goods"] == goods // sd.GOODS_PER_END_VP


def test_santiago_progress_is_the_vp_and_the_ship_number():
    rules = GAMES["santiago"]
    numbers = []
    for state, _ in replay("santiago", 3, 41):
        progress = rules.progress(state)
        numbers.append(progress["round"])
        if rules.result(state) is None:
            assert progress["scores"] == {s: p["vp"] for s, p in state["players"].items()}
    assert numbers[0] == 1 and numbers[-1] == 7
    assert numbers == sorted(numbers) and set(numbers) == set(range(1, 8))


# ---- Goa ----------------------------------------------------------------------------------------


def test_goa_progress_counts_the_open_table_then_everything_at_the_end():
    rules = GAMES["goa"]
    rounds = []
    for state, _ in replay("goa", 3, 51):
        progress = rules.progress(state)
        rounds.append(progress["round"])
        if rules.result(state) is None:
            open_points = {
                seat: sum(v for c, v in b.items() if c not in HIDDEN_CATEGORIES)
                for seat, b in rules.scores(state).items()
            }
            assert progress["scores"] == open_points
    assert progress["scores"] == rules.result(state).scores
    assert rounds == sorted(rounds) and set(rounds) == set(range(1, 9))
    assert {"cards", "ducats"} == HIDDEN_CATEGORIES
