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
