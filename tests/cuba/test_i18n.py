"""Cuba speaks every language of :data:`engine.i18n.LANGUAGES`: log lines, labels, prompts, private
summaries, the rules help and refusals, through whole games (catalogues are strict in tests, so a
missing key fails here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.ai import player
from engine.core import Action, IllegalAction
from engine.cuba import RULES
from engine.cuba.data import BUILDINGS, STATUTES
from engine.cuba.text import T
from engine.i18n import LANGUAGES

OTHERS = LANGUAGES[1:]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
WORD = re.compile(r"[A-Za-z]+")
LOCALES = Path(__file__).resolve().parents[2] / "engine" / "cuba" / "locales"

#: Texts a player might type at any step; most are refused most of the time.
BAD_TEXTS = (
    "dance",
    "play king",
    "buy wood",
    "build castle at 1 1",
    "ship 4 citrus",
    "bid 999",
    "pay",
    "skip",
)


def _dutch_names() -> set[str]:
    """Words Dutch shares with English on purpose (the keys listed in the Dutch ``_same``)."""
    english = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    dutch = json.loads((LOCALES / "nl.json").read_text(encoding="utf-8"))
    return {w for key in dutch.get("_same", []) for w in WORD.findall(english[key])}


DUTCH_NAMES = _dutch_names()


def check_translated(english: str, texts: dict[str, str], what: str) -> None:
    """``texts`` (language → text) say ``english`` in every other language."""
    for lang, text in texts.items():
        assert text, f"{what}: empty in {lang} (English: {english!r})"
        assert "{" not in text and "}" not in text, f"{what}: unfilled template in {lang}: {text!r}"
        if lang in ("zh-CN", "zh-TW", "ja"):
            assert CJK.search(text), f"{what}: no {lang} words in {text!r} (English: {english!r})"
        if lang == "nl" and text == english:
            assert set(WORD.findall(english)) <= DUTCH_NAMES, f"{what}: still English in nl: {text!r}"


def in_every_language(render) -> tuple[str, dict[str, str]]:
    """English and the other languages' texts of ``render(lang)``."""
    return render("en"), {lang: render(lang) for lang in OTHERS}


def check_refusal(error: IllegalAction, what: str) -> None:
    english = error.text("en")
    assert english == str(error) and english[0].isupper()
    check_translated(english, {lang: error.text(lang) for lang in OTHERS}, what)


def try_bad_texts(state: dict, seat: str) -> int:
    """Refuse a few bad texts for ``seat`` and check each refusal in every language."""
    legal = {str(a) for a in RULES.legal(state, seat)}
    refused = 0
    for text in BAD_TEXTS:
        if text in legal:
            continue
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, seat, RULES.parse(state, seat, text))
        check_refusal(caught.value, f"refusal of {text!r}")
        refused += 1
    return refused


def check_table(state: dict, names: dict[str, str]) -> None:
    """Prompts, private summaries and labels for every seat, in every language."""
    for seat in state["seats"]:
        english, texts = in_every_language(lambda lang, s=seat: RULES.prompt(state, s, lang))
        if english:
            check_translated(english, texts, "prompt")
        english, texts = in_every_language(lambda lang, s=seat: RULES.private_summary(state, s, lang))
        if english:
            check_translated(english, texts, "private summary")
    for seat in RULES.to_act(state):
        for action in RULES.legal(state, seat):
            english, texts = in_every_language(lambda lang, a=action, s=seat: RULES.label(state, s, a, lang))
            assert all(len(t) <= 80 for t in [english, *texts.values()]), action
            check_translated(english, texts, f"label of {action}")


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (3, 11, {}),
        (4, 12, {"secret_parliament_card": True, "individual_plantations": True}),
        (2, 13, {"veto_timing": "parliament"}),
    ],
)
def test_whole_games_in_every_language(players: int, seed: int, options: dict) -> None:
    state = RULES.new([f"p{i}" for i in range(players)], seed, **options)
    names = {s: f"Player{s[1:]}" for s in state["seats"]}
    bots = {s: player("cuba", "random", seed * 7 + i) for i, s in enumerate(state["seats"])}
    kinds: set[str] = set()
    refused = steps = 0
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        check_table(state, names)
        if steps % 5 == 0:
            refused += try_bad_texts(state, seat)
        state, events = RULES.apply(state, seat, bots[seat].choose({}, RULES.legal(state, seat)))
        for event in events:
            english, texts = in_every_language(lambda lang, e=event: RULES.describe(e, names, lang))
            check_translated(english, texts, f"log line {event.kind}")
            kinds.add(event.kind)
        steps += 1
    assert {"play", "worker", "build", "ship", "bids_revealed", "enact", "round_end", "game_over"} <= kinds
    assert refused > 50


