"""The end-of-game summary: who scored what, by category and over the rounds.

:func:`summarise` replays nothing itself: it reads the states of a replay (the initial state,
then the state after every action) through the contract (``progress`` and ``result``) and
returns one JSON-able dict that ``render.summary`` draws and the bot may store::

    {
      "game": "cuba", "title": "古巴", "lang": "zh-CN",
      "names": {seat: name}, "bots": [seat, …],
      "rounds": [1, 2, …, n],                # from the first state's round (a game
                                             # replayed from a replay base starts later)
      "series": {seat: [points at the end of round 1, …, of round n]},
      "final": {seat: points}, "ranking": [seat, …], "places": {seat: 1…},
      "finished": True,                      # False when the states stop before the end
      "categories": [category, …],           # the game's scoring categories, in its order
      "breakdown": {seat: {category: points}},
      "tiebreak": {…},                       # what the tie-break compared (pesos, goods…)
      "labels": {category: its name, "round", "points", "total", "player", "final", "chart",
                 "headline", "bot", "hints"},  # every word the picture writes, in ``lang``
      "hints": {seat: hints used},           # only the seats that asked for hints
    }

A round's point is the score in the last state of that round, so the last point of every
series is the final score. The engine stays pure: no Pillow here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import GAMES
from engine.core import Result, Rules, rank_by_keys
from engine.i18n import DEFAULT, LANGUAGES, Catalogue, common, join_words

__all__ = ["summarise"]

#: Games whose "round" is something else: Santiago de Cuba counts the ships that sailed.
ROUND_WORDS: dict[str, str] = {"santiago": "ship"}

_WORDS = Catalogue("engine")


def summarise(
    game_id: str,
    states: Iterable[Any],
    names: Mapping[str, str],
    bots: Iterable[str] = (),
    lang: str = "en",
    hints: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """The summary of one game from the states of its replay (see the module docstring)."""
    rules = GAMES[game_id]
    lang = lang if lang in LANGUAGES else DEFAULT
    last_state, by_round = _scores_by_round(rules, states)
    seats = list(by_round[max(by_round)])
    rounds = list(range(min(by_round), max(by_round) + 1))
    series = _series(seats, rounds, by_round)
    result = rules.result(last_state)
    finished = result is not None
    if result is None:
        result = _standing(series)
    categories = _categories(result, seats)
    breakdown = {s: {c: int(result.breakdown.get(s, {}).get(c, 0)) for c in categories} for s in seats}
    display = {s: _name(names, s, lang) for s in seats}
    bot_seats = [s for s in seats if s in set(bots)]
    used = {s: int((hints or {}).get(s, 0)) for s in seats if (hints or {}).get(s)}
    labels = _labels(rules, game_id, categories, result, finished, display, lang)
    if used:
        listed = join_words([f"{display[s]} {n}" for s, n in used.items()], lang)
        labels["hints"] = common(lang, "summary.hints", list=listed)
    return {
        "game": game_id,
        "title": rules.display_title(lang),
        "lang": lang,
        "names": display,
        "bots": bot_seats,
        "rounds": rounds,
        "series": series,
        "final": {s: int(result.scores[s]) for s in seats},
        "ranking": list(result.ranking),
        "places": {s: int(result.places.get(s, result.ranking.index(s) + 1)) for s in seats},
        "finished": finished,
        "categories": categories,
        "breakdown": breakdown,
        "tiebreak": _jsonable(result.tiebreak),
        "hints": used,
        "labels": labels,
    }


def _scores_by_round(rules: Rules, states: Iterable[Any]) -> tuple[Any, dict[int, dict[str, int]]]:
    """The last state, and round → the scores in the last state of that round."""
    last = None
    by_round: dict[int, dict[str, int]] = {}
    for state in states:
        progress = rules.progress(state)
        by_round[int(progress["round"])] = {s: int(v) for s, v in progress["scores"].items()}
        last = state
    if last is None:
        raise ValueError("a summary needs at least one state")
    return last, by_round


def _series(seats: list[str], rounds: list[int], by_round: dict[int, dict[str, int]]) -> dict[str, list[int]]:
    """Each seat's points at the end of every round; a round no state was sampled in (the game
    jumped over it) keeps the points of the round before."""
    series: dict[str, list[int]] = {s: [] for s in seats}
    for r in rounds:
        for s in seats:
            earlier = series[s][-1] if series[s] else 0
            series[s].append(by_round.get(r, {}).get(s, earlier))
    return series


def _standing(series: dict[str, list[int]]) -> Result:
    """A ranking by the points so far, for a replay that stops before the end."""
    now = {s: points[-1] for s, points in series.items()}
    return rank_by_keys(now, {s: (v,) for s, v in now.items()})


def _categories(result: Result, seats: list[str]) -> list[str]:
    """The categories of the breakdown in the game's own order (the order its result lists
    them in, seat after seat, for a category only some seats have)."""
    out: list[str] = []
    for s in seats:
        for category in result.breakdown.get(s, {}):
            if category not in out:
                out.append(category)
    return out


def _name(names: Mapping[str, str], seat: str, lang: str) -> str:
    name = str(names.get(seat) or "").strip()
    if name:
        return name
    return common(lang, "summary.seat", n=int(seat.lstrip("p")) + 1)


def _labels(
    rules: Rules,
    game_id: str,
    categories: list[str],
    result: Result,
    finished: bool,
    names: dict[str, str],
    lang: str,
) -> dict[str, str]:
    """Every word the picture writes: the categories' names and the summary's own words; the
    headline names the winners (the leaders of a game that stopped before its end)."""
    unit = ROUND_WORDS.get(game_id, "round")
    winners = result.winners
    headline = "summary.wins" if finished else "summary.leads"
    labels = {c: rules.category_name(c, lang) for c in categories}
    labels.update(
        {
            "round": common(lang, f"summary.{unit}"),
            "chart": common(lang, f"summary.chart_{unit}s"),
            "points": common(lang, "summary.points"),
            "total": common(lang, "summary.total"),
            "player": common(lang, "summary.player"),
            "final": common(lang, "summary.final"),
            "bot": common(lang, "summary.bot"),
            # One winner or a shared place: a difference of meaning, not of grammatical number.
            "headline": _WORDS(
                lang,
                f"{headline}_{'alone' if len(winners) == 1 else 'shared'}",
                names=join_words([names[w] for w in winners], lang),
            ),
        }
    )
    return labels


def _jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and mappings as dicts (a tie-break's values)."""
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
