"""Goa's sentences about a game: log lines, button labels, prompts, the private summary and the
rules summary (``/game rules``), from the words of :mod:`engine.goa.text`.

This is the module the registration hands the rules as their words (:class:`engine.goa.rules.GoaText`):
besides its own sentences it passes on the game's title and category names and the setup's
refusals (:func:`engine.goa.text.option_refusal`). Why an action is refused is
:func:`engine.goa.text.explain.refusal`, handed to the rules beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event
from engine.goa import data
from engine.goa.state import State, current, index, lot_tile, on_grid
from engine.goa.text import (
    T,
    card_text,
    category_name,
    colony_name,
    column_name,
    display_title,
    lot_name,
    one_time_name,
    option_refusal,
    parse_pos,
    spice_name,
    store_name,
    tile_name,
    unconfirmed_text,
)
from engine.i18n import common, join_list, join_words
from engine.provenance import unconfirmed
from engine.typed import number, word

__all__ = [
    "category_name",
    "describe",
    "display_title",
    "flag_group_name",
    "trade_group_name",
    "help_sections",
    "label",
    "option_refusal",
    "private_summary",
    "prompt",
]

#: The sections of the rules summary, in the order ``/game rules`` shows them.
HELP_SECTIONS: tuple[str, ...] = (
    "goal",
    "round",
    "positions",
    "auctions",
    "actions",
    "colonies",
    "tiles",
    "options",
    "secrets",
)


def _goods(d: Mapping[str, Any], lang: str) -> str:
    parts = [
        T.plural(lang, f"goods.{k}", d[k]) for k in ("ships", "colonists", "ducats", "extra") if d.get(k)
    ]
    return join_list(parts, lang) or common(lang, "nothing")


def _paid(paid: Mapping[str, Any], lang: str) -> str:
    parts = []
    if paid.get("spices"):
        parts.append(" + ".join(spice_name(x, lang) for x in paid["spices"]))
    if paid.get("ships"):
        parts.append(T.plural(lang, "goods.ships", paid["ships"]))
    if paid.get("ducats"):
        parts.append(T.plural(lang, "goods.ducats", paid["ducats"]))
    return join_words(parts, lang) if parts else T(lang, "paid.viceking")


def _colonist_cards(cards: list[int], lang: str) -> str:
    """The colonists on drawn cards, as "1+3" ("none" without cards)."""
    return "+".join(str(data.CARDS[c]["colonists"]) for c in cards) or T(lang, "cards.none")


# --------------------------------------------------------------------------------------------
# Log lines


def _event_values(event: Event, names: Mapping[str, str], lang: str) -> dict[str, Any]:
    """The event's data with every id turned into words of ``lang``."""
    d: dict[str, Any] = dict(event.data)
    kind = event.kind
    d["name"] = names.get(event.seat, event.seat) if event.seat else ""
    if "lot" in d:
        d["lot"] = lot_name(d["lot"], lang)
    if "winner" in d:
        d["winner"] = names.get(d["winner"], d["winner"])
    if "pos" in d:
        d["pos"] = d["pos"].upper()
    if kind in ("marker_placed", "plantation_added", "plantation_replaced", "tile_kept"):
        d["tile"] = tile_name(d["tile"], lang)
    if "old" in d:
        d["old"] = tile_name(d["old"], lang)
    if "spice" in d:
        d["spice"] = spice_name(d["spice"], lang)
    if kind == "gain":
        d["goods"] = _goods(d, lang)
        d["why"] = T.get(lang, f"why.{d['why']}", d["why"])
    if kind == "cards_drawn":
        d["why"] = T.get(lang, f"drawn_why.{d['why']}", d["why"])
    if kind == "cards_received":
        d["cards"] = join_list([card_text(c, lang) for c in d["cards"]], lang)
    if kind == "card_played":
        d["card"] = card_text(d["card"], lang)
    if kind in ("colony_attempt", "supply_drawn"):
        d["cards"] = _colonist_cards(d["cards"], lang)
    if "column" in d:
        d["column"] = column_name(d["column"], lang)
    if kind == "advanced":
        d["paid"] = _paid(d["paid"], lang)
    if kind == "tile_used":
        d["tile"] = one_time_name(d["effect"], lang)
    if kind == "game_over":
        d["standings"] = join_list([f"{names.get(s, s)} {d['scores'][s]}" for s in d["ranking"]], lang)
    if "colony" in d:
        d["colony"] = colony_name(d["colony"], lang)
    if kind == "store_refilled":
        d["store"] = store_name(d["store"], lang)
    if kind == "card_discarded":
        d["card"] = card_text(d["card"], lang)
    if kind == "supply_taken":
        d["what"] = T.plural(lang, f"goods.{d['what']}", d["amount"])
    if kind == "head_start_markers":
        d["columns"] = join_list([column_name(c, lang) for c in d["columns"]], lang)
    if kind == "colony_chosen":
        d["spices"] = _tile_spices(d["tile"], lang)
    return d


