"""Texts for the table: log lines, labels, prompts, help, private summaries."""

import pytest

from engine.core import Event, IllegalAction
from engine.cuba import RULES
from engine.cuba.text.table import EVENT_KINDS
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
        == "Ben builds a cigar factory on field B3."
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
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "field 1 0")) == "Field A2 · tobacco"
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
        "Tradeswoman (2)",
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
    # the moves it suggests are the buttons' labels, not the typed syntax (issue 27)
    dance = assert_illegal_changes_nothing(RULES, s, "p0", "dance")
    assert "You can choose “" in dance and "'" not in dance


def _line(kind: str, seat: str | None, lang: str = "en", **data) -> str:
    return RULES.describe(Event(kind, seat, data), NAMES, lang)


def test_money_is_counted_in_every_language():
    assert _line("sell", "p0", piece="citrus", price=1) == "Ana sells 1 citrus for 1 peso."
    assert _line("tax_paid", "p0", pesos=1, vp=2) == "Ana pays 1 peso tax and scores 2 VP."
    assert _line("tax_paid", "p0", pesos=3, vp=2) == "Ana pays 3 pesos tax and scores 2 VP."
    assert _line("mayor_pesos", "p1", pesos=4) == "Ben ships nothing and takes 4 pesos."
    assert _line("bid", "p0", amount=1, second=False) == "You bid 1 peso."
    assert _line("use", "p0", building="small_bank", pesos=2) == "Ana's foreman uses the small bank: 2 pesos."
    assert _line("sell", "p0", "nl", piece="citrus", price=1) == "Ana verkoopt 1 citrusvrucht voor 1 peso."
    assert _line("sell", "p0", "nl", piece="citrus", price=2) == "Ana verkoopt 1 citrusvrucht voor 2 pesos."
    assert _line("sell", "p0", "ja", piece="citrus", price=1) == "Anaはシトラス1個を1ペソで売りました。"
    assert _line("sell", "p0", "zh-CN", piece="citrus", price=1) == "Ana以1比索卖出1个柑橘。"
    s = started(3)
    s["statutes"]["I"] = "tax_per_building"
    s["players"]["p0"]["buildings"] = [["inn", 1, 1]]
    s["phase"], s["step"], s["queue"] = "statutes", "pay_tax", ["p0"]
    assert RULES.prompt(s, "p0") == "Pay the tax of 1 peso for 2 VP, or skip it."
    assert RULES.prompt(s, "p0", "nl") == "Betaal de belasting van 1 peso voor 2 ZP, of sla over."


def test_buildings_take_their_article():
    build = {"row": 2, "col": 1, "pesos": 0}
    assert _line("build", "p1", building="inn", **build) == "Ben builds an inn on field B3."
    assert _line("build", "p1", building="hotel", **build) == "Ben builds a hotel on field B3."
    assert _line("build", "p1", "nl", building="inn", **build) == "Ben bouwt een herberg op veld B3."
    assert _line("build", "p1", "zh-TW", building="inn", **build) == "Ben在田地B3建造了旅店。"
    paid = {"row": 2, "col": 1, "pesos": 2}
    assert _line("build", "p1", building="inn", **paid) == "Ben builds an inn on field B3 and pays 2 pesos."


def test_no_it_for_a_player_and_the_verb_agrees_with_the_count():
    assert _line("tax_unpaid", "p2", due=3, reason="money") == "Cy does not pay the tax (cannot pay 3 pesos)."
    assert _line("tax_unpaid", "p2", due=0, reason="nothing_due") == (
        "Cy does not pay the tax (no buildings: nothing to pay, so no tax VP)."
    )
    assert _line("duty_unpaid", "p2", reason="pieces") == "Cy does not pay the duty (lacking the pieces)."
    one = {"building": "distillery", "count": 1, "source": "sugar", "target": "rum"}
    two = dict(one, count=2)
    assert _line("use", "p0", **one) == "Ana's foreman uses the distillery: 1 sugar cane becomes 1 rum."
    assert _line("use", "p0", **two) == "Ana's foreman uses the distillery: 2 sugar cane become 2 rum."
    cigars = {"building": "cigar_factory", "count": 1, "source": "tobacco", "target": "cigar"}
    assert _line("use", "p0", **cigars) == "Ana's foreman uses the cigar factory: 1 tobacco becomes 1 cigar."
    assert (
        _line("use", "p0", "nl", **one)
        == "De voorman van Ana gebruikt zijn rumstokerij: 1 suikerriet wordt 1 rum."
    )
    assert (
        _line("use", "p0", "nl", **two)
        == "De voorman van Ana gebruikt zijn rumstokerij: 2 suikerriet worden 2 rum."
    )


def test_the_game_over_line_says_when_pesos_broke_a_tie():
    over = {"scores": {"p0": 40, "p1": 40, "p2": 31}, "pesos": {"p0": 3, "p1": 7, "p2": 9}, "breakdown": {}}
    assert _line("game_over", None, **over) == (
        "The game is over. Scores: Ana 40, Ben 40, Cy 31. "
        "Ben and Ana have 40 VP each; the most pesos decide: Ben 7 pesos, Ana 3 pesos."
    )
    shared = dict(over, pesos={"p0": 1, "p1": 1, "p2": 9})
    assert _line("game_over", None, **shared) == (
        "The game is over. Scores: Ana 40, Ben 40, Cy 31. Ana and Ben have 40 VP and 1 peso each: they share the place."
    )
    plain = dict(over, scores={"p0": 41, "p1": 40, "p2": 31})
    assert _line("game_over", None, **plain) == "The game is over. Scores: Ana 41, Ben 40, Cy 31."
    assert "Ben 7 pesos, Ana 3 pesos" in _line("game_over", None, "nl", **over)
    assert "Ben 7比索、Ana 3比索" in _line("game_over", None, "zh-CN", **over)


def test_fields_are_named_as_the_board_labels_them():
    """Column letters A–D, row numbers 1–3: buttons, log lines and typed moves agree."""
    s = started(3)
    s = play_card(s, "p0", "worker")
    assert RULES.parse(s, "p0", "worker b2") == RULES.parse(s, "p0", "worker 1 1")
    assert RULES.label(s, "p0", RULES.parse(s, "p0", "worker c1")) == "Worker to C1"
    s, events = act(s, "p0", "worker d3")
    assert "goes to field D3 " in RULES.describe(events[0], NAMES)


def test_a_typed_field_off_the_plantation_is_refused_by_its_name():
    s = started(3)
    s = play_card(s, "p0", "architect")
    give(s, "p0", wood=2, stone=2)
    with pytest.raises(IllegalAction) as refused:
        RULES.parse(s, "p0", "build inn at e4")
    assert str(refused.value) == "There is no field E4 on your plantation: its fields run from A1 to D3."
