"""Seat identities (render.seats): colours apart for colour-blind eyes, shapes, markers."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

import render.colours
import render.faces
import render.goods
import render.icons
import render.layers
import render.layout
import render.png
import render.seats
import render.text

#: Colour-vision deficiency simulation (Machado, Oliveira & Fernandes 2009, severity 1.0), on
#: linear RGB.
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _simulate(colour: tuple[int, int, int], matrix) -> tuple[float, ...]:
    def linear(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    rgb = [linear(v) for v in colour]
    return tuple(255 * sum(m * v for m, v in zip(row, rgb, strict=True)) for row in matrix)


@pytest.mark.parametrize("vision", sorted(CVD))
def test_seat_colours_stay_apart_for_colour_blind_eyes(vision: str) -> None:
    seen = [_simulate(col, CVD[vision]) for col in render.seats.SEAT_COLOURS]
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            dist = sum((a - b) ** 2 for a, b in zip(seen[i], seen[j], strict=True)) ** 0.5
            assert dist > 30, (vision, i, j, dist)


def test_seat_identities_differ_in_colour_and_shape() -> None:
    assert len(set(render.seats.SEAT_COLOURS)) == len(render.seats.SEAT_COLOURS) == 5
    assert len(set(render.seats.SEAT_SHAPES)) == 5


def test_seat_markers_draw_different_shapes() -> None:
    masks = []
    for seat in ("p0", "p1", "p2", "p3", "p4"):
        img = Image.new("L", (60, 60), 0)
        ImageDraw.Draw(img).polygon(
            render.seats.shape_points(render.seats.SEAT_SHAPES[render.seats.seat_index(seat)], 30, 30, 24),
            fill=255,
        )
        masks.append(img.tobytes())
    assert len(set(masks)) == 5


@pytest.mark.parametrize(
    "names",
    [
        {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Computer 1"},
        {"p0": "Computer 1", "p1": "Computer 2", "p2": "Computer 3", "p3": "Cy"},
        {"p0": "Ana", "p1": "Ann", "p2": "Anna", "p3": ""},
        {"p0": "李", "p1": "李明", "p2": "1abc", "p3": "😀"},
        {"p0": "3po", "p1": "Bo", "p2": "bob", "p3": "B"},
    ],
)
def test_no_two_seats_carry_the_same_mark(names: dict[str, str]) -> None:
    marks = render.seats.seat_marks(names, list(names))
    assert len(set(marks.values())) == len(marks), marks
    assert all(marks.values())


def test_cy_and_computer_1_are_told_apart_by_their_second_letter() -> None:
    marks = render.seats.seat_marks(
        {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Computer 1"}, ["p0", "p1", "p2", "p3"]
    )
    assert marks == {"p0": "A", "p1": "B", "p2": "Cy", "p3": "Co"}


def test_cubas_board_and_the_summary_mark_every_seat_apart() -> None:
    """Drawn, as the record of the drawing kit shows: the markers of Cy and Computer 1 read Cy
    and Co on Cuba's board and on the end-of-game summary."""
    from engine import GAMES
    from render import scores
    from render.cuba import board as cuba

    names = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Computer 1"}
    rules = GAMES["cuba"]
    view = {**rules.view(rules.new(list(names), 3), None), "names": names}
    with render.text.recording() as drawn:
        cuba.draw(view)
    texts = {w.text for w in drawn}
    assert {"Cy", "Co"} <= texts  # ("C" alone is a plantation column's letter)
    summary = {
        "names": names,
        "final": {s: 10 for s in names},
    }
    assert {scores._initial(summary, s) for s in names} == {"A", "B", "Cy", "Co"}
