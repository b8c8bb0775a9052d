"""Goa's words for people: log lines, button labels, prompts, the private summary, refusals and
the rules summary, in every language of :data:`engine.i18n.LANGUAGES`.

Every sentence and every name comes from the catalogues ``engine/goa/locales/<lang>.json``
through :data:`T`; this module only picks the key and fills in the values. Canonical action
texts (``advance ships card 3``) stay as they are in every language: they are the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event, IllegalAction
from engine.goa import data
from engine.goa.state import Pos, State, current, index, lot_tile, on_grid, pos_name, read_pos, spice_counts
from engine.i18n import Catalogue, common, join_list, join_words
from engine.provenance import Mark, unconfirmed
from engine.typed import number, word

T = Catalogue("engine.goa")

#: The sections of the rules summary, in the order ``/game rules`` shows them.
HELP_SECTIONS: tuple[str, ...] = (
    "goal",
    "round",
    "positions",
    "auctions",
    "actions",
    "colonies",
    "tiles",
    "secrets",
)

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


def lot_name(lot: str, lang: str = "en") -> str:
    """What an auction sells: "the flag" or "the <tile>"."""
    if lot == "flag":
        return T(lang, "lot.flag")
    return T(lang, "lot.tile", tile=tile_name(lot, lang))


def card_text(card: int, lang: str = "en") -> str:
    """An expedition card: "#7 +2 ships (elephant, 2 colonists)"."""
    c = data.CARDS[card]
    return T.plural(
        lang,
        "card_text",
        c["colonists"],
        card=card,
        effect=T(lang, f"card.{c['effect']}"),
        symbol=T(lang, f"symbol.{c['symbol']}"),
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


def parse_pos(text: str) -> Pos:
    """The place a player wrote (``c3``, ``z2``), refused with a sentence when it names none."""
    pos = read_pos(text)
    if pos is None:
        raise IllegalAction(lambda lang: T(lang, "board.bad_pos", text=text))
    return pos


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
    return d


#: Events whose sentence depends on a count: event kind → the value that counts.
_COUNTED = {"cards_drawn": "count", "colonists_paid": "amount"}


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    """One log line for ``event``; ``names`` maps seat → display name."""
    d = _event_values(event, names, lang)
    kind = event.kind
    if kind in _COUNTED:
        return T.plural(lang, f"event.{kind}", d[_COUNTED[kind]], **d).strip()
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
    """How many ships or colonists the pending choice offers."""
    if s.pending and s.pending[0]["kind"] == "choose":
        return s.pending[0]["amount"]
    return max(t["choice"] for t in data.TILES.values() if t["kind"] == "immediate")


def label(
    s: State, seat: str, action: Action, lang: str = "en", names: Mapping[str, str] | None = None
) -> str:
    """A short button label for ``action`` (≤ 80 characters); ``names`` names the spied-on player."""
    k, a = action.kind, action.args
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
        return T(lang, "prompt.spices_mix" if p["mix"] else "prompt.spices", left=p["left"])
    if p["kind"] == "fill":
        return T(lang, "prompt.fill", colony=colony_name(p["colony"], lang), deficit=None)
    if p["kind"] == "pay":
        return T(lang, "prompt.pay", colony=colony_name(p["colony"], lang), deficit=p["deficit"])
    if p["kind"] == "discard":
        return T(lang, "prompt.discard", tile=tile_name(p["tile"], lang))
    if p["kind"] == "choose":
        return T(lang, "prompt.choose", n=p["amount"])
    if p["kind"] == "duty":
        return T(lang, "prompt.duty", left=p["left"])
    return T(lang, "prompt.refill", left=p["left"])


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
    if s.phase == "actions":
        return T(lang, "prompt.actions")
    return T(lang, "prompt.extra")


def private_summary(s: State, seat: str, lang: str = "en") -> str:
    """The seat's ducats and expedition hand (empty for a seat not in the game)."""
    if seat not in s.seats:
        return ""
    p = s.players[s.seats.index(seat)]
    limit = data.REVISIONS[s.revision].yields["expedition"][p.progress[data.COLUMN_INDEX["expedition"]]]
    lines = [T(lang, "summary.ducats", n=p.ducats), T(lang, "summary.cards", count=len(p.hand), limit=limit)]
    lines += [f"  {card_text(c, lang)}" for c in sorted(p.hand)] or [f"  {T(lang, 'summary.no_cards')}"]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Refusals


def option_refusal(problem: str, values: Sequence[str] = (), lang: str = "en") -> str:
    """Why a new game's options are refused: ``unknown`` (``values``: the unknown option names),
    ``revision`` (``values``: the revision numbers there are) or ``players`` (their number)."""
    if problem == "unknown":
        return T(lang, "option.unknown", names=join_list(values, lang))
    if problem == "revision":
        return T(lang, "option.revision", numbers=join_list(values, lang))
    return T(lang, "option.players")


