"""``docs/sources.md`` is written from the marks (``python -m engine.provenance``): the page on disk
is what the generator makes of it, and a superseded seed reading gets its row under the table."""

from __future__ import annotations

import dataclasses

from engine import cuba, goa, provenance, santiago
from tests.game_helpers import SOURCES

SECTIONS = {"Cuba": cuba.data.MARKS, "Santiago de Cuba": santiago.data.MARKS, "Goa": goa.data.MARKS}


def test_the_page_is_current_with_the_marks():
    page = SOURCES.read_text(encoding="utf-8")
    assert provenance.regenerate(page, SECTIONS) == page, "run: python -m engine.provenance"


def test_a_superseded_reading_is_listed_once_and_goes_when_the_mark_drops_it():
    page = SOURCES.read_text(encoding="utf-8")
    first = goa.data.MARKS[0]
    marked = (dataclasses.replace(first, superseded="a seed: something else"), *goa.data.MARKS[1:])
    sections = {**SECTIONS, "Goa": marked}
    once = provenance.regenerate(page, sections)
    assert provenance.regenerate(once, sections) == once  # idempotent
    goa_part = once[once.index("\n## Goa\n") :]
    assert goa_part.count(provenance.SUPERSEDED_INTRO) == 1
    row = provenance.superseded_rows(marked)[2]
    assert row.startswith(f"| `{first.name}` | a seed: something else |") and row in goa_part
    # the other sections are untouched, and dropping the reading restores the page as it was
    assert once[: once.index("\n## Goa\n")] == page[: page.index("\n## Goa\n")]
    cleared = provenance.regenerate(once, SECTIONS)
    assert cleared == provenance.regenerate(page, SECTIONS)
