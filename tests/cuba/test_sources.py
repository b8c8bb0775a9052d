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
    """Issue 26: the publisher's fuller text prints the Hotel's "+ 1 x water" that the copy read
    for issue 14 lost at a line break (Appendix, Hotel: 2 x wood, 2 x stone + 1 x water)."""
    marks = {m.name: m for m in d.MARKS}
    hotel = marks["BUILDINGS[hotel].cost"]
    assert hotel.value == {"wood": 2, "stone": 2, "water": 1} and hotel.confidence == provenance.HIGH
    assert "Appendix" in hotel.source and "2 x wood, 2 x stone + 1 x water" in hotel.source
    office = marks["BUILDINGS[large_office]"]
    assert office.value["max"] is None and office.confidence == provenance.HIGH


def test_every_building_cost_is_printed_in_the_appendix():
    """The fuller text keeps every "Building costs:" line of the appendix: all 23 costs are
    confirmed, each citing its appendix entry with the printed cost."""
    words = {"wood": "wood", "stone": "stone", "water": "water"}
    for bid, bd in d.BUILDINGS.items():
        mark = next(m for m in d.MARKS if m.name == f"BUILDINGS[{bid}].cost")
        assert mark.confidence == provenance.HIGH, bid
        assert mark.source.startswith("rulebook: Appendix, The buildings: "), bid
        for piece, n in bd["cost"].items():
            assert f"{n} x {words[piece]}" in mark.source, (bid, piece)


def test_the_seed_readings_the_publishers_text_overturns_are_kept():
    superseded = {m.name: m.superseded for m in d.MARKS if m.superseded is not None}
    assert superseded == {
        "BUILDINGS[rum_bar].cost": "CN: 1 wood + 2 water + 1 stone",
        "BUILDINGS[tobacco_bar]": "JA: 1 tobacco into 2 VP, up to 3",
        "BUILDINGS[large_office]": (
            "CN: 1 to 2 pieces of one kind; JA (note on the branch offices): 2 pieces of one kind"
        ),
        "BUILDINGS[lighthouse]": "CN: a ship in the harbour exchanged with the ship at sea",
    }
    page = section("Cuba")
    for row in provenance.superseded_rows(d.MARKS):
        assert row in page, row


def test_what_the_issue_calls_unconfirmed_is_still_marked_so():
    """The market ladder below the starting spaces, the 15 ship cards, the plantation layouts and
    the per-building tax rate: no text prints them. The Saw mill's input: the publisher's text
    prints the Cement factory's stone for it again, which cannot be right (two stone converters and
    no wood one). No building cost is left unconfirmed."""
    unconfirmed = [m.name for m in provenance.unconfirmed(d.MARKS)]
    assert unconfirmed == [
        "MARKET_LADDER",
        "LAYOUTS",
        "SHIPS",
        "STATUTES[tax_per_building]",
        "BUILDINGS[sawmill]",
    ]
    assert "4 x stone" in next(m for m in d.MARKS if m.name == "BUILDINGS[sawmill]").source


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
        and "• Saw mill: Up to 4 wood → 1 VP each" in lines
    )
    assert "costs" not in body and "Hotel" not in body  # every building cost is printed
    assert "• 鋸木廠：每個木頭換1勝利分，最多4個" in RULES.help_sections("zh-TW")[-1][1]


def test_the_list_follows_the_marks(monkeypatch):
    """Confirm the ships and the Saw mill's input and the help drops them; no second list to keep."""
    confirmed = ("SHIPS", "BUILDINGS[sawmill]")
    marks = tuple(
        dataclasses.replace(m, confidence=provenance.HIGH, text=None) if m.name in confirmed else m
        for m in d.MARKS
    )
    monkeypatch.setattr(d, "MARKS", marks)
    body = RULES.help_sections("en")[-1][1]
    assert "ship cards" not in body and "Saw mill" not in body
    assert "• Statute card: Tax 1 peso per building → 2 VP" in body
