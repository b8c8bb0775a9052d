"""Turn pictures (render.turn, drawn by render/turn_picture.py): for every title and every kind of turn of a real game, a picture
at most 900 px wide whose every word and number stands at least 18 px high — asserted through
the drawing kit's own record of the texts it drew (render.text.recording) — drawn from the public
view only, with the people called named at the top."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from engine import GAMES
from engine.ai import player
from render import layers, stacking
from render import turn_picture as turn
from render.cuba import board as cuba
from render.decision_parts import Crop
from render.goa import board as goa
from render.santiago import board as santiago
from render.text import recording

BOARDS = {"cuba": cuba.draw, "santiago": santiago.draw, "goa": goa.draw}
NAMES = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Dee"}


def turns(game: str, seed: int, every: int = 40) -> list[tuple[dict[str, Any], list[str], list[str]]]:
    """(public view, seats to act, the first seat's legal actions) at the first turn of each
    kind of one random four-player game and at every ``every``-th move."""
    rules = GAMES[game]
    seats = list(NAMES)
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed + i) for i, s in enumerate(seats)}
    seen: set[str] = set()
    out = []
    n = 0
    while rules.result(state) is None:
        to_act = rules.to_act(state)
        view = {**rules.view(state, None), "names": NAMES}
        kind = str(view.get("step") or view.get("phase"))
        if kind not in seen or n % every == 0:
            seen.add(kind)
            out.append((view, to_act, [str(a) for a in rules.legal(state, to_act[0])]))
        seat = to_act[n % len(to_act)]
        state, _ = rules.apply(
            state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        )
        n += 1
    return out


@pytest.mark.parametrize(("game", "seed"), [("cuba", 2), ("santiago", 3), ("goa", 4)])
def test_every_turn_picture_fits_a_phone_and_its_words_stand_18_px(game: str, seed: int) -> None:
    kinds = set()
    for view, seats, legal in turns(game, seed):
        img = turn.draw_turn(game, view, seats, legal, "en", BOARDS[game])
        assert img is not None
        assert img.width <= turn.MAX_W, (game, view.get("step") or view.get("phase"), img.size)
        assert img.height <= turn.MAX_H, (game, view.get("step") or view.get("phase"), img.size)
        texts = img.info["texts"]
        assert texts, "the picture records its words"
        small = [(w.text, w.size) for w in texts if w.size < turn.MIN_TEXT]
        assert not small, (game, view.get("step") or view.get("phase"), small[:5])
        # the people called are named at the top, as the board names them
        assert NAMES[seats[0]] in [w.text for w in texts if w.xy[1] < turn.MARGIN + turn.HEADER_H]
        kinds.add(view.get("step") or view.get("phase"))
        if game == "santiago" and view["step"] == "drive":  # the road ahead, its Cubans named
            from engine.santiago.text import cuban_name

            cubans = {cuban_name(stop["cuban"], "en") for stop in view["road"] if stop.get("cuban")}
            assert cubans & {w.text for w in texts}, view["road"]
    assert len(kinds) >= 5, kinds


def test_the_record_holds_the_words_of_cached_pictures_too() -> None:
    """A board drawn from warm caches (layers, cards, tiles) records the same texts as one drawn
    cold: the caches are passed by while recording."""
    view, _seats, _legal = turns("goa", 5, every=10**9)[3]
    layers.clear_caches()
    with recording() as cold:
        goa.draw(view)
    goa.draw(view)  # every cache warm
    with recording() as warm:
        goa.draw(view)
    assert sorted((w.text, w.size, w.xy) for w in warm) == sorted((w.text, w.size, w.xy) for w in cold)
    assert any(w.text == "A1" for w in warm)  # a grid label, on the cached tiles' layer


def test_the_entry_point_gives_a_phone_sized_png_or_none() -> None:
    view, seats, legal = turns("cuba", 6, every=10**9)[2]
    png = render.turn("cuba", view, seats, legal, "en")
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(png)) as im:
        assert im.width <= turn.MAX_W
    assert render.turn("cuba", view, [], legal, "en") is None


def test_a_too_wide_crop_is_cut_between_two_spaces_and_stacked() -> None:
    """A crop whose words need more zoom than the picture's width allows (Goa's supply board in
    a 600 px room) is cut where the board's paper runs between two spaces, never through a
    word, and the halves are stacked, each readable."""
    view, seats, _legal = next(t for t in turns("goa", 4) if t[0]["phase"] == "actions")
    with recording() as texts:
        board = goa.draw(view)
    box = goa.regions(view)[f"supply:{seats[0]}"]
    fitted = stacking.fit(Crop(box), board, texts, 600)
    assert len(fitted) >= 2
    for part, zoom in fitted:
        assert part.size[0] * zoom <= 601
        assert all(w.size * zoom >= turn.MIN_TEXT for w in stacking.texts_in(texts, part.box))
    cuts = [part.box[2] for part, _ in fitted[:-1]]
    assert all(abs(cut - w.xy[0]) >= 10 for cut in cuts for w in stacking.texts_in(texts, box))


@pytest.mark.parametrize(("game", "seed"), [("cuba", 21), ("santiago", 22), ("goa", 23)])
def test_turn_pictures_of_a_whole_game_stand_at_most_1400_px_tall(game: str, seed: int) -> None:
    """Many states of another whole game (every 12th move and each kind of turn): each picture
    fits a phone's screen with its buttons, at most 1,400 px tall, 900 wide, words ≥ 18 px."""
    shown = 0
    for view, seats, legal in turns(game, seed, every=12):
        img = turn.draw_turn(game, view, seats, legal, "en", BOARDS[game])
        assert img is not None
        kind = view.get("step") or view.get("phase")
        assert img.height <= turn.MAX_H and img.width <= turn.MAX_W, (game, kind, img.size)
        assert min(w.size for w in img.info["texts"]) >= turn.MIN_TEXT, (game, kind)
        shown += 1
    assert shown >= 15


def test_parts_too_tall_for_one_column_shrink_or_stand_side_by_side_never_under_18_px() -> None:
    """Seven parts 300 px tall at full width (2,200 px one under another): shrunk as far as
    their words allow, then two side by side; the header keeps its size; every word ≥ 18 px."""
    from PIL import ImageDraw

    from render.decision_parts import Drawn
    from render.text import draw_text

    def part(k: int) -> Drawn:
        def paint(zoom: float) -> Image.Image:
            img = Image.new("RGB", (round(876 * zoom), round(300 * zoom)), (255, 255, 255))
            draw_text(ImageDraw.Draw(img), (10 * zoom, 40 * zoom), f"part {k}", round(40 * zoom), (0, 0, 0))
            return img

        return Drawn((876, 300), paint)

    head = turn.header(["p0"], {"p0": "Ana"})
    img = turn.compose([head, *(part(k) for k in range(7))], Image.new("RGB", (10, 10)), [], max_h=turn.MAX_H, kept=1)
    texts = img.info["texts"]
    assert img.height <= turn.MAX_H and img.width <= turn.MAX_W
    assert min(w.size for w in texts) >= turn.MIN_TEXT
    assert next(w for w in texts if w.text == "Ana").size == 36  # the header as it was
    rows = {round(w.xy[1]) for w in texts if w.text.startswith("part ")}
    assert len(rows) < 7  # some parts stand side by side
