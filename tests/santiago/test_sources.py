"""Every value of Santiago's ``data.py`` has a source (issue 14): the marks cover the module,
``docs/sources.md`` shows them, and ``/game rules`` ends with the unconfirmed ones in every
language — worked out from the marks, so that correcting a mark corrects the help."""

from __future__ import annotations

import dataclasses

from engine import provenance
from engine.i18n import LANGUAGES
from engine.santiago import RULES
from engine.santiago import data as d
from engine.santiago.text.table import unconfirmed_text
from tests.game_helpers import section


def test_every_value_of_the_data_module_has_a_mark():
    assert provenance.unmarked(d, d.MARKS, identifiers=d.IDENTIFIERS) == []
    names = [m.name for m in d.MARKS]
    assert len(names) == len(set(names))
    for mark in d.MARKS:  # each mark is of the value the module holds now
        base, _, key = mark.name.partition("[")
        value = getattr(d, base)
        assert (value[key.rstrip("]")] if key else value) == mark.value, mark.name


def test_the_unconfirmed_values_are_the_seven_flower_colours():
    unconfirmed = provenance.unconfirmed(d.MARKS)
    assert [m.name for m in unconfirmed] == [
        f"CUBAN_COLOUR[{c}]" for c in d.CUBANS if c not in (d.JOSE, d.ZORRO)
    ]
    sourced = {m.name: m.confidence for m in d.MARKS if m.name.startswith("CUBAN_COLOUR")}
    assert sourced["CUBAN_COLOUR[jose]"] == provenance.MEDIUM
    assert sourced["CUBAN_COLOUR[zorro]"] == provenance.HIGH
    assert {m.name for m in d.MARKS if m.confidence == provenance.RULING} == {"HARBOURMASTER_DOWNS_PER_SHIP"}


def test_docs_sources_lists_every_mark_of_santiago():
    text = section("Santiago de Cuba")
    for row in provenance.markdown_rows(d.MARKS):
        assert row in text, row


def test_game_rules_end_with_the_unconfirmed_values_in_every_language():
    for lang in LANGUAGES:
        title, body = RULES.help_sections(lang)[-1]
        items = [line for line in body.splitlines() if line.startswith("•")]
        assert items == [f"• {unconfirmed_text(m, lang)}" for m in provenance.unconfirmed(d.MARKS)]
    assert RULES.help_sections("en")[-1][1].splitlines()[1] == "• Pedro's flower: blue"
    assert "• 佩德羅的花朵：藍色" in RULES.help_sections("zh-TW")[-1][1]


def test_the_list_follows_the_marks(monkeypatch):
    """Confirm one colour and the help drops it; no second list to keep by hand."""
    marks = tuple(
        dataclasses.replace(m, confidence=provenance.MEDIUM, text=None)
        if m.name == "CUBAN_COLOUR[pedro]"
        else m
        for m in d.MARKS
    )
    monkeypatch.setattr(d, "MARKS", marks)
    body = RULES.help_sections("en")[-1][1]
    assert "Pedro" not in body and "• Conchita's flower: red" in body
    assert len([line for line in body.splitlines() if line.startswith("•")]) == 6
