"""Every button says what it does, whole (issue 27, items 6 and 8).

Walks the legal moves of sampled states of games played by computer players, for every title and
every language: two different moves never carry the same label, no label is cut (a label is at
most 80 characters, Discord's limit, and none reaches it, so no clipping ever bit), and the
narrowing choices the bot makes of a long list (:mod:`bot.service.choices`) are told apart, each naming
what it holds without "…" clipping its words. Goa's flag places are grouped by ring side and row.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.service.choices import MAX_LABEL, MESSAGE_CAPACITY, members, narrowing_label, plan
from engine import GAMES
from engine.ai import player
from engine.i18n import LANGUAGES

TITLES = ("cuba", "santiago", "goa")
#: A group named by the words its labels share: "Found … (4)" (the "…" stands for the rest).
SHARED_WORDS = re.compile(r"^(?:… )?(?P<words>.*?)(?: …)? \(\d+\)$")


def sampled_states(title: str, games: int = 2, every: int = 3) -> Iterator[tuple[Any, str, dict[str, str]]]:
    """(state, seat to act, names) of games between computer players, every ``every``-th
    decision, and every decision with more moves than a message shows."""
    rules = GAMES[title]
    for game in range(games):
        count = rules.min_players + game % (rules.max_players - rules.min_players + 1)
        seats = [f"p{i}" for i in range(count)]
        names = {s: f"Player {i + 1}" for i, s in enumerate(seats)}
        state = rules.new(seats, 100 + game)
        bots = {s: player(title, "heuristic", 7 * game + i) for i, s in enumerate(seats)}
        rnd = random.Random(game)
        for step in range(2000):
            if rules.result(state) is not None:
                break
            seat = rules.to_act(state)[0]
            legal = rules.legal(state, seat)
            if step % every == 0 or len(legal) > MESSAGE_CAPACITY:
                yield state, seat, names
            action = (
                bots[seat].choose(rules.view(state, seat), legal) if rnd.random() < 0.5 else rnd.choice(legal)
            )
            state, _ = rules.apply(state, seat, action)


def not_clipped(label: str) -> bool:
    """A label that kept its words: "…" only as the stand-in for a group's other words."""
    found = SHARED_WORDS.match(label)
    words = found["words"] if found else label
    return bool(words.strip()) and "…" not in words and len(label) < MAX_LABEL


@pytest.mark.parametrize("title", TITLES)
def test_every_move_has_its_own_whole_label_in_every_language(title: str) -> None:
    rules = GAMES[title]
    states = grouped = flags = 0
    for state, seat, names in sampled_states(title):
        states += 1
        for lang in LANGUAGES:
            seen = rules.seat_view(state, seat, lang, names)
            labels, groups = seen.labels(), seen.groups()
            twins = [x for x in set(labels.values()) if list(labels.values()).count(x) > 1]
            assert not twins, (title, lang, twins, [a for a, x in labels.items() if x in twins])
            cut = [x for x in labels.values() if not not_clipped(x)]
            assert not cut, (title, lang, cut)
            if len(labels) <= MESSAGE_CAPACITY:
                continue
            grouped += lang == "en"
            top = plan(list(labels), MESSAGE_CAPACITY, labels.__getitem__, "", groups.get)
            assert len(top) <= MESSAGE_CAPACITY
            names_shown = [
                narrowing_label(found, key, labels.__getitem__, groups.get) if len(found) > 1 else labels[key]
                for key, found, _ in top
            ]
            assert len(set(names_shown)) == len(names_shown), (title, lang, names_shown)
            assert all(not_clipped(x) for x in names_shown), (title, lang, names_shown)
            for key, found, _ in top:  # each narrowing key finds its moves again, and only them
                assert len(found) == 1 or members(list(labels), key, groups.get) == found
            if any(a.startswith("flag ") for a in labels):
                flags += lang == "en"
                # every place once, on its side's (or row's) button or on its own
                places = re.findall(r"\b[A-FZ]\d\b", " ".join(names_shown))
                assert sorted(places) == sorted(a.split(" ")[1].upper() for a in labels), names_shown
    assert states > 50 and grouped > 0, (states, grouped)
    if title == "goa":
        assert flags > 0


def test_goas_flag_groups_say_the_side_or_row_and_every_place() -> None:
    goa = GAMES["goa"]
    state = goa.new(["p0", "p1", "p2"], 1)
    seat = goa.to_act(state)[0]
    seen = goa.seat_view(state, seat, "en")
    labels, groups = seen.labels(), seen.groups()
    top = plan(list(labels), MESSAGE_CAPACITY, labels.__getitem__, "", groups.get)
    shown = [narrowing_label(found, key, labels.__getitem__, groups.get) for key, found, _ in top]
    assert shown == [
        "Flag on the top edge: A0 B0 C0 D0 E0",
        "Flag on the bottom edge: A6 B6 C6 D6 E6",
        "Flag on the left edge: Z1 Z2 Z3 Z4 Z5",
        "Flag on the right edge: F1 F2 F3 F4 F5",
    ]
    assert members(list(labels), "_g left", groups.get) == [f"flag z{r}" for r in range(1, 6)]
    assert groups["flag z3"].places == ("Z1", "Z2", "Z3", "Z4", "Z5")
    ja = goa.seat_view(state, seat, "ja").groups()
    assert ja["flag a0"].name == "旗を上の縁に：A0 B0 C0 D0 E0"


def test_cubas_two_warehouses_are_told_apart() -> None:
    """The printed warehouse (A1) and a built one both store products: the labels name the field."""
    cuba = GAMES["cuba"]
    for state, seat, _names in sampled_states("cuba", games=4, every=1):
        if state["step"] != "foreman":
            continue
        uses = [a for a in cuba.legal(state, seat) if a.kind == "use"]
        stores = [a for a in uses if cuba.label(state, seat, a).startswith("Warehouse")]
        if len(stores) > 1:
            assert sorted(cuba.label(state, seat, a).split(" · ")[0] for a in stores) == sorted(
                {cuba.label(state, seat, a).split(" · ")[0] for a in stores}
            )
            assert any(cuba.label(state, seat, a).startswith("Warehouse A1 · ") for a in stores)
            return
    pytest.fail("no foreman with two warehouses in the sampled games")


def test_goas_trading_post_offers_the_tiles_by_board_row() -> None:
    """The trading post's many tiles open by board row, never as a run cut through the board."""
    goa = GAMES["goa"]
    for state, seat, names in sampled_states("goa", games=4, every=1):
        trades = [a for a in goa.legal(state, seat) if a.kind == "trade"]
        if len(trades) <= MESSAGE_CAPACITY:
            continue
        seen = goa.seat_view(state, seat, "en", names)
        labels, groups = seen.labels(), seen.groups()
        inner = plan(
            members(list(labels), "trade", groups.get),
            MESSAGE_CAPACITY,
            labels.__getitem__,
            "trade",
            groups.get,
        )
        shown = [
            narrowing_label(f, k, labels.__getitem__, groups.get) if len(f) > 1 else labels[k]
            for k, f, _ in inner
        ]
        rows = sorted({str(a.args[0])[1] for a in trades})
        assert len(inner) == len(rows), shown
        for row, name in zip(rows, shown, strict=True):
            places = [str(a.args[0]).upper() for a in trades if str(a.args[0])[1] == row]
            assert name in (f"Trade for a tile in row {row}: {' '.join(places)}", f"Trade for {places[0]}"), (
                name
            )
        return
    pytest.fail("no trading post with more than a dozen tiles in the sampled games")
