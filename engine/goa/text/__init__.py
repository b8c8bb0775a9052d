"""Goa's presentation: every sentence, in every language of :data:`engine.i18n.LANGUAGES`.

This module holds the words: the catalogue ``T``, the names of spices, columns, colonies, tiles,
lots and cards, reading a typed place, and the sentences the rules' own setup refuses with; it
reads nothing of the rules. The sentences about a game are in :mod:`engine.goa.text.table` (log
lines, button labels, prompts, the private summary, the rules help) and
:mod:`engine.goa.text.explain` (why an action is refused).

Every sentence and every name comes from the catalogues ``engine/goa/locales/<lang>.json``
through :data:`T`; these modules only pick the key and fill in the values. Canonical action
texts (``advance ships card 3``) stay as they are in every language: they are the protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import IllegalAction
from engine.goa import data
from engine.goa.state import Pos, read_pos
from engine.i18n import Catalogue, common, join_list, legend_label, legend_symbols
from engine.provenance import Mark

T = Catalogue("engine.goa")


# --------------------------------------------------------------------------------------------
# Names


def display_title(lang: str = "en") -> str:
    """The game's name in ``lang``."""
    return T(lang, "title")


def category_name(category: str, lang: str = "en") -> str:
    """The name of a scoring category of ``Result.breakdown`` (the id when none is known)."""
    return T.get(lang, f"category.{category}", category)


def spice_name(spice: str, lang: str = "en") -> str:
    return T(lang, f"spice.{spice}")


def column_name(column: str, lang: str = "en") -> str:
    """The name of a progress-board column ("Shipbuilding")."""
    return T(lang, f"column.{column}")


def colony_name(colony: str, lang: str = "en") -> str:
    return T(lang, f"colony.{colony}")


def one_time_name(effect: str, lang: str = "en") -> str:
    """The name of a one-time tile ("Vice-King")."""
    return T(lang, f"one_time.{effect}")


def store_name(store: str, lang: str = "en") -> str:
    """A colony's name, or "plantation 2" for the store ``p2``."""
    if store in data.COLONY_NAMES:
        return colony_name(store, lang)
    return T(lang, "store.plantation", n=store[1:])


def tile_name(tile_id: str | None, lang: str = "en") -> str:
    """A short name for a tile ("double pepper plantation", "4 ships now")."""
    if tile_id is None:
        return common(lang, "nothing")
    t = data.TILES[tile_id]
    kind = t["kind"]
    if kind == "plantation":
        return T(lang, f"tile.plantation.{t['cap']}", spice=spice_name(t["spice"], lang))
    if kind == "each_round":
        return T(lang, f"tile.each_round.{t['gives']}", amount=t["amount"])
    if kind == "duty":
        return T(lang, "tile.duty")
    if kind == "mission":
        return T(lang, "tile.mission", vp=t["vp"])
    if kind == "one_time":
        return one_time_name(t["effect"], lang)
    if t["choice"]:
        return T(lang, "tile.choice", n=t["choice"])
    parts = [
        T.plural(lang, f"tile.{k}", t[k]) for k in ("ships", "actions", "colonists", "expeditions") if t[k]
    ]
    return " + ".join(parts)


def legend_labels(lang: str = "en") -> dict[str, str]:
    """Every tile's name in ``lang`` by tile id (the words of the legend picture)."""
    return {tid: tile_name(tid, lang) for tid in data.TILES}


