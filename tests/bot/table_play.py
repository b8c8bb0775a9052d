"""A whole game at the table through the Discord adapter: four people who only use the slash
commands, the buttons and menus under the board, the buttons in their DMs, the "My turn" /
"My hand" ephemeral panels and the narrowing choices — ``/play`` typed only when no component
offers their move. Used by ``tests/bot/test_table_*.py`` and ``bench/table.py``.

Each person picks their move with the heuristic computer player (so the game ends), then looks
for it the way a person would: in the My turn panel they have open, on the board (the newest
turn message), in their newest DM, behind My turn (and a narrowing choice). What was offered
where is counted, and every message is kept for the checks. A move is acknowledged by the board
it changed: a press never gets a "Done" message of its own; a press in a DM or a panel changes
that message in place.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.adapter.components import ChoiceSelect
from bot.service import turns
from bot.service.choices import GroupOf, members
from bot.service.outcome import parse_custom_id
from bot.texts import t
from engine import GAMES
from engine.ai import player
from tests.bot.conftest import ANA, BO, CHANNEL, CY, DEE
from tests.bot.test_discord_adapter import FakeClient, FakeDmMessage, FakeInteraction, FakeUser, Sent, invoke

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
    #: (state after a move, the lines that move newly showed in the channel, per message posted
    #: or edited — an edit repeats the earlier lines of its turn); the state is None at the end
    after: list[tuple[Any, list[str]]] = field(default_factory=list)
    result_text: str = ""
    shown: set[str] = field(default_factory=set)  # every line the channel has shown
    narrowed_levels: int = 0  # the most narrowing presses one move needed
    autoplayed: int = 0  # only choices the table played for people
    clicks: int = 0  # every press, menu pick and typed command of the people while the game ran

    def public_texts(self) -> list[str]:
        return [content or "" for content, _ in self.client.public()]

    def record(self, way: str, action: str) -> None:
        self.ways[way] += 1
        self.kinds.setdefault(way, Counter())[action.split(" ")[0]] += 1


def components(view: discord.ui.View | None) -> list[tuple[discord.ui.Item, str]]:
    """(item, custom_id) of every button and every select option of a view (not the link to
    the board: it opens a message, it plays nothing)."""
    found: list[tuple[discord.ui.Item, str]] = []
    for item in view.children if view is not None else []:
        if getattr(item, "url", None):
            continue
        if isinstance(item, ChoiceSelect):
            found += [(item, option.value) for option in item.item.options]
        else:
            found.append((item, item.custom_id))
    return found


async def use(
    client: FakeClient,
    item: discord.ui.Item,
    cid: str,
    user: int,
    channel: int | None,
    message: Sent | None = None,
) -> FakeInteraction:
    """Press a button or pick a menu option as discord.py would call it; ``message`` is the
    private message it sits on (a DM — ``channel`` is then not the game's — or a panel)."""
    data = {"values": [cid]} if isinstance(item, ChoiceSelect) else {}
    guild = None if message is not None and channel != CHANNEL else 9
    interaction = FakeInteraction(
        client, user, channel_id=channel, component=True, data=data, message=message, guild_id=guild
    )
    await item.callback(interaction)
    return interaction


def panel_of(interaction: FakeInteraction) -> Sent | None:
    """The newest ephemeral answer of ``interaction`` with buttons (a My turn panel, a
    narrowed choice), as a message that can be pressed (interactions are answered after a
    deferral, so their answers are followups)."""
    for index in range(len(interaction.followup.sent) - 1, -1, -1):
        if interaction.followup.sent[index][1].get("view") is not None:
            return Sent(interaction.followup.sent, index, True)
    return None


def find(view: discord.ui.View | None, verb: str, action: str = "") -> tuple[discord.ui.Item, str] | None:
    for item, cid in components(view):
        parsed = parse_custom_id(cid)
        if parsed is not None and parsed.verb == verb and (not action or parsed.action == action):
            return item, cid
    return None


def narrowing(
    view: discord.ui.View | None, action: str, legal: list[str], group_of: GroupOf | None = None
) -> tuple[discord.ui.Item, str] | None:
    """The narrowing choice that stands for ``action`` among the ``legal`` ones (``group_of``:
    the game's own groups of them, which a person reads off the button)."""
    for item, cid in components(view):
        parsed = parse_custom_id(cid)
        if parsed is not None and parsed.verb == "n" and action in members(legal, parsed.action, group_of):
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
        pace: float = 0.0,
    ) -> None:
        """``prefer(state, seat, legal)`` may pick a move instead of the heuristic (None: no);
        ``pace``: seconds the clock moves on before each move (a live table: tens of seconds; a
        slow one: hours)."""
        self.env, self.svc, self.game = env, svc, game
        self.prefer = prefer
        self.pace = pace
        self.rules = GAMES[game]
        self.client = FakeClient(svc)
        for user in closed_dms:
            self.client.users[user] = FakeUser(user, dms_closed=True)
        self.deciders = {f"p{i}": player(game, "heuristic", 10 + i) for i in range(len(USERS))}
        self.played: Played | None = None
        self.panels: dict[int, Sent | None] = {}  # user → the My turn panel they have open

    def table(self) -> Any:
        return self.svc.tables.cached[self.played.pk]

    async def command(self, name: str, user: int, **params: Any) -> FakeInteraction:
        interaction = FakeInteraction(self.client, user)
        await invoke(name, interaction, **params)
        if self.played:
            self.played.ephemerals.append(interaction)
            self.played.clicks += 1
        return interaction

    async def use(
        self,
        item: discord.ui.Item,
        cid: str,
        user: int,
        channel: int | None,
        message: Sent | None = None,
    ) -> FakeInteraction:
        """A person presses ``item`` (counted among the clicks)."""
        self.played.clicks += 1
        return await use(self.client, item, cid, user, channel, message)

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
        if self.pace:
            self.env.clock.advance(self.pace)
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
        journal = len(self.client.journal)
        panel = self.panels.get(user)
        if panel is not None and (hit := find(panel.kwargs.get("view"), "a", action)) is not None:
            await self._press(hit, user, CHANNEL, "my_turn", action, panel)
        elif (hit := find(board, "a", action)) is not None:
            await self._press(hit, user, CHANNEL, "board", action)
        elif (dm := self._newest_dm(user)) is not None and (
            hit := find(dm.kwargs.get("view"), "a", action)
        ) is not None:
            await self._press(hit, user, 9000 + user, "dm", action, dm)
        else:
            texts = [str(a).lower() for a in legal]
            group_of = rules.seat_view(state, seat).groups().get
            turn = find(board, "t")
            assert turn is not None or narrowing(board, action, texts, group_of), f"no way in for {action!r}"
            panel_view, panel, way = board, None, "narrow"
            if turn is not None and narrowing(board, action, texts, group_of) is None:
                opened = await self.use(*turn, user, CHANNEL)
                self.played.ephemerals.append(opened)
                self.played.ways["panels"] += 1
                panel = panel_of(opened)
                self.panels[user] = panel
                panel_view, way = (panel.kwargs.get("view") if panel else None), "my_turn"
            for level in range(5):  # each narrowing answers with a dozen choices or fewer
                if (hit := find(panel_view, "a", action)) is not None:
                    await self._press(hit, user, CHANNEL, way if level == 0 else "narrow", action, panel)
                    self.played.narrowed_levels = max(self.played.narrowed_levels, level)
                    break
                if (hit := narrowing(panel_view, action, texts, group_of)) is None:
                    typed = await self.command("play", user, action=action)
                    self.played.record("typed", action)
                    assert typed.ephemeral_texts()[0], typed.ephemeral_texts()
                    break
                narrowed = await self.use(*hit, user, CHANNEL, panel)
                self.played.ephemerals.append(narrowed)
                panel = panel_of(narrowed)  # the newest panel is the one they look at next
                self.panels[user] = panel
                panel_view = panel.kwargs.get("view") if panel else None
            else:
                raise AssertionError(f"{action!r} not found through five narrowings")
        after = self.svc.tables.cached.get(self.played.pk)  # a finished game is forgotten
        # One version for the move, and one for each only choice the table then played
        # for someone (bot/service/autoplay.py).
        assert after is None or after.row.version >= version + 1, f"{action!r} was not played"
        self.played.autoplayed += 0 if after is None else after.row.version - version - 1
        texts = []  # what the channel newly showed for this move: the new lines of messages and edits
        for what, where, text, _kw in self.client.journal[journal:]:
            if what in ("post", "edit") and where == CHANNEL:
                lines = [line for line in (text or "").splitlines() if line not in self.played.shown]
                self.played.shown.update(lines)
                texts.append("\n".join(lines))
        self.played.after.append((after.state if after is not None else None, texts))

    def _newest_dm(self, user: int) -> Sent | None:
        dms = self.client.get_user(user).dms
        for index in range(len(dms) - 1, -1, -1):
            if dms[index][1].get("view") is not None:
                return Sent(dms, index, False, FakeDmMessage(self.client.get_user(user), index).id)
        return None

    async def _press(
        self,
        hit: tuple[discord.ui.Item, str],
        user: int,
        channel: int,
        way: str,
        action: str,
        message: Sent | None = None,
    ) -> None:
        """Press ``hit``: on a private ``message`` (a DM, a panel) that message changes in place;
        on the board, no message of its own answers — only a private sequel (the next private
        decision, what only the presser saw) comes, ephemerally, and becomes their panel."""
        interaction = await self.use(*hit, user, channel, message)
        self.played.ephemerals.append(interaction)
        if isinstance(hit[0], ChoiceSelect):
            self.played.ways["menu"] += 1  # picked from a select menu (more choices than buttons)
        said = interaction.ephemeral_texts()
        assert not any(is_ack(text) for text in said), (way, action, said)  # no "Done" message
        if message is not None:
            assert interaction.edited and not said, (way, action, said)  # the pressed message changed
        else:
            sequel = panel_of(interaction)
            if sequel is not None:
                self.panels[user] = sequel
        self.played.record(way, action)

    async def play_out(self, max_moves: int = 3000) -> Played:
        """Everyone moves until the game ends; returns what happened."""
        for _ in range(max_moves):
            table = self.svc.tables.cached.get(self.played.pk)
            if table is None or table.row.status != "active":
                break
            await self.move(self.rules.to_act(table.state)[0])
        row = await self.svc.store.game(self.played.pk)
        assert row.status == "finished"
        # A finished game keeps no state cache: its final state is its log replayed.
        self.played.final = await self.svc.replay(self.played.pk)
        self.played.result_text = self.played.public_texts()[-1]
        return self.played


