"""Santiago de Cuba's rules: setup, the turn, the Cubans, the buildings, the ship and scoring.

Every function that changes the game works on a fresh copy of the state (made by ``apply``) and
appends :class:`Event` values to ``events``. A turn is a sequence of small decisions, each a
``step`` of the state:

``dice``    the roller sets one of the 5 rolled dice aside (``aside <good>``);
``drive``   the car moves (``drive <n>``: the first step is free, each further step 1 peso);
``pablo``   Pablo's good (``take <good>``);
``zorro``   an El Zorro victim hands over 1 peso, 1 VP or 1 good (``give peso|vp|<good>``);
``alonso``  ``claim <building>`` (property marker) or ``run <building>`` (use one you own);
``go``      the figure's building among several free ones of the colour (``go <building>``);
``use``     the building's effect (``use …``) or ``skip``;
``deliver`` a delivery round: ``deliver <good> <n>``, ``wood <good> <n>`` or ``pass`` — every seat
            still in the round is asked, also one with nothing it could deliver, so that a pass
            never tells the table why (seed l.63: "no goods or does not want to": both pass).

A departure in the middle of something (a harbour pass, the customs office…) stores what
remains to do as a *continuation* in ``pending["then"]`` and resumes it once the new ship's
dice are chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from engine.core import Action, Event, IllegalAction, Rng
from engine.santiago import data as d
from engine.santiago.names import T
from engine.santiago.state import SCHEMA, Options, Player, State, Then
from engine.typed import number, present, word, words

# ---- setup -------------------------------------------------------------------------------------


def new_game(players: list[str], seed: int, options: dict[str, Any]) -> tuple[State, list[Event]]:
    """A set-up game: buildings and Cubans placed at random, the first ship rolled by the
    player to the right of the start player, who must now set one die aside."""
    count = len(players)
    if not d.MIN_PLAYERS <= count <= d.MAX_PLAYERS:
        raise IllegalAction(
            lambda lang: T(lang, "error.players", min=d.MIN_PLAYERS, max=d.MAX_PLAYERS, n=count)
        )
    if len(set(players)) != len(players):
        raise IllegalAction(lambda lang: T(lang, "error.seats"))
    opts = check_options(options)
    rng = Rng.from_seed(seed)
    buildings = rng.shuffled(d.BUILDINGS)
    cubans = rng.shuffled(d.CUBANS)
    start = rng.randrange(len(players))
    per = d.BUILDINGS_PER_DISTRICT
    supply = {g: d.GOODS_SUPPLY for g in d.GOODS}
    seats: dict[str, Player] = {}
    for seat in players:
        goods = {g: 0 for g in d.GOODS}
        for g, n in d.START_GOODS.items():
            goods[g] = n
            supply[g] -= n
        seats[seat] = {
            "pesos": d.START_PESOS,
            "vp": d.START_VP,
            "vp_by": {**{c: 0 for c in PLAY_CATEGORIES}, "start": d.START_VP},
            "goods": goods,
            "figure": None,
            "markers": d.PROPERTY_MARKERS,
        }
    state: State = {
        "schema": SCHEMA,
        "game": "santiago",
        "seats": list(players),
        "options": opts,
        "rng": rng.state,
        "start": start,
        "turn": (start - 1) % len(players),
        "step": "dice",
        "road": [None, *cubans],
        "face_down": [],
        "car": d.HARBOUR,
        "districts": {c: buildings[i * per : (i + 1) * per] for i, c in enumerate(d.COLOURS)},
        "owners": {},
        "ship": {"number": 1, "dice": {}, "aside": None, "value": 0, "downs": 0},
        "rolled": None,
        "supply": supply,
        "players": seats,
        "pending": {},
        "result": None,
    }
    events = [
        Event(
            "setup",
            players[start],
            {"road": list(cubans), "districts": {c: list(b) for c, b in state["districts"].items()}},
            random=True,
        )
    ]
    roll_ship(state, players[state["turn"]], {"kind": "start"}, events)
    return state, events


def check_options(options: Mapping[str, Any]) -> Options:
    """The full option dict, refusing unknown names and values that are not ``True``/``False``."""
    opts = dict(d.OPTIONS)
    for key, value in options.items():
        if key not in d.OPTIONS:
            raise _refusal("error.option", key)
        if not isinstance(value, bool):
            raise _refusal("error.option_bool", key)
        opts[key] = value
    # Every option checked and present: the shape of :class:`Options`.
    return cast(Options, opts)


def _refusal(catalogue_key: str, option: str) -> IllegalAction:
    return IllegalAction(lambda lang: T(lang, catalogue_key, key=option))


# ---- victory points by category ----------------------------------------------------------------

#: Where victory points come from during play, in the order the summary lists them: the 2 VP
#: every player starts with, deliveries to the ship (goods at the ship's price, wood at 1 VP),
#: the Cubans (Maria's VP, and El Zorro's: +1 for the thief, −1 for a victim who gives a VP),
#: the buildings' effects (church, sawmill, café, office), the casino's VP bought (or sold:
#: negative) and the owner's 1 VP when another player's figure visits his building.
PLAY_CATEGORIES: tuple[str, ...] = ("start", "deliveries", "cubans", "buildings", "casino", "owners")
#: The end of the game: 1 VP per 3 goods left.
END_CATEGORY = "goods"
#: VP that no category accounts for: games saved before the split was kept.
UNSPLIT_CATEGORY = "play"
#: Every category of ``Result.breakdown``, in order.
CATEGORIES: tuple[str, ...] = (*PLAY_CATEGORIES, END_CATEGORY, UNSPLIT_CATEGORY)


def score(player: Player, category: str, vp: int) -> None:
    """``player`` gains (or, given away or sold, loses) ``vp`` victory points from ``category``.
    A player of a game saved before the split was kept gets his ``vp_by`` here, empty."""
    player["vp"] += vp
    by = player.setdefault("vp_by", {})
    by[category] = by.get(category, 0) + vp


def vp_breakdown(player: Player) -> dict[str, int]:
    """The player's VP so far by category (in ``PLAY_CATEGORIES`` order); VP no category
    accounts for show as ``"play"``."""
    by = player.get("vp_by", {})
    out = {c: by.get(c, 0) for c in PLAY_CATEGORIES}
    unknown = player["vp"] - sum(out.values())
    if unknown:
        out[UNSPLIT_CATEGORY] = unknown
    return out


# ---- small helpers -----------------------------------------------------------------------------


def active_seat(state: State) -> str:
    """The seat whose turn it is (or who rolls the first ship)."""
    return state["seats"][state["turn"]]


def clockwise_from(state: State, index: int) -> list[str]:
    """All seats clockwise, starting with the one at ``index``."""
    seats = state["seats"]
    return [seats[(index + k) % len(seats)] for k in range(len(seats))]


def value_price(state: State) -> int | None:
    return d.VALUE_TRACK[state["ship"]["value"]]


def gain_good(state: State, seat: str, good: str, n: int) -> int:
    """Take up to ``n`` of ``good`` from the supply (A17: what the supply lacks is lost)."""
    got = min(n, state["supply"][good])
    state["supply"][good] -= got
    state["players"][seat]["goods"][good] += got
    return got


def return_good(state: State, seat: str, good: str, n: int) -> None:
    state["players"][seat]["goods"][good] -= n
    state["supply"][good] += n


def figure_at(state: State, building: str) -> str | None:
    for seat in state["seats"]:
        if state["players"][seat]["figure"] == building:
            return seat
    return None


def colour_of(state: State, building: str) -> str:
    for colour, buildings in state["districts"].items():
        if building in buildings:
            return colour
    raise KeyError(building)


def board_buildings(state: State) -> list[str]:
    """The buildings in board order (district by district)."""
    return [b for c in d.COLOURS for b in state["districts"][c]]


def face_up_cubans(state: State) -> list[str]:
    return [c for c in state["road"][1:] if c is not None and c not in state["face_down"]]


def open_demand(state: State) -> dict[str, int]:
    """The ship's dice still above 0."""
    return {g: v for g, v in state["ship"]["dice"].items() if v > 0}


