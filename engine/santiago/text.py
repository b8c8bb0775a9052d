"""English texts for Santiago de Cuba: log lines, button labels, prompts, the rules help and the
private screen summary.

``TEMPLATES`` maps every event kind to one ``str.format`` template; :func:`describe` fills it
with the seat's name and the event data, pre-formatted into words by :func:`_fields`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event
from engine.santiago import data as d
from engine.santiago.explain import good_name
from engine.santiago.rules import to_act
from engine.santiago.state import State

TEMPLATES: dict[str, str] = {
    "setup": "The buildings and Cubans are placed; {seat} is start player.",
    "roll": "{seat} rolls the dice for ship {ship}: {dice}.",
    "ship_loaded": "{seat} loads ship {ship}: it asks for {dice}; the {aside} die is set aside.",
    "reroll": "The ship asks for nothing, so {seat} rolls again.",
    "turn": "{seat}'s turn.",
    "drive": "{seat} drives the car {steps} {stop_word}{cost}.",
    "harbour_pass": "The car passes the harbour.",
    "value": "The value marker moves to {value}{cause}.",
    "departure": "Ship {ship} sails ({cause}){left}.",
    "face_up": "{cuban} is turned face up again.",
    "stop_face_down": "The car stops at {cuban}, who is face down: nothing happens.",
    "cuban": "{seat} visits {cuban}{got}.",
    "pablo": "{seat} takes 1 {good} from Pablo.",
    "zorro_give": "{seat} hands {to} {what} (El Zorro).",
    "zorro_nothing": "{seat} has nothing to hand {to} (El Zorro).",
    "alonso_nothing": "{seat} can neither claim nor use a building with Alonso.",
    "claim": "{seat} puts a property marker on the {building}.",
    "run": "{seat} uses the {building} they own.",
    "go": "{seat}'s figure goes to the {building}.",
    "stay": "{seat}'s figure stays at the {building}.",
    "no_free_building": "No free {colour} building for {seat}'s figure.",
    "owner_vp": "{seat} owns the {building} and scores {vp} VP from {visitor}'s visit.",
    "skip": "{seat} does not use the {building}.",
    "use": "{seat} uses the {building}{detail}.",
    "harbour_stop": "{seat} stops at the harbour: a delivery round begins.",
    "deliver": "{seat} delivers {what} for {vp} VP.",
    "pass": "{seat} passes{auto}.",
    "delivery_end": "The delivery round ends{left}.",
    "game_over": "The seventh ship has sailed. Scores: {scores}.",
}

CAUSES = {
    "pass": " (the car passed the harbour)",
    "unfilled": " (the ship was not filled)",
    "harbourmaster": " (harbour master's office)",
}
DEPARTURE_CAUSES = {
    "full": "full",
    "pass": "the car passed the harbour at the last flag",
    "unfilled": "not filled at the last flag",
    "harbourmaster": "sent off from the harbour master's office",
    "customs": "the customs office cleared the last demand",
    "office": "the office loaded the last good",
}


def _name(names: Mapping[str, str], seat: str | None) -> str:
    return names.get(seat, seat) if seat else ""


def cuban_name(cuban: str) -> str:
    return d.CUBAN_INFO[cuban]["name"]


def building_name(building: str) -> str:
    name = d.BUILDING_INFO[building]["name"]
    return name if building == d.CAFE else name[0].lower() + name[1:]


def amounts_text(amounts: Mapping[str, int]) -> str:
    """``{"tobacco": 2, "pesos": 3}`` → "2 tobacco and 3 pesos"."""
    parts = []
    for what, n in amounts.items():
        if what == "pesos":
            parts.append(f"{n} peso" + ("" if n == 1 else "s"))
        elif what == "vp":
            parts.append(f"{n} VP")
        else:
            parts.append(f"{n} {good_name(what, n)}")
    return join_words(parts) or "nothing"


def join_words(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def flag_text(value: int | None) -> str:
    return "the chequered flag" if value is None else f"flag {value}"


def _use_detail(data: Mapping[str, Any]) -> str:
    building = data["building"]
    if building == d.BANK:
        return f" and takes {d.BANK_PESOS} pesos"
    if building == d.CHURCH:
        return f" and takes {d.CHURCH_VP} VP"
    if building in d.CONVERSIONS:
        n = data["n"]
        return f": {n} {good_name(data['given'], n)} become {n} {good_name(data['got'], n)}"
    if building == d.MARKET:
        return f": 1 {good_name(data['given'], 1)} for 1 {good_name(data['got'], 1)}"
    if building == d.SAWMILL:
        return f": 1 wood for {d.SAWMILL_VP} VP and {d.SAWMILL_PESOS} peso"
    if building == d.CAFE:
        goods = join_words([f"1 {good_name(g, 1)}" for g in data["goods"]])
        return f": {goods} for {data['vp']} VP"
    if building == d.CASINO:
        if data["direction"] == "buy":
            return f": {data['pesos']} pesos for {data['n']} VP"
        return f": {data['n']} VP for {data['pesos']} pesos"
    if building == d.CUSTOMS:
        return f": the {good_name(data['good'], 1)} die goes to 0"
    if building == d.HARBOURMASTER:
        return f" and moves the value marker {data['direction']}"
    if building == d.OFFICE:
        return f": 1 {good_name(data['good'], 1)} goes on the ship for {data['vp']} VP"
    if building == d.NEWSPAPER:
        if "cuban" in data:
            return f", takes {d.NEWSPAPER_PESOS} peso and turns {cuban_name(data['cuban'])} face down"
        return f" and takes {d.NEWSPAPER_PESOS} peso"
    return ""


def _fields(event: Event, names: Mapping[str, str]) -> dict[str, Any]:
    data = dict(event.data)
    out: dict[str, Any] = dict(data)
    out["seat"] = _name(names, event.seat)
    kind = event.kind
    if "building" in data:
        out["building"] = building_name(data["building"])
    if "cuban" in data:
        out["cuban"] = cuban_name(data["cuban"])
    if "good" in data and kind != "deliver":
        out["good"] = good_name(data["good"], 1)
    for key in ("to", "visitor"):
        if key in data:
            out[key] = _name(names, data[key])
    if kind in ("roll", "ship_loaded"):
        out["dice"] = ", ".join(f"{good_name(g, 2)} {v}" for g, v in data["dice"].items())
    if kind == "ship_loaded":
        out["aside"] = good_name(data["aside"], 1)
    if kind == "drive":
        out["stop_word"] = "stop" if data["steps"] == 1 else "stops"
        out["cost"] = (
            f" and pays {data['pesos']} peso" + ("" if data["pesos"] == 1 else "s") if data["pesos"] else ""
        )
    if kind == "value":
        out["value"] = flag_text(data["value"])
        out["cause"] = CAUSES.get(data["cause"], "")
    if kind == "departure":
        out["cause"] = DEPARTURE_CAUSES.get(data["cause"], data["cause"])
        left = data["left"]
        out["left"] = f", leaving {amounts_text(left)} undelivered" if left else ""
    if kind == "delivery_end":
        left = data["left"]
        out["left"] = f" with {amounts_text(left)} still wanted" if left else ""
    if kind == "cuban":
        out["got"] = f" and takes {amounts_text(data['got'])}" if data["got"] else ""
    if kind == "zorro_give":
        what = data["what"]
        out["what"] = "1 peso" if what == "peso" else "1 VP" if what == "vp" else f"1 {good_name(what, 1)}"
    if kind == "use":
        out["detail"] = _use_detail(data)
    if kind == "deliver":
        n, good = data["n"], data["good"]
        out["what"] = f"{n} wood as {good_name(good, 2)}" if data["wood"] else f"{n} {good_name(good, n)}"
    if kind == "pass":
        out["auto"] = " (nothing to deliver)" if data["auto"] else ""
    if kind == "no_free_building":
        out["colour"] = data["colour"]
    if kind == "game_over":
        out["scores"] = ", ".join(f"{_name(names, s)} {v}" for s, v in data["scores"].items())
    return out


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    template = TEMPLATES.get(event.kind)
    if template is None:
        return f"{_name(names, event.seat)} {event.kind}".strip()
    return template.format(**_fields(event, names))


# ---- labels and prompts ------------------------------------------------------------------------


def _use_label(state: State, action: Action) -> str:
    building = state["pending"]["building"]
    args = action.args
    if building == d.BANK:
        return f"Take {d.BANK_PESOS} pesos"
    if building == d.CHURCH:
        return f"Take {d.CHURCH_VP} VP"
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        n = args[0]
        return f"{n} {good_name(src, n)} → {n} {good_name(dst, n)}"
    if building == d.MARKET:
        return f"1 {good_name(args[0], 1)} → 1 {good_name(args[1], 1)}"
    if building == d.SAWMILL:
        return f"1 wood → {d.SAWMILL_VP} VP + {d.SAWMILL_PESOS} peso"
    if building == d.CAFE:
        return " + ".join(f"1 {good_name(g, 1)}" for g in args) + f" → {d.CAFE_VP_EACH * len(args)} VP"
    if building == d.CASINO:
        pesos = args[1] * d.CASINO_PESOS_PER_VP
        return f"{pesos} pesos → {args[1]} VP" if args[0] == "buy" else f"{args[1]} VP → {pesos} pesos"
    if building == d.CUSTOMS:
        return f"Set {good_name(args[0], 1)} die to 0"
    if building == d.HARBOURMASTER:
        return "Value marker up" if args[0] == "up" else "Value marker down"
    if building == d.OFFICE:
        return f"Load 1 {good_name(args[0], 1)} · {d.OFFICE_VP} VP"
    if building == d.NEWSPAPER:
        return f"+1 peso, turn {cuban_name(args[0])} down" if args else "+1 peso"
    return str(action)


def label(state: State, seat: str, action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    if kind == "aside":
        return f"Set {good_name(args[0], 1)} aside"
    if kind == "drive":
        cost = args[0] - 1
        return f"Drive {args[0]}" + (f" · {cost} peso" + ("" if cost == 1 else "s") if cost else " · free")
    if kind == "take":
        return f"Take 1 {good_name(args[0], 1)}"
    if kind == "give":
        what = args[0]
        return (
            "Give 1 peso"
            if what == "peso"
            else "Give 1 VP"
            if what == "vp"
            else f"Give 1 {good_name(what, 1)}"
        )
    if kind == "claim":
        return f"Claim the {building_name(args[0])}"
    if kind == "run":
        return f"Use my {building_name(args[0])}"
    if kind == "go":
        return f"Go to the {building_name(args[0])}"
    if kind == "use":
        return _use_label(state, action)[:80]
    if kind == "skip":
        return "Skip"
    if kind == "deliver":
        return f"Deliver {args[1]} {good_name(args[0], args[1])}"
    if kind == "wood":
        return f"Deliver {args[1]} wood as {good_name(args[0], 2)}"
    if kind == "pass":
        return "Pass"
    return str(action)


def prompt(state: State, seat: str, lang: str = "en") -> str:
    if seat not in to_act(state):
        return ""
    step = state["step"]
    pending = state["pending"]
    if step == "dice":
        return "Choose the die to set aside; the other four go on the ship."
    if step == "drive":
        return "Move the car: the first stop is free, each further stop costs 1 peso."
    if step == "pablo":
        return "Pablo gives you 1 good of your choice (not wood): choose it."
    if step == "zorro":
        return "El Zorro: give the thief 1 peso, 1 VP or 1 good — your choice."
    if step == "alonso":
        return "Alonso: put a property marker on a building, or use a building you own."
    if step == "go":
        return "Choose the building your figure moves to."
    if step == "use":
        return f"Use the {building_name(pending['building'])} or skip it."
    if step == "deliver":
        return "Deliver one type of goods to the ship (or wood in its place), or pass."
    return ""


HELP_SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Collect the most VP by the time the 7th ship sails. At the end each 3 goods left give 1 VP. "
        "Ties go to most goods left, then most pesos. Your pesos, goods and VP stay behind your "
        "screen: only you see them (the bot sends them to you privately).",
    ),
    (
        "Your turn",
        "Move the shared car clockwise round the 10 stops: the first stop is free, each further stop "
        "costs 1 peso. Then the Cuban where the car stops helps you, and your figure moves to a free "
        "building of that Cuban's flower colour, which you may use.",
    ),
    (
        "The Cubans",
        "Pedro 2 tobacco · José 2 sugar cane · Conchita 2 citrus · Miguel 2 wood · Pablo 1 good of your "
        "choice (no wood) · Maria 2 VP · Martinez 3 pesos · Alonso: claim any unowned building with one "
        "of your 3 property markers, or use a building you own · El Zorro: each other player gives you "
        "1 peso, 1 good or 1 VP (they choose), and your figure stays where it is.",
    ),
    (
        "The buildings",
        "Your figure must move to a free building of the Cuban's colour (if none is free it stays and may "
        "be used again). Bank +2 pesos · Church +1 VP · Distillery sugar→rum · Cigar factory tobacco→cigars "
        "· Black market swap 1 good (no wood) · Sawmill 1 wood → 1 VP + 1 peso · Café 1 rum and/or 1 cigar "
        "→ 2 VP each · Casino 3 pesos ↔ 1 VP · Customs: one ship die to 0 · Harbour master: value marker "
        "±1 · Office: load 1 demanded good for 2 VP · Newspaper: +1 peso and turn a Cuban face down (until "
        "the car passes it). When you visit a building someone else owns, its owner scores 1 VP.",
    ),
    (
        "The ship",
        "Five dice are rolled; four go on the ship and say how many of each good it wants. The value "
        "marker (2, 3, 4, chequered) is the VP per good. Every time the car passes the harbour the marker "
        "moves up; at the chequered flag the ship sails. It also sails when it is full. Whoever sends it "
        "off rolls the next one.",
    ),
    (
        "Delivering",
        "Stopping the car at the harbour starts a delivery round, from you clockwise: each delivery is one "
        "type of goods, up to what the die asks, worth the marker's value each — or wood in place of a "
        "good at 1 VP each. Who passes is out. If goods are still wanted when everybody has passed, the "
        "marker moves up. No Cuban and no building after a harbour stop.",
    ),
)


def private_summary(state: State, seat: str, lang: str = "en") -> str:
    """The seat's screen: pesos, VP and goods."""
    if seat not in state["players"]:
        return ""
    player = state["players"][seat]
    goods = [f"{n} {good_name(g, n)}" for g, n in player["goods"].items() if n]
    lines = [
        f"Pesos: {player['pesos']}",
        f"VP: {player['vp']}",
        "Goods: " + (", ".join(goods) if goods else "none"),
    ]
    return "\n".join(lines)


#: Steps whose legal list does not depend on anything behind a screen.
_PUBLIC_STEPS = {"dice", "pablo", "alonso", "go"}
_PUBLIC_BUILDINGS = {d.BANK, d.CHURCH, d.CUSTOMS, d.HARBOURMASTER, d.NEWSPAPER}


def private_choices(state: State, seat: str) -> bool:
    if state["options"]["open_holdings"] or seat not in to_act(state):
        return False
    step = state["step"]
    if step in _PUBLIC_STEPS:
        return False
    if step == "use":
        return state["pending"]["building"] not in _PUBLIC_BUILDINGS
    return True


__all__ = [
    "HELP_SECTIONS",
    "TEMPLATES",
    "describe",
    "label",
    "private_choices",
    "private_summary",
    "prompt",
]


def display_title(lang: str = "en") -> str:
    return "Santiago de Cuba"


def help_sections(lang: str = "en") -> list[tuple[str, str]]:
    return list(HELP_SECTIONS)


def category_name(category: str, lang: str = "en") -> str:
    return category