def is_ack(text: str | None, lang: str = "en") -> bool:
    """Whether ``text`` is the bot's acknowledgement of a move ("You chose: …")."""
    before, after = t("played", lang, label="\0").split("\0")
    return bool(re.fullmatch(re.escape(before) + ".+" + re.escape(after), text or "", re.S))


def is_board(kwargs: dict[str, Any]) -> bool:
    """A message (or an edit) that carries a board picture."""
    files = [kwargs["file"]] if kwargs.get("file") is not None else list(kwargs.get("files") or [])
    files += [f for f in kwargs.get("attachments") or [] if isinstance(f, discord.File)]
    return any(f.filename == "board.png" for f in files)


def has_picture(kwargs: dict[str, Any]) -> bool:
    """A message (or an edit) that carries any picture: the board, a turn picture, a summary."""
    files = [kwargs["file"]] if kwargs.get("file") is not None else list(kwargs.get("files") or [])
    files += [f for f in kwargs.get("attachments") or [] if isinstance(f, discord.File)]
    return any(f.filename.endswith(".png") for f in files)


def is_turn_message(kwargs: dict[str, Any]) -> bool:
    """A message that calls someone to act: its buttons play a move, narrow to some or open My turn."""
    verbs = {parse_custom_id(cid).verb for _item, cid in components(kwargs.get("view"))}
    return bool(verbs & {"a", "n", "t"})