def has_anything(player: Player) -> bool:
    return player["pesos"] > 0 or player["vp"] > 0 or any(player["goods"].values())


# ---- the ship ----------------------------------------------------------------------------------


def roll_ship(state: State, roller: str, then: Then, events: list[Event]) -> None:
    """Roll the 5 dice for a new ship; ``roller`` sets one aside, then ``then`` resumes."""
    rng = Rng(state["rng"])
    faces = d.DIE_FACES
    rolled = {g: faces[rng.randrange(len(faces))] for g in d.DIE_GOODS}
    state["rolled"] = rolled
    state["rng"] = rng.state
    state["ship"]["dice"] = {}
    state["ship"]["aside"] = None
    state["step"] = "dice"
    state["turn"] = state["seats"].index(roller)
    state["pending"] = {"roller": roller, "then": then}
    events.append(Event("roll", roller, {"ship": state["ship"]["number"], "dice": dict(rolled)}, random=True))


def depart(state: State, roller: str, cause: str, then: Then, events: list[Event]) -> None:
    """The ship sails; ``roller`` (who caused it) rolls the next one, or the game ends."""
    ship = state["ship"]
    events.append(
        Event(
            "departure",
            roller,
            {"ship": ship["number"], "cause": cause, "left": open_demand(state)},
        )
    )
    if ship["number"] >= d.SHIPS:
        finish(state, events)
        return
    ship["number"] += 1
    ship["value"] = 0
    ship["downs"] = 0
    roll_ship(state, roller, then, events)


