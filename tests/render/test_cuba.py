"""The Cuba board picture: every phase renders, hidden bids stay hidden, caches don't leak."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageDraw

import render
import render.faces
import render.icons
import render.layers
import render.layout
from engine import GAMES
from render.colours import PAPER
from render.cuba import board as cuba
from tests.render.conftest import play_views

RULES = GAMES["cuba"]
CHARACTER_STEPS = ("worker_move", "worker_fields", "trader", "architect", "foreman", "mayor")
PHASE_STEPS = ("choose_start", "play_card", *CHARACTER_STEPS, "bid", "enact", "pay_tax", "pay_duty", "over")


def png_image(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def first_views_by_step(games: list) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for game in games:
        for _, view in game:
            found.setdefault(view["step"], view)
    return found


def test_every_phase_and_pending_character_renders(cuba_games: list) -> None:
    by_step = first_views_by_step(cuba_games)
    missing = [s for s in PHASE_STEPS if s not in by_step]
    assert not missing, f"the sample games never reached {missing}"
    phases = {v["phase"] for v in by_step.values()}
    assert phases >= {"setup", "actions", "parliament", "statutes", "over"}
    for step, view in by_step.items():
        data = render.board("cuba", view)
        img = png_image(data)
        assert img.format == "PNG" and img.mode == "P", step
        assert img.size == (cuba.WIDTH, cuba.HEIGHT), step
        assert img.width >= 1200 and len(data) <= 400 * 1024, step


@pytest.mark.parametrize("game_index", [0, 1, 2, 3])
def test_every_table_size_renders_and_changes_as_the_game_moves(cuba_games: list, game_index: int) -> None:
    game = cuba_games[game_index]
    first, last = game[0][1], game[-1][1]
    a, b = render.board("cuba", first), render.board("cuba", last)
    assert png_image(a).size == png_image(b).size == (cuba.WIDTH, cuba.HEIGHT)
    assert a != b


def test_player_panels_fit_the_width_for_two_to_five_players() -> None:
    for n in range(2, 6):
        layout = cuba.layout_for(n)
        boxes = [layout.panel_box(i) for i in range(n)]
        assert boxes[0][0] >= cuba.MARGIN and boxes[-1][2] <= cuba.WIDTH - cuba.MARGIN
        assert all(b[0] - a[2] == cuba.GAP for a, b in zip(boxes, boxes[1:], strict=False))


def _bid_step_state(players: int = 3, seed: int = 21) -> Any:
    for state, view in play_views(players, seed):
        if view["step"] == "bid" and not any(p["bid_placed"] for p in view["players"].values()):
            return state
    raise AssertionError("no bidding round in the sample game")


def test_public_picture_is_the_same_whatever_the_hidden_bids() -> None:
    state = _bid_step_state()
    first = RULES.to_act(state)[0]
    low, _ = RULES.apply(state, first, RULES.parse(state, first, "bid 0"))
    pesos = state["players"][first]["pesos"]
    assert pesos >= 1, "the sample seat must be able to bid more than 0"
    high, _ = RULES.apply(state, first, RULES.parse(state, first, f"bid {pesos}"))
    assert RULES.dump(low) != RULES.dump(high)
    view_low, view_high = RULES.view(low, None), RULES.view(high, None)
    assert view_low["players"][first]["bid"] == "hidden"
    assert render.board("cuba", view_low) == render.board("cuba", view_high)
    # Once every bid is in, the bids are revealed and the pictures differ.
    for seat in list(RULES.to_act(low)):
        if seat == first:
            continue
        low, _ = RULES.apply(low, seat, RULES.parse(low, seat, "bid 0"))
        high, _ = RULES.apply(high, seat, RULES.parse(high, seat, "bid 0"))
    view_low, view_high = RULES.view(low, None), RULES.view(high, None)
    assert view_high["players"][first]["bid"] == pesos
    assert render.board("cuba", view_low) != render.board("cuba", view_high)


def test_a_sealed_bid_looks_different_from_no_bid_yet() -> None:
    state = _bid_step_state()
    first = RULES.to_act(state)[0]
    after, _ = RULES.apply(state, first, RULES.parse(state, first, "bid 0"))
    assert render.board("cuba", RULES.view(state, None)) != render.board("cuba", RULES.view(after, None))


def test_face_down_parliament_card_is_drawn_without_its_character(cuba_games: list) -> None:
    hidden = [
        v
        for _, v in cuba_games[2]
        if v["phase"] == "actions" and any(p["parliament_card"] == "hidden" for p in v["players"].values())
    ]
    assert hidden, "the variant game never showed a face-down card"
    view = hidden[0]
    seat = next(s for s, p in view["players"].items() if p["parliament_card"] == "hidden")
    shown = copy.deepcopy(view)
    shown["players"][seat]["parliament_card"] = "mayor"
    assert render.board("cuba", shown) != render.board("cuba", view)


def test_caches_do_not_leak_between_views(cuba_games: list) -> None:
    a = cuba_games[1][60][1]  # 3 players
    b = cuba_games[3][90][1]  # 5 players
    c = cuba_games[1][-1][1]  # 3 players, same layout as a, other content
    render.layers.clear_caches()
    cold_a = render.board("cuba", a)
    render.board("cuba", b)
    render.board("cuba", c)
    assert render.board("cuba", a) == cold_a
    render.layers.clear_caches()
    cold_c = render.board("cuba", c)
    render.board("cuba", a)
    assert render.board("cuba", c) == cold_c


def test_the_cached_base_is_never_drawn_on(cuba_games: list) -> None:
    view = cuba_games[0][40][1]
    render.board("cuba", view)
    layout = cuba.layout_for(len(view["seats"]))
    cached = render.layers.cached_layer(("cuba", layout), lambda: None)  # type: ignore[arg-type,return-value]
    render.board("cuba", cuba_games[0][-1][1])
    assert cached.tobytes() == cuba._build_base(layout).tobytes()


def test_one_base_serves_every_game_of_as_many_players(cuba_games: list) -> None:
    """The plantation fields are pasted per game: two games of two players with different
    fields share one cached base, and each board shows its own fields."""
    view = cuba_games[0][0][1]
    other = copy.deepcopy(view)
    first = other["players"]["p0"]["layout"]
    r, col = next((r, k) for r, row in enumerate(first) for k, f in enumerate(row) if f != first[0][0])
    first[0][0], first[r][col] = first[r][col], first[0][0]  # two different fields swapped
    render.layers.clear_caches()
    a, b = cuba.draw(view), cuba.draw(other)
    assert len(render.layers._LAYERS) == 1
    gx, gy, cw = cuba._grid_geometry(cuba.layout_for(2), 0)
    corner = (gx + 1, gy + 1, gx + cw - 1, gy + cuba.CELL_H - 1)
    assert a.crop(corner).tobytes() != b.crop(corner).tobytes()


def test_view_is_not_modified_by_rendering(cuba_games: list) -> None:
    view = cuba_games[3][120][1]
    before = copy.deepcopy(view)
    render.board("cuba", view)
    assert view == before


def test_names_are_drawn_truncated_in_any_script_and_emoji_fall_back_to_the_seat_number(
    cuba_games: list,
) -> None:
    view = copy.deepcopy(cuba_games[1][30][1])
    assert cuba._seat_label(view, "p1", 200, 24) == ("2", "")
    view["names"] = {"p0": "Ana", "p1": "李小龍", "p2": "Dimitrios Papadopoulos the Third"}
    assert cuba._seat_label(view, "p0", 200, 24) == ("A", "Ana")
    assert cuba._seat_label(view, "p1", 200, 24) == ("李", "李小龍")
    view["names"]["p1"] = "Bob 🎲"
    assert cuba._seat_label(view, "p1", 200, 24) == ("B", "Bob")
    view["names"]["p1"] = "straße"
    assert cuba._seat_label(view, "p1", 200, 24) == ("S", "straße")
    view["names"]["p1"] = "(김민준)"
    assert cuba._seat_label(view, "p1", 200, 24) == ("김", "(김민준)")
    initial, name = cuba._seat_label(view, "p2", 200, 24)
    assert initial == "D" and name.endswith("…") and render.layout.text_width(name, 24, True) <= 200
    named = render.board("cuba", view)
    assert named != render.board("cuba", cuba_games[1][30][1])
    # A name of emoji only changes nothing in the picture (no tofu boxes): the seat number stays.
    emoji = copy.deepcopy(cuba_games[1][30][1])
    emoji["names"] = {"p1": "🎲🎲"}
    assert cuba._seat_label(emoji, "p1", 200, 24) == ("2", "")
    assert render.board("cuba", emoji) == render.board("cuba", cuba_games[1][30][1])


def test_bot_seats_get_a_badge(cuba_games: list) -> None:
    view = copy.deepcopy(cuba_games[0][10][1])
    plain = render.board("cuba", view)
    view["bots"] = ["p1"]
    assert render.board("cuba", view) != plain


def test_game_over_shows_the_final_scores(cuba_games: list) -> None:
    final = cuba_games[3][-1][1]
    assert final["phase"] == "over" and final["result"]
    changed = copy.deepcopy(final)
    winner = final["result"]["ranking"][0]
    changed["result"]["scores"][winner] += 1
    assert render.board("cuba", changed) != render.board("cuba", final)


def test_entry_points() -> None:
    with pytest.raises(KeyError):
        render.board("chess", {})
    view = RULES.view(RULES.new(["p0", "p1"], 3), None)
    assert render.private("cuba", view) is None


def test_the_character_being_played_is_known_for_every_character_step(cuba_games: list) -> None:
    by_step = first_views_by_step(cuba_games)
    expected = {"worker_move": "worker", "worker_fields": "worker", "trader": "trader"}
    expected |= {"architect": "architect", "foreman": "foreman", "mayor": "mayor"}
    for step, character in expected.items():
        view = by_step[step]
        assert cuba.active_character(view) == character
        seat = view["current"]
        assert view["players"][seat]["played"][-1] == character
    assert cuba.active_character(by_step["bid"]) is None
    assert cuba.active_character(by_step["play_card"]) is None


def test_building_tiles_are_pictograms_without_words() -> None:
    """Every building's tile differs (effect colour and pictogram), so no code is needed."""
    from engine.cuba.data import BUILDINGS

    tiles = set()
    for bid in BUILDINGS:
        img = Image.new("RGB", (96, 64), PAPER)
        cuba._building_tile(img, ImageDraw.Draw(img), (0, 0, 95, 63), bid)
        tiles.add(img.tobytes())
    assert len(tiles) == len(BUILDINGS)


