"""Texts: log lines, labels, prompts, help, typed aliases and the event flags the bot relies on."""

from engine.core import Event
from engine.santiago import RULES
from tests.santiago.helpers import STANDARD_DISTRICTS, act, give, put_cuban, set_districts, started

NAMES = {"p0": "Ana", "p1": "Ben", "p2": "Cy"}


def line(kind: str, seat: str | None = "p0", **data) -> str:
    return RULES.describe(Event(kind, seat, data), NAMES)


def test_log_lines_read_as_sentences():
    assert line("drive", steps=3, pesos=2, **{"from": 0}) == "Ana drives the car 3 stops and pays 2 pesos."
    assert line("drive", steps=1, pesos=0, **{"from": 0}) == "Ana drives the car 1 stop."
    assert line("cuban", cuban="pedro", got={"tobacco": 2}) == "Ana visits Pedro and takes 2 tobacco."
    assert line("zorro_give", "p1", to="p0", what="vp") == "Ben hands Ana 1 VP (El Zorro)."
    assert line("deliver", good="tobacco", n=2, wood=True, vp=2) == "Ana delivers 2 wood as tobacco for 2 VP."
    assert line("deliver", good="cigar", n=1, wood=False, vp=3) == "Ana delivers 1 cigar for 3 VP."
    assert (
        line("use", building="casino", direction="sell", n=2, pesos=6)
        == "Ana uses the casino: 2 VP for 6 pesos."
    )
    assert line("value", cause="pass", value=None) == (
        "The value marker moves to the chequered flag (the car passed the harbour)."
    )
    assert line("departure", ship=3, cause="customs", left={}) == (
        "Ship 3 sails (the customs office cleared the last demand). "
        "The next ship comes in; Ana rolls its dice at the end of the turn."
    )
    assert line("departure", ship=7, cause="full", left={}) == "Ship 7 sails (full)."
    assert line("owner_vp", "p2", building="cafe", visitor="p0", vp=1) == (
        "Cy owns the Café: Ana's figure ends the turn there, so Cy scores 1 VP."
    )
    assert line("alonso_skip") == "Ana takes neither of Alonso's options."


def test_labels_and_prompts():
    state = started(3)
    labels = [RULES.label(state, "p0", a) for a in RULES.legal(state, "p0")]
    assert labels == [
        "Drive 1 → Conchita: 2 citrus fruits · free",
        "Drive 2 → Miguel: 2 wood · 1 peso",
        "Drive 3 → Martinez: 3 pesos · 2 pesos",
        "Drive 4 → El Zorro: 1 from each other player · 3 pesos",
    ]
    assert RULES.prompt(state, "p0").startswith("Move the car")
    assert RULES.prompt(state, "p1") == ""
    set_districts(state, STANDARD_DISTRICTS)
    state["players"]["p0"]["figure"] = "cafe"
    state["step"] = "use"
    state["pending"] = {"building": "cafe", "via": "figure", "then": {"kind": "end"}}
    give(state, "p0", rum=1, cigar=1)
    labels = [RULES.label(state, "p0", a) for a in RULES.legal(state, "p0")]
    assert labels == ["1 rum → 2 VP", "1 cigar → 2 VP", "1 rum + 1 cigar → 4 VP", "Skip"]
    assert RULES.prompt(state, "p0") == "Use the Café or skip it."


def test_typed_aliases_read_as_the_canonical_actions():
    state = started(3)
    set_districts(state, STANDARD_DISTRICTS)
    put_cuban(state, 1, "zorro")
    state, _ = act(state, "p0", "drive 1")
    assert str(RULES.parse(state, "p1", "Give Pesos")) == "give peso"
    state["players"]["p0"]["figure"] = "cafe"
    state["step"] = "use"
    state["pending"] = {"building": "cafe", "via": "figure", "then": {"kind": "end"}}
    give(state, "p0", rum=1, cigar=1)
    assert str(RULES.parse(state, "p0", "use cigars rum")) == "use rum cigar"


