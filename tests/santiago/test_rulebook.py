"""Santiago de Cuba traced paragraph by paragraph to the publisher's rulebook (eggertspiele 2011).

Each case names the paragraph of the English rulebook it checks — its section and the paragraph's
place in it, ``"Port 7"`` (see :data:`PARAGRAPHS`, which gives each paragraph's gist) — and the
rule in a few words. A case is a setup (a game arranged by :func:`game`), moves (``"p0: drive 1"``)
and the expected result: a function of the state and the moves' events giving ``(actual,
expected)``, or ``refused`` — a part of the sentence that refuses the last move (which must change
nothing). The text's three worked examples are played through: the delivery round ("Port 10"),
the wood example ("Wood 4") and the Alonso example ("Cubans Alonso example"); so are its examples
of a drive ("Playing 6") and of a building visit ("B 9").

Paragraphs with no case, and why (:data:`WITHOUT_CASE`; every other paragraph has one or more):

* Components 6 (60 VP markers, 36 coins) and Setup 7 (sort the VP markers): the denominations are
  bookkeeping, and the engine gives VP and pesos no supply limit (the text states none for running
  out); see docs/sources.md.
* Components 7 (car, ship token, value marker) are the pieces of Setup 3-5, checked there.
* Did you know? and Credits: no rule to play.
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
# José, Pablo yellow · Miguel, Martinez blue · Conchita, Maria red · Pedro, Alonso white.


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
    #: The rulebook paragraph, a key of :data:`PARAGRAPHS`.
    paragraph: str
    rule: str
    setup: Callable[[], State]
    moves: tuple[str, ...] = ()
    expect: Callable[[State, list[Event]], tuple[Any, Any]] | None = None
    refused: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def case(paragraph: str, rule: str, setup: Callable[[], State], *moves: str, **kw: Any) -> Case:
    return Case(paragraph, rule, setup, moves, **kw)


#: The rulebook's paragraphs by section (the headings of the 2011 text), each with its gist.
PARAGRAPHS: dict[str, str] = {
    "Object 1": "the most victory points win; VP from deliveries, buildings, the dancer; behind the screen",
    "Components 1": "4 screens and 4 playing pieces",
    "Components 2": "12 building tiles, 9 Cuban tiles",
    "Components 3": "12 property markers (each 3 x)",
    "Components 4": "5 six-sided special dice",
    "Components 5": "48 goods: 8 each of sugar cane, citrus, tobacco, rum, cigar, and 8 wood",
    "Components 6": "60 VP markers, 36 coins",
    "Components 7": "1 car, 1 ship token, 1 value marker",
    "Setup 1": "12 buildings at random, one beneath each flower: 3 yellow, 3 blue, 3 red, 3 white",
    "Setup 2": "9 Cubans at random",
    "Setup 3": "the car on the port",
    "Setup 4": "the ship token on the first space: the first of 7 ships",
    "Setup 5": "the value marker on the 2: 2, 3 or 4 VP per good",
    "Setup 6": "separate supplies of coins and of each good",
    "Setup 7": "the VP markers sorted by value",
    "Setup 8": "the street: 10 stops, a loop run clockwise; after the port the first white star",
    "Setup 9": "each player: screen, playing piece and 3 property markers",
    "Setup 10": "3 pesos, 2 VP, 1 sugar cane, 1 tobacco, 1 citrus fruit behind the screen",
    "Setup 11": "a starting player",
    "Setup 12": "the player right of the start player rolls the 5 dice, places 4 as they were rolled",
    "Setup 13": "the remaining die's good is not in demand",
    "Setup 14": "each die: 0, 1, 1, 2, 2, 3; the orange die a 4 instead of the second 1",
    "Playing 1": "from the starting player, clockwise",
    "Playing 2": "A: you must move the car clockwise; the first step free, each further step 1 peso",
    "Playing 3": "at a Cuban you usually get goods, VP or money; at the port a delivery round",
    "Playing 4": "B: after a Cuban the piece must go to a building of his flower; occupied ones cannot",
    "Playing 5": "after the port you cannot use any building",
    "Playing 6": "example: from Maria to Pedro costs 2 pesos; Pedro's flower is white",
    "A. you may": "if you stop at a Cuban, you may immediately use his/her function",
    "Cubans Pedro": "2 tobacco",
    "Cubans José": "2 sugar cane",
    "Cubans Conchita": "2 citrus fruits",
    "Cubans Miguel": "2 wood",
    "Cubans Pablo": "1 good of your choice, not wood",
    "Cubans Maria": "2 victory points",
    "Cubans Martinez": "3 pesos",
    "Cubans El Zorro 1": "each other player gives 1 peso, 1 good (except wood) or 1 VP, of their choice",
    "Cubans El Zorro 2": "transparent flower: the piece stays and may use its building again",
    "Cubans El Zorro 3": "in the very first round no building can be used",
    "Cubans Note": "goods are limited, 8 of each: an empty supply gives nothing",
    "Cubans Alonso": "you may choose one of two options",
    "Cubans Alonso 1": "seize an unowned building with a property marker (three at most)",
    "Cubans Alonso 2": "use a building you own, occupied or not",
    "Cubans Alonso example": "Martina uses her bank (2 pesos), then visits a white building and may use it",
    "Cubans Alonso owner": "1 VP each time another player visits a building you own",
    "Port 1": "stopping at the port triggers a delivery round for all players",
    "Port 2": "from you clockwise, one kind of good, never more than the demand; goods go back",
    "Port 3": "each delivery lowers its die",
    "Port 4": "each unit scores 2, 3 or 4 VP, by the value marker",
    "Port 5": "who does not want to or cannot deliver passes, and may not re-enter",
    "Port 6": "demand met (all dice 0): the round ends, the ship leaves",
    "Port 7": "all passed, demand left: the marker one flag right; to the checkered flag the ship leaves",
    "Port 8": "after the port the piece is not moved and no building is used",
    "Port 9": "passing the port delivers nothing but moves the marker right (checkered: it leaves)",
    "Port 10": "example: the delivery round of Peter, Martina, Philipp and Wolf",
    "Wood 1": "wood may stand in for one demanded kind, only by itself",
    "Wood 2": "1 VP per wood, whatever the marker",
    "Wood 3": "wood only from Miguel",
    "Wood 4": "example: 2 wood for the sugar or the rum demand, not tobacco and rum",
    "B 1": "after a Cuban you must move your piece to a building",
    "B 2": "a building beneath the flower colour of the Cuban visited",
    "B 3": "no other playing piece on it (a property marker is not one)",
    "B 4": "the piece may not remain: a different building",
    "B 5": "the 4 exceptions: El Zorro, the port, an inactive Cuban, all buildings occupied",
    "B 6": "using the building is optional",
    "B 7": "at the end of your turn on another's building: he gets 1 VP; none on your own",
    "B 8": "your turn is over; the piece stays until your next turn",
    "B 9": "example: Martina at Miguel, the factory occupied, not the black market again: the bank",
    "Buildings Bank": "2 pesos",
    "Buildings Church": "1 victory point",
    "Buildings Distillery": "any amount of sugar cane for as much rum",
    "Buildings Cigar factory": "any amount of tobacco for as many cigars",
    "Buildings Black market": "1 good for 1 other good, not wood",
    "Buildings Sawmill": "1 wood for 1 VP and 1 peso",
    "Buildings Café": "1 cigar and/or 1 rum for 2 VP each, not more than 1 of either",
    "Buildings Customs office": "one die of your choice to its 0",
    "Buildings Casino": "3 pesos for 1 VP, or 1 VP for 3 pesos, any number",
    "Buildings Harbormaster's office": "the marker one flag right or left; checkered: the ship leaves; not left of the 2",
    "Buildings Office": "1 demanded good for exactly 2 VP, not wood; the die goes down 1",
    "Buildings Newspaper publisher 1": "1 peso, and you may flip a Cuban inactive",
    "Buildings Newspaper publisher 2": "the car may stop there: neither the Cuban nor a building is used",
    "Buildings Newspaper publisher 3": "it may be driven past at the usual cost; once passed it flips back",
    "A new ship 1": "a ship leaves when its demand is met or the marker reaches the checkered flag",
    "A new ship 2": "a new ship comes into port: the ship token one space on",
    "A new ship 3": "the value marker back on the 2",
    "A new ship 4": "who caused the departure determines the new demand (4 cases)",
    "A new ship 5": "at the end of his turn: 5 dice rolled, 4 placed as rolled, 1 aside",
    "End 1": "the game ends immediately after the 7th ship's departure",
    "End 2": "1 VP per 3 goods of any kind (wood too); money is worth nothing",
    "End 3": "the most VP wins",
    "End 4": "tie: the most goods left",
    "End 5": "still tied: the most money left",
    "Did you know?": "Cuba, the big brother",
    "Credits": "author, illustrations, rule book",
}
#: Paragraphs with no case (see the module docstring).
WITHOUT_CASE = {"Components 6", "Components 7", "Setup 7", "Did you know?", "Credits"}


HARBOUR = {"car": 9}  # the next free step stops at the harbour


def printed(state: State) -> State:
    """The table plays the harbour master's office as printed (option ``harbour_master=printed``)."""
    state["options"]["harbour_master"] = "printed"
    return state


