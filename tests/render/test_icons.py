"""Icons (render.icons, render.goods): every icon draws, every good has one, goods register."""

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
