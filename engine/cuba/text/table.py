"""Cuba's texts for the table in every language: log lines, button labels, prompts, the rules
help, private summaries.

Every sentence is a template of the catalogue ``engine/cuba/locales/<lang>.json`` (see
:mod:`engine.cuba.text`); :func:`describe` fills the event's template ``event.<kind>`` with the
seat's name and the event data, turned into words by :func:`_fields`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event
from engine.cuba import data
from engine.cuba.data import BERTH_VP, BUILDINGS, CHARACTERS, PRINTED_WAREHOUSE, STATUTES
from engine.cuba.rules import common as board
from engine.cuba.rules import to_act
from engine.cuba.rules.statutes import tax_due
from engine.cuba.state import Player, State
from engine.cuba.text import (
    T,
    building_effect,
    building_indefinite,
    building_name,
    building_word,
    character_name,
    character_word,
    cost_text,
    count_text,
    per_seat,
    pesos_text,
    piece_name,
    pieces_text,
    statute_text,
)
from engine.i18n import join_list, join_words
from engine.provenance import Mark, unconfirmed
from engine.typed import number, present, word, words

#: Every event kind Cuba writes a log line for (its template is ``event.<kind>``).
EVENT_KINDS: frozenset[str] = frozenset(
    {
        "pick",
        "proposals",
        "card_chosen",
        "card_laid",
        "play",
        "worker",
        "field",
        "water",
        "buy",
        "sell",
        "take_free",
        "build",
        "architect_vp",
        "use",
        "veto",
        "no_veto",
        "ship",
        "mayor_pesos",
        "ship_leaves",
        "harbour_moves",
        "start_player",
        "cards_revealed",
        "bid",
        "bid_placed",
        "bids_revealed",
        "corruption",
        "tie",
        "tie_break",
        "parliament_won",
        "enact",
        "tax_paid",
        "tax_unpaid",
        "duty_paid",
        "duty_unpaid",
        "subsidy",
        "market_statute",
        "round_end",
        "game_over",
    }
)


def _fields(event: Event, names: Mapping[str, str], lang: str) -> dict[str, Any]:
    """The event's data in words, ready for its template."""
    d = dict(event.data)
    out: dict[str, Any] = dict(d)
    out["seat"] = names.get(event.seat, event.seat) if event.seat else ""
    kind = event.kind
    if "row" in d and "col" in d:
        out["field"] = board.field_name(d["row"], d["col"])
    if "piece" in d:
        out["piece"] = piece_name(d["piece"], lang)
    if "card" in d and d["card"] in CHARACTERS:
        out["card"] = character_word(d["card"], lang)
    if kind == "worker":
        out["gained"] = pieces_text(d["gained"], lang)
    if kind == "build":
        out["building"] = building_indefinite(d["building"], lang)
        out["pesos"] = T(lang, "event.build.pesos", pesos=pesos_text(d["pesos"], lang)) if d["pesos"] else ""
    if kind in ("buy", "sell"):
        out["price"] = pesos_text(d["price"], lang)
    if kind in ("mayor_pesos", "tax_paid"):
        out["pesos"] = pesos_text(d["pesos"], lang)
    if kind == "bid":
        out["amount"] = pesos_text(d["amount"], lang)
    if kind == "use":
        out["building"] = building_word(d["building"], lang)
        out["detail"] = _use_detail(d, lang)
    if kind in ("ship", "duty_paid"):
        out["pieces"] = pieces_text(d["pieces"], lang)
    if kind in ("veto", "enact"):
        out["statute"] = statute_text(d["statute"], lang)
    if kind == "tax_unpaid":
        out["why"] = _tax_unpaid_why(d, lang)
    if kind == "duty_unpaid":
        out["why"] = T(lang, "event.duty_unpaid.pieces") if d["reason"] == "pieces" else ""
    if kind == "ship_leaves":
        out["why"] = T.get(lang, f"why.{d['why']}", d["why"])
    if kind == "harbour_moves":
        out["berths"] = join_list([str(s) if s else T(lang, "berth_empty") for s in d["berths"]], lang)
    if kind == "proposals":
        out["proposals"] = T(lang, "sep.semicolon").join(
            T(lang, "proposal", group=g, statute=statute_text(s, lang))
            for g, s in d["proposals"].items()
            if s
        )
    if kind == "cards_revealed":
        cards = {s: character_word(c, lang) for s, c in d["cards"].items()}
        out["cards"] = per_seat(cards, names, lang)
    if kind == "bids_revealed":
        out["bids"] = per_seat(d["bids"], names, lang)
        out["totals"] = per_seat(d["totals"], names, lang)
    if kind == "corruption":
        out["totals"] = per_seat(d["totals"], names, lang)
    if kind in ("tie", "tie_break"):
        out["tied"] = join_words([names.get(s, s) for s in d["tied"]], lang)
    if kind == "market_statute":
        out["pieces"] = pieces_text(d["moved"], lang)
    if kind == "round_end":
        out["discarded"] = _discarded(d["discarded"], names, lang)
    if kind == "game_over":
        out["scores"] = per_seat(d["scores"], names, lang)
        out["ties"] = _ties(d["scores"], d["pesos"], names, lang)
    return out


