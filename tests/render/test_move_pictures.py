"""A move's pictures drawn together (render.move: the landscape board drawn once, the phone board
and the turn picture both cut from it) are the very pictures drawn one by one (render.phone_board,
render.turn), change marks included; a picture not asked for is not drawn."""

from __future__ import annotations

from typing import Any

import pytest

import render
from engine import GAMES
from engine.ai import player

NAMES = {"p0": "Ana", "p1": "Bo", "p2": "王小明"}


def marked_views(game: str, seed: int, moves: int) -> list[tuple[dict[str, Any], list[str], list[str]]]:
    """(public view marking what changed since the move before last, seats to act, the first
    seat's legal actions) after each of the first ``moves`` moves of a random three-player game."""
    rules = GAMES[game]
    seats = list(NAMES)
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed + i) for i, s in enumerate(seats)}
    earlier = [rules.view(state, None)]
    out = []
    for n in range(moves):
        to_act = rules.to_act(state)
        seat = to_act[n % len(to_act)]
        state, _ = rules.apply(
            state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        )
        if rules.result(state) is not None:
            break
        view = {**rules.view(state, None), "names": NAMES, "since": earlier[max(0, len(earlier) - 2)]}
        earlier.append(rules.view(state, None))
        to_act = rules.to_act(state)
        out.append((view, to_act, [str(a) for a in rules.legal(state, to_act[0])]))
    return out


@pytest.mark.parametrize(("game", "seed"), [("cuba", 5), ("santiago", 6), ("goa", 7)])
def test_a_moves_pictures_drawn_together_are_the_pictures_drawn_one_by_one(game: str, seed: int) -> None:
    shown = marked_views(game, seed, 12)[::4]
    assert len(shown) == 3
    for view, seats, legal in shown:
        both = render.move(game, view, seats, legal, "ja")
        assert both.board == render.phone_board(game, view)
        assert both.turn == render.turn(game, view, seats, legal, "ja")
        assert both.turn is not None and both.board is not None


def test_a_picture_not_asked_for_is_not_drawn() -> None:
    view, seats, legal = marked_views("goa", 8, 2)[-1]
    assert render.move("goa", view, seats, legal, board=False) == render.MovePictures(
        None, render.turn("goa", view, seats, legal)
    )
    assert render.move("goa", view, [], [], board=True) == render.MovePictures(
        render.phone_board("goa", view), None
    )
    assert render.move("goa", view, [], [], board=False) == render.MovePictures(None, None)
