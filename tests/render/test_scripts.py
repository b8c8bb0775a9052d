"""Players' names in any script on every board: Chinese (simplified and traditional), Japanese,
Korean, Dutch, Cyrillic, mixed, emoji-only and very long names render on the three games'
pictures without error, without tofu (every character drawn is in the font that draws it), with
ink where the name is drawn, and within the player's panel."""

from __future__ import annotations

import copy
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render
import render.colours
import render.faces
import render.layout
import render.seats
import render.text
from engine import GAMES
from engine.ai import player
from render.cuba import board as cuba
from render.goa import board as goa
from render.santiago import board as santiago

NAMES: dict[str, str] = {
    "zh-Hans": "王小明",
    "zh-Hant": "陳大文",
    "ja": "山田たろう",
    "ja-katakana": "ラーメン大好き小池さん",
    "ko": "김민준",
    "nl": "Ĳsbrand van 't Hoff-Çoşkun",
    "ru": "Жора Пётр",
    "mixed": "Ana 李小龍 김 Kim",
    "emoji": "🎲🎉",
    "long": "Dimitrios Papadopoulos of Thessaloniki and all of Macedonia the Third",
    "long-cjk": "爱新觉罗玄烨康熙大帝千古一帝之后裔与其子孙万代永昌",
}
#: The most seats each game seats.
PLAYERS = {"cuba": 5, "santiago": 4, "goa": 4}