def test_building_legend_takes_labels_and_never_shows_english_to_another_reader() -> None:
    english = png_image(render.legend("cuba"))
    assert english.width >= 1200
    translated = render.legend("cuba", {"church": "Iglesia: vetar 1 propuesta"})
    assert png_image(translated).size == english.size
    assert translated != render.legend("cuba")
    # A Chinese reader with no labels sees tiles and costs only, not the English defaults; the
    # labels given are drawn, and the picture is the same whatever the language of no label.
    bare = render.legend("cuba", None, "zh-CN")
    assert bare != render.legend("cuba") and bare == render.legend("cuba", {}, "ja")
    assert render.legend("cuba", None, "zh-TW") == bare == render.legend("cuba", None, "nl")
    assert render.legend("cuba", None, "en-GB") == render.legend("cuba")  # a Discord locale
    chinese = render.legend("cuba", {"church": "教堂：否决一项议会提案"}, "zh-CN")
    assert chinese != bare and png_image(chinese).size == english.size


def contract_view() -> dict[str, Any]:
    """A view with only the keys of the documented contract (notes/cuba_view.md), no extras."""
    ship = {
        "id": 7,
        "spaces": [
            {"type": t, "filled": i < 2} for i, t in enumerate(("rum", "cigar", "citrus", "sugar", "tobacco"))
        ],
    }
    statute = {"id": "tax_3", "group": "I", "vetoed": False, "text": "Tax 3 pesos → 2 VP"}
    player = {
        "vp": 12,
        "pesos": 7,
        "hand": ["worker", "mayor"],
        "played": ["trader", "architect"],
        "parliament_card": None,
        "town_hall": False,
        "church_used": False,
        "bid": None,
        "layout": [["WH", "F", "C", "S"], ["T", "L", "M", "C"], ["M", "S", "F", "T"]],
        "buildings": [{"id": "cigar_factory", "row": 1, "col": 2}],
        "figure": [0, 0],
        "farmyard": {"citrus": 1, "wood": 2},
        "warehouse": {"tobacco": 1},
    }
    return {
        "game": "cuba",
        "round": 2,
        "rounds": 6,
        "phase": "actions",
        "step": "architect",
        "start_player": "p0",
        "to_act": ["p1"],
        "current": "p1",
        "seats": ["p0", "p1", "p2"],
        "market": {
            piece: {"ladder": ladder, "count": 2, "buy": ladder[1], "sell": ladder[2]}
            for piece, ladder in (
                ("citrus", [6, 5, 4, 3, 2]),
                ("sugar", [6, 5, 4, 3, 2]),
                ("tobacco", [6, 5, 4, 3, 2]),
                ("rum", [6, 5, 4]),
                ("cigar", [6, 5, 4]),
            )
        },
        "supply": {
            "citrus": 12,
            "sugar": 12,
            "tobacco": 12,
            "rum": 10,
            "cigar": 10,
            "wood": 7,
            "stone": 9,
            "water": 15,
        },
        "harbour": {
            "berths": [{"vp": 1, "ship": ship}, {"vp": 2, "ship": None}, {"vp": 3, "ship": ship}],
            "sea": ship,
            "deck_count": 11,
        },
        "statutes": {"I": statute, "II": None, "III": None, "IV": None},
        "proposals": {"I": dict(statute, vetoed=True), "II": None, "III": None, "IV": None},
        "veto_blocked_group": "II",
        "black_markers": {
            "trader_resource": "p1",
            "trader_product": None,
            "architect_2vp": None,
            "architect_1vp": None,
            "mayor_4": None,
            "mayor_2": None,
        },
        "buildings_available": {"cigar_factory": 1, "dam": 1, "church": 0},
        "players": {"p0": copy.deepcopy(player), "p1": copy.deepcopy(player), "p2": copy.deepcopy(player)},
        "result": None,
    }


