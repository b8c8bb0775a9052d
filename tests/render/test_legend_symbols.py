"""Every icon and mark of every picture in its title's legend, with its meaning, in every
language (issue 27): the drawing kit records each icon it pastes and each inline mark that
names itself (render.icons.recording), while boards, turn pictures, decision pictures, private
screens and the end-of-game summary of a whole random game are drawn; the legend the bot posts
(its labels from bot.service.glance) must explain each of them in words."""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot.service.glance import legend_labels
from engine import GAMES
from engine.ai import player
from engine.summary import summarise
from render import DECISION_MODULES, icons
from render.turn_picture import draw_turn

LANGS = ("en", "zh-CN", "zh-TW", "ja", "nl")
NAMES = {"p0": "Ana", "p1": "Bo", "p2": "Cy", "p3": "Dee"}
BOTS = ["p3"]


def drawn_in_a_game(game: str, seed: int, every: int = 12) -> set[str]:
    """The icons and marks drawn on every picture of one random four-player game with a
    computer seat: at the first turn of each kind, at every ``every``-th move and at the end."""
    import importlib

    rules = GAMES[game]
    module = render._module(game)
    decisions = importlib.import_module(DECISION_MODULES[game])
    state = rules.new(list(NAMES), seed)
    bots = {s: player(game, "random", seed + i) for i, s in enumerate(NAMES)}
    seen: set[str] = set()
    states = [state]
    n = 0
    with icons.recording() as record:
        while True:
            done = rules.result(state) is not None
            view: dict[str, Any] = {**rules.view(state, None), "names": NAMES, "bots": BOTS}
            kind = str(view.get("step") or view.get("phase"))
            if done or kind not in seen or n % every == 0:
                seen.add(kind)
                module.draw(view)
                if done:
                    break
                to_act = rules.to_act(state)
                legal = [str(a) for a in rules.legal(state, to_act[0])]
                draw_turn(game, view, to_act, legal, "en", module.draw)
                own = {**rules.view(state, to_act[0]), "names": NAMES, "bots": BOTS}
                decisions.draw_decision(own, legal, "en")
                if hasattr(module, "draw_private"):
                    module.draw_private(own)
            seat = rules.to_act(state)[n % len(rules.to_act(state))]
            state, _ = rules.apply(
                state, seat, bots[seat].choose(rules.view(state, seat), rules.legal(state, seat))
            )
            states.append(state)
            n += 1
        render.summary(summarise(game, states, NAMES, bots=BOTS))
    return record.drawn


def explained(game: str, lang: str) -> dict[str, str]:
    with icons.recording() as record:
        render._legend_module(game).draw_legend(legend_labels(game, lang), lang)
    return record.explained


@pytest.mark.parametrize(("game", "seed"), [("cuba", 11), ("santiago", 12), ("goa", 13)])
def test_every_mark_of_a_whole_game_is_in_the_legend_in_every_language(game: str, seed: int) -> None:
    drawn = drawn_in_a_game(game, seed)
    assert {"seat", "coin", "star"} <= drawn  # the record sees the pictures' marks
    for lang in LANGS:
        words = explained(game, lang)
        missing = sorted(drawn - set(words))
        assert not missing, (game, lang, missing)
        assert all(text.strip() for text in words.values()), (game, lang)


@pytest.mark.parametrize("game", ["cuba", "santiago", "goa"])
def test_each_row_of_the_symbols_has_words_in_every_language(game: str) -> None:
    """Rare marks too (a Duty paid, the Town hall's votes): every row of the symbols is said in
    every language, and no two rows of one language say the same."""
    keys = render._legend_module(game).LEGEND_KEYS
    for lang in LANGS:
        words = explained(game, lang)
        assert {key.name for key in keys} <= set(words), (game, lang)
        texts = [words[key.name] for key in keys]
        assert len(set(texts)) == len(texts), (game, lang)
    english = explained(game, "en")
    for lang in LANGS[1:]:
        assert all(explained(game, lang)[name] != english[name] for name in ("coin", "star")), lang


def test_the_record_sees_inline_marks_and_nothing_outside_it() -> None:
    """A noted mark is recorded inside a recording only; the numbers of the rules data are in
    the words (Goa's progress rows, Cuba's rounds and Town hall votes)."""
    from engine.cuba import data as cuba_data
    from engine.goa import data as goa_data

    icons.note("goa_marker")  # outside: nothing kept, nothing raised
    with icons.recording() as record:
        icons.note("goa_marker")
        icons.paste_icon(
            __import__("PIL.Image", fromlist=["Image"]).new("RGBA", (40, 40)), "coin", (20, 20), 30
        )
    assert record.drawn == {"goa_marker", "coin"}
    goa = legend_labels("goa", "nl")
    assert " ".join(str(v) for v in goa_data.ROW_VP) in goa["icon:goa_progress"]
    cuba = legend_labels("cuba", "ja")
    assert str(cuba_data.ROUNDS) in cuba["icon:cuba_rounds"]
    assert f"+{cuba_data.TOWN_HALL_VOTES}" in cuba["icon:cuba_votes"]
