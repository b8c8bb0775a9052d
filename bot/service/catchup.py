"""Catching up after a while away: what happened since a player's last move, in a few lines, and
what the board should mark as changed since their last look.

* :func:`lines` condenses the public log since a seat's last action of its own into at most
  :data:`MAX_RUNS` lines, one per run of consecutive moves by one seat (the table's own lines —
  a round ending — go with the move that caused them), oldest first, in the reader's language.
  Only public events are read: what a seat saw alone (a secret bid, a card drawn) is never in
  it, nor are undone moves.
* :func:`since_look` is the version the board's marks start from: the last look of the
  people to act (their last action of their own, or a later private look — My hand, My turn,
  ``/game status``); :class:`Views` keeps the public view at each seat's last look (at most one
  per seat) so that the view at that version is at hand without replaying the log (it replays
  when it must).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.service import autoplay
from bot.service.replays import effective_plays, replay_state
from bot.stores.rows import ActionRow
from bot.texts import t, t_count
from engine.core import Event, Rules
from engine.i18n import join_words

if TYPE_CHECKING:
    from bot.service.tables import Table
    from bot.stores.protocol import GameStore

#: At most this many lines of catch-up (runs of one seat's moves); older runs are counted.
MAX_RUNS = 6
#: One run's line is cut here.
MAX_RUN_TEXT = 220


def public_lines(rules: Rules, row: ActionRow, names: Mapping[str, str], lang: str) -> list[str]:
    """The public log lines of one action row in ``lang``."""
    found = []
    for data in row.events:
        event = Event.from_dict(data)
        if event.visible_to is None:
            line = autoplay.describe(rules, event, names, lang)
            if line:
                found.append(line)
    return found


def runs(
    rules: Rules, rows: Iterable[ActionRow], names: Mapping[str, str], lang: str
) -> list[tuple[str, list[str]]]:
    """(seat, its public lines) per run of consecutive plays by one seat, oldest first; plays
    taken back (and the undos) are left out, and so are plays that showed nothing."""
    found: list[tuple[str, list[str]]] = []
    for row in effective_plays(rows):
        said = public_lines(rules, row, names, lang)
        if not said:
            continue
        seat = row.seat or ""
        if found and found[-1][0] == seat:
            found[-1][1].extend(said)
        else:
            found.append((seat, said))
    return found


def condensed(said: Sequence[str], limit: int = MAX_RUN_TEXT) -> str:
    """One run's lines on one line, whole lines while they fit in ``limit`` (the first always,
    cut at a word if it must be), then ``…`` for the rest."""
    out = ""
    for k, line in enumerate(said):
        joined = f"{out} · {line}" if out else line
        if len(joined) <= limit:
            out = joined
            continue
        if not out:
            cut = line[: limit - 1]
            out = (cut[: cut.rfind(" ")] if " " in cut else cut).rstrip() + "…"
        elif k < len(said):
            out += " · …"
        break
    return out


def lines(
    rules: Rules,
    rows: Sequence[ActionRow],
    names: Mapping[str, str],
    called: Sequence[str],
    lang: str,
    *,
    min_runs: int = 1,
) -> list[str]:
    """The catch-up for the seats ``called`` (whose turn begins): a header naming them and the
    condensed public log of ``rows`` (the rows since their last action), without the called
    seat's own moves when one seat is called. Empty when nothing public happened, or fewer
    than ``min_runs`` runs did (the turn message asks for 2: one run is the turn whose own
    message stands right above)."""
    if not called:
        return []
    own = set(called) if len(called) == 1 else set()
    found = [(seat, said) for seat, said in runs(rules, rows, names, lang) if seat not in own]
    if not found or len(found) < min_runs:
        return []
    earlier = found[:-MAX_RUNS]
    shown = found[-MAX_RUNS:]
    who = join_words([names.get(s, s) for s in called], lang)
    key = "catch_up_header" if len(called) == 1 else "catch_up_header_many"
    out = [t(key, lang, names=who)]
    if earlier:
        out.append(t_count("catch_up_earlier", lang, sum(1 for _ in earlier)))
    out += [t("catch_up_line", lang, text=condensed(said)) for _seat, said in shown]
    return out


class LogSince:
    """The log as one change reads it: each seat's last action, read once (the catch-ups and the
    board's change marks both start from it), and the rows after a point, read once — from the
    earliest point asked for or announced (:meth:`reach_back`); again only when an earlier one
    is asked for later."""

    def __init__(self, store: GameStore, pk: int) -> None:
        self.store, self.pk = store, pk
        self._acts: dict[str, int] | None = None
        self._rows: list[ActionRow] = []
        self._since: int | None = None  # the rows kept are those with n >= this
        self._floor: int | None = None  # the earliest row announced as wanted

    async def acts(self) -> dict[str, int]:
        """Each seat's last action of its own (``GameStore.last_acts``), read once."""
        if self._acts is None:
            self._acts = await self.store.last_acts(self.pk)
        return self._acts

    def reach_back(self, n: int) -> None:
        """The rows from ``n`` on will be asked for too: the first read takes them along."""
        if self._since is None:
            self._floor = n if self._floor is None else min(self._floor, n)

    async def after(self, n: int) -> list[ActionRow]:
        """The log rows from ``n`` on."""
        if self._since is None or n < self._since:
            start = n if self._floor is None else min(n, self._floor)
            self._rows, self._since = await self.store.actions(self.pk, since=start), start
        return [row for row in self._rows if row.n >= n]

    async def rows(self, seats: Sequence[str]) -> list[ActionRow]:
        """The rows after the earliest last action of ``seats`` (all rows when one of them
        never acted)."""
        acts = await self.acts()
        return await self.after(min((acts.get(seat, 0) for seat in seats), default=0) + 1)