def live_buttons(kwargs: dict[str, Any]) -> bool:
    """Whether a message (as it reads now) still offers a move: a button that plays or narrows."""
    return any(parse_custom_id(cid).verb in ("a", "n") for _item, cid in components(kwargs.get("view")))


def mentioned(kwargs: dict[str, Any]) -> list[int]:
    """Whom a message notifies."""
    allowed = kwargs.get("allowed_mentions")
    return [u.id for u in allowed.users] if allowed is not None and allowed.users is not True else []


def figures(played: Played, rules: Any, lang: str = "en") -> dict[str, Any]:
    """What a whole game sent to Discord, counted (``bench/table.py`` prints them; the table
    tests hold them to the bounds of :func:`assert_manners`).

    Turns are counted by :mod:`bot.service.turns` from the states before every move and the end: turn
    changes (the start counts as one), each person's turns and the secret simultaneous
    decisions each was asked for. Messages from the driver's journal: new channel messages
    (``posts``), those with a board picture, edits with a new picture and other edits; mentions
    made while the game ran (the final scores' are apart) and the most one person got within
    one of their turns; DMs per person, moves made in DMs, "Done" acknowledgements sent as
    messages of their own, My turn panels opened."""
    users = {f"p{i}": user for i, user in enumerate(USERS)}
    states = [state for state, _ in played.states] + [played.final]
    turn_changes, player_turns, secret = 0, Counter(), Counter()
    begun: dict[int, int] = {}  # user → the move after which their current turn began (-1: start)
    begun_after: list[dict[int, int]] = []  # begun_after[m + 1]: as it stood after move m
    for m in range(-1, len(played.states)):
        before, after = (states[m] if m >= 0 else None), states[m + 1]
        change = turns.change(rules, before, after)
        turn_changes += change.new_turn
        for seat in change.starting:
            player_turns[users[seat]] += 1
            begun[users[seat]] = m
        for seat in turns.asked_in_secret(rules, change, after):
            secret[users[seat]] += 1
        begun_after.append(dict(begun))
    posts = boards = board_edits = other_edits = pictures = turn_posts = turn_pictures = 0
    turn_mentions = final_mentions = 0
    per_turn: Counter = Counter()
    per_person: Counter = Counter()
    move = -1
    for what, _where, _text, kw in played.client.journal:
        if what == "move":  # the driver marks each move
            move += 1
        elif what == "edit":
            board_edits += is_board(kw)
            other_edits += not is_board(kw)
        elif what == "post":
            posts += 1
            boards += is_board(kw)
            pictures += has_picture(kw)
            turn_posts += is_turn_message(kw)
            turn_pictures += is_turn_message(kw) and has_picture(kw)
            for user in mentioned(kw):
                if move == len(played.states) - 1:  # the final scores tell everyone
                    final_mentions += 1
                    continue
                turn_mentions += 1
                per_person[user] += 1
                per_turn[(user, begun_after[move + 1].get(user))] += 1
    acks = sum(
        1 for what, _id, text, _kw in played.client.journal if what == "ephemeral" and is_ack(text, lang)
    )
    return {
        "actions": len(played.states),
        "turn_changes": turn_changes,
        "player_turns": sum(player_turns.values()),
        "turns": {user: player_turns[user] for user in USERS},
        "posts": posts,
        "boards": boards,
        "board_edits": board_edits,
        "other_edits": other_edits,
        "mentions": turn_mentions,
        "final_mentions": final_mentions,
        "most_mentions_in_a_turn": max(per_turn.values(), default=0),
        "pictures": pictures,
        "turn_posts": turn_posts,
        "turn_pictures": turn_pictures,
        "mentions_per_person": {user: per_person[user] for user in USERS},
        "dms": {user: len(played.client.get_user(user).dms) for user in USERS},
        "dms_live": sum(live_buttons(kw) for user in USERS for _text, kw in played.client.get_user(user).dms),
        "clicks": played.clicks,
        "clicks_per_turn": round(played.clicks / max(1, sum(player_turns.values())), 2),
        "secret_decisions": {user: secret[user] for user in USERS},
        "dm_moves": played.ways["dm"],
        "acks": acks,
        "panels": played.ways["panels"],
        "autoplayed": played.autoplayed,
    }