def raise_value(state: State, roller: str, cause: str, then: Then, events: list[Event]) -> bool:
    """Move the value marker one flag up; returns True when that sent the ship off."""
    ship = state["ship"]
    ship["value"] += 1
    events.append(Event("value", roller, {"cause": cause, "value": d.VALUE_TRACK[ship["value"]]}))
    if ship["value"] >= d.CHEQUERED:
        depart(state, roller, cause, then, events)
        return True
    return False


def ship_empty(state: State) -> bool:
    return not open_demand(state)


def laps_per_ship_at_most() -> int | None:
    """The most laps of the car a ship can wait in the harbour (``None``: no limit). Every
    harbour arrival — a stop or a pass — raises the value marker or sends the ship off (a
    delivery round that fills it); the marker sails the ship once it has risen ``CHEQUERED``
    flags more than it was lowered, and the harbour master's office lowers it at most
    ``HARBOURMASTER_DOWNS_PER_SHIP`` times; the car meets the harbour once per lap."""
    limit = d.HARBOURMASTER_DOWNS_PER_SHIP
    return None if limit is None else d.CHEQUERED + limit


def turns_at_most() -> int | None:
    """The most turns a game can last (``None``: no limit): each ship sails within
    :func:`laps_per_ship_at_most` laps of ``ROAD_LEN`` car steps after the one before, and every
    turn moves the car at least one step."""
    laps = laps_per_ship_at_most()
    return None if laps is None else d.SHIPS * laps * d.ROAD_LEN


def may_lower_value(state: State) -> bool:
    """Whether the harbour master's office may move the value marker down now: not from the
    lowest flag (seed l.81), and — OUR RULING, see ``data.HARBOURMASTER_DOWNS_PER_SHIP`` — not
    more often per ship than the limit, without which a ship could be held in the harbour for
    ever."""
    ship = state["ship"]
    limit = d.HARBOURMASTER_DOWNS_PER_SHIP
    return ship["value"] > 0 and (limit is None or ship["downs"] < limit)


# ---- turn flow ---------------------------------------------------------------------------------


def begin_turn(state: State, events: list[Event]) -> None:
    state["step"] = "drive"
    state["pending"] = {}
    events.append(Event("turn", active_seat(state), {}))


def end_turn(state: State, events: list[Event]) -> None:
    state["turn"] = (state["turn"] + 1) % len(state["seats"])
    begin_turn(state, events)


def resume(state: State, then: Then, events: list[Event]) -> None:
    """Carry on with what a departure interrupted."""
    kind = then["kind"]
    if kind == "start":
        state["turn"] = state["start"]
        begin_turn(state, events)
    elif kind == "drive":
        move_car(state, then["steps"], events)
    elif kind == "go":
        building_step(state, then["colour"], events)
    else:  # "end"
        end_turn(state, events)


