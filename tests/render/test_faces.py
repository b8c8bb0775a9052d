"""The font stack (render.faces, render.truetype): the shipped fonts, which face draws each character, runs, stand-ins."""

from __future__ import annotations

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


def test_symbols_no_face_has_get_plain_stand_ins() -> None:
    assert render.faces.covered("→") and render.faces.covered("≤")  # the Korean face has arrows and relations
    assert render.faces.safe_text("Up to 4 stone → 1 VP") == "Up to 4 stone → 1 VP"
    assert not render.faces.covered("−")
    assert render.faces.safe_text("≤7 −2") == "≤7 –2"
    assert all(render.faces.covered(ch) for ch in "".join(render.faces.SUBSTITUTES.values()))
