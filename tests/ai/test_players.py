"""Every kind of computer player finishes many games of every title with legal choices only,
and is deterministic for a given seed."""

from __future__ import annotations

import pytest

from engine import BUILTIN_GAMES, GAMES
from engine.ai import KINDS, player
from tests.contract import long_run, play

GAMES_PER_TITLE = long_run(30)
#: The kinds that decide from the plain view at once; the strong player's search (which also
#: needs the seat's information set) is held to the same in tests/ai/test_strong.py, on a budget.
VIEW_KINDS = [k for k in KINDS if k != "strong"]


class CheckedPlayer:
    """Wraps a computer player and asserts that every choice is one of the legal actions."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def choose(self, view, legal):
        action = self.inner.choose(view, legal)
        assert action in legal, f"{action} is not among the legal actions"
        return action


@pytest.mark.slow
@pytest.mark.parametrize("kind", VIEW_KINDS)
@pytest.mark.parametrize("game_id", list(BUILTIN_GAMES))
def test_every_kind_finishes_many_games_of_every_title(game_id, kind):
    rules = GAMES[game_id]
    counts = range(rules.min_players, rules.max_players + 1)
    for seed in range(GAMES_PER_TITLE):
        # apply() raises IllegalAction for an illegal choice, so reaching the end proves legality
        _, result, actions = play(rules, counts[seed % len(counts)], 10_000 + seed, kind, full_checks=False)
        assert actions > 0 and result.winners


def action_log(game_id: str, kind: str, seed: int) -> list[str]:
    rules = GAMES[game_id]
    seats = ["p0", "p1", "p2"]
    state = rules.new(seats, seed)
    bots = {s: CheckedPlayer(player(game_id, kind, seed + i)) for i, s in enumerate(seats)}
    log = []
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        action = bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        log.append(f"{seat} {action}")
        state, _ = rules.apply(state, seat, action)
    return log


@pytest.mark.parametrize("kind", VIEW_KINDS)
@pytest.mark.parametrize("game_id", list(BUILTIN_GAMES))
def test_a_player_is_deterministic_for_its_seed(game_id, kind):
    first = action_log(game_id, kind, 7)
    assert action_log(game_id, kind, 7) == first
    assert action_log(game_id, kind, 8) != first


@pytest.mark.parametrize("game_id", list(BUILTIN_GAMES))
def test_heuristic_picks_an_offered_action_and_refuses_an_empty_list(game_id):
    bot = player(game_id, "heuristic", 1)
    rules = GAMES[game_id]
    state = rules.new(["p0", "p1", "p2", "p3"], 3)
    seat = rules.to_act(state)[0]
    view = rules.view(state, seat)
    assert bot.choose(view, rules.legal(state, seat)) in rules.legal(state, seat)
    with pytest.raises(ValueError):
        bot.choose(view, [])


def test_unknown_kinds_and_games_are_refused():
    with pytest.raises(KeyError):
        player("cuba", "grandmaster", 1)
    with pytest.raises(KeyError):
        player("chess", "heuristic", 1)
