"""A gateway that records everything instead of talking to Discord (for tests and `bench/`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.service.outcome import Choice, ClosedDm, Outcome, PrivateMessage, PublicMessage, SentDm


@dataclass
class Ephemeral:
    """One ephemeral answer as recorded."""

    interaction: object
    text: str
    image: bytes | None
    choices: list[Choice]


@dataclass
class RecordingGateway:
    """Implements :class:`bot.service.outcome.Gateway`, keeping every call in lists.

    ``refuse_dms_for`` holds users whose DMs are closed (``send_private`` answers None, as
    Discord's 403 does); with ``fail_uploads`` every public post with a file fails (None), with
    ``fail_posts`` every public post.
    ``acknowledged`` keeps the answers to moves (``Gateway.acknowledge``): the sentence said in
    place of the pressed private message, or the caller's next private decision.
    """

    refuse_dms_for: set[int] = field(default_factory=set)
    fail_uploads: bool = False
    fail_posts: bool = False
    public: list[tuple[int, PublicMessage]] = field(default_factory=list)
    edits: list[tuple[int, int, PublicMessage]] = field(default_factory=list)
    private: list[PrivateMessage] = field(default_factory=list)
    refused: list[PrivateMessage] = field(default_factory=list)
    closed: list[ClosedDm] = field(default_factory=list)  # decision DMs closed
    ephemeral: list[Ephemeral] = field(default_factory=list)
    acknowledged: list[Ephemeral] = field(default_factory=list)
    _next_id: int = 1000
    #: Every public message as it reads now, and how many posts and edits it holds: kept up to
    #: date as they come (``current()`` is asked after every move; building it anew from every
    #: post and edit each time made a long game's checks quadratic).
    _now: dict[int, PublicMessage] = field(default_factory=dict, init=False, repr=False, compare=False)
    _counted: tuple[int, int] = field(default=(0, 0), init=False, repr=False, compare=False)

    async def post_public(self, msg: PublicMessage) -> int | None:
        if self.fail_posts or (self.fail_uploads and (msg.image is not None or msg.attachments)):
            return None
        self._next_id += 1
        self.public.append((self._next_id, msg))
        return self._next_id

    async def edit_public(self, channel_id: int, message_id: int, msg: PublicMessage) -> bool:
        known = message_id in self._messages()
        if known:
            self.edits.append((channel_id, message_id, msg))
        return known

    def _messages(self) -> dict[int, PublicMessage]:
        """Message id → the message as it reads now: the posts and edits recorded since the last
        call applied in order (an edit only ever follows its message's post), or all of them
        again if the lists were emptied or replaced."""
        posts, edits = self._counted
        if len(self.public) < posts or len(self.edits) < edits:
            self._now, posts, edits = {}, 0, 0
        self._now.update(self.public[posts:])
        for _channel, message_id, edit in self.edits[edits:]:
            old = self._now[message_id]
            self._now[message_id] = replace(
                old, text=edit.text, choices=edit.choices, image=edit.image or old.image
            )
        self._counted = (len(self.public), len(self.edits))
        return self._now

    def current(self) -> list[tuple[int, PublicMessage]]:
        """Every public message as it reads now: posted, then changed by its edits (words and
        buttons; the picture when an edit brings one)."""
        return sorted(self._messages().items())

    def board(self) -> PublicMessage | None:
        """The newest public message with buttons as it reads now: the live turn message."""
        return next((m for _id, m in reversed(self.current()) if m.choices), None)

    async def send_private(self, msg: PrivateMessage) -> SentDm | None:
        if msg.user_id in self.refuse_dms_for:
            self.refused.append(msg)
            return None
        self.private.append(msg)
        self._next_id += 1
        return SentDm(self._next_id, 900_000 + msg.user_id)

    def pressed(self, interaction: object) -> int | None:
        return None  # the recorded interactions press no message of ours

    async def close_private(self, closed: ClosedDm) -> bool:
        self.closed.append(closed)
        return True

    async def reply_ephemeral(
        self, interaction: object, text: str, image: bytes | None = None, choices: list[Choice] | None = None
    ) -> None:
        self.ephemeral.append(Ephemeral(interaction, text, image, list(choices or [])))

    async def acknowledge(self, interaction: object, outcome: Outcome) -> None:
        text = outcome.ephemeral or outcome.done or ""
        self.acknowledged.append(
            Ephemeral(interaction, text, outcome.ephemeral_image, list(outcome.ephemeral_choices))
        )

    # ---- what tests ask

    def public_texts(self) -> list[str]:
        """The texts of the public messages as they read now."""
        return [m.text for _, m in self.current()]

    def dms_to(self, user_id: int) -> list[PrivateMessage]:
        return [m for m in self.private if m.user_id == user_id]
