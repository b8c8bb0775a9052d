"""The Santiago de Cuba board picture: every step draws within the size limits, and the public
image never depends on what anyone holds behind their screen."""

import io

from PIL import Image

import render
from engine.ai import player
from engine.santiago import RULES
from engine.santiago import data as d
from render.santiago import board as sdc
from render.santiago import legend as sdc_legend
from tests.santiago.helpers import STANDARD_DISTRICTS, give, set_districts, set_money, started


def png_image(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def first_views_by_step(players: int, seed: int, **options) -> dict[str, dict]:
    """The first public view of each step of one game between heuristic players."""
    seats = [f"p{i}" for i in range(players)]
    state = RULES.new(seats, seed, **options)
    bots = {s: player("santiago", "heuristic", seed + i) for i, s in enumerate(seats)}
    found = {state["step"]: RULES.view(state, None)}
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(
            state, seat, bots[seat].choose(RULES.view(state, seat), RULES.legal(state, seat))
        )
        found.setdefault(state["step"], RULES.view(state, None))
    found["over"] = RULES.view(state, None)
    return found


def test_every_step_draws_within_the_limits():
    steps: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for step, view in first_views_by_step(players, seed).items():
            steps.add(step)
            png = render.board("santiago", view)
            img = png_image(png)
            assert img.width >= 1200 and len(png) <= 400 * 1024, step
    assert {"dice", "drive", "go", "use", "deliver", "zorro", "pablo", "alonso", "over"} <= steps


def test_public_image_is_the_same_whatever_a_player_holds_behind_the_screen():
    base = started(4)
    rich = started(4)
    set_money(rich, "p2", pesos=31, vp=44)
    give(rich, "p2", rum=4, cigar=3, wood=6)
    assert render.board("santiago", RULES.view(base, None)) == render.board(
        "santiago", RULES.view(rich, None)
    )
    # ... but with Yucata's open holdings the screens are on the table
    open_base = started(4, open_holdings=True)
    open_rich = started(4, open_holdings=True)
    set_money(open_rich, "p2", pesos=31, vp=44)
    assert render.board("santiago", RULES.view(open_base, None)) != render.board(
        "santiago", RULES.view(open_rich, None)
    )


def _region(img: Image.Image, box) -> bytes:
    return img.crop(tuple(int(v) for v in box)).tobytes()


def test_face_down_cubans_car_figures_and_markers_show():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    plain = sdc.draw(RULES.view(state, None))
    changed = dict(state)
    changed["face_down"] = [state["road"][4]]
    x, y = sdc.STOPS[4]
    tile = (x - 50, y - 50, x + 50, y + 50)
    assert _region(sdc.draw(RULES.view(changed, None)), tile) != _region(plain, tile)
    state["players"]["p1"]["figure"] = "casino"
    state["owners"]["casino"] = "p2"
    state["players"]["p2"]["markers"] = 2
    box = sdc.building_box("red", 1)
    assert _region(sdc.draw(RULES.view(state, None)), box) != _region(plain, box)
    state["car"] = 6
    spot = sdc._car_spot(6)
    around = (spot[0] - 30, spot[1] - 30, spot[0] + 30, spot[1] + 30)
    assert _region(sdc.draw(RULES.view(state, None)), around) != _region(plain, around)


def test_every_building_and_cuban_has_a_pictogram():
    img = Image.new("RGB", (200, 120), (255, 255, 255))
    from PIL import ImageDraw

    for building in d.BUILDINGS:
        canvas = img.copy()
        sdc.building_effect(canvas, ImageDraw.Draw(canvas), building, (0, 0, 200, 120))
        assert canvas.getbbox() is not None and canvas.tobytes() != img.tobytes(), building
    for cuban in d.CUBANS:
        canvas = img.copy()
        sdc.cuban_effect(canvas, ImageDraw.Draw(canvas), cuban, (100, 60), 44)
        assert canvas.tobytes() != img.tobytes(), cuban


def test_legend_lists_every_building_and_cuban_with_given_labels():
    default = png_image(render.legend("santiago"))
    assert default.width >= 1200
    labelled = png_image(render.legend("santiago", {"bank": "Banco: 2 pesos", "zorro": "El Zorro: roba"}))
    assert labelled.size == default.size and labelled.tobytes() != default.tobytes()
    assert sdc_legend.legend_text("casino").startswith("Casino: exchange 3 pesos")
    assert sdc_legend.legend_text("jose") == "José: take 2 sugar cane"


def test_private_screen_picture_shows_the_viewers_own_holdings_only():
    base = started(3)
    rich = started(3)
    give(rich, "p1", wood=3, cigar=1)
    mine = png_image(render.private("santiago", RULES.view(base, "p1")))
    assert mine.width >= 1200
    assert render.private("santiago", RULES.view(base, "p1")) != render.private(
        "santiago", RULES.view(rich, "p1")
    )
    # p2's screen picture is the same whatever p1 holds
    assert render.private("santiago", RULES.view(base, "p2")) == render.private(
        "santiago", RULES.view(rich, "p2")
    )
    blank = sdc.draw_private(RULES.view(base, None))
    assert blank.size == (sdc.SCREEN_W, sdc.SCREEN_H)


def test_the_ship_shows_each_dies_faces_and_waits_for_its_dice_until_the_turns_end():
    """Rulebook 2011: the orange die's faces differ (a 4 instead of the second 1), and the dice
    of a ship that came in this turn are rolled at the turn's end: blank dice until then."""
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    view = RULES.view(state, None)
    assert view["ship"]["faces"]["citrus"] == [0, 1, 2, 2, 3, 4]
    assert view["ship"]["faces"]["rum"] == [0, 1, 1, 2, 2, 3]
    plain = sdc.draw(view)
    x0, dy = sdc.PANEL_X + 24, 24 + 20 + 86 + 130
    citrus_faces = (x0 + 90 + 94 - 44, dy + 136, x0 + 90 + 94 + 44, dy + 156)
    same_faces = dict(
        view, ship={**view["ship"], "faces": {**view["ship"]["faces"], "citrus": [0, 1, 1, 2, 2, 3]}}
    )
    assert _region(sdc.draw(same_faces), citrus_faces) != _region(plain, citrus_faces)
    before = started_waiting()
    waiting_state, _ = RULES.apply(before, "p0", RULES.parse(before, "p0", "drive 2"))
    waiting = RULES.view(waiting_state, None)
    assert waiting["ship"]["roll_due"] == "p0" and waiting["ship"]["dice"] == {}
    dice_row = (x0 + 40, dy, x0 + 90 + 4 * 94 + 40, dy + 72)
    assert _region(sdc.draw(waiting), dice_row) != _region(
        sdc.draw({**waiting, "ship": {**waiting["ship"], "roll_due": None}}), dice_row
    )


def started_waiting():
    """p0 to drive 2 from space 9: the car passes the harbour on the last flag (the ship sails)
    and stops at Pedro."""
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    state["car"], state["ship"]["value"] = 9, 2
    road = state["road"]
    other = road.index("pedro")
    road[other], road[1] = road[1], road[other]
    return state