def test_help_explains_every_part_of_the_game():
    sections = RULES.help_sections()
    titles = [t for t, _ in sections]
    assert titles == [
        "Goal",
        "Your turn",
        "The Cubans",
        "The buildings",
        "The ship",
        "Delivering",
        "Our ruling: the harbour master's office",
        "Our readings where the rulebook is silent",
        "Values we could not confirm",
    ]
    text = " ".join(body for _, body in sections)
    for word in ("Zorro", "Alonso", "Casino", "Newspaper", "wood", "chequered", "7th ship", "3 goods"):
        assert word in text
    ruling = sections[-3][1]
    assert "at most once per ship" in ruling and "4 laps" in ruling and "280 turns" in ruling
    assert "harbour_master=printed" in ruling and ruling.startswith("Our rule, the default")
    ship = dict(sections)["The ship"]
    assert "0, 1, 2, 2, 3, 4" in ship and "at the end of their turn" in ship


def test_event_flags_for_undo():
    state = RULES.new(["p0", "p1"], 4)
    roller = RULES.to_act(state)[0]
    state["rolled"] = {"sugar": 1, "citrus": 1, "tobacco": 1, "rum": 1, "cigar": 1}
    state, events = act(state, roller, "aside sugar")
    assert not any(e.random or e.reveals_hidden for e in events)
    state["car"] = 9
    state["turn"] = 0
    state, events = act(state, "p0", "drive 1")
    state, events = act(state, "p0", "deliver citrus 1")
    assert events[0].kind == "deliver" and events[0].reveals_hidden
    assert RULES.start(["p0", "p1"], 4)[1][-1].random  # the first roll


def test_deliveries_may_be_typed_count_first_or_with_wood_in_front():
    state = started(3)
    state["car"] = 9
    state, _ = act(state, "p0", "drive 1")
    give(state, "p0", wood=2, tobacco=1)
    assert str(RULES.parse(state, "p0", "deliver 2 tobacco")) == "deliver tobacco 2"
    assert str(RULES.parse(state, "p0", "deliver wood tobacco 2")) == "wood tobacco 2"
    assert str(RULES.parse(state, "p0", "wood 1 sugar")) == "wood sugar 1"


def test_a_drive_names_the_harbour_and_a_cuban_still_face_down():
    """The car turns up each face-down Cuban whose space it leaves: one lying ahead is still
    face down when the car stops there, but a drive round the whole road finds it face up."""
    state = started(3)
    state["players"]["p0"]["pesos"] = 12
    state["face_down"] = ["miguel"]
    labels = {a.args[0]: RULES.label(state, "p0", a) for a in RULES.legal(state, "p0")}
    assert labels[2] == "Drive 2 → Miguel, face down: nothing · 1 peso"
    assert labels[10] == "Drive 10 → harbour: delivery · 9 pesos"
    assert labels[12] == "Drive 12 → Miguel: 2 wood · 11 pesos"


def test_a_drive_to_the_harbour_before_the_new_ships_dice_says_there_is_no_delivery():
    """Rulebook 2011, A new ship: the dice come at the end of the turn; until then a stop at the
    harbour delivers nothing (our reading), and the drive's label says so."""
    usual = started(3)
    usual["car"], usual["players"]["p0"]["pesos"] = 0, 20
    waiting = started(3)
    waiting["car"], waiting["players"]["p0"]["pesos"] = 0, 20
    waiting["ship"]["value"], waiting["roll_due"], waiting["ship"]["dice"] = 0, "p0", {}
    drive = RULES.parse(usual, "p0", "drive 10")
    assert RULES.label(usual, "p0", drive) == "Drive 10 → harbour: delivery · 9 pesos"
    assert RULES.label(waiting, "p0", drive) == "Drive 10 → harbour: no dice yet, no delivery · 9 pesos"