def assert_manners(counted: dict[str, Any], turn_dms: tuple[int, ...] = ()) -> None:
    """The table manners of issue 15, as upper bounds: new board pictures no more than the turn
    changes and at least 3× fewer than one per move (the bot before); one mention at most per
    person's turn; DMs only for the secret decisions asked of a person (plus one per turn for
    ``turn_dms``, who asked for it); no "Done" message of its own for a move."""
    assert counted["boards"] <= counted["turn_changes"], counted
    assert 3 * counted["boards"] <= counted["actions"] + 1, counted
    assert counted["most_mentions_in_a_turn"] <= 1 and counted["mentions"] <= counted["player_turns"], counted
    for user, sent in counted["dms"].items():
        allowed = counted["secret_decisions"][user] + (counted["turns"][user] if user in turn_dms else 0)
        assert sent <= allowed, (user, counted)
    assert counted["acks"] == 0, counted


def posts_by_move(played: Played) -> list[list[dict[str, Any]]]:
    """The new channel messages (their kwargs) each move posted, in the order of the moves
    (index 0: the first move's)."""
    posts: list[list[dict[str, Any]]] = []
    for what, _where, _text, kw in played.client.journal:
        if what == "move":
            posts.append([])
        elif what == "post" and posts:
            posts[-1].append(kw)
    return posts


