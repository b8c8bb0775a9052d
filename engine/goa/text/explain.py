"""Why Goa refuses an action: one sentence in the reader's language, from what the seat could
do instead (its legal actions, named as their buttons name them: “Flag A0”, never the typed
syntax) and the state it tried it in."""

from __future__ import annotations

from engine.core import Action
from engine.goa import data
from engine.goa.state import State, current, may_play_card, pos_name, spice_counts
from engine.goa.text import T, colony_name, column_name, spice_name
from engine.goa.text.table import label, prompt
from engine.i18n import common, join_list, moves_text


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
    ships = data.ADVANCE_SHIPS[t]
    return T.plural(lang, "refuse.lack_ships", ships, row=t + 1, column=name, ships=ships, have=p.ships)


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
            return T.plural(lang, "refuse.bid_too_high", p.ducats, amount=a[0], ducats=p.ducats)
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
    if k in ("play", "advance", "harvest", "colony") and "card" in a or k in ("play", "drop"):
        card = a[-1] if a else None
        if card not in p.hand:
            return T(lang, "refuse.card_not_in_hand")
        if k != "drop" and s.phase in ("actions", "extra") and not may_play_card(s, p):
            return T(lang, "refuse.card_per_action")
    rev = data.REVISIONS[s.revision]
    if (
        k == "done"
        and s.phase == "extra"
        and rev.keep_extra_by_playing
        and p.extra > data.MAX_EXTRA_ACTION_CARDS_KEPT
    ):
        return T(lang, "refuse.extra_surplus", n=p.extra)
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
        examples = moves_text([label(s, seat, x, lang) for x in same], lang)
        return T(lang, "refuse.not_possible", examples=examples)
    kinds = moves_text([label(s, seat, x, lang) for x in legal], lang)
    return T(lang, "refuse.cannot_kind", kinds=kinds)
