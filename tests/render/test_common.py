"""The shared drawing kit: fonts, seat identities, icons, text helpers, PNG encoding."""

from __future__ import annotations

import io
import subprocess
import sys

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


def test_fonts_and_licence_ship_in_the_package() -> None:
    for name in render.faces.FONT_FILES.values():
        assert (render.faces.FONT_DIR / name).is_file()
    licence = (render.faces.FONT_DIR / "OFL.txt").read_text()
    assert "SIL Open Font License" in licence or "Open Font License" in licence
    assert render.faces.font(20).path.startswith(str(render.faces.FONT_DIR))
    assert render.faces.font(20, bold=True).path.endswith("NotoSans-Bold.ttf")


def test_fonts_and_licence_ship_in_the_package_for_every_face() -> None:
    for face in render.faces.FACES:
        assert (render.faces.FONT_DIR / face.regular).is_file()
        assert face.bold is None or (render.faces.FONT_DIR / face.bold).is_file()
    assert "Apache License" in (render.faces.FONT_DIR / "DroidSansFallback-LICENSE.txt").read_text()
    assert "Open Font License" in (render.faces.FONT_DIR / "NanumSquare-LICENSE.txt").read_text()
    assert render.faces.fallback_font(20).path.endswith(render.faces.FALLBACK_FILE)


def test_font_coverage_picks_the_first_face_that_has_the_character() -> None:
    assert {render.faces.font_of(ch) for ch in "AЖλé "} == {render.faces.MAIN}
    assert render.faces.font_of("中") == render.faces.font_of("あ") == render.faces.font_of("龍") == 1
    assert render.faces.FACES[render.faces.font_of("김")].regular == "NanumSquareR.ttf"
    assert render.faces.font_of("😀") is None and render.faces.font_of("\x07") is None
    assert render.faces.covered("中") and render.faces.covered("김") and not render.faces.covered("😀")
    assert render.faces.safe_text("Ana 中文 Жора 😀") == "Ana 中文 Жора "
    assert render.faces.safe_text("a\tb\nc\u200bd") == "a b cd"


def test_coverage_is_read_from_the_font_files() -> None:
    """The cmap reader agrees with what FreeType draws: a covered character's glyph differs
    from the 'missing glyph' box, an uncovered one's does not."""
    for face_index, face in enumerate(render.faces.FACES):
        f = render.faces.face_font(face_index, 24)
        missing = bytes(f.getmask("\U0010fffd"))
        for ch in "AЖ中あア김가😀→":
            has = ord(ch) in render.faces.font_codepoints(face.regular)
            assert (bytes(f.getmask(ch)) != missing) == has, (face.regular, ch)


def test_runs_split_a_text_by_face() -> None:
    assert render.faces.runs("Ana 李小龍 Жора") == (("Ana ", 0), ("李小龍 ", 1), ("Жора", 0))
    assert render.faces.runs("김민준 Kim") == (("김민준 ", 2), ("Kim", 0))
    assert render.faces.runs("😀🎲") == ()
    assert render.layout.text_width("😀🎲", 24) == 0
    assert render.layout.text_width("Ana 李", 24) == render.layout.text_width(
        "Ana ", 24
    ) + render.layout.text_width("李", 24)


@pytest.mark.parametrize(
    "long",
    [
        "Dimitrios Papadopoulos of Thessaloniki",
        "王小明王小明王小明王小明王小明",
        "Kim 김민준 김민준 김민준 김민준",
    ],
)
@pytest.mark.parametrize("width", [0, 8, 30, 120, 200])
def test_truncate_fits_the_width(long: str, width: int) -> None:
    short = render.layout.truncate(long, 24, width, bold=True)
    assert render.layout.text_width(short, 24, True) <= width
    assert short == "" or short.endswith("…")
    if width >= 30:
        assert long.startswith(short[:-1])
    assert render.layout.truncate("Ana", 24, 200) == "Ana"


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


@pytest.mark.parametrize("name", render.icons.icon_names())
def test_every_icon_draws_something_inside_its_box(name: str) -> None:
    ic = render.icons.icon(name, 32)
    assert ic.size == (32, 32) and ic.mode == "RGBA"
    alpha = ic.getchannel("A")
    assert alpha.getbbox() is not None
    assert sum(1 for a in alpha.tobytes() if a > 128) > 20


def test_goods_of_all_three_games_have_icons() -> None:
    for name in ("citrus", "sugar", "tobacco", "rum", "cigar", "wood", "stone", "water", "coin", "star"):
        assert name in render.icons.icon_names()
    for name in ("pepper", "cloves", "cinnamon", "nutmeg", "ginger"):
        assert name in render.icons.icon_names()
    with pytest.raises(KeyError):
        render.icons.icon("no such icon", 20)


def test_register_good_adds_an_icon() -> None:
    render.icons.register_good("test_saffron", render.goods.seed_cluster, (200, 60, 20), 3)
    assert render.icons.icon("test_saffron", 24).getchannel("A").getbbox() is not None


def test_cached_layer_builds_once_per_key() -> None:
    calls = []

    def build() -> Image.Image:
        calls.append(1)
        return Image.new("RGB", (4, 4))

    a = render.layers.cached_layer(("test", 1), build)
    b = render.layers.cached_layer(("test", 1), build)
    render.layers.cached_layer(("test", 2), build)
    assert a is b and len(calls) == 2