def _tax_unpaid_why(d: Mapping[str, Any], lang: str) -> str:
    """Why a seat pays no tax: too little money, nothing to pay (no building under the
    per-building tax), or nothing said when it chose not to."""
    if d["reason"] == "money":
        return T(lang, "event.tax_unpaid.money", due=pesos_text(d["due"], lang))
    if d["reason"] == "nothing_due":
        return T(lang, "event.tax_unpaid.nothing_due")
    return ""


def _ties(scores: Mapping[str, int], pesos: Mapping[str, int], names: Mapping[str, str], lang: str) -> str:
    """For every score shared by several seats: the pesos that ranked them (End of the game:
    "in the case of a tie, the player with the most money wins"), or that they share the place."""
    by_score: dict[int, list[str]] = {}
    for seat, vp in scores.items():
        by_score.setdefault(vp, []).append(seat)
    parts = []
    for vp, seats in sorted(by_score.items(), reverse=True):
        if len(seats) < 2:
            continue
        seats = sorted(seats, key=lambda s: -pesos[s])
        who = join_words([names.get(s, s) for s in seats], lang)
        if len({pesos[s] for s in seats}) == 1:
            money = pesos_text(pesos[seats[0]], lang)
            parts.append(T(lang, "event.game_over.shared", names=who, vp=vp, pesos=money))
        else:
            money = per_seat({s: pesos_text(pesos[s], lang) for s in seats}, names, lang)
            parts.append(T(lang, "event.game_over.money", names=who, vp=vp, pesos=money))
    return "".join(parts)


