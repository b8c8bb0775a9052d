"""What must hold after any stretch of play through the emulator, whatever the message flow:

* every interaction got exactly one initial callback (none left unanswered, none answered twice);
* every picture uploaded as a PNG is one, no post or edit leaves the message that shows the board
  without its picture, and the final scores come with a picture;
* every DM went to the right person: its moves are moves of that person's seat, legal in the
  state they were offered in, and it holds no other seat's secrets;
* nothing offered privately appears in public: no seat's private summary in a public message, no
  button of a secret decision under a public message, no private picture posted publicly; and
  no ephemeral answer holds another seat's secrets;
* the bot made no request the emulator does not know and none that failed, except those a test
  made fail.

Each function returns the problems it found (an empty list when all is well), so a test can
assert ``== []`` and read what went wrong.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.service.replays import effective_plays, replay_states
from tests.e2e.emulator import Emulator, Interaction, Snapshot
from tests.e2e.players import Table, offers_in


def one_callback_each(interactions: Iterable[Interaction]) -> list[str]:
    problems = []
    for record in interactions:
        attempts = [(c.type, c.status) for c in record.callbacks]
        if record.accepted_callbacks != 1 or len(attempts) != 1:
            problems.append(
                f"interaction {record.id} (type {record.type}, {record.data}) callbacks {attempts}"
            )
    return problems


def boards_have_pngs(emu: Emulator) -> list[str]:
    """Every picture uploaded as a PNG is one, and no post or edit leaves a message that showed
    the board without its picture (an edit replaces it or keeps it, never drops it)."""
    problems = []
    had_picture: set[int] = set()
    for snap in emu.snapshots:
        if snap.has_png:
            had_picture.add(snap.message.id)
        elif snap.message.id in had_picture:
            problems.append(
                f"message {snap.message.id} lost its picture ({snap.kind}): {snap.content[:80]!r}"
            )
    for request in emu.requests:
        for upload in request.files:
            if upload.filename.endswith(".png") and not upload.is_png:
                problems.append(f"{request.method} {request.path}: {upload.filename} is not a PNG")
    return problems


def failed_requests(emu: Emulator, allowed: Iterable[Any] = ()) -> list[str]:
    """Requests the emulator did not know, and requests that failed without a test asking."""
    allowed = list(allowed)
    problems = [f"unknown route {r.method} {r.path}" for r in emu.unknown] + emu.errors
    for request in emu.requests:
        if request.status >= 400 and request.fault is None and not any(a(request) for a in allowed):
            problems.append(f"{request.method} {request.path} → {request.status} ({request.payload!r:.200})")
    return problems


@dataclass
class Played:
    """A table's game as the database has it: every state (index v-1 is version v) and seats."""

    table: Table
    states: list[Any]

    @classmethod
    async def load(cls, table: Table) -> Played:
        row = await table.store.game(table.pk)
        assert row is not None
        seats = [s.seat for s in await table.store.seats(table.pk)]
        plays = effective_plays(await table.store.actions(table.pk))
        return cls(table, list(replay_states(table.rules, row, seats, plays)))

    def state_at(self, version: int) -> Any:
        return self.states[version - 1] if 1 <= version <= len(self.states) else None

    def secrets_of(self, seat: str) -> set[str]:
        rules = self.table.rules
        return {rules.private_summary(state, seat, "en") for state in self.states} - {""}


def _table_channels(emu: Emulator, table: Table) -> set[int]:
    return {table.channel.id, *(t.id for t in emu.threads_of(table.channel.id))}


def _public_snapshots(emu: Emulator, table: Table) -> list[Snapshot]:
    channels = _table_channels(emu, table)
    return [s for s in emu.snapshots if s.message.channel.id in channels]


def turn_messages_link_the_board(emu: Emulator, table: Table) -> list[str]:
    """Every message that calls people shows the turn picture first (``turn.png``), and each link
    button under a message of the table leads to a message of its channel holding the board."""
    problems = []
    channels = _table_channels(emu, table)
    messages = {s.message.id: s.message for s in emu.snapshots if s.message.channel.id in channels}
    links = 0
    for snap in _public_snapshots(emu, table):
        if snap.kind == "create" and snap.message.mention_users and snap.custom_ids:
            names = [name for name, _png, _size in snap.attachments]
            if names[:1] != ["turn.png"] and "summary.png" not in names:
                problems.append(f"a turn message of {table.game} without its turn picture: {names}")
    for snap in _public_snapshots(emu, table):  # each link as it was offered (a retired one is gone)
        for url in snap.links:
            links += 1
            target = messages.get(int(url.rsplit("/", 1)[-1]))
            if target is None or not any(a.filename == "board.png" for a in target.attachments):
                problems.append(f"{table.game}: a link to {url} that shows no board")
    if not links:
        problems.append(f"{table.game}: no turn message links to the board")
    return problems