def icon_labels(lang: str = "en") -> dict[str, str]:
    """The words of the legend's symbols (``icon:<name>`` → "Name: meaning"), their numbers
    from the rules data (the progress rows' VP, the colonists each colony needs, the VP of a
    replaced single plantation and of the Duty), each spice (``icon:<spice>``) and the
    expedition cards' symbols (``icon:goa_symbols``) by their names."""
    values: dict[str, dict[str, Any]] = {
        "goa_progress": {"rows": " ".join(str(vp) for vp in data.ROW_VP)},
        "goa_need": {"needs": " ".join(str(data.COLONY_NEED[c]) for c in data.COLONY_NAMES)},
        "goa_face_down": {"vp": data.SINGLE_PLANTATION_VP},
        "goa_duty": {"vp": data.DUTY_VP},
    }
    labels = legend_symbols(T, lang, values)
    spice = labels.pop("icon:spice")
    for name in data.SPICES:
        labels[f"icon:{name}"] = legend_label(T(lang, f"spice.{name}"), spice, lang)
    symbols = join_list([T(lang, f"symbol.{name}") for name in data.SYMBOLS], lang)
    labels["icon:goa_symbols"] = legend_label(symbols, labels["icon:goa_symbols"], lang)
    return labels


def lot_name(lot: str, lang: str = "en") -> str:
    """What an auction sells: "the flag" or "the <tile>"."""
    if lot == "flag":
        return T(lang, "lot.flag")
    return T(lang, "lot.tile", tile=tile_name(lot, lang))


def card_text(card: int, lang: str = "en") -> str:
    """An expedition card: "#37 +2 ships (fish, 2 colonists)"."""
    c = data.CARDS[card]
    return T.plural(
        lang,
        "card_text",
        c["colonists"],
        card=card,
        effect=T(lang, f"card.{c['effect']}"),
        symbol=T(lang, f"symbol.{c['symbol']}"),
    )


def parse_pos(text: str) -> Pos:
    """The place a player wrote (``c3``, ``z2``), refused with a sentence when it names none."""
    pos = read_pos(text)
    if pos is None:
        raise IllegalAction(lambda lang: T(lang, "board.bad_pos", text=text))
    return pos


# --------------------------------------------------------------------------------------------
# Refusals of the setup and the values no source confirms


def option_refusal(problem: str, values: Sequence[str] = (), lang: str = "en") -> str:
    """Why a new game's options are refused: ``unknown`` (``values``: the unknown option names),
    ``revision`` (``values``: the revision numbers there are), ``head_start`` (not yes or no) or
    ``players`` (their number)."""
    if problem == "unknown":
        return T(lang, "option.unknown", names=join_list(values, lang))
    if problem == "revision":
        return T(lang, "option.revision", numbers=join_list(values, lang))
    if problem == "head_start":
        return T(lang, "option.head_start")
    return T(lang, "option.players")


def unconfirmed_text(mark: Mark, lang: str = "en") -> str:
    """One value no source confirms, in words ("Taxes column, rows 2, 3, 4, 5: 6, 8, 10, 12"):
    the catalogue entry ``unconfirmed.<mark.text>`` with the mark's fields put into ``lang``."""
    f = dict(mark.fields)
    words: dict[str, Any] = {}
    if "column" in f:
        words["column"] = column_name(f["column"], lang)
    if "rows" in f and "values" in f:
        words["rows"] = join_list([str(r) for r in f["rows"]], lang)
        words["values"] = join_list([str(v) for v in f["values"]], lang)
    if mark.text == "costs":
        words.update(
            cells=f["cells"], total=f["total"], order=" → ".join(spice_name(x, lang) for x in data.COST_ORDER)
        )
    if "colony" in f:
        words["colony"] = colony_name(f["colony"], lang)
        pairs = [
            "/".join(spice_name(x, lang) for x in data.COLONY_TILES[t]["fields"][0][1]) for t in f["tiles"]
        ]
        words["pairs"] = join_list(pairs, lang)
    if mark.text == "b_tiles":
        words.update(count=len(f["tiles"]), tiles=join_list([tile_name(t, lang) for t in f["tiles"]], lang))
    if "symbols" in f:
        words.update(
            count=len(f["symbols"]), symbols=join_list([T(lang, f"symbol.{x}") for x in f["symbols"]], lang)
        )
    if "effect" in f:
        words["card"] = T(lang, f"card.{f['effect']}")
    if "cards" in f:
        words["cards"] = f["cards"]
    return T(lang, f"unconfirmed.{mark.text}", **words)