def looked(acts: Mapping[str, int], seen: int | None, seat: str) -> int:
    """The version of a seat's last look: after its last action of its own (log row ``n`` took
    the game to version ``n + 1``) or at a later private look; 1 (the start) when neither."""
    after_act = acts[seat] + 1 if seat in acts else 1
    return max(after_act, seen or 0)


def since_look(table: Table, acts: Mapping[str, int]) -> tuple[int, list[str]] | None:
    """The version the board marks changes from — the earliest last look of the people to act
    now (computer seats look at nothing), from each seat's last action ``acts``
    (:meth:`LogSince.acts`) — and the seats whose last look it is; None when nobody is to act, or
    nothing changed."""
    people = [
        s for s in table.rules.to_act(table.state) if not table.seat(s).is_bot and table.seat(s).user_id
    ]
    if not people or table.rules.result(table.state) is not None:
        return None
    looks = {s: looked(acts, table.seat(s).seen_version, s) for s in people}
    since = min(looks.values())
    if since >= table.row.version:
        return None
    return since, [s for s, version in looks.items() if version == since]


class Views:
    """The public views the board's change marks start from: per game, the view at the last
    look of each seat (:func:`looked`), as compact JSON — at most one view per seat, shared by
    the seats that looked at the same version. A view asked for and not kept (the process
    restarted, or a look it did not see) is replayed from the log, and kept for the seats whose
    look it is."""

    def __init__(self) -> None:
        #: game pk → seat → the version of its last look, as this process saw it
        self._looks: dict[int, dict[str, int]] = {}
        #: game pk → version → its public view (compact JSON), for the versions in ``_looks``
        self._kept: dict[int, dict[int, str]] = {}

    def keep(self, pk: int, version: int, view: Mapping[str, Any], seats: Iterable[str]) -> None:
        """``seats`` looked at the game at ``version``, whose public view is ``view``; the views
        no seat's look needs any more are dropped."""
        looks = self._looks.setdefault(pk, {})
        looks.update(dict.fromkeys(seats, version))
        kept = self._kept.setdefault(pk, {})
        if version in looks.values():
            kept[version] = json.dumps(view, separators=(",", ":"))
        wanted = set(looks.values())
        for old in [v for v in kept if v not in wanted]:
            del kept[old]

    def forget(self, pk: int) -> None:
        """The game closed: nothing of it is kept."""
        self._looks.pop(pk, None)
        self._kept.pop(pk, None)

    def games(self) -> int:
        """How many games have something kept."""
        return len(self._looks.keys() | self._kept.keys())

    def count(self) -> int:
        """How many views are kept, over all games."""
        return sum(len(kept) for kept in self._kept.values())

    def get(self, pk: int, version: int) -> dict[str, Any] | None:
        kept = self._kept.get(pk)
        text = kept.get(version) if kept is not None else None
        return json.loads(text) if text is not None else None

    async def at(
        self, store: GameStore, table: Table, version: int, seats: Iterable[str] = ()
    ) -> dict[str, Any] | None:
        """The public view of ``table``'s game at ``version`` (the last look of ``seats``),
        replayed from the log when not kept; None for a version before the game's replay base
        (its log does not reach it)."""
        found = self.get(table.row.id, version)
        if found is not None:
            return found
        base = await store.replay_base(table.row.id)
        if base is not None and version < base.version:
            return None
        rows = [a for a in await store.actions(table.row.id) if a.n < version]
        names = [s.seat for s in table.seats]
        state = replay_state(table.rules, table.row, names, effective_plays(rows), base)
        view = table.rules.view(state, None)
        if table.row.status == "active":  # nothing is kept of a closed game
            self.keep(table.row.id, version, view, seats)
        return json.loads(json.dumps(view))
