"""Goa speaks every language of ``engine.i18n.LANGUAGES``: whole games played by random players,
with every log line, label, prompt, private summary and refusal written in each language.

The catalogues are strict in tests (``tests/conftest.py``), so a key missing in one language
fails here instead of showing English to a player."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.ai import player
from engine.core import Action, IllegalAction
from engine.goa.text import T, parse_pos
from engine.i18n import LANGUAGES
from tests.contract import assert_illegal_changes_nothing
from tests.goa.helpers import RULES, at_actions, at_extra, card_id

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
LETTERS = re.compile(r"[A-Za-z]{2,}")
NAMES = {f"p{i}": f"Player{i}" for i in range(4)}
#: Texts that are no move in the situations they are tried in, to read their refusals.
BAD_MOVES = (
    "bid 999",
    "bid 0",
    "outbid 1",
    "advance ships",
    "advance colonists",
    "advance taxes card 3",
    "colony quilon",
    "harvest",
    "flag a1",
    "marker c3",
    "play 7",
    "trade c3",
    "spy p1 ships",
    "duty",
    "frobnicate",
)


def _texts_of_a_game(seed: int, players: int, lang: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything a game of random players writes in ``lang``."""
    seats = [f"p{i}" for i in range(players)]
    s = RULES.new(seats, seed)
    bots = {x: player("goa", "random", seed * 10 + i) for i, x in enumerate(seats)}
    step = 0
    while RULES.result(s) is None:
        seat = RULES.to_act(s)[0]
        legal = RULES.legal(s, seat)
        yield "prompt", RULES.prompt(s, seat, lang)
        for other in seats:
            for line in RULES.private_summary(s, other, lang).splitlines():
                yield "summary", line
        for action in legal:
            yield "label", RULES.label(s, seat, action, lang)
        if step % 7 == 0:
            yield from _refusals(s, seat, lang)
        s, events = RULES.apply(s, seat, bots[seat].choose(RULES.view(s, seat), legal))
        for event in events:
            yield "describe", RULES.describe(event, NAMES, lang)
        step += 1
    for category in RULES.result(s).breakdown[seats[0]]:
        yield "category", RULES.category_name(category, lang)


def _refusals(s: Any, seat: str, lang: str) -> Iterator[tuple[str, str]]:
    others = [x for x in s.seats if x != seat]
    for text in BAD_MOVES:
        for who in (seat, others[0], "p9"):
            try:
                RULES.apply(s, who, RULES.parse(s, who, text))
            except IllegalAction as err:
                yield "refusal", err.text(lang)


def _fixed_texts(lang: str) -> Iterator[tuple[str, str]]:
    """Texts that do not depend on a game: title, rules, option and position errors."""
    yield "title", RULES.display_title(lang)
    for title, body in RULES.help_sections(lang):
        yield "help", title
        yield "help", body
    for bad in ({"players": ["p0"], "seed": 1}, {"players": ["p0", "p1"], "seed": 1, "speed": 2}):
        with pytest.raises(IllegalAction) as err:
            RULES.new(bad.pop("players"), bad.pop("seed"), **bad)
        yield "option", err.value.text(lang)
    with pytest.raises(IllegalAction) as err:
        parse_pos("q9")
    yield "position", err.value.text(lang)


GAMES = ((3, 2), (8, 3), (21, 4))


@pytest.fixture(scope="module")
def texts() -> dict[str, list[tuple[str, str]]]:
    """Every language's texts, in the same order, for the same games."""
    out = {}
    for lang in LANGUAGES:
        items = list(_fixed_texts(lang))
        for seed, players in GAMES:
            items += _texts_of_a_game(seed, players, lang)
        out[lang] = items
    return out


def test_every_language_writes_the_same_texts_and_none_is_empty(texts):
    english = texts["en"]
    kinds = {what for what, _ in english}
    assert {"prompt", "summary", "label", "describe", "refusal", "help", "option", "category"} <= kinds
    for lang in LANGUAGES:
        assert [w for w, _ in texts[lang]] == [w for w, _ in english], lang
        empty = [(w, t) for w, t in texts[lang] if not t.strip()]
        assert not empty, (lang, empty[:5])
        assert all("{" not in t for _, t in texts[lang]), lang
        long = [t for w, t in texts[lang] if w == "label" and len(t) > 80]
        assert not long, (lang, long[:5])


def _without_names(text: str) -> str:
    """The text less what stays the same in every language: player names, positions, canonical
    action texts in quotes, colony names the Chinese rulebook keeps in Latin letters."""
    text = re.sub(r"'[^']*'", "", text)
    text = re.sub(r"Player\d|\bp\d\b|\b[A-FZ]\d\b", "", text)
    return re.sub(r"Quilon|Cochin|Madras|Calicut|VP|Goa|[#+\d·:()/., ]", "", text)


def _named(what: str, english: str, text: str) -> bool:
    """False for a scoring category the catalogue does not name (its id is shown as it is)."""
    return what != "category" or english != text