def shown_by_move(played: Played) -> list[list[str]]:
    """The texts the game's channel showed (posts and edits) during each move, the set-up's
    first (index 0: everything before the first move)."""
    shown: list[list[str]] = [[]]
    for what, where, text, _kw in played.client.journal:
        if what == "move":
            shown.append([])
        elif what in ("post", "edit") and where == CHANNEL:
            shown[-1].append(text or "")
    return shown


def plays_per_message(played: Played) -> list[int]:
    """How many choices that play a move (or narrow to some) each message showed, as it was
    posted and after every edit: every board, every DM and every ephemeral answer or panel of
    the game (the driver's journal keeps them all, edits in place included)."""
    counts = []
    for _what, _where, _text, kwargs in played.client.journal:
        found = components(kwargs.get("view"))
        if found:
            counts.append(sum(1 for _item, cid in found if parse_custom_id(cid).verb in ("a", "n")))
    return counts


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
        files = [kwargs["file"]] if "file" in kwargs else list(kwargs.get("files") or [])
        assert all(f.filename in ("board.png", "turn.png", "summary.png") for f in files)
    for interaction in played.ephemerals:
        interaction.ephemeral_texts()  # asserts each answer was ephemeral


def turn_pictures_are_public(env: Any, played: Played, rules: Any) -> int:
    """Every turn picture was drawn from a public view of the game (render.turn is posted in the
    channel) for people who were to act then, and every turn message that called someone
    carried one; returns how many were drawn."""
    public = {json.dumps(rules.view(state, None), sort_keys=True, default=str) for state, _ in played.states}
    public.add(json.dumps(rules.view(played.final, None), sort_keys=True, default=str))
    calls = env.turn_renderer.calls
    for _game, view, seats, _legal, _lang in calls:
        bare = {k: v for k, v in view.items() if k not in ("names", "bots", "since")}
        assert json.dumps(bare, sort_keys=True, default=str) in public
        assert seats and all(seat in view["seats"] for seat in seats)
    for _content, kwargs in played.client.public():
        files = [f.filename for f in ([kwargs["file"]] if "file" in kwargs else kwargs.get("files") or [])]
        if mentioned(kwargs) and kwargs.get("view") is not None and "summary.png" not in files:
            assert files[:1] == ["turn.png"]  # a turn message calling people: its picture first
    return len(calls)


def same_public_view(rules: Any, a: Any, b: Any) -> bool:
    return json.dumps(rules.view(a, None), sort_keys=True, default=str) == json.dumps(
        rules.view(b, None), sort_keys=True, default=str
    )
