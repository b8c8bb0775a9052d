"""Pictures that explain themselves (issue 27): every mark of the pictures in its game's legend,
in every language — Santiago's buildings and Cubans with their effects and its crown, Cuba's
start flag, Goa's auction box and its rounds A and B — and bold Chinese and Japanese drawn from
a real bold face, not a stroked regular one."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from bot.service.glance import legend_labels
from engine.santiago import data as santiago_data
from render import faces, layout, text
from render.text import draw_text, recording

LANGS = ("en", "zh-CN", "zh-TW", "ja", "nl")


def legend_words(game: str, lang: str) -> list[str]:
    """The words the legend picture draws, as the drawing kit recorded them."""
    module = render._legend_module(game)
    with recording() as drawn:
        module.draw_legend(legend_labels(game, lang), lang)
    return [w.text for w in drawn]


@pytest.mark.parametrize("lang", LANGS)
def test_santiagos_legend_gives_each_building_and_cuban_its_effect_and_the_crown(lang: str) -> None:
    labels = legend_labels("santiago", lang)
    for item in (*santiago_data.BUILDINGS, *santiago_data.CUBANS):
        name, _, effect = labels[item].partition(": ")
        assert name and effect and effect != name, (item, labels[item])
    words = legend_words("santiago", lang)
    bank_effect = labels["bank"].partition(": ")[2]
    assert bank_effect in words  # drawn, not only given
    crown_words = layout.split_label(labels["start"])
    assert crown_words[0] in words and all(crown_words)


@pytest.mark.parametrize("lang", LANGS)
def test_cubas_legend_explains_the_start_flag(lang: str) -> None:
    name, effect = layout.split_label(legend_labels("cuba", lang)["start"])
    assert name and effect and name in legend_words("cuba", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_goas_legend_explains_the_auction_box_and_the_rounds(lang: str) -> None:
    labels = legend_labels("goa", lang)
    words = legend_words("goa", lang)
    for key in ("auction", "rounds"):
        name, effect = layout.split_label(labels[key])
        assert name and effect and name in words, (key, labels[key])
    assert {"A", "B", "10"} <= set(words)  # the parts' letters and the sample bid, drawn


def test_legends_in_english_stand_without_labels_too() -> None:
    for game, word in (("santiago", "Crown"), ("cuba", "Flag"), ("goa", "Auction")):
        with recording() as drawn:
            render._legend_module(game).draw_legend(None, "en")
        assert word in [w.text for w in drawn], game


def test_bold_chinese_and_japanese_come_from_a_real_bold_face() -> None:
    """ "肉豆蔻" in bold is drawn with Noto Sans CJK Bold (no stroke), not Droid Sans Fallback
    thickened; a character outside the bold face's subset still gets the thickened fallback."""
    assert faces.runs("肉豆蔻 Ana", bold=True) == (("肉豆蔻", faces.BOLD_CJK), (" Ana", faces.MAIN))
    assert faces.runs("肉豆蔻 Ana") == (("肉豆蔻 ", faces.FALLBACK), ("Ana", faces.MAIN))
    assert faces.runs("ナツメグ", bold=True) == (("ナツメグ", faces.BOLD_CJK),)
    assert faces.face_font(faces.BOLD_CJK, 20, True).path.endswith(faces.BOLD_CJK_FILE)
    assert text._fake_bold(faces.BOLD_CJK, 40, True) == 0 and text._fake_bold(faces.FALLBACK, 40, True) > 0
    rare = "龘"  # in the fallback face, not in the bold subset
    assert faces.font_of(rare) == faces.FALLBACK
    assert faces.runs(rare, bold=True) == ((rare, faces.FALLBACK),)

    def drawn(bold_face: bool) -> Image.Image:
        img = Image.new("L", (200, 60), 0)
        d = ImageDraw.Draw(img)
        if bold_face:
            draw_text(d, (4, 4), "肉豆蔻", 40, 255, True)
        else:  # what bold was before: the fallback face stroked
            text._put_text(d, (4, 44), "肉豆蔻", faces.FALLBACK, 40, False, 255, "ls", 2, 255)
        return img

    assert ImageChops.difference(drawn(True), drawn(False)).getbbox() is not None


def test_the_bold_cjk_font_ships_with_its_licence() -> None:
    folder = faces.FONT_DIR
    assert (folder / faces.BOLD_CJK_FILE).stat().st_size > 1_000_000
    licence = (folder / "NotoSansCJK-LICENSE.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in licence and faces.BOLD_CJK_FILE in licence
    covered = faces.font_codepoints(faces.BOLD_CJK_FILE)
    assert all(ord(ch) in covered for ch in "肉豆蔻胡椒丁香ナツメグ銀行教堂")