def move_car(state: State, steps: int, events: list[Event]) -> None:
    """Move the car ``steps`` spaces clockwise, turning up the face-down Cubans it leaves and
    raising the value marker for each harbour pass; then resolve the stop."""
    seat = active_seat(state)
    road = state["road"]
    while steps > 0:
        left = state["car"]
        cuban = road[left]
        if cuban is not None and cuban in state["face_down"]:
            state["face_down"].remove(cuban)
            events.append(Event("face_up", seat, {"cuban": cuban, "space": left}, random=True))
        state["car"] = (left + 1) % d.ROAD_LEN
        steps -= 1
        if state["car"] == d.HARBOUR and steps > 0:
            events.append(Event("harbour_pass", seat, {}))
            if raise_value(state, seat, "pass", {"kind": "drive", "steps": steps}, events):
                return
    resolve_stop(state, events)


def resolve_stop(state: State, events: list[Event]) -> None:
    seat = active_seat(state)
    space = state["car"]
    if space == d.HARBOUR:
        start_delivery(state, seat, events)
        return
    cuban = present(state["road"][space], "Cuban")
    if cuban in state["face_down"]:
        events.append(Event("stop_face_down", seat, {"cuban": cuban, "space": space}))
        end_turn(state, events)
        return
    visit_cuban(state, seat, cuban, events)


# ---- the Cubans --------------------------------------------------------------------------------


def visit_cuban(state: State, seat: str, cuban: str, events: list[Event]) -> None:
    player = state["players"][seat]
    if cuban in d.CUBAN_GAINS:
        got: dict[str, int] = {}
        for what, n in d.CUBAN_GAINS[cuban].items():
            if what == "vp":
                score(player, "cubans", n)
                got[what] = n
            elif what == "pesos":
                player["pesos"] += n
                got[what] = n
            else:
                got[what] = gain_good(state, seat, what, n)
        events.append(Event("cuban", seat, {"cuban": cuban, "got": got}))
        building_step(state, flower(cuban), events)
    elif cuban == d.PABLO:
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        if any(state["supply"][g] for g in d.PABLO_CHOICES):
            state["step"] = "pablo"
            state["pending"] = {"cuban": cuban}
        else:
            building_step(state, flower(cuban), events)
    elif cuban == d.ZORRO:
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        state["pending"] = {"cuban": cuban, "victims": clockwise_from(state, state["turn"] + 1)[:-1]}
        next_zorro_victim(state, events)
    else:  # Alonso
        events.append(Event("cuban", seat, {"cuban": cuban, "got": {}}))
        if legal_alonso(state, seat):
            state["step"] = "alonso"
            state["pending"] = {"cuban": cuban}
        else:
            events.append(Event("alonso_nothing", seat, {}))
            building_step(state, flower(cuban), events)


def next_zorro_victim(state: State, events: list[Event]) -> None:
    """The next victim who holds something must choose; those with nothing give nothing."""
    victims = state["pending"]["victims"]
    while victims:
        victim = victims[0]
        if has_anything(state["players"][victim]):
            state["step"] = "zorro"
            return
        events.append(Event("zorro_nothing", victim, {"to": active_seat(state)}, reveals_hidden=True))
        victims.pop(0)
    stay_step(state, events)


def apply_take(state: State, seat: str, action: Action, events: list[Event]) -> None:
    good = word(action)
    gain_good(state, seat, good, 1)
    events.append(Event("pablo", seat, {"good": good}))
    building_step(state, flower(d.PABLO), events)


def apply_give(state: State, seat: str, action: Action, events: list[Event]) -> None:
    thief = active_seat(state)
    what = word(action)
    giver, taker = state["players"][seat], state["players"][thief]
    if what == "peso":
        giver["pesos"] -= 1
        taker["pesos"] += 1
    elif what == "vp":
        score(giver, "cubans", -1)
        score(taker, "cubans", 1)
    else:
        giver["goods"][what] -= 1
        taker["goods"][what] += 1
    events.append(Event("zorro_give", seat, {"to": thief, "what": what}, reveals_hidden=True))
    state["pending"]["victims"].pop(0)
    next_zorro_victim(state, events)


