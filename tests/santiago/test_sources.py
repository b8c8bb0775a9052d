"""Every value of Santiago's ``data.py`` has a source (issues 14 and 26): the marks cover the
module and cite the publisher's 2011 rulebook by section, ``docs/sources.md`` shows them, and
``/game rules`` ends with the unconfirmed ones in every language — worked out from the marks, so
that correcting a mark corrects the help."""

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


def test_the_unconfirmed_values_are_the_four_flower_colours_the_2011_text_does_not_print():
    unconfirmed = provenance.unconfirmed(d.MARKS)
    assert [m.name for m in unconfirmed] == [
        f"CUBAN_COLOUR[{c}]" for c in (d.CONCHITA, d.PABLO, d.MARIA, d.MARTINEZ)
    ]
    sourced = {m.name: m.confidence for m in d.MARKS if m.name.startswith("CUBAN_COLOUR")}
    assert sourced["CUBAN_COLOUR[jose]"] == provenance.MEDIUM
    for cuban in (d.PEDRO, d.MIGUEL, d.ALONSO, d.ZORRO):
        assert sourced[f"CUBAN_COLOUR[{cuban}]"] == provenance.HIGH
    assert {m.name for m in d.MARKS if m.confidence == provenance.RULING} == {
        "HARBOURMASTER_DOWNS_PER_SHIP",
        "HARBOURMASTER_LIMITS",
    }


def test_the_printed_colours_and_no_colour_with_more_than_two_cubans():
    """Rulebook 2011: Pedro white (Playing the game, example B), Miguel blue (B. Use a building,
    example), Alonso white (The Cubans, Alonso example); the reconstruction keeps every colour to
    two Cubans and puts none where the text puts another."""
    assert (d.CUBAN_COLOUR[d.PEDRO], d.CUBAN_COLOUR[d.MIGUEL], d.CUBAN_COLOUR[d.ALONSO]) == (
        d.WHITE,
        d.BLUE,
        d.WHITE,
    )
    assert d.CUBAN_COLOUR[d.JOSE] == d.YELLOW and d.CUBAN_COLOUR[d.ZORRO] is None
    counts = {c: list(d.CUBAN_COLOUR.values()).count(c) for c in d.COLOURS}
    assert counts == dict.fromkeys(d.COLOURS, 2)


def test_every_mark_cites_the_2011_rulebook_by_section_or_says_why_not():
    for mark in d.MARKS:
        assert d.RULEBOOK in mark.source, mark.name  # a section, or that the text does not print it
        if mark.confidence == provenance.HIGH:
            assert f"{d.RULEBOOK}: " in mark.source, mark.name
    superseded = {m.name for m in d.MARKS if m.superseded}
    assert superseded == {
        "DIE_FACES",
        "CUBAN_COLOUR[pedro]",
        "CUBAN_COLOUR[miguel]",
        "CUBAN_COLOUR[pablo]",
        "ZORRO_GIFTS",
        "OWNER_VISIT_VP",
    }


def test_docs_sources_lists_every_mark_of_santiago():
    text = section("Santiago de Cuba")
    for row in provenance.markdown_rows(d.MARKS):
        assert row in text, row


def test_game_rules_end_with_the_unconfirmed_values_in_every_language():
    for lang in LANGUAGES:
        title, body = RULES.help_sections(lang)[-1]
        items = [line for line in body.splitlines() if line.startswith("•")]
        assert items == [f"• {unconfirmed_text(m, lang)}" for m in provenance.unconfirmed(d.MARKS)]
    assert RULES.help_sections("en")[-1][1].splitlines()[1] == "• Conchita's flower: red"
    assert "• 巴勃羅的花朵：黃色" in RULES.help_sections("zh-TW")[-1][1]


def test_the_list_follows_the_marks(monkeypatch):
    """Confirm one colour and the help drops it; no second list to keep by hand."""
    marks = tuple(
        dataclasses.replace(m, confidence=provenance.MEDIUM, text=None)
        if m.name == "CUBAN_COLOUR[conchita]"
        else m
        for m in d.MARKS
    )
    monkeypatch.setattr(d, "MARKS", marks)
    body = RULES.help_sections("en")[-1][1]
    assert "Conchita" not in body and "• Pablo's flower: yellow" in body
    assert len([line for line in body.splitlines() if line.startswith("•")]) == 3
