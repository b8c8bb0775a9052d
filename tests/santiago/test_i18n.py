"""Santiago de Cuba in every language: log lines, labels, prompts, screens, help and refusals.

Catalogues are strict in the tests (``tests/conftest.py``), so a key missing in a language fails
here. Beyond that, every text must be written in its language: Chinese and Japanese texts contain
CJK characters, Dutch texts differ from English wherever English has words of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.ai import player
from engine.core import Action, Event, IllegalAction
from engine.i18n import LANGUAGES
from engine.santiago import RULES
from engine.santiago import data as d
from engine.santiago.state import State
from engine.santiago.text.explain import explain
from engine.santiago.text.table import EVENT_KINDS
from tests.santiago.helpers import STANDARD_DISTRICTS, give, set_districts, set_money, started

OTHER_LANGUAGES = LANGUAGES[1:]
CJK_LANGUAGES = ("zh-CN", "zh-TW", "ja")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
NAMES = {"p0": "Ana", "p1": "Ben", "p2": "Cy", "p3": "Dee"}
#: Words Dutch shares with English: the currency, rum, casino, bank and the Cubans' names.
SHARED_WORDS = {"peso", "pesos", "rum", "casino", "bank"} | {
    n.lower() for n in ("El", "Zorro", *NAMES.values())
}
SHARED_WORDS |= {info["name"].lower() for info in d.CUBAN_INFO.values()}


def assert_in_language(lang: str, text: str, english: str) -> None:
    """``text`` is written in ``lang``: non-empty, CJK for Chinese and Japanese, and for Dutch
    not a copy of the English (unless English only has words Dutch shares)."""
    assert text.strip(), (lang, english)
    assert "{" not in text, (lang, text)
    if lang in CJK_LANGUAGES:
        assert CJK.search(text), (lang, text, english)
    elif lang == "nl":
        words = {w.lower() for w in re.findall(r"[A-Za-zé']+", english)} - {"'s"}
        if words - SHARED_WORDS:
            assert text != english, (lang, text)


def every_language(render: Callable[..., str], *args: Any) -> None:
    """``render(*args, lang)`` in English and in every other language; check each translation."""
    english = render(*args, "en")
    assert english.strip()
    for lang in OTHER_LANGUAGES:
        assert_in_language(lang, render(*args, lang), english)


def random_game(players: int, seed: int) -> Iterator[tuple[State, list[Event]]]:
    """The states of one game with random computer players, each with the events leading to it."""
    seats = [f"p{i}" for i in range(players)]
    state, events = RULES.start(seats, seed)
    bots = {s: player("santiago", "random", seed + i) for i, s in enumerate(seats)}
    yield state, events
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        legal = RULES.legal(state, seat)
        state, events = RULES.apply(state, seat, bots[seat].choose(RULES.view(state, seat), legal))
        yield state, events


#: Texts that are not moves at the step they are tried in, or not moves at all.
BAD_MOVES = (
    "drive 99",
    "drive 0",
    "aside wood",
    "take wood",
    "give banana",
    "give",
    "claim moon",
    "run bank",
    "go nowhere",
    "use 99",
    "use buy 99",
    "deliver tobacco 99",
    "wood cigar 9",
    "skip",
    "pass",
)


@pytest.mark.parametrize(("players", "seed"), [(2, 101), (3, 102), (4, 103)])
def test_a_whole_game_reads_in_every_language(players: int, seed: int) -> None:
    names = {f"p{i}": NAMES[f"p{i}"] for i in range(players)}
    refused = 0
    for step, (state, events) in enumerate(random_game(players, seed)):
        for event in events:
            every_language(RULES.describe, event, names)
        for seat in state["seats"]:
            every_language(RULES.private_summary, state, seat)
        for seat in RULES.to_act(state):
            every_language(RULES.prompt, state, seat)
            for action in RULES.legal(state, seat):
                for lang in LANGUAGES:
                    assert 0 < len(RULES.label(state, seat, action, lang)) <= 80
                every_language(RULES.label, state, seat, action)
            if step % 7 == 0:
                refused += sum(refuse_in_every_language(state, seat, text) for text in BAD_MOVES)
        if step % 11 == 0 and RULES.to_act(state):
            waiting = RULES.to_act(state)[0]
            other = next(s for s in state["seats"] if s != waiting)
            assert refuse_in_every_language(state, other, str(RULES.legal(state, waiting)[0]))
    assert refused > 100
    result = RULES.result(state)
    assert refuse_in_every_language(state, "p0", "pass")
    for category in {c for parts in result.breakdown.values() for c in parts}:
        for lang in LANGUAGES:
            assert RULES.category_name(category, lang).strip()


def refuse_in_every_language(state: State, seat: str, text: str) -> bool:
    """If ``text`` is refused for ``seat``, check the refusal in every language; True if it was."""
    try:
        RULES.apply(state, seat, RULES.parse(state, seat, text))
    except IllegalAction as err:
        assert err.text("en") == str(err)
        every_language(err.text)
        return True
    return False


#: One event of every kind and variant, as the rules write them.
SAMPLE_EVENTS: list[Event] = [
    Event("setup", "p0", {"road": list(d.CUBANS), "districts": STANDARD_DISTRICTS}),
    Event("roll", "p1", {"ship": 2, "dice": {"sugar": 1, "citrus": 0, "tobacco": 3, "rum": 2, "cigar": 1}}),
    Event(
        "ship_loaded",
        "p1",
        {"ship": 2, "dice": {"sugar": 1, "tobacco": 3, "rum": 2, "cigar": 1}, "aside": "citrus"},
    ),
    Event("reroll", "p1", {}),  # logged before issue 14
    Event("turn", "p2", {}),
    Event("drive", "p0", {"steps": 1, "pesos": 0, "from": 0}),
    Event("drive", "p0", {"steps": 2, "pesos": 1, "from": 0}),
    Event("drive", "p0", {"steps": 4, "pesos": 3, "from": 0}),
    Event("harbour_pass", "p0", {}),
    *[
        Event("value", "p0", {"cause": c, "value": v})
        for c in ("pass", "unfilled", "harbourmaster")
        for v in (3, None)
    ],
    *[
        Event("departure", "p0", {"ship": 3, "cause": c, "left": left})
        for c in ("full", "empty", "pass", "unfilled", "harbourmaster", "customs", "office")
        for left in ({}, {"rum": 1, "cigar": 2})
    ],
    Event("face_up", "p0", {"cuban": "pedro", "space": 3}),
    Event("stop_face_down", "p0", {"cuban": "maria", "space": 4}),
    Event("cuban", "p0", {"cuban": "pedro", "got": {"tobacco": 2}}),
    Event("cuban", "p0", {"cuban": "maria", "got": {"vp": 2}}),
    Event("cuban", "p0", {"cuban": "martinez", "got": {"pesos": 3}}),
    Event("cuban", "p0", {"cuban": "alonso", "got": {}}),
    Event("pablo", "p0", {"good": "cigar"}),
    *[Event("zorro_give", "p1", {"to": "p0", "what": w}) for w in ("peso", "vp", "wood", "citrus")],
    Event("zorro_nothing", "p2", {"to": "p0"}),
    Event("alonso_nothing", "p0", {}),
    Event("claim", "p0", {"building": "harbourmaster"}),
    Event("run", "p0", {"building": "cafe"}),
    Event("go", "p0", {"building": "customs"}),
    Event("stay", "p0", {"building": "market"}),
    *[Event("no_free_building", "p0", {"colour": c}) for c in d.COLOURS],
    Event("owner_vp", "p2", {"building": "office", "visitor": "p0", "vp": 1}),
    Event("skip", "p0", {"building": "sawmill"}),
    Event("use", "p0", {"building": "bank"}),
    Event("use", "p0", {"building": "church"}),
    Event("use", "p0", {"building": "distillery", "n": 1, "given": "sugar", "got": "rum"}),
    Event("use", "p0", {"building": "factory", "n": 3, "given": "tobacco", "got": "cigar"}),
    Event("use", "p0", {"building": "market", "given": "citrus", "got": "cigar"}),
    Event("use", "p0", {"building": "sawmill"}),
    Event("use", "p0", {"building": "cafe", "goods": ["rum"], "vp": 2}),
    Event("use", "p0", {"building": "cafe", "goods": ["rum", "cigar"], "vp": 4}),
    Event("use", "p0", {"building": "casino", "direction": "buy", "n": 1, "pesos": 3}),
    Event("use", "p0", {"building": "casino", "direction": "sell", "n": 2, "pesos": 6}),
    Event("use", "p0", {"building": "customs", "good": "rum"}),
    Event("use", "p0", {"building": "harbourmaster", "direction": "up"}),
    Event("use", "p0", {"building": "harbourmaster", "direction": "down"}),
    Event("use", "p0", {"building": "office", "good": "sugar", "vp": 2}),
    Event("use", "p0", {"building": "newspaper"}),
    Event("use", "p0", {"building": "newspaper", "cuban": "zorro"}),
    Event("harbour_stop", "p0", {}),
    Event("deliver", "p0", {"good": "tobacco", "n": 2, "wood": True, "vp": 2}),
    Event("deliver", "p0", {"good": "cigar", "n": 1, "wood": False, "vp": 3}),
    Event("deliver", "p0", {"good": "citrus", "n": 3, "wood": False, "vp": 9}),
    Event("pass", "p1", {}),
    Event("pass", "p1", {"auto": True}),  # logged before issue 14
    Event("delivery_end", "p0", {"left": {}}),
    Event("alonso_skip", "p0", {}),
    Event("harbour_no_demand", "p0", {}),
    Event("delivery_end", "p0", {"left": {"sugar": 1}}),
    Event("game_over", None, {"scores": {"p0": 20, "p1": 17}, "goods": {}, "pesos": {}}),
]


def test_every_kind_of_event_has_a_line_in_every_language() -> None:
    assert {e.kind for e in SAMPLE_EVENTS} == set(EVENT_KINDS)
    for event in SAMPLE_EVENTS:
        every_language(RULES.describe, event, NAMES)


def test_the_buildings_choices_are_labelled_in_every_language() -> None:
    for building in d.BUILDINGS:
        state = started(3)
        set_districts(state, STANDARD_DISTRICTS)
        give(state, "p0", sugar=2, citrus=2, tobacco=2, rum=2, cigar=2, wood=2)
        set_money(state, "p0", pesos=9, vp=5)
        state["players"]["p0"]["figure"] = building
        state["ship"]["value"] = 1
        state["step"] = "use"
        state["pending"] = {"building": building, "via": "figure", "then": {"kind": "end"}}
        legal = RULES.legal(state, "p0")
        assert len(legal) > 1, building
        for action in legal:
            every_language(RULES.label, state, "p0", action)
        every_language(RULES.prompt, state, "p0")


#: Actions refused at a building, each for a reason of its own.
REFUSED_USES = {
    "distillery": ("use", "use 5"),
    "factory": ("use 0",),
    "market": ("use sugar sugar", "use wood rum"),
    "sawmill": ("use 2",),
    "cafe": ("use", "use sugar"),
    "casino": ("use buy 9", "use sell 9", "use lend 1"),
    "customs": ("use wood", "use citrus"),
    "harbourmaster": ("use down", "use sideways"),
    "office": ("use wood", "use citrus", "use rum"),
    "newspaper": ("use 3", "use zorro"),
    "bank": ("use 1",),
    "church": ("use 1",),
}


def test_refusals_at_every_building_in_every_language() -> None:
    for building, texts in REFUSED_USES.items():
        state = started(3)
        set_districts(state, STANDARD_DISTRICTS)
        state["ship"]["dice"]["citrus"] = 0
        state["face_down"] = ["zorro"]
        state["step"] = "use"
        state["pending"] = {"building": building, "via": "figure", "then": {"kind": "end"}}
        for text in texts:
            action = Action.from_text(text)
            assert action not in RULES.legal(state, "p0"), (building, text)
            every_language(explain, state, "p0", action)


def test_the_harbour_master_ruling_refuses_a_second_move_down_in_every_language() -> None:
    state = started(3)
    state["ship"]["value"], state["ship"]["downs"] = 2, 1
    state["step"] = "use"
    state["pending"] = {"building": "harbourmaster", "via": "figure", "then": {"kind": "end"}}
    assert Action("use", ("down",)) not in RULES.legal(state, "p0")
    every_language(explain, state, "p0", Action("use", ("down",)))
    assert "at most once per ship (our ruling)" in explain(state, "p0", Action("use", ("down",)))


def test_refusals_of_the_other_steps_in_every_language() -> None:
    state = started(3)
    set_money(state, "p0", pesos=0, vp=0)
    for text in ("drive 3", "drive x", "claim bank", "go bank", "wood rum 1", "deliver rum 9", "aside"):
        every_language(explain, state, "p0", Action.from_text(text))
    every_language(explain, state, "p9", Action("drive", (1,)))
    for step, texts in {
        "pablo": ("take wood", "take rum"),
        "zorro": ("give", "give peso", "give vp", "give wood", "give moon"),
        "alonso": ("claim moon", "run bank", "claim bank"),
        "deliver": ("deliver cigar 1", "deliver citrus 9", "deliver moon", "wood sugar 1"),
    }.items():
        state["step"] = step
        state["pending"] = {"roller": "p0", "victims": ["p0"], "trigger": "p0", "current": "p0", "in": ["p0"]}
        state["owners"] = {"bank": "p1"}
        state["ship"]["aside"] = "cigar"
        for text in texts:
            every_language(explain, state, "p0", Action.from_text(text))
    state["players"]["p0"]["markers"] = 0
    state["step"] = "alonso"
    every_language(explain, state, "p0", Action("claim", ("church",)))
    state["step"] = "go"
    state["pending"] = {"options": ["bank", "church"]}
    every_language(explain, state, "p0", Action("go", ("cafe",)))
    state["step"] = "over"
    every_language(explain, state, "p0", Action("pass"))


def test_setup_errors_and_saved_games_are_refused_in_every_language() -> None:
    for bad in (lambda: RULES.new(["p0"], 1), lambda: RULES.new(["p0", "p0"], 1)):
        with pytest.raises(IllegalAction) as caught:
            bad()
        every_language(caught.value.text)
    for options in ({"colour": True}, {"open_holdings": "yes"}, {"harbour_master": "never"}):
        with pytest.raises(IllegalAction) as caught:
            RULES.new(["p0", "p1"], 1, **options)
        every_language(caught.value.text)
    with pytest.raises(IllegalAction) as caught:
        RULES.load({"schema": 0})
    every_language(caught.value.text)
    assert str(caught.value) == "This saved Santiago de Cuba game has an unknown format."


def test_a_refusal_speaks_the_readers_language_and_str_stays_english() -> None:
    state = started(3)
    set_money(state, "p0", pesos=1)
    with pytest.raises(IllegalAction) as caught:
        RULES.parse(state, "p0", "drive 3")
    err = caught.value
    assert str(err) == "Driving 3 stops costs 2 pesos; you have 1."
    assert err.text("zh-TW") == "前進3格要花2元；你只有1元。"
    assert err.text("ja") == "3マス進むには2ペソかかります。あなたの所持は1ペソです。"
    assert err.text("nl") == "3 haltes rijden kost 2 pesos; je hebt er 1."


def test_names_follow_the_rulebook_of_each_language() -> None:
    cafe = Event("owner_vp", "p2", {"building": "cafe", "visitor": "p0", "vp": 1})
    assert RULES.describe(cafe, NAMES, "zh-TW") == "Cy擁有咖啡館：Ana的棋子在那裡結束回合，因此Cy獲得1分。"
    assert RULES.describe(cafe, NAMES, "zh-CN") == "Cy拥有咖啡馆：Ana的棋子在那里结束回合，因此Cy获得1分。"
    assert (
        RULES.describe(cafe, NAMES, "nl")
        == "Cy bezit het café: de pion van Ana eindigt de beurt daar, dus Cy scoort 1 ZP."
    )
    visit = Event("cuban", "p0", {"cuban": "pedro", "got": {"tobacco": 2}})
    assert RULES.describe(visit, NAMES, "zh-TW") == "Ana拜訪佩德羅並獲得2個菸草。"
    assert RULES.describe(visit, NAMES, "zh-CN") == "Ana拜访佩德罗并获得2个烟草。"
    assert RULES.describe(visit, NAMES, "ja") == "Anaはペドロを訪れました（タバコ2個を獲得）。"


def test_help_title_and_categories_in_every_language() -> None:
    english = RULES.help_sections("en")
    for lang in OTHER_LANGUAGES:
        sections = RULES.help_sections(lang)
        assert len(sections) == len(english)
        for (title, body), (en_title, en_body) in zip(sections, english, strict=True):
            assert_in_language(lang, title, en_title)
            assert_in_language(lang, body, en_body)
    assert RULES.display_title("en") == "Santiago de Cuba"
    assert RULES.display_title("zh-TW") == "古巴：聖地牙哥"
    for lang in CJK_LANGUAGES:
        assert CJK.search(RULES.display_title(lang))
    assert RULES.category_name("no-such-category", "ja") == "no-such-category"
