"""The engine contract every game implements, and the pieces all games share.

A game is a module that exposes one ``RULES`` object, a :class:`Game`: the rules
(:class:`GameRules`: setup, who acts, legal moves, apply, views, the result, dump/load) and their
presentation (:class:`GamePresentation`: every sentence, in any language, and :class:`SeatView`,
all a seat sees in one call). ``Rules`` is the older name of :class:`Game`. The bot only ever
talks to games through that object, so the three games look the same from outside:

* players are seat ids ``"p0"``…``"pN"``;
* states are game-specific objects that are never mutated by ``apply`` (it returns a new one);
* actions are frozen :class:`Action` values whose ``str()`` is the canonical text that ``parse``
  reads back;
* all randomness comes from a :class:`Rng` whose whole state is an integer kept in the game
  state, so ``dump``/``load`` and replaying an action log from the seed are exact;
* events are structured (:class:`Event`), so the bot can write them as log lines in any language,
  and they say whether they revealed hidden information or drew something random (undo needs that).

The engine is pure: no I/O, no asyncio, no discord, no Pillow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol, TypedDict, TypeVar, runtime_checkable

__all__ = [
    "Action",
    "Arg",
    "ChoiceGroup",
    "Event",
    "Game",
    "GamePresentation",
    "GameRules",
    "GameState",
    "IllegalAction",
    "Move",
    "Names",
    "Progress",
    "Result",
    "Rng",
    "Rules",
    "RulesBase",
    "SeatView",
    "seat_ids",
    "parse_from_legal",
    "rank_by_keys",
]

T = TypeVar("T")

MASK64 = (1 << 64) - 1


class IllegalAction(ValueError):
    """A move the rules forbid. ``str(error)`` is one English sentence a player understands,
    e.g. "The cigar factory needs 2 wood and 2 stone; you have 1 wood and 2 stone."
    Raising it must leave the state untouched (``apply`` never mutates its input anyway).

    The message may be given as a function of the language (``lambda lang: …``) so that the bot
    can show the refusal in the player's own language: :meth:`text` calls it; ``str()`` is English.
    """

    def __init__(self, message: str | Callable[[str], str] = "") -> None:
        self._render: Callable[[str], str] | None = message if callable(message) else None
        super().__init__(message("en") if callable(message) else message)

    @classmethod
    def keyed(cls, key: str, **values: Any) -> IllegalAction:
        """A refusal from the shared engine catalogue (``engine/locales``)."""
        from engine.i18n import common

        return cls(lambda lang: common(lang, key, **values))

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (English when the refusal was given as plain text)."""
        if self._render is not None:
            return self._render(lang)
        return str(self)


def seat_ids(count: int) -> list[str]:
    """The seat ids of a game with ``count`` players: ``["p0", "p1", …]``."""
    return [f"p{i}" for i in range(count)]


# --------------------------------------------------------------------------------------------
# Actions


#: One argument of an :class:`Action`: a number (a field's row, an amount) or a lowercase word.
Arg = int | str


def _token(value: str) -> Arg:
    """A canonical-text token: integers (also negative) become ``int``, words stay ``str``."""
    if value.lstrip("-").isdigit() and value not in ("-", ""):
        return int(value)
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``kind`` is a lowercase verb, ``args`` its arguments (ints and lowercase words).

    ``str(Action("worker", (2, 3)))`` is ``"worker 2 3"`` and ``Action.from_text("worker 2 3")``
    gives the same action back, so the canonical text of every action parses to the action.
    Games may subclass it, but the text form must stay ``kind arg arg …``.
    """

    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Split a canonical text into an action (syntax only; legality is the game's job)."""
        if not isinstance(text, str):
            raise IllegalAction.keyed("action_not_text")
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction.keyed("action_empty")
        if len(text) > 200 or len(words) > 20:
            raise IllegalAction.keyed("action_too_long")
        return cls(words[0], tuple(_token(w) for w in words[1:]))


def parse_from_legal(text: str, legal: Iterable[Action]) -> Action:
    """Read ``text`` as one of ``legal``: the default ``Rules.parse`` for games whose legal lists
    are finite and small. Raises :class:`IllegalAction` with a helpful sentence otherwise."""
    wanted = Action.from_text(text)
    legal = list(legal)
    for action in legal:
        if action == wanted or str(action) == str(wanted):
            return action
    if not legal:
        raise IllegalAction.keyed("not_your_turn")
    same_kind = [a for a in legal if a.kind == wanted.kind]
    if same_kind:
        examples = ", ".join(f"'{a}'" for a in same_kind[:3])
        raise _not_legal(str(wanted), examples)
    kinds = ", ".join(sorted({a.kind for a in legal})[:8])
    raise _kind_not_now(wanted.kind, kinds)


