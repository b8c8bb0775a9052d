"""The Goa board picture: every phase and tile draws, the size limits hold, and the public
image never depends on anyone's ducats or expedition cards."""

import io

import pytest
from PIL import Image

import render
from engine import GAMES
from engine.ai import player
from engine.goa import data
from render.goa import board as goa_render

RULES = GAMES["goa"]


def _states(n, seed, every=15):
    seats = [f"p{i}" for i in range(n)]
    s = RULES.new(seats, seed)
    bots = {x: player("goa", "random", seed + i) for i, x in enumerate(seats)}
    k = 0
    phase = s.phase
    yield s
    while RULES.result(s) is None:
        seat = RULES.to_act(s)[0]
        s, _ = RULES.apply(s, seat, bots[seat].choose({}, RULES.legal(s, seat)))
        k += 1
        if k % every == 0 or s.phase != phase:
            yield s
        phase = s.phase
    yield s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_boards_through_a_whole_game(n):
    phases = set()
    for s in _states(n, 40 + n, every=1000):
        if s.round not in (1, 5, 8) and s.phase != "over":
            continue
        view = RULES.view(s, None)
        phases.add(view["phase"])
        png = render.board("goa", view)
        img = Image.open(io.BytesIO(png))
        assert img.width >= 1200 and len(png) <= 400 * 1024
    assert phases == {"flag", "marker", "auction", "actions", "extra", "over"}


def test_every_tile_draws():
    for tile in data.TILES.values():
        img = goa_render.tile_image(goa_render._tile_key(tile))
        assert img.size == (goa_render.CELL - 8, goa_render.CELL - 8)
        assert img.getbbox() is not None


def test_public_image_is_the_same_whatever_money_and_hands_hold():
    for s in list(_states(4, 77, every=60))[1:4]:
        other = s.copy()
        for p in other.players:
            p.ducats += 23
        k = len(other.players[0].hand)
        other.players[0].hand, other.deck[:k] = other.deck[:k], other.players[0].hand
        assert render.board("goa", RULES.view(s, None)) == render.board("goa", RULES.view(other, None))


def test_view_for_the_picture_holds_no_secrets():
    s = list(_states(3, 5, every=50))[2]
    view = RULES.view(s, None)
    assert all("ducats" not in p and "hand" not in p for p in view["players"].values())
    goa_render.draw(view)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_player_panels_fill_the_column_for_the_players_present(n):
    """Two or three players are not left in the top of an empty column: the panels share its
    height, and every part of a panel (supply board, counts, tiles) lies inside the panel."""
    boxes = [goa_render.player_box(n, k) for k in range(n)]
    assert boxes[0][1] == 86 and boxes[-1][3] >= goa_render.HEIGHT - 40
    for box in boxes:
        x0, y0, x1, y1 = box
        lay = goa_render.panel_layout(n, box)
        supply_bottom = y0 + lay.supply[1] + (70 + 66) * lay.v
        supply_right = x0 + lay.supply[0] + 4 * lay.slot_w + 3 * 8
        progress_bottom = y0 + lay.progress[1] + (28 + 5 * 26) * lay.v
        assert supply_bottom <= y1 - 4 and supply_right <= x1 and progress_bottom <= y1 - 4
        assert y0 + lay.counts[1] + 3 * 34 * lay.v + 14 * lay.f <= y1
        assert x0 < x0 + lay.tiles[0] < x1 and lay.tiles_w >= 4 * 54
    # the decision pictures' parts of each panel: inside it, side by side or one above the other
    regions = goa_render.regions({"seats": [f"p{k}" for k in range(n)]})
    for k, box in enumerate(boxes):
        progress, supply = regions[f"progress:p{k}"], regions[f"supply:p{k}"]
        for part in (progress, supply):
            assert box[0] <= part[0] < part[2] <= box[2] and box[1] <= part[1] < part[3] <= box[3]
        assert progress[2] <= supply[0] or progress[3] <= supply[1]
        if n == 2:  # the tall panel's supply part holds the supply board and the counts
            lay = goa_render.panel_layout(n, box)
            assert supply[1] <= box[1] + lay.supply[1] and supply[3] >= box[1] + lay.supply[1] + 136 * lay.v


def test_the_two_player_table_uses_the_right_half():
    """Below the two panels' content there is ink, not a blank half: the second panel's supply
    board reaches the lower quarter of the picture."""
    view = RULES.view(next(_states(2, 7)), None)
    img = goa_render.draw(view).convert("RGB")
    lower_right = img.crop((goa_render.PANEL_X + 20, 800, goa_render.WIDTH - 40, 900))
    assert len(lower_right.getcolors(1 << 16)) > 8  # the slots, their icons and numbers


def test_the_five_symbols_draw_each_their_own_picture():
    from PIL import ImageDraw

    from render.goa.glyphs import symbol_glyph

    pictures = []
    for symbol in data.SYMBOLS:
        img = Image.new("RGB", (40, 40), (255, 255, 255))
        symbol_glyph(ImageDraw.Draw(img), symbol, (20, 20), 30)
        assert img.getbbox() is not None
        pictures.append(img.tobytes())
    assert len(set(pictures)) == len(data.SYMBOLS)


def test_head_start_phase_face_down_plantations_and_a_hand_over_its_limit_draw():
    s = RULES.new(["p0", "p1", "p2"], 3, head_start=True)
    assert Image.open(io.BytesIO(render.board("goa", RULES.view(s, None)))).width >= 1200
    plain = render.board("goa", RULES.view(s, None))
    s = s.copy()
    s.players[0].tiles = ["a1"]  # a single plantation kept face down
    s.players[0].hand = s.deck[-3:]  # 3 cards over the row-1 limit of 1
    view = RULES.view(s, None)
    assert view["players"]["p0"]["face_down_plantations"] == 1 and view["players"]["p0"]["tiles"] == []
    assert render.board("goa", view) != plain