def test_a_view_with_only_the_contract_keys_renders() -> None:
    view = contract_view()
    img = png_image(render.board("cuba", view))
    assert img.size == (cuba.WIDTH, cuba.HEIGHT)
    # Bids: hidden ones show as envelopes, revealed ones as numbers; both differ from no bid.
    pictures = set()
    for bid in (None, "hidden", 3):
        v = contract_view()
        v["phase"], v["step"], v["current"] = "parliament", "bid", None
        v["players"]["p2"]["bid"] = bid
        pictures.add(render.board("cuba", v))
    assert len(pictures) == 3


def test_fields_already_harvested_by_the_worker_are_marked(cuba_games: list) -> None:
    view = next(
        v for game in cuba_games for _, v in game if v["step"] == "worker_fields" and v["pending"].get("used")
    )
    unmarked = copy.deepcopy(view)
    unmarked["pending"]["used"] = []
    assert render.board("cuba", view) != render.board("cuba", unmarked)


def test_a_game_without_a_renderer_yet_is_a_key_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(render.GAME_MODULES, "testgame", "render.no_such_module")
    with pytest.raises(KeyError, match="not written yet"):
        render.board("testgame", {})


def test_boards_rendered_in_parallel_threads_are_the_same_as_one_by_one(cuba_games: list) -> None:
    from concurrent.futures import ThreadPoolExecutor

    views = [game[len(game) // 2][1] for game in cuba_games] * 2
    render.layers.clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: render.board("cuba", v), views))
    assert parallel == [render.board("cuba", v) for v in views]