def _not_legal(wanted: str, examples: str) -> IllegalAction:
    from engine.i18n import common

    return IllegalAction(
        lambda lang: common(
            lang, "not_legal_now", wanted=wanted, what=common(lang, "what_move"), examples=examples
        )
    )


def _kind_not_now(kind: str, kinds: str) -> IllegalAction:
    from engine.i18n import common

    return IllegalAction(
        lambda lang: common(lang, "kind_not_now", kind=kind, what=common(lang, "what_move"), kinds=kinds)
    )


# --------------------------------------------------------------------------------------------
# Events


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log and for undo.

    ``visible_to`` is ``None`` for a public event, or the seats allowed to see it (a bid made in
    secret, a card drawn into a hand). ``reveals_hidden`` marks events that showed the table
    something it did not know (bids revealed, a face-down tile turned) and ``random`` those that
    drew from the RNG: an action producing either can never be undone.
    """

    kind: str
    seat: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    reveals_hidden: bool = False
    random: bool = False
    visible_to: tuple[str, ...] | None = None

    def is_visible_to(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "data": dict(self.data),
            "reveals_hidden": self.reveals_hidden,
            "random": self.random,
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        vis = d.get("visible_to")
        return cls(
            kind=d["kind"],
            seat=d.get("seat"),
            data=dict(d.get("data") or {}),
            reveals_hidden=bool(d.get("reveals_hidden")),
            random=bool(d.get("random")),
            visible_to=tuple(vis) if vis is not None else None,
        )


def undoable(events: Iterable[Event]) -> bool:
    """True when none of ``events`` revealed hidden information or drew something random."""
    return not any(e.reveals_hidden or e.random for e in events)


# --------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Result:
    """The end of a game.

    ``scores`` maps seat → final points. ``ranking`` lists the seats best first with the
    rulebook's tie-breaks applied; ``places`` gives each seat its place (1 = winner), equal for a
    tie that the rules leave shared. ``breakdown`` gives points per scoring category per seat
    (for the summary picture) and ``tiebreak`` the values the tie-break used (e.g. pesos).
    """

    scores: dict[str, int]
    ranking: list[str]
    places: dict[str, int] = field(default_factory=dict)
    breakdown: dict[str, dict[str, int]] = field(default_factory=dict)
    tiebreak: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[str]:
        if not self.places:
            return self.ranking[:1]
        return [s for s in self.ranking if self.places[s] == 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "ranking": list(self.ranking),
            "places": dict(self.places),
            "breakdown": {k: dict(v) for k, v in self.breakdown.items()},
            "tiebreak": dict(self.tiebreak),
        }


def rank_by_keys(scores: Mapping[str, int], keys: Mapping[str, tuple[int, ...]], **extra: Any) -> Result:
    """Build a :class:`Result` from seat → sort key (higher is better, compared left to right;
    e.g. ``(vp, pesos)``). Seats whose whole key is equal share a place; within a shared place
    the seat order is kept so the ranking is deterministic."""
    seats = list(keys)
    order = sorted(seats, key=lambda s: (tuple(-k for k in keys[s]), seats.index(s)))
    places: dict[str, int] = {}
    for i, s in enumerate(order):
        if i and keys[s] == keys[order[i - 1]]:
            places[s] = places[order[i - 1]]
        else:
            places[s] = i + 1
    return Result(scores=dict(scores), ranking=order, places=places, **extra)


# --------------------------------------------------------------------------------------------
# Random numbers


class Rng:
    """A small deterministic PRNG (SplitMix64) whose entire state is one integer.

    Games keep ``rng.state`` inside their game state (an ``int`` is JSON-able), create an
    ``Rng(state.rng)`` when they need randomness inside ``apply`` (on the *copy* of the state)
    and store ``rng.state`` back. Python's ``random`` is never used by the engine: its state does
    not fit in a JSON dump and its algorithms may change between versions.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = int(state) & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """An RNG for a new game; mixes the seed so that nearby seeds give unrelated games."""
        rng = cls(seed ^ 0x5DEECE66D_9E3779B9)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]``, both ends included (a die: ``randint(1, 6)``)."""
        return a + self.randrange(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]


# --------------------------------------------------------------------------------------------
# The contract


#: A game's state: each game has its own type (a typed dict, a dataclass); the contract does not
#: look inside it, only hands it back to the same game.
GameState = Any

#: What a dump is made of: JSON values under string keys.
JsonDict = dict[str, Any]

#: Seat → the player's display name, for sentences that name players.
Names = Mapping[str, str]


class Progress(TypedDict):
    """The score as it grows (see :meth:`GameRules.progress`)."""

    round: int
    scores: dict[str, int]


@runtime_checkable
class GameRules(Protocol):
    """The rules half of the contract: what a game is and how it is played.

    Required attributes: ``id`` (``"cuba"``…), ``title`` (``"Cuba"``), ``min_players``,
    ``max_players`` and ``options`` (option name → default value).
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Any]

    def new(self, players: list[str], seed: int, **options: Any) -> GameState:
        """A set-up game; every random choice comes from ``seed``. Unknown options or values
        raise ``IllegalAction``. Choices the rules give players at setup are actions."""

    def start(self, players: list[str], seed: int, **options: Any) -> tuple[GameState, list[Event]]:
        """:meth:`new` with the events of the setup for the log (Santiago's placement and first
        roll); ``(new(...), [])`` for a game whose setup tells the table nothing
        (:class:`RulesBase` gives that). The bot starts a game with it."""

    def to_act(self, state: GameState) -> list[str]:
        """Seats that may act now (several in a simultaneous step); empty when the game is over."""

    def legal(self, state: GameState, seat: str) -> list[Action]:
        """Every legal action for ``seat`` now (empty when it may not act). Finite and complete."""

    def apply(self, state: GameState, seat: str, action: Action) -> tuple[GameState, list[Event]]:
        """The state after ``seat`` plays ``action``; the input state is never mutated.
        Raises ``IllegalAction`` (with a sentence a player understands) for any illegal move."""

    def parse(self, state: GameState, seat: str, text: str) -> Action:
        """The action whose canonical text is ``text``; ``parse(s, seat, str(a)) == a``."""

    def view(self, state: GameState, seat: str | None) -> Mapping[str, Any]:
        """A JSON-able view for ``seat`` (``None``: the public table) with everybody else's hidden
        information removed. The renderer and computer players see only views. A mapping, so that a
        game may return its own typed dict; callers only read it."""

    def result(self, state: GameState) -> Result | None:
        """``None`` while the game runs, then the final :class:`Result`."""

    def dump(self, state: GameState) -> JsonDict:
        """A lossless JSON-able dict of the state, with a ``"schema"`` version."""

    def load(self, data: Mapping[str, Any]) -> GameState:
        """The state from :meth:`dump`'s output."""

    # ---- the score as it grows (for the end-of-game summary and ``/game status``) ----

    def progress(self, state: GameState) -> Progress:
        """``{"round": n, "scores": {seat: points}}``: the round now being played (1-based) and
        each seat's points as the table shows them now. The summary chart samples it after
        every action of a replay; at the end ``scores`` equals ``result(state).scores``."""

    def public_scores(self, state: GameState) -> dict[str, int] | None:
        """The points the open table shows now (``/game status``); ``None`` while they are
        hidden (behind Santiago's screens) or when the game shows none during play."""


