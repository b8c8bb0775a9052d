"""Decisions readable on a phone, through the service, on whole games of every title.

At every decision of the game, each person to act opens **My turn**: it carries the picture of
the decision, drawn from that seat's own view (never another seat's secrets) with its legal
actions, in the reader's language; no answer offers more than :data:`MESSAGE_CAPACITY` plays,
and every legal action is reachable by pressing through the narrowing choices. The buttons say
what they do in the table's words: Cuba's fields by the names the board draws, Santiago's drives
by the Cuban each one reaches. A secret decision's DM (Cuba's bids) carries its picture too, and
so does the next private step a press leaves in the pressed panel or DM."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.choices import MESSAGE_CAPACITY
from bot.service.outcome import Outcome, parse_custom_id
from engine import GAMES
from engine.ai import player
from engine.cuba.rules.common import field_name
from engine.santiago import data as santiago_data
from engine.santiago.text import amounts_text, cuban_name
from render.cuba import board as cuba_render
from tests.bot.conftest import ANA, BO, CHANNEL, CY, NAMES, seated

USERS = [ANA, BO, CY]
LANGS = {ANA: "en", BO: "ja", CY: "nl"}
#: Cuba's actions that name a field, and where in the action its row and column are.
FIELD_ACTIONS = {"worker": 1, "field": 1, "build": 3}


def plays(outcome: Outcome) -> list[Any]:
    """The choices of an answer that play a move or narrow to some."""
    return [p for p in (parse_custom_id(c.custom_id) for c in outcome.ephemeral_choices) if p.verb in "an"]


class Panels:
    """Opens the panels of every decision of one game and checks them."""

    def __init__(self, env: Any, svc: Any, game: str) -> None:
        self.env, self.svc, self.game = env, svc, game
        self.rules = GAMES[game]
        self.opened = self.narrowed = self.labels_checked = 0
        self.kinds: set[str] = set()

    def table(self) -> Any:
        return self.svc.tables.cached[self.pk]

    def expected_view(self, seat: str) -> dict[str, Any]:
        table = self.table()
        view = dict(self.rules.view(table.state, seat))
        view["names"], view["bots"] = table.names, table.bots
        return view

    def check_call(self, seat: str, user: int, legal: list[str]) -> None:
        """The last picture asked for: this decision, this seat's own view, the reader's language."""
        game, view, drawn_legal, lang = self.env.decision_renderer.calls[-1]
        assert game == self.game and lang == LANGS[user]
        assert view == self.expected_view(seat)
        assert drawn_legal == legal

    async def open(self, seat: str, user: int) -> None:
        """``seat``'s My turn, and every narrowing under it, each checked."""
        state = self.table().state
        legal = [str(a) for a in self.rules.legal(state, seat)]
        panel = await self.svc.turn_panel(user, game_pk=self.pk, locale=LANGS[user])
        assert panel.ok and panel.ephemeral_image is not None, (self.game, seat, panel.ephemeral)
        self.check_call(seat, user, legal)
        self.opened += 1
        reached: list[str] = []
        pending = [(p, 0) for p in plays(panel)]
        assert len(pending) <= MESSAGE_CAPACITY
        self.check_labels(state, seat, panel, LANGS[user])
        while pending:
            parsed, depth = pending.pop()
            if parsed.verb == "a":
                reached.append(parsed.action)
                continue
            inner = await self.svc.narrow_panel(
                user, game_pk=self.pk, version=parsed.version, prefix=parsed.action, locale=LANGS[user]
            )
            self.narrowed += 1
            found = plays(inner)
            assert inner.ok and inner.ephemeral_image is not None and 1 < len(found) <= MESSAGE_CAPACITY
            assert depth < 4
            self.check_labels(state, seat, inner, LANGS[user])
            pending += [(p, depth + 1) for p in found]
        assert sorted(reached) == sorted(a.lower() for a in legal), "an action no button reaches"
        self.kinds |= {a.split(" ")[0] for a in legal}

    def check_labels(self, state: Any, seat: str, outcome: Outcome, lang: str) -> None:
        """Cuba's field buttons name the field as the board labels it; Santiago's drives name
        the Cuban reached and what he gives."""
        for choice in outcome.ephemeral_choices:
            parsed = parse_custom_id(choice.custom_id)
            if parsed.verb != "a":
                continue
            words = parsed.action.split(" ")
            if self.game == "cuba" and words[0] in FIELD_ACTIONS:
                at = FIELD_ACTIONS[words[0]]
                name = field_name(int(words[at]), int(words[at + 1]))
                assert name in choice.label and name in BOARD_FIELD_NAMES, (choice.label, name)
                assert f"{words[at]},{words[at + 1]}" not in choice.label
                self.labels_checked += 1
            if self.game == "santiago" and words[0] == "drive":
                steps = int(words[1])
                space = (state["car"] + steps) % santiago_data.ROAD_LEN
                cuban = state["road"][space]
                if (
                    cuban is not None
                    and cuban not in state["face_down"]
                    and cuban in santiago_data.CUBAN_GAINS
                ):
                    assert cuban_name(cuban, lang) in choice.label, choice.label
                    assert amounts_text(santiago_data.CUBAN_GAINS[cuban], lang) in choice.label
                    self.labels_checked += 1

    async def play(self, seat: str, user: int, decider: Any) -> Outcome:
        state = self.table().state
        action = decider.choose(self.rules.view(state, seat), self.rules.legal(state, seat))
        outcome = await self.svc.act(CHANNEL, user, str(action), locale=LANGS[user])
        assert outcome.ok, outcome.ephemeral
        return outcome


