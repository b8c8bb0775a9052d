"""Why an action is refused: one sentence a player understands, for each kind of mistake."""

from __future__ import annotations

from engine.core import Action
from engine.santiago import data as d
from engine.santiago import rules as r
from engine.santiago.state import State

STEP_ASKS = {
    "dice": "set one of the rolled dice aside ('aside <good>')",
    "drive": "move the car ('drive <steps>')",
    "pablo": "take Pablo's good ('take <good>')",
    "zorro": "hand El Zorro 1 peso, 1 VP or 1 good ('give peso', 'give vp', 'give <good>')",
    "alonso": "claim a building ('claim <building>') or use one you own ('run <building>')",
    "go": "choose your figure's building ('go <building>')",
    "use": "use the building ('use …') or 'skip'",
    "deliver": "deliver goods ('deliver <good> <n>', 'wood <good> <n>') or 'pass'",
}

ACTION_STEP = {
    "aside": "dice",
    "drive": "drive",
    "take": "pablo",
    "give": "zorro",
    "claim": "alonso",
    "run": "alonso",
    "go": "go",
    "use": "use",
    "skip": "use",
    "deliver": "deliver",
    "wood": "deliver",
    "pass": "deliver",
}


def good_name(good: str, n: int = 2) -> str:
    singular, plural = d.GOOD_NAMES[good]
    return singular if n == 1 else plural


def _building_name(building: str) -> str:
    return d.BUILDING_INFO[building]["name"]


def explain(state: State, seat: str, action: Action) -> str:
    """The reason ``action`` is not legal for ``seat`` now."""
    step = state["step"]
    if step == "over":
        return "The game is over."
    if seat not in state["seats"]:
        return "You are not playing in this game."
    if seat not in r.to_act(state):
        waiting = ", ".join(r.to_act(state))
        return f"It is not your turn; waiting for {waiting}."
    if ACTION_STEP.get(action.kind) != step:
        return f"Now you must {STEP_ASKS[step]}."
    reason = _specific(state, seat, action)
    return reason or f"That is not a legal move now; you must {STEP_ASKS[step]}."


def _specific(state: State, seat: str, action: Action) -> str | None:
    player = state["players"][seat]
    args = action.args
    kind = action.kind
    if kind == "aside":
        if len(args) != 1 or args[0] not in d.DIE_GOODS:
            return "Name the die to set aside: sugar, citrus, tobacco, rum or cigar."
    elif kind == "drive":
        if len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
            return "The car moves at least 1 stop: write 'drive 1', 'drive 2', …"
        cost = args[0] - 1
        if cost > player["pesos"]:
            return f"Driving {args[0]} stops costs {cost} pesos; you have {player['pesos']}."
    elif kind == "take":
        if len(args) != 1 or args[0] not in d.PABLO_CHOICES:
            return "Pablo gives sugar, citrus, tobacco, rum or a cigar, never wood."
        return f"The supply has no {good_name(args[0])} left."
    elif kind == "give":
        if len(args) != 1:
            return "Give one thing: 'give peso', 'give vp' or 'give <good>'."
        what = args[0]
        if what == "peso":
            return "You have no pesos to give."
        if what == "vp":
            return "You have no VP to give."
        if what in d.GOODS:
            return f"You have no {good_name(what)} to give."
        return "Give a peso, a VP or one good."
    elif kind in ("claim", "run"):
        if len(args) != 1 or args[0] not in d.BUILDINGS:
            return f"Name a building: {', '.join(d.BUILDINGS)}."
        building = args[0]
        owner = state["owners"].get(building)
        if kind == "claim":
            if player["markers"] == 0:
                return "All 3 of your property markers are on the board already."
            if owner is not None:
                return f"The {_building_name(building)} already carries a property marker."
        elif owner != seat:
            return f"You do not own the {_building_name(building)}."
    elif kind == "go":
        options = state["pending"]["options"]
        if len(args) != 1 or args[0] not in options:
            quoted = [f"'go {b}'" for b in options]
            names = ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]
            return f"Your figure can only go to a free building of the colour: {names}."
    elif kind == "use":
        return _use_reason(state, seat, state["pending"]["building"], args)
    elif kind in ("deliver", "wood"):
        return _delivery_reason(state, seat, kind, args)
    return None


