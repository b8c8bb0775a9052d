"""Santiago de Cuba's texts in every language: log lines, button labels, prompts, the rules help
and the private screen summary.

Every sentence is a catalogue entry (``engine/santiago/locales/<lang>.json``): an event kind
``k`` reads ``event.<k>``, filled by :func:`_fields` with the event data put into words in the
same language (names, amounts, sub-clauses that are catalogue entries of their own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Action, Event
from engine.i18n import join_list, join_words
from engine.provenance import Mark, unconfirmed
from engine.santiago import data as d
from engine.santiago.rules import to_act
from engine.santiago.rules.common import awaiting_dice, laps_per_ship_at_most, turns_at_most
from engine.santiago.state import State
from engine.santiago.text import (
    T,
    amount_text,
    amounts_text,
    building_name,
    colour_name,
    cuban_name,
    good_name,
    goods_text,
    pesos_text,
    the_building,
    vp_text,
)
from engine.typed import number, present, word, words

#: Event kinds the catalogue has a log line for (``event.<kind>``).
EVENT_KINDS: tuple[str, ...] = (
    "setup",
    "roll",
    "ship_loaded",
    "reroll",  # logged by games before issue 14, when a ship asking for nothing was rolled again
    "turn",
    "drive",
    "harbour_pass",
    "value",
    "departure",
    "face_up",
    "stop_face_down",
    "cuban",
    "pablo",
    "zorro_give",
    "zorro_nothing",
    "alonso_nothing",
    "alonso_skip",
    "claim",
    "run",
    "go",
    "stay",
    "no_free_building",
    "owner_vp",
    "skip",
    "use",
    "harbour_stop",
    "harbour_no_demand",
    "deliver",
    "pass",
    "delivery_end",
    "game_over",
)

#: Why the value marker moved (``value_cause.<cause>``) and why a ship sailed (``departure.<cause>``).
VALUE_CAUSES: tuple[str, ...] = ("pass", "unfilled", "harbourmaster")
DEPARTURE_CAUSES: tuple[str, ...] = (
    "full",
    "empty",
    "pass",
    "unfilled",
    "harbourmaster",
    "customs",
    "office",
)

#: The rules help, in order: ``help.<section>.title`` and ``help.<section>.body``. ``ruling`` says
#: the limit the project put where the rules allow an endless game (and the table option that
#: plays the printed office), ``rulings`` the project's readings where the text is silent; the
#: help then ends with the values no source confirms (``help.unconfirmed``), listed from the marks
#: in ``data.MARKS``.
HELP_SECTIONS: tuple[str, ...] = (
    "goal",
    "turn",
    "cubans",
    "buildings",
    "ship",
    "delivering",
    "ruling",
    "rulings",
)


def _name(names: Mapping[str, str], seat: str | None) -> str:
    return names.get(seat, seat) if seat else ""


def flag_text(value: int | None, lang: str = "en") -> str:
    return T(lang, "flag.chequered") if value is None else T(lang, "flag.number", value=value)


def one_thing(what: str, lang: str = "en") -> str:
    """What El Zorro's victim hands over: "1 peso", "1 VP" or "1 <good>"."""
    return amount_text(what, 1, lang)


def dice_text(dice: Mapping[str, int], lang: str = "en") -> str:
    """``{"sugar": 1, "rum": 2}`` → "sugar cane 1, rum 2"."""
    return join_list(
        [T(lang, "die_value", good=good_name(g, 2, lang), value=v) for g, v in dice.items()], lang
    )


def wood_as_text(n: int, good: str, lang: str = "en") -> str:
    """``(2, "tobacco")`` → "2 wood as tobacco"."""
    return T(lang, "wood_as", wood=goods_text(d.WOOD, n, lang), good=good_name(good, 2, lang))


