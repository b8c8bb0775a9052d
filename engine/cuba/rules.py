"""Cuba's rules: setup, the five phases of a round, and final scoring.

Every decision is a step (``state["step"]``) with a legal-action generator and an apply
function. ``legal`` is the single source of truth: ``apply`` refuses any action not in it, with
a sentence from :mod:`engine.cuba.explain`. After each action the game runs forward through
every automatic part (yields, subsidies, the harbour…) until somebody must decide again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, combinations_with_replacement, product
from typing import Any, cast

from engine.core import Action, Event, IllegalAction, Rng
from engine.cuba import board as b
from engine.cuba.data import (
    ARCHITECT_ALTERNATIVE,
    BERTH3_LEAVES_AFTER_ROUNDS,
    BLACK_MARKERS,
    BUILDING_STATUTE_PESOS,
    BUILDINGS,
    CARDS_PLAYED_PER_ROUND,
    CARGO,
    CHARACTERS,
    DUTY_VP,
    END_VP_PER_BUILDING,
    GOODS,
    INDIVIDUAL_LAYOUTS,
    MARKET_INITIAL,
    MARKET_LADDER,
    MAYOR_ALTERNATIVE,
    OPTION_VALUES,
    OPTIONS,
    PIECES,
    PRINTED_WAREHOUSE,
    PRODUCTS,
    RESOURCES,
    ROUNDS,
    SHARED_LAYOUT,
    SHIPS,
    START_PESOS,
    START_PRODUCTS,
    START_RESOURCES,
    START_STATUTES,
    STATUTE_CARDS,
    STATUTE_GROUPS,
    STATUTES,
    SUPPLY_TOTAL,
    TAX_AND_DUTY_BONUS_VP,
    TAX_VP,
    TOWN_HALL_VOTES,
    WORKER_PRODUCT_FIELDS,
    WORKER_PRODUCT_FIELDS_DROUGHT,
)
from engine.cuba.state import (
    END_CATEGORY,
    PLAY_CATEGORIES,
    SCHEMA,
    UNSPLIT_CATEGORY,
    Options,
    Player,
    Scores,
    Ship,
    State,
)
from engine.cuba.words import T
from engine.typed import number, present, word, words

PHASE_OF_STEP = {
    "choose_start": "setup",
    "choose_card": "actions",
    "play_card": "actions",
    "worker_move": "actions",
    "worker_fields": "actions",
    "trader": "actions",
    "architect": "actions",
    "foreman": "actions",
    "mayor": "actions",
    "veto": "parliament",
    "bid": "parliament",
    "tie_bid": "parliament",
    "enact": "parliament",
    "pay_tax": "statutes",
    "pay_duty": "statutes",
    "over": "over",
}

DONE = Action("done")


# ============================================================================================
# Setup


def _refusal(key: str, **values: Any) -> IllegalAction:
    """A setup refusal from the Cuba catalogue, in the reader's language."""
    return IllegalAction(lambda lang: T(lang, key, **values))


def check_options(options: Mapping[str, Any]) -> Options:
    """The full option dict, refusing unknown names and values."""
    out = dict(OPTIONS)
    for name, value in options.items():
        if name not in OPTIONS:
            raise _refusal("option.unknown", name=name, options=", ".join(OPTIONS))
        if value not in OPTION_VALUES[name] or type(value) is not type(OPTIONS[name]):
            allowed = ", ".join(repr(v) for v in OPTION_VALUES[name])
            raise _refusal("option.value", name=name, values=allowed)
        out[name] = value
    # Every option checked and present: the shape of :class:`Options`.
    return cast(Options, out)


def new_game(players: list[str], seed: int, options: dict[str, Any]) -> State:
    """A set-up game waiting for the players' starting choices."""
    if not 2 <= len(players) <= 5:
        raise _refusal("setup.players")
    if len(set(players)) != len(players):
        raise _refusal("setup.seats")
    opts = check_options(options)
    rng = Rng.from_seed(seed)
    deck = rng.shuffled(list(SHIPS))
    piles = {g: rng.shuffled(list(STATUTE_CARDS[g])) for g in STATUTE_GROUPS}
    start = rng.randrange(len(players))
    if opts["individual_plantations"]:
        layouts = rng.sample(list(INDIVIDUAL_LAYOUTS), len(players))
    else:
        layouts = [SHARED_LAYOUT] * len(players)
    supply = dict(SUPPLY_TOTAL)
    for piece, n in MARKET_INITIAL.items():
        supply[piece] -= n
    berths = [b.new_ship(deck.pop(0)), b.new_ship(deck.pop(0)), None]
    sea = b.new_ship(deck.pop(0))
    state: State = {
        "schema": SCHEMA,
        "seats": list(players),
        "options": opts,
        "rng": rng.state,
        "round": 1,
        "phase": "setup",
        "step": "choose_start",
        "start": start,
        "turn": start,
        "turns_done": 0,
        "pending": {"resources": 0, "products": 0},
        "queue": seat_order(players, start),
        "market": dict(MARKET_INITIAL),
        "supply": supply,
        "berths": berths,
        "sea": sea,
        "deck": deck,
        "piles": piles,
        "statutes": dict(START_STATUTES),
        "proposals": {g: None for g in STATUTE_GROUPS},
        "veto_blocked": None,
        "vetoed_group": None,
        "markers": {m: None for m in BLACK_MARKERS},
        "buildings_left": {bid: bd["count"] for bid, bd in BUILDINGS.items()},
        "fourth": [],
        "bids_revealed": False,
        "tied": [],
        "winner": None,
        "tax_paid": [],
        "totals": {},
        "players": {
            seat: {
                "vp": 0,
                "pesos": START_PESOS,
                "hand": list(CHARACTERS),
                "played": [],
                "card": None,
                "town_hall": False,
                "church_used": False,
                "bid": None,
                "bid2": None,
                "layout": layouts[i],
                "buildings": [],
                "figure": [0, 0],
                "vp_by": {c: 0 for c in PLAY_CATEGORIES},
                "farm": {p: 0 for p in PIECES},
                "store": {p: 0 for p in PRODUCTS},
            }
            for i, seat in enumerate(players)
        },
        "result": None,
    }
    return state


