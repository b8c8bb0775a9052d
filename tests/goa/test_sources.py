"""Every value carries its source; docs/sources.md and /game rules' "values we could not
confirm" are generated from those marks (engine/goa/sources.py)."""

from pathlib import Path

import pytest

from engine.goa import data, sources, text
from engine.i18n import LANGUAGES

DOC = Path(__file__).parents[2] / "docs" / "sources.md"


def _goa_section(doc: str) -> str:
    start = doc.index(sources.HEADING + "\n")
    end = doc.find("\n## ", start + 1)
    return doc[start:] if end < 0 else doc[start : end + 1]


def test_docs_sources_holds_the_generated_goa_section():
    generated = sources.markdown()
    assert _goa_section(DOC.read_text()) == generated, "regenerate with engine.goa.sources.markdown()"


def test_every_value_is_marked_once_and_the_marks_hold_the_tables():
    keys = [m.key for m in data.MARKS]
    assert len(keys) == len(set(keys))
    marks = {m.key: m for m in data.MARKS}
    for column in data.COLUMNS:
        for row in range(data.ROWS):
            assert marks[f"yield.{column}.{row + 1}"].value == data.YIELD[column][row]
            if row:
                assert (
                    marks[f"cost.{column}.{row + 1}"].value
                    == data.ADVANCE_SPICES[data.COLUMN_INDEX[column]][row]
                )
    assert {f"tile.{t}" for t in data.TILES} <= set(marks)
    assert {f"colony.{t}" for tiles in data.COLONY_STACKS.values() for t in tiles} <= set(marks)
    assert marks["colony.vp"].value == data.COLONY_VP[1:]
    assert all(m.source.confidence in ("high", "medium", "low") for m in data.MARKS)
    assert all((m.source.kind == "reconstructed") == (m.source.confidence == "low") for m in data.MARKS)


def test_the_issues_unconfirmed_values_are_still_listed():
    topics = sources.unconfirmed()
    kinds = [kind for kind, _ in topics]
    assert "deck" in kinds and "costs" in kinds  # the expedition deck; the progress-board cells
    (b_tiles,) = [d for kind, d in topics if kind == "b_tiles"]
    assert len(b_tiles["tiles"]) == 9
    middle_rows = {d["column"]: d["rows"] for kind, d in topics if kind == "yield"}
    assert middle_rows["ships"] == [3, 4] and middle_rows["taxes"] == [2, 3, 4, 5]
    # what the texts print is no longer listed
    assert 1 not in middle_rows["colonists"] and 1 not in middle_rows["expedition"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_end_with_the_unconfirmed_values_in_every_language(lang):
    title, body = text.help_sections(lang)[-1]
    assert title == text.T(lang, "help.unconfirmed.title")
    lines = body.split("\n")
    assert lines[0] == text.T(lang, "help.unconfirmed.intro")
    assert len(lines) == 1 + len(sources.unconfirmed())
    column = text.column_name("taxes", lang)
    assert any(column in line and "12" in line for line in lines[1:])


def test_the_unconfirmed_part_is_generated_from_the_marks(monkeypatch):
    """Confirm a value in the data and /game rules stops listing it; add a reconstructed one and
    it appears."""
    before = text.unconfirmed_text("en")
    assert "Taxes column, rows 2, 3, 4, 5: 6, 8, 10, 12" in before
    confirmed = data.rulebook("a test")
    marks = tuple(m._replace(source=confirmed) if m.key == "yield.taxes.2" else m for m in data.MARKS)
    monkeypatch.setattr(data, "MARKS", marks)
    assert "Taxes column, rows 3, 4, 5: 8, 10, 12" in text.unconfirmed_text("en")
    guessed = data.reconstructed("a test")
    marks = tuple(m._replace(source=guessed) if m.key == "yield.taxes.1" else m for m in marks)
    monkeypatch.setattr(data, "MARKS", marks)
    assert "Taxes column, rows 1, 3, 4, 5: 4, 8, 10, 12" in text.unconfirmed_text("en")
    monkeypatch.setattr(data, "MARKS", (*marks, data.Mark("rounds.extra", 9, guessed)))
    with pytest.raises(ValueError, match="no /game rules wording"):
        text.unconfirmed_text("en")