def _use_detail(data: Mapping[str, Any], lang: str) -> str:
    building = data["building"]
    if building == d.BANK:
        return T(lang, "detail.bank", pesos=pesos_text(d.BANK_PESOS, lang))
    if building == d.CHURCH:
        return T(lang, "detail.church", vp=vp_text(d.CHURCH_VP, lang))
    if building in d.CONVERSIONS:
        n = data["n"]
        return T(
            lang,
            "detail.convert",
            given=goods_text(data["given"], n, lang),
            got=goods_text(data["got"], n, lang),
        )
    if building == d.MARKET:
        return T(
            lang,
            "detail.market",
            given=goods_text(data["given"], 1, lang),
            got=goods_text(data["got"], 1, lang),
        )
    if building == d.SAWMILL:
        return T(
            lang,
            "detail.sawmill",
            wood=goods_text(d.WOOD, 1, lang),
            vp=vp_text(d.SAWMILL_VP, lang),
            pesos=pesos_text(d.SAWMILL_PESOS, lang),
        )
    if building == d.CAFE:
        goods = join_words([goods_text(g, 1, lang) for g in data["goods"]], lang)
        return T(lang, "detail.cafe", goods=goods, vp=vp_text(data["vp"], lang))
    if building == d.CASINO:
        key = "detail.casino_buy" if data["direction"] == "buy" else "detail.casino_sell"
        return T(lang, key, pesos=pesos_text(data["pesos"], lang), vp=vp_text(data["n"], lang))
    if building == d.CUSTOMS:
        return T(lang, "detail.customs", good=good_name(data["good"], 1, lang))
    if building == d.HARBOURMASTER:
        return T(lang, f"detail.harbourmaster.{data['direction']}")
    if building == d.OFFICE:
        return T(lang, "detail.office", good=good_name(data["good"], 1, lang), vp=vp_text(data["vp"], lang))
    if building == d.NEWSPAPER:
        pesos = pesos_text(d.NEWSPAPER_PESOS, lang)
        if "cuban" in data:
            return T(lang, "detail.newspaper_turn", pesos=pesos, cuban=cuban_name(data["cuban"], lang))
        return T(lang, "detail.newspaper", pesos=pesos)
    return ""


def _fields(event: Event, names: Mapping[str, str], lang: str) -> dict[str, Any]:
    """The event's data as words in ``lang``, ready for its template."""
    data = dict(event.data)
    out: dict[str, Any] = dict(data)
    out["seat"] = _name(names, event.seat)
    kind = event.kind
    if "building" in data:
        out["building"] = the_building(data["building"], lang)
    if "cuban" in data:
        out["cuban"] = cuban_name(data["cuban"], lang)
    if "good" in data and kind != "deliver":
        out["good"] = good_name(data["good"], 1, lang)
    for key in ("to", "visitor"):
        if key in data:
            out[key] = _name(names, data[key])
    if kind in ("roll", "ship_loaded"):
        out["dice"] = dice_text(data["dice"], lang)
    if kind == "ship_loaded":
        out["aside"] = good_name(data["aside"], 1, lang)
    if kind == "drive":
        out["stops"] = T.plural(lang, "stops", data["steps"])
        out["cost"] = T(lang, "drive_cost", pesos=pesos_text(data["pesos"], lang)) if data["pesos"] else ""
    if kind == "value":
        out["value"] = flag_text(data["value"], lang)
        cause = data["cause"]
        out["cause"] = T(lang, f"value_cause.{cause}") if cause in VALUE_CAUSES else ""
    if kind == "departure":
        cause = data["cause"]
        out["cause"] = T(lang, f"departure.{cause}") if cause in DEPARTURE_CAUSES else cause
        left = data["left"]
        out["left"] = T(lang, "departure_left", what=amounts_text(left, lang)) if left else ""
        last = data["ship"] >= d.SHIPS
        out["next"] = "" if last else T(lang, "departure_next", seat=out["seat"])
    if kind == "delivery_end":
        left = data["left"]
        out["left"] = T(lang, "delivery_left", what=amounts_text(left, lang)) if left else ""
    if kind == "cuban":
        out["got"] = T(lang, "cuban_got", what=amounts_text(data["got"], lang)) if data["got"] else ""
    if kind == "zorro_give":
        out["what"] = one_thing(data["what"], lang)
    if kind == "use":
        out["detail"] = _use_detail(data, lang)
    if kind == "deliver":
        n, good = data["n"], data["good"]
        out["what"] = wood_as_text(n, good, lang) if data["wood"] else goods_text(good, n, lang)
    if kind == "no_free_building":
        out["colour"] = colour_name(data["colour"], lang)
    if kind == "game_over":
        out["scores"] = join_list(
            [T(lang, "score_item", name=_name(names, s), score=v) for s, v in data["scores"].items()], lang
        )
    return out


def describe(event: Event, names: Mapping[str, str], lang: str = "en") -> str:
    if event.kind not in EVENT_KINDS:
        return f"{_name(names, event.seat)} {event.kind}".strip()
    return T(lang, f"event.{event.kind}", **_fields(event, names, lang))


