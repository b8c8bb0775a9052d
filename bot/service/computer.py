"""Computer seats' moves and hints: the searches run in the service's worker pool.

A computer seat's move is found *outside* the channel's lock (a strong player's search takes up to
about a second in a worker process; the heuristic and random players answer at once) and then
committed under the lock only if the game is still at the version the search saw; otherwise it
is searched again. The 'bot' timer that asked for the move was claimed (deleted) before: if the
process dies during the search, ``GameService.warm`` re-arms the move at the next start, and the
store's version check keeps a move from being applied twice.

A hint (``/game hint`` or the "?" button) is the strong player's search for the caller's own seat,
from that seat's view and information set only, answered ephemerally in the caller's language.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bot import workers
from bot.config import Settings
from bot.render_pool import RenderPool
from bot.service import replays
from bot.service.outcome import Outcome
from bot.service.presenter import Presenter
from bot.service.tables import Part, Table, Tables, hints_exist, refusing
from bot.texts import has_text, t
from engine.ai import KINDS, player, seat_view
from engine.core import Action
from engine.i18n import join_list
from engine.search import Budget
from engine.search_parts import PublicRecord

#: Moves a hint shows.
HINT_MOVES = 2
#: Gains smaller than this (in the game's units, averaged over the playouts) are not named.
HINT_MIN_GAIN = 0.5
#: The key of the hash that derives a computer seat's seed (:func:`ai_seed`). It is fixed (the
#: project's own) so that a game's searches are reproducible from its log; being a key, it keeps
#: the searches' random streams from being a simple function of the game's own seed, which
#: decides the hidden deals.
SEED_KEY = b"tradewinds/computer-seat-seed/v1"


def ai_seed(table: Table, seat: str, purpose: str = "move") -> int:
    """The random seed of a computer seat's decision (``purpose`` ``"move"``) or of a hint
    (``"hint"``) at the game's current version: 64 bits of a BLAKE2b hash keyed with
    :data:`SEED_KEY` over the game's seed, its version, the seat and the purpose. Two seats, two
    versions, a move and a hint, or two games of different seeds never share a stream, and
    knowing one seed tells nothing of another or of the game's seed. (The game's row id is left
    out: a game replayed or played again from the same seed, in any channel, plays the same.)"""
    return keyed_seed(table.row.seed, table.row.version, seat, purpose)


def keyed_seed(game_seed: int, version: int, seat: str, purpose: str) -> int:
    message = f"{game_seed}\x1f{version}\x1f{seat}\x1f{purpose}".encode()
    digest = hashlib.blake2b(message, key=SEED_KEY, digest_size=8).digest()
    return int.from_bytes(digest, "big")


def bot_kind(table: Table, level: str) -> str | None:
    """``level`` when a computer player of that kind exists for the game, else None."""
    if level not in KINDS:
        return None
    try:
        player(table.row.game, level, 0)
    except KeyError:
        return None
    return level


def unknown_kind(table: Table, level: str, lang: str) -> Outcome:
    """The refusal of a computer player's kind the game does not have, listing those it has."""
    kinds = join_list([k for k in KINDS if bot_kind(table, k)], lang)
    title = table.rules.display_title(lang)
    return Outcome.refuse(t("unknown_bot_kind", lang, kind=level, title=title, kinds=kinds))


__all__ = ["Computer", "ai_seed", "bot_kind", "gains_text", "hints_exist", "keyed_seed"]


class Computer(Part):
    """Computer seats' moves and the hints, searched in ``search_pool``."""

    def __init__(
        self, tables: Tables, presenter: Presenter, settings: Settings, search_pool: RenderPool
    ) -> None:
        super().__init__(tables, settings)
        self.presenter = presenter
        #: Where searches run (the strong player, hints): in the bot, bounded worker processes of
        #: the render pool's kind (``SEARCH_WORKERS``); a thread of this process by default.
        self.search_pool = search_pool

    def budget(self) -> Budget:
        return Budget(self.config.strong_playouts, self.config.strong_time_cap_s)

    async def record(self, table: Table, seat: str) -> PublicRecord | None:
        """What ``seat`` has seen of the game (the strong player's ledger counts from it)."""
        plays = replays.effective_plays(await self.store.actions(table.row.id))
        base = await self.store.replay_base(table.row.id)
        seats = [s.seat for s in table.seats]
        return replays.public_record(table.rules, table.row, seats, plays, base, seat)

    async def move(self, table: Table, seat: str, kind: str) -> Action:
        """The computer seat's move: in the worker pool for the strong player, at once otherwise."""
        rules, state = table.rules, table.state
        legal = rules.legal(state, seat)
        record = await self.record(table, seat) if kind == "strong" and len(legal) > 1 else None
        view = seat_view(table.row.game, kind, state, seat, record)
        args = (table.row.game, kind, ai_seed(table, seat), view, legal, self.budget())
        if kind == "strong" and len(legal) > 1:
            return await self.search_pool.run(workers.choose, *args)
        return workers.choose(*args)

    @refusing
    async def hint(
        self,
        channel_id: int | None,
        user_id: int,
        *,
        game_pk: int | None = None,
        locale: Any = None,
    ) -> Outcome:
        """Ephemeral: the strong player's best moves for the caller's seat, each with what it gains."""
        at = await self.tables.find(user_id, locale, channel_id=channel_id, game_pk=game_pk)
        lang, table, seat = at.lang, at.table, at.seat
        if not hints_exist(table.row.game):
            return Outcome.refuse(t("hints_unavailable", lang, title=table.rules.display_title(lang)))
        _, allowed = await self.store.table_play(table.row.id)
        if not allowed:
            return Outcome.refuse(t("hints_off", lang))
        rules, state = table.rules, table.state
        if seat.seat not in rules.to_act(state):
            return Outcome.refuse(self.presenter.whose_turn(table, lang))
        legal = rules.legal(state, seat.seat)
        view = seat_view(table.row.game, "strong", state, seat.seat, await self.record(table, seat.seat))
        seed = ai_seed(table, seat.seat, "hint")
        lines = await self.search_pool.run(
            workers.hint, table.row.game, seed, view, legal, self.budget(), HINT_MOVES
        )
        await self.store.add_hint(table.row.id, seat.seat)
        title = rules.display_title(lang)
        out = [t("hint_header", lang, title=title)]
        for n, line in enumerate(lines, 1):
            label = rules.label(state, seat.seat, line.action, lang, table.names)
            why = (
                gains_text(table.row.game, line.gains, lang) if len(lines) > 1 else t("hint_only_move", lang)
            )
            out.append(t("hint_line", lang, n=n, label=label, why=why))
        return Outcome(ephemeral="\n".join(out))


def gains_text(game_id: str, gains: dict[str, float], lang: str) -> str:
    """One line on what a move gains by the end of the round: points, money, goods, and the
    standing against the best rival (the game's own words for money and goods)."""
    parts = []
    for what in ("points", "money", "goods", "position"):
        value = gains.get(what, 0.0)
        if abs(value) < HINT_MIN_GAIN:
            continue
        key = f"hint_gain_{what}_{game_id}"
        key = key if has_text(key) else f"hint_gain_{what}"
        parts.append(t(key, lang, n=f"{value:+.1f}"))
    if not parts:
        return t("hint_why_even", lang)
    return t("hint_why", lang, gains=", ".join(parts))
