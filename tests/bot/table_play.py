"""A whole game at the table through the Discord adapter: four people who only use the slash
commands, the buttons and menus under the board, the buttons in their DMs, the "My turn" /
"My hand" ephemeral panels and the narrowing choices — ``/play`` typed only when no component
offers their move. Used by ``tests/bot/test_table_*.py``.

Each person picks their move with the heuristic computer player (so the game ends), then looks
for it the way a person would: on the board, in their newest DM, behind My turn (and a narrowing
choice). What was offered where is counted, and every message is kept for the checks.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot import discord_app as app
from bot.outcome import parse_custom_id
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE
from tests.bot.test_discord_adapter import FakeClient, FakeInteraction, FakeUser, invoke

USERS = (ANA, BO, CY, DEE)


@dataclass
class Played:
    """What a whole game at the table left behind."""

    client: FakeClient
    pk: int
    ways: Counter = field(default_factory=Counter)  # how moves were made: board, dm, my_turn, narrow, typed
    kinds: dict[str, Counter] = field(default_factory=dict)  # way → action kinds made that way
    states: list[tuple[Any, list[str]]] = field(default_factory=list)  # (state, seats to act) per move
    movers: list[str] = field(default_factory=list)  # the seat that made each move
    final: Any = None  # the state at the end
    ephemerals: list[FakeInteraction] = field(default_factory=list)
    #: (state after a move, the public texts that move posted); the state is None at the end
    after: list[tuple[Any, list[str]]] = field(default_factory=list)
    result_text: str = ""

    def public_texts(self) -> list[str]:
        return [content or "" for content, _ in self.client.public()]

    def record(self, way: str, action: str) -> None:
        self.ways[way] += 1
        self.kinds.setdefault(way, Counter())[action.split(" ")[0]] += 1


def components(view: discord.ui.View | None) -> list[tuple[discord.ui.Item, str]]:
    """(item, custom_id) of every button and every select option of a view."""
    found: list[tuple[discord.ui.Item, str]] = []
    for item in view.children if view is not None else []:
        if isinstance(item, app.ChoiceSelect):
            found += [(item, option.value) for option in item.item.options]
        else:
            found.append((item, item.custom_id))
    return found


async def use(
    client: FakeClient, item: discord.ui.Item, cid: str, user: int, channel: int | None
) -> FakeInteraction:
    """Press a button or pick a menu option as discord.py would call it."""
    data = {"values": [cid]} if isinstance(item, app.ChoiceSelect) else {}
    interaction = FakeInteraction(client, user, channel_id=channel, component=True, data=data)
    await item.callback(interaction)
    return interaction


def find(view: discord.ui.View | None, verb: str, action: str = "") -> tuple[discord.ui.Item, str] | None:
    for item, cid in components(view):
        parsed = parse_custom_id(cid)
        if parsed is not None and parsed.verb == verb and (not action or parsed.action == action):
            return item, cid
    return None


def narrowing(view: discord.ui.View | None, action: str) -> tuple[discord.ui.Item, str] | None:
    """The narrowing choice whose words start ``action``."""
    for item, cid in components(view):
        parsed = parse_custom_id(cid)
        if parsed is not None and parsed.verb == "n":
            words = parsed.action.split(" ")
            if action.split(" ")[: len(words)] == words:
                return item, cid
    return None


def last_view(sent: list[tuple[str | None, dict[str, Any]]]) -> discord.ui.View | None:
    for _content, kwargs in reversed(sent):
        if kwargs.get("view") is not None:
            return kwargs["view"]
    return None


def ephemeral_view(interaction: FakeInteraction) -> discord.ui.View | None:
    views = [kw.get("view") for _c, kw in interaction.answers() if kw.get("view") is not None]
    return views[-1] if views else None


class Table:
    """Four people at a table in CHANNEL; ``closed_dms`` have their DMs closed."""

    def __init__(
        self,
        env: Any,
        svc: Any,
        game: str,
        closed_dms: tuple[int, ...] = (),
        prefer: Callable[[Any, str, list[Any]], Any] | None = None,
    ) -> None:
        """``prefer(state, seat, legal)`` may pick a move instead of the heuristic (None: no)."""
        self.env, self.svc, self.game = env, svc, game
        self.prefer = prefer
        self.rules = GAMES[game]
        self.client = FakeClient(svc)
        for user in closed_dms:
            self.client.users[user] = FakeUser(user, dms_closed=True)
        self.deciders = {f"p{i}": player(game, "heuristic", 10 + i) for i in range(len(USERS))}
        self.played: Played | None = None

    def table(self) -> Any:
        return self.svc._tables[self.played.pk]

    async def command(self, name: str, user: int, **params: Any) -> FakeInteraction:
        interaction = FakeInteraction(self.client, user)
        await invoke(name, interaction, **params)
        self.played.ephemerals.append(interaction) if self.played else None
        return interaction

    async def open(self, options: str | None = None) -> None:
        first = FakeInteraction(self.client, ANA)
        await invoke("game new", first, game=self.game, options=options)
        for user in USERS[1:]:
            await invoke("game join", FakeInteraction(self.client, user))
        await invoke("game start", FakeInteraction(self.client, ANA))
        row = await self.svc.store.open_game(CHANNEL)
        assert row is not None and row.status == "active"
        self.played = Played(self.client, row.id)

    def user_of(self, seat: str) -> int:
        return self.table().seat(seat).user_id

    async def move(self, seat: str) -> None:
        """``seat``'s person makes the move their decider picked, the way a person finds it."""
        table = self.table()
        state, rules = table.state, self.rules
        legal = rules.legal(state, seat)
        chosen = self.prefer(state, seat, legal) if self.prefer else None
        if chosen is None:
            chosen = self.deciders[seat].choose(rules.view(state, seat), legal)
        action = str(chosen).lower()
        user = self.user_of(seat)
        version = table.row.version
        self.played.states.append((state, list(rules.to_act(state))))
        self.played.movers.append(seat)
        self.client.journal.append(("move", 0, action, {}))
        board = last_view(self.client.public())
        posted = len(self.client.public())
        if (hit := find(board, "a", action)) is not None:
            await self._press(hit, user, CHANNEL, "board", action)
        elif (hit := self._in_newest_dm(user, action)) is not None:
            await self._press(hit, user, 9000 + user, "dm", action)
        else:
            turn = find(board, "t")
            assert turn is not None or narrowing(board, action), f"no way in for {action!r}"
            panel_view = board
            way = "narrow"
            if turn is not None:
                panel = await use(self.client, *turn, user, CHANNEL)
                self.played.ephemerals.append(panel)
                self.played.ways["panels"] += 1
                panel_view, way = ephemeral_view(panel), "my_turn"
            if (hit := find(panel_view, "a", action)) is not None:
                await self._press(hit, user, CHANNEL, way, action)
            elif (hit := narrowing(panel_view, action)) is not None:
                narrowed = await use(self.client, *hit, user, CHANNEL)
                self.played.ephemerals.append(narrowed)
                inner = find(ephemeral_view(narrowed), "a", action)
                assert inner is not None, f"{action!r} not among the narrowed choices"
                await self._press(inner, user, CHANNEL, "narrow", action)
            else:
                typed = await self.command("play", user, action=action)
                self.played.record("typed", action)
                assert typed.ephemeral_texts()[0].startswith("Done: "), typed.ephemeral_texts()
        after = self.svc._tables.get(self.played.pk)  # a finished game is forgotten
        assert after is None or after.row.version == version + 1, f"{action!r} was not played"
        texts = [content or "" for content, _ in self.client.public()[posted:]]
        self.played.after.append((after.state if after is not None else None, texts))

    def _in_newest_dm(self, user: int, action: str) -> tuple[discord.ui.Item, str] | None:
        dms = self.client.get_user(user).dms
        return find(last_view(dms), "a", action) if dms else None

    async def _press(
        self, hit: tuple[discord.ui.Item, str], user: int, channel: int, way: str, action: str
    ) -> None:
        interaction = await use(self.client, *hit, user, channel)
        self.played.ephemerals.append(interaction)
        if isinstance(hit[0], app.ChoiceSelect):
            self.played.ways["menu"] += 1  # picked from a select menu (more choices than buttons)
        texts = interaction.ephemeral_texts()
        assert texts and texts[0].startswith("Done: "), (way, action, texts)
        self.played.record(way, action)

    async def play_out(self, max_moves: int = 3000) -> Played:
        """Everyone moves until the game ends; returns what happened."""
        for _ in range(max_moves):
            table = self.svc._tables.get(self.played.pk)
            if table is None or table.row.status != "active":
                break
            await self.move(self.rules.to_act(table.state)[0])
        row = await self.svc.store.game(self.played.pk)
        assert row.status == "finished"
        self.played.final = self.rules.load(json.loads((await self.svc.store.state(self.played.pk))[1]))
        self.played.result_text = self.played.public_texts()[-1]
        return self.played


def public_is_clean(played: Played, rules: Any) -> None:
    """Nothing private ever appears in a public message: no seat's private summary, no image of
    a private view, and every answer to one person was ephemeral."""
    secrets = {
        rules.private_summary(state, seat) for state, _ in played.states for seat in ("p0", "p1", "p2", "p3")
    } - {""}
    public = "\n".join(played.public_texts())
    leaked = [s for s in secrets if s in public]
    assert not leaked, leaked[:1]
    for _content, kwargs in played.client.public():
        assert "ephemeral" not in kwargs
        if "file" in kwargs:
            assert kwargs["file"].filename == "board.png"
    for interaction in played.ephemerals:
        interaction.ephemeral_texts()  # asserts each answer was ephemeral


def same_public_view(rules: Any, a: Any, b: Any) -> bool:
    return json.dumps(rules.view(a, None), sort_keys=True, default=str) == json.dumps(
        rules.view(b, None), sort_keys=True, default=str
    )