# ---- labels and prompts ------------------------------------------------------------------------


def _use_label(state: State, action: Action, lang: str) -> str:
    building = state["pending"]["building"]
    args = action.args
    if building == d.BANK:
        return T(lang, "use.bank", pesos=pesos_text(d.BANK_PESOS, lang))
    if building == d.CHURCH:
        return T(lang, "use.church", vp=vp_text(d.CHURCH_VP, lang))
    if building in d.CONVERSIONS:
        src, dst = d.CONVERSIONS[building]
        n = number(action)
        return T(lang, "use.exchange", given=goods_text(src, n, lang), got=goods_text(dst, n, lang))
    if building == d.MARKET:
        given, got = goods_text(word(action, 0), 1, lang), goods_text(word(action, 1), 1, lang)
        return T(lang, "use.exchange", given=given, got=got)
    if building == d.SAWMILL:
        given = goods_text(d.WOOD, 1, lang)
        got = T(lang, "use.plus", a=vp_text(d.SAWMILL_VP, lang), b=pesos_text(d.SAWMILL_PESOS, lang))
        return T(lang, "use.exchange", given=given, got=got)
    if building == d.CAFE:
        given = goods_text(word(action), 1, lang)
        for good in words(action, 1):
            given = T(lang, "use.plus", a=given, b=goods_text(good, 1, lang))
        return T(lang, "use.exchange", given=given, got=vp_text(d.CAFE_VP_EACH * len(args), lang))
    if building == d.CASINO:
        n = number(action, 1)
        pesos, vp = pesos_text(n * d.CASINO_PESOS_PER_VP, lang), vp_text(n, lang)
        if args[0] == "buy":
            return T(lang, "use.exchange", given=pesos, got=vp)
        return T(lang, "use.exchange", given=vp, got=pesos)
    if building == d.CUSTOMS:
        return T(lang, "use.customs", good=good_name(word(action), 1, lang))
    if building == d.HARBOURMASTER:
        return T(lang, f"use.harbourmaster.{args[0]}")
    if building == d.OFFICE:
        return T(lang, "use.office", good=good_name(word(action), 1, lang), vp=vp_text(d.OFFICE_VP, lang))
    if building == d.NEWSPAPER:
        pesos = pesos_text(d.NEWSPAPER_PESOS, lang)
        if args:
            return T(lang, "use.newspaper_turn", pesos=pesos, cuban=cuban_name(word(action), lang))
        return T(lang, "use.newspaper", pesos=pesos)
    return str(action)


def drive_stop(state: State, steps: int) -> tuple[int, str | None, bool]:
    """Where a drive of ``steps`` stops: (space, Cuban there or None at the harbour, whether
    that Cuban still lies face down when the car arrives — the car turns up every face-down
    Cuban whose space it leaves, so a drive round the whole road finds it face up)."""
    space = (state["car"] + steps) % d.ROAD_LEN
    cuban = state["road"][space]
    face_down = cuban is not None and cuban in state["face_down"] and steps < d.ROAD_LEN
    return space, cuban, face_down


def stop_text(state: State, steps: int, lang: str = "en") -> str:
    """What the car reaches after ``steps``: the harbour, or the Cuban and what he gives."""
    _space, cuban, face_down = drive_stop(state, steps)
    if cuban is None:
        # the ship that came in this turn has no dice before the turn's end: no delivery round
        return T(lang, "stop.harbour_waiting" if awaiting_dice(state) else "stop.harbour")
    name = cuban_name(cuban, lang)
    if face_down:
        return T(lang, "stop.face_down", cuban=name)
    if cuban in d.CUBAN_GAINS:
        return T(lang, "stop.gives", cuban=name, what=amounts_text(d.CUBAN_GAINS[cuban], lang))
    return T(lang, f"stop.{cuban}", cuban=name)


def delivery_group_name(kind: str, goods: Sequence[str], lang: str = "en") -> str:
    """The button of a delivery's ``deliver`` or ``wood`` moves, naming the goods they deliver."""
    named = join_list([good_name(g, 2, lang) for g in dict.fromkeys(goods)], lang)
    return T(lang, f"group.{kind}", goods=named)