def seat_order(seats: list[str], start: int) -> list[str]:
    """Seats clockwise from the seat with index ``start``."""
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]


# ============================================================================================
# Who acts


def to_act(state: State) -> list[str]:
    step = state["step"]
    players = state["players"]
    if step == "over":
        return []
    if step in ("choose_start", "pay_tax", "pay_duty"):
        return [state["queue"][0]]
    if step == "choose_card":
        return [s for s in state["seats"] if players[s]["card"] is None]
    if step == "bid":
        return [s for s in state["seats"] if players[s]["bid"] is None]
    if step == "tie_bid":
        return [s for s in state["tied"] if players[s]["bid2"] is None]
    if step == "enact":
        return [present(state["winner"], "parliament winner")]
    if step == "veto":
        return [state["pending"]["seat"]]
    return [state["seats"][state["turn"]]]


def current_seat(state: State) -> str | None:
    """The seat whose character is being played, during the action phase."""
    if state["phase"] == "actions" and state["step"] != "choose_card":
        return state["seats"][state["turn"]]
    return None


# ============================================================================================
# Legal actions, one generator per step


def legal_actions(state: State, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    return LEGAL[state["step"]](state, seat)


def _legal_choose_start(state: State, seat: str) -> list[Action]:
    pending = state["pending"]
    out = []
    if pending["resources"] < START_RESOURCES:
        out += [Action("pick", (r,)) for r in RESOURCES if state["supply"][r] > 0]
    if pending["products"] < START_PRODUCTS:
        out += [Action("pick", (p,)) for p in PRODUCTS if state["supply"][p] > 0]
    return out


def _legal_choose_card(state: State, seat: str) -> list[Action]:
    return [Action("parliament", (c,)) for c in state["players"][seat]["hand"]]


def _legal_play_card(state: State, seat: str) -> list[Action]:
    return [Action("play", (c,)) for c in state["players"][seat]["hand"]]


def _legal_worker_move(state: State, seat: str) -> list[Action]:
    return [Action("worker", (r, c)) for r in range(3) for c in range(4)]


def worker_open_fields(state: State, seat: str) -> list[tuple[int, int]]:
    """Activated product fields the worker may still use (not covered, not used, in supply)."""
    player = state["players"][seat]
    taken = b.covered(player)
    used = {tuple(f) for f in state["pending"]["used"]}
    fr, fc = player["figure"]
    out = []
    for r, c in b.cross(fr, fc):
        piece = b.field_yield(player, r, c)
        if piece in PRODUCTS and (r, c) not in taken and (r, c) not in used and state["supply"][piece] > 0:
            out.append((r, c))
    return out


def _legal_worker_fields(state: State, seat: str) -> list[Action]:
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
        out += [Action("take", (p,)) for p in b.cheapest_products(state) if state["supply"][p] > 0]
    return out


def _legal_trader(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    out = []
    for piece in CARGO:
        available = state["market"][piece] > 0 or state["supply"][piece] > 0
        if available and b.buy_price(state, piece) <= player["pesos"]:
            out.append(Action("buy", (piece,)))
    out += [Action("sell", (piece,)) for piece in CARGO if b.have(player, piece) > 0]
    if not state["pending"]["traded"]:
        out += trader_free_choices(state)
    out.append(DONE)
    return out


def affordable(state: State, player: Player, bid: str) -> bool:
    cost = BUILDINGS[bid]["cost"]
    if any(player["farm"][piece] < n for piece, n in cost.items()):
        return False
    return not (b.statute_in_force(state, "building") and player["pesos"] < BUILDING_STATUTE_PESOS)


def _legal_architect(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    fields = b.buildable_fields(player)
    out = []
    for bid, left in state["buildings_left"].items():
        if left > 0 and affordable(state, player, bid):
            out += [Action("build", (bid, "at", r, c)) for r, c in fields]
    out.append(Action("take", ("vp",)))
    return out


def _legal_mayor(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    out = []
    for berth, ship in enumerate(state["berths"]):
        if ship is None:
            continue
        ranges = []
        for piece in CARGO:
            ranges.append(range(min(b.free_spaces(ship, piece), b.have(player, piece)) + 1))
        for counts in product(*ranges):
            if sum(counts) == 0:
                continue
            pieces = [piece for piece, n in zip(CARGO, counts, strict=True) for _ in range(n)]
            out.append(Action("ship", (berth + 1, *pieces)))
    out.append(Action("take", ("pesos",)))
    return out


# ---- foreman -------------------------------------------------------------------------------


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


def vetoable_groups(state: State) -> list[str]:
    return [g for g in open_proposals(state) if g != state["veto_blocked"]]


def open_proposals(state: State) -> list[str]:
    """The groups whose proposal is on the table and not vetoed, in board order."""
    return [g for g in STATUTE_GROUPS if (p := state["proposals"][g]) is not None and not p["vetoed"]]


def building_uses(state: State, seat: str, bid: str, r: int, c: int) -> list[Action]:
    """Every way to use one building (each action starts ``use r c``)."""
    player = state["players"][seat]
    bd = BUILDINGS[bid]
    effect = bd["effect"]
    head = ("use", r, c)
    supply = state["supply"]

    def act(*args: Any) -> Action:
        return Action(head[0], (r, c, *args))

    if effect == "convert_vp":
        if bd["input"] == "any_product":
            held = [p for p in PRODUCTS for _ in range(min(b.have(player, p), bd["max"]))]
            combos = set()
            for k in range(1, bd["max"] + 1):
                combos |= set(combinations(held, k))
            return [
                act(*combo) for combo in sorted(combos, key=lambda t: (len(t), [CARGO.index(x) for x in t]))
            ]
        return [act(n) for n in range(1, min(bd["max"], b.have(player, bd["input"])) + 1)]
    if effect == "ship":
        out = []
        for berth, ship in enumerate(state["berths"]):
            if ship is None:
                continue
            for piece in CARGO:
                most = min(b.free_spaces(ship, piece), b.have(player, piece))
                if bd["max"] is not None:  # the Large branch office has no limit of its own
                    most = min(most, bd["max"])
                out += [act(berth + 1, piece, n) for n in range(1, most + 1)]
        return out
    if effect in ("vp", "pesos", "votes"):
        return [act()]
    if effect == "gain":
        return [act()] if all(supply[p] > 0 for p in bd["gain"]) else []
    if effect == "store":
        return [act()] if any(player["farm"][p] for p in PRODUCTS) else []
    if effect == "sell":
        kinds = {"any_good": GOODS, "any_product": PRODUCTS, "any_resource": RESOURCES}[bd["input"]]
        held = [p for p in kinds for _ in range(min(b.have(player, p), bd["max"]))]
        combos = set()
        for k in range(1, bd["max"] + 1):
            combos |= set(combinations(held, k))
        return [act(*combo) for combo in sorted(combos, key=lambda t: (len(t), [PIECES.index(x) for x in t]))]
    if effect == "transform":
        most = min(b.have(player, bd["source"]), supply[bd["target"]])
        return [act(n) for n in range(1, most + 1)]
    if effect == "exchange":
        out = []
        for give in CARGO:
            if b.have(player, give) == 0:
                continue
            for get in GOODS if give in PRODUCTS else PRODUCTS:
                if supply[get] > 0:
                    out.append(act(give, get))
        return out
    if effect == "veto":
        if state["options"]["veto_timing"] == "parliament":
            return [act()]
        return [Action("use", (r, c, g)) for g in vetoable_groups(state)]
    if effect == "lighthouse":
        if state["sea"] is None:
            return []
        return [act(ship_id) for ship_id in sorted(state["deck"])]
    raise AssertionError(f"unknown building effect {effect}")


def _legal_foreman(state: State, seat: str) -> list[Action]:
    out = []
    for bid, r, c in foreman_buildings(state, seat):
        out += building_uses(state, seat, bid, r, c)
    out.append(DONE)
    return out


# ---- parliament and statutes ---------------------------------------------------------------


def _legal_veto(state: State, seat: str) -> list[Action]:
    return [Action("veto", (g,)) for g in vetoable_groups(state)] + [Action("skip", ("veto",))]


def _legal_bid(state: State, seat: str) -> list[Action]:
    return [Action("bid", (n,)) for n in range(state["players"][seat]["pesos"] + 1)]


def _legal_enact(state: State, seat: str) -> list[Action]:
    groups = open_proposals(state)
    if len(groups) < 2:
        return [Action("enact", tuple(groups))]
    return [Action("enact", pair) for pair in combinations(groups, 2)]


def tax_due(state: State, seat: str) -> int | None:
    """Pesos the tax in force asks of ``seat`` (``None`` when no tax is in force)."""
    sid = state["statutes"]["I"]
    if sid is None:
        return None
    st = STATUTES[sid]
    if "per_building" in st:
        return st["per_building"] * b.building_tiles(state["players"][seat])
    return st["tax"]


def _legal_pay_tax(state: State, seat: str) -> list[Action]:
    return [Action("pay", ("tax",)), Action("skip", ("tax",))]


def duty_choices(state: State, seat: str) -> list[Action]:
    """The ways ``seat`` can fulfil the duty in force (empty when it cannot)."""
    sid = state["statutes"]["II"]
    if sid is None:
        return []
    player = state["players"][seat]
    ((what, count),) = STATUTES[sid]["duty"].items()
    if what in PIECES:
        return [Action("pay", ("duty",))] if b.have(player, what) >= count else []
    kinds = RESOURCES if what == "any_resource" else PRODUCTS
    out = []
    for combo in combinations_with_replacement(kinds, count):
        if all(b.have(player, p) >= combo.count(p) for p in set(combo)):
            out.append(Action("pay", ("duty", *combo)))
    return out


def _legal_pay_duty(state: State, seat: str) -> list[Action]:
    return duty_choices(state, seat) + [Action("skip", ("duty",))]


LEGAL = {
    "choose_start": _legal_choose_start,
    "choose_card": _legal_choose_card,
    "play_card": _legal_play_card,
    "worker_move": _legal_worker_move,
    "worker_fields": _legal_worker_fields,
    "trader": _legal_trader,
    "architect": _legal_architect,
    "foreman": _legal_foreman,
    "mayor": _legal_mayor,
    "veto": _legal_veto,
    "bid": _legal_bid,
    "tie_bid": _legal_bid,
    "enact": _legal_enact,
    "pay_tax": _legal_pay_tax,
    "pay_duty": _legal_pay_duty,
}


# ============================================================================================
# Applying actions (on a copy), one function per step


def apply_action(state: State, seat: str, action: Action, events: list[Event]) -> None:
    """Run ``action`` (already known to be legal) on ``state`` in place."""
    APPLY[state["step"]](state, seat, action, events)


def _apply_choose_start(state: State, seat: str, action: Action, events: list[Event]) -> None:
    piece = word(action)
    player = state["players"][seat]
    b.gain(state, player, piece)
    if piece in RESOURCES:
        state["pending"]["resources"] += 1
    else:
        state["pending"]["products"] += 1
    events.append(Event("pick", seat, {"piece": piece}))
    if not _legal_choose_start(state, seat):
        state["queue"].pop(0)
        state["pending"] = {"resources": 0, "products": 0}
        if not state["queue"]:
            begin_round(state, events)


def _apply_choose_card(state: State, seat: str, action: Action, events: list[Event]) -> None:
    card = word(action)
    player = state["players"][seat]
    player["hand"].remove(card)
    player["card"] = card
    events.append(Event("card_chosen", seat, {"card": card}, visible_to=(seat,)))
    events.append(Event("card_laid", seat, {}))
    if not to_act(state):
        state["step"] = "play_card"


def _apply_play_card(state: State, seat: str, action: Action, events: list[Event]) -> None:
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


def _apply_worker_move(state: State, seat: str, action: Action, events: list[Event]) -> None:
    row, col = number(action, 0), number(action, 1)
    player = state["players"][seat]
    player["figure"] = [row, col]
    taken = b.covered(player)
    gained: dict[str, int] = {}
    for r, c in b.cross(row, col):
        piece = b.field_yield(player, r, c)
        if piece in RESOURCES and (r, c) not in taken and b.gain(state, player, piece):
            gained[piece] = gained.get(piece, 0) + 1
    events.append(Event("worker", seat, {"row": row, "col": col, "gained": gained}))
    base = WORKER_PRODUCT_FIELDS_DROUGHT if b.statute_in_force(state, "drought") else WORKER_PRODUCT_FIELDS
    state["step"] = "worker_fields"
    state["pending"] = {"allowed": base, "used": []}
    _end_if_only_done(state, seat, events)


def _apply_worker_fields(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action == DONE:
        end_turn(state, events)
        return
    if action.kind == "use":
        b.spend(state, player, "water")
        state["pending"]["allowed"] += 1
        events.append(Event("water", seat, {}))
    else:
        row, col = number(action, 0), number(action, 1)
        piece = b.product_yield(player, row, col)
        b.gain(state, player, piece)
        state["pending"]["used"].append([row, col])
        events.append(Event("field", seat, {"row": row, "col": col, "piece": piece}))
    _end_if_only_done(state, seat, events)


def _apply_trader(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action == DONE:
        end_turn(state, events)
        return
    piece = word(action)
    if action.kind == "buy":
        price = b.buy_price(state, piece)
        player["pesos"] -= price
        if state["market"][piece]:
            state["market"][piece] -= 1
            player["farm"][piece] += 1
        else:
            b.gain(state, player, piece)
        state["pending"]["traded"] = True
        events.append(Event("buy", seat, {"piece": piece, "price": price}))
    elif action.kind == "sell":
        price = b.sell_price(state, piece)
        player["pesos"] += price
        b.spend(state, player, piece)
        if state["market"][piece] < len(MARKET_LADDER[piece]):
            state["supply"][piece] -= 1
            state["market"][piece] += 1
        state["pending"]["traded"] = True
        events.append(Event("sell", seat, {"piece": piece, "price": price}))
    else:
        marker = "trader_resource" if piece in RESOURCES else "trader_product"
        state["markers"][marker] = seat
        b.gain(state, player, piece)
        events.append(Event("take_free", seat, {"piece": piece}))
        end_turn(state, events)
        return
    _end_if_only_done(state, seat, events)


def _apply_architect(state: State, seat: str, action: Action, events: list[Event]) -> None:
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
        b.spend(state, player, piece, n)
    pesos = 0
    if b.statute_in_force(state, "building"):
        pesos = BUILDING_STATUTE_PESOS
        player["pesos"] -= pesos
    state["buildings_left"][bid] -= 1
    player["buildings"].append([bid, row, col])
    events.append(Event("build", seat, {"building": bid, "row": row, "col": col, "pesos": pesos}))
    end_turn(state, events)


def load_ship(state: State, seat: str, berth: int, pieces: list[str], events: list[Event], by: str) -> None:
    """Load ``pieces`` of ``seat`` onto the ship on ``berth`` (0-based) and score it; under
    the Harbour statute a ship filled completely leaves at once."""
    player = state["players"][seat]
    ship = present(state["berths"][berth], "ship")
    for piece in pieces:
        player_piece_to_ship(state, player, ship, piece)
    vp = b.loaded_vp(berth, len(pieces))
    score(player, "shipping", vp)
    events.append(
        Event(
            "ship", seat, {"berth": berth + 1, "pieces": list(pieces), "vp": vp, "by": by, "ship": ship["id"]}
        )
    )
    if b.ship_full(ship) and b.statute_in_force(state, "harbour"):
        state["berths"][berth] = None
        b.ship_departs(state, ship, events, "harbour")
        b.refill_harbour(state, events)


def player_piece_to_ship(state: State, player: Player, ship: Ship, piece: str) -> None:
    """One piece from the player onto a ship (it passes the supply only for the accounting)."""
    b.spend(state, player, piece)
    state["supply"][piece] -= 1
    b.load_piece(ship, piece)


def _apply_mayor(state: State, seat: str, action: Action, events: list[Event]) -> None:
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


def _apply_foreman(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action == DONE:
        end_turn(state, events)
        return
    player = state["players"][seat]
    row, col, args = number(action, 0), number(action, 1), action.args[2:]
    bid = b.building_at(player, row, col)
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


def use_building(state: State, seat: str, bid: str, args: Sequence[int | str], events: list[Event]) -> None:
    """Run one building's effect for ``seat`` with the arguments of its ``use`` action."""
    player = state["players"][seat]
    bd = BUILDINGS[bid]
    effect = bd["effect"]
    data: dict[str, Any] = {"building": bid}
    extra: dict[str, Any] = {}
    if effect == "convert_vp":
        pieces = words(args) if bd["input"] == "any_product" else [bd["input"]] * number(args)
        for piece in pieces:
            b.spend(state, player, piece)
        score(player, "building_use", bd["vp_each"] * len(pieces))
        data.update(pieces=pieces, vp=bd["vp_each"] * len(pieces))
    elif effect == "ship":
        berth, piece, n = number(args, 0), word(args, 1), number(args, 2)
        events.append(Event("use", seat, {"building": bid, "berth": berth}))
        load_ship(state, seat, berth - 1, [piece] * n, events, bid)
        return
    elif effect == "vp":
        score(player, "building_use", bd["vp"])
        data.update(vp=bd["vp"])
    elif effect == "pesos":
        player["pesos"] += bd["pesos"]
        data.update(pesos=bd["pesos"])
    elif effect == "votes":
        player["town_hall"] = True
        data.update(votes=bd["votes"])
    elif effect == "gain":
        got = {p: b.gain(state, player, p, n) for p, n in bd["gain"].items()}
        data.update(gained=got)
    elif effect == "store":
        stored = {}
        for p in PRODUCTS:
            if player["farm"][p]:
                stored[p] = player["farm"][p]
                player["store"][p] += player["farm"][p]
                player["farm"][p] = 0
        data.update(stored=stored)
    elif effect == "sell":
        sold = words(args)
        for piece in sold:
            b.spend(state, player, piece)
        player["pesos"] += bd["pesos_each"] * len(sold)
        data.update(pieces=sold, pesos=bd["pesos_each"] * len(sold))
    elif effect == "transform":
        n = number(args)
        b.spend(state, player, bd["source"], n)
        b.gain(state, player, bd["target"], n)
        data.update(count=n, source=bd["source"], target=bd["target"])
    elif effect == "exchange":
        give, get = word(args, 0), word(args, 1)
        b.spend(state, player, give)
        b.gain(state, player, get)
        data.update(give=give, get=get)
    elif effect == "veto":
        player["church_used"] = True
        if args:
            veto(state, seat, word(args), events)
            return
    elif effect == "lighthouse":
        ship_id = number(args)
        old = present(state["sea"], "ship at sea")
        state["deck"].remove(ship_id)
        state["deck"].append(old["id"])
        state["sea"] = b.new_ship(ship_id)
        extra["reveals_hidden"] = True
        data.update(old=old["id"], new=ship_id)
    events.append(Event("use", seat, data, **extra))


def veto(state: State, seat: str, group: str, events: list[Event]) -> None:
    proposal = present(state["proposals"][group], "proposal")
    proposal["vetoed"] = True
    state["vetoed_group"] = group
    state["players"][seat]["church_used"] = True
    events.append(Event("veto", seat, {"group": group, "statute": proposal["id"]}))


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


# ---- parliament ----------------------------------------------------------------------------


def votes(state: State, seat: str) -> int:
    """Votes before bidding: the parliament card plus the Town hall."""
    player = state["players"][seat]
    return CHARACTERS[present(player["card"], "parliament card")] + (
        TOWN_HALL_VOTES if player["town_hall"] else 0
    )


def begin_parliament(state: State, events: list[Event]) -> None:
    state["phase"] = "parliament"
    secret = state["options"]["secret_parliament_card"]
    for seat in state["seats"]:
        player = state["players"][seat]
        if not secret:
            player["card"] = player["hand"].pop()
    cards = {s: state["players"][s]["card"] for s in state["seats"]}
    events.append(Event("cards_revealed", None, {"cards": cards}, reveals_hidden=secret))
    church = [s for s in state["seats"] if state["players"][s]["church_used"]]
    if state["options"]["veto_timing"] == "parliament" and church and vetoable_groups(state):
        state["step"] = "veto"
        state["pending"] = {"seat": church[0]}
        return
    begin_bids(state, events)


def _apply_veto(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action.kind == "veto":
        veto(state, seat, word(action), events)
    else:
        events.append(Event("no_veto", seat, {}))
    state["pending"] = {}
    begin_bids(state, events)


def begin_bids(state: State, events: list[Event]) -> None:
    state["totals"] = {s: votes(state, s) for s in state["seats"]}
    if b.statute_in_force(state, "corruption"):
        events.append(Event("corruption", None, {"totals": dict(state["totals"])}))
        decide_parliament(state, state["seats"], final=True, events=events)
        return
    state["step"] = "bid"
    state["bids_revealed"] = False
    for seat in state["seats"]:
        state["players"][seat]["bid"] = None
        state["players"][seat]["bid2"] = None
    open_bidding(state, events)


def open_bidding(state: State, events: list[Event]) -> None:
    """Seats without a peso can only bid 0: their bid is placed for them (nobody learns
    anything from it) so that only players with a choice are asked."""
    for seat in to_act(state):
        if state["players"][seat]["pesos"] == 0:
            place_bid(state, seat, 0, events)
    if not to_act(state):
        reveal_bids(state, events)


def bid_of(player: Player, second: bool) -> int | None:
    """The player's bid of the first bidding round, or of the second one after a tie."""
    return player["bid2"] if second else player["bid"]


def set_bid(player: Player, second: bool, amount: int | None) -> None:
    """Set the player's bid of the first bidding round, or of the second one after a tie."""
    if second:
        player["bid2"] = amount
    else:
        player["bid"] = amount


def place_bid(state: State, seat: str, amount: int, events: list[Event]) -> None:
    second = state["step"] == "tie_bid"
    set_bid(state["players"][seat], second, amount)
    events.append(Event("bid", seat, {"amount": amount, "second": second}, visible_to=(seat,)))
    events.append(Event("bid_placed", seat, {"second": second}))


def _apply_bid(state: State, seat: str, action: Action, events: list[Event]) -> None:
    place_bid(state, seat, number(action), events)
    if not to_act(state):
        reveal_bids(state, events)


def reveal_bids(state: State, events: list[Event]) -> None:
    """All bids of this bidding round are in: show them, pay them, count the votes."""
    second = state["step"] == "tie_bid"
    bidders = state["tied"] if second else state["seats"]
    bids = {s: present(bid_of(state["players"][s], second), "bid") for s in bidders}
    for s, amount in bids.items():
        state["players"][s]["pesos"] -= amount
        state["totals"][s] += amount
    state["bids_revealed"] = True
    events.append(
        Event(
            "bids_revealed",
            None,
            {"bids": bids, "totals": dict(state["totals"]), "second": second},
            reveals_hidden=True,
        )
    )
    decide_parliament(state, bidders, final=second, events=events)


def decide_parliament(state: State, contenders: list[str], final: bool, events: list[Event]) -> None:
    """The highest total wins; a tie goes to a second secret bid, then to the start player or
    the first tied player clockwise from him."""
    best = max(state["totals"][s] for s in contenders)
    tied = [s for s in contenders if state["totals"][s] == best]
    if len(tied) == 1:
        winner = tied[0]
    elif not final:
        state["step"] = "tie_bid"
        state["tied"] = tied
        events.append(Event("tie", None, {"tied": list(tied)}))
        open_bidding(state, events)
        return
    else:
        order = seat_order(state["seats"], state["start"])
        winner = next(s for s in order if s in tied)
        events.append(Event("tie_break", winner, {"tied": list(tied)}))
    state["winner"] = winner
    state["tied"] = []
    state["step"] = "enact"
    events.append(Event("parliament_won", winner, {"total": best}))
    if len(_legal_enact(state, winner)) == 1 and len(_legal_enact(state, winner)[0].args) < 2:
        _apply_enact(state, winner, _legal_enact(state, winner)[0], events)


def _apply_enact(state: State, seat: str, action: Action, events: list[Event]) -> None:
    for group in words(action):
        old = state["statutes"][group]
        new = present(state["proposals"][group], "proposal")["id"]
        state["statutes"][group] = new
        events.append(Event("enact", seat, {"group": group, "statute": new, "replaced": old}))
    state["proposals"] = {g: None for g in STATUTE_GROUPS}
    state["winner"] = None
    begin_statutes(state, events)


# ---- statute phase -------------------------------------------------------------------------


def begin_statutes(state: State, events: list[Event]) -> None:
    state["phase"] = "statutes"
    state["tax_paid"] = []
    state["queue"] = seat_order(state["seats"], state["start"])
    state["step"] = "pay_tax"
    advance_tax(state, events)


def advance_tax(state: State, events: list[Event]) -> None:
    """Walk the tax queue: pass those who owe nothing or cannot pay, ask the others.

    A seat without buildings owes nothing under the per-building tax; it scores no tax VP (nor
    the tax-and-duty bonus): the rulebook gives the VP for paying taxes to the stock, and "if you
    cannot or do not want to, naturally you get nothing" (D Statute phase, Tax Acts (I))."""
    while state["queue"]:
        seat = state["queue"][0]
        due = tax_due(state, seat)
        player = state["players"][seat]
        if due is None:
            state["queue"] = []
            break
        if due == 0:
            events.append(Event("tax_unpaid", seat, {"due": 0, "reason": "nothing_due"}))
        elif player["pesos"] < due:
            events.append(Event("tax_unpaid", seat, {"due": due, "reason": "money"}))
        else:
            return
        state["queue"].pop(0)
    state["queue"] = seat_order(state["seats"], state["start"])
    state["step"] = "pay_duty"
    advance_duty(state, events)


def pay_tax(state: State, seat: str, events: list[Event]) -> None:
    due = present(tax_due(state, seat), "tax")
    player = state["players"][seat]
    player["pesos"] -= due
    score(player, "statutes", TAX_VP)
    state["tax_paid"].append(seat)
    events.append(Event("tax_paid", seat, {"pesos": due, "vp": TAX_VP}))


def _apply_pay_tax(state: State, seat: str, action: Action, events: list[Event]) -> None:
    if action.kind == "pay":
        pay_tax(state, seat, events)
    else:
        events.append(Event("tax_unpaid", seat, {"due": tax_due(state, seat), "reason": "choice"}))
    state["queue"].pop(0)
    advance_tax(state, events)


def advance_duty(state: State, events: list[Event]) -> None:
    while state["queue"]:
        seat = state["queue"][0]
        if state["statutes"]["II"] is None:
            state["queue"] = []
            break
        if duty_choices(state, seat):
            return
        events.append(Event("duty_unpaid", seat, {"reason": "pieces"}))
        state["queue"].pop(0)
    finish_statute_phase(state, events)


def _apply_pay_duty(state: State, seat: str, action: Action, events: list[Event]) -> None:
    player = state["players"][seat]
    if action.kind == "pay":
        sid = present(state["statutes"]["II"], "duty")
        ((what, count),) = STATUTES[sid]["duty"].items()
        pieces = [what] * count if what in PIECES else words(action, 1)
        for piece in pieces:
            b.spend(state, player, piece)
        vp = DUTY_VP
        if state["options"]["tax_duty_bonus"] and seat in state["tax_paid"]:
            vp += TAX_AND_DUTY_BONUS_VP
        score(player, "statutes", vp)
        events.append(Event("duty_paid", seat, {"pieces": pieces, "vp": vp}))
    else:
        events.append(Event("duty_unpaid", seat, {"reason": "choice"}))
    state["queue"].pop(0)
    advance_duty(state, events)


def subsidy_units(state: State, seat: str, what: str) -> int:
    player = state["players"][seat]
    if what == "buildings":
        return b.building_tiles(player)
    if what == "resource_fields":
        return b.open_resource_fields(player)
    if what == "product_fields":
        return b.open_product_fields(player)
    if what == "water":
        return player["farm"]["water"]
    if what == "card_votes":
        return CHARACTERS[present(player["card"], "parliament card")]
    if what == "per_3_pesos":
        return player["pesos"] // 3
    raise AssertionError(f"unknown subsidy {what}")


def finish_statute_phase(state: State, events: list[Event]) -> None:
    """Groups III and IV need no decision: subsidies, then the market statutes."""
    sid = state["statutes"]["III"]
    if sid is not None:
        st = STATUTES[sid]
        for seat in seat_order(state["seats"], state["start"]):
            vp = subsidy_units(state, seat, st["subsidy"])
            if st["cap"] is not None:
                vp = min(vp, st["cap"])
            score(state["players"][seat], "statutes", vp)
            events.append(Event("subsidy", seat, {"statute": sid, "vp": vp}))
    sid = state["statutes"]["IV"]
    if sid is not None and STATUTES[sid].get("special") == "market":
        change_market(state, STATUTES[sid]["change"], events)
    end_round(state, events)


def change_market(state: State, change: int, events: list[Event]) -> None:
    """Market −2 / +2: remove the cheapest pieces or fill the most expensive free spaces of
    each product row, as far as the row and the supply allow."""
    moved = {}
    for piece in PRODUCTS:
        if change < 0:
            n = min(-change, state["market"][piece])
            state["market"][piece] -= n
            state["supply"][piece] += n
        else:
            n = min(change, len(MARKET_LADDER[piece]) - state["market"][piece], state["supply"][piece])
            state["market"][piece] += n
            state["supply"][piece] -= n
        moved[piece] = n
    events.append(Event("market_statute", None, {"change": change, "moved": moved}))


# ---- end of round and game -----------------------------------------------------------------


def end_round(state: State, events: list[Event]) -> None:
    discarded = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        lost = {p: player["farm"][p] for p in PRODUCTS if player["farm"][p]}
        for p, n in lost.items():
            player["farm"][p] = 0
            state["supply"][p] += n
        if lost:
            discarded[seat] = lost
    events.append(Event("round_end", None, {"round": state["round"], "discarded": discarded}))
    state["markers"] = {m: None for m in BLACK_MARKERS}
    state["veto_blocked"] = state["vetoed_group"]
    state["vetoed_group"] = None
    for player in state["players"].values():
        player["town_hall"] = False
        player["church_used"] = False
    if state["round"] >= ROUNDS:
        final_scoring(state, events)
        return
    harbour_end_of_round(state, events)
    state["round"] += 1
    begin_round(state, events)


def harbour_end_of_round(state: State, events: list[Event]) -> None:
    """Full ships leave (and in rounds 2–5 the ship on berth 3), berth 3 first; the rest move up."""
    for berth in (2, 1, 0):
        ship = state["berths"][berth]
        if ship is None:
            continue
        if b.ship_full(ship):
            why = "full"
        elif berth == 2 and state["round"] in BERTH3_LEAVES_AFTER_ROUNDS:
            why = "berth3"
        else:
            continue
        state["berths"][berth] = None
        b.ship_departs(state, ship, events, why)
    b.refill_harbour(state, events)


def begin_round(state: State, events: list[Event]) -> None:
    """Phase A: turn up the four proposals; then the action phase begins."""
    for g in STATUTE_GROUPS:
        pile = state["piles"][g]
        state["proposals"][g] = {"id": pile.pop(0), "vetoed": False} if pile else None
    events.append(
        Event(
            "proposals",
            None,
            {
                "round": state["round"],
                "proposals": {g: p["id"] if p else None for g, p in state["proposals"].items()},
            },
            reveals_hidden=True,
        )
    )
    state["phase"] = "actions"
    state["markers"] = {m: None for m in BLACK_MARKERS}
    state["fourth"] = []
    state["turns_done"] = 0
    state["turn"] = state["start"]
    state["bids_revealed"] = False
    state["totals"] = {}
    state["pending"] = {}
    for player in state["players"].values():
        player.update({"hand": list(CHARACTERS), "played": [], "card": None, "bid": None, "bid2": None})
    state["step"] = "choose_card" if state["options"]["secret_parliament_card"] else "play_card"


def score(player: Player, category: str, vp: int) -> None:
    """``player`` scores ``vp`` victory points from one source (a key of ``PLAY_CATEGORIES``):
    the VP track and the split by category kept for the end-of-game summary."""
    player["vp"] += vp
    by = player["vp_by"]
    by[category] = by.get(category, 0) + vp


def vp_breakdown(player: Player) -> dict[str, int]:
    """The player's VP so far by category, in the fixed order of ``PLAY_CATEGORIES``; VP that no
    category accounts for (a game saved before the split was kept) show as ``"play"``."""
    out = {c: player["vp_by"].get(c, 0) for c in PLAY_CATEGORIES}
    unknown = player["vp"] - sum(out.values())
    if unknown:
        out[UNSPLIT_CATEGORY] = unknown
    return out


def final_scoring(state: State, events: list[Event]) -> None:
    """2 VP per building tile; most VP wins, then most pesos; a full tie is shared."""
    breakdown = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        during = vp_breakdown(player)
        bonus = END_VP_PER_BUILDING * b.building_tiles(player)
        player["vp"] += bonus
        breakdown[seat] = {**during, END_CATEGORY: bonus}
    result: Scores = {
        "scores": {s: state["players"][s]["vp"] for s in state["seats"]},
        "pesos": {s: state["players"][s]["pesos"] for s in state["seats"]},
        "breakdown": breakdown,
    }
    state["result"] = result
    state["phase"] = "over"
    state["step"] = "over"
    state["pending"] = {}
    events.append(Event("game_over", None, dict(result)))


APPLY = {
    "choose_start": _apply_choose_start,
    "choose_card": _apply_choose_card,
    "play_card": _apply_play_card,
    "worker_move": _apply_worker_move,
    "worker_fields": _apply_worker_fields,
    "trader": _apply_trader,
    "architect": _apply_architect,
    "foreman": _apply_foreman,
    "mayor": _apply_mayor,
    "veto": _apply_veto,
    "bid": _apply_bid,
    "tie_bid": _apply_bid,
    "enact": _apply_enact,
    "pay_tax": _apply_pay_tax,
    "pay_duty": _apply_pay_duty,
}
