"""Where Goa's values come from, read off the marks in :mod:`engine.goa.data` (``data.MARKS``).

Two things are generated here so that neither can drift from the data: the Goa section of
``docs/sources.md`` (:func:`markdown`; a test compares the file with it) and the topics of the
"values we could not confirm" part of ``/game rules`` (:func:`unconfirmed`, put into words by
:func:`engine.goa.text.unconfirmed_text`).
"""

from __future__ import annotations

from typing import Any

from engine.goa import data

#: The heading of Goa's section in docs/sources.md.
HEADING = "## Goa"


def _prefix(mark: data.Mark) -> str:
    return mark.key.split(".", 1)[0]


def unconfirmed() -> list[tuple[str, dict[str, Any]]]:
    """Every reconstructed value of today's revision, grouped into topics (in MARKS order):

    * ``("yield", {column, rows, values})`` — a progress column's rows (1-based) and their values;
    * ``("costs", {cells, total})`` — how many progress-board cells follow :data:`data.COST_ORDER`;
    * ``("b_tiles", {tiles})`` — the reconstructed B tile ids;
    * ``("colony", {colony, tiles})`` — a colony's reconstructed tile ids;
    * ``("deck", {symbols})`` — the expedition deck's composition;
    * ``("card", {effect})`` — a card effect no source shows.

    A reconstructed mark of any other kind raises: every one must reach ``/game rules``.
    """
    topics: list[tuple[str, dict[str, Any]]] = []
    grouped: dict[tuple[str, str], dict[str, Any]] = {}

    def group(kind: str, key: str, start: dict[str, Any]) -> dict[str, Any]:
        if (kind, key) not in grouped:
            grouped[kind, key] = start
            topics.append((kind, start))
        return grouped[kind, key]

    for mark in data.MARKS:
        if mark.source.confirmed:
            continue
        prefix = _prefix(mark)
        if prefix == "yield":
            _, column, row = mark.key.split(".")
            entry = group("yield", column, {"column": column, "rows": [], "values": []})
            entry["rows"].append(int(row))
            entry["values"].append(mark.value)
        elif prefix == "cost":
            group("costs", "", {"cells": 0, "total": len(data.COLUMNS) * (data.ROWS - 1)})["cells"] += 1
        elif prefix == "tile" and mark.key.startswith("tile.b"):
            group("b_tiles", "", {"tiles": []})["tiles"].append(mark.key.split(".", 1)[1])
        elif prefix == "colony" and mark.key.split(".", 1)[1] in data.COLONY_TILES:
            tile = mark.key.split(".", 1)[1]
            colony = data.COLONY_TILES[tile]["colony"]
            group("colony", colony, {"colony": colony, "tiles": []})["tiles"].append(tile)
        elif prefix == "deck":
            group("deck", "", {"symbols": len(data.SYMBOLS)})
        elif prefix == "card":
            group("card", mark.key, {"effect": mark.key.split(".", 1)[1]})
        else:
            raise ValueError(f"no /game rules wording for the reconstructed value {mark.key!r}")
    return topics


def _value(value: Any) -> str:
    """A mark's value, short, for the docs table."""
    if isinstance(value, dict) and "kind" in value:  # an auction tile
        return ", ".join(f"{k} {v}" for k, v in value.items() if k not in ("id",) and v not in (0, None))
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_value(v)}" for k, v in value.items())
    if isinstance(value, tuple) and value and all(isinstance(f, tuple) and len(f) == 2 for f in value):
        # colony fields ((capacity, kinds), …)
        return "; ".join(
            f"{cap} of {'any spice' if kinds == data.SPICES else ' / '.join(kinds)}" for cap, kinds in value
        )
    if isinstance(value, tuple | list):
        return ", ".join(_value(v) for v in value) or "—"
    return str(value)


def markdown() -> str:
    """The Goa section of docs/sources.md: every value of today's revision with its source and
    a confidence, then a note on revision 1."""
    lines = [
        HEADING,
        "",
        "Our Goa is the 1st edition (Hans im Glück 2004), as the seed walkthrough describes it. The "
        "English rulebook of the 2nd edition (*Goa: A New Expedition*, Z-Man 2012, "
        "`jonnyallred/boardgame-rules`, `extracted/goa-rules.txt`) is used only where the two "
        "editions share a rule; its known changes stay out (start money 5, Duty 5 VP, the "
        "auctioneer paying one less than the top bid, its tile sets, how expedition cards are "
        "acquired). Reviews are numbered as in `shared/rules/goa.md` §10, plus [W29], Frank "
        "Quispel's review of the 1st edition (http://home.hccnet.nl/f.quispel/recensiegoa.html). "
        "This section is generated from the marks in `engine/goa/data.py` "
        "(`engine.goa.sources.markdown()`); `tests/goa/test_sources.py` keeps it equal to them. "
        "Values marked *reconstructed* are the ones `/game rules` lists as not confirmed.",
        "",
        "| value | as the engine has it | source | confidence |",
        "| --- | --- | --- | --- |",
    ]
    for mark in data.MARKS:
        where = mark.source.where.replace("|", "\\|")
        lines.append(f"| `{mark.key}` | {_value(mark.value)} | {where} | {mark.source.confidence} |")
    lines += [
        "",
        "Games begun before these values were checked play on under **revision 1**, the first "
        "reconstruction (spec Appendix A: expedition hand limits 2–6, base colonists 1–5, cost "
        "order ginger, nutmeg, cinnamon, pepper, clove, colonies 1/2/6/10 VP, no row-5 bonus, "
        "colony tiles of capacity 2/3/4/2+3, each player's extra actions on one turn); "
        "`engine/goa/data.py` keeps it as `REVISIONS[1]`.",
        "",
    ]
    return "\n".join(lines)
