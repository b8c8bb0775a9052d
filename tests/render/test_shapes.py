"""Rounded rectangles stamped from a cache (render/shapes.py): the pixels Pillow draws, and a
shape drawn once however often it is asked."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import shapes

CASES = [
    ((10, 12, 60, 40), 6, (250, 250, 250), (38, 38, 44), 3),
    ((5, 5, 33, 23), 6, (255, 255, 255), (0, 0, 0), 1),
    ((0, 0, 48, 48), 12, None, (226, 0, 122), 7),
    ((-8, 30, 40, 90), 10, (137, 177, 141), None, 1),  # off the picture's edge
    ((70, 20, 79, 29), 20, (220, 60, 50), (255, 255, 255), 2),  # a radius larger than the box
    ((72.5, 29.5, 95.5, 52.5), 11, (220, 60, 50), (255, 255, 255), 2),  # at half a pixel: drawn as before
]


@pytest.mark.parametrize(("box", "radius", "fill", "outline", "width"), CASES)
def test_a_stamped_shape_has_the_pixels_pillow_draws(box, radius, fill, outline, width) -> None:
    base = Image.new("RGB", (100, 80), (200, 180, 150))
    ImageDraw.Draw(base).line((0, 0, 100, 80), fill=(10, 20, 30), width=5)  # something under it
    drawn, stamped = base.copy(), base.copy()
    ImageDraw.Draw(drawn).rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    for _ in range(2):  # the second time from the cache
        again = base.copy()
        shapes.rounded_rect(ImageDraw.Draw(again), box, radius, fill, outline, width)
        stamped = again
        assert ImageChops.difference(drawn, stamped).getbbox() is None


def test_a_shape_is_drawn_once_then_stamped_and_the_cache_is_bounded(monkeypatch) -> None:
    shapes.clear_stamps()
    img = Image.new("RGB", (400, 300), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    before = shapes.stamps_drawn()
    for x in range(0, 300, 30):  # the same shape at ten places
        shapes.rounded_rect(draw, (x, 10, x + 28, 28), 6, (250, 250, 250), (0, 0, 0))
    assert shapes.stamps_drawn() - before == 1
    monkeypatch.setattr(shapes, "KEPT_PX", 30 * 30 * 3)
    for k in range(10):  # ten shapes of 500-700 px each: the oldest dropped
        shapes.rounded_rect(draw, (0, 100, 20 + k, 120), 4, (1, 2, 3))
    assert shapes._KEPT[0] <= shapes.KEPT_PX
    assert 1 <= len(shapes._STAMPS) <= 5
    shapes.clear_stamps()


POLYGONS = [
    ("circle", (40.3, 33.7), 15, (213, 94, 0), (38, 38, 44), 2),
    ("triangle", (61.5, 40.5), 18, (0, 158, 115), (38, 38, 44), 3),
    ("pentagon", (30, 50), 11.5, (204, 121, 167), (38, 38, 44), 2),
    ("diamond", (70.25, 30.75), 24, None, (0, 0, 0), 4),
    ("square", (50.5, 45), 20, (240, 228, 66), None, 1),
    ("square", (48, 40), 20, (1, 2, 3), (9, 9, 9), 1),  # a thin outline: drawn outside the fill
    ("circle", (5, 40), 15, (213, 94, 0), (38, 38, 44), 2),  # across the picture's edge: drawn as before
]


@pytest.mark.parametrize(("shape", "centre", "r", "fill", "outline", "width"), POLYGONS)
def test_a_stamped_polygon_has_the_pixels_pillow_draws(shape, centre, r, fill, outline, width) -> None:
    from render.seats import shape_points

    base = Image.new("RGB", (100, 80), (200, 180, 150))
    ImageDraw.Draw(base).line((0, 0, 100, 80), fill=(10, 20, 30), width=5)
    points = shape_points(shape, *centre, r)
    drawn = base.copy()
    ImageDraw.Draw(drawn).polygon(points, fill=fill, outline=outline, width=width)
    for _ in range(2):  # the second time from the cache
        stamped = base.copy()
        shapes.polygon(ImageDraw.Draw(stamped), points, fill, outline, width)
        assert ImageChops.difference(drawn, stamped).getbbox() is None


def test_a_polygon_is_drawn_once_then_stamped_on_every_board() -> None:
    from render.seats import shape_points

    shapes.clear_stamps()
    before = shapes.stamps_drawn()
    boards = []
    for _ in range(5):  # the same marker at the same place on five boards
        img = Image.new("RGB", (100, 100), (255, 255, 255))
        shapes.polygon(ImageDraw.Draw(img), shape_points("pentagon", 40.4, 50.6, 15), (1, 2, 3), (0, 0, 0), 2)
        boards.append(img.tobytes())
    assert shapes.stamps_drawn() - before == 1
    assert len(set(boards)) == 1
    shapes.clear_stamps()