def _use_reason(state: State, seat: str, building: str, args: tuple) -> str | None:
    player = state["players"][seat]
    goods = player["goods"]
    name = _building_name(building)
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        if len(args) != 1 or not isinstance(args[0], int) or args[0] < 1:
            return f"Say how many {good_name(src)} to turn into {good_name(dst)}: 'use 2'."
        if args[0] > goods[src]:
            return f"You have only {goods[src]} {good_name(src, goods[src])}."
        return f"The supply has only {state['supply'][dst]} {good_name(dst, state['supply'][dst])} left."
    if building == d.MARKET:
        if len(args) != 2 or any(a not in d.MARKET_GOODS for a in args) or args[0] == args[1]:
            return "The black market swaps 1 good for 1 of another type, no wood: 'use sugar rum'."
        if goods[args[0]] == 0:
            return f"You have no {good_name(args[0])} to swap."
        return f"The supply has no {good_name(args[1])} left."
    if building == d.SAWMILL:
        return "You have no wood for the sawmill." if not args else "The sawmill takes no arguments: 'use'."
    if building == d.CAFE:
        if not args or any(a not in d.CAFE_GOODS for a in args) or len(set(args)) != len(args):
            return "The café takes up to 1 rum and 1 cigar: 'use rum', 'use cigar' or 'use rum cigar'."
        missing = [a for a in args if goods[a] == 0]
        if missing:
            return f"You have no {good_name(missing[0])}."
    if building == d.CASINO:
        if len(args) != 2 or args[0] not in ("buy", "sell") or not isinstance(args[1], int) or args[1] < 1:
            return "At the casino write 'use buy <VP>' (3 pesos each) or 'use sell <VP>' (3 pesos each)."
        if args[0] == "buy":
            cost = args[1] * d.CASINO_PESOS_PER_VP
            return f"Buying {args[1]} VP costs {cost} pesos; you have {player['pesos']}."
        return f"You have only {player['vp']} VP to sell."
    if building == d.CUSTOMS:
        if len(args) != 1 or args[0] not in state["ship"]["dice"]:
            return "Name a die on the ship to set to 0."
        return f"The {good_name(args[0])} die already shows 0."
    if building == d.HARBOURMASTER:
        if args == ("down",):
            return "The value marker is on the lowest flag already."
        return "Move the value marker 'use up' or 'use down'."
    if building == d.OFFICE:
        if len(args) != 1 or args[0] not in d.DIE_GOODS:
            return "Name one demanded good to load (not wood): 'use tobacco'."
        if state["ship"]["dice"].get(args[0], 0) == 0:
            return f"The ship does not ask for {good_name(args[0])}."
        return f"You have no {good_name(args[0])}."
    if building == d.NEWSPAPER:
        if len(args) != 1 or args[0] not in d.CUBANS:
            return "Name a face-up Cuban to turn face down: 'use pedro'."
        return f"{d.CUBAN_INFO[args[0]]['name']} is face down already."
    if building in (d.BANK, d.CHURCH) and args:
        return f"The {name.lower()} takes no arguments: 'use'."
    return None


def _delivery_reason(state: State, seat: str, kind: str, args: tuple) -> str | None:
    goods = state["players"][seat]["goods"]
    if len(args) != 2 or args[0] not in d.DIE_GOODS or not isinstance(args[1], int) or args[1] < 1:
        return "Deliver one type: 'deliver tobacco 2', or wood in its place: 'wood tobacco 2'."
    good, n = args
    want = state["ship"]["dice"].get(good, 0)
    if state["ship"]["aside"] == good:
        return f"The {good_name(good, 1)} die was set aside: this ship takes no {good_name(good)}."
    if want == 0:
        return f"The ship needs no more {good_name(good)}."
    if n > want:
        return f"The ship takes only {want} more {good_name(good, want)}."
    have = goods[d.WOOD] if kind == "wood" else goods[good]
    what = "wood" if kind == "wood" else good_name(good, have)
    return f"You have only {have} {what}."
