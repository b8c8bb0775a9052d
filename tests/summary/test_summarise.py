"""``engine.summary.summarise`` on replayed games of every title: a point per round ending on
the final score, every category, every word in the reader's language, JSON-able."""

from __future__ import annotations

import json

import pytest

from engine import GAMES
from engine.i18n import LANGUAGES
from engine.summary import summarise
from tests.summary.helpers import states_of

ROUNDS = {"cuba": 6, "santiago": 7, "goa": 8}
NAMES = {"p0": "Ana", "p1": "王小明", "p2": "Жора", "p3": "Bartholomew van der Zee", "p4": "Zoë"}
CASES = [
    (game_id, n, seed)
    for game_id in ROUNDS
    for n in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize("game_id,players,seed", CASES)
def test_series_has_a_point_per_round_ending_on_the_final_score(game_id, players, seed):
    rules = GAMES[game_id]
    states = states_of(game_id, players, seed)
    summary = summarise(game_id, iter(states), NAMES, bots=["p1"])
    result = rules.result(states[-1])
    seats = [f"p{i}" for i in range(players)]
    assert summary["rounds"] == list(range(1, ROUNDS[game_id] + 1))
    assert set(summary["series"]) == set(seats)
    for seat in seats:
        assert len(summary["series"][seat]) == len(summary["rounds"])
        assert summary["series"][seat][-1] == summary["final"][seat] == result.scores[seat]
    assert summary["ranking"] == result.ranking and summary["places"] == result.places
    assert summary["finished"] is True
    assert summary["bots"] == ["p1"] and summary["names"] == {s: NAMES[s] for s in seats}


@pytest.mark.parametrize("game_id,players,seed", CASES)
def test_categories_are_complete_and_sum_to_the_final_score(game_id, players, seed):
    rules = GAMES[game_id]
    states = states_of(game_id, players, seed, "heuristic")
    summary = summarise(game_id, states, NAMES)
    result = rules.result(states[-1])
    assert summary["categories"] == list(result.breakdown["p0"])
    for seat, points in summary["breakdown"].items():
        assert list(points) == summary["categories"]
        assert points == result.breakdown[seat]
        assert sum(points.values()) == summary["final"][seat]
    assert json.loads(json.dumps(summary)) == summary


def test_the_series_samples_the_last_state_of_each_round():
    rules = GAMES["cuba"]
    states = states_of("cuba", 3, 5)
    summary = summarise("cuba", states, NAMES)
    for r in (1, 2, 3, 4, 5):
        last_of_round = [s for s in states if rules.progress(s)["round"] == r][-1]
        for seat, points in rules.progress(last_of_round)["scores"].items():
            assert summary["series"][seat][r - 1] == points


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", list(ROUNDS))
def test_every_word_in_the_readers_language(game_id, lang):
    rules = GAMES[game_id]
    summary = summarise(game_id, states_of(game_id, 2, 3), {}, lang=lang)
    labels = summary["labels"]
    assert summary["title"] == rules.display_title(lang) and summary["lang"] == lang
    for category in summary["categories"]:
        assert labels[category] == rules.category_name(category, lang)
        assert labels[category] != category, "the catalogue has no name for it"
    for word in ("round", "points", "total", "player", "final", "chart", "bot", "headline"):
        assert labels[word].strip(), word
    # no name given: "Player 1" in the reader's language
    assert summary["names"]["p0"] != summary["names"]["p1"]
    assert "1" in summary["names"]["p0"] and "2" in summary["names"]["p1"]


def test_santiago_counts_ships_and_the_headline_names_the_winner():
    summary = summarise("santiago", states_of("santiago", 3, 4), NAMES, lang="en")
    assert summary["labels"]["round"] == "Ship"
    assert summary["labels"]["chart"] == "Points after each ship"
    winner = summary["ranking"][0]
    assert summary["labels"]["headline"] == f"{NAMES[winner]} wins!"


@pytest.mark.parametrize("game_id,players,seed", [("goa", 2, 74), ("cuba", 2, 36)])
def test_a_shared_win(game_id, players, seed):
    summary = summarise(game_id, states_of(game_id, players, seed), NAMES, lang="en")
    assert summary["places"] == {"p0": 1, "p1": 1}
    assert summary["final"]["p0"] == summary["final"]["p1"]
    assert summary["labels"]["headline"] == "Ana and 王小明 share the win!"


def test_a_replay_from_a_later_state_charts_the_rounds_from_there():
    """A game replayed from its replay base (bot.stores.rows.ReplayBase): the rounds before the base
    are not in the states, so the chart starts at the base's round instead of showing 0 there."""
    rules = GAMES["cuba"]
    states = [s for s in states_of("cuba", 3, 9) if rules.progress(s)["round"] >= 4]
    summary = summarise("cuba", states, NAMES, lang="en")
    assert summary["rounds"] == [4, 5, 6] and summary["finished"] is True
    for seat, points in summary["series"].items():
        assert len(points) == 3 and min(points) > 0 and points[-1] == summary["final"][seat]


def test_a_replay_that_stops_early_ranks_the_points_so_far():
    rules = GAMES["cuba"]
    states = states_of("cuba", 3, 9)
    cut = [s for s in states if rules.progress(s)["round"] <= 3]
    summary = summarise("cuba", cut, NAMES, lang="en")
    assert summary["finished"] is False and summary["rounds"] == [1, 2, 3]
    now = rules.progress(cut[-1])["scores"]
    assert summary["final"] == now
    assert summary["categories"] == [] and summary["breakdown"] == {s: {} for s in now}
    assert summary["labels"]["headline"].endswith(("leads", "share the lead"))
    best = max(now.values())
    assert all(now[s] == best for s in summary["ranking"] if summary["places"][s] == 1)


def test_no_state_is_an_error():
    with pytest.raises(ValueError):
        summarise("goa", [], NAMES)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hints_each_player_used_are_in_the_summary_and_its_picture(lang):
    import io

    from PIL import Image

    import render
    from engine.i18n import common

    states = states_of("santiago", 3, 1)
    plain = summarise("santiago", iter(states), NAMES, lang=lang)
    summary = summarise("santiago", iter(states), NAMES, lang=lang, hints={"p0": 3, "p2": 1, "p1": 0})
    assert plain["hints"] == {} and "hints" not in plain["labels"]
    assert summary["hints"] == {"p0": 3, "p2": 1}  # only the players who asked
    assert summary["labels"]["hints"].startswith(common(lang, "summary.hints", list="")[:3])
    assert "Ana 3" in summary["labels"]["hints"] and "Жора 1" in summary["labels"]["hints"]
    with_hints = Image.open(io.BytesIO(render.summary(summary)))
    without = Image.open(io.BytesIO(render.summary(plain)))
    assert with_hints.height > without.height  # a line of its own under the table
