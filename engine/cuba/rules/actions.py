"""Phase B of a round, the actions: each player lays a parliament card (the variant) and plays
four characters, one at a time — worker, trader, architect, foreman, mayor; then the highest
fourth card becomes start player and parliament begins."""

from __future__ import annotations

from itertools import product

from engine.core import Action, Event
from engine.cuba.data import (
    ARCHITECT_ALTERNATIVE,
    BUILDING_STATUTE_PESOS,
    BUILDINGS,
    CARDS_PLAYED_PER_ROUND,
    CARGO,
    CHARACTERS,
    MARKET_LADDER,
    MAYOR_ALTERNATIVE,
    PRINTED_WAREHOUSE,
    PRODUCTS,
    RESOURCES,
    WORKER_PRODUCT_FIELDS,
    WORKER_PRODUCT_FIELDS_DROUGHT,
)
from engine.cuba.rules.buildings import building_uses, use_building
from engine.cuba.rules.common import (
    DONE,
    Apply,
    Legal,
    buildable_fields,
    building_at,
    buy_price,
    cheapest_products,
    covered,
    cross,
    field_yield,
    free_spaces,
    gain,
    have,
    load_ship,
    product_yield,
    score,
    sell_price,
    spend,
    statute_in_force,
    to_act,
)
from engine.cuba.rules.parliament import begin_parliament
from engine.cuba.state import (
    Player,
    State,
)
from engine.typed import number, word, words


def legal_choose_card(state: State, seat: str) -> list[Action]:
    return [Action("parliament", (c,)) for c in state["players"][seat]["hand"]]


def legal_play_card(state: State, seat: str) -> list[Action]:
    return [Action("play", (c,)) for c in state["players"][seat]["hand"]]


def legal_worker_move(state: State, seat: str) -> list[Action]:
    return [Action("worker", (r, c)) for r in range(3) for c in range(4)]


def worker_open_fields(state: State, seat: str) -> list[tuple[int, int]]:
    """Activated product fields the worker may still use (not covered, not used, in supply)."""
    player = state["players"][seat]
    taken = covered(player)
    used = {tuple(f) for f in state["pending"]["used"]}
    fr, fc = player["figure"]
    out = []
    for r, c in cross(fr, fc):
        piece = field_yield(player, r, c)
        if piece in PRODUCTS and (r, c) not in taken and (r, c) not in used and state["supply"][piece] > 0:
            out.append((r, c))
    return out


def legal_worker_fields(state: State, seat: str) -> list[Action]:
    pending = state["pending"]
    fields = worker_open_fields(state, seat)
    out = []
    if len(pending["used"]) < pending["allowed"]:
        out += [Action("field", f) for f in fields]
    elif fields and state["players"][seat]["farm"]["water"] > 0:
        out.append(Action("use", ("water",)))
    out.append(DONE)
    return out


def trader_free_choices(state: State) -> list[Action]:
    """The Trader's free alternatives still open this round."""
    out = []
    if state["markers"]["trader_resource"] is None:
        out += [Action("take", (r,)) for r in RESOURCES if state["supply"][r] > 0]
    if state["markers"]["trader_product"] is None:
        out += [Action("take", (p,)) for p in cheapest_products(state) if state["supply"][p] > 0]
    return out