def apply_alonso(state: State, seat: str, action: Action, events: list[Event]) -> None:
    building = word(action)
    if action.kind == "claim":
        state["owners"][building] = seat
        state["players"][seat]["markers"] -= 1
        events.append(Event("claim", seat, {"building": building}))
        building_step(state, flower(d.ALONSO), events)
    else:
        events.append(Event("run", seat, {"building": building}))
        offer_use(state, building, "alonso", {"kind": "go", "colour": flower(d.ALONSO)})


# ---- the figure and the buildings --------------------------------------------------------------


def flower(cuban: str) -> str:
    """The colour of a Cuban's flower: the district his visitor's figure goes to."""
    return present(d.CUBAN_COLOUR[cuban], "flower colour")


def free_buildings(state: State, colour: str) -> list[str]:
    """The buildings of ``colour`` no figure stands on."""
    taken = {p["figure"] for p in state["players"].values()}
    return [b for b in state["districts"][colour] if b not in taken]


def building_step(state: State, colour: str, events: list[Event]) -> None:
    """The figure must move to a free building of ``colour``; if there is none it stays."""
    seat = active_seat(state)
    free = free_buildings(state, colour)
    if not free:
        events.append(Event("no_free_building", seat, {"colour": colour}))
        stay_step(state, events)
    elif len(free) == 1:
        arrive(state, seat, free[0], events)
    else:
        state["step"] = "go"
        state["pending"] = {"colour": colour, "options": free}


def stay_step(state: State, events: list[Event]) -> None:
    """The figure stays and may use its building again (El Zorro, or no free building). It is not
    placed, so the building's owner scores nothing (seed l.84: the owner scores when a figure is
    placed on the building)."""
    seat = active_seat(state)
    building = state["players"][seat]["figure"]
    if building is None:
        end_turn(state, events)
        return
    events.append(Event("stay", seat, {"building": building}))
    offer_use(state, building, "figure", {"kind": "end"})


def arrive(state: State, seat: str, building: str, events: list[Event]) -> None:
    state["players"][seat]["figure"] = building
    events.append(Event("go", seat, {"building": building}))
    pay_owner(state, seat, building, events)
    offer_use(state, building, "figure", {"kind": "end"})


def pay_owner(state: State, seat: str, building: str, events: list[Event]) -> None:
    """The marker's owner scores 1 VP when another player's figure is placed on the building,
    whether or not the visitor then uses it (seed l.84-85: "當玩家放置的建築物上有其他玩家的
    房地產標記時 … 放置房地產標記的玩家可以額外獲得1分"; no VP on your own building)."""
    owner = state["owners"].get(building)
    if owner is not None and owner != seat:
        score(state["players"][owner], "owners", d.OWNER_VISIT_VP)
        events.append(
            Event("owner_vp", owner, {"building": building, "visitor": seat, "vp": d.OWNER_VISIT_VP})
        )


def offer_use(state: State, building: str, via: str, then: Then) -> None:
    state["step"] = "use"
    state["pending"] = {"building": building, "via": via, "then": then}


def apply_go(state: State, seat: str, action: Action, events: list[Event]) -> None:
    arrive(state, seat, word(action), events)


def apply_skip(state: State, seat: str, action: Action, events: list[Event]) -> None:
    pending = state["pending"]
    events.append(Event("skip", seat, {"building": pending["building"]}))
    resume(state, pending["then"], events)