def sorted_rolls(n: int) -> dict[str, list[int]]:
    """The values each die showed in ``n`` first rolls (games of seeds 0..n-1)."""
    seen: dict[str, set[int]] = {g: set() for g in d.DIE_GOODS}
    for seed in range(n):
        for good, value in RULES.new(["a", "b"], seed)["rolled"].items():
            seen[good].add(value)
    return {g: sorted(v) for g, v in seen.items()}


def delivery_example() -> State:
    """Port, example: Peter (p0), Martina (p1), Philipp (p2) and Wolf (p3); the marker on the 3;
    the ship wants 4 citrus fruits (the orange die's 4), 2 sugar cane and 1 rum. Peter holds 3
    citrus and 1 rum, Martina 2 sugar cane, Philipp 2 sugar cane and 1 citrus, Wolf a cigar."""
    state = started(4)
    set_districts(state, STANDARD_DISTRICTS)
    state["car"] = 9
    state["ship"]["value"] = 1
    state["ship"]["dice"] = {"sugar": 2, "citrus": 4, "tobacco": 0, "rum": 1}
    holdings = {
        "p0": {"citrus": 3, "rum": 1},
        "p1": {"sugar": 2},
        "p2": {"sugar": 2, "citrus": 1},
        "p3": {"cigar": 1},
    }
    for seat, goods in holdings.items():
        clear_goods(state, seat)
        give(state, seat, **goods)
    return state


def wood_example() -> State:
    """Wood, example: the ship wants 2 sugar cane, 2 rum and 1 tobacco; p0 holds 2 wood."""
    return game(
        dice={"sugar": 2, "citrus": 0, "tobacco": 1, "rum": 2},
        hold={"p0": {"wood": 2}},
        **HARBOUR,
    )


def building_example() -> State:
    """B. Use a building, example: the blue district holds the cigar factory (Philipp's, p1, piece
    on it), the black market (Martina's, p0, piece on it) and the bank, which Philipp owns."""
    state = game(road={1: "miguel"}, figures={"p1": "factory", "p0": "market"}, owners={"bank": "p1"})
    state["districts"]["yellow"] = ["sawmill", "church", "distillery"]
    state["districts"]["blue"] = ["factory", "market", "bank"]
    return state


