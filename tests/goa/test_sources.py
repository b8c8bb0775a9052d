"""Every value of Goa's ``data.py`` has a source (issue 14): the marks cover the module,
``docs/sources.md`` shows them, and ``/game rules`` ends with the unconfirmed ones in every
language — worked out from the marks, so that correcting a mark corrects the help."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine import provenance
from engine.goa import RULES, data
from engine.goa.text import T, column_name, unconfirmed_text
from engine.i18n import LANGUAGES

SOURCES = Path(__file__).resolve().parents[2] / "docs" / "sources.md"


def section(title: str) -> str:
    """The text of ``## title`` in docs/sources.md, up to the next section."""
    text = SOURCES.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def marks() -> dict[str, provenance.Mark]:
    return {m.name: m for m in data.MARKS}


def test_every_value_of_the_data_module_has_one_mark():
    assert provenance.unmarked(data, data.MARKS, identifiers=data.IDENTIFIERS) == []
    names = [m.name for m in data.MARKS]
    assert len(names) == len(set(names))


def test_the_marks_hold_the_values_the_engine_plays():
    m = marks()
    for name in (
        "ROW_VP",
        "COLONY_VP",
        "COLONY_NEED",
        "COST_ORDER",
        "SYMBOL_SET_VP",
        "START_DUCATS_START_PLAYER",
    ):
        assert m[name].value == getattr(data, name)
    for column in data.COLUMNS:  # the rows of each column, split between marks
        rows = {}
        for name, mark in m.items():
            if name.startswith(f"YIELD[{column}]"):
                first, _, last = name.split("][")[1].rstrip("]").partition("-")
                span = range(int(first), int(last or first) + 1)
                rows.update(zip(span, mark.value if len(span) > 1 else (mark.value,), strict=True))
        assert [rows[r] for r in range(1, data.ROWS + 1)] == list(data.YIELD[column])
    draws = {}
    for name, mark in m.items():
        if name.startswith("EXPEDITION_DRAW["):
            first, _, last = name.split("[")[1].rstrip("]").partition("-")
            span = range(int(first), int(last or first) + 1)
            draws.update(zip(span, mark.value if len(span) > 1 else (mark.value,), strict=True))
    assert [draws[r] for r in range(1, data.ROWS + 1)] == list(data.EXPEDITION_DRAW)
    # the 20 cells of the progress board: 6 printed ones, one mark each, and the other 14 (the
    # 1st edition's taxes column is revision 2's harvest column: its rulebook's example)
    assert data.ADVANCE_SPICES[data.COLUMN_INDEX["taxes"]][2] == ("cinnamon", "pepper")
    cells = {
        f"{column} {t + 1}": data.ADVANCE_SPICES[c][t]
        for c, column in enumerate(data.COLUMNS)
        for t in range(1, data.ROWS)
    }
    printed = {
        name.removeprefix("ADVANCE_SPICES[").replace("][", " ").rstrip("]"): mark.value
        for name, mark in m.items()
        if name.startswith("ADVANCE_SPICES[") and name != "ADVANCE_SPICES[the other 14 cells]"
    }
    assert len(printed) == 6
    assert printed | m["ADVANCE_SPICES[the other 14 cells]"].value == cells
    assert m["COLONY_TILES[cochin-*]"].value == data.COLONY_TILES["cochin-d"]["fields"]


def test_the_issues_unconfirmed_values_are_listed_and_what_the_texts_print_is_not():
    unconfirmed = {m.name: m for m in provenance.unconfirmed(data.MARKS)}
    assert set(unconfirmed) == {
        "YIELD[ships][3-4]",
        "YIELD[harvest][2-4]",
        "YIELD[taxes][2-5]",
        "YIELD[expedition][2-3]",
        "YIELD[expedition][5]",
        "EXPEDITION_DRAW[2-3]",
        "EXPEDITION_DRAW[5]",
        "YIELD[colonists][2-5]",
        "ADVANCE_SPICES[the other 14 cells]",
        "TILES[b28..b36]",
        "COLONY_TILES[quilon-c..e]",
        "COLONY_TILES[madras-b..e]",
        "CARDS",
    }
    assert len(unconfirmed["TILES[b28..b36]"].fields["tiles"]) == 9
    assert all(data.TILES[t]["kind"] == "immediate" for t in unconfirmed["TILES[b28..b36]"].fields["tiles"])
    m = marks()
    for printed in (
        "YIELD[colonists][1]",
        "YIELD[expedition][1]",
        "YIELD[expedition][4]",
        "EXPEDITION_DRAW[1]",
        "EXPEDITION_DRAW[4]",
        "SYMBOLS",
        "CARD_RESOURCES[sell]",
        "COLONY_VP",
        "BONUS_FIRST_TO_ROW[5]",
        "BONUS_ALL_MARKERS_ROWS",
    ):
        assert m[printed].confidence in (provenance.HIGH, provenance.MEDIUM)


def test_docs_sources_lists_every_mark_of_goa():
    text = section("Goa")
    for row in provenance.markdown_rows(data.MARKS):
        assert row in text, row
    order = [line for line in SOURCES.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]
    assert order[-1] == "## Goa"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_rules_end_with_the_unconfirmed_values_in_every_language(lang):
    title, body = RULES.help_sections(lang)[-1]
    assert title == T(lang, "help.unconfirmed.title")
    items = [line for line in body.splitlines() if line.startswith("•")]
    assert items == [f"• {unconfirmed_text(m, lang)}" for m in provenance.unconfirmed(data.MARKS)]
    assert any(column_name("taxes", lang) in line and "12" in line for line in items)


def test_the_list_follows_the_marks(monkeypatch):
    """Confirm a value and the help drops it; no second list to keep by hand."""
    body = RULES.help_sections("en")[-1][1]
    assert "• Expedition column, rows (2, 3): the action draws 2, 2 cards" in body
    confirmed = tuple(
        dataclasses.replace(m, confidence=provenance.MEDIUM, text=None)
        if m.name == "EXPEDITION_DRAW[2-3]"
        else m
        for m in data.MARKS
    )
    monkeypatch.setattr(data, "MARKS", confirmed)
    after = RULES.help_sections("en")[-1][1]
    assert "the action draws 2, 2 cards" not in after
    assert len([line for line in after.splitlines() if line.startswith("•")]) == 12


@pytest.mark.parametrize("lang", LANGUAGES)
def test_discarding_on_ones_own_turn_is_our_ruling_and_the_help_says_so(lang):
    """'A player may discard any number of expedition cards at any time': the engine offers it on
    the seat's own turn, a ruling of ours that the marks, docs/sources.md and /game rules state."""
    mark = marks()["DISCARD_ON_OWN_TURN"]
    assert mark.confidence == provenance.RULING and "The Expedition Cards" in mark.source
    assert data.REVISIONS[data.CURRENT].discard_on_own_turn is data.DISCARD_ON_OWN_TURN is True
    assert not data.REVISIONS[2].discard_on_own_turn and not data.REVISIONS[1].discard_on_own_turn
    assert "| `DISCARD_ON_OWN_TURN` | `True` |" in section("Goa")
    actions = dict(RULES.help_sections(lang))[T(lang, "help.actions.title")]
    ruling = {
        "en": "our ruling",
        "nl": "onze regeling",
        "ja": "裁定",
        "zh-CN": "我们的裁定",
        "zh-TW": "我們的裁定",
    }
    assert ruling[lang] in actions