def dms_to_the_right_people(emu: Emulator, played: Played) -> list[str]:
    table, rules = played.table, played.table.rules
    problems = []
    people = {p.id: table.seat_of(p.id) for p in table.people}
    secrets = {seat: played.secrets_of(seat) for seat in people.values()}
    for user_id, seat in people.items():
        others = set().union(*(s for other, s in secrets.items() if other != seat)) - secrets[seat]
        for dm in emu.dms_to(user_id):
            for offer in offers_in(dm, "dm", table.pk):
                state = played.state_at(offer.parsed.version)
                if offer.parsed.verb != "a" or state is None:
                    continue
                legal = (
                    {str(a).lower() for a in rules.legal(state, seat)}
                    if seat in rules.to_act(state)
                    else set()
                )
                if offer.parsed.action not in legal:
                    problems.append(
                        f"DM to {user_id} ({seat}) offers {offer.parsed.action!r}, not theirs to play"
                    )
            leaked = [s for s in others if shows(dm.content, s)]
            if leaked:
                problems.append(f"DM to {user_id} ({seat}) shows another seat's secret: {leaked[0]!r}")
    return problems


def nothing_private_in_public(emu: Emulator, played: Played) -> list[str]:
    table, rules = played.table, played.table.rules
    problems = []
    public = _public_snapshots(emu, table)
    public_text = "\n".join(s.content for s in public)
    for seat in table.seats:
        for secret in played.secrets_of(seat):
            if shows(public_text, secret):
                problems.append(f"{seat}'s private summary in public: {secret!r}")
    public_ids = {cid for s in public for cid in s.custom_ids}
    private_pictures = set()
    people = {p.id: table.seat_of(p.id) for p in table.people}
    for user_id, seat in people.items():
        secrets = set().union(
            *(played.secrets_of(s) for s in people.values() if s != seat)
        ) - played.secrets_of(seat)
        channels = _table_channels(emu, table)
        seen = [m for m in emu.ephemerals_of(user_id) if m.channel.id in channels] + emu.dms_to(user_id)
        for message in seen:
            for offer in offers_in(message, "private", table.pk):
                state = played.state_at(offer.parsed.version)
                if (
                    offer.parsed.verb == "a"
                    and state is not None
                    and rules.private_choices(state, seat)
                    and (offer.value or offer.component["custom_id"]) in public_ids
                ):
                    problems.append(
                        f"a secret choice of {seat} under a public message: {offer.parsed.action!r}"
                    )
            if message.ephemeral and any(shows(message.content, s) for s in secrets):
                problems.append(f"an answer to {user_id} ({seat}) shows another seat's secret")
        for dm in emu.dms_to(user_id):
            if dm.interaction_id is None:  # a DM the bot sent (not its answer to a press there)
                private_pictures |= {_digest(a.data) for a in dm.attachments}
    for snap in public:
        for (filename, _, _), digest in zip(snap.attachments, snap.digests, strict=True):
            if digest in private_pictures:
                problems.append(f"a private picture posted in public: {filename}")
    return problems


def final_scores_posted(emu: Emulator, played: Played) -> list[str]:
    """The game ended, and the channel was told every seat's final score, with a picture (the
    final board, the summary)."""
    table, rules = played.table, played.table.rules
    result = rules.result(played.states[-1])
    if result is None:
        return [f"{table.game} did not end"]

    def complete(content: str) -> bool:
        return all(row.name in content and str(result.scores[s]) in content for s, row in table.seats.items())

    final = [snap for snap in _public_snapshots(emu, table) if complete(snap.content)]
    if not final:
        return [f"no public message of {table.game} shows every seat's final score"]
    if not any(snap.has_png for snap in final):
        return [f"the final scores of {table.game} came without a picture"]
    return []


def shows(text: str, secret: str) -> bool:
    """Whether ``text`` holds ``secret`` as whole lines (``Pesos: 0`` is not in ``Pesos: 10``)."""
    return f"\n{secret}\n" in f"\n{text}\n"


def refusals_are_private(table: Table) -> list[str]:
    """A press the bot refused was answered to the presser alone, and played nothing."""
    problems = []
    for record, action in table.refused:
        for answer in record.answers():
            if not answer.ephemeral or answer.owner != record.user.id:
                problems.append(f"the refusal of {action!r} was not private: {answer.content!r}")
    return problems


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
