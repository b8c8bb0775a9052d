"""Why an action is refused: one sentence a player understands.

``explain(state, seat, action)`` is only called for actions that are not legal; it looks for the
most specific reason and falls back to listing what the seat could do.
"""

from __future__ import annotations

from engine.core import Action
from engine.cuba import board as b
from engine.cuba.data import (
    BUILDING_STATUTE_PESOS,
    BUILDINGS,
    CARGO,
    CHARACTERS,
    COLS,
    PIECE_NAMES,
    PIECES,
    PRODUCTS,
    RESOURCES,
    ROWS,
    START_PRODUCTS,
    START_RESOURCES,
    STATUTES,
    WAREHOUSE_FIELD,
)
from engine.cuba.rules import legal_actions, tax_due, to_act, worker_open_fields
from engine.cuba.state import State

STEP_WORDS = {
    "choose_start": "choose your starting pieces with 'pick …'",
    "choose_card": "choose your face-down parliament card with 'parliament …'",
    "play_card": "play a character card with 'play …'",
    "worker_move": "move your worker with 'worker ROW COL'",
    "worker_fields": "choose product fields with 'field ROW COL' or say 'done'",
    "trader": "buy and sell, take a free piece, or say 'done'",
    "architect": "build with 'build BUILDING at ROW COL' or 'take vp'",
    "foreman": "use buildings with 'use ROW COL …' or say 'done'",
    "mayor": "load a ship with 'ship BERTH PIECES…' or 'take pesos'",
    "veto": "veto a proposal with 'veto GROUP' or 'skip veto'",
    "bid": "bid for parliament with 'bid N'",
    "tie_bid": "bid again with 'bid N'",
    "enact": "enact two proposals with 'enact GROUP GROUP'",
    "pay_tax": "'pay tax' or 'skip tax'",
    "pay_duty": "'pay duty' or 'skip duty'",
}


def name(piece: str, count: int = 1) -> str:
    singular, plural = PIECE_NAMES.get(piece, (piece, piece))
    return singular if count == 1 else plural


def holdings_text(player: dict, pieces: list[str]) -> str:
    parts = [f"{b.have(player, p)} {name(p, b.have(player, p))}" for p in pieces]
    return b.join_words(parts)


def explain(state: State, seat: str, action: Action) -> str:
    if state["step"] == "over":
        return "The game is over."
    if seat not in state["players"]:
        return f"There is no seat '{seat}' in this game."
    waiting = to_act(state)
    if seat not in waiting:
        if state["step"] in ("bid", "tie_bid"):
            return "You have already placed your bid; wait until everybody has bid."
        return f"It is not your turn; waiting for {', '.join(waiting)}."
    reason = _specific(state, seat, action)
    if reason:
        return reason
    legal = legal_actions(state, seat)
    examples = ", ".join(f"'{a}'" for a in legal[:4])
    return f"You cannot play '{action}' now: {STEP_WORDS[state['step']]} (for example {examples})."


def _specific(state: State, seat: str, action: Action) -> str | None:
    """A precise reason for the common mistakes of each step, or ``None``."""
    player = state["players"][seat]
    kind, args = action.kind, action.args
    step = state["step"]
    if kind == "pick" and step == "choose_start" and args:
        piece = args[0]
        done = state["pending"]
        if piece in RESOURCES and done["resources"] >= START_RESOURCES:
            return f"You already have your {START_RESOURCES} starting resources; now choose products."
        if piece in PRODUCTS and done["products"] >= START_PRODUCTS:
            return f"You already have your {START_PRODUCTS} starting products; now choose resources."
        if piece in RESOURCES + PRODUCTS:
            return f"There is no {name(piece)} left in the supply."
        return "At the start you take resources (wood, stone, water) and products (citrus, sugar, tobacco)."
    if kind == "play" and step == "play_card" and args:
        card = args[0]
        if card not in CHARACTERS:
            return f"There is no character '{card}'; the characters are {', '.join(CHARACTERS)}."
        if card == player["card"]:
            return f"Your {card} lies face down for parliament this round."
        return f"You have already played the {card} this round."
    if kind == "build" and step == "architect":
        return _explain_build(state, seat, args)
    if kind == "buy" and step == "trader" and args:
        piece = args[0]
        if piece not in CARGO:
            return "Only citrus, sugar, tobacco, rum and cigars are traded at the market."
        price = b.buy_price(state, piece)
        if not state["market"][piece] and not state["supply"][piece]:
            return f"There is no {name(piece)} left, neither at the market nor in the supply."
        return f"Buying {name(piece)} costs {price} pesos; you have {player['pesos']}."
    if kind == "sell" and step == "trader" and args:
        piece = args[0]
        if piece not in CARGO:
            return "Only citrus, sugar, tobacco, rum and cigars are traded at the market."
        return f"You have no {name(piece, 2)} to sell."
    if kind == "take" and step == "trader" and args:
        piece = args[0]
        if state["pending"].get("traded"):
            return "You have already traded this turn; the free piece is taken instead of trading."
        marker = "trader_resource" if piece in RESOURCES else "trader_product"
        if piece in PRODUCTS + RESOURCES and state["markers"][marker] is not None:
            return f"The free {'resource' if piece in RESOURCES else 'product'} was already taken this round."
        if piece in PRODUCTS:
            return f"The free product must be the cheapest at the market: {', '.join(b.cheapest_products(state))}."
        if piece in RESOURCES:
            return f"There is no {name(piece)} left in the supply."
        return "The Trader may take 1 resource of your choice or 1 of the cheapest product."
    if kind == "field" and step == "worker_fields" and len(args) == 2:
        open_ = worker_open_fields(state, seat)
        if tuple(args) in open_:
            return "You have used all your product fields; discard a water ('use water') to use one more."
        return f"Field {args[0]},{args[1]} is not an activated product field you can still use."
    if kind == "use" and args == ("water",) and step == "worker_fields":
        if not player["farm"]["water"]:
            return "You have no water to discard."
        return "Discard water only when you have used all your product fields and one is left to use."
    if kind == "bid" and step in ("bid", "tie_bid") and args:
        return f"Bid a whole number of pesos between 0 and {player['pesos']}."
    if kind == "pay" and step == "pay_tax":
        return f"The tax is {tax_due(state, seat)} pesos; you have {player['pesos']}."
    if kind == "pay" and step == "pay_duty":
        duty = STATUTES[state["statutes"]["II"]]["duty"]
        ((what, count),) = duty.items()
        if what in PIECES:
            return f"The duty asks for {count} {name(what, count)}; you have {b.have(player, what)}."
        kinds = RESOURCES if what == "any_resource" else PRODUCTS
        return f"The duty asks for {count} {'resources' if what == 'any_resource' else 'products'}; you have {holdings_text(player, list(kinds))}."
    if kind == "ship" and step == "mayor" and args:
        return _explain_ship(state, seat, args)
    if kind == "use" and step == "foreman" and len(args) >= 2:
        return _explain_use(state, seat, args)
    if kind == "enact" and step == "enact":
        return "Choose exactly 2 of the proposals still standing, e.g. 'enact I III'."
    return None


