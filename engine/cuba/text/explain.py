"""Why an action is refused: one sentence a player understands, in the player's language.

``explain(state, seat, action, lang)`` is only called for actions that are not legal; it looks for
the most specific reason and falls back to listing what the seat could do. The sentences are the
``explain.*`` and ``step.*`` templates of the catalogue (see :mod:`engine.cuba.text`). The moves
a refusal suggests are named as the buttons and the board name them (“Worker to B2”), in the
reader's language (:func:`engine.i18n.moves_text`); typed moves are read as before, but a
refusal never shows their syntax.
"""

from __future__ import annotations

from engine.core import Action, Arg
from engine.cuba.data import (
    BUILDING_STATUTE_PESOS,
    BUILDINGS,
    CARGO,
    CHARACTERS,
    COLS,
    PIECES,
    PRODUCTS,
    RESOURCES,
    ROWS,
    START_PRODUCTS,
    START_RESOURCES,
    STATUTES,
    WAREHOUSE_FIELD,
)
from engine.cuba.rules import common as board
from engine.cuba.rules import legal_actions, to_act
from engine.cuba.rules.actions import worker_open_fields
from engine.cuba.rules.statutes import tax_due
from engine.cuba.state import Player, State
from engine.cuba.text import (
    T,
    building_effect,
    building_word,
    character_word,
    cost_text,
    count_text,
    pesos_text,
    piece_name,
)
from engine.cuba.text.table import label
from engine.i18n import common, join_list, join_words, moves_text
from engine.typed import present


def holdings_text(player: Player, pieces: list[str], lang: str = "en") -> str:
    """How many of each of ``pieces`` a player holds: ``1 wood, 0 stone and 2 water``."""
    return join_words([count_text(p, board.have(player, p), lang) for p in pieces], lang)


def _offered(state: State, seat: str, lang: str, kinds: tuple[str, ...] = ()) -> str:
    """The seat's legal moves (of ``kinds``, if given), as their buttons label them."""
    legal = [a for a in legal_actions(state, seat) if not kinds or a.kind in kinds]
    return moves_text([label(state, seat, a, lang) for a in legal], lang)


def explain(state: State, seat: str, action: Action, lang: str = "en") -> str:
    if state["step"] == "over":
        return common(lang, "game_over")
    if seat not in state["players"]:
        return T(lang, "explain.no_seat", seat=seat)
    waiting = to_act(state)
    if seat not in waiting:
        if state["step"] in ("bid", "tie_bid"):
            return T(lang, "explain.wait_for_bids")
        return T(lang, "explain.not_your_turn", seats=join_list(waiting, lang))
    reason = _specific(state, seat, action, lang)
    if reason:
        return reason
    step = T(lang, f"step.{state['step']}")
    return T(lang, "explain.cannot_now", step=step, examples=_offered(state, seat, lang))


def _specific(state: State, seat: str, action: Action, lang: str) -> str | None:
    """A precise reason for the common mistakes of each step, or ``None``."""
    player = state["players"][seat]
    kind, args = action.kind, action.args
    step = state["step"]
    if kind == "pick" and step == "choose_start" and args:
        return _explain_pick(state, args[0], lang)
    if kind == "play" and step == "play_card" and args:
        card = args[0]
        if card not in CHARACTERS:
            cards = join_list([character_word(c, lang) for c in CHARACTERS], lang)
            return T(lang, "explain.no_character", card=card, cards=cards)
        if card == player["card"]:
            return T(lang, "explain.card_face_down", card=character_word(card, lang))
        return T(lang, "explain.card_played", card=character_word(card, lang))
    if kind == "build" and step == "architect":
        return _explain_build(state, seat, args, lang)
    if kind in ("buy", "sell", "take") and step == "trader" and args:
        # A word that is no piece (or a number) is refused like any other unknown piece.
        return _explain_trader(state, seat, kind, str(args[0]), lang)
    if kind == "field" and step == "worker_fields" and len(args) == 2:
        row, col = args
        if not isinstance(row, int) or not isinstance(col, int):
            return None
        if (row, col) in worker_open_fields(state, seat):
            return T(lang, "explain.fields_used")
        return T(lang, "explain.field_not_open", field=board.field_name(row, col))
    if kind == "use" and args == ("water",) and step == "worker_fields":
        if not player["farm"]["water"]:
            return T(lang, "explain.no_water")
        return T(lang, "explain.water_when")
    if kind == "bid" and step in ("bid", "tie_bid") and args:
        return T(lang, "explain.bid_range", pesos=player["pesos"])
    if kind == "pay" and step == "pay_tax":
        tax = pesos_text(present(tax_due(state, seat), "tax"), lang)
        return T(lang, "explain.tax", tax=tax, pesos=player["pesos"])
    if kind == "pay" and step == "pay_duty":
        return _explain_duty(state, seat, lang)
    if kind == "ship" and step == "mayor" and args:
        return _explain_ship(state, seat, args, lang)
    if kind == "use" and step == "foreman" and len(args) >= 2:
        return _explain_use(state, seat, args, lang)
    if kind == "enact" and step == "enact":
        return T(lang, "explain.enact", moves=_offered(state, seat, lang, ("enact",)))
    return None


def _explain_pick(state: State, piece: object, lang: str) -> str:
    done = state["pending"]
    if piece in RESOURCES and done["resources"] >= START_RESOURCES:
        return T(lang, "explain.start_resources_done", n=START_RESOURCES)
    if piece in PRODUCTS and done["products"] >= START_PRODUCTS:
        return T(lang, "explain.start_products_done", n=START_PRODUCTS)
    if piece in RESOURCES + PRODUCTS:
        return T(lang, "explain.none_in_supply", piece=piece_name(str(piece), lang))
    return T(lang, "explain.start_pieces")