def _discarded(lost: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    """`` (Ana loses 2 citrus; Ben loses 1 tobacco)``, or nothing when nobody lost anything."""
    if not lost:
        return ""
    losses = T(lang, "sep.semicolon").join(
        T(lang, "event.round_end.loses", seat=names.get(s, s), pieces=pieces_text(v, lang))
        for s, v in lost.items()
    )
    return T(lang, "event.round_end.discarded", losses=losses)


def _use_detail(d: dict[str, Any], lang: str) -> str:
    """What a building did, appended to the Foreman's log line."""
    if "vp" in d and "pieces" in d:
        return T(lang, "use.vp_pieces", pieces=pieces_text(d["pieces"], lang), vp=d["vp"])
    if "vp" in d:
        return T(lang, "use.vp", vp=d["vp"])
    if "pesos" in d and "pieces" in d:
        return T(lang, "use.sell", pieces=pieces_text(d["pieces"], lang), pesos=pesos_text(d["pesos"], lang))
    if "pesos" in d:
        return T(lang, "use.pesos", pesos=pesos_text(d["pesos"], lang))
    if "votes" in d:
        return T(lang, "use.votes", votes=d["votes"])
    if "gained" in d:
        return T(lang, "use.gained", pieces=pieces_text(d["gained"], lang))
    if "stored" in d:
        return T(lang, "use.stored", pieces=pieces_text(d["stored"], lang))
    if "count" in d:
        n = d["count"]
        return T.plural(
            lang,
            "use.transform",
            n,
            pieces=count_text(d["source"], n, lang),
            target=count_text(d["target"], n, lang),
        )
    if "give" in d:
        return T(lang, "use.exchange", give=piece_name(d["give"], lang), get=piece_name(d["get"], lang))
    if "new" in d:
        return T(lang, "use.lighthouse", new=d["new"], old=d["old"])
    if "berth" in d:
        return T(lang, "use.berth", berth=d["berth"])
    return ""


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    if event.kind not in EVENT_KINDS:
        return f"{event.kind}: {dict(event.data)}"
    fields = _fields(event, names, lang)
    if event.kind == "market_statute":
        key = "event.market_statute.removes" if event.data["change"] < 0 else "event.market_statute.adds"
        return T(lang, key, **fields)
    return T(lang, f"event.{event.kind}", **fields)


# ---- labels --------------------------------------------------------------------------------


def label(state: State, seat: str, action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    if kind == "pick":
        return T(lang, "label.pick", piece=piece_name(word(action), lang))
    if kind == "parliament":
        return T(lang, "label.parliament", card=character_name(word(action), lang))
    if kind == "play":
        card = word(action)
        return T(lang, "label.play", card=character_name(card, lang), votes=CHARACTERS[card])
    if kind == "worker":
        return T(lang, "label.worker", field=board.field_name(number(action, 0), number(action, 1)))
    if kind == "field":
        row, col = number(action, 0), number(action, 1)
        piece = board.product_yield(state["players"][seat], row, col)
        return T(lang, "label.field", field=board.field_name(row, col), piece=piece_name(piece, lang))
    if kind == "use" and args == ("water",):
        return T(lang, "label.water")
    if kind == "buy":
        piece = word(action)
        return T(lang, "label.buy", piece=piece_name(piece, lang), price=board.buy_price(state, piece))
    if kind == "sell":
        piece = word(action)
        return T(lang, "label.sell", piece=piece_name(piece, lang), price=board.sell_price(state, piece))
    if kind == "take" and args[0] in ("vp", "pesos"):
        return T(lang, f"label.take_{args[0]}")
    if kind == "take":
        return T(lang, "label.take", piece=piece_name(word(action), lang))
    if kind == "build":
        field = board.field_name(number(action, 2), number(action, 3))
        return T(lang, "label.build", building=building_name(word(action), lang), field=field)
    if kind == "ship":
        berth = number(action)
        vp = BERTH_VP[berth - 1] * (len(args) - 1)
        return T(lang, "label.ship", berth=berth, pieces=pieces_text(words(action, 1), lang), vp=vp)[:80]
    if kind == "use":
        return use_label(state, seat, args, lang)[:80]
    if kind == "veto":
        return T(lang, "label.veto", group=args[0])
    if kind == "bid":
        return T(lang, "label.bid", amount=args[0])
    if kind == "enact":
        return T(lang, "label.enact", groups=" + ".join(str(a) for a in args))
    if kind == "pay" and args[0] == "tax":
        return T(lang, "label.pay_tax", pesos=tax_due(state, seat))
    if kind == "pay":
        return T(lang, "label.pay_duty", pieces=_duty_pieces(state, args, lang))
    if kind == "skip":
        return T.get(lang, f"label.skip.{args[0]}", str(action)[:80])
    if kind == "done":
        return T(lang, "label.done")
    return str(action)[:80]


def _duty_pieces(state: State, args: Sequence[int | str], lang: str) -> str:
    """The pieces a ``pay duty …`` action gives: named in the action, or the duty's fixed ones."""
    if len(args) > 1:
        return pieces_text(words(args, 1), lang)
    ((what, count),) = STATUTES[present(state["statutes"]["II"], "duty")]["duty"].items()
    return count_text(what, count, lang)


def _same_buildings(player: Player, bid: str) -> int:
    """How many buildings of kind ``bid`` stand on a plantation (the printed warehouse counts)."""
    printed = 1 if bid == PRINTED_WAREHOUSE else 0
    return printed + sum(1 for built, _row, _col in player["buildings"] if built == bid)


def use_label(state: State, seat: str, args: Sequence[int | str], lang: str = "en") -> str:
    """A button label for a Foreman's building use: name, then what goes in and comes out."""
    row, col, rest = number(args, 0), number(args, 1), args[2:]
    bid = present(board.building_at(state["players"][seat], row, col), "building")
    bd = BUILDINGS[bid]
    name = building_name(bid, lang)
    if _same_buildings(state["players"][seat], bid) > 1:  # two warehouses: say which one
        name = T(lang, "use_label.building_at", building=name, field=board.field_name(row, col))
    effect = bd["effect"]
    if effect == "convert_vp":
        pieces = words(rest) if bd["input"] == "any_product" else [bd["input"]] * number(rest)
        vp = bd["vp_each"] * len(pieces)
        return T(lang, "use_label.convert_vp", building=name, pieces=pieces_text(pieces, lang), vp=vp)
    if effect == "ship":
        berth, n = number(rest, 0), number(rest, 2)
        shipped = count_text(word(rest, 1), n, lang)
        vp = BERTH_VP[berth - 1] * n
        return T(lang, "use_label.ship", building=name, pieces=shipped, berth=berth, vp=vp)
    if effect == "sell":
        pesos = pesos_text(bd["pesos_each"] * len(rest), lang)
        return T(lang, "use_label.sell", building=name, pieces=pieces_text(words(rest), lang), pesos=pesos)
    if effect == "transform":
        n = number(rest)
        source, target = count_text(bd["source"], n, lang), piece_name(bd["target"], lang, n)
        return T(lang, "use_label.transform", building=name, pieces=source, target=target)
    if effect == "exchange":
        give, get = piece_name(word(rest, 0), lang), piece_name(word(rest, 1), lang)
        return T(lang, "use_label.exchange", building=name, give=give, get=get)
    if effect == "veto" and rest:
        return T(lang, "use_label.veto", building=name, group=rest[0])
    if effect == "lighthouse":
        return T(lang, "use_label.lighthouse", building=name, ship=rest[0])
    if effect == "store":
        return T(lang, "use_label.store", building=name)
    return T(lang, "use_label.effect", building=name, effect=building_effect(bid, lang))


# ---- prompts -------------------------------------------------------------------------------

#: Steps whose prompt is one fixed sentence ``prompt.<step>``.
PROMPT_STEPS = (
    "choose_start",
    "choose_card",
    "play_card",
    "worker_move",
    "trader",
    "architect",
    "foreman",
    "mayor",
    "veto",
    "bid",
    "tie_bid",
    "enact",
)


def prompt(state: State, seat: str, lang: str = "en") -> str:
    if seat not in to_act(state):
        return ""
    step = state["step"]
    if step == "pay_tax":
        return T(lang, "prompt.pay_tax", pesos=pesos_text(present(tax_due(state, seat), "tax"), lang))
    if step == "pay_duty":
        duty = statute_text(state["statutes"]["II"], lang).split("→")[0].strip()
        return T(lang, "prompt.pay_duty", duty=duty)
    if step == "worker_fields":
        left = state["pending"]["allowed"] - len(state["pending"]["used"])
        if left > 0:
            return T.plural(lang, "prompt.worker_fields", left)
        return T(lang, "prompt.worker_water")
    if step in PROMPT_STEPS:
        return T(lang, f"prompt.{step}")
    return ""


# ---- private information -------------------------------------------------------------------


def private_summary(state: State, seat: str, lang: str = "en") -> str:
    player = state["players"].get(seat)
    if player is None:
        return ""
    lines = []
    if state["options"]["secret_parliament_card"] and state["phase"] == "actions" and player["card"]:
        card = player["card"]
        lines.append(T(lang, "private.card", card=character_word(card, lang), votes=CHARACTERS[card]))
    if state["step"] == "bid" and not state["bids_revealed"]:
        if player["bid"] is None:
            lines.append(T(lang, "private.no_bid", pesos=pesos_text(player["pesos"], lang)))
        else:
            lines.append(T(lang, "private.bid", amount=pesos_text(player["bid"], lang)))
    if state["step"] == "tie_bid" and seat in state["tied"]:
        if player["bid2"] is None:
            lines.append(T(lang, "private.no_bid2", pesos=pesos_text(player["pesos"], lang)))
        else:
            lines.append(T(lang, "private.bid2", amount=pesos_text(player["bid2"], lang)))
    return "\n".join(lines)


def private_choices(state: State, seat: str) -> bool:
    if seat not in to_act(state):
        return False
    if state["step"] in ("bid", "tie_bid", "choose_card"):
        return True
    if state["step"] == "foreman":
        player = state["players"][seat]
        return any(bid == "lighthouse" for bid, _, _ in player["buildings"])
    return False


# ---- help ----------------------------------------------------------------------------------

#: The sections of the rules help, in order; each has ``help.<id>.title`` and ``help.<id>.text``
#: except ``buildings``, whose text lists every building with its cost and effect, and
#: ``unconfirmed``, generated from the marks of the data (:func:`unconfirmed_text`).
HELP_SECTIONS = (
    "goal",
    "round",
    "worker",
    "trader",
    "architect",
    "foreman",
    "mayor",
    "parliament",
    "statutes",
    "buildings",
    "harbour",
    "unconfirmed",
)


def _buildings_help(lang: str) -> str:
    entries = [
        T(
            lang,
            "help.buildings.entry",
            name=building_name(bid, lang),
            cost=cost_text(bd["cost"], lang),
            effect=building_effect(bid, lang),
        )
        for bid, bd in BUILDINGS.items()
    ]
    return T(lang, "help.buildings.text", entries=T(lang, "sep.semicolon").join(entries))


def unconfirmed_text(mark: Mark, lang: str = "en") -> str:
    """One value no source confirms, in words ("Saw mill's cost: 2 wood and 1 stone"): the
    catalogue entry ``unconfirmed.<mark.text>`` with the mark's fields named in ``lang``."""
    fields = dict(mark.fields)
    if "building" in fields:
        bid = fields["building"]
        fields.update(
            building=building_name(bid, lang),
            cost=cost_text(BUILDINGS[bid]["cost"], lang),
            effect=building_effect(bid, lang),
        )
    if "statute" in fields:
        fields["statute"] = statute_text(fields["statute"], lang)
    for group in ("products", "goods"):  # market spaces, in pesos
        if group in fields:
            fields[group] = join_words([pesos_text(p, lang) for p in fields[group]], lang)
    return T(lang, f"unconfirmed.{mark.text}", **fields)


def help_sections(lang: str = "en") -> list[tuple[str, str]]:
    """The rules in short, section by section; the last one lists the values no official text
    confirms, from the marks in ``data.MARKS`` (see :mod:`engine.provenance`)."""
    out = []
    for section in HELP_SECTIONS:
        if section == "unconfirmed":
            values = "\n".join(
                T(lang, "help.unconfirmed.item", value=unconfirmed_text(m, lang))
                for m in unconfirmed(data.MARKS)
            )
            out.append((T(lang, "help.unconfirmed.title"), T(lang, "help.unconfirmed.text", values=values)))
        elif section == "buildings":
            out.append((T(lang, "help.buildings.title"), _buildings_help(lang)))
        else:
            out.append((T(lang, f"help.{section}.title"), T(lang, f"help.{section}.text")))
    return out


def display_title(lang: str = "en") -> str:
    return T(lang, "title")


def category_name(category: str, lang: str = "en") -> str:
    return T.get(lang, f"category.{category}", category)