def _explain_build(state: State, seat: str, args: tuple) -> str | None:
    player = state["players"][seat]
    if len(args) != 4 or args[1] != "at" or not isinstance(args[2], int) or not isinstance(args[3], int):
        return "Write a build as 'build BUILDING at ROW COL', e.g. 'build cigar_factory at 2 1'."
    bid, _, row, col = args
    if bid not in BUILDINGS:
        return f"There is no building called '{bid}'."
    bd = BUILDINGS[bid]
    if state["buildings_left"][bid] == 0:
        return f"No {bd['name'].lower()} is left to build."
    if not (0 <= row < ROWS and 0 <= col < COLS):
        return f"Field {row},{col} is not on your plantation (rows 0–{ROWS - 1}, columns 0–{COLS - 1})."
    if (row, col) == WAREHOUSE_FIELD:
        return "You cannot build on your warehouse."
    if (row, col) in b.covered(player):
        return f"There is already a building on field {row},{col}."
    cost = bd["cost"]
    if any(player["farm"][p] < n for p, n in cost.items()):
        have = b.join_words([f"{player['farm'][p]} {p}" for p in cost])
        return f"The {bd['name'].lower()} needs {b.cost_text(cost)}; you have {have}."
    if b.statute_in_force(state, "building"):
        return (
            f"The Building statute makes you pay {BUILDING_STATUTE_PESOS} pesos; you have {player['pesos']}."
        )
    return None


def _explain_ship(state: State, seat: str, args: tuple) -> str | None:
    player = state["players"][seat]
    berth, *pieces = args
    if not isinstance(berth, int) or not 1 <= berth <= 3:
        return "Name a berth 1, 2 or 3 and the pieces, e.g. 'ship 2 citrus tobacco'."
    ship = state["berths"][berth - 1]
    if ship is None:
        return f"There is no ship at berth {berth}."
    for piece in set(pieces):
        if piece not in CARGO:
            return f"Ships cannot take '{piece}'; they take citrus, sugar, tobacco, rum and cigars."
        wanted = pieces.count(piece)
        if b.have(player, piece) < wanted:
            return f"You have only {b.have(player, piece)} {name(piece, 2)}."
        if b.free_spaces(ship, piece) < wanted:
            free = b.free_spaces(ship, piece)
            return f"The ship at berth {berth} has {free} free space{'s' if free != 1 else ''} for {name(piece, 2)}."
    if not pieces:
        return "Name at least one piece to ship, or 'take pesos'."
    return None


def _explain_use(state: State, seat: str, args: tuple) -> str | None:
    player = state["players"][seat]
    row, col = args[0], args[1]
    if not isinstance(row, int) or not isinstance(col, int):
        return "Write a building use as 'use ROW COL …', e.g. 'use 0 0' for your warehouse."
    bid = b.building_at(player, row, col)
    if bid is None:
        return f"You have no building on field {row},{col}."
    used = {tuple(f) for f in state["pending"].get("used", [])}
    if (row, col) in used:
        return f"Your foreman has already used the {BUILDINGS[bid]['name'].lower()} this turn."
    if state["pending"].get("mode") == "cross":
        return "After a building in your figure's row or column, the foreman may only use the others there."
    bd = BUILDINGS[bid]
    return f"That is not a way to use the {bd['name'].lower()}: {bd['text']}."