def apply_use(state: State, seat: str, action: Action, events: list[Event]) -> None:
    """Carry out one building's effect; most end the use, some may send the ship off."""
    pending = state["pending"]
    building, then = pending["building"], pending["then"]
    player = state["players"][seat]
    args = action.args
    data: dict[str, Any] = {"building": building}
    hidden = False
    departed = False
    if building == d.BANK:
        player["pesos"] += d.BANK_PESOS
    elif building == d.CHURCH:
        score(player, "buildings", d.CHURCH_VP)
    elif building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        n = number(args)
        return_good(state, seat, src, n)
        gain_good(state, seat, dst, n)
        data.update(n=n, given=src, got=dst)
        hidden = True
    elif building == d.MARKET:
        give, get = word(args, 0), word(args, 1)
        return_good(state, seat, give, 1)
        gain_good(state, seat, get, 1)
        data.update(given=give, got=get)
        hidden = True
    elif building == d.SAWMILL:
        return_good(state, seat, d.WOOD, 1)
        score(player, "buildings", d.SAWMILL_VP)
        player["pesos"] += d.SAWMILL_PESOS
        hidden = True
    elif building == d.CAFE:
        goods = words(args)
        for good in goods:
            return_good(state, seat, good, 1)
            score(player, "buildings", d.CAFE_VP_EACH)
        data.update(goods=goods, vp=d.CAFE_VP_EACH * len(goods))
        hidden = True
    elif building == d.CASINO:
        direction, n = word(args, 0), number(args, 1)
        if direction == "buy":
            player["pesos"] -= d.CASINO_PESOS_PER_VP * n
            score(player, "casino", n)
        else:
            score(player, "casino", -n)
            player["pesos"] += d.CASINO_PESOS_PER_VP * n
        data.update(direction=direction, n=n, pesos=d.CASINO_PESOS_PER_VP * n)
        hidden = True
    elif building == d.NEWSPAPER:
        player["pesos"] += d.NEWSPAPER_PESOS
        if args:
            state["face_down"].append(word(args))
            data.update(cuban=args[0])
    elif building == d.CUSTOMS:
        good = word(args)
        state["ship"]["dice"][good] = 0
        data.update(good=good)
    elif building == d.HARBOURMASTER:
        data.update(direction=args[0])
    elif building == d.OFFICE:
        good = word(args)
        return_good(state, seat, good, 1)
        state["ship"]["dice"][good] -= 1
        score(player, "buildings", d.OFFICE_VP)
        data.update(good=good, vp=d.OFFICE_VP)
        hidden = True
    events.append(
        Event("use", seat, data, reveals_hidden=hidden, random=building == d.NEWSPAPER and bool(args))
    )
    if building == d.HARBOURMASTER:
        if args[0] == "up":
            departed = raise_value(state, seat, "harbourmaster", then, events)
        else:
            state["ship"]["value"] -= 1
            state["ship"]["downs"] += 1
            events.append(Event("value", seat, {"cause": "harbourmaster", "value": value_price(state)}))
    elif building in (d.CUSTOMS, d.OFFICE) and ship_empty(state):
        depart(state, seat, building, then, events)
        departed = True
    if not departed:
        resume(state, then, events)


# ---- delivery rounds ---------------------------------------------------------------------------


def start_delivery(state: State, trigger: str, events: list[Event]) -> None:
    events.append(Event("harbour_stop", trigger, {}))
    state["step"] = "deliver"
    state["pending"] = {"trigger": trigger, "passed": [], "current": trigger}
    next_deliverer(state, events)


def next_deliverer(state: State, events: list[Event]) -> None:
    """From ``pending["current"]`` clockwise, the first seat still in the round delivers or
    passes. A seat with nothing it could deliver is asked too and can only pass: a pass made for
    it would tell the whole table that its screen hides nothing the ship wants, while the seed
    (l.63) lets a player pass for either reason alike. Everybody out: the round ends."""
    pending = state["pending"]
    order = clockwise_from(state, state["seats"].index(pending["current"]))
    for seat in order:
        if seat not in pending["passed"]:
            pending["current"] = seat
            return
    end_delivery(state, events)


def end_delivery(state: State, events: list[Event]) -> None:
    """Everybody passed: demand left raises the marker (maybe sending the ship off); the
    triggering player's turn ends."""
    trigger = state["pending"]["trigger"]
    events.append(Event("delivery_end", trigger, {"left": open_demand(state)}))
    state["turn"] = state["seats"].index(trigger)
    if raise_value(state, trigger, "unfilled", {"kind": "end"}, events):
        return
    end_turn(state, events)


def delivery_options(state: State, seat: str) -> list[Action]:
    goods = state["players"][seat]["goods"]
    out: list[Action] = []
    for good, want in open_demand(state).items():
        for n in range(1, min(want, goods[good]) + 1):
            out.append(Action("deliver", (good, n)))
        for n in range(1, min(want, goods[d.WOOD]) + 1):
            out.append(Action("wood", (good, n)))
    return out