def _tile_spices(tile: str, lang: str) -> str:
    """The spices a colony tile's fields allow ("ginger/cinnamon")."""
    return join_list(
        ["/".join(spice_name(k, lang) for k in kinds) for _cap, kinds in data.COLONY_TILES[tile]["fields"]],
        lang,
    )


#: Events whose sentence depends on a count: event kind → the value that counts.
_COUNTED = {"cards_drawn": "count", "colonists_paid": "amount"}


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    """One log line for ``event``; ``names`` maps seat → display name."""
    d = _event_values(event, names, lang)
    kind = event.kind
    if kind in _COUNTED:
        return T.plural(lang, f"event.{kind}", d[_COUNTED[kind]], **d).strip()
    if kind == "expedition" and "draw" in d:  # revision 3: a draw and a limit
        return T(lang, "event.expedition_draw", **d).strip()
    if not T.has(f"event.{kind}"):
        return f"{d['name']}: {kind}".strip()
    return T(lang, f"event.{kind}", **d).strip()


# --------------------------------------------------------------------------------------------
# Labels and prompts


#: Actions whose label is one fixed text.
_SIMPLE_LABELS = frozenset(
    (
        "pass",
        "done",
        "stop",
        "take",
        "accept",
        "ships",
        "taxes",
        "expedition",
        "supply",
        "addharvest",
        "duty",
        "pay",
        "decline",
        "ship",
        "colonist",
    )
)


def _place_label(s: State, k: str, where: str, lang: str) -> str:
    """ "Marker C3 · double pepper plantation" (the tile only for a space that holds one)."""
    pos = parse_pos(where)
    tile = s.grid[index(pos)] if on_grid(pos) else None
    text = T(lang, f"label.{k}", pos=where.upper())
    return text + (f" · {tile_name(tile, lang)}" if tile else "")


def _spice_label(action: Action, lang: str) -> str:
    """Store / stock / give / take a spice, in a named colony when the action says which."""
    k = action.kind
    spice = spice_name(word(action, 0), lang)
    if len(action.args) > 1:
        return T(lang, f"label.{k}_in", spice=spice, colony=colony_name(word(action, 1), lang))
    return T(lang, f"label.{k}", spice=spice)


def _spy_label(action: Action, lang: str, names: Mapping[str, str] | None) -> str:
    what = word(action, 1)
    if what == "colony":
        found = T(lang, "spy.colony", colony=colony_name(word(action, 2), lang))
    else:
        found = T(lang, f"spy.{what}")
    seat = word(action, 0)
    return T(lang, "label.spy", seat=(names or {}).get(seat, seat), what=found)


def _choice_amount(s: State) -> int:
    """How many ships or colonists (or, for Re-supply, spices) the pending choice offers."""
    if s.pending and s.pending[0]["kind"] in ("choose", "supply"):
        return s.pending[0]["amount"]
    return max(t["choice"] for t in data.TILES.values() if t["kind"] == "immediate")


