"""Log lines, labels, prompts, the private summary and the rules summary."""

from engine.ai import player
from engine.goa import data
from engine.goa.text import T
from tests.goa.helpers import RULES, card_id, fresh


def _walk(seed, n):
    seats = [f"p{i}" for i in range(n)]
    s = RULES.new(seats, seed)
    bots = {x: player("goa", "random", seed + i) for i, x in enumerate(seats)}
    while RULES.result(s) is None:
        seat = RULES.to_act(s)[0]
        legal = RULES.legal(s, seat)
        yield s, seat, legal
        s, events = RULES.apply(s, seat, bots[seat].choose({}, legal))
        yield s, None, events


def test_every_event_has_a_template_and_reads_as_a_sentence():
    names = {f"p{i}": f"Player{i}" for i in range(4)}
    kinds = set()
    for seed in range(6):
        for _s, seat, items in _walk(seed, 2 + seed % 3):
            if seat is None:
                for e in items:
                    line = RULES.describe(e, names)
                    kinds.add(e.kind)
                    assert T.has(f"event.{e.kind}") or T.has(f"event.{e.kind}.one"), e.kind
                    assert line and "{" not in line and " p0 " not in f" {line} ", line
    assert {"bid", "advanced", "colony_attempt", "round_end", "game_over"} <= kinds


def test_labels_are_short_and_prompts_speak_to_the_seat_to_act():
    for _s, seat, items in _walk(11, 4):
        if seat is not None:
            s = _s
            assert RULES.prompt(s, seat)
            other = next(x for x in s.seats if x != seat)
            assert RULES.prompt(s, other) == ""
            for a in items:
                assert 0 < len(RULES.label(s, seat, a)) <= 80


def test_private_summary_holds_ducats_and_hand_only_for_the_owner():
    s = fresh(3).copy()
    s.players[1].hand = [card_id("ships")]
    text = RULES.private_summary(s, "p1")
    assert (
        f"Ducats: {s.players[1].ducats}" in text
        and "+2 ships" in text
        and "(1; hand limit 1; the Expedition action draws 1)" in text
    )
    assert RULES.private_summary(s, "p9") == ""


def test_help_sections():
    sections = RULES.help_sections()
    assert len(sections) >= 5 and all(title and len(body) > 40 for title, body in sections)
    assert any("Auction" in t for t, _ in sections)


def test_private_choices_follow_hidden_information():
    s = fresh(3).copy()
    assert not RULES.private_choices(s, s.seats[s.start])  # placing the flag is open
    s.phase = "actions"
    s.start = 0
    s.turn = 0
    assert not RULES.private_choices(s, "p0")
    s.players[0].hand = [card_id("ducats")]
    assert RULES.private_choices(s, "p0") and not RULES.private_choices(s, "p1")
    assert data.CARDS[card_id("ducats")]["effect"] == "ducats"
