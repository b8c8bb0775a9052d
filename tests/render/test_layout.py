"""Fitting text (render.layout): truncation, wrapping (East Asian text too), legend labels."""

from __future__ import annotations

import pytest

import render.colours
import render.faces
import render.goods
import render.icons
import render.layers
import render.layout
import render.png
import render.seats
import render.text


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