def test_every_statute_and_building_has_a_pictogram_made_of_known_icons() -> None:
    from engine.cuba.data import BUILDINGS, STATUTES

    known = set(render.icons.icon_names()) | {"=", "max"}
    for sid, data in STATUTES.items():
        tokens = cuba._statute_tokens(
            {"id": sid, "group": data["group"], "vetoed": False, "text": data["text"]}
        )
        assert tokens, sid
        assert {name for name, _ in tokens} <= known, sid
        assert all(render.faces.safe_text(label) == label for _, label in tokens if label), sid
    for bid in BUILDINGS:
        tokens = cuba._building_tokens(bid)
        assert tokens and {name for name, _ in tokens} <= known, bid


def test_a_hidden_second_bid_in_a_tie_does_not_change_the_picture() -> None:
    state = next(st for st, v in play_views(3, 5) if v["step"] == "tie_bid" and len(v["to_act"]) >= 2)
    seat = RULES.to_act(state)[0]
    amounts = sorted({int(str(a).split()[1]) for a in RULES.legal(state, seat) if a.kind == "bid"})
    assert len(amounts) >= 2, "the tied seat must be able to bid different amounts"
    low, _ = RULES.apply(state, seat, RULES.parse(state, seat, f"bid {amounts[0]}"))
    high, _ = RULES.apply(state, seat, RULES.parse(state, seat, f"bid {amounts[-1]}"))
    assert RULES.dump(low) != RULES.dump(high)
    assert RULES.view(low, None)["players"][seat]["second_bid"] == "hidden"
    before = render.board("cuba", RULES.view(state, None))
    after = render.board("cuba", RULES.view(low, None))
    assert after == render.board("cuba", RULES.view(high, None))
    assert after != before  # the sealed envelope appears