def test_help_and_title_in_every_language() -> None:
    english = RULES.help_sections()
    for lang in OTHERS:
        sections = RULES.help_sections(lang)
        assert len(sections) == len(english)
        for (title_en, text_en), (title, text) in zip(english, sections, strict=True):
            check_translated(title_en, {lang: title}, "help title")
            check_translated(text_en, {lang: text}, f"help section {title_en}")
    assert RULES.display_title() == "Cuba"
    assert RULES.display_title("zh-CN") == RULES.display_title("zh-TW") == "古巴"
    assert RULES.display_title("ja") == "キューバ"


def test_game_terms_come_from_the_rulebooks() -> None:
    buildings = dict(RULES.help_sections("zh-CN"))["建筑"]
    assert "雪茄厂（2个木头和2个石头）" in buildings and "朗姆酒厂" in buildings
    assert "雪茄廠" in dict(RULES.help_sections("zh-TW"))["建築"]
    assert "タバコ工場" in dict(RULES.help_sections("ja"))["建物"]
    assert "Sigarenfabriek (2 hout en 2 steen)" in dict(RULES.help_sections("nl"))["Gebouwen"]
    s = RULES.new(["p0", "p1"], 1)
    seat = RULES.to_act(s)[0]
    assert RULES.label(s, seat, Action("pick", ("sugar",)), "zh-CN") == "拿取甘蔗"
    assert RULES.label(s, seat, Action("pick", ("cigar",)), "ja") == "はまきを取る"
    assert RULES.label(s, seat, Action("pick", ("citrus",)), "nl") == "Neem citrusvrucht"


def test_a_refusal_speaks_the_readers_language() -> None:
    state = RULES.new(["p0", "p1", "p2"], 1)
    while state["step"] == "choose_start":
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, RULES.legal(state, seat)[0])
    seat = RULES.to_act(state)[0]
    other = next(s for s in state["seats"] if s != seat)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, other, Action("play", ("worker",)))
    assert str(caught.value) == f"It is not your turn; waiting for {seat}."
    assert caught.value.text("ja") == f"あなたの手番ではありません。{seat}を待っています。"
    assert caught.value.text("nl") == f"Je bent niet aan de beurt; we wachten op {seat}."
    assert caught.value.text("zh-TW") == f"現在不是你的回合；正在等待{seat}。"


def test_setup_and_load_refusals_in_every_language() -> None:
    for bad in ({"colour": "red"}, {"veto_timing": "never"}):
        with pytest.raises(IllegalAction) as caught:
            RULES.new(["p0", "p1"], 1, **bad)
        check_refusal(caught.value, f"option {bad}")
    for seats in (["p0"], ["p0", "p0"]):
        with pytest.raises(IllegalAction) as caught:
            RULES.new(seats, 1)
        check_refusal(caught.value, f"seats {seats}")
    with pytest.raises(IllegalAction) as caught:
        RULES.load({"schema": -1})
    check_refusal(caught.value, "load")


def test_category_names_come_from_the_catalogue() -> None:
    assert RULES.category_name("no_such_category", "ja") == "no_such_category"
    for key in T.entries("en"):
        if key.startswith("category."):
            category = key.removeprefix("category.")
            english, texts = in_every_language(lambda lang, c=category: RULES.category_name(c, lang))
            check_translated(english, texts, f"category {category}")


def test_english_names_match_the_rules_data() -> None:
    """The view and the board read names and texts from the data; the catalogue says the same."""
    for bid, building in BUILDINGS.items():
        assert T("en", f"building.{bid}") == building["name"]
        assert T("en", f"effect.{bid}") == building["text"]
    for sid, statute in STATUTES.items():
        assert T("en", f"statute.{sid}") == statute["text"]
