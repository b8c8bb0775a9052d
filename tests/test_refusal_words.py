"""Refusals in the table's words and the reader's language (issue 27, item 4).

A refusal that suggests moves names them as the buttons and the board do (“Worker to B2”), never
in the typed syntax (``'use 0 0'``, ``'build BUILDING at FIELD'``), and in Chinese, Japanese and
Dutch no English verb of the syntax is left in the sentence ("你可以：advance、colony…"). Typed
moves are still read.

Two walks: every refusal template of every title, in all five catalogues, is checked as written;
and the refusals themselves are made — in sampled states of games between computer players, for
each kind of move the game has, wrong arguments, missing ones, extra ones, other steps' moves —
and read in every language.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.core import Action, IllegalAction
from engine.i18n import LANGUAGES
from tests.test_move_labels import TITLES, sampled_states

ROOT = Path(__file__).resolve().parents[1]
#: The catalogue entries refusals are made of (``explain``/``step`` in Cuba, ``refuse``/``asks``
#: in Santiago and Goa).
REFUSAL_KEYS = ("explain.", "refuse.", "step.", "asks.")
#: Typed syntax in a sentence: a quoted lowercase command ('use water', 'done'), a placeholder of
#: the syntax (<good>, ROW COL, BUILDING).
QUOTED_COMMAND = re.compile(r"(?<![A-Za-z])'(?P<typed>[a-z][a-z0-9_ …<>.-]*)'(?![A-Za-z])")
SYNTAX_WORDS = re.compile(r"<[a-z]+>|\b(?:ROW|COL|BUILDING|FIELD|BERTH|PIECES|GROUP|STEPS)\b")
#: A lowercase Latin word of three letters or more: in Chinese or Japanese, an untranslated one.
LATIN_WORD = re.compile(r"(?<![A-Za-z])[a-z]{3,}(?![A-Za-z])")


def refusal_templates(title: str, lang: str) -> dict[str, str]:
    data = json.loads((ROOT / "engine" / title / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k.startswith(REFUSAL_KEYS)}


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_refusal_template_shows_the_typed_syntax(title: str, lang: str) -> None:
    templates = refusal_templates(title, lang)
    assert len(templates) > 15
    for key, text in templates.items():
        assert not QUOTED_COMMAND.search(text), (key, text)
        assert not SYNTAX_WORDS.search(text), (key, text)
        if lang in ("zh-CN", "zh-TW", "ja"):
            assert not LATIN_WORD.search(re.sub(r"\{[^}]*\}", "", text)), (key, text)


def wrong_moves(legal: list[Action], kinds: set[str]) -> list[Action]:
    """Moves a person might type that are not legal now: each kind of the game bare, with a
    word or a number it does not take, and the legal moves with an argument changed, missing or
    added."""
    out: list[Action] = []
    for kind in sorted(kinds):
        out += [Action(kind), Action(kind, ("zzz",)), Action(kind, (99,)), Action(kind, (0, 0))]
    for action in {a.kind: a for a in legal}.values():  # one of each kind the seat may play
        if action.args:
            out += [
                Action(action.kind, action.args[:-1]),
                Action(action.kind, (*action.args[:-1], 97)),
                Action(action.kind, (*action.args[:-1], "zzz")),
            ]
        out.append(Action(action.kind, (*action.args, 98)))
    return [a for a in dict.fromkeys(out) if a not in legal]


def refusal(rules: Any, state: Any, seat: str, action: Action) -> IllegalAction:
    try:
        rules.parse(state, seat, str(action))
    except IllegalAction as error:
        return error
    try:
        rules.apply(state, seat, action)
    except IllegalAction as error:
        return error
    raise AssertionError(f"{action} was accepted")


def canonical_texts(legal: list[Action]) -> re.Pattern[str] | None:
    """The canonical texts of the legal moves that read as typed syntax (a number or an
    underscore in them), as one pattern of whole words — made once per state, for every text
    checked there (None: no such move)."""
    typed = sorted({c for c in map(str, legal) if any(ch.isdigit() or ch == "_" for ch in c)}, key=len)
    if not typed:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(c) for c in reversed(typed))})(?!\w)")


def check(text: str, lang: str, typed: Action, canonical: re.Pattern[str] | None) -> None:
    """The sentence shows no syntax: no quoted command but the player's own words, no syntax
    placeholder, no canonical move text (``canonical``, from :func:`canonical_texts`), and in
    Chinese or Japanese no Latin word the player did not type."""
    echoed = {str(a) for a in typed.args} | {str(typed), typed.kind}
    for found in QUOTED_COMMAND.finditer(text):
        assert found["typed"] in echoed, (lang, text)
    assert not SYNTAX_WORDS.search(text), (lang, text)
    if canonical is not None:
        shown = canonical.search(text)
        assert shown is None, (lang, shown and shown.group(), text)
    if lang in ("zh-CN", "zh-TW", "ja"):
        latin = set(LATIN_WORD.findall(text)) - {str(a) for a in typed.args}
        assert not latin, (lang, latin, text)


@pytest.mark.slow
@pytest.mark.parametrize("title", TITLES)
def test_every_refusal_names_moves_as_the_buttons_do_in_every_language(title: str) -> None:
    rules = GAMES[title]
    kinds: set[str] = set()
    made: Counter[str] = Counter()
    suggested = 0
    for state, seat, names in sampled_states(title, games=1, every=9):
        legal = rules.legal(state, seat)
        canonical = canonical_texts(legal)
        kinds |= {a.kind for a in legal}
        labels = {lang: [rules.label(state, seat, a, lang, names) for a in legal] for lang in LANGUAGES}
        for action in wrong_moves(legal, kinds):
            error = refusal(rules, state, seat, action)
            made[action.kind] += 1
            for lang in LANGUAGES:
                text = error.text(lang)
                assert text.strip(), (title, action, lang)
                check(text, lang, action, canonical)
                # the moves it suggests are the buttons' own labels in the reader's language
                if any(f"“{x}”" in text or f"「{x}」" in text or f"‘{x}’" in text for x in labels[lang]):
                    suggested += lang == "en"
        others = [s for s in rules.to_act(state) if s != seat]
        if not others:  # a seat that may not act now is told so
            waiting = next(s for s in names if s not in rules.to_act(state))
            error = refusal(rules, state, waiting, legal[0])
            for lang in LANGUAGES:
                check(error.text(lang), lang, legal[0], canonical)
    assert sum(made.values()) > 200 and set(made) == kinds, made
    assert suggested > 20, suggested


def test_a_refusal_lists_the_labels_not_the_syntax() -> None:
    """Cuba's foreman refused a building it cannot use: the moves offered are its buttons."""
    cuba = GAMES["cuba"]
    for state, seat, _names in sampled_states("cuba", games=3, every=1):
        if state["step"] != "worker_move":
            continue
        error = refusal(cuba, state, seat, Action("worker", (9, 9)))
        en, zh = error.text("en"), error.text("zh-CN")
        first = cuba.label(state, seat, cuba.legal(state, seat)[0], "en")
        assert first.startswith("Worker to ") and f"“{first}”" in en, en
        assert "worker" not in zh and "“" in zh, zh
        assert "'worker" not in en and "ROW COL" not in en
        # typed moves are still read
        target = cuba.legal(state, seat)[0]
        assert cuba.parse(state, seat, str(target)) == target
        return
    pytest.fail("no worker move in the sampled games")
