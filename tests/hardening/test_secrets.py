"""Secrets: two states that differ only in one seat's hidden information look the same to the
table (public view, public board picture, landscape and for a phone) and to every other seat (view, legal moves, private
summary, the picture of the decision it is making), at every step of many random games of
every title."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

import render
from engine import GAMES
from engine.ai import player
from engine.core import Rng, Rules
from tests.hardening.perturb import PERTURB

#: Random games per title. Every step of every game is checked; the default keeps this file
#: near 20 s on two quiet cores, SECRETS_GAMES=300 runs the full 300 games of each title.
GAMES_PER_TITLE = {"cuba": 20, "santiago": 16, "goa": 12}
if os.environ.get("SECRETS_GAMES"):
    GAMES_PER_TITLE = dict.fromkeys(GAMES_PER_TITLE, int(os.environ["SECRETS_GAMES"]))
BOARDS_PER_TITLE = 20
#: Decision pictures checked per title (each drawn twice: for the real state and a perturbed one).
DECISIONS_PER_TITLE = 5
NAMES = {f"p{i}": f"Player {i}" for i in range(6)}
#: Decision pictures compared per title (a step where no other seat hides anything compares none).
COMPARED: Counter[str] = Counter()


def _table(game_id: str, index: int) -> tuple[int, dict[str, Any]]:
    """Player count and options of game ``index``: mostly 2–3 players, every 10th game at the
    title's maximum, and Cuba's secret parliament card in every other game."""
    rules = GAMES[game_id]
    players = rules.max_players if index % 10 == 9 else 2 + index % 2
    options: dict[str, Any] = {}
    if game_id == "cuba" and index % 2 == 0:
        options["secret_parliament_card"] = True
    return players, options


def check_secrets(rules: Rules, state: Any, perturbed: Any, seat: str, seats: list[str]) -> None:
    """Everything ``seat``'s hidden information must not change, compared on two states."""
    assert rules.view(perturbed, None) == rules.view(state, None), f"public view shows {seat}'s secret"
    for other in seats:
        if other == seat:
            continue
        assert rules.view(perturbed, other) == rules.view(state, other), f"{other} sees {seat}'s secret"
        assert rules.legal(perturbed, other) == rules.legal(state, other), (
            f"{other}'s legal moves depend on {seat}'s secret"
        )
        assert rules.private_summary(perturbed, other) == rules.private_summary(state, other), (
            f"{other}'s private summary depends on {seat}'s secret"
        )


def check_events(rules: Rules, events: list[Any], actor: str, seats: list[str]) -> None:
    """Private events name their seats; nobody else can see them or read them."""
    for event in events:
        if event.visible_to is None:
            continue
        assert set(event.visible_to) <= set(seats)
        for other in seats:
            if other not in event.visible_to:
                assert not event.is_visible_to(other), (event.kind, other)
        assert not event.is_visible_to(None), f"{event.kind} is private but visible to the table"
        assert rules.describe(event, NAMES)


def public_texts(rules: Rules, events: list[Any]) -> list[str]:
    """The public log lines up to (not including) the first event that reveals a secret or
    draws at random: after a reveal the table legitimately learns something, and a draw comes
    from the face-down deck the perturbation may have shuffled cards into."""
    texts = []
    for event in events:
        if event.reveals_hidden or event.random:
            break
        if event.visible_to is None:
            texts.append(rules.describe(event, NAMES))
    return texts


def decision_picture(game_id: str, rules: Rules, state: Any, seat: str) -> bytes | None:
    """The picture of ``seat``'s decision, as the bot draws it: from the seat's own view."""
    legal = [str(a) for a in rules.legal(state, seat)]
    return render.decision(game_id, {**rules.view(state, seat), "names": NAMES}, legal, "en")


def check_decision_picture(
    game_id: str, rules: Rules, state: Any, actor: str, seats: list[str], rng: Rng
) -> bool:
    """The acting seat's decision picture is the same byte for byte whatever another seat hides;
    False when no other seat hides anything now (nothing compared)."""
    for other in seats:
        if other == actor:
            continue
        perturbed = PERTURB[game_id](rules, state, other, rng)
        if perturbed is None:
            continue
        mine = decision_picture(game_id, rules, state, actor)
        assert decision_picture(game_id, rules, perturbed, actor) == mine, (
            f"{actor}'s decision picture shows {other}'s secret"
        )
        return True
    return False