def legal_trader(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    out = []
    for piece in CARGO:
        available = state["market"][piece] > 0 or state["supply"][piece] > 0
        if available and buy_price(state, piece) <= player["pesos"]:
            out.append(Action("buy", (piece,)))
    out += [Action("sell", (piece,)) for piece in CARGO if have(player, piece) > 0]
    if not state["pending"]["traded"]:
        out += trader_free_choices(state)
    out.append(DONE)
    return out


def affordable(state: State, player: Player, bid: str) -> bool:
    cost = BUILDINGS[bid]["cost"]
    if any(player["farm"][piece] < n for piece, n in cost.items()):
        return False
    return not (statute_in_force(state, "building") and player["pesos"] < BUILDING_STATUTE_PESOS)


def legal_architect(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    fields = buildable_fields(player)
    out = []
    for bid, left in state["buildings_left"].items():
        if left > 0 and affordable(state, player, bid):
            out += [Action("build", (bid, "at", r, c)) for r, c in fields]
    out.append(Action("take", ("vp",)))
    return out


def legal_mayor(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    out = []
    for berth, ship in enumerate(state["berths"]):
        if ship is None:
            continue
        ranges = []
        for piece in CARGO:
            ranges.append(range(min(free_spaces(ship, piece), have(player, piece)) + 1))
        for counts in product(*ranges):
            if sum(counts) == 0:
                continue
            pieces = [piece for piece, n in zip(CARGO, counts, strict=True) for _ in range(n)]
            out.append(Action("ship", (berth + 1, *pieces)))
    out.append(Action("take", ("pesos",)))
    return out


def foreman_buildings(state: State, seat: str) -> list[tuple[str, int, int]]:
    """The buildings the Foreman may still use now: (id, row, col)."""
    player = state["players"][seat]
    pending = state["pending"]
    used = {tuple(f) for f in pending["used"]}
    allb = [(PRINTED_WAREHOUSE, 0, 0)] + [(bid, r, c) for bid, r, c in player["buildings"]]
    if pending["mode"] is None:
        return allb
    fr, fc = player["figure"]
    return [(bid, r, c) for bid, r, c in allb if (r == fr or c == fc) and (r, c) not in used]


def legal_foreman(state: State, seat: str) -> list[Action]:
    out = []
    for bid, r, c in foreman_buildings(state, seat):
        out += building_uses(state, seat, bid, r, c)
    out.append(DONE)
    return out


def apply_choose_card(state: State, seat: str, action: Action, events: list[Event]) -> None:
    card = word(action)
    player = state["players"][seat]
    player["hand"].remove(card)
    player["card"] = card
    events.append(Event("card_chosen", seat, {"card": card}, visible_to=(seat,)))
    events.append(Event("card_laid", seat, {}))
    if not to_act(state):
        state["step"] = "play_card"


def apply_play_card(state: State, seat: str, action: Action, events: list[Event]) -> None:
    card = word(action)
    player = state["players"][seat]
    player["hand"].remove(card)
    player["played"].append(card)
    if len(player["played"]) == CARDS_PLAYED_PER_ROUND:
        state["fourth"].append([seat, card])
    events.append(Event("play", seat, {"card": card}))
    if card == "worker":
        state["step"] = "worker_move"
        state["pending"] = {}
    elif card == "trader":
        state["step"] = "trader"
        state["pending"] = {"traded": False}
        _end_if_only_done(state, seat, events)
    elif card == "architect":
        state["step"] = "architect"
        state["pending"] = {}
    elif card == "foreman":
        state["step"] = "foreman"
        state["pending"] = {"mode": None, "used": []}
        _end_if_only_done(state, seat, events)
    else:
        state["step"] = "mayor"
        state["pending"] = {}


def _end_if_only_done(state: State, seat: str, events: list[Event]) -> None:
    """Finish the character when nothing but 'done' is left to choose."""
    if LEGAL[state["step"]](state, seat) == [DONE]:
        end_turn(state, events)


def apply_worker_move(state: State, seat: str, action: Action, events: list[Event]) -> None:
    row, col = number(action, 0), number(action, 1)
    player = state["players"][seat]
    player["figure"] = [row, col]
    taken = covered(player)
    gained: dict[str, int] = {}
    for r, c in cross(row, col):
        piece = field_yield(player, r, c)
        if piece in RESOURCES and (r, c) not in taken and gain(state, player, piece):
            gained[piece] = gained.get(piece, 0) + 1
    events.append(Event("worker", seat, {"row": row, "col": col, "gained": gained}))
    base = WORKER_PRODUCT_FIELDS_DROUGHT if statute_in_force(state, "drought") else WORKER_PRODUCT_FIELDS
    state["step"] = "worker_fields"
    state["pending"] = {"allowed": base, "used": []}
    _end_if_only_done(state, seat, events)


def apply_worker_fields(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action == DONE:
        end_turn(state, events)
        return
    if action.kind == "use":
        spend(state, player, "water")
        state["pending"]["allowed"] += 1
        events.append(Event("water", seat, {}))
    else:
        row, col = number(action, 0), number(action, 1)
        piece = product_yield(player, row, col)
        gain(state, player, piece)
        state["pending"]["used"].append([row, col])
        events.append(Event("field", seat, {"row": row, "col": col, "piece": piece}))
    _end_if_only_done(state, seat, events)


def apply_trader(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action == DONE:
        end_turn(state, events)
        return
    piece = word(action)
    if action.kind == "buy":
        price = buy_price(state, piece)
        player["pesos"] -= price
        if state["market"][piece]:
            state["market"][piece] -= 1
            player["farm"][piece] += 1
        else:
            gain(state, player, piece)
        state["pending"]["traded"] = True
        events.append(Event("buy", seat, {"piece": piece, "price": price}))
    elif action.kind == "sell":
        price = sell_price(state, piece)
        player["pesos"] += price
        spend(state, player, piece)
        if state["market"][piece] < len(MARKET_LADDER[piece]):
            state["supply"][piece] -= 1
            state["market"][piece] += 1
        state["pending"]["traded"] = True
        events.append(Event("sell", seat, {"piece": piece, "price": price}))
    else:
        marker = "trader_resource" if piece in RESOURCES else "trader_product"
        state["markers"][marker] = seat
        gain(state, player, piece)
        events.append(Event("take_free", seat, {"piece": piece}))
        end_turn(state, events)
        return
    _end_if_only_done(state, seat, events)


def apply_architect(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action.kind == "take":
        for marker, vp in ARCHITECT_ALTERNATIVE:
            if state["markers"][marker] is None:
                state["markers"][marker] = seat
                score(player, "architect", vp)
                events.append(Event("architect_vp", seat, {"vp": vp}))
                break
        else:
            events.append(Event("architect_vp", seat, {"vp": 0}))
        end_turn(state, events)
        return
    bid, row, col = word(action, 0), number(action, 2), number(action, 3)
    for piece, n in BUILDINGS[bid]["cost"].items():
        spend(state, player, piece, n)
    pesos = 0
    if statute_in_force(state, "building"):
        pesos = BUILDING_STATUTE_PESOS
        player["pesos"] -= pesos
    state["buildings_left"][bid] -= 1
    player["buildings"].append([bid, row, col])
    events.append(Event("build", seat, {"building": bid, "row": row, "col": col, "pesos": pesos}))
    end_turn(state, events)


def apply_mayor(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action.kind == "take":
        for marker, pesos in MAYOR_ALTERNATIVE:
            if state["markers"][marker] is None:
                state["markers"][marker] = seat
                player["pesos"] += pesos
                events.append(Event("mayor_pesos", seat, {"pesos": pesos}))
                break
        else:
            events.append(Event("mayor_pesos", seat, {"pesos": 0}))
        end_turn(state, events)
        return
    load_ship(state, seat, number(action) - 1, words(action, 1), events, "mayor")
    end_turn(state, events)


def apply_foreman(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action == DONE:
        end_turn(state, events)
        return
    player = state["players"][seat]
    row, col, args = number(action, 0), number(action, 1), action.args[2:]
    bid = building_at(player, row, col)
    if bid is None:
        raise AssertionError(f"no building on {row} {col} checked before using it")
    pending = state["pending"]
    if pending["mode"] is None:
        fr, fc = player["figure"]
        pending["mode"] = "cross" if (row == fr or col == fc) else "one"
    pending["used"].append([row, col])
    use_building(state, seat, bid, args, events)
    if pending["mode"] == "one":
        end_turn(state, events)
    else:
        _end_if_only_done(state, seat, events)


def end_turn(state: State, events: list[Event]) -> None:
    """A character is done: the next player plays, or the action phase ends."""
    state["pending"] = {}
    state["turns_done"] += 1
    if state["turns_done"] < CARDS_PLAYED_PER_ROUND * len(state["seats"]):
        state["turn"] = (state["turn"] + 1) % len(state["seats"])
        state["step"] = "play_card"
        return
    change_start_player(state, events)
    begin_parliament(state, events)


def change_start_player(state: State, events: list[Event]) -> None:
    """The highest 4th card becomes start player; among equals the one played last."""
    best = max(CHARACTERS[card] for _, card in state["fourth"])
    seat = [s for s, card in state["fourth"] if CHARACTERS[card] == best][-1]
    state["start"] = state["seats"].index(seat)
    events.append(Event("start_player", seat, {"card": dict(state["fourth"])[seat]}))


#: The legal actions of each step of this phase.
LEGAL: dict[str, Legal] = {
    "choose_card": legal_choose_card,
    "play_card": legal_play_card,
    "worker_move": legal_worker_move,
    "worker_fields": legal_worker_fields,
    "trader": legal_trader,
    "architect": legal_architect,
    "foreman": legal_foreman,
    "mayor": legal_mayor,
}
#: How each step of this phase applies a legal action.
APPLY: dict[str, Apply] = {
    "choose_card": apply_choose_card,
    "play_card": apply_play_card,
    "worker_move": apply_worker_move,
    "worker_fields": apply_worker_fields,
    "trader": apply_trader,
    "architect": apply_architect,
    "foreman": apply_foreman,
    "mayor": apply_mayor,
}
