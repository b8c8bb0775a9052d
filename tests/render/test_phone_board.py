"""The whole board laid out for a phone (render.phone_board, drawn by render/phone_layout.py):
over states of whole random games of every title and table size, a picture at most 900 px wide
whose every word stands at least 18 px high (the drawing kit's own record of what it drew,
render.text.recording), holding every area of the board — every word the landscape board
draws, none left out —, every seat's name and mark, and nothing the public view does not hold."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

import render
from engine import GAMES
from engine.ai import player
from render.cuba import board as cuba
from render.decision_parts import Crop
from render.goa import board as goa
from render.phone_layout import areas, draw_phone_board, squeezed
from render.santiago import board as santiago
from render.stacking import MARGIN, MAX_W, MIN_TEXT, fit, texts_in
from render.text import recording

BOARDS = {"cuba": cuba.draw, "santiago": santiago.draw, "goa": goa.draw}
NAMES = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Dee", "p4": "Eli"}


def views(game: str, players: int, seed: int, every: int) -> list[dict[str, Any]]:
    """The public view (with names) every ``every`` moves of one random game, and at its end."""
    rules = GAMES[game]
    seats = list(NAMES)[:players]
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed + i) for i, s in enumerate(seats)}
    out = []
    n = 0
    while rules.result(state) is None:
        if n % every == 0:
            out.append({**rules.view(state, None), "names": NAMES})
        to_act = rules.to_act(state)
        seat = to_act[n % len(to_act)]
        state, _ = rules.apply(
            state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        )
        n += 1
    out.append({**rules.view(state, None), "names": NAMES})
    return out


def mark_letters(game: str, view: dict[str, Any], seat: str) -> str:
    """The letters on ``seat``'s marker: Cuba's initials, else the seat's number."""
    return cuba.seat_mark(view, seat) if game == "cuba" else str(list(view["seats"]).index(seat) + 1)


#: (title, players, seed, every): every table size, whole games, a handful of states each.
GAMES_SHOWN = [
    ("cuba", 2, 11, 150),
    ("cuba", 5, 12, 200),
    ("santiago", 2, 13, 60),
    ("santiago", 4, 14, 80),
    ("goa", 2, 15, 90),
    ("goa", 4, 16, 130),
]


@pytest.mark.parametrize(("game", "players", "seed", "every"), GAMES_SHOWN)
def test_the_phone_board_fits_a_phone_holds_every_area_and_every_seat(
    game: str, players: int, seed: int, every: int
) -> None:
    shown = views(game, players, seed, every)
    assert len(shown) >= 3
    for view in shown:
        with recording() as board_texts:
            BOARDS[game](view)
        img = draw_phone_board(game, view)
        assert img.width <= MAX_W, (game, img.size)
        texts = img.info["texts"]
        small = [(w.text, w.size) for w in texts if w.size < MIN_TEXT]
        assert not small, (game, view.get("step") or view.get("phase"), small[:5])
        # every area, whole: every word the landscape board draws is on the phone board (a
        # word in two areas — Santiago's middle road tiles — at least once)
        boxes = areas(game, view)
        assert img.info["areas"] == len(boxes)
        assert all(any(texts_in([w], box) for box in boxes) for w in board_texts), "a word outside every area"
        missing = Counter(w.text for w in board_texts) - Counter(w.text for w in texts)
        assert not missing, (game, missing)
        # every seat's name and mark, and no area is shown twice
        words = [w.text for w in texts]
        for seat in view["seats"]:
            assert NAMES[seat] in words, (game, seat)
            assert mark_letters(game, view, seat) in words, (game, seat)
        assert len(set(boxes)) == len(boxes)


def test_the_areas_come_in_reading_order_from_the_boards_own_regions() -> None:
    """Cuba: the header (round and phase), then market, harbour, parliament, buildings and
    markers as the board places them, then each player's panel in seat order."""
    view = views("cuba", 3, 21, 10**9)[0]
    regions = cuba.regions(view)
    boxes = areas("cuba", view)
    named = ["market", "harbour", "parliament", "buildings", "markers"]
    assert boxes[1:6] == [regions[n] for n in named]
    assert boxes[6:] == [regions[f"panel:{s}"] for s in view["seats"]]
    assert boxes[0][1] < regions["market"][1]  # the header strip, above the market


def test_a_header_loses_its_blank_stretches_and_keeps_its_marks() -> None:
    """Cuba's header is 1600 px wide and mostly paper: squeezed, it keeps every word (the round
    numbers, the start player's mark…) in two thirds of the width, so that it stands in two
    rows on the phone at most."""
    view = views("cuba", 4, 22, 10**9)[0]
    with recording() as texts:
        board = cuba.draw(view)
    header = areas("cuba", view)[0]
    wider, moved, box = squeezed(board, texts, header)
    assert wider.height == board.height + header[3] - header[1]
    assert box[2] - box[0] < (header[2] - header[0]) * 2 / 3
    assert sorted(w.text for w in texts_in(moved, box)) == sorted(w.text for w in texts_in(texts, header))
    assert {"1", "2", "3", "4", "5", "6", cuba.seat_mark(view, view["start_player"])} <= {
        w.text for w in texts_in(moved, box)
    }
    assert wider.crop(box).getbbox() is not None
    assert len(fit(Crop(box), wider, moved, MAX_W - 2 * MARGIN)) <= 2


def test_the_entry_point_gives_a_phone_png_of_the_same_board() -> None:
    view = views("goa", 3, 23, 10**9)[0]
    png = render.phone_board("goa", view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(png)) as im:
        assert im.width <= MAX_W
        assert im.height > 2 * im.width  # areas stacked, a portrait picture