def play_and_check(game_id: str, index: int, boards: set[int], decisions: set[int] = frozenset()) -> int:
    """Play random game ``index`` and check secrets at every step (the board picture at the
    steps ``boards``, the acting seat's decision picture at ``decisions``); returns the steps
    played."""
    rules = GAMES[game_id]
    perturb = PERTURB[game_id]
    players, options = _table(game_id, index)
    seats = [f"p{i}" for i in range(players)]
    seed = 7919 * index + 17
    state = rules.new(seats, seed, **options)
    bots = {s: player(game_id, "random", seed + i) for i, s in enumerate(seats)}
    rng = Rng.from_seed(seed ^ 0x5EC2E7)
    step = 0
    phone_checked = False  # the phone board is compared once a game (at its first board)
    while rules.result(state) is None:
        actor = rules.to_act(state)[step % len(rules.to_act(state))]
        action = bots[actor].choose(rules.view(state, actor), rules.legal(state, actor))
        seat = rng.choice(seats)
        perturbed = perturb(rules, state, seat, rng)
        if perturbed is not None:
            check_secrets(rules, state, perturbed, seat, seats)
            if step in boards:
                public = rules.view(state, None)
                assert render.board(game_id, rules.view(perturbed, None)) == render.board(game_id, public)
                if not phone_checked:  # the board message's picture, laid out for a phone
                    hidden = render.phone_board(game_id, rules.view(perturbed, None))
                    assert hidden == render.phone_board(game_id, public)
                    phone_checked = True
                boards.discard(step)
        if step in decisions:
            COMPARED[game_id] += check_decision_picture(game_id, rules, state, actor, seats, rng)
            decisions.discard(step)
        after, events = rules.apply(state, actor, action)
        check_events(rules, events, actor, seats)
        if perturbed is not None and seat != actor:
            _, other_events = rules.apply(perturbed, actor, action)
            assert public_texts(rules, other_events) == public_texts(rules, events), (
                f"the public log of '{action}' depends on {seat}'s secret"
            )
        state = after
        step += 1
    return step


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["cuba", "santiago", "goa"])
def test_no_secret_reaches_the_table_or_other_seats(game_id: str) -> None:
    boards_rng = Rng.from_seed(len(game_id))
    total = 0
    games = GAMES_PER_TITLE[game_id]
    for index in range(games):
        # a handful of games each render a few boards, BOARDS_PER_TITLE in all
        boards: set[int] = set()
        decisions: set[int] = set()
        if index % (games // 5) == 0:
            boards = {boards_rng.randint(0, 60) for _ in range(BOARDS_PER_TITLE // 5)}
            decisions = {boards_rng.randint(0, 120) for _ in range(DECISIONS_PER_TITLE // 5)}
        total += play_and_check(game_id, index, boards, set(decisions))
    assert total > games * 20
    assert COMPARED[game_id] > 0, "no decision picture was compared"


def test_checker_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that shows one hidden field to the table must be caught by the checker."""
    rules = GAMES["santiago"]
    seats = ["p0", "p1"]
    state = rules.new(seats, 3)
    perturbed = PERTURB["santiago"](rules, state, "p1", Rng.from_seed(1))
    check_secrets(rules, state, perturbed, "p1", seats)  # the real view keeps the secret
    honest = type(rules).view

    def leaking_view(self: Any, s: Any, seat: str | None) -> dict[str, Any]:
        out = honest(self, s, seat)
        out["leak"] = rules.dump(s)["players"]["p1"]["pesos"]
        return out

    monkeypatch.setattr(type(rules), "view", leaking_view)
    with pytest.raises(AssertionError, match="public view shows p1's secret"):
        check_secrets(rules, state, perturbed, "p1", seats)


def test_checker_catches_legal_moves_that_depend_on_another_seat() -> None:
    """A secret that changes what another seat may do or see is caught: here p1's ducats are
    changed while the checker is told that only p0's secrets moved."""
    rules = GAMES["goa"]
    seats = ["p0", "p1"]
    state = rules.new(seats, 5)
    data = rules.dump(state)
    data["players"][1]["ducats"] += 3
    with pytest.raises(AssertionError):
        check_secrets(rules, state, rules.load(data), "p0", seats)


def test_checker_catches_a_decision_picture_that_shows_another_seats_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat's view that lets another seat's pesos through (here: onto its own screen) makes its
    decision picture depend on them, and the checker says so."""
    rules = GAMES["santiago"]
    seats = ["p0", "p1"]
    state = rules.new(seats, 3)
    while state["step"] != "drive":  # a drive's picture shows the driver's screen
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, rules.legal(state, seat)[0])
    actor = rules.to_act(state)[0]
    other = next(s for s in seats if s != actor)
    check_decision_picture("santiago", rules, state, actor, seats, Rng.from_seed(2))  # honest: same
    honest = type(rules).view

    def leaking_view(self: Any, s: Any, seat: str | None) -> dict[str, Any]:
        out = honest(self, s, seat)
        if seat == actor:
            out["players"][actor]["pesos"] = rules.dump(s)["players"][other]["pesos"]
        return out

    monkeypatch.setattr(type(rules), "view", leaking_view)
    with pytest.raises(AssertionError, match=f"{actor}'s decision picture shows {other}'s secret"):
        check_decision_picture("santiago", rules, state, actor, seats, Rng.from_seed(2))