def game_views(game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every public view of one game played by random computer players."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed * 31 + i) for i, s in enumerate(seats)}
    views = [rules.view(state, None)]
    turn = 0
    while rules.result(state) is None:
        waiting = rules.to_act(state)
        seat = waiting[turn % len(waiting)]
        turn += 1
        state, _ = rules.apply(
            state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
        )
        views.append(rules.view(state, None))
    return views


@pytest.fixture(scope="module")
def boards() -> dict[str, list[dict[str, Any]]]:
    """Per game: its first view, one from the middle and the final one, at the largest table."""
    out = {}
    for game, players in PLAYERS.items():
        views = game_views(game, players, 5)
        out[game] = [views[0], views[len(views) // 2], views[-1]]
    return out


def pixels(img: Image.Image) -> list[tuple[int, ...]]:
    """The pixels of ``img`` as tuples of its bands."""
    data, n = img.tobytes(), len(img.getbands())
    return [tuple(data[i : i + n]) for i in range(0, len(data), n)]


def named(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {**copy.deepcopy(view), "names": dict(names)}


def panel_box(game: str, view: dict[str, Any], seat: str) -> tuple[int, int, int, int]:
    """The player panel of ``seat`` on the game's board."""
    seats = list(view["seats"])
    i = seats.index(seat)
    if game == "cuba":
        return cuba.layout_for(len(seats)).panel_box(i)
    return (santiago if game == "santiago" else goa).player_box(len(seats), i)


@dataclass
class Drawn:
    """One call of :func:`render.text.draw_text`: where, what, how big."""

    xy: tuple[float, float]
    text: str
    size: int
    bold: bool
    anchor: str

    def box(self) -> tuple[float, float, float, float]:
        """The box the text takes (its advance width, the main font's line height)."""
        width = render.layout.text_width(self.text, self.size, self.bold)
        ascent, descent = render.faces.font(self.size, self.bold).getmetrics()
        x = self.xy[0] - {"l": 0, "m": width / 2, "r": width}[self.anchor[0]]
        baseline = self.xy[1] + render.text._baseline_offset(self.size, self.bold, self.anchor[1])
        return (x, baseline - ascent, x + width, baseline + descent)


@dataclass
class Recording:
    texts: list[Drawn]
    glyph_calls: list[tuple[str, str]]  # (text, font file) of every run rasterised or drawn


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recording]:
    """Records every text the renderers draw, at both levels: the shared helper, and each run
    put on the picture with its font (from the glyph cache, or by Pillow itself)."""
    rec = Recording([], [])
    real_draw_text = render.text.draw_text
    real_text = ImageDraw.ImageDraw.text
    real_put_text = render.text._put_text

    def draw_text(
        draw, xy, text, size, fill=render.colours.INK, bold=False, anchor="la", stroke=0, stroke_fill=None
    ):
        rec.texts.append(Drawn(tuple(xy), text, size, bold, anchor))
        real_draw_text(draw, xy, text, size, fill, bold, anchor, stroke, stroke_fill)

    def text(self, xy, text, *args, **kwargs):
        font = kwargs.get("font")
        rec.glyph_calls.append((text, Path(font.path).name if font is not None else ""))
        return real_text(self, xy, text, *args, **kwargs)

    def put_text(draw, xy, text, face, size, bold, *args, **kwargs):
        rec.glyph_calls.append((text, Path(render.faces.face_font(face, size, bold).path).name))
        return real_put_text(draw, xy, text, face, size, bold, *args, **kwargs)

    # Every module of the package that draws with the shared helper holds it by name.
    for name, module in list(sys.modules.items()):
        if name.startswith("render.") and getattr(module, "draw_text", None) is real_draw_text:
            monkeypatch.setattr(module, "draw_text", draw_text)
    monkeypatch.setattr(render.text, "_put_text", put_text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    yield rec


def draw_board(game: str, view: dict[str, Any]) -> Image.Image:
    return {"cuba": cuba, "santiago": santiago, "goa": goa}[game].draw(view)


def name_draws(rec: Recording, name: str) -> list[Drawn]:
    """The draws of ``name`` (whole, or truncated with an ellipsis), not of its initial alone."""
    full = " ".join(render.faces.safe_text(name).split())
    return [
        d
        for d in rec.texts
        if len(d.text) >= 2 and d.text.rstrip("…") and full.startswith(d.text.rstrip("…"))
    ]


@pytest.mark.parametrize("kind", sorted(NAMES))
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_names_in_every_script_render_without_tofu_inside_the_panels(
    boards: dict[str, list[dict[str, Any]]], recording: Recording, game: str, kind: str
) -> None:
    name = NAMES[kind]
    for view in boards[game]:
        recording.texts.clear()
        recording.glyph_calls.clear()
        view = named(view, {seat: name for seat in view["seats"]})
        img = draw_board(game, view)
        # No tofu: every character Pillow is asked to draw is in the font file it draws with.
        assert recording.glyph_calls
        for text, font_file in recording.glyph_calls:
            cmap = render.faces.font_codepoints(font_file)
            missing = [ch for ch in text if ch != " " and ord(ch) not in cmap]
            assert not missing, (game, kind, text, font_file)
        # Every text lies on the picture; every name in its player's panel, once per seat.
        for d in recording.texts:
            x0, y0, x1, y1 = d.box()
            assert x0 >= 0 and x1 <= img.width and y0 >= 0 and y1 <= img.height, (game, d)
        draws = name_draws(recording, name)
        if kind == "emoji":
            assert not draws and render.layout.player_name(view, "p0") == ""
            continue
        assert len(draws) == len(view["seats"]), (game, kind, [d.text for d in draws])
        for seat, d in zip(view["seats"], sorted(draws, key=lambda d: (d.xy[1], d.xy[0])), strict=True):
            px0, py0, px1, py1 = panel_box(game, view, seat)
            x0, y0, x1, y1 = d.box()
            assert px0 <= x0 and x1 <= px1 and py0 <= y0 and y1 <= py1, (game, kind, d, (px0, py0, px1, py1))
        if kind.startswith("long"):
            assert all(d.text.endswith("…") for d in draws)


#: Where each game draws a name relative to its panel's top-left corner, and its text colour.
def ink_colour(game: str, seat: str) -> tuple[int, int, int]:
    return render.seats.SEAT_TEXT[render.seats.seat_index(seat)] if game == "cuba" else render.colours.INK


@pytest.mark.parametrize("name", [NAMES["zh-Hans"], NAMES["zh-Hant"], NAMES["ja"], NAMES["ko"]])
@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_cjk_name_puts_ink_where_it_is_drawn(
    boards: dict[str, list[dict[str, Any]]], recording: Recording, game: str, name: str
) -> None:
    view = boards[game][1]
    seat = view["seats"][1]
    blank = draw_board(game, named(view, {}))
    recording.texts.clear()
    img = draw_board(game, named(view, {seat: name}))
    (d,) = [d for d in name_draws(recording, name) if d.text == name]
    assert all(face != render.faces.MAIN for _, face in render.faces.runs(d.text))  # drawn by a fallback face
    box = tuple(int(round(v)) for v in d.box())
    ink = ink_colour(game, seat)
    near = sum(
        1 for px in pixels(img.crop(box)) if sum(abs(a - b) for a, b in zip(px, ink, strict=True)) < 90
    )
    changed = sum(1 for a, b in zip(pixels(img.crop(box)), pixels(blank.crop(box)), strict=True) if a != b)
    area = (box[2] - box[0]) * (box[3] - box[1])
    # Strokes of three or more glyphs: a good share of the box is ink, and it is new ink.
    assert near > 0.08 * area and changed > 0.1 * area, (game, name, near, changed, area)


def test_a_name_of_emoji_only_changes_no_pixel(boards: dict[str, list[dict[str, Any]]]) -> None:
    for game in PLAYERS:
        view = boards[game][1]
        assert render.board(game, named(view, {"p0": "🎲🎉"})) == render.board(game, named(view, {}))


def test_mixed_latin_and_cjk_share_one_baseline() -> None:
    """A mixed name's Latin letters sit exactly where they would in a Latin-only text, and its
    CJK glyphs sit on the same baseline (their bottoms within the descender, tops near the
    capitals')."""
    size = 40
    img = Image.new("L", (600, 100), 0)
    d = ImageDraw.Draw(img)
    render.text.draw_text(d, (10, 50), "Hxg李H", size, fill=255, anchor="lm")
    ref = Image.new("L", (600, 100), 0)
    ImageDraw.Draw(ref).text((10, 50), "Hxg", font=render.faces.font(size), fill=255, anchor="lm")
    lead = 10 + render.layout.text_width("Hxg", size)
    assert abs(img.crop((0, 0, lead, 100)).getbbox()[3] - ref.crop((0, 0, lead, 100)).getbbox()[3]) <= 1
    han = img.crop((lead + 1, 0, lead + render.layout.text_width("李", size), 100)).getbbox()
    h_box = ref.crop((0, 0, 10 + render.layout.text_width("H", size), 100)).getbbox()
    baseline = h_box[3]
    assert baseline - 2 <= han[3] <= baseline + size * 0.15
    assert abs(han[1] - h_box[1]) <= size * 0.2


@pytest.mark.parametrize("anchor", ["lm", "mm", "rm", "ls", "la", "ld"])
def test_a_text_in_the_main_font_is_placed_as_pillow_places_it(anchor: str) -> None:
    """The run-by-run path puts a Latin text where Pillow's own call does (±1 px)."""
    size = 30
    ours = Image.new("L", (400, 120), 0)
    # "李" makes it a two-run text; compare the Latin part only.
    render.text.draw_text(ImageDraw.Draw(ours), (200, 60), "Ana 李", size, fill=255, anchor=anchor)
    width = render.layout.text_width("Ana 李", size)
    left = {"l": 200, "m": 200 - width / 2, "r": 200 - width}[anchor[0]]
    theirs = Image.new("L", (400, 120), 0)
    ImageDraw.Draw(theirs).text(
        (left, 60), "Ana ", font=render.faces.font(size), fill=255, anchor="l" + anchor[1]
    )
    cut = int(left + render.layout.text_width("Ana", size)) + 1
    a = ours.crop((0, 0, cut, 120)).getbbox()
    b = theirs.crop((0, 0, cut, 120)).getbbox()
    assert all(abs(p - q) <= 1 for p, q in zip(a, b, strict=True)), (a, b)


def test_bold_cjk_is_drawn_heavier_than_regular() -> None:
    def ink(bold: bool) -> int:
        img = Image.new("L", (200, 60), 0)
        render.text.draw_text(ImageDraw.Draw(img), (10, 30), "王小明김", 26, fill=255, bold=bold, anchor="lm")
        return sum(1 for v in img.tobytes() if v > 128)

    assert ink(True) > ink(False) * 1.2


def test_private_and_legend_pictures_take_names_and_labels_in_any_script() -> None:
    rules = GAMES["santiago"]
    state = rules.new(["p0", "p1", "p2"], 4)
    view = {**rules.view(state, "p1"), "names": {"p0": "王小明", "p1": "김민준", "p2": "🎲"}}
    png = render.private("santiago", view)
    assert png is not None and Image.open(io.BytesIO(png)).width >= 1200
    labels = {"bank": "銀行：獲得 2 比索", "zorro": "佐羅：拿取一張卡牌"}
    zh = render.legend("santiago", labels, "zh-TW")
    assert zh != render.legend("santiago", None, "zh-TW") != render.legend("santiago")
