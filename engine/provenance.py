"""Where a game's printed values come from: one mark per value of a game's ``data`` module.

Each game's ``data.py`` keeps, next to its values, a tuple of :class:`Mark` — the value's name in
the module (``"DIE_FACES"``, or ``"CUBAN_COLOUR[pedro]"`` for one entry of a table), where it is
printed or reported, and how sure we are of it. Three things are read from the marks and never
kept by hand a second time:

* the game's ``/game rules`` ends with the values no source confirms (:func:`unconfirmed`), so a
  player who owns the box can tell the server admin;
* ``docs/sources.md`` lists every value with its source and confidence (:func:`markdown_rows`
  writes the table rows; a test checks that the document shows them);
* tests check that every value of the module has a mark (:func:`unmarked`).

A mark of a value no source prints carries a ``text`` key and ``fields``: the game's catalogue
entry ``unconfirmed.<text>`` says in each language what the value is ("Pedro's flower: blue").

A mark whose value the publisher's rulebook changed from what a seed translation read carries
``superseded``: the seed's reading, in words. ``docs/sources.md`` lists those readings under each
game's table (:func:`superseded_rows`), so that nobody brings a seed's value back.

``python -m engine.provenance [docs/sources.md]`` rewrites the generated tables of the page from
the marks (the prose around them is kept as written); a test checks the page is current.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

__all__ = [
    "CONFIDENCES",
    "HIGH",
    "MEDIUM",
    "RULING",
    "UNCONFIRMED",
    "Mark",
    "markdown_rows",
    "marked_names",
    "regenerate",
    "superseded_rows",
    "unconfirmed",
    "unmarked",
]

#: Printed in the rulebook (or its walkthrough) in so many words.
HIGH = "high"
#: Reported by reviews or summaries, or read from the rulebook's wording where it is not explicit.
MEDIUM = "medium"
#: No readable source prints it: a reconstruction that the engine uses until someone reads the box.
UNCONFIRMED = "unconfirmed"
#: Not a printed value but a decision of this project where the rules leave a gap.
RULING = "our ruling"
CONFIDENCES: tuple[str, ...] = (HIGH, MEDIUM, UNCONFIRMED, RULING)


@dataclass(frozen=True)
class Mark:
    """The source of one value (see the module docstring)."""

    name: str
    value: Any
    source: str
    confidence: str
    text: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    #: The seed translation's reading that the publisher's text overturned ("CN: Hotel 2 wood + 2
    #: stone"), or None when no seed read it otherwise.
    superseded: str | None = None

    def __post_init__(self) -> None:
        if self.confidence not in CONFIDENCES:
            raise ValueError(f"{self.name}: confidence {self.confidence!r} is not one of {CONFIDENCES}")
        if self.confidence == UNCONFIRMED and self.text is None:
            raise ValueError(f"{self.name}: an unconfirmed value needs a text key for /game rules")


def unconfirmed(marks: Iterable[Mark]) -> list[Mark]:
    """The marks of values no source confirms, in the order the data module gives them."""
    return [m for m in marks if m.confidence == UNCONFIRMED]


def marked_names(marks: Iterable[Mark]) -> set[str]:
    """The module-level names the marks cover (``"CUBAN_COLOUR[pedro]"`` covers ``CUBAN_COLOUR``)."""
    return {m.name.split("[", 1)[0] for m in marks}


def unmarked(module: ModuleType, marks: Iterable[Mark], *, identifiers: Iterable[str] = ()) -> list[str]:
    """The upper-case module-level values of ``module`` without a mark. ``identifiers`` are the
    names that hold no value to source (ids such as ``SUGAR = "sugar"``, display names)."""
    skip = set(identifiers) | marked_names(marks)
    return sorted(
        name
        for name, value in vars(module).items()
        if name.isupper()
        and not name.startswith("_")
        and not isinstance(value, ModuleType)
        and name not in skip
    )


def _cell(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_rows(marks: Iterable[Mark]) -> list[str]:
    """The marks as rows of a Markdown table ``| value | is | source | confidence |``."""
    rows = ["| value | is | source | confidence |", "| --- | --- | --- | --- |"]
    rows += [f"| `{m.name}` | `{_cell(m.value)}` | {_cell(m.source)} | {m.confidence} |" for m in marks]
    return rows


#: The header of :func:`superseded_rows`' table (also how :func:`regenerate` finds it).
SUPERSEDED_HEADER = "| value | a seed read | the publisher's text: now | source |"


def superseded_rows(marks: Iterable[Mark]) -> list[str]:
    """The marks whose seed reading the publisher's text overturned, as rows of a Markdown table
    (empty when there are none)."""
    rows = [
        f"| `{m.name}` | {_cell(m.superseded)} | `{_cell(m.value)}` | {_cell(m.source)} |"
        for m in marks
        if m.superseded is not None
    ]
    return [SUPERSEDED_HEADER, "| --- | --- | --- | --- |", *rows] if rows else []


def _table_span(lines: list[str], header: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the table beginning with ``header`` lies in ``lines[start:end]``: (first, past last)."""
    for i in range(start, end):
        if lines[i] == header:
            j = i
            while j < end and lines[j].startswith("|"):
                j += 1
            return i, j
    return None


#: The sentence that introduces the superseded readings' table.
SUPERSEDED_INTRO = "Seed readings the publisher's text overturned (listed so that none comes back):"


def _section(lines: list[str], title: str) -> tuple[int, int]:
    start = lines.index(f"## {title}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return start, end


def regenerate(page: str, sections: Mapping[str, Iterable[Mark]]) -> str:
    """``page`` (docs/sources.md) with each ``## title`` section's tables written anew from its
    marks: the marks table (:func:`markdown_rows`) where it stands, and the superseded readings
    (:func:`superseded_rows`) right after it under :data:`SUPERSEDED_INTRO`. Prose is kept."""
    lines = page.split("\n")
    for title, marks in sections.items():
        marks = tuple(marks)
        start, end = _section(lines, title)
        old = _table_span(lines, SUPERSEDED_HEADER, start, end)
        if old is not None:  # drop the old block: blank, sentence, blank, table
            first, last = old
            if lines[first - 2 : first] == [SUPERSEDED_INTRO, ""]:
                first -= 3 if lines[first - 3] == "" else 2
            del lines[first:last]
            start, end = _section(lines, title)
        span = _table_span(lines, "| value | is | source | confidence |", start, end)
        if span is None:
            raise ValueError(f"docs/sources.md: the section {title!r} has no table of marks")
        table = markdown_rows(marks)
        superseded = superseded_rows(marks)
        if superseded:
            table += ["", SUPERSEDED_INTRO, "", *superseded]
        lines[span[0] : span[1]] = table
    return "\n".join(lines)


def _main(argv: list[str] | None = None) -> int:
    import sys
    from pathlib import Path

    from engine import cuba, goa, santiago

    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0] if args else "docs/sources.md")
    sections = {
        "Cuba": cuba.data.MARKS,
        "Santiago de Cuba": santiago.data.MARKS,
        "Goa": goa.data.MARKS,
    }
    page = path.read_text(encoding="utf-8")
    new = regenerate(page, sections)
    if new != page:
        path.write_text(new, encoding="utf-8")
        print(f"{path}: tables written anew from the marks")
    else:
        print(f"{path}: current")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