#: The field names the board draws around every plantation (column letter, row number).
BOARD_FIELD_NAMES = {
    f"{letter}{number}" for letter in cuba_render.column_letters(4) for number in cuba_render.row_numbers(3)
}


@pytest.mark.parametrize(("game", "seed"), [("cuba", 3), ("santiago", 4), ("goa", 5)])
async def test_every_decision_of_a_whole_game_has_its_picture_and_a_dozen_buttons_at_most(env, game, seed):
    svc = await env.service()
    svc.seed_source = lambda: seed
    await seated(env, svc, USERS, game=game)
    for user, lang in LANGS.items():  # each reader's language, remembered from an interaction
        await svc.hand(CHANNEL, user, locale=lang)
    panels = Panels(env, svc, game)
    panels.pk = (await svc.store.open_game(CHANNEL)).id
    deciders = {f"p{i}": player(game, "heuristic", 20 + i) for i in range(len(USERS))}
    secret_dms = sequels = 0
    for _ in range(3000):
        table = svc.tables.cached.get(panels.pk)
        if table is None or table.row.status != "active":
            break
        to_act = panels.rules.to_act(table.state)
        for seat in to_act:
            await panels.open(seat, table.seat(seat).user_id)
        seat = to_act[0]
        outcome = await panels.play(seat, table.seat(seat).user_id, deciders[seat])
        after = svc.tables.cached.get(panels.pk)
        if outcome.ephemeral_choices:  # the caller's next private step, where they pressed: pictured
            assert outcome.ephemeral_image is not None, outcome.ephemeral
            sequels += 1
        for dm in outcome.private:  # a seat newly asked for a secret decision sees its picture
            if after is None or after.row.status != "active":
                continue
            seat_of = after.seat_of(dm.user_id).seat
            asked = panels.rules.prompt(after.state, seat_of, LANGS[dm.user_id])
            if panels.rules.private_choices(after.state, seat_of) and asked in dm.text:
                assert dm.image is not None, dm.text
                secret_dms += 1
    assert (await svc.store.game(panels.pk)).status == "finished"
    assert panels.opened > 100 and panels.narrowed > 0 and sequels > 0
    if game == "cuba":
        assert {"worker", "field", "build", "bid", "ship", "buy"} <= panels.kinds
        assert panels.labels_checked > 50 and secret_dms > 0
    if game == "santiago":
        assert {"drive", "deliver", "aside"} <= panels.kinds and panels.labels_checked > 10
    if game == "goa":
        assert {"flag", "marker", "bid", "advance"} <= panels.kinds


async def test_the_picture_is_of_the_seat_alone_and_never_of_another_seats_secrets(env):
    """Santiago hides every screen: the view a seat's picture is drawn from holds its own
    pesos and goods and nobody else's."""
    svc = await env.service()
    await seated(env, svc, USERS, game="santiago")
    pk = (await svc.store.open_game(CHANNEL)).id
    table = svc.tables.cached[pk]
    seat = GAMES["santiago"].to_act(table.state)[0]
    user = table.seat(seat).user_id
    panel = await svc.turn_panel(user, game_pk=pk)
    assert panel.ephemeral_image is not None
    _, view, _, _ = env.decision_renderer.calls[-1]
    assert "pesos" in view["players"][seat]
    assert all("pesos" not in p and "goods" not in p for s, p in view["players"].items() if s != seat)
    # Someone not to act is refused, with no picture.
    other = next(u for u in USERS if u != user)
    refused = await svc.turn_panel(other, game_pk=pk)
    assert not refused.ok and refused.ephemeral_image is None
    assert NAMES[user] in refused.ephemeral