def flag_group_name(side: str, places: Sequence[str], lang: str = "en") -> str:
    """The button of a group of flag places: its ring side or board row and every place in it
    (``Flag on the top edge: A0 C0 E0``); ``side`` as :func:`engine.goa.state.flag_side` gives it."""
    shown = " ".join(places)
    if side.startswith("row-"):
        return T(lang, "group.flag.row", row=side.removeprefix("row-"), places=shown)
    return T(lang, f"group.flag.{side}", places=shown)


def trade_group_name(row: int, places: Sequence[str], lang: str = "en") -> str:
    """The button of the trading post's tiles in one board row (``Trade for a tile in row 2: A2 D2``)."""
    return T(lang, "group.trade.row", row=row, places=" ".join(places))


def label(
    s: State, seat: str, action: Action, lang: str = "en", names: Mapping[str, str] | None = None
) -> str:
    """A short button label for ``action`` (≤ 80 characters); ``names`` names the spied-on player."""
    k, a = action.kind, action.args
    if k == "done" and s.pending and s.pending[0]["kind"] == "after":  # no card after the action
        return T(lang, "label.after_done")
    if k in ("flag", "marker"):
        return _place_label(s, k, word(action, 0), lang)
    if k in _SIMPLE_LABELS:
        return T(lang, f"label.{k}")
    if k in ("bid", "outbid"):
        return T(lang, f"label.{k}", amount=a[0])
    if k in ("advance", "harvest", "colony"):
        if k == "advance":
            text = T(lang, "label.advance", column=column_name(word(action, 0), lang))
        elif k == "colony":
            text = T(lang, "label.colony", colony=colony_name(word(action, 0), lang))
        else:
            text = T(lang, "label.harvest")
        if "card" in a:
            return T(lang, "label.with_card", action=text, card=a[-1])
        return text
    if k == "play":
        return T(lang, "label.play", card=card_text(number(action, 0), lang))[:80]
    if k in ("spice", "fill", "give", "claim"):
        return _spice_label(action, lang)
    if k == "discard":
        return T(lang, "label.discard", n=a[0])
    if k == "choose":
        return T(lang, f"label.choose.{a[0]}", n=_choice_amount(s))
    if k == "drop":
        return T(lang, "label.drop", card=card_text(number(action, 0), lang))[:80]
    if k == "pick":
        tile = word(action, 0)
        colony = colony_name(data.COLONY_TILES[tile]["colony"], lang)
        return T(lang, "label.pick", colony=colony, spices=_tile_spices(tile, lang))[:80]
    if k == "head":
        if word(action, 0) == "ducats":
            return T(lang, "label.head_ducats")
        return T(lang, "label.head", columns=join_list([column_name(str(c), lang) for c in a], lang))[:80]
    if k == "trade":
        return T(lang, "label.trade", pos=word(action, 0).upper())
    if k == "viceking":
        return T(lang, "label.viceking", column=column_name(word(action, 0), lang))
    if k == "spy":
        return _spy_label(action, lang, names)
    if k == "refill":
        return T(lang, "label.refill", store=store_name(word(action, 0), lang))
    return str(action)


