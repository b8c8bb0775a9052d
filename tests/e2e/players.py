"""People at a table, through the emulator: slash commands, autocomplete, buttons and select
menus, "My turn" and "My hand", DMs — a whole game from ``/game new`` to the final scores.

The driver does not rely on today's exact messages. A player finds what they can do in what a
Discord client would show them right now, as the emulator holds it: the public messages of the
table's channel (and of any thread the bot opened for the table) with their current components,
whether posted or edited since; their own ephemeral panels; their DMs. Whose turn it is and which
moves are legal is read from the bot's database and the engine (what the player's eyes would
tell them); a player then picks one of the legal moves *offered on screen* at random, opening
My turn or a narrowing choice when the move is behind one, and now and then types ``/play``
with the autocomplete instead. Every interaction is kept for the checks (``tests/e2e/checks.py``).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.service.choices import members
from bot.service.outcome import ParsedCustomId, parse_custom_id
from bot.stores.rows import SeatRow
from bot.stores.sqlite import Store
from engine import GAMES
from tests.e2e.emulator import AUTOCOMPLETE, COMMAND, COMPONENT, Emulator, Focused, Interaction
from tests.e2e.emulator import Snapshot as EmulatedSnapshot
from tests.e2e.payloads import Channel, Message, User
from tests.waiting import HANG_GUARD_S

#: How long a player waits for the board of the state they are to act in (or a DM they expect)
#: before looking at what is there anyway.
BOARD_WAIT = 5.0
DM_WAIT = 3.0
#: How long an interaction may take before the test fails: only a guard against a hang (a
#: loaded machine is slower, never wrong).
ANSWER_WAIT = HANG_GUARD_S


@dataclass
class Offer:
    """One thing a player can press: a button, or one option of a select menu."""

    where: str  # board (public), panel (ephemeral), dm
    message: Message
    component: dict[str, Any]
    value: str | None  # the option's value (a select), None for a button
    parsed: ParsedCustomId

    @property
    def is_select(self) -> bool:
        return self.value is not None

    def interaction_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "custom_id": self.component["custom_id"],
            "component_type": self.component["type"],
        }
        if self.value is not None:
            data["values"] = [self.value]
        return data


def offers_in(message: Message, where: str, game_pk: int) -> list[Offer]:
    found = []
    for component, cid, value in message.choices():
        parsed = parse_custom_id(value or cid)
        if parsed is not None and parsed.game_pk == game_pk:
            found.append(Offer(where, message, component, value, parsed))
    return found


@dataclass
class Snapshot:
    """The game as its database says now."""

    status: str
    version: int
    state: Any
    to_act: list[str]


@dataclass
class Table:
    """Three people (the first hosts) and a computer seat at ``game`` in ``channel``."""

    emu: Emulator
    store: Store
    channel: Channel
    people: list[User]
    game: str
    seed: int = 1
    options: str | None = None
    computer: str = "random"
    typed_rate: float = 0.04  # how often a move is typed (/play with the autocomplete)
    hand_rate: float = 0.03  # how often a player looks at My hand before moving
    where: Channel | None = None  # where the table plays: the channel, or the thread the bot opened
    pk: int = 0
    seats: dict[str, SeatRow] = field(default_factory=dict)
    sent: list[Interaction] = field(default_factory=list)
    ways: Counter = field(default_factory=Counter)  # how moves were made
    refused: list[tuple[Interaction, str]] = field(default_factory=list)  # presses the bot refused
    moves: int = 0  # moves made by the people (the computer seat's are in the log)
    waits: Counter = field(default_factory=Counter)  # waits that ran out (board, dm)
    plays: list[tuple[Interaction, int]] = field(default_factory=list)  # presses that played, and the version

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)
        self.rules = GAMES[self.game]

    # ================================================================== interactions

    @property
    def table_channel(self) -> Channel:
        return self.where or self.channel

    async def command(self, user: User, name: str, sub: str | None = None, **options: Any) -> Interaction:
        """A slash command, answered (its result posted) before this returns."""
        data = self.emu.command_data(name, sub, **options)
        record = await self.emu.interact(user, self.table_channel, COMMAND, data)
        self.sent.append(record)
        await self.emu.wait_until(lambda: settled(record), ANSWER_WAIT, f"/{name} {sub or ''} answered")
        return record

    async def press(self, user: User, offer: Offer) -> Interaction:
        record = await self.emu.interact(
            user, offer.message.channel, COMPONENT, offer.interaction_data(), offer.message
        )
        self.sent.append(record)
        return record

    async def autocomplete(self, user: User, typed: str) -> list[dict[str, Any]]:
        data = self.emu.command_data("play", action=Focused(typed))
        record = await self.emu.interact(user, self.table_channel, AUTOCOMPLETE, data)
        self.sent.append(record)
        await self.emu.wait_until(lambda: record.choices is not None, ANSWER_WAIT, "autocomplete answered")
        return record.choices or []

    # ================================================================== the table

    async def open(self) -> None:
        """``/game new`` by the host, the others join, the host seats a computer and starts."""
        host, *others = self.people
        options = {"options": self.options} if self.options else {}
        await self.command(host, "game", "new", game=self.game, **options)
        threads = self.emu.threads_of(self.channel.id)
        if threads:  # the bot opened a thread for the table: the game is played there
            self.where = threads[-1]
        for person in others:
            await self.command(person, "game", "join")
        await self.command(host, "game", "add-bot", level=self.computer)
        await self.command(host, "game", "start")
        row = await self.store.latest_game(self.table_channel.id) or await self.store.latest_game(
            self.channel.id
        )
        assert row is not None and row.status == "active", f"{self.game} did not start"
        self.pk = row.id
        self.seats = {s.seat: s for s in await self.store.seats(self.pk)}

    def person(self, seat: str) -> User | None:
        row = self.seats[seat]
        if row.is_bot or row.user_id is None:
            return None
        return next(p for p in self.people if p.id == row.user_id)

    def seat_of(self, user_id: int) -> str:
        return next(s for s, row in self.seats.items() if row.user_id == user_id and not row.is_bot)

    async def snapshot(self) -> Snapshot:
        version, state_json = await self.store.state(self.pk)
        row = await self.store.game(self.pk)  # read second: a game that ends drops its state cache
        assert row is not None
        if row.status != "active" or state_json is None:
            return Snapshot(row.status, row.version, None, [])
        state = self.rules.load(json.loads(state_json))
        return Snapshot(row.status, version, state, self.rules.to_act(state))

    async def play_to_end(self, max_moves: int = 5000) -> None:
        for _ in range(max_moves):
            if not await self.step():
                return
        raise AssertionError(f"{self.game} did not end in {max_moves} moves ({self.progress()})")

    async def step(self) -> bool:
        """One person's move, or the wait for the computer seat's; False once the game is over."""
        now = await self.snapshot()
        if now.status != "active":
            return False
        people = [s for s in now.to_act if self.person(s) is not None]
        if not people:
            await self.emu.wait_until(
                lambda: self._moved_on(now.version), ANSWER_WAIT, f"the computer seat's move in {self.game}"
            )
            return True
        await self.move(self.rnd.choice(people), now)
        return True

    def progress(self) -> str:
        """How the people have been playing (for a failure's message)."""
        return f"moves {self.moves}, ways {dict(self.ways)}, refused {len(self.refused)}, waits {dict(self.waits)}"

    async def _moved_on(self, version: int) -> bool:
        row = await self.store.game(self.pk)
        return row is not None and (row.version != version or row.status != "active")

    async def play_until(self, wanted: Callable[[Snapshot], bool], max_moves: int = 60) -> Snapshot:
        """Play on until ``wanted(snapshot)``; that snapshot."""
        for _ in range(max_moves):
            now = await self.snapshot()
            if wanted(now):
                return now
            if not await self.step():
                break
        raise AssertionError(f"{self.game}: not reached within {max_moves} moves ({self.progress()})")

    async def next_board_play(self, max_moves: int = 60) -> tuple[str, User, Offer, Snapshot]:
        """Play on until one person alone is to act with a move under the public board; that
        (seat, person, the button or option, the state) — nothing pressed yet."""
        for _ in range(max_moves):
            now = await self.snapshot()
            people = [s for s in now.to_act if self.person(s) is not None]
            if now.status == "active" and len(people) == 1 and len(now.to_act) == 1:
                seat = people[0]
                with contextlib.suppress(TimeoutError):
                    await self.emu.wait_until(lambda v=now.version: self.board_at(v), BOARD_WAIT, "the board")
                legal = {str(a).lower() for a in self.rules.legal(now.state, seat)}
                offered = [
                    o
                    for o in self.board_offers()
                    if o.parsed.verb == "a" and o.parsed.version == now.version and o.parsed.action in legal
                ]
                user = self.person(seat)
                if offered and user is not None:
                    return seat, user, self.rnd.choice(offered), now
            if not await self.step():
                break
        raise AssertionError(
            f"no move under the board within {max_moves} moves of {self.game} ({self.progress()})"
        )

    async def played(self, seat: str, action: str, version: int) -> list[Any]:
        """The stored plays of ``seat`` with ``action``'s text from ``version`` on."""
        return [
            a
            for a in await self.store.actions(self.pk, since=version)
            if a.seat == seat and a.text.lower() == action and a.kind == "play"
        ]

    def board_at(self, version: int) -> list[Message]:
        """The public messages showing the game's buttons for ``version``."""
        channels = (self.channel, *self.emu.threads_of(self.channel.id))
        return [
            m
            for channel in channels
            for m in self.emu.messages_in(channel.id)
            if m.public and any(o.parsed.version == version for o in offers_in(m, "board", self.pk))
        ]

    def boards_shown(self, version: int) -> list[EmulatedSnapshot]:
        """Every public message state (as posted or edited) that showed the game's buttons for
        ``version`` — also one that a later move has edited since."""
        channels = {self.channel.id, *(t.id for t in self.emu.threads_of(self.channel.id))}
        return [
            snap
            for snap in self.emu.snapshots
            if snap.message.channel.id in channels
            and any(
                (p := parse_custom_id(c)) and p.game_pk == self.pk and p.version == version
                for c in snap.custom_ids
            )
        ]

    # ================================================================== one move

    def board_offers(self) -> list[Offer]:
        found: list[Offer] = []
        for channel in (self.channel, *self.emu.threads_of(self.channel.id)):
            for message in self.emu.messages_in(channel.id):
                if message.public:
                    found += offers_in(message, "board", self.pk)
        return found

    def offers_for(self, user: User) -> list[Offer]:
        """Everything ``user`` can press in this game: the public messages, their newest
        ephemeral panels, their newest DMs."""
        found = self.board_offers()
        for message in self.emu.ephemerals_of(user.id)[-6:]:
            found += offers_in(message, "panel", self.pk)
        for message in self.emu.dms_to(user.id)[-6:]:
            found += offers_in(message, "dm", self.pk)
        return found

    async def move(self, seat: str, now: Snapshot) -> None:
        """``seat``'s person makes one of their legal moves, found the way a person finds it."""
        user = self.person(seat)
        assert user is not None
        legal = {str(a).lower() for a in self.rules.legal(now.state, seat)}
        group_of = self.rules.seat_view(now.state, seat).groups().get  # read off the buttons' names
        secret = self.rules.private_choices(now.state, seat)
        simultaneous = len(now.to_act) > 1

        def shown() -> bool:  # the state's board (or panel, or DM) is there
            offers = self.offers_for(user)
            return any(o.parsed.version == now.version for o in offers) or (
                simultaneous and bool(self.dm_plays(offers, now.version, legal, together=True))
            )

        try:
            await self.emu.wait_until(shown, BOARD_WAIT, "the board of the current state")
        except TimeoutError:
            self.waits["board"] += 1
        if self.rnd.random() < self.hand_rate:
            await self.my_hand(user)
        if self.rnd.random() < self.typed_rate:
            await self.typed(user, seat, legal, now)
            return
        wait_for_dm = secret and simultaneous and user.id not in self.emu.dm_closed
        opened: set[str] = set()
        for _ in range(8):
            offers = self.offers_for(user)
            plays = [o for o in offers if o.parsed.verb == "a" and o.parsed.action in legal]
            current = [o for o in plays if o.parsed.version == now.version]
            by_dm = self.dm_plays(plays, now.version, together=simultaneous)
            if wait_for_dm and not by_dm:
                wait_for_dm = False  # a secret decision taken together: its DM may be on its way
                try:
                    await self.emu.wait_until(
                        lambda: self.dm_plays(self.offers_for(user), now.version, legal, simultaneous),
                        DM_WAIT,
                        "the DM of a secret decision",
                    )
                except TimeoutError:
                    self.waits["dm"] += 1
                continue
            narrow = [
                o
                for o in offers
                if o.parsed.verb == "n"
                and o.parsed.version == now.version
                and key(o) not in opened
                and members(sorted(legal), o.parsed.action, group_of)
            ]
            candidates = (by_dm if secret and by_dm else current) + narrow
            selects = [o for o in candidates if o.is_select]
            if selects and self.rnd.random() < 0.5:  # menus are rarer than buttons: use them when shown
                candidates = selects
            if candidates:
                offer = self.rnd.choice(candidates)
                if offer.parsed.verb == "n":
                    opened.add(key(offer))
                    await self.open_panel(user, offer, "narrow")
                elif await self.play(user, seat, offer, now.version):
                    return
                continue
            turn = [o for o in offers if o.parsed.verb == "t" and o.where == "board"]
            if not turn or "t" in opened:
                break
            opened.add("t")
            await self.open_panel(user, max(turn, key=lambda o: o.parsed.version), "my_turn")
        await self.typed(user, seat, legal, now)

    @staticmethod
    def dm_plays(
        offers: list[Offer], version: int, legal: set[str] | None = None, together: bool = False
    ) -> list[Offer]:
        """The plays offered in the newest DM that offers any for this state — or, for a secret
        decision taken ``together``, for an earlier one (its buttons stay valid while the others
        decide)."""
        found = [
            o
            for o in offers
            if o.where == "dm"
            and o.parsed.verb == "a"
            and (o.parsed.version == version or together and o.parsed.version < version)
            and (legal is None or o.parsed.action in legal)
        ]
        newest = max((o.message.id for o in found), default=None)
        return [o for o in found if o.message.id == newest]

    async def play(self, user: User, seat: str, offer: Offer, version: int) -> bool:
        """Press ``offer``; True when its move was played, False when the bot refused it."""
        record = await self.press(user, offer)
        outcome = await self.emu.wait_until(
            lambda: self._played_or_refused(record, seat, offer.parsed.action, version),
            ANSWER_WAIT,
            f"{offer.parsed.action!r} pressed",
        )
        if outcome == "refused":
            self.refused.append((record, offer.parsed.action))
            return False
        kind = "select" if offer.is_select else "button"
        self.ways[f"{offer.where}_{kind}"] += 1
        self.moves += 1
        self.plays.append((record, version))
        return True

    async def _played_or_refused(
        self, record: Interaction, seat: str, action: str, version: int
    ) -> str | None:
        if await self._was_played(seat, action, version):
            return "played" if record.acknowledged else None
        if record.acknowledged and record.answers():  # answers come after the move is stored
            return "played" if await self._was_played(seat, action, version) else "refused"
        return None

    async def _was_played(self, seat: str, action: str, version: int) -> bool:
        return any(
            a.seat == seat and a.text.lower() == action and a.kind == "play"
            for a in await self.store.actions(self.pk, since=version)
        )

    async def open_panel(self, user: User, offer: Offer, way: str) -> Interaction:
        """Press My turn or a narrowing choice: its answer is a panel only ``user`` sees."""
        record = await self.press(user, offer)
        await self.emu.wait_until(
            lambda: record.acknowledged and record.answers(), ANSWER_WAIT, f"the {way} panel"
        )
        for answer in record.answers():
            assert answer.ephemeral and answer.owner == user.id, f"the {way} panel is not private"
        self.ways[way] += 1
        return record

    async def my_hand(self, user: User) -> Interaction | None:
        offers = [o for o in self.board_offers() if o.parsed.verb == "h"]
        if not offers:
            return None
        record = await self.open_panel(user, max(offers, key=lambda o: o.parsed.version), "my_hand")
        return record

    async def typed(self, user: User, seat: str, legal: set[str], now: Snapshot) -> None:
        """``/play`` with the autocomplete: type part of a move, pick it from the list.

        While a decision is taken together, the computer seat may move meanwhile and change
        what is legal: then nothing is asserted and the move is looked for again."""
        target = self.rnd.choice(sorted(legal))
        typed = target[: self.rnd.randint(0, len(target))]
        choices = await self.autocomplete(user, typed)
        offered = {moved(str(c["value"])): str(c["value"]) for c in choices}  # move → the value sent
        if (await self.snapshot()).version != now.version:
            return
        strangers = [move for move in offered if move not in legal]
        assert not strangers, f"the autocomplete offered moves that are not legal: {strangers[:3]}"
        assert offered, f"the autocomplete offered nothing for {typed!r}"
        move = target if target in offered else self.rnd.choice(sorted(offered))
        record = await self.command(user, "play", action=offered[move])
        if not await self._was_played(seat, move, now.version):
            moved_on = await self._moved_on(now.version)
            assert moved_on, f"/play {move!r} was not played: {[m.content for m in record.answers()]}"
            return
        self.ways["typed"] += 1
        self.moves += 1


def moved(value: str) -> str:
    """The move an autocomplete value stands for: the value may be the move's text, or its
    button's custom_id (which carries the state version it was offered at)."""
    parsed = parse_custom_id(value)
    return parsed.action if parsed is not None and parsed.verb == "a" else value.lower()


def key(offer: Offer) -> str:
    return offer.component["custom_id"] + "|" + (offer.value or "")


def settled(record: Interaction) -> bool:
    """A slash command is answered: its placeholder was filled or removed, or it said
    something."""
    if not record.acknowledged:
        return False
    if record.original_deleted or record.followups:
        return True
    return record.original is not None and not record.original.flags & (1 << 7)
