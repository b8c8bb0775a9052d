"""Every value of Cuba's ``data.py`` has a source (issue 14): the marks cover the module,
``docs/sources.md`` shows them, and ``/game rules`` ends with the unconfirmed ones in every
language — worked out from the marks, so that correcting a mark corrects the help."""

from __future__ import annotations

import dataclasses

from engine import provenance
from engine.cuba import RULES
from engine.cuba import data as d
from engine.cuba.text.table import unconfirmed_text
from engine.i18n import LANGUAGES
from tests.game_helpers import section


def marked_value(name: str):
    """The value a mark's name points at: ``ROUNDS``, ``STATUTES[tax_1]``, ``BUILDINGS[inn].cost``."""
    base, _, rest = name.partition("[")
    value = getattr(d, base)
    if not rest:
        return value
    key, _, attr = rest.partition("]")
    entry = value[key]
    if attr == ".cost":
        return entry["cost"]
    drop = ("group", "text", "source") if base == "STATUTES" else ("name", "cost", "text", "sources")
    return {k: v for k, v in entry.items() if k not in drop}


def test_every_value_of_the_data_module_has_a_mark():
    assert provenance.unmarked(d, d.MARKS, identifiers=d.IDENTIFIERS) == []
    names = [m.name for m in d.MARKS]
    assert len(names) == len(set(names))
    for mark in d.MARKS:  # each mark is of the value the module holds now
        assert marked_value(mark.name) == mark.value, mark.name
    for bid in d.BUILDINGS:
        assert f"BUILDINGS[{bid}]" in names and f"BUILDINGS[{bid}].cost" in names
    assert all(f"STATUTES[{sid}]" in names for sid in d.STATUTES)


def test_docs_sources_lists_every_mark_of_cuba():
    text = section("Cuba")
    for row in provenance.markdown_rows(d.MARKS):
        assert row in text, row


def test_the_corrected_values_rest_on_the_official_text():
    marks = {m.name: m for m in d.MARKS}
    hotel = marks["BUILDINGS[hotel].cost"]
    assert hotel.value == {"wood": 2, "stone": 2} and hotel.confidence == provenance.HIGH
    assert "Appendix" in hotel.source
    office = marks["BUILDINGS[large_office]"]
    assert office.value["max"] is None and office.confidence == provenance.HIGH


def test_what_the_issue_calls_unconfirmed_is_still_marked_so():
    """The market ladder below the starting spaces, the 15 ship cards, the plantation layouts and
    the per-building tax rate: no text prints them. Of the building costs, the official text
    prints 9 (Cement factory, Golf course, Hotel, General store, Large bank, Cigar factory, Black
    market, Dam, Warehouse); the other 14 rest on the seeds (the Rum café's on one of two); and
    the Saw mill's input, which the official text prints as the Cement factory's stone."""
    unconfirmed = [m.name for m in provenance.unconfirmed(d.MARKS)]
    costs = {name[len("BUILDINGS[") : -len("].cost")] for name in unconfirmed if name.endswith(".cost")}
    assert [n for n in unconfirmed if not n.endswith(".cost")] == [
        "MARKET_LADDER",
        "LAYOUTS",
        "SHIPS",
        "STATUTES[tax_per_building]",
        "BUILDINGS[sawmill]",
    ]
    printed = {"cement_factory", "golf_course", "hotel", "shop", "large_bank", "cigar_factory"}
    printed |= {"black_market", "dam", "warehouse"}
    assert costs == set(d.BUILDINGS) - printed and len(costs) == 14


def test_game_rules_end_with_the_unconfirmed_values_in_every_language():
    for lang in LANGUAGES:
        title, body = RULES.help_sections(lang)[-1]
        items = [line for line in body.splitlines() if line.startswith("•")]
        assert items == [f"• {unconfirmed_text(m, lang)}" for m in provenance.unconfirmed(d.MARKS)]
    title, body = RULES.help_sections("en")[-1]
    assert title == "Values we could not confirm"
    lines = body.splitlines()
    assert (
        "• Market spaces below the starting ones: 3 pesos and 2 pesos for products, 4 pesos for goods"
        in lines
    )
    assert (
        "• Statute card: Tax 1 peso per building → 2 VP" in lines
        and "• Saw mill costs 2 wood and 1 stone" in lines
    )
    assert "Hotel" not in body and "Cement factory" not in body  # printed in the official text
    assert "• 鋸木廠的費用：2個木頭和1個石頭" in RULES.help_sections("zh-TW")[-1][1]


def test_the_list_follows_the_marks(monkeypatch):
    """Confirm the ships and the Inn's cost and the help drops them; no second list to keep."""
    confirmed = ("SHIPS", "BUILDINGS[inn].cost")
    marks = tuple(
        dataclasses.replace(m, confidence=provenance.HIGH, text=None) if m.name in confirmed else m
        for m in d.MARKS
    )
    monkeypatch.setattr(d, "MARKS", marks)
    body = RULES.help_sections("en")[-1][1]
    assert "ship cards" not in body and "Inn" not in body and "• Church costs 2 wood and 2 stone" in body