def _advance_refusal(s: State, i: int, column: str, with_card: bool, lang: str) -> str | None:
    """Why advancing ``column`` fails: the last row reached, or (without a card) the spices or
    ships it costs; None when that is not the reason."""
    p = s.players[i]
    c = data.COLUMN_INDEX[column]
    t = p.progress[c] + 1
    name = column_name(column, lang)
    if t >= data.ROWS:
        return T(lang, "refuse.last_row", column=name)
    if with_card:
        return None
    counts = spice_counts(p)
    need = data.REVISIONS[s.revision].advance_spices[c][t]
    missing = [x for x in need if not counts[data.SPICE_INDEX[x]]]
    if missing:
        return T(
            lang,
            "refuse.lack_spices",
            row=t + 1,
            column=name,
            cost=" + ".join(spice_name(x, lang) for x in need),
            missing=join_list([spice_name(x, lang) for x in missing], lang),
        )
    return T(lang, "refuse.lack_ships", row=t + 1, column=name, ships=data.ADVANCE_SHIPS[t], have=p.ships)


def _phase_refusal(s: State, i: int, action: Action, lang: str) -> str | None:
    """Refusals that follow from the phase: bids outside auctions, actions outside turns,
    misplaced flags and markers, advances that cannot be paid."""
    p = s.players[i]
    k, a = action.kind, action.args
    if k in ("bid", "outbid") and a and isinstance(a[0], int):
        if s.phase != "auction":
            return T(lang, "refuse.no_auction")
        if a[0] <= s.high:
            return T(lang, "refuse.bid_too_low", high=s.high)
        if a[0] > p.ducats:
            return T(lang, "refuse.bid_too_high", amount=a[0], ducats=p.ducats)
    main_kinds = ("advance", "ships", "harvest", "taxes", "expedition", "colony")
    if k in main_kinds and s.phase == "extra" and p.extra == 0:
        return T(lang, "refuse.no_extra_for_action")
    if k in main_kinds and s.phase not in ("actions", "extra"):
        return T(lang, "refuse.after_auctions")
    if k == "flag" and a and s.phase == "flag":
        return T(lang, "refuse.flag_place")
    if k == "marker" and a and s.phase == "marker":
        return T(lang, "refuse.marker_place", pos=pos_name(s.chain[-1]).upper())
    if (
        k == "advance"
        and a
        and isinstance(a[0], str)
        and a[0] in data.COLUMN_INDEX
        and s.phase in ("actions", "extra")
    ):
        return _advance_refusal(s, i, a[0], len(a) > 1, lang)
    return None


def _holding_refusal(s: State, i: int, action: Action, legal: list[Action], lang: str) -> str | None:
    """Refusals about what the player holds: cards, colonies, tiles."""
    p = s.players[i]
    k, a = action.kind, action.args
    if k in ("play", "advance", "harvest", "colony") and "card" in a or k == "play":
        card = a[-1] if a else None
        if card not in p.hand:
            return T(lang, "refuse.card_not_in_hand")
    if k == "colony" and a and a[0] in data.COLONY_NAMES:
        if a[0] in p.colonies:
            return T(lang, "refuse.colony_founded", colony=colony_name(a[0], lang))
        if not s.colony_stacks[a[0]]:
            return T(lang, "refuse.colony_gone", colony=colony_name(a[0], lang))
    if k in ("trade", "viceking", "supply", "addharvest", "spy", "duty", "claim") and not any(
        x.kind == k for x in legal
    ):
        return T(lang, "refuse.tile_unusable")
    return None


def refusal(s: State, seat: str, action: Action, legal: list[Action], lang: str = "en") -> str:
    """One sentence explaining why ``action`` is not legal now (``legal``: what ``seat`` may do)."""
    i = current(s)
    if i is None:
        return common(lang, "game_over")
    if seat not in s.seats:
        return T(lang, "refuse.not_playing")
    if s.seats[i] != seat:
        return T(lang, "refuse.not_your_turn", seat=s.seats[i])
    if s.pending:
        return T(lang, "refuse.pending", prompt=prompt(s, seat, lang))
    reason = _phase_refusal(s, i, action, lang) or _holding_refusal(s, i, action, legal, lang)
    if reason:
        return reason
    same = [x for x in legal if x.kind == action.kind]
    if same:
        examples = join_list([f"'{x}'" for x in same[:3]], lang)
        return T(lang, "refuse.not_possible", action=str(action), examples=examples)
    kinds = join_list(sorted({x.kind for x in legal})[:8], lang)
    return T(lang, "refuse.cannot_kind", kind=action.kind, kinds=kinds)


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


def unconfirmed_text(mark: Mark, lang: str = "en") -> str:
    """One value no source confirms, in words ("Taxes column, rows 2, 3, 4, 5: 6, 8, 10, 12"):
    the catalogue entry ``unconfirmed.<mark.text>`` with the mark's fields put into ``lang``."""
    f = dict(mark.fields)
    words: dict[str, Any] = {}
    if "column" in f:
        words["column"] = column_name(f["column"], lang)
    if "rows" in f:
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