@runtime_checkable
class GamePresentation(Protocol):
    """The text half of the contract: everything a game says, in any language of
    :data:`engine.i18n.LANGUAGES`.

    Every text method takes ``lang`` (default English); the words come from the game's
    catalogues in ``engine/<game>/locales``. :class:`engine.presentation.PresentationBase` gives
    :meth:`seat_view` from the other methods.
    """

    def display_title(self, lang: str = "en") -> str:
        """The game's name as players of that language know it (``古巴`` for Cuba in Chinese)."""

    def describe(self, event: Event, names: Names, lang: str = "en") -> str:
        """One log line for ``event``; ``names`` maps seat → display name."""

    def label(
        self, state: GameState, seat: str, action: Action, lang: str = "en", names: Names | None = None
    ) -> str:
        """A short button label for ``action`` (≤ 80 characters, e.g. "Buy rum · 5"). ``names``
        (seat → display name) is for labels that name another player (Goa's spy)."""

    def choice_group(
        self, state: GameState, seat: str, action: Action, lang: str = "en"
    ) -> ChoiceGroup | None:
        """The group of like moves ``action`` belongs to, in the table's terms, for a decision
        with more moves than one message shows (Goa's flag places: by ring side and board row);
        None lets the bot group the moves by the words of their texts."""

    def prompt(self, state: GameState, seat: str, lang: str = "en") -> str:
        """One sentence telling ``seat`` what it must decide now ("Choose a field for your
        worker."); empty when the seat has nothing to do."""

    def help_sections(self, lang: str = "en") -> list[tuple[str, str]]:
        """The rules explained in short sections (title, text) for ``/game rules``."""

    def category_name(self, category: str, lang: str = "en") -> str:
        """The name of a scoring category of ``Result.breakdown`` ("Shipping", "船运")."""

    def private_summary(self, state: GameState, seat: str, lang: str = "en") -> str:
        """What only ``seat`` knows, in a few lines (Santiago's screen, Goa's ducats and hand,
        Cuba's own bid); empty when the seat holds no secret. The bot shows it behind the
        "My hand" button, always current (and in the DM of a secret simultaneous decision)."""

    def private_choices(self, state: GameState, seat: str) -> bool:
        """True when listing ``seat``'s legal actions would reveal hidden information (amounts
        bounded by hidden money, cards from a hidden hand, a secret bid). The bot then offers
        those choices only privately (DM or ephemeral), never as buttons under the public board."""

    def seat_view(
        self, state: GameState, seat: str, lang: str = "en", names: Names | None = None
    ) -> SeatView:
        """Everything ``seat`` sees of ``state`` in ``lang``, in one call (see :class:`SeatView`):
        the same answers as :meth:`GameRules.to_act`, :meth:`GameRules.legal`, :meth:`label`
        per move, :meth:`prompt`, :meth:`private_summary`, :meth:`private_choices` and
        :meth:`GameRules.view` asked one by one."""