def apply_deliver(state: State, seat: str, action: Action, events: list[Event]) -> None:
    pending = state["pending"]
    good, n = word(action, 0), number(action, 1)
    if action.kind == "deliver":
        return_good(state, seat, good, n)
        vp = n * present(value_price(state), "ship value")
    else:
        return_good(state, seat, d.WOOD, n)
        vp = n * d.WOOD_DELIVERY_VP
    state["ship"]["dice"][good] -= n
    score(state["players"][seat], "deliveries", vp)
    events.append(
        Event(
            "deliver",
            seat,
            {"good": good, "n": n, "wood": action.kind == "wood", "vp": vp},
            reveals_hidden=True,
        )
    )
    if ship_empty(state):
        trigger = pending["trigger"]
        state["turn"] = state["seats"].index(trigger)
        depart(state, trigger, "full", {"kind": "end"}, events)
        return
    seats = state["seats"]
    pending["current"] = seats[(seats.index(seat) + 1) % len(seats)]
    next_deliverer(state, events)


def apply_pass(state: State, seat: str, action: Action, events: list[Event]) -> None:
    pending = state["pending"]
    pending["passed"].append(seat)
    events.append(Event("pass", seat, {}))
    seats = state["seats"]
    pending["current"] = seats[(seats.index(seat) + 1) % len(seats)]
    next_deliverer(state, events)


# ---- the car and the dice ----------------------------------------------------------------------


def apply_drive(state: State, seat: str, action: Action, events: list[Event]) -> None:
    steps = number(action)
    cost = steps - 1
    state["players"][seat]["pesos"] -= cost
    events.append(Event("drive", seat, {"steps": steps, "pesos": cost, "from": state["car"]}))
    move_car(state, steps, events)


def apply_aside(state: State, seat: str, action: Action, events: list[Event]) -> None:
    aside = word(action)
    rolled = present(state["rolled"], "rolled dice")
    ship = state["ship"]
    ship["dice"] = {g: v for g, v in rolled.items() if g != aside}
    ship["aside"] = aside
    state["rolled"] = None
    events.append(
        Event("ship_loaded", seat, {"ship": ship["number"], "dice": dict(ship["dice"]), "aside": aside})
    )
    then = state["pending"]["then"]
    if ship_empty(state):
        # Seed l.64: when all the dice are at 0 the ship sails — also a ship loaded with four 0s.
        # Whoever set the die aside caused it and rolls the next ship (l.93).
        depart(state, seat, "empty", then, events)
        return
    resume(state, then, events)


# ---- the end -----------------------------------------------------------------------------------


def goods_count(player: Player) -> int:
    return sum(player["goods"].values())


def finish(state: State, events: list[Event]) -> None:
    """The 7th ship has sailed: VP plus 1 VP per 3 goods; ties by goods, then pesos."""
    scores: dict[str, int] = {}
    breakdown: dict[str, dict[str, int]] = {}
    goods: dict[str, int] = {}
    pesos: dict[str, int] = {}
    for seat in state["seats"]:
        player = state["players"][seat]
        count = goods_count(player)
        bonus = count // d.GOODS_PER_END_VP
        scores[seat] = player["vp"] + bonus
        breakdown[seat] = {**vp_breakdown(player), END_CATEGORY: bonus}
        goods[seat] = count
        pesos[seat] = player["pesos"]
    state["step"] = "over"
    state["pending"] = {}
    state["result"] = {"scores": scores, "breakdown": breakdown, "goods": goods, "pesos": pesos}
    events.append(
        Event(
            "game_over",
            None,
            {"scores": dict(scores), "goods": dict(goods), "pesos": dict(pesos)},
            reveals_hidden=True,
        )
    )


# ---- legal actions -----------------------------------------------------------------------------


def to_act(state: State) -> list[str]:
    step = state["step"]
    if step == "over":
        return []
    if step == "dice":
        return [state["pending"]["roller"]]
    if step == "zorro":
        return [state["pending"]["victims"][0]]
    if step == "deliver":
        return [state["pending"]["current"]]
    return [active_seat(state)]


def legal_aside(state: State, seat: str) -> list[Action]:
    return [Action("aside", (g,)) for g in d.DIE_GOODS]


def legal_drive(state: State, seat: str) -> list[Action]:
    return [Action("drive", (n,)) for n in range(1, state["players"][seat]["pesos"] + 2)]