def _explain_trader(state: State, seat: str, kind: str, piece: str, lang: str) -> str:
    player = state["players"][seat]
    if kind in ("buy", "sell") and piece not in CARGO:
        return T(lang, "explain.not_traded")
    if kind == "buy":
        if not state["market"][piece] and not state["supply"][piece]:
            return T(lang, "explain.none_left", piece=piece_name(piece, lang))
        return T(
            lang,
            "explain.buy_cost",
            piece=piece_name(piece, lang),
            price=pesos_text(board.buy_price(state, piece), lang),
            pesos=player["pesos"],
        )
    if kind == "sell":
        return T(lang, "explain.nothing_to_sell", pieces=piece_name(piece, lang, 2))
    if state["pending"].get("traded"):
        return T(lang, "explain.already_traded")
    marker = "trader_resource" if piece in RESOURCES else "trader_product"
    if piece in PRODUCTS + RESOURCES and state["markers"][marker] is not None:
        which = "resource" if piece in RESOURCES else "product"
        return T(lang, f"explain.free_{which}_taken")
    if piece in PRODUCTS:
        cheapest = [piece_name(p, lang) for p in board.cheapest_products(state)]
        return T(lang, "explain.free_cheapest", pieces=join_list(cheapest, lang))
    if piece in RESOURCES:
        return T(lang, "explain.none_in_supply", piece=piece_name(piece, lang))
    return T(lang, "explain.trader_take")


def _explain_duty(state: State, seat: str, lang: str) -> str:
    player = state["players"][seat]
    ((what, count),) = STATUTES[present(state["statutes"]["II"], "duty")]["duty"].items()
    if what in PIECES:
        return T(
            lang, "explain.duty_pieces", pieces=count_text(what, count, lang), have=board.have(player, what)
        )
    kinds = RESOURCES if what == "any_resource" else PRODUCTS
    return T(lang, f"explain.duty_{what}", n=count, holdings=holdings_text(player, list(kinds), lang))


def _explain_build(state: State, seat: str, args: tuple[Arg, ...], lang: str) -> str | None:
    player = state["players"][seat]
    row, col = (args[2], args[3]) if len(args) == 4 else (None, None)
    if len(args) != 4 or args[1] != "at" or not isinstance(row, int) or not isinstance(col, int):
        return T(lang, "explain.build_syntax", moves=_offered(state, seat, lang, ("build", "take")))
    bid = str(args[0])  # a number names no building either
    if bid not in BUILDINGS:
        return T(lang, "explain.no_such_building", building=bid)
    bd = BUILDINGS[bid]
    if state["buildings_left"][bid] == 0:
        return T(lang, "explain.none_left_to_build", building=building_word(bid, lang))
    if not (0 <= row < ROWS and 0 <= col < COLS):
        first, last = board.field_name(0, 0), board.field_name(ROWS - 1, COLS - 1)
        return T(lang, "explain.off_plantation", field=board.field_name(row, col), first=first, last=last)
    if (row, col) == WAREHOUSE_FIELD:
        return T(lang, "explain.on_warehouse")
    if (row, col) in board.covered(player):
        return T(lang, "explain.built_on", field=board.field_name(row, col))
    cost = bd["cost"]
    if any(player["farm"][p] < n for p, n in cost.items()):
        have = join_words([count_text(p, player["farm"][p], lang) for p in cost], lang)
        return T(
            lang,
            "explain.build_cost",
            building=building_word(bid, lang),
            cost=cost_text(cost, lang),
            have=have,
        )
    if board.statute_in_force(state, "building"):
        pesos = pesos_text(BUILDING_STATUTE_PESOS, lang)
        return T(lang, "explain.building_statute", pesos=pesos, have=player["pesos"])
    return None


def _explain_ship(state: State, seat: str, args: tuple[Arg, ...], lang: str) -> str | None:
    player = state["players"][seat]
    berth, *pieces = args
    if not isinstance(berth, int) or not 1 <= berth <= 3:
        return T(lang, "explain.ship_syntax", moves=_offered(state, seat, lang, ("ship", "take")))
    ship = state["berths"][berth - 1]
    if ship is None:
        return T(lang, "explain.no_ship", berth=berth)
    for piece in set(pieces):
        if piece not in CARGO:
            return T(lang, "explain.not_cargo", piece=piece)
        wanted = pieces.count(piece)
        if board.have(player, piece) < wanted:
            held = board.have(player, piece)
            return T(lang, "explain.have_only", n=held, pieces=piece_name(piece, lang, held))
        free = board.free_spaces(ship, piece)
        if free < wanted:
            return T.plural(lang, "explain.free_spaces", free, berth=berth, pieces=piece_name(piece, lang, 2))
    if not pieces:
        return T(lang, "explain.ship_nothing", moves=_offered(state, seat, lang, ("ship", "take")))
    return None


def _explain_use(state: State, seat: str, args: tuple[Arg, ...], lang: str) -> str | None:
    player = state["players"][seat]
    row, col = args[0], args[1]
    if not isinstance(row, int) or not isinstance(col, int):
        return T(lang, "explain.use_syntax", moves=_offered(state, seat, lang, ("use", "done")))
    bid = board.building_at(player, row, col)
    if bid is None:
        return T(lang, "explain.no_building_at", field=board.field_name(row, col))
    used = {tuple(f) for f in state["pending"].get("used", [])}
    if (row, col) in used:
        return T(lang, "explain.used_already", building=building_word(bid, lang))
    if state["pending"].get("mode") == "cross":
        return T(lang, "explain.cross_only")
    return T(lang, "explain.not_a_use", building=building_word(bid, lang), effect=building_effect(bid, lang))