@runtime_checkable
class Game(GameRules, GamePresentation, Protocol):
    """What every game module exposes as ``RULES`` and ``engine.GAMES`` hands out: the rules and
    their presentation. The bot only ever talks to a game through these methods."""


#: The name the bot and the tests have always used for the whole contract.
Rules = Game


@dataclass(frozen=True, slots=True)
class ChoiceGroup:
    """A group of like moves as the table names it (see :meth:`GamePresentation.choice_group`).

    ``key`` is a short lowercase word (letters, digits, ``-``) that tells it from the decision's
    other groups; ``name`` says what it holds in the reader's language, whole (a button label,
    at most 80 characters: "Flag on the top edge: A0 B0 C0"); ``places`` are the board's
    spaces it holds, as the board names them (for a picture that rings them)."""

    key: str
    name: str
    places: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Move:
    """One legal action of a seat with its button label in the reader's language, and the
    group the game puts it in when there are too many to show at once (None: by its words)."""

    action: Action
    label: str
    group: ChoiceGroup | None = None


class SeatView:
    """What one seat sees after a change, in one language: the answer of
    :meth:`GamePresentation.seat_view`.

    Only ``seat``'s own secrets are in it (its ``private_summary`` and ``view``); ``moves`` and
    ``prompt`` are empty when it may not act. When ``private_choices`` is true the moves must be
    offered to ``seat`` alone (DM or ephemeral), never under the public board.

    Each part is asked of the game the first time it is read and kept: one object answers every
    question the bot has about a seat after a change, yet a turn line that needs only the prompt
    does not pay for the view and the labels of every move. The state must not change while the
    object is in use (the engine never changes a state in place: ``apply`` returns a new one).
    """

    def __init__(
        self, game: Game, state: GameState, seat: str, lang: str = "en", names: Names | None = None
    ) -> None:
        self.seat = seat
        self.lang = lang
        self._game = game
        self._state = state
        self._names = names

    @cached_property
    def acting(self) -> bool:
        """Whether ``seat`` is among the seats to act now."""
        return self.seat in self._game.to_act(self._state)

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """Its legal actions in the engine's order, each with its label in ``lang``."""
        game, state, seat, lang = self._game, self._state, self.seat, self.lang
        return tuple(
            Move(a, game.label(state, seat, a, lang, self._names), game.choice_group(state, seat, a, lang))
            for a in game.legal(state, seat)
        )

    @cached_property
    def prompt(self) -> str:
        """What it must decide now ("" when nothing)."""
        return self._game.prompt(self._state, self.seat, self.lang)

    @cached_property
    def private_summary(self) -> str:
        """What only it knows ("" when it holds no secret)."""
        return self._game.private_summary(self._state, self.seat, self.lang)

    @cached_property
    def private_choices(self) -> bool:
        """Whether listing its moves would reveal hidden information."""
        return self._game.private_choices(self._state, self.seat)

    @cached_property
    def view(self) -> Mapping[str, Any]:
        """Its own view of the table (``GameRules.view(state, seat)``)."""
        return self._game.view(self._state, self.seat)

    @property
    def legal(self) -> list[Action]:
        """The legal actions alone, as :meth:`GameRules.legal` gives them."""
        return [move.action for move in self.moves]

    def labels(self) -> dict[str, str]:
        """Canonical action text → label, as the bot keys its buttons."""
        return {str(move.action): move.label for move in self.moves}

    def groups(self) -> dict[str, ChoiceGroup]:
        """Canonical action text → the group the game puts it in (only the moves it groups)."""
        return {str(move.action): move.group for move in self.moves if move.group is not None}


class _Setup(Protocol):
    def new(self, players: list[str], seed: int, **options: Any) -> GameState: ...


class RulesBase:
    """What a game inherits instead of writing it: :meth:`GameRules.start` for a game whose
    setup has no events to log (Cuba, Goa)."""

    def start(self: _Setup, players: list[str], seed: int, **options: Any) -> tuple[GameState, list[Event]]:
        return self.new(players, seed, **options), []
