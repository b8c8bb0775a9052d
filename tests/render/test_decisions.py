"""Decision pictures (render.decision): every kind of decision of real games has one — none only
where the decision's sentence says all — small enough that a phone shows it whole and large
enough to read there, drawn from the deciding seat's view with its choices ringed, in the
reader's language where it has words."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from PIL import Image

import render
from engine import GAMES
from engine.ai import player
from engine.cuba.rules.common import field_name
from render.cuba import board as cuba
from render.decision_parts import MAX_H, MAX_W, Crop, Drawn
from render.goa import board as goa

#: Shown 400 px wide on a phone, a picture keeps the board's pieces at least this share of
#: their size on the full board (which a phone shows at a quarter).
PHONE_WIDTH, MIN_SHOWN_SCALE = 400, 0.5
#: Decisions whose sentence says all: (game, step or phase).
NO_PICTURE = {("cuba", "pay_tax")}
#: The kinds of decision each title must have shown a picture for, over the sampled games.
EXPECTED = {
    "cuba": {
        "choose_start",
        "play_card",
        "worker_move",
        "worker_fields",
        "trader",
        "architect",
        "mayor",
        "bid",
    },
    "santiago": {"dice", "drive", "go", "use", "deliver"},
    "goa": {"flag", "marker", "auction", "actions", "extra"},
}


def decision_kind(game: str, view: dict[str, Any]) -> str:
    return view.get("step") or view["phase"]


def sampled_decisions(
    game: str, players: int, seed: int, every: int = 45, kinds: frozenset[str] | set[str] = frozenset()
) -> list[tuple[dict, list[str]]]:
    """(seat's view, its legal actions) at the first decision of each kind (and of each Goa
    sub-decision) of one random game, at every ``every``-th decision and at every decision of
    ``kinds``."""
    rules = GAMES[game]
    seats = [f"p{i}" for i in range(players)]
    state = rules.new(seats, seed)
    bots = {s: player(game, "random", seed + i) for i, s in enumerate(seats)}
    seen: set[tuple[str, str]] = set()
    out = []
    n = 0
    while rules.result(state) is None:
        seat = rules.to_act(state)[0]
        view = rules.view(state, seat)
        legal = [str(a) for a in rules.legal(state, seat)]
        key = (decision_kind(game, view), str((view.get("pending") or {}).get("kind", "")))
        if key not in seen or n % every == 0 or key[0] in kinds:
            seen.add(key)
            out.append((view, legal))
        state, _ = rules.apply(state, seat, bots[seat].choose(view, rules.legal(state, seat)))
        n += 1
    return out


@pytest.mark.parametrize(("game", "players", "seed"), [("cuba", 4, 2), ("santiago", 3, 3), ("goa", 4, 4)])
def test_every_kind_of_decision_has_a_picture_a_phone_shows_readably(
    game: str, players: int, seed: int
) -> None:
    module = importlib.import_module(render.DECISION_MODULES[game])
    drawn: set[str] = set()
    for view, legal in sampled_decisions(game, players, seed):
        kind = decision_kind(game, view)
        img = module.draw_decision(view, legal, "en")
        if (game, kind) in NO_PICTURE:
            assert img is None, kind
            continue
        assert img is not None, (game, kind, legal[:3])
        width, height = img.size
        assert width <= MAX_W and height <= MAX_H, (kind, img.size)
        assert img.info["zoom"] * PHONE_WIDTH / width >= MIN_SHOWN_SCALE, (kind, img.info["zoom"], img.size)
        drawn.add(kind)
    assert EXPECTED[game] <= drawn, EXPECTED[game] - drawn


def test_the_entry_point_gives_png_bytes_or_none() -> None:
    view, legal = next(
        (v, lg) for v, lg in sampled_decisions("cuba", 3, 5) if v["step"] in ("worker_move", "pay_tax")
    )
    png = render.decision("cuba", view, legal, "en")
    assert png is None if view["step"] == "pay_tax" else png.startswith(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(KeyError):
        render.decision("chess", view, legal)


def test_cuba_rings_the_fields_the_decision_offers_on_the_seats_own_plantation() -> None:
    checked = 0
    for view, legal in sampled_decisions("cuba", 3, 6, kinds={"worker_fields", "architect"}):
        if view["step"] not in ("worker_fields", "architect"):
            continue
        seat = view["viewer"]
        at = 1 if view["step"] == "worker_fields" else 3
        fields = {
            tuple(int(w) for w in a.split(" ")[at : at + 2])
            for a in legal
            if a.split(" ")[0] in ("field", "build")
        }
        columns = cuba_decision().parts(view, legal, "en")
        crops = [p for col in columns for p in col if isinstance(p, Crop) and p.marks]
        regions = cuba.regions(view)
        assert [c.box for c in crops] == ([regions[f"plantation:{seat}"]] if fields else [])
        rings = {m.box for c in crops for m in c.marks}
        assert rings == {regions[f"field:{seat}:{r}:{c}"] for r, c in fields}
        checked += bool(fields)
        if view["step"] == "architect" and fields:
            assert any(isinstance(p, Drawn) for col in columns for p in col)  # the buildings to afford
    assert checked > 5


def cuba_decision() -> Any:
    return importlib.import_module(render.DECISION_MODULES["cuba"])


def test_words_come_in_the_readers_language_and_only_where_the_picture_has_words() -> None:
    found = {}
    for view, legal in sampled_decisions("cuba", 3, 7, every=10**9, kinds={"architect"}):
        if view["step"] != "architect" or any(a.startswith("build ") for a in legal):
            found.setdefault(view["step"], (view, legal))
    view, legal = found["architect"]  # the buildings the seat can afford, named
    assert render.decision("cuba", view, legal, "en") != render.decision("cuba", view, legal, "ja")
    view, legal = found["worker_move"]  # icons and field labels only
    assert render.decision("cuba", view, legal, "en") == render.decision("cuba", view, legal, "ja")


def test_the_board_labels_its_plantations_with_the_names_the_buttons_use() -> None:
    assert [f"{letter}{number}" for number in cuba.row_numbers(3) for letter in cuba.column_letters(4)] == [
        field_name(r, c) for r in range(3) for c in range(4)
    ]


def test_goa_rings_every_place_the_flag_or_marker_may_go() -> None:
    module = importlib.import_module(render.DECISION_MODULES["goa"])
    for view, legal in sampled_decisions("goa", 3, 8, every=10**9):
        if view["phase"] not in ("flag", "marker"):
            continue
        (crop,) = [p for col in module.parts(view, legal, "en") for p in col]
        places = [a.split(" ")[1] for a in legal]
        assert {m.box for m in crop.marks} == {goa.place_box(p) for p in places}
        x0, y0, x1, y1 = crop.box
        assert all(
            x0 <= b[0] and b[2] <= x1 and y0 <= b[1] and b[3] <= y1
            for b in (goa.place_box(p) for p in places)
        )


def test_santiago_shows_each_stop_the_car_can_reach() -> None:
    module = importlib.import_module(render.DECISION_MODULES["santiago"])
    for view, legal in sampled_decisions("santiago", 3, 9, every=10**9):
        if view["step"] != "drive":
            continue
        steps = [int(a.split(" ")[1]) for a in legal]
        img = module.draw_decision(view, legal, "en")
        png = io.BytesIO()
        img.save(png, format="PNG")
        assert Image.open(io.BytesIO(png.getvalue())).size == img.size
        board = render.santiago.board.draw(view)
        road = module.parts(view, legal, "en", board)[0][0]
        per_row = 4 if len(steps) <= 8 else 5
        rows = (min(len(steps), 10) + per_row - 1) // per_row
        assert road.size == (per_row * module.CELL_W, rows * (module.TILE_H + module.CAPTION_H))
        break
    else:
        raise AssertionError("no drive in the game")
