"""Santiago de Cuba traced rule by rule to the seed (issue 14, item 7).

The seed is the traditional-Chinese walkthrough ``shared/seeds/001_2ae0230792ee2789.txt``; each
case names the line (``l.46``) of the paragraph it checks, with the paragraph's gist. A case is a
setup (a game arranged by :func:`game`), moves (``"p0: drive 1"``) and the expected result: a
function of the state and the moves' events giving ``(actual, expected)``, or ``refused`` — a part
of the sentence that refuses the last move (which must change nothing).

Lines with no case, and why (the rest of the seed's rule lines have one or more):

* l.1-7 (title, player count and time, the introduction), l.9 (the board), l.20 (the Chinese
  rulebook), l.22 (board in the middle), l.30-31 (sort the supply, "ready"), l.105-108 (the
  reviewer's opinion): no rule to play.
* l.17 (60 VP tiles: 10×1, 20×2, 10×3, 10×5, 10×10) and l.18 (36 coins: 24×1, 12×3): the
  denominations are bookkeeping, and the engine gives VP and pesos no supply limit (the seed
  states none for running out); see docs/sources.md.
* l.19 (car, value marker and ship marker) is the components of l.25-27, checked there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Event, IllegalAction
from engine.santiago import RULES
from engine.santiago import data as d
from tests.santiago.helpers import (
    STANDARD_DISTRICTS,
    check_conservation,
    clear_goods,
    give,
    put_cuban,
    set_districts,
    started,
)

State = dict[str, Any]

# STANDARD_DISTRICTS: yellow bank church distillery · blue factory market sawmill ·
# red cafe casino customs · white harbourmaster office newspaper. Flowers (data.CUBAN_COLOUR):
# José, Miguel yellow · Pedro, Martinez blue · Conchita, Maria red · Pablo, Alonso white.


def game(
    players: int = 3,
    *,
    road: dict[int, str] | None = None,
    car: int | None = None,
    turn: str | None = None,
    value: int | None = None,
    dice: dict[str, int] | None = None,
    ship: int | None = None,
    downs: int | None = None,
    hold: dict[str, dict[str, int]] | None = None,
    money: dict[str, tuple[int, int]] | None = None,
    figures: dict[str, str] | None = None,
    owners: dict[str, str] | None = None,
    face_down: Sequence[str] = (),
) -> State:
    """A started game (p0 start player, to drive; the ship asks sugar 1, citrus 2, tobacco 3,
    rum 1, the cigar die set aside; every player 3 pesos, 2 VP, 1 sugar, 1 citrus, 1 tobacco),
    the buildings in the standard districts, then arranged as given. ``hold`` sets a seat's goods
    exactly, ``money`` its (pesos, VP)."""
    state = started(players)
    set_districts(state, STANDARD_DISTRICTS)
    for space, cuban in (road or {}).items():
        put_cuban(state, space, cuban)
    if car is not None:
        state["car"] = car
    if turn is not None:
        state["turn"] = state["seats"].index(turn)
    if value is not None:
        state["ship"]["value"] = value
    if dice is not None:
        state["ship"]["dice"] = dict(dice)
    if ship is not None:
        state["ship"]["number"] = ship
    if downs is not None:
        state["ship"]["downs"] = downs
    for seat, goods in (hold or {}).items():
        clear_goods(state, seat)
        give(state, seat, **goods)
    for seat, (pesos, vp) in (money or {}).items():
        state["players"][seat]["pesos"] = pesos
        state["players"][seat]["vp"] = vp
    for seat, building in (figures or {}).items():
        state["players"][seat]["figure"] = building
    for building, seat in (owners or {}).items():
        state["owners"][building] = seat
        state["players"][seat]["markers"] -= 1
    state["face_down"] = list(face_down)
    return state


def p(state: State, seat: str = "p0") -> dict[str, Any]:
    return state["players"][seat]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


@dataclass(frozen=True)
class Case:
    line: str
    rule: str
    setup: Callable[[], State]
    moves: tuple[str, ...] = ()
    expect: Callable[[State, list[Event]], tuple[Any, Any]] | None = None
    refused: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def case(line: str, rule: str, setup: Callable[[], State], *moves: str, **kw: Any) -> Case:
    return Case(line, rule, setup, moves, **kw)


HARBOUR = {"car": 9}  # the next free step stops at the harbour

CASES: list[Case] = [
    # ---- 遊戲內容物 components -------------------------------------------------------------------
    case(
        "l.10",
        "4 figures: at most 4 players",
        lambda: RULES.new(["a", "b", "c", "d", "e"], 1),
        refused="2 to 4",
    ),
    case(
        "l.10",
        "2 players may play",
        lambda: RULES.new(["a", "b"], 1),
        expect=lambda s, e: (s["seats"], ["a", "b"]),
    ),
    case(
        "l.11",
        "3 property markers per player",
        game,
        expect=lambda s, e: ({p(s, x)["markers"] for x in s["seats"]}, {3}),
    ),
    case(
        "l.12",
        "screens: nobody sees another's holdings",
        game,
        expect=lambda s, e: ("pesos" in RULES.view(s, "p0")["players"]["p1"], False),
    ),
    case(
        "l.13",
        "12 buildings",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(b for bs in s["districts"].values() for b in bs), sorted(d.BUILDINGS)),
    ),
    case(
        "l.14",
        "9 Cubans",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(s["road"][1:]), sorted(d.CUBANS)),
    ),
    case(
        "l.15",
        "5 dice are rolled",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(s["rolled"]), sorted(d.DIE_GOODS)),
    ),
    case(
        "l.16",
        "48 goods: 8 wood and 8 of each colour",
        game,
        expect=lambda s, e: (
            {g: s["supply"][g] + sum(p(s, x)["goods"][g] for x in s["seats"]) for g in d.GOODS},
            dict.fromkeys(d.GOODS, 8),
        ),
    ),
    # ---- 遊戲設置 setup -------------------------------------------------------------------------
    case(
        "l.23",
        "12 buildings at random, 3 per colour: yellow, blue, red, white",
        lambda: RULES.new(["a", "b"], 7),
        expect=lambda s, e: ({c: len(bs) for c, bs in s["districts"].items()}, dict.fromkeys(d.COLOURS, 3)),
    ),
    case(
        "l.23",
        "the buildings are shuffled",
        game,
        expect=lambda s, e: (
            len({tuple(RULES.new(["a", "b"], n)["districts"]["red"]) for n in range(8)}) > 4,
            True,
        ),
    ),
    case(
        "l.24",
        "the Cubans are shuffled",
        game,
        expect=lambda s, e: (len({tuple(RULES.new(["a", "b"], n)["road"]) for n in range(8)}) > 4, True),
    ),
    case(
        "l.25",
        "the car starts at the harbour",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (s["car"], d.HARBOUR),
    ),
    case(
        "l.26",
        "the ship marker on the first space",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (s["ship"]["number"], 1),
    ),
    case(
        "l.27",
        "the value marker on flag 2",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 2),
    ),
    case(
        "l.28",
        "each player: 3 markers, 3 pesos, 2 VP, 1 sugar cane, 1 citrus, 1 tobacco",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (
            (p(s, "a")["markers"], p(s, "a")["pesos"], p(s, "a")["vp"], p(s, "a")["goods"]),
            (3, 3, 2, {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 0, "cigar": 0, "wood": 0}),
        ),
    ),
    case(
        "l.29",
        "money, VP and goods are hidden behind the screen",
        game,
        expect=lambda s, e: (
            [set(pv) & {"pesos", "vp", "goods"} for pv in RULES.view(s, None)["players"].values()],
            [set()] * 3,
        ),
    ),
    # ---- 遊戲流程 the flow ----------------------------------------------------------------------
    case(
        "l.33",
        "7 rounds: the 7th ship sailing ends the game",
        lambda: game(ship=7, value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (s["step"], "over"),
    ),
    case(
        "l.34",
        "the player right of the start player rolls 5 dice and sets one aside",
        lambda: RULES.new(["a", "b", "c"], 4),
        expect=lambda s, e: (
            (RULES.to_act(s), len(RULES.legal(s, RULES.to_act(s)[0]))),
            ([s["seats"][(s["start"] - 1) % 3]], 5),
        ),
    ),
    case(
        "l.34",
        "the dice values may not be changed, and may be 0",
        lambda: RULES.new(["a", "b", "c"], 4),
        expect=lambda s, e: ({a.kind for a in RULES.legal(s, RULES.to_act(s)[0])}, {"aside"}),
    ),
    case(
        "l.35",
        "4 dice go on the ship, the 5th is not used",
        game,
        expect=lambda s, e: (
            (sorted(s["ship"]["dice"]), s["ship"]["aside"]),
            (["citrus", "rum", "sugar", "tobacco"], "cigar"),
        ),
    ),
    case(
        "l.35",
        "the set-aside die's good is not delivered",
        lambda: game(hold={"p0": {"cigar": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver cigar 1",
        refused="set aside",
    ),
    case(
        "l.36",
        "play starts with the start player",
        game,
        expect=lambda s, e: ((RULES.to_act(s), s["step"]), (["p0"], "drive")),
    ),
    # ---- 一、前進汽車 moving the car --------------------------------------------------------------
    case("l.38", "the car moves at least 1 stop", game, "p0: drive 0", refused="at least 1 stop"),
    case(
        "l.38",
        "the first stop is free",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 3),
    ),
    case(
        "l.39",
        "from the harbour the first stop is the first white star",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (s["car"], 1),
    ),
    case(
        "l.40",
        "each further stop costs 1 peso",
        lambda: game(road={4: "pedro"}),
        "p0: drive 4",
        expect=lambda s, e: ((s["car"], p(s)["pesos"]), (4, 0)),
    ),
    case("l.40", "no limit but the pesos", game, "p0: drive 5", refused="costs 4 pesos; you have 3"),
    case(
        "l.41",
        "the car only goes forward (round the loop)",
        lambda: game(car=7, road={2: "pedro"}, money={"p0": (9, 2)}),
        "p0: drive 5",
        expect=lambda s, e: (s["car"], 2),
    ),
    case(
        "l.42",
        "the stop's effect must be carried out",
        lambda: game(road={1: "maria"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["vp"], 4),
    ),
    # ---- ●人物區域 the Cubans ---------------------------------------------------------------------
    case(
        "l.44",
        "a white star is a Cuban's stop",
        lambda: game(road={3: "jose"}, money={"p0": (2, 2)}),
        "p0: drive 3",
        expect=lambda s, e: ([x.data["cuban"] for x in e if x.kind == "cuban"], ["jose"]),
    ),
    case(
        "l.45",
        "the Cuban in front of the car gives its ability",
        lambda: game(road={1: "martinez"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 3 + 3),
    ),
    case(
        "l.46",
        "Pedro: 2 tobacco",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["tobacco"], 3),
    ),
    case(
        "l.47",
        "José: 2 sugar cane",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["sugar"], 3),
    ),
    case(
        "l.48",
        "Conchita: 2 citrus",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["citrus"], 3),
    ),
    case(
        "l.49",
        "Miguel: 2 wood",
        lambda: game(road={1: "miguel"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["wood"], 2),
    ),
    case(
        "l.50",
        "Pablo: 1 good of any kind",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take rum",
        expect=lambda s, e: (p(s)["goods"]["rum"], 1),
    ),
    case(
        "l.50",
        "Pablo: never wood",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take wood",
        refused="never wood",
    ),
    case(
        "l.51",
        "Maria: 2 VP",
        lambda: game(road={1: "maria"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["vp"], 4),
    ),
    case(
        "l.52",
        "Martinez: 3 pesos",
        lambda: game(road={1: "martinez"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 6),
    ),
    case(
        "l.53",
        "El Zorro: each other player gives 1 peso, good or VP, the giver chooses",
        lambda: game(road={1: "zorro"}),
        "p0: drive 1",
        "p1: give vp",
        "p2: give citrus",
        expect=lambda s, e: (
            (p(s)["vp"], p(s)["goods"]["citrus"], p(s, "p1")["vp"], p(s, "p2")["goods"]["citrus"]),
            (3, 2, 1, 0),
        ),
    ),
    case(
        "l.53",
        "El Zorro: the giver picks among what it holds",
        lambda: game(road={1: "zorro"}),
        "p0: drive 1",
        expect=lambda s, e: (
            {str(a) for a in RULES.legal(s, "p1")},
            {"give peso", "give vp", "give sugar", "give citrus", "give tobacco"},
        ),
    ),
    case(
        "l.54",
        "Alonso: one of two actions",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}),
        "p0: drive 1",
        expect=lambda s, e: ({a.kind for a in RULES.legal(s, "p0")}, {"claim", "run"}),
    ),
    case(
        "l.55",
        "Alonso (a): a property marker on an unowned building",
        lambda: game(road={1: "alonso"}),
        "p0: drive 1",
        "p0: claim casino",
        expect=lambda s, e: ((s["owners"], p(s)["markers"]), ({"casino": "p0"}, 2)),
    ),
    case(
        "l.55",
        "Alonso (a): one marker per building",
        lambda: game(road={1: "alonso"}, owners={"casino": "p1"}),
        "p0: drive 1",
        "p0: claim casino",
        refused="already carries",
    ),
    case(
        "l.56",
        "Alonso (b): use your own building although another figure stands on it",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}, figures={"p1": "bank"}),
        "p0: drive 1",
        "p0: run bank",
        "p0: use",
        expect=lambda s, e: (p(s)["pesos"], 5),
    ),
    # ---- ●港口區域 the harbour --------------------------------------------------------------------
    case(
        "l.58",
        "stopping at the harbour starts a delivery round for everybody",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        expect=lambda s, e: ((s["step"], "harbour_stop" in kinds(e)), ("deliver", True)),
    ),
    case(
        "l.59",
        "from the trigger clockwise",
        lambda: game(turn="p1", **HARBOUR),
        "p1: drive 1",
        "p1: deliver sugar 1",
        expect=lambda s, e: (RULES.to_act(s), ["p2"]),
    ),
    case(
        "l.59",
        "one type of goods per delivery",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        "p0: deliver sugar 1 citrus 1",
        refused="Deliver one type",
    ),
    case(
        "l.59",
        "any number of one type (up to the demand)",
        lambda: game(hold={"p0": {"tobacco": 3}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 3",
        expect=lambda s, e: (s["ship"]["dice"]["tobacco"], 0),
    ),
    case(
        "l.60",
        "wood stands in for any one demanded good",
        lambda: game(hold={"p0": {"wood": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: wood tobacco 2",
        expect=lambda s, e: ((s["ship"]["dice"]["tobacco"], p(s)["goods"]["wood"]), (1, 0)),
    ),
    case(
        "l.60",
        "wood is not mixed with goods in one delivery",
        lambda: game(hold={"p0": {"wood": 1, "tobacco": 1}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 2",
        refused="only 1 tobacco",
    ),
    case(
        "l.61",
        "each good scores the flag's value, the goods go back",
        lambda: game(value=1, hold={"p0": {"tobacco": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 2",
        expect=lambda s, e: (
            (p(s)["vp"], s["ship"]["dice"]["tobacco"], s["supply"]["tobacco"]),
            (2 + 2 * 3, 1, 8 - 1 - 1),
        ),
    ),
    case(
        "l.62",
        "wood scores 1 VP whatever it stands for",
        lambda: game(value=2, hold={"p0": {"wood": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: wood tobacco 2",
        expect=lambda s, e: (p(s)["vp"], 2 + 2),
    ),
    case(
        "l.63",
        "a seat with nothing to deliver passes like one that will not",
        lambda: game(hold={"p1": {}}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        expect=lambda s, e: ((RULES.to_act(s), [str(a) for a in RULES.legal(s, "p1")]), (["p1"], ["pass"])),
    ),
    case(
        "l.63",
        "who passed delivers no more in this round",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: deliver tobacco 1",
        "p2: deliver tobacco 1",
        expect=lambda s, e: (RULES.to_act(s), ["p1"]),
    ),
    case(
        "l.64",
        "when every die is at 0 the ship sails and the ship marker moves on",
        lambda: game(dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver sugar 1",
        expect=lambda s, e: (
            (s["ship"]["number"], [x.data["cause"] for x in e if x.kind == "departure"]),
            (2, ["full"]),
        ),
    ),
    case(
        "l.64",
        "a ship loaded with four 0s sails at once",
        lambda: RULES.new(["a", "b"], 3),
        extra={"rolled": {"sugar": 0, "citrus": 0, "tobacco": 0, "rum": 0, "cigar": 2}},
        expect=lambda s, e: (s["ship"]["number"], 2),
    ),
    case(
        "l.65",
        "everybody passed, demand left: the marker moves up and play goes on",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (
            (s["ship"]["value"], s["ship"]["number"], RULES.to_act(s), s["step"]),
            (1, 1, ["p1"], "drive"),
        ),
    ),
    case(
        "l.66",
        "the marker past flag 4 to the chequered flag sends the ship off at once",
        lambda: game(value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((s["ship"]["number"], s["ship"]["value"]), (2, 0)),
    ),
    case(
        "l.67",
        "passing the harbour starts no delivery round but raises the marker",
        lambda: game(car=8, road={1: "pedro"}),
        "p0: drive 3",
        expect=lambda s, e: ((s["ship"]["value"], "harbour_stop" in kinds(e)), (1, False)),
    ),
    # ---- 二、移動棋子 the figure and the buildings -------------------------------------------------
    case(
        "l.69",
        "after the Cuban the figure goes to a building, one figure per building",
        lambda: game(road={1: "jose"}, figures={"p1": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], ["church", "distillery"]),
    ),
    case(
        "l.70",
        "the Cuban's flower colour names the district",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], STANDARD_DISTRICTS["red"]),
    ),
    case(
        "l.71",
        "using the building is optional",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: skip",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["figure"]), (3, "bank")),
    ),
    case(
        "l.72",
        "bank: 2 pesos",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: use",
        expect=lambda s, e: (p(s)["pesos"], 5),
    ),
    case(
        "l.73",
        "church: 1 VP",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go church",
        "p0: use",
        expect=lambda s, e: (p(s)["vp"], 3),
    ),
    case(
        "l.74",
        "distillery: any number of sugar cane into as many rum",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go distillery",
        "p0: use 3",
        expect=lambda s, e: ((p(s)["goods"]["sugar"], p(s)["goods"]["rum"]), (0, 3)),
    ),
    case(
        "l.75",
        "cigar factory: any number of tobacco into as many cigars",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        "p0: go factory",
        "p0: use 3",
        expect=lambda s, e: ((p(s)["goods"]["tobacco"], p(s)["goods"]["cigar"]), (0, 3)),
    ),
    case(
        "l.76",
        "black market: 1 good for 1 other",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        "p0: go market",
        "p0: use sugar rum",
        expect=lambda s, e: ((p(s)["goods"]["sugar"], p(s)["goods"]["rum"]), (0, 1)),
    ),
    case(
        "l.76",
        "black market: not wood",
        lambda: game(road={1: "pedro"}, hold={"p0": {"wood": 1}}),
        "p0: drive 1",
        "p0: go market",
        "p0: use wood rum",
        refused="no wood",
    ),
    case(
        "l.77",
        "sawmill: 1 wood for 1 VP and 1 peso",
        lambda: game(road={1: "pedro"}, hold={"p0": {"wood": 2}}),
        "p0: drive 1",
        "p0: go sawmill",
        "p0: use",
        expect=lambda s, e: ((p(s)["goods"]["wood"], p(s)["vp"], p(s)["pesos"]), (1, 3, 4)),
    ),
    case(
        "l.78",
        "café: 1 rum and 1 cigar for 2 VP each, at most 4 VP",
        lambda: game(road={1: "maria"}, hold={"p0": {"rum": 2, "cigar": 2}}),
        "p0: drive 1",
        "p0: go cafe",
        "p0: use rum cigar",
        expect=lambda s, e: ((p(s)["vp"], p(s)["goods"]["rum"], p(s)["goods"]["cigar"]), (2 + 2 + 4, 1, 1)),
    ),
    case(
        "l.78",
        "café: one of each kind at most",
        lambda: game(road={1: "maria"}, hold={"p0": {"rum": 2}}),
        "p0: drive 1",
        "p0: go cafe",
        "p0: use rum rum",
        refused="up to 1 rum and 1 cigar",
    ),
    case(
        "l.79",
        "casino: 3 pesos for 1 VP",
        lambda: game(road={1: "maria"}, money={"p0": (6, 2)}),
        "p0: drive 1",
        "p0: go casino",
        "p0: use buy 2",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["vp"]), (0, 2 + 2 + 2)),
    ),
    case(
        "l.79",
        "casino: 1 VP for 3 pesos, as often as you like",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        "p0: go casino",
        "p0: use sell 2",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["vp"]), (3 + 6, 0)),
    ),
    case(
        "l.80",
        "customs: one die to 0 at once",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        "p0: go customs",
        "p0: use tobacco",
        expect=lambda s, e: (s["ship"]["dice"]["tobacco"], 0),
    ),
    case(
        "l.81",
        "harbour master: the marker one flag up",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use up",
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 3),
    ),
    case(
        "l.81",
        "harbour master: from flag 2 only up",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use down",
        refused="lowest flag",
    ),
    case(
        "l.81",
        "harbour master: one flag down",
        lambda: game(road={1: "pablo"}, value=2),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use down",
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 3),
    ),
    case(
        "l.81",
        "harbour master: to the chequered flag, the ship sails at once",
        lambda: game(road={1: "pablo"}, value=2),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use up",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "l.81",
        "OUR RULING: down at most once per ship",
        lambda: game(road={1: "pablo", 2: "alonso"}, value=2, owners={"harbourmaster": "p1"}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use down",
        "p1: drive 1",
        "p1: run harbourmaster",
        expect=lambda s, e: (
            (s["ship"]["value"], [str(a) for a in RULES.legal(s, "p1")]),
            (1, ["use up", "skip"]),
        ),
    ),
    case(
        "l.81",
        "OUR RULING: the count starts again with each ship",
        lambda: game(road={1: "pablo"}, value=2, downs=1),
        "p0: drive 1",
        "p0: take rum",
        "p0: go harbourmaster",
        "p0: use up",
        "p0: aside sugar",
        expect=lambda s, e: ((s["ship"]["number"], s["ship"]["downs"]), (2, 0)),
    ),
    case(
        "l.82",
        "office: 1 demanded good onto the ship for 2 VP whatever the marker",
        lambda: game(road={1: "pablo"}, value=2),
        "p0: drive 1",
        "p0: take rum",
        "p0: go office",
        "p0: use tobacco",
        expect=lambda s, e: ((p(s)["vp"], s["ship"]["dice"]["tobacco"]), (2 + 2, 2)),
    ),
    case(
        "l.82",
        "office: not wood",
        lambda: game(road={1: "pablo"}, hold={"p0": {"wood": 1}}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go office",
        "p0: use wood",
        refused="not wood",
    ),
    case(
        "l.83",
        "newspaper: 1 peso, and a Cuban may be turned face down",
        lambda: game(road={1: "pablo", 2: "maria"}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go newspaper",
        "p0: use maria",
        expect=lambda s, e: ((p(s)["pesos"], s["face_down"]), (4, ["maria"])),
    ),
    case(
        "l.83",
        "newspaper: the peso without turning anything",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go newspaper",
        "p0: use",
        expect=lambda s, e: ((p(s)["pesos"], s["face_down"]), (4, [])),
    ),
    case(
        "l.83",
        "a face-down Cuban gives nothing, neither Cuban nor building",
        lambda: game(road={1: "maria"}, face_down=["maria"]),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["vp"], p(s)["figure"], RULES.to_act(s)), (2, None, ["p1"])),
    ),
    case(
        "l.83",
        "…the mover may pay to drive on past it, and it turns face up",
        lambda: game(road={1: "maria", 2: "pedro"}, face_down=["maria"]),
        "p0: drive 2",
        expect=lambda s, e: ((s["face_down"], p(s)["goods"]["tobacco"]), ([], 3)),
    ),
    case(
        "l.84",
        "the owner scores 1 VP when another's figure is placed on the building",
        lambda: game(road={1: "jose"}, owners={"bank": "p1"}),
        "p0: drive 1",
        "p0: go bank",
        expect=lambda s, e: ((p(s, "p1")["vp"], [x.seat for x in e if x.kind == "owner_vp"]), (3, ["p1"])),
    ),
    case(
        "l.84",
        "…used or not",
        lambda: game(road={1: "jose"}, owners={"bank": "p1"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: skip",
        expect=lambda s, e: (p(s, "p1")["vp"], 3),
    ),
    case(
        "l.84",
        "…but not when the figure stays where it is (El Zorro)",
        lambda: game(road={1: "zorro"}, owners={"bank": "p1"}, figures={"p0": "bank"}),
        "p0: drive 1",
        "p1: give peso",
        "p2: give peso",
        expect=lambda s, e: ((p(s, "p1")["vp"], "owner_vp" in kinds(e)), (2, False)),
    ),
    case(
        "l.85",
        "no VP for your own building",
        lambda: game(road={1: "jose"}, owners={"bank": "p0"}),
        "p0: drive 1",
        "p0: go bank",
        expect=lambda s, e: ((p(s)["vp"], "owner_vp" in kinds(e)), (2, False)),
    ),
    case(
        "l.86",
        "the figure must move: not its own building",
        lambda: game(road={1: "jose"}, figures={"p0": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], ["church", "distillery"]),
    ),
    case(
        "l.87",
        "El Zorro: the figure stays and may use its building again",
        lambda: game(road={1: "zorro"}, figures={"p0": "bank"}),
        "p0: drive 1",
        "p1: give vp",
        "p2: give vp",
        "p0: use",
        expect=lambda s, e: ((p(s)["figure"], p(s)["pesos"]), ("bank", 5)),
    ),
    case(
        "l.88",
        "the harbour: no building",
        lambda: game(figures={"p0": "bank"}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((p(s)["figure"], RULES.to_act(s), s["step"]), ("bank", ["p1"], "drive")),
    ),
    case(
        "l.89",
        "a face-down Cuban: no building",
        lambda: game(road={1: "jose"}, face_down=["jose"], figures={"p0": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["figure"], s["step"]), ("bank", "drive")),
    ),
    case(
        "l.90",
        "all 3 buildings of the colour taken: the figure stays and may use its building",
        lambda: game(road={1: "jose"}, figures={"p0": "bank", "p1": "church", "p2": "distillery"}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["figure"], s["step"], s["pending"]["building"]), ("bank", "use", "bank")),
    ),
    # ---- *新回合設置 a new ship -----------------------------------------------------------------
    case(
        "l.92",
        "the ship sailing ends the round and a new one begins",
        lambda: game(dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver sugar 1",
        expect=lambda s, e: ((s["ship"]["number"], s["step"], s["rolled"] is not None), (2, "dice", True)),
    ),
    case(
        "l.93-94",
        "the trigger of the delivery round rolls, whoever filled the ship",
        lambda: game(dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: deliver sugar 1",
        expect=lambda s, e: (RULES.to_act(s), ["p0"]),
    ),
    case(
        "l.95",
        "the car passing the harbour to the chequered flag: the driver rolls",
        lambda: game(turn="p1", car=8, value=2, road={1: "pedro"}),
        "p1: drive 3",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p1"])),
    ),
    case(
        "l.96",
        "customs clearing the last demand: its user rolls",
        lambda: game(road={1: "conchita"}, dice={"sugar": 0, "citrus": 0, "tobacco": 2, "rum": 0}),
        "p0: drive 1",
        "p0: go customs",
        "p0: use tobacco",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "l.97",
        "the office loading the last good: its user rolls",
        lambda: game(road={1: "pablo"}, dice={"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0}),
        "p0: drive 1",
        "p0: take rum",
        "p0: go office",
        "p0: use tobacco",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "l.98",
        "the next turn is the roller's left neighbour's",
        lambda: game(turn="p1", dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p1: drive 1",
        "p1: deliver sugar 1",
        "p1: aside sugar",
        expect=lambda s, e: ((RULES.to_act(s), s["step"]), (["p2"], "drive")),
    ),
    case(
        "l.99",
        "the car and the figures stay, the marker goes back to flag 2",
        lambda: game(turn="p1", car=8, value=2, road={1: "pedro"}, figures={"p2": "cafe"}),
        "p1: drive 3",
        "p1: aside sugar",
        expect=lambda s, e: ((s["car"], p(s, "p2")["figure"], s["ship"]["value"]), (1, "cafe", 0)),
    ),
    # ---- 遊戲結束 the end -------------------------------------------------------------------------
    case(
        "l.101",
        "the game ends when the 7th round ends",
        lambda: game(ship=7, value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((RULES.to_act(s), RULES.result(s) is not None), ([], True)),
    ),
    case(
        "l.102",
        "1 VP per 3 goods left (wood too), pesos score nothing",
        lambda: game(
            ship=7, value=2, hold={"p0": {"wood": 3, "rum": 3, "sugar": 1}}, money={"p0": (30, 5)}, **HARBOUR
        ),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (RULES.result(s).scores["p0"], 5 + 7 // 3),
    ),
    case(
        "l.103",
        "the most VP wins",
        lambda: game(ship=7, value=2, money={"p1": (0, 9)}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (RULES.result(s).winners, ["p1"]),
    ),
    case(
        "l.104",
        "a tie goes to the most goods left, then the most pesos",
        lambda: game(
            ship=7,
            value=2,
            hold={"p0": {"sugar": 2}, "p1": {"sugar": 2}, "p2": {"sugar": 1}},
            money={"p0": (1, 5), "p1": (4, 5), "p2": (9, 5)},
            **HARBOUR,
        ),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (RULES.result(s).ranking, ["p1", "p0", "p2"]),
    ),
]


def run(c: Case) -> tuple[State | None, list[Event], str | None]:
    """Set up and play the case; the refusal sentence of its last move if it was refused."""
    try:
        state = c.setup()
    except IllegalAction as error:
        return None, [], str(error)
    if "rolled" in c.extra:
        roller = RULES.to_act(state)[0]
        state["rolled"] = dict(c.extra["rolled"])
        state, events = RULES.apply(state, roller, RULES.parse(state, roller, "aside cigar"))
        return state, events, None
    events: list[Event] = []
    for index, move in enumerate(c.moves):
        seat, text = (part.strip() for part in move.split(":", 1))
        before = RULES.dump(state)
        try:
            state, new = RULES.apply(state, seat, RULES.parse(state, seat, text))
        except IllegalAction as error:
            assert index == len(c.moves) - 1, f"{move!r} was refused: {error}"
            assert RULES.dump(state) == before
            return state, events, str(error)
        events += new
    return state, events, None


@pytest.mark.parametrize("c", CASES, ids=lambda c: f"{c.line} {c.rule}")
def test_rulebook(c: Case) -> None:
    state, events, refusal = run(c)
    if c.refused is not None:
        assert refusal is not None and c.refused in refusal, refusal
        return
    assert refusal is None, refusal
    assert c.expect is not None
    actual, expected = c.expect(state, events)
    assert actual == expected
    if state.get("players") and len(state["seats"]) == 3 and state["step"] != "over":
        check_conservation(state)


def test_every_rule_line_of_the_seed_has_a_case() -> None:
    """The seed's rule lines (components l.10-16, setup l.23-29, play l.33-99, end l.101-104)
    minus those the module docstring lists without a case, each with at least one case."""
    without = {9, 17, 18, 19, 20, 22, 30, 31}
    headings = {21, 32, 37, 43, 57, 68, 91, 100}  # section titles
    rule_lines = set(range(10, 105)) - without - headings
    covered: set[int] = set()
    for c in CASES:
        first, _, last = c.line.removeprefix("l.").partition("-")
        covered |= set(range(int(first), int(last or first) + 1))
    assert sorted(rule_lines - covered) == []