@pytest.mark.parametrize("lang", ["zh-CN", "zh-TW", "ja"])
def test_chinese_and_japanese_texts_are_written_in_their_script(texts, lang):
    pairs = zip(texts["en"], texts[lang], strict=True)
    foreign = [
        (what, text)
        for (what, en), (_, text) in pairs
        if _named(what, en, text) and LETTERS.search(_without_names(en)) and not CJK.search(text)
    ]
    assert not foreign, foreign[:10]


def test_dutch_texts_differ_from_english_where_english_has_words(texts):
    pairs = zip(texts["en"], texts["nl"], strict=True)
    same = [
        (what, en)
        for (what, en), (_, nl) in pairs
        if what not in ("title", "category") and en == nl and LETTERS.search(_without_names(en))
    ]
    assert not same, same[:10]


def test_refusals_read_in_the_players_language_and_stay_english_as_str():
    s = at_actions(3)
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, "p0", Action("play", (card_id("ships"),)))
    assert str(err.value) == "That expedition card is not in your hand."
    assert err.value.text("en") == str(err.value)
    assert err.value.text("zh-CN") == "这张探险牌不在你的手中。"
    assert CJK.search(err.value.text("ja")) and CJK.search(err.value.text("zh-TW"))
    assert err.value.text("nl") == "Die expeditiekaart heb je niet in je hand."


def test_game_terms_follow_the_chinese_rulebook():
    s = at_actions(3)
    labels = {str(a): RULES.label(s, "p0", a, "zh-CN") for a in RULES.legal(s, "p0")}
    assert labels["ships"] == "造船" and labels["taxes"] == "征税" and labels["expedition"] == "探险"
    assert labels["colony quilon"] == "建立 Quilon"
    assert RULES.display_title("zh-CN") == "果阿" and RULES.display_title("zh-TW") == "果阿"
    assert RULES.label(s, "p0", Action("viceking", ("colonists",)), "zh-TW") == "攝政王：殖民者"
    assert RULES.label(s, "p0", Action("trade", ("c3",)), "zh-CN") == "交换 C3"


def test_plural_forms_follow_the_count():
    from engine.core import Event

    one = Event("cards_drawn", "p0", {"count": 1, "why": "bonus"})
    two = Event("cards_drawn", "p0", {"count": 2, "why": "expedition"})
    assert RULES.describe(one, NAMES) == "Player0 draws 1 expedition card (bonus)."
    assert RULES.describe(two, NAMES) == "Player0 draws 2 expedition cards (expedition)."
    assert RULES.describe(two, NAMES, "nl") == "Player0 trekt 2 expeditiekaarten (expeditie)."
    assert RULES.describe(one, NAMES, "ja") == "Player0 が探検カードを 1 枚引いた（ボーナス）。"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_spy_label_names_the_player_not_the_seat(lang: str) -> None:
    state = RULES.new(["p0", "p1", "p2"], 3)
    spy = Action("spy", ("p2", "colony", "quilon"))
    named = RULES.label(state, "p0", spy, lang, {"p0": "Ana", "p1": "Bo", "p2": "王小明"})
    assert "王小明" in named and "p2" not in named
    assert "p2" in RULES.label(state, "p0", spy, lang)  # without names the seat id is all there is


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_editions_refusals_and_choices_read_in_every_language(lang: str) -> None:
    """A second card in one action, done with surplus extra-action cards, a card not in hand:
    each refused with its own sentence in the player's language, changing nothing; the new
    choices (discard, colony tile, Re-supply's kind, head start) labelled in it."""
    s = at_actions()
    ships, ducats = card_id("ships"), card_id("ducats")
    s.players[0].hand = [ships, ducats]
    s, _ = RULES.apply(s, "p0", RULES.parse(s, "p0", f"play {ships}"))
    for text, key in ((f"play {ducats}", "refuse.card_per_action"), ("drop 99", "refuse.card_not_in_hand")):
        err = assert_illegal_changes_nothing(RULES, s, "p0", text)
        assert err and RULES.refusal(s, "p0", Action.from_text(text), lang) == T(lang, key)
    extra = at_extra()
    extra.players[0].extra = 3
    assert RULES.refusal(extra, "p0", Action.from_text("done"), lang) == T(lang, "refuse.extra_surplus", n=3)
    labels = [RULES.label(s, "p0", Action.from_text(f"drop {ducats}"), lang)]
    labels.append(RULES.label(s, "p0", Action.from_text("pick quilon-a"), lang))
    labels.append(RULES.label(s, "p0", Action.from_text("head ships taxes"), lang))
    labels.append(RULES.label(s, "p0", Action.from_text("head ducats"), lang))
    assert all(0 < len(label) <= 80 for label in labels) and len(set(labels)) == 4
    if lang != "en":
        assert labels[0] != RULES.label(s, "p0", Action.from_text(f"drop {ducats}"), "en")