def label(state: State, seat: str, action: Action, lang: str = "en") -> str:
    kind = action.kind
    if kind == "aside":
        return T(lang, "label.aside", good=good_name(word(action), 1, lang))
    if kind == "drive":
        steps = number(action)
        price = pesos_text(steps - 1, lang) if steps - 1 else T(lang, "label.free")
        return T(lang, "label.drive", n=steps, stop=stop_text(state, steps, lang), cost=price)[:80]
    if kind == "take":
        return T(lang, "label.take", good=good_name(word(action), 1, lang))
    if kind == "give":
        return T(lang, "label.give", what=one_thing(word(action), lang))
    if kind == "claim":
        return T(lang, "label.claim", building=the_building(word(action), lang))
    if kind == "run":
        return T(lang, "label.run", building=building_name(word(action), lang))
    if kind == "go":
        return T(lang, "label.go", building=the_building(word(action), lang))
    if kind == "use":
        return _use_label(state, action, lang)[:80]
    if kind == "skip":
        return T(lang, "label.alonso_skip" if state["step"] == "alonso" else "label.skip")
    if kind == "deliver":
        return T(lang, "label.deliver", what=goods_text(word(action, 0), number(action, 1), lang))
    if kind == "wood":
        return T(lang, "label.deliver", what=wood_as_text(number(action, 1), word(action, 0), lang))
    if kind == "pass":
        return T(lang, "label.pass")
    return str(action)


#: Steps with a prompt of their own (``prompt.<step>``); ``use`` names the building.
_PROMPT_STEPS = {"dice", "drive", "pablo", "zorro", "alonso", "go", "deliver"}


def prompt(state: State, seat: str, lang: str = "en") -> str:
    if seat not in to_act(state):
        return ""
    step = state["step"]
    if step == "use":
        return T(lang, "prompt.use", building=the_building(state["pending"]["building"], lang))
    if step in _PROMPT_STEPS:
        return T(lang, f"prompt.{step}")
    return ""


def private_summary(state: State, seat: str, lang: str = "en") -> str:
    """The seat's screen: pesos, VP and goods."""
    if seat not in state["players"]:
        return ""
    player = state["players"][seat]
    goods = [goods_text(g, n, lang) for g, n in player["goods"].items() if n]
    lines = [
        T(lang, "summary.pesos", n=player["pesos"]),
        T(lang, "summary.vp", n=player["vp"]),
        T(lang, "summary.goods", goods=join_list(goods, lang) if goods else T(lang, "summary.none")),
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


def display_title(lang: str = "en") -> str:
    return T(lang, "title")


def unconfirmed_text(mark: Mark, lang: str = "en") -> str:
    """One value no source confirms, in words ("Pedro's flower: blue"): the catalogue entry
    ``unconfirmed.<mark.text>`` with the mark's fields named in ``lang``."""
    fields = dict(mark.fields)
    if "cuban" in fields:
        fields["cuban"] = cuban_name(fields["cuban"], lang)
    if "colour" in fields:
        fields["colour"] = colour_name(fields["colour"], lang)
    return T(lang, f"unconfirmed.{mark.text}", **fields)


def help_sections(lang: str = "en") -> list[tuple[str, str]]:
    """The rules in short sections; the ruling's figures and the closing list of unconfirmed
    values are worked out from the data, so they cannot drift from what the engine plays."""
    sections = []
    for s in HELP_SECTIONS:
        values = {}
        if s == "ruling":
            values = {
                "option": "harbour_master=printed",
                "times": T.plural(lang, "times", present(d.HARBOURMASTER_DOWNS_PER_SHIP, "limit")),
                "laps": laps_per_ship_at_most(),
                "ships": d.SHIPS,
                "turns": turns_at_most(),
            }
        sections.append((T(lang, f"help.{s}.title"), T(lang, f"help.{s}.body", **values)))
    items = "\n".join(
        T(lang, "help.unconfirmed.item", value=unconfirmed_text(m, lang)) for m in unconfirmed(d.MARKS)
    )
    sections.append((T(lang, "help.unconfirmed.title"), T(lang, "help.unconfirmed.body", values=items)))
    return sections


def category_name(category: str, lang: str = "en") -> str:
    """The name of a :attr:`Result.breakdown` category (``category.<name>``), else the id."""
    return T.get(lang, f"category.{category}", category)


__all__ = [
    "EVENT_KINDS",
    "HELP_SECTIONS",
    "category_name",
    "delivery_group_name",
    "describe",
    "display_title",
    "help_sections",
    "label",
    "private_choices",
    "private_summary",
    "prompt",
]