def legal_pablo(state: State, seat: str) -> list[Action]:
    return [Action("take", (g,)) for g in d.PABLO_CHOICES if state["supply"][g] > 0]


def legal_zorro(state: State, seat: str) -> list[Action]:
    player = state["players"][seat]
    out = []
    if player["pesos"] > 0:
        out.append(Action("give", ("peso",)))
    if player["vp"] > 0:
        out.append(Action("give", ("vp",)))
    out += [Action("give", (g,)) for g in d.GOODS if player["goods"][g] > 0]
    return out


def legal_alonso(state: State, seat: str) -> list[Action]:
    out = []
    buildings = board_buildings(state)
    if state["players"][seat]["markers"] > 0:
        out += [Action("claim", (b,)) for b in buildings if b not in state["owners"]]
    out += [Action("run", (b,)) for b in buildings if state["owners"].get(b) == seat]
    return out


def legal_go(state: State, seat: str) -> list[Action]:
    return [Action("go", (b,)) for b in state["pending"]["options"]]


def use_options(state: State, seat: str, building: str) -> list[Action]:
    """Every way to use ``building`` now (``skip`` not included)."""
    player = state["players"][seat]
    goods = player["goods"]
    supply = state["supply"]

    def use(*args: Any) -> Action:
        return Action("use", tuple(args))

    if building in (d.BANK, d.CHURCH):
        return [use()]
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        return [use(n) for n in range(1, min(goods[src], supply[dst]) + 1)]
    if building == d.MARKET:
        return [
            use(give, get)
            for give in d.MARKET_GOODS
            if goods[give] > 0
            for get in d.MARKET_GOODS
            if get != give and supply[get] > 0
        ]
    if building == d.SAWMILL:
        return [use()] if goods[d.WOOD] > 0 else []
    if building == d.CAFE:
        held = [g for g in d.CAFE_GOODS if goods[g] > 0]
        out = [use(g) for g in held]
        if len(held) == len(d.CAFE_GOODS):
            out.append(use(*held))
        return out
    if building == d.CASINO:
        buys = [use("buy", n) for n in range(1, player["pesos"] // d.CASINO_PESOS_PER_VP + 1)]
        return buys + [use("sell", n) for n in range(1, player["vp"] + 1)]
    if building == d.CUSTOMS:
        return [use(g) for g in open_demand(state)]
    if building == d.HARBOURMASTER:
        return [use("up")] + ([use("down")] if may_lower_value(state) else [])
    if building == d.OFFICE:
        return [use(g) for g in open_demand(state) if goods[g] > 0]
    if building == d.NEWSPAPER:  # the peso, and a Cuban turned face down if you like (seed l.83)
        return [use(), *(use(c) for c in face_up_cubans(state))]
    raise KeyError(building)


def legal_use(state: State, seat: str) -> list[Action]:
    return [*use_options(state, seat, state["pending"]["building"]), Action("skip")]


def legal_deliver(state: State, seat: str) -> list[Action]:
    return [*delivery_options(state, seat), Action("pass")]


LEGAL: dict[str, Callable[[State, str], list[Action]]] = {
    "dice": legal_aside,
    "drive": legal_drive,
    "pablo": legal_pablo,
    "zorro": legal_zorro,
    "alonso": legal_alonso,
    "go": legal_go,
    "use": legal_use,
    "deliver": legal_deliver,
}

APPLY: dict[str, Callable[[State, str, Action, list[Event]], None]] = {
    "aside": apply_aside,
    "drive": apply_drive,
    "take": apply_take,
    "give": apply_give,
    "claim": apply_alonso,
    "run": apply_alonso,
    "go": apply_go,
    "use": apply_use,
    "skip": apply_skip,
    "deliver": apply_deliver,
    "wood": apply_deliver,
    "pass": apply_pass,
}


def legal_actions(state: State, seat: str) -> list[Action]:
    if seat not in to_act(state):
        return []
    return LEGAL[state["step"]](state, seat)


def apply_action(state: State, seat: str, action: Action, events: list[Event]) -> None:
    """Apply a legal action to ``state`` (a copy the caller owns)."""
    APPLY[action.kind](state, seat, action, events)