def _pending_prompt(s: State, lang: str) -> str:
    p = s.pending[0]
    if p["kind"] == "spices":
        return T.plural(lang, "prompt.spices_mix" if p["mix"] else "prompt.spices", p["left"], left=p["left"])
    if p["kind"] == "fill":
        return T(lang, "prompt.fill", colony=colony_name(p["colony"], lang), deficit=None)
    if p["kind"] == "pay":
        return T.plural(
            lang, "prompt.pay", p["deficit"], colony=colony_name(p["colony"], lang), deficit=p["deficit"]
        )
    if p["kind"] == "discard":
        return T(lang, "prompt.discard", tile=tile_name(p["tile"], lang))
    if p["kind"] == "choose":
        return T(lang, "prompt.choose", n=p["amount"])
    if p["kind"] == "duty":
        return T.plural(lang, "prompt.duty", p["left"], left=p["left"])
    if p["kind"] == "shed":
        player = s.players[p["seat"]]
        limit = data.REVISIONS[s.revision].yields["expedition"][
            player.progress[data.COLUMN_INDEX["expedition"]]
        ]
        return T(lang, "prompt.shed", limit=limit, draw=p["draw"])
    if p["kind"] == "pick":
        return T(lang, "prompt.pick", colony=colony_name(p["colony"], lang))
    if p["kind"] == "sell":
        return T(lang, "prompt.sell", price=p["price"])
    if p["kind"] == "supply":
        return T(lang, "prompt.supply", n=p["amount"])
    if p["kind"] == "after":
        return T(lang, "prompt.after")
    return T.plural(lang, "prompt.refill", p["left"], left=p["left"])


def _auction_prompt(s: State, lang: str) -> str:
    lot = lot_name(lot_tile(s) or "flag", lang)
    if s.auc_step < len(s.seats) - 1:
        return T(lang, "prompt.bid", high=s.high, lot=lot)
    if s.high_seat < 0:
        return T(lang, "prompt.take", lot=lot)
    return T(lang, "prompt.accept", high=s.high, lot=lot)


def prompt(s: State, seat: str, lang: str = "en") -> str:
    """What ``seat`` must decide now; empty when it is not that seat's turn."""
    i = current(s)
    if i is None or s.seats[i] != seat:
        return ""
    if s.pending:
        return _pending_prompt(s, lang)
    if s.phase == "flag":
        return T(lang, "prompt.flag")
    if s.phase == "marker":
        return T(lang, "prompt.marker", number=len(s.chain) + 1, previous=len(s.chain))
    if s.phase == "auction":
        return _auction_prompt(s, lang)
    if s.phase == "head":
        return T(lang, "prompt.head")
    if s.phase == "actions":
        return T(lang, "prompt.actions")
    extra = s.players[i].extra
    if data.REVISIONS[s.revision].keep_extra_by_playing and extra > data.MAX_EXTRA_ACTION_CARDS_KEPT:
        return T(lang, "prompt.extra_surplus", n=extra)
    return T(lang, "prompt.extra")


def private_summary(s: State, seat: str, lang: str = "en") -> str:
    """The seat's ducats and expedition hand (empty for a seat not in the game)."""
    if seat not in s.seats:
        return ""
    p = s.players[s.seats.index(seat)]
    rev = data.REVISIONS[s.revision]
    row = p.progress[data.COLUMN_INDEX["expedition"]]
    limit = rev.yields["expedition"][row]
    if rev.expedition_draw is None:
        cards = T(lang, "summary.cards", count=len(p.hand), limit=limit)
    else:
        cards = T(lang, "summary.cards_draw", count=len(p.hand), limit=limit, draw=rev.expedition_draw[row])
    lines = [T(lang, "summary.ducats", n=p.ducats), cards]
    lines += [f"  {card_text(c, lang)}" for c in sorted(p.hand)] or [f"  {T(lang, 'summary.no_cards')}"]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Rules summary for /game rules


def help_sections(lang: str = "en") -> list[tuple[str, str]]:
    """The rules in short (title, text) sections, ending with the values no source confirms,
    listed from the marks in ``data.MARKS`` so that correcting a mark corrects the help."""
    values = {"colony_vp": "/".join(str(v) for v in data.COLONY_VP[1:])}
    sections = [
        (T(lang, f"help.{key}.title"), T(lang, f"help.{key}.text", **values)) for key in HELP_SECTIONS
    ]
    items = "\n".join(
        T(lang, "help.unconfirmed.item", value=unconfirmed_text(m, lang)) for m in unconfirmed(data.MARKS)
    )
    return [*sections, (T(lang, "help.unconfirmed.title"), T(lang, "help.unconfirmed.body", values=items))]
