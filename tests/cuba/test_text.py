"""Texts for the table: log lines, labels, prompts, help, private summaries."""

from engine.core import Event
from engine.cuba import RULES
from engine.cuba.text import EVENT_KINDS
from tests.cuba.helpers import act, acts, give, play_card, play_round_cards, started
from tests.cuba.test_parliament import PLAN_A

NAMES = {"p0": "Ana", "p1": "Ben", "p2": "Cy"}


def test_describe_lines():
    assert (
        RULES.describe(Event("buy", "p0", {"piece": "rum", "price": 5}), NAMES)
        == "Ana buys 1 rum for 5 pesos."
    )
    assert (
        RULES.describe(
            Event("build", "p1", {"building": "cigar_factory", "row": 2, "col": 1, "pesos": 0}), NAMES
        )
        == "Ben builds a cigar factory on field 2,1."
    )
    line = RULES.describe(
        Event("bids_revealed", None, {"bids": {"p0": 2, "p1": 0}, "totals": {"p0": 6, "p1": 5}}), NAMES
    )
    assert line == "Bids: Ana 2, Ben 0. Totals: Ana 6, Ben 5."
    line = RULES.describe(
        Event(
            "ship",
            "p2",
            {"berth": 2, "pieces": ["citrus", "citrus", "rum"], "vp": 6, "by": "mayor", "ship": 3},
        ),
        NAMES,
    )
    assert line == "Cy loads 2 citrus and 1 rum onto the ship at berth 2 for 6 VP."


def test_every_event_of_a_round_has_a_template_and_a_line():
    s = started(3)
    s, events = play_round_cards(s, PLAN_A)
    s, more = acts(s, [("p0", "bid 2"), ("p1", "bid 0"), ("p2", "bid 0"), ("p0", "enact I III")])
    for event in events + more:
        assert event.kind in EVENT_KINDS
        line = RULES.describe(event, NAMES)
        assert line.endswith(".") and "{" not in line


def test_labels():
    s = started(3)
    s = play_card(s, "p0", "trader")
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "buy rum")) == "Buy rum · 5"
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "sell citrus")) == "Sell citrus · 3"
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "done")) == "Done"
    s = started(3)
    s = play_card(s, "p0", "worker")
    s, _ = act(s, "p0", "worker 1 1")
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "field 1 0")) == "Field 1,0 · tobacco"
    s = started(3)
    s, _ = play_round_cards(s, PLAN_A)
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "bid 3")) == "Bid 3"


def test_prompts_only_for_the_seat_to_act():
    s = started(3)
    assert RULES.prompt(s, "p0") == "Play one of your character cards."
    assert RULES.prompt(s, "p1") == ""


def test_private_summary_and_choices_outside_secrets():
    s = started(3)
    assert RULES.private_summary(s, "p0") == ""
    assert not RULES.private_choices(s, "p0")
    give(s, "p0", wood=3)
    s = play_card(s, "p0", "architect")
    assert not RULES.private_choices(s, "p0")


def test_help_sections_cover_the_game():
    sections = dict(RULES.help_sections())
    for title in (
        "A round",
        "Worker (1)",
        "Trader (2)",
        "Architect (3)",
        "Foreman (4)",
        "Mayor (5)",
        "Parliament",
        "Statutes",
        "Buildings",
        "Harbour",
    ):
        assert title in sections and sections[title]
    assert "Cigar factory (2 wood and 2 stone)" in sections["Buildings"]


def test_not_your_turn_message():
    s = started(3)
    from tests.contract import assert_illegal_changes_nothing

    assert (
        assert_illegal_changes_nothing(RULES, s, "p1", "play worker")
        == "It is not your turn; waiting for p0."
    )
    assert "for example" in assert_illegal_changes_nothing(RULES, s, "p0", "dance")
