"""What stacking a board's areas costs, counted (render/stacking.py): the texts recorded on the
board are filed by place once (``TextIndex``), so finding a part's words looks at the texts near
it, not at every text of the board once per part; and the answers are those of a plain scan."""

from __future__ import annotations

import random

from engine import GAMES
from render.cuba import board as cuba
from render.decision_parts import Crop
from render.phone_layout import areas
from render.stacking import TextIndex, compose, recorded_board, texts_in
from render.text import Written

NAMES = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Dee"}


def test_the_index_finds_what_a_scan_finds_in_the_order_drawn() -> None:
    rng = random.Random(7)
    texts = [Written(f"w{k}", 12, (rng.uniform(0, 1600), rng.uniform(0, 1100))) for k in range(600)]
    texts.append(Written("edge", 12, (128.0, 64.0)))  # on a cell's corner
    index = TextIndex(texts)
    boxes = [(0.0, 0.0, 1600.0, 1100.0), (128.0, 64.0, 128.0, 64.0), (127.5, 10.0, 400.0, 64.0)]
    for _ in range(50):
        x0, y0 = rng.uniform(0, 1500), rng.uniform(0, 1000)
        boxes.append((x0, y0, x0 + rng.uniform(0, 400), y0 + rng.uniform(0, 300)))
    for box in boxes:
        assert index.inside(box) == texts_in(texts, box), box


def test_a_small_box_looks_at_the_texts_near_it_and_a_box_asked_again_at_none() -> None:
    texts = [Written(f"w{x},{y}", 12, (x * 20.0 + 5, y * 20.0 + 5)) for x in range(80) for y in range(50)]
    index = TextIndex(texts)
    found = index.inside((100.0, 100.0, 180.0, 160.0))
    assert len(found) == 4 * 3  # x 105…165, y 105…145
    assert index.scanned <= 4 * (TextIndex.CELL // 20 + 1) ** 2  # the 2 × 2 cells it overlaps, not 4,000
    before = index.scanned
    assert index.inside((100.0, 100.0, 180.0, 160.0)) == found
    assert index.scanned == before


def test_a_phone_board_looks_at_each_recorded_text_a_few_times_not_once_per_part() -> None:
    rules = GAMES["cuba"]
    view = {**rules.view(rules.new(list(NAMES), 3), None), "names": NAMES}
    drawn = recorded_board(cuba.draw, view)
    index = TextIndex(drawn.texts)
    crops = [Crop(box) for box in areas("cuba", view)]
    img = compose(crops, drawn.picture, index, 1.6)
    shown = img.info["texts"]
    assert len(shown) >= len(drawn.texts) // 2  # the areas hold the board's words
    # A scan per query looked at every text each time: parts × 3 queries × texts. Filed by place,
    # each text is looked at about once per part near it.
    assert index.scanned < 3 * len(drawn.texts), (index.scanned, len(drawn.texts), len(crops))


def test_a_picture_composed_in_the_palette_is_the_colour_one_quantised_whole_at_a_byte_a_pixel() -> None:
    from PIL import ImageChops

    from render import GAME_MODULES
    from render.palette import title_palette
    from render.phone_layout import phone_board_of
    from render.png import quantise
    from render.turn_picture import turn_of

    rules = GAMES["cuba"]
    state = rules.new(list(NAMES), 5)
    view = {**rules.view(state, None), "names": NAMES}
    seats = list(rules.to_act(state))
    legal = [str(a) for a in rules.legal(state, seats[0])]
    palette = title_palette("cuba", GAME_MODULES["cuba"])
    drawn = recorded_board(cuba.draw, view)
    pairs = [
        (phone_board_of("cuba", view, drawn), phone_board_of("cuba", view, drawn, palette)),
        (
            turn_of("cuba", view, seats, legal, "en", drawn),
            turn_of("cuba", view, seats, legal, "en", drawn, palette),
        ),
    ]
    for colour, paletted in pairs:
        assert colour is not None and paletted is not None
        assert colour.mode == "RGB" and paletted.mode == "P"
        whole = quantise(colour, palette=palette)
        assert paletted.size == whole.size
        assert ImageChops.difference(paletted, whole).getbbox() is None  # the same entry at every pixel
        assert paletted.getpalette() == whole.getpalette()
        assert paletted.info["texts"] == colour.info["texts"]