CASES: list[Case] = [
    case(
        "Components 1",
        "4 figures: at most 4 players",
        lambda: RULES.new(["a", "b", "c", "d", "e"], 1),
        refused="2 to 4",
    ),
    case(
        "Components 1",
        "2 players may play",
        lambda: RULES.new(["a", "b"], 1),
        expect=lambda s, e: (s["seats"], ["a", "b"]),
    ),
    case(
        "Components 3",
        "3 property markers per player",
        game,
        expect=lambda s, e: ({p(s, x)["markers"] for x in s["seats"]}, {3}),
    ),
    case(
        "Object 1",
        "screens: nobody sees another's holdings",
        game,
        expect=lambda s, e: ("pesos" in RULES.view(s, "p0")["players"]["p1"], False),
    ),
    case(
        "Components 2",
        "12 buildings",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(b for bs in s["districts"].values() for b in bs), sorted(d.BUILDINGS)),
    ),
    case(
        "Components 2",
        "9 Cubans",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(s["road"][1:]), sorted(d.CUBANS)),
    ),
    case(
        "Components 4",
        "5 dice are rolled",
        lambda: RULES.new(["a", "b"], 5),
        expect=lambda s, e: (sorted(s["rolled"]), sorted(d.DIE_GOODS)),
    ),
    case(
        "Components 5",
        "48 goods: 8 wood and 8 of each colour",
        game,
        expect=lambda s, e: (
            {g: s["supply"][g] + sum(p(s, x)["goods"][g] for x in s["seats"]) for g in d.GOODS},
            dict.fromkeys(d.GOODS, 8),
        ),
    ),
    case(
        "Setup 1",
        "12 buildings at random, 3 per colour: yellow, blue, red, white",
        lambda: RULES.new(["a", "b"], 7),
        expect=lambda s, e: ({c: len(bs) for c, bs in s["districts"].items()}, dict.fromkeys(d.COLOURS, 3)),
    ),
    case(
        "Setup 1",
        "the buildings are shuffled",
        game,
        expect=lambda s, e: (
            len({tuple(RULES.new(["a", "b"], n)["districts"]["red"]) for n in range(8)}) > 4,
            True,
        ),
    ),
    case(
        "Setup 2",
        "the Cubans are shuffled",
        game,
        expect=lambda s, e: (len({tuple(RULES.new(["a", "b"], n)["road"]) for n in range(8)}) > 4, True),
    ),
    case(
        "Setup 3",
        "the car starts at the harbour",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (s["car"], d.HARBOUR),
    ),
    case(
        "Setup 4",
        "the ship marker on the first space",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (s["ship"]["number"], 1),
    ),
    case(
        "Setup 5",
        "the value marker on flag 2",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 2),
    ),
    case(
        "Setup 10",
        "each player: 3 markers, 3 pesos, 2 VP, 1 sugar cane, 1 citrus, 1 tobacco",
        lambda: RULES.new(["a", "b"], 2),
        expect=lambda s, e: (
            (p(s, "a")["markers"], p(s, "a")["pesos"], p(s, "a")["vp"], p(s, "a")["goods"]),
            (3, 3, 2, {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 0, "cigar": 0, "wood": 0}),
        ),
    ),
    case(
        "Setup 9",
        "money, VP and goods are hidden behind the screen",
        game,
        expect=lambda s, e: (
            [set(pv) & {"pesos", "vp", "goods"} for pv in RULES.view(s, None)["players"].values()],
            [set()] * 3,
        ),
    ),
    case(
        "Setup 4",
        "7 rounds: the 7th ship sailing ends the game",
        lambda: game(ship=7, value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (s["step"], "over"),
    ),
    case(
        "Setup 12",
        "the player right of the start player rolls 5 dice and sets one aside",
        lambda: RULES.new(["a", "b", "c"], 4),
        expect=lambda s, e: (
            (RULES.to_act(s), len(RULES.legal(s, RULES.to_act(s)[0]))),
            ([s["seats"][(s["start"] - 1) % 3]], 5),
        ),
    ),
    case(
        "Setup 12",
        "the dice values may not be changed, and may be 0",
        lambda: RULES.new(["a", "b", "c"], 4),
        expect=lambda s, e: ({a.kind for a in RULES.legal(s, RULES.to_act(s)[0])}, {"aside"}),
    ),
    case(
        "Setup 13",
        "4 dice go on the ship, the 5th is not used",
        game,
        expect=lambda s, e: (
            (sorted(s["ship"]["dice"]), s["ship"]["aside"]),
            (["citrus", "rum", "sugar", "tobacco"], "cigar"),
        ),
    ),
    case(
        "Setup 13",
        "the set-aside die's good is not delivered",
        lambda: game(hold={"p0": {"cigar": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver cigar 1",
        refused="set aside",
    ),
    case(
        "Playing 1",
        "play starts with the start player",
        game,
        expect=lambda s, e: ((RULES.to_act(s), s["step"]), (["p0"], "drive")),
    ),
    case("Playing 2", "the car moves at least 1 stop", game, "p0: drive 0", refused="at least 1 stop"),
    case(
        "Playing 2",
        "the first stop is free",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 3),
    ),
    case(
        "Setup 8",
        "from the harbour the first stop is the first white star",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (s["car"], 1),
    ),
    case(
        "Playing 2",
        "each further stop costs 1 peso",
        lambda: game(road={4: "pedro"}),
        "p0: drive 4",
        expect=lambda s, e: ((s["car"], p(s)["pesos"]), (4, 0)),
    ),
    case("Playing 2", "no limit but the pesos", game, "p0: drive 5", refused="costs 4 pesos; you have 3"),
    case(
        "Setup 8",
        "the car only goes forward (round the loop)",
        lambda: game(car=7, road={2: "pedro"}, money={"p0": (9, 2)}),
        "p0: drive 5",
        expect=lambda s, e: (s["car"], 2),
    ),
    case(
        "Playing 3",
        "the stop's effect must be carried out",
        lambda: game(road={1: "maria"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["vp"], 4),
    ),
    case(
        "Setup 8",
        "a white star is a Cuban's stop",
        lambda: game(road={3: "jose"}, money={"p0": (2, 2)}),
        "p0: drive 3",
        expect=lambda s, e: ([x.data["cuban"] for x in e if x.kind == "cuban"], ["jose"]),
    ),
    case(
        "Playing 3",
        "the Cuban in front of the car gives its ability",
        lambda: game(road={1: "martinez"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 3 + 3),
    ),
    case(
        "Cubans Pedro",
        "Pedro: 2 tobacco",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["tobacco"], 3),
    ),
    case(
        "Cubans José",
        "José: 2 sugar cane",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["sugar"], 3),
    ),
    case(
        "Cubans Conchita",
        "Conchita: 2 citrus",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["citrus"], 3),
    ),
    case(
        "Cubans Miguel",
        "Miguel: 2 wood",
        lambda: game(road={1: "miguel"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["goods"]["wood"], 2),
    ),
    case(
        "Cubans Pablo",
        "Pablo: 1 good of any kind",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take rum",
        expect=lambda s, e: (p(s)["goods"]["rum"], 1),
    ),
    case(
        "Cubans Pablo",
        "Pablo: never wood",
        lambda: game(road={1: "pablo"}),
        "p0: drive 1",
        "p0: take wood",
        refused="never wood",
    ),
    case(
        "Cubans Maria",
        "Maria: 2 VP",
        lambda: game(road={1: "maria"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["vp"], 4),
    ),
    case(
        "Cubans Martinez",
        "Martinez: 3 pesos",
        lambda: game(road={1: "martinez"}),
        "p0: drive 1",
        expect=lambda s, e: (p(s)["pesos"], 6),
    ),
    case(
        "Cubans El Zorro 1",
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
        "Cubans El Zorro 1",
        "El Zorro: the giver picks among what it holds",
        lambda: game(road={1: "zorro"}),
        "p0: drive 1",
        expect=lambda s, e: (
            {str(a) for a in RULES.legal(s, "p1")},
            {"give peso", "give vp", "give sugar", "give citrus", "give tobacco"},
        ),
    ),
    case(
        "Cubans Alonso",
        "Alonso: one of two options — or neither ('you may')",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}),
        "p0: drive 1",
        expect=lambda s, e: ({a.kind for a in RULES.legal(s, "p0")}, {"claim", "run", "skip"}),
    ),
    case(
        "Cubans Alonso 1",
        "Alonso (a): a property marker on an unowned building",
        lambda: game(road={1: "alonso"}),
        "p0: drive 1",
        "p0: claim casino",
        expect=lambda s, e: ((s["owners"], p(s)["markers"]), ({"casino": "p0"}, 2)),
    ),
    case(
        "Cubans Alonso 1",
        "Alonso (a): one marker per building",
        lambda: game(road={1: "alonso"}, owners={"casino": "p1"}),
        "p0: drive 1",
        "p0: claim casino",
        refused="already carries",
    ),
    case(
        "Cubans Alonso 2",
        "Alonso (b): use your own building although another figure stands on it",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}, figures={"p1": "bank"}),
        "p0: drive 1",
        "p0: run bank",
        "p0: use",
        expect=lambda s, e: (p(s)["pesos"], 5),
    ),
    case(
        "Port 1",
        "stopping at the harbour starts a delivery round for everybody",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        expect=lambda s, e: ((s["step"], "harbour_stop" in kinds(e)), ("deliver", True)),
    ),
    case(
        "Port 2",
        "from the trigger clockwise",
        lambda: game(turn="p1", **HARBOUR),
        "p1: drive 1",
        "p1: deliver sugar 1",
        expect=lambda s, e: (RULES.to_act(s), ["p2"]),
    ),
    case(
        "Port 2",
        "one type of goods per delivery",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        "p0: deliver sugar 1 citrus 1",
        refused="Deliver one type",
    ),
    case(
        "Port 2",
        "any number of one type (up to the demand)",
        lambda: game(hold={"p0": {"tobacco": 3}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 3",
        expect=lambda s, e: (s["ship"]["dice"]["tobacco"], 0),
    ),
    case(
        "Wood 1",
        "wood stands in for any one demanded good",
        lambda: game(hold={"p0": {"wood": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: wood tobacco 2",
        expect=lambda s, e: ((s["ship"]["dice"]["tobacco"], p(s)["goods"]["wood"]), (1, 0)),
    ),
    case(
        "Wood 1",
        "wood is not mixed with goods in one delivery",
        lambda: game(hold={"p0": {"wood": 1, "tobacco": 1}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 2",
        refused="only 1 tobacco",
    ),
    case(
        "Port 4",
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
        "Wood 2",
        "wood scores 1 VP whatever it stands for",
        lambda: game(value=2, hold={"p0": {"wood": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: wood tobacco 2",
        expect=lambda s, e: (p(s)["vp"], 2 + 2),
    ),
    case(
        "Port 5",
        "a seat with nothing to deliver passes like one that will not",
        lambda: game(hold={"p1": {}}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        expect=lambda s, e: ((RULES.to_act(s), [str(a) for a in RULES.legal(s, "p1")]), (["p1"], ["pass"])),
    ),
    case(
        "Port 5",
        "who passed delivers no more in this round",
        lambda: game(**HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: deliver tobacco 1",
        "p2: deliver tobacco 1",
        expect=lambda s, e: (RULES.to_act(s), ["p1"]),
    ),
    case(
        "Port 6",
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
        "A new ship 1",
        "a ship loaded with four 0s sails at once",
        lambda: RULES.new(["a", "b"], 3),
        extra={"rolled": {"sugar": 0, "citrus": 0, "tobacco": 0, "rum": 0, "cigar": 2}},
        expect=lambda s, e: (s["ship"]["number"], 2),
    ),
    case(
        "Port 7",
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
        "Port 7",
        "the marker past flag 4 to the chequered flag sends the ship off at once",
        lambda: game(value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((s["ship"]["number"], s["ship"]["value"]), (2, 0)),
    ),
    case(
        "Port 9",
        "passing the harbour starts no delivery round but raises the marker",
        lambda: game(car=8, road={1: "pedro"}),
        "p0: drive 3",
        expect=lambda s, e: ((s["ship"]["value"], "harbour_stop" in kinds(e)), (1, False)),
    ),
    case(
        "B 3",
        "after the Cuban the figure goes to a building, one figure per building",
        lambda: game(road={1: "jose"}, figures={"p1": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], ["church", "distillery"]),
    ),
    case(
        "B 2",
        "the Cuban's flower colour names the district",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], STANDARD_DISTRICTS["red"]),
    ),
    case(
        "B 6",
        "using the building is optional",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: skip",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["figure"]), (3, "bank")),
    ),
    case(
        "Buildings Bank",
        "bank: 2 pesos",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: use",
        expect=lambda s, e: (p(s)["pesos"], 5),
    ),
    case(
        "Buildings Church",
        "church: 1 VP",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go church",
        "p0: use",
        expect=lambda s, e: (p(s)["vp"], 3),
    ),
    case(
        "Buildings Distillery",
        "distillery: any number of sugar cane into as many rum",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        "p0: go distillery",
        "p0: use 3",
        expect=lambda s, e: ((p(s)["goods"]["sugar"], p(s)["goods"]["rum"]), (0, 3)),
    ),
    case(
        "Buildings Cigar factory",
        "cigar factory: any number of tobacco into as many cigars",
        lambda: game(road={1: "miguel"}, hold={"p0": {"tobacco": 3}}),
        "p0: drive 1",
        "p0: go factory",
        "p0: use 3",
        expect=lambda s, e: ((p(s)["goods"]["tobacco"], p(s)["goods"]["cigar"]), (0, 3)),
    ),
    case(
        "Buildings Black market",
        "black market: 1 good for 1 other",
        lambda: game(road={1: "miguel"}),
        "p0: drive 1",
        "p0: go market",
        "p0: use sugar rum",
        expect=lambda s, e: ((p(s)["goods"]["sugar"], p(s)["goods"]["rum"]), (0, 1)),
    ),
    case(
        "Buildings Black market",
        "black market: not wood",
        lambda: game(road={1: "miguel"}),
        "p0: drive 1",
        "p0: go market",
        "p0: use wood rum",
        refused="no wood",
    ),
    case(
        "Buildings Sawmill",
        "sawmill: 1 wood for 1 VP and 1 peso",
        lambda: game(road={1: "miguel"}),
        "p0: drive 1",
        "p0: go sawmill",
        "p0: use",
        expect=lambda s, e: ((p(s)["goods"]["wood"], p(s)["vp"], p(s)["pesos"]), (1, 3, 4)),
    ),
    case(
        "Buildings Café",
        "café: 1 rum and 1 cigar for 2 VP each, at most 4 VP",
        lambda: game(road={1: "maria"}, hold={"p0": {"rum": 2, "cigar": 2}}),
        "p0: drive 1",
        "p0: go cafe",
        "p0: use rum cigar",
        expect=lambda s, e: ((p(s)["vp"], p(s)["goods"]["rum"], p(s)["goods"]["cigar"]), (2 + 2 + 4, 1, 1)),
    ),
    case(
        "Buildings Café",
        "café: one of each kind at most",
        lambda: game(road={1: "maria"}, hold={"p0": {"rum": 2}}),
        "p0: drive 1",
        "p0: go cafe",
        "p0: use rum rum",
        refused="up to 1 rum and 1 cigar",
    ),
    case(
        "Buildings Casino",
        "casino: 3 pesos for 1 VP",
        lambda: game(road={1: "maria"}, money={"p0": (6, 2)}),
        "p0: drive 1",
        "p0: go casino",
        "p0: use buy 2",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["vp"]), (0, 2 + 2 + 2)),
    ),
    case(
        "Buildings Casino",
        "casino: 1 VP for 3 pesos, as often as you like",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        "p0: go casino",
        "p0: use sell 2",
        expect=lambda s, e: ((p(s)["pesos"], p(s)["vp"]), (3 + 6, 0)),
    ),
    case(
        "Buildings Customs office",
        "customs: one die to 0 at once",
        lambda: game(road={1: "conchita"}),
        "p0: drive 1",
        "p0: go customs",
        "p0: use tobacco",
        expect=lambda s, e: (s["ship"]["dice"]["tobacco"], 0),
    ),
    case(
        "Buildings Harbormaster's office",
        "harbour master: the marker one flag up",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use up",
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 3),
    ),
    case(
        "Buildings Harbormaster's office",
        "harbour master: from flag 2 only up",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use down",
        refused="lowest flag",
    ),
    case(
        "Buildings Harbormaster's office",
        "harbour master: one flag down",
        lambda: game(road={1: "pedro"}, value=2),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use down",
        expect=lambda s, e: (d.VALUE_TRACK[s["ship"]["value"]], 3),
    ),
    case(
        "Buildings Harbormaster's office",
        "harbour master: to the chequered flag, the ship sails at once",
        lambda: game(road={1: "pedro"}, value=2),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use up",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "Buildings Harbormaster's office",
        "OUR RULING: down at most once per ship",
        lambda: game(road={1: "pedro", 2: "alonso"}, value=2, owners={"harbourmaster": "p1"}),
        "p0: drive 1",
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
        "Buildings Harbormaster's office",
        "harbour_master=printed: the text's office moves the marker down at every visit",
        lambda: printed(game(road={1: "pedro", 2: "alonso"}, value=2, owners={"harbourmaster": "p1"})),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use down",
        "p1: drive 1",
        "p1: run harbourmaster",
        "p1: use down",
        expect=lambda s, e: ((s["ship"]["value"], s["ship"]["downs"]), (0, 2)),
    ),
    case(
        "Buildings Harbormaster's office",
        "OUR RULING: the count starts again with each ship",
        lambda: game(road={1: "pedro"}, value=2, downs=1),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use up",
        "p0: aside sugar",
        expect=lambda s, e: ((s["ship"]["number"], s["ship"]["downs"]), (2, 0)),
    ),
    case(
        "Buildings Office",
        "office: 1 demanded good onto the ship for 2 VP whatever the marker",
        lambda: game(road={1: "pedro"}, value=2),
        "p0: drive 1",
        "p0: go office",
        "p0: use tobacco",
        expect=lambda s, e: ((p(s)["vp"], s["ship"]["dice"]["tobacco"]), (2 + 2, 2)),
    ),
    case(
        "Buildings Office",
        "office: not wood",
        lambda: game(road={1: "pedro"}, hold={"p0": {"wood": 1}}),
        "p0: drive 1",
        "p0: go office",
        "p0: use wood",
        refused="not wood",
    ),
    case(
        "Buildings Newspaper publisher 1",
        "newspaper: 1 peso, and a Cuban may be turned face down",
        lambda: game(road={1: "pedro", 2: "maria"}),
        "p0: drive 1",
        "p0: go newspaper",
        "p0: use maria",
        expect=lambda s, e: ((p(s)["pesos"], s["face_down"]), (4, ["maria"])),
    ),
    case(
        "Buildings Newspaper publisher 1",
        "newspaper: the peso without turning anything",
        lambda: game(road={1: "pedro"}),
        "p0: drive 1",
        "p0: go newspaper",
        "p0: use",
        expect=lambda s, e: ((p(s)["pesos"], s["face_down"]), (4, [])),
    ),
    case(
        "Buildings Newspaper publisher 2",
        "a face-down Cuban gives nothing, neither Cuban nor building",
        lambda: game(road={1: "maria"}, face_down=["maria"]),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["vp"], p(s)["figure"], RULES.to_act(s)), (2, None, ["p1"])),
    ),
    case(
        "Buildings Newspaper publisher 3",
        "…the mover may pay to drive on past it, and it turns face up",
        lambda: game(road={1: "maria", 2: "pedro"}, face_down=["maria"]),
        "p0: drive 2",
        expect=lambda s, e: ((s["face_down"], p(s)["goods"]["tobacco"]), ([], 3)),
    ),
    case(
        "Cubans Alonso owner",
        "1 VP each time another player visits a building you own (scored at the end of the visitor's turn)",
        lambda: game(road={1: "jose"}, owners={"bank": "p1"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: use",
        expect=lambda s, e: ((p(s, "p1")["vp"], [x.seat for x in e if x.kind == "owner_vp"]), (3, ["p1"])),
    ),
    case(
        "B 7",
        "…used or not",
        lambda: game(road={1: "jose"}, owners={"bank": "p1"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: skip",
        expect=lambda s, e: (p(s, "p1")["vp"], 3),
    ),
    case(
        "B 7",
        "…also when the piece stays there (El Zorro)",
        lambda: game(road={1: "zorro"}, owners={"bank": "p1"}, figures={"p0": "bank"}),
        "p0: drive 1",
        "p1: give peso",
        "p2: give peso",
        "p0: skip",
        expect=lambda s, e: ((p(s, "p1")["vp"], "owner_vp" in kinds(e)), (3, True)),
    ),
    case(
        "B 7",
        "no VP for your own building",
        lambda: game(road={1: "jose"}, owners={"bank": "p0"}),
        "p0: drive 1",
        "p0: go bank",
        "p0: use",
        expect=lambda s, e: ((p(s)["vp"], "owner_vp" in kinds(e)), (2, False)),
    ),
    case(
        "B 4",
        "the figure must move: not its own building",
        lambda: game(road={1: "jose"}, figures={"p0": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], ["church", "distillery"]),
    ),
    case(
        "B 5",
        "El Zorro: the figure stays and may use its building again",
        lambda: game(road={1: "zorro"}, figures={"p0": "bank"}),
        "p0: drive 1",
        "p1: give vp",
        "p2: give vp",
        "p0: use",
        expect=lambda s, e: ((p(s)["figure"], p(s)["pesos"]), ("bank", 5)),
    ),
    case(
        "Port 8",
        "the harbour: no building",
        lambda: game(figures={"p0": "bank"}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((p(s)["figure"], RULES.to_act(s), s["step"]), ("bank", ["p1"], "drive")),
    ),
    case(
        "B 5",
        "a face-down Cuban: no building",
        lambda: game(road={1: "jose"}, face_down=["jose"], figures={"p0": "bank"}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["figure"], s["step"]), ("bank", "drive")),
    ),
    case(
        "B 5",
        "all 3 buildings of the colour taken: the figure stays and may use its building",
        lambda: game(road={1: "jose"}, figures={"p0": "bank", "p1": "church", "p2": "distillery"}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["figure"], s["step"], s["pending"]["building"]), ("bank", "use", "bank")),
    ),
    case(
        "A new ship 2",
        "the ship sailing ends the round and a new one begins",
        lambda: game(dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver sugar 1",
        expect=lambda s, e: ((s["ship"]["number"], s["step"], s["rolled"] is not None), (2, "dice", True)),
    ),
    case(
        "A new ship 4",
        "the trigger of the delivery round rolls, whoever filled the ship",
        lambda: game(dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: deliver sugar 1",
        expect=lambda s, e: (RULES.to_act(s), ["p0"]),
    ),
    case(
        "A new ship 4",
        "the car passing the port to the checkered flag: the driver rolls (at the end of his turn)",
        lambda: game(turn="p1", car=8, value=2, road={1: "pedro"}),
        "p1: drive 3",
        "p1: go office",
        "p1: skip",
        expect=lambda s, e: ((s["ship"]["number"], s["step"], RULES.to_act(s)), (2, "dice", ["p1"])),
    ),
    case(
        "A new ship 4",
        "customs clearing the last demand: its user rolls",
        lambda: game(road={1: "conchita"}, dice={"sugar": 0, "citrus": 0, "tobacco": 2, "rum": 0}),
        "p0: drive 1",
        "p0: go customs",
        "p0: use tobacco",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "A new ship 4",
        "the office loading the last good: its user rolls",
        lambda: game(road={1: "pedro"}, dice={"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0}),
        "p0: drive 1",
        "p0: go office",
        "p0: use tobacco",
        expect=lambda s, e: ((s["ship"]["number"], RULES.to_act(s)), (2, ["p0"])),
    ),
    case(
        "A new ship 5",
        "the next turn is the roller's left neighbour's",
        lambda: game(turn="p1", dice={"sugar": 1, "citrus": 0, "tobacco": 0, "rum": 0}, **HARBOUR),
        "p1: drive 1",
        "p1: deliver sugar 1",
        "p1: aside sugar",
        expect=lambda s, e: ((RULES.to_act(s), s["step"]), (["p2"], "drive")),
    ),
    case(
        "A new ship 3",
        "the car and the figures stay, the marker goes back to flag 2",
        lambda: game(turn="p1", car=8, value=2, road={1: "jose"}, face_down=["jose"], figures={"p2": "cafe"}),
        "p1: drive 3",
        "p1: aside sugar",
        expect=lambda s, e: ((s["car"], p(s, "p2")["figure"], s["ship"]["value"]), (1, "cafe", 0)),
    ),
    case(
        "End 1",
        "the game ends when the 7th round ends",
        lambda: game(ship=7, value=2, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((RULES.to_act(s), RULES.result(s) is not None), ([], True)),
    ),
    case(
        "End 2",
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
        "End 3",
        "the most VP wins",
        lambda: game(ship=7, value=2, money={"p1": (0, 9)}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (RULES.result(s).winners, ["p1"]),
    ),
    case(
        "End 4",
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
    # ---- paragraphs the seed did not have, or that the 2011 text changed ----------------------
    case(
        "Setup 6",
        "a supply per good: 8 of each less what the players start with",
        game,
        expect=lambda s, e: (
            s["supply"],
            {**dict.fromkeys(d.GOODS, 8), "sugar": 5, "citrus": 5, "tobacco": 5},
        ),
    ),
    case(
        "Setup 11",
        "a starting player is determined, and his turn comes first",
        lambda: RULES.new(["a", "b", "c"], 2),
        expect=lambda s, e: (
            (
                len({RULES.new(["a", "b", "c"], n)["start"] for n in range(12)}),
                s["turn"] == (s["start"] - 1) % 3,
            ),
            (3, True),
        ),
    ),
    case(
        "Setup 14",
        "the faces: 0 1 1 2 2 3 on four dice, 0 1 2 2 3 4 on the orange (citrus) die",
        game,
        expect=lambda s, e: (
            (d.DIE_FACES, sorted_rolls(400)),
            (
                {
                    "sugar": (0, 1, 1, 2, 2, 3),
                    "citrus": (0, 1, 2, 2, 3, 4),
                    "tobacco": (0, 1, 1, 2, 2, 3),
                    "rum": (0, 1, 1, 2, 2, 3),
                    "cigar": (0, 1, 1, 2, 2, 3),
                },
                {
                    "sugar": [0, 1, 2, 3],
                    "citrus": [0, 1, 2, 3, 4],
                    "tobacco": [0, 1, 2, 3],
                    "rum": [0, 1, 2, 3],
                    "cigar": [0, 1, 2, 3],
                },
            ),
        ),
    ),
    case(
        "Playing 4",
        "the piece goes to a building beneath the Cuban's flower; an occupied one cannot be visited",
        lambda: game(road={1: "conchita"}, figures={"p1": "cafe"}),
        "p0: drive 1",
        expect=lambda s, e: (s["pending"]["options"], ["casino", "customs"]),
    ),
    case(
        "Playing 5",
        "at the port no building is used: the turn ends with the delivery round",
        lambda: game(figures={"p0": "church"}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (
            ("use" in kinds(e), "skip" in kinds(e), RULES.to_act(s)),
            (False, False, ["p1"]),
        ),
    ),
    case(
        "Playing 6",
        "the example: Martina drives from Maria to Pedro for 2 pesos, then to a white building",
        lambda: game(car=1, road={1: "maria", 4: "pedro"}),
        "p0: drive 3",
        expect=lambda s, e: (
            (p(s)["pesos"], p(s)["goods"]["tobacco"], s["pending"]["options"]),
            (1, 3, STANDARD_DISTRICTS["white"]),
        ),
    ),
    case(
        "A. you may",
        "Alonso too is optional: neither option taken, then the white building as usual",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}),
        "p0: drive 1",
        "p0: skip",
        expect=lambda s, e: (
            (s["owners"], p(s)["markers"], "alonso_skip" in kinds(e), s["pending"]["options"]),
            ({"bank": "p0"}, 2, True, STANDARD_DISTRICTS["white"]),
        ),
    ),
    case(
        "Cubans El Zorro 1",
        "except wood: a victim may not hand over wood",
        lambda: game(road={1: "zorro"}, hold={"p1": {"wood": 2, "rum": 1}}, money={"p1": (0, 0)}),
        "p0: drive 1",
        "p1: give wood",
        refused="no wood",
    ),
    case(
        "Cubans El Zorro 1",
        "a victim holding only wood gives nothing",
        lambda: game(
            road={1: "zorro"}, hold={"p1": {"wood": 3}, "p2": {"wood": 1}}, money={"p1": (0, 0), "p2": (0, 0)}
        ),
        "p0: drive 1",
        expect=lambda s, e: (
            ([x.seat for x in e if x.kind == "zorro_nothing"], p(s, "p1")["goods"]["wood"], RULES.to_act(s)),
            (["p1", "p2"], 3, ["p1"]),
        ),
    ),
    case(
        "Cubans El Zorro 2",
        "the transparent flower: the piece stays on its building and may use it again",
        lambda: game(road={1: "zorro"}, figures={"p0": "church"}),
        "p0: drive 1",
        "p1: give peso",
        "p2: give peso",
        "p0: use",
        expect=lambda s, e: ((p(s)["figure"], p(s)["vp"], p(s)["pesos"]), ("church", 3, 5)),
    ),
    case(
        "Cubans El Zorro 3",
        "in the very first round (no piece on a building yet) no building is used",
        lambda: game(road={1: "zorro"}),
        "p0: drive 1",
        "p1: give peso",
        "p2: give peso",
        expect=lambda s, e: ((p(s)["figure"], RULES.to_act(s), s["step"]), (None, ["p1"], "drive")),
    ),
    case(
        "Cubans Note",
        "goods are limited: with 1 tobacco left Pedro gives 1",
        lambda: game(road={1: "pedro"}, hold={"p1": {"tobacco": 5}}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s)["goods"]["tobacco"], s["supply"]["tobacco"]), (2, 0)),
    ),
    case(
        "Cubans Alonso example",
        "Martina uses the bank she seized (2 pesos), then visits a white building and uses it too",
        lambda: game(road={1: "alonso"}, owners={"bank": "p0"}, figures={"p1": "office"}),
        "p0: drive 1",
        "p0: run bank",
        "p0: use",
        "p0: go newspaper",
        "p0: use",
        expect=lambda s, e: (
            (p(s)["pesos"], p(s)["figure"], RULES.to_act(s)),
            (3 + 2 + 1, "newspaper", ["p1"]),
        ),
    ),
    case(
        "Port 3",
        "the delivered amount comes off the die",
        lambda: game(hold={"p0": {"tobacco": 2}}, **HARBOUR),
        "p0: drive 1",
        "p0: deliver tobacco 2",
        expect=lambda s, e: (s["ship"]["dice"], {"sugar": 1, "citrus": 2, "tobacco": 1, "rum": 1}),
    ),
    case(
        "Port 10",
        "the example: after Peter's 2 citrus and Martina's 2 sugar cane, Philipp cannot deliver sugar",
        lambda: delivery_example(),
        "p0: drive 1",
        "p0: deliver citrus 2",
        "p1: deliver sugar 2",
        expect=lambda s, e: (
            (
                sorted({str(a) for a in RULES.legal(s, "p2")}),
                [x.data["vp"] for x in e if x.kind == "deliver"],
            ),
            (["deliver citrus 1", "pass"], [6, 6]),
        ),
    ),
    case(
        "Port 10",
        "the example played through: Philipp 1 citrus, Wolf passes, Peter 1 rum; 1 citrus left, the marker moves on",
        lambda: delivery_example(),
        "p0: drive 1",
        "p0: deliver citrus 2",
        "p1: deliver sugar 2",
        "p2: deliver citrus 1",
        "p3: pass",
        "p0: deliver rum 1",
        "p1: pass",
        "p2: pass",
        "p0: pass",
        expect=lambda s, e: (
            (
                [(x.seat, x.data["vp"]) for x in e if x.kind == "deliver"],
                [x.seat for x in e if x.kind == "pass"],
                s["ship"]["dice"],
                d.VALUE_TRACK[s["ship"]["value"]],
                s["ship"]["number"],
                RULES.to_act(s),
            ),
            (
                [("p0", 6), ("p1", 6), ("p2", 3), ("p0", 3)],
                ["p3", "p1", "p2", "p0"],
                {"sugar": 0, "citrus": 1, "tobacco": 0, "rum": 0},
                4,
                1,
                ["p1"],
            ),
        ),
    ),
    case(
        "Port 10",
        "…had anyone delivered the last citrus fruit, the ship would have left",
        lambda: delivery_example(),
        "p0: drive 1",
        "p0: deliver citrus 2",
        "p1: deliver sugar 2",
        "p2: deliver citrus 1",
        "p3: pass",
        "p0: deliver rum 1",
        "p1: pass",
        "p2: pass",
        "p0: deliver citrus 1",
        expect=lambda s, e: ((s["ship"]["number"], s["step"], RULES.to_act(s)), (2, "dice", ["p0"])),
    ),
    case(
        "Wood 3",
        "wood only from Miguel: no other Cuban, Pablo nor the black market gives it",
        game,
        expect=lambda s, e: (
            (
                [c for c, g in d.CUBAN_GAINS.items() if d.WOOD in g],
                d.WOOD in d.PABLO_CHOICES or d.WOOD in d.MARKET_GOODS,
            ),
            (["miguel"], False),
        ),
    ),
    case(
        "Wood 4",
        "the example: 2 wood for the sugar cane demand: 2 VP, the white die to 0",
        lambda: wood_example(),
        "p0: drive 1",
        "p0: wood sugar 2",
        expect=lambda s, e: (
            (p(s)["vp"], s["ship"]["dice"]),
            (2 + 2, {"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 2}),
        ),
    ),
    case(
        "Wood 4",
        "…or for the rum demand: the red die to 0",
        lambda: wood_example(),
        "p0: drive 1",
        "p0: wood rum 2",
        expect=lambda s, e: (s["ship"]["dice"], {"sugar": 2, "citrus": 0, "tobacco": 1, "rum": 0}),
    ),
    case(
        "Wood 4",
        "…but not for 1 tobacco and 1 rum at once",
        lambda: wood_example(),
        "p0: drive 1",
        "p0: wood tobacco 2",
        refused="only 1 more",
    ),
    case(
        "Wood 4",
        "…nor 1 wood and 1 sugar cane together",
        lambda: wood_example(),
        "p0: drive 1",
        "p0: deliver sugar 1 wood 1",
        refused="Deliver one type",
    ),
    case(
        "B 1",
        "after a Cuban the piece must move: choosing a building is the only move",
        lambda: game(road={1: "jose"}),
        "p0: drive 1",
        expect=lambda s, e: ({a.kind for a in RULES.legal(s, "p0")}, {"go"}),
    ),
    case(
        "B 7",
        "also at the end of a turn at the port (the piece stays on another's building)",
        lambda: game(figures={"p0": "bank"}, owners={"bank": "p1"}, **HARBOUR),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: ((p(s, "p1")["vp"], kinds(e)[-2]), (3, "owner_vp")),
    ),
    case(
        "B 7",
        "also at the end of a turn at an inactive Cuban",
        lambda: game(road={1: "jose"}, face_down=["jose"], figures={"p0": "bank"}, owners={"bank": "p2"}),
        "p0: drive 1",
        expect=lambda s, e: ((p(s, "p2")["vp"], RULES.to_act(s)), (3, ["p1"])),
    ),
    case(
        "B 7",
        "the point comes at the end of the turn, after the building's use",
        lambda: game(road={1: "jose"}, owners={"church": "p1"}),
        "p0: drive 1",
        "p0: go church",
        "p0: use",
        expect=lambda s, e: (kinds(e)[-4:], ["go", "use", "owner_vp", "turn"]),
    ),
    case(
        "B 8",
        "the turn is over and the piece stays on its building until its next turn",
        lambda: game(road={1: "jose", 2: "maria"}),
        "p0: drive 1",
        "p0: go church",
        "p0: use",
        "p1: drive 1",
        "p1: go casino",
        expect=lambda s, e: ((p(s)["figure"], RULES.to_act(s)), ("church", ["p1"])),
    ),
    case(
        "B 9",
        "the example: Martina at Miguel, the factory taken, not the market again: the bank; Philipp scores",
        lambda: building_example(),
        "p0: drive 1",
        "p0: use",
        expect=lambda s, e: (
            (p(s)["goods"]["wood"], p(s)["figure"], p(s)["pesos"], p(s, "p1")["vp"]),
            (2, "bank", 5, 3),
        ),
    ),
    case(
        "A new ship 4",
        "the harbour master's office sending the ship off: its user rolls, as his turn ends",
        lambda: game(road={1: "pedro"}, value=2),
        "p0: drive 1",
        "p0: go harbourmaster",
        "p0: use up",
        expect=lambda s, e: ((kinds(e)[-3:], RULES.to_act(s)), (["value", "departure", "roll"], ["p0"])),
    ),
    case(
        "A new ship 5",
        "at the end of his turn: after a customs departure through Alonso the piece moves first",
        lambda: game(
            road={1: "alonso"},
            owners={"customs": "p0"},
            dice={"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0},
        ),
        "p0: drive 1",
        "p0: run customs",
        "p0: use tobacco",
        "p0: go office",
        expect=lambda s, e: (
            (s["ship"]["number"], s["ship"]["dice"], s["roll_due"], s["step"], "roll" in kinds(e)),
            (2, {}, "p0", "use", False),
        ),
    ),
    case(
        "A new ship 5",
        "…and once that turn ends he rolls the 5 dice and places 4 as rolled",
        lambda: game(
            road={1: "alonso"},
            owners={"customs": "p0"},
            dice={"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0},
        ),
        "p0: drive 1",
        "p0: run customs",
        "p0: use tobacco",
        "p0: go office",
        "p0: skip",
        expect=lambda s, e: (
            (kinds(e)[-1], s["step"], RULES.to_act(s), s["roll_due"]),
            ("roll", "dice", ["p0"], None),
        ),
    ),
    case(
        "End 1",
        "the game ends immediately after the 7th ship leaves: that turn scores no owner's point",
        lambda: game(
            ship=7,
            road={1: "conchita"},
            owners={"customs": "p1"},
            dice={"sugar": 0, "citrus": 0, "tobacco": 1, "rum": 0},
        ),
        "p0: drive 1",
        "p0: go customs",
        "p0: use tobacco",
        expect=lambda s, e: ((s["step"], p(s, "p1")["vp"], "owner_vp" in kinds(e)), ("over", 2, False)),
    ),
    case(
        "End 5",
        "still tied on goods: the most money wins",
        lambda: game(
            ship=7,
            value=2,
            hold={"p0": {"sugar": 1}, "p1": {"sugar": 1}},
            money={"p0": (2, 5), "p1": (6, 5)},
            **HARBOUR,
        ),
        "p0: drive 1",
        "p0: pass",
        "p1: pass",
        "p2: pass",
        expect=lambda s, e: (RULES.result(s).ranking[:2], ["p1", "p0"]),
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


@pytest.mark.parametrize("c", CASES, ids=lambda c: f"{c.paragraph}: {c.rule}")
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


def test_every_paragraph_of_the_rulebook_has_a_case() -> None:
    """Every paragraph of the 2011 text (:data:`PARAGRAPHS`) but those the module docstring lists
    without a case has at least one case, and every case names a paragraph of the text."""
    covered = {c.paragraph for c in CASES}
    assert covered <= set(PARAGRAPHS), sorted(covered - set(PARAGRAPHS))
    assert sorted(set(PARAGRAPHS) - WITHOUT_CASE - covered) == []
    assert not covered & WITHOUT_CASE