def test_encode_png_is_a_small_palette_png() -> None:
    img = Image.new("RGB", (400, 300), render.colours.PAPER)
    d = ImageDraw.Draw(img)
    render.layers.panel(d, (10, 10, 200, 150), header=render.seats.SEAT_COLOURS[1], header_height=30)
    render.text.text_centered(d, (100, 80), "12", 30)
    render.text.badge(d, (300, 50), 7)
    render.icons.paste_icon(img, "citrus", (300, 200), 48)
    png = render.png.encode_png(img)
    assert png.startswith(b"\x89PNG")
    with Image.open(io.BytesIO(png)) as out:
        assert out.mode == "P" and out.size == (400, 300)
    plain = io.BytesIO()
    img.save(plain, format="PNG")
    assert len(png) < len(plain.getvalue())


@pytest.mark.parametrize("anchor", ["la", "mm", "rs", "ls"])
def test_text_from_the_glyph_cache_is_the_same_as_pillows(anchor: str) -> None:
    """Cached masks put exactly the pixels ``draw.text`` puts, at fractional positions, with and
    without an outline, on RGB and RGBA pictures, in every face."""
    for mode in ("RGB", "RGBA"):
        for face, text in ((render.faces.MAIN, "Ana 12"), (1, "王小明"), (2, "김민준")):
            for xy, stroke in (((40.5, 30.25), 0), ((41, 30), 2), ((40.75, 31.5), 3)):
                ours = Image.new(mode, (200, 80), render.colours.PAPER)
                render.text._put_text(
                    ImageDraw.Draw(ours),
                    xy,
                    text,
                    face,
                    22,
                    True,
                    render.colours.INK,
                    anchor,
                    stroke,
                    render.colours.WHITE,
                )
                pillows = Image.new(mode, (200, 80), render.colours.PAPER)
                ImageDraw.Draw(pillows).text(
                    xy,
                    text,
                    font=render.faces.face_font(face, 22, True),
                    fill=render.colours.INK,
                    anchor=anchor,
                    stroke_width=stroke,
                    stroke_fill=render.colours.WHITE,
                )
                assert ours.tobytes() == pillows.tobytes(), (mode, face, xy, stroke)


def test_importing_render_loads_no_pillow() -> None:
    code = "import sys, render; print('PIL' in sys.modules or 'render.cuba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_symbols_no_face_has_get_plain_stand_ins() -> None:
    assert render.faces.covered("→") and render.faces.covered("≤")  # the Korean face has arrows and relations
    assert render.faces.safe_text("Up to 4 stone → 1 VP") == "Up to 4 stone → 1 VP"
    assert not render.faces.covered("−")
    assert render.faces.safe_text("≤7 −2") == "≤7 –2"
    assert all(render.faces.covered(ch) for ch in "".join(render.faces.SUBSTITUTES.values()))


def test_wrap_keeps_lines_within_the_width() -> None:
    lines = render.layout.wrap("Swap the ship at sea with a ship from the deck of ships", 20, 200, lines=2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(render.layout.text_width(line, 20) <= 200 for line in lines)
    assert render.layout.wrap("Dam", 20, 200) == ["Dam"]


def test_wrap_breaks_east_asian_text_between_characters() -> None:
    text = "用一个产品换取两个胜利点，每回合最多一次，之后再也不能用这个建筑。"
    lines = render.layout.wrap(text, 18, 160, lines=2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(render.layout.text_width(line, 18) <= 160 for line in lines)
    assert lines[0] and text.startswith(lines[0])
    assert not lines[1].startswith(("，", "。"))  # closing punctuation never starts a line
    assert render.layout.wrap("レストラン", 18, 400) == ["レストラン"]
    assert render.layout.wrap("Dam 水坝 dam", 18, 400) == ["Dam 水坝 dam"]


def test_split_label_takes_ascii_and_full_width_colons() -> None:
    assert render.layout.split_label("Church: veto a proposal") == ("Church", "veto a proposal")
    assert render.layout.split_label("教堂：否决一项提案") == ("教堂", "否决一项提案")
    assert render.layout.split_label("Dam") == ("Dam", "")


def test_cached_layers_are_bounded_and_drop_the_least_recently_used() -> None:
    render.layers.clear_caches()
    built: list[int] = []

    def builder(n: int):
        def build() -> Image.Image:
            built.append(n)
            return Image.new("RGB", (2, 2))

        return build

    for n in range(render.layers._LAYER_LIMIT):
        render.layers.cached_layer(("lru", n), builder(n))
    render.layers.cached_layer(("lru", 0), builder(0))  # touch 0: now the most recent
    render.layers.cached_layer(("lru", "new"), builder(-1))  # evicts 1, the least recent
    assert len(render.layers._LAYERS) == render.layers._LAYER_LIMIT
    before = len(built)
    render.layers.cached_layer(("lru", 0), builder(0))
    assert len(built) == before
    render.layers.cached_layer(("lru", 1), builder(1))
    assert built[-1] == 1
    render.layers.clear_caches()
