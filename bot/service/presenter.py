"""What people see: everything that turns a game (or a change of it) into an :class:`Outcome`.

The public side (the live turn message and board picture, :mod:`bot.service.flow`, in the game's
language), the buttons under them, the pictures (drawn in the render pool), whose turn it is,
the final scores, and the DMs — only for secret simultaneous decisions and for turns a player
asked to hear of by DM (:mod:`bot.service.calls`), never anything private in public. Also the delivery's
bookkeeping of live messages (which edit still brings news).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.config import Settings
from bot.names import plain_names
from bot.render_pool import RenderPool
from bot.service import attending, autoplay, calls, catchup, decisions, flow, hours, pictures, records, turns
from bot.service.choices import MESSAGE_CAPACITY, narrowed
from bot.service.outcome import (
    TURN,
    BoardLink,
    Choice,
    ClosedDm,
    Outcome,
    PrivateMessage,
    PublicMessage,
    SentDm,
    custom_id,
)
from bot.service.tables import Applied, Part, Table, Tables, clip, join_names, mention, refusing
from bot.stores.rows import LiveMessages, SeatRow, TimerPlan, UserPrefs
from bot.texts import CATALOGUE, has_text, t
from engine.core import ChoiceGroup, Event, Rules, SeatView
from engine.i18n import DEFAULT
from render import MovePictures

log = logging.getLogger(__name__)

#: A closed game's edits are remembered this long after it closed (its last outcomes' deliveries).
EDITS_KEPT_AFTER_CLOSE_S = 120.0
#: The live messages per game whose latest edit is remembered (a game has a board, a turn
#: message and the one it retires, a lobby notice: the older turn messages are never edited again).
EDITS_PER_GAME = 8

Renderer = Callable[[str, dict[str, Any]], bytes]
PrivateRenderer = Callable[[str, dict[str, Any]], "bytes | None"]
#: (game, the seat's own view, its legal actions' texts, the reader's language) → PNG or None.
DecisionRenderer = Callable[[str, dict[str, Any], list[str], str], "bytes | None"]
LegendRenderer = Callable[[str, dict[str, str], str], "bytes | None"]
#: (game, the public view, the seats called, the first one's public legal actions, the game's
#: language) → the turn picture's PNG or None (:func:`render.turn`).
TurnRenderer = Callable[[str, dict[str, Any], list[str], list[str], str], "bytes | None"]
#: (game, the public view with its change marks, the seats called, the first one's public legal
#: actions, the game's language, whether the board is wanted) → the move's public pictures
#: (:func:`render.move`: the board drawn once for both).
MoveRenderer = Callable[[str, dict[str, Any], list[str], list[str], str, bool], MovePictures]


def default_renderer(game_id: str, view: dict[str, Any]) -> bytes:
    """``render.phone_board``, imported on first use (the service itself never needs Pillow):
    the board message's picture is the whole board laid out for a phone, its areas stacked
    top to bottom (:mod:`render.phone_layout`) — what the turn message's "Whole board" link
    opens, read where the ping is. The landscape board (``render.board``) stays the picture of
    the command line's boards (``tradewinds play --out``, replays) and the docs."""
    import render

    return render.phone_board(game_id, view)


def default_private_renderer(game_id: str, view: dict[str, Any]) -> bytes | None:
    """``render.private``: a seat's private picture, or None when the game has none."""
    import render

    return render.private(game_id, view)


def default_decision_renderer(
    game_id: str, view: dict[str, Any], legal: list[str], lang: str
) -> bytes | None:
    """``render.decision``: the picture of a seat's decision, or None when its sentence says all."""
    import render

    return render.decision(game_id, view, legal, lang)


def default_turn_renderer(
    game_id: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str
) -> bytes | None:
    """``render.turn``: the turn picture for a phone, or None when nobody is called."""
    import render

    return render.turn(game_id, view, seats, legal, lang)


def default_move_renderer(
    game_id: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: bool
) -> MovePictures:
    """``render.move``: the phone board (when ``board``) and the turn picture of a move, from one
    drawing of the board — one job of the render pool per move."""
    import render

    return render.move(game_id, view, seats, legal, lang, board)


@dataclass(frozen=True)
class SplitMoveRenderer:
    """A move's pictures from a board renderer and a turn renderer of their own (tests and tools
    swap them; each draws its board): still one job of the render pool, in a worker when both
    can go to one."""

    board: Renderer
    turn: TurnRenderer

    def __call__(
        self, game_id: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: bool
    ) -> MovePictures:
        return MovePictures(
            self.board(game_id, view) if board else None,
            self.turn(game_id, view, seats, legal, lang) if seats else None,
        )


def _board_if_either(waiting: tuple[Any, ...], newer: tuple[Any, ...]) -> tuple[Any, ...]:
    """A move's pictures (the :data:`MoveRenderer` arguments) that take the place of a waiting
    drawing of the same channel: the newer view, and the board when either asked for it."""
    return (*newer[:-1], bool(waiting[-1] or newer[-1]))


async def _logged(drawing: asyncio.Future[MovePictures], pk: int) -> MovePictures:
    """``drawing``'s pictures; none when it failed (logged: a broken picture must not lose the
    move, its messages still go out)."""
    try:
        return await drawing
    except Exception:
        log.exception("rendering the pictures of game %s failed", pk)
        return MovePictures(None, None)


class Presenter(Part):
    """Turns tables and their changes into outcomes (see the module docstring)."""

    def __init__(
        self,
        tables: Tables,
        settings: Settings,
        archive: records.Archive,
        *,
        renderer: Renderer,
        private_renderer: PrivateRenderer,
        decision_renderer: DecisionRenderer,
        legend_renderer: LegendRenderer,
        render_pool: RenderPool,
        turn_renderer: TurnRenderer = default_turn_renderer,
        move_renderer: MoveRenderer | None = None,
    ) -> None:
        super().__init__(tables, settings)
        self.archive = archive
        self.renderer = renderer
        self.private_renderer = private_renderer
        self.decision_renderer = decision_renderer
        self.legend_renderer = legend_renderer
        self.turn_renderer = turn_renderer
        #: Draws a move's board and turn picture in one job; None: :func:`default_move_renderer`
        #: when the board and turn renderers are the defaults, else the two of them
        #: (:meth:`move_renderer_now`).
        self.move_renderer = move_renderer
        self._split: SplitMoveRenderer | None = None
        #: Where boards are drawn: worker processes in the bot (``RENDER_WORKERS``), a thread of
        #: this process by default (tests, tools).
        self.render_pool = render_pool
        self.views = catchup.Views()  # the public views at the seats' last looks (change marks)
        #: game pk → message id → the game version of its latest edit (:meth:`edit_wanted`)
        self.edited: dict[int, dict[int, int]] = {}
        #: closed game pk → when its ``edited`` is forgotten (the deliveries of its last
        #: outcomes may still be under way when it closes)
        self._edits_kept_until: dict[int, float] = {}
        #: game pk → the change the seat views are of (version, state, names) and the views,
        #: by (seat, language): the engine is asked once per seat and language per change.
        self._seat_views: dict[int, tuple[int, Any, dict[str, str], dict[tuple[str, str], SeatView]]] = {}
        tables.on_close(self.forget)

    def forget(self, pk: int) -> None:
        """The game closed: drop its views now, and its edits' versions once the deliveries of
        its last outcomes are surely done (:meth:`tidy`)."""
        self.views.forget(pk)
        self._seat_views.pop(pk, None)
        if pk in self.edited:
            self._edits_kept_until[pk] = self.clock() + EDITS_KEPT_AFTER_CLOSE_S

    def tidy(self) -> None:
        """Forget the edits of games closed more than :data:`EDITS_KEPT_AFTER_CLOSE_S` ago, and
        of any game not open here that a late delivery recorded since (the timer loop's every
        round)."""
        now = self.clock()
        for pk, until in list(self._edits_kept_until.items()):
            if until <= now:
                del self._edits_kept_until[pk]
        for pk in [pk for pk in self.edited if pk not in self.tables.cached]:
            if pk not in self._edits_kept_until:  # closed a while ago (or a late delivery of one)
                del self.edited[pk]

    def seat_views_kept(self) -> list[int]:
        """The games whose seat views are kept (the open games changed since the start)."""
        return list(self._seat_views)

    def edited_games(self) -> int:
        """How many games' edits are remembered (open ones, and ones closed a moment ago)."""
        return len(self.edited.keys() | self._edits_kept_until.keys())

    def seat_view(self, table: Table, seat: str, lang: str) -> SeatView:
        """What ``seat`` sees of the table as it is now, in ``lang``: the engine's one answer
        (:meth:`engine.core.GamePresentation.seat_view`: whether it acts, its moves with their
        labels, its prompt, its secret, whether its choices are private, its own view). Every
        sentence, button and picture of a seat is read from it; it is asked once per seat and
        language after each change (the answers of the game's latest change are kept)."""
        views = self._kept_seat_views(table)
        found = views.get((seat, lang))
        if found is None:
            found = views[seat, lang] = table.rules.seat_view(table.state, seat, lang, table.names)
        return found

    def _kept_seat_views(self, table: Table) -> dict[tuple[str, str], SeatView]:
        """The seat views asked of the table as it is now (forgotten when it changed)."""
        names = table.names
        if table.row.status != "active":  # a closed game's last outcome: nothing kept of it
            return {}
        kept = self._seat_views.get(table.row.id)
        if kept is None or kept[0] != table.row.version or kept[1] is not table.state or kept[2] != names:
            kept = (table.row.version, table.state, names, {})
            self._seat_views[table.row.id] = kept
        return kept[3]

    def whose_turn(self, table: Table, lang: str = DEFAULT) -> str:
        to_act = table.rules.to_act(table.state)
        if not to_act:
            return t("nobody_to_act", lang)
        names = [table.name(s) for s in to_act]
        if len(names) == 1:
            return t("turn_of", lang, names=names[0])
        return t("turn_of_many", lang, names=join_names(names, lang))

    def view(self, table: Table, seat: str | None) -> dict[str, Any]:
        """What the pictures draw: the public view (``seat`` None) or the seat's own — from its
        seat view when one was asked at this change — with the players' names and computer seats."""
        kept = self._kept_seat_views(table) if seat is not None else {}
        own = next((seen.view for (who, _), seen in kept.items() if who == seat), None)
        view = dict(table.rules.view(table.state, seat) if own is None else own)
        view["names"] = plain_names(table.names)  # drawn, not read as markdown
        view["bots"] = table.bots
        return view

    async def marked_view(self, table: Table, log: catchup.LogSince | None = None) -> dict[str, Any]:
        """The public view with what changed since the last look of the people to act
        (``view["since"]``: the public view then, :mod:`bot.service.catchup`), from the seats'
        last actions as the change's ``log`` read them (read here when not given)."""
        view = self.view(table, None)
        log = log or catchup.LogSince(self.store, table.row.id)
        since = catchup.since_look(table, await log.acts())
        earlier = await self.views.at(self.store, table, *since) if since is not None else None
        if earlier is not None:
            view["since"] = earlier
        return view

    def move_renderer_now(self) -> MoveRenderer:
        """What draws a move's pictures: the given move renderer; else, with the default board
        and turn renderers, :func:`default_move_renderer` (the board drawn once for both); else
        the two renderers set (a :class:`SplitMoveRenderer`, kept while they stay the same, so
        the pool learns once whether it can go to a worker)."""
        if self.move_renderer is not None:
            return self.move_renderer
        if self.renderer is default_renderer and self.turn_renderer is default_turn_renderer:
            return default_move_renderer
        if self._split is None or (self._split.board, self._split.turn) != (
            self.renderer,
            self.turn_renderer,
        ):
            self._split = SplitMoveRenderer(self.renderer, self.turn_renderer)
        return self._split

    async def move_pictures(
        self, table: Table, seats: list[str], *, board: bool = True, log: catchup.LogSince | None = None
    ) -> MovePictures:
        """The public pictures of the table as it is now, in one job of the render pool, from the
        public view with its change marks (:meth:`marked_view`, asked once, from the change's
        ``log``): the board picture
        (laid out for a phone: :func:`default_renderer`) when ``board``, and the turn picture of
        ``seats`` (the people called, :mod:`render.turn_picture`), the choices of a lone seat
        ringed when they are public (they are its buttons). A picture not asked for, or not
        drawn (the failure is logged; the messages still go out, with the board's link), is None.

        Drawn as the newest pictures of the table's channel (:meth:`RenderPool.latest`: a drawing
        of the channel still waiting for its turn draws these instead, the board too when either
        asked for it). Under the channel's lock (:meth:`Tables.held`) the pictures are
        :class:`bot.service.pictures.Later` placeholders, settled once the lock is let go; the caller
        hands the messages they go in to :func:`bot.service.pictures.track`."""
        if not board and not seats:
            return MovePictures(None, None)
        lang = table.lang
        legal: list[str] = []
        if len(seats) == 1:
            seen = self.seat_view(table, seats[0], lang)
            legal = [] if seen.private_choices else [str(a) for a in seen.legal]
        view = await self.marked_view(table, log)
        drawing = self.render_pool.latest(
            table.row.channel_id,
            self.move_renderer_now(),
            *(table.row.game, view, list(seats), legal, lang, board),
            merge=_board_if_either,
        )
        drawn = asyncio.ensure_future(_logged(drawing, table.row.id))
        if pictures.deferring():
            return MovePictures(
                pictures.Later(drawn, "board") if board else None,
                pictures.Later(drawn, "turn") if seats else None,
            )
        found = await drawn
        return MovePictures(found.board if board else None, found.turn if seats else None)

    async def board_png(self, table: Table) -> bytes | None:
        """The public board picture (laid out for a phone: :func:`default_renderer`), marking
        what changed since the last look of the people to act (:meth:`marked_view`)."""
        return (await self.move_pictures(table, [])).board

    async def private_png(self, table: Table, seat: str) -> bytes | None:
        """The seat's private picture (Santiago's screen…), or None when the game draws none."""
        try:
            return await self.render_pool.run(self.private_renderer, table.row.game, self.view(table, seat))
        except KeyError:  # no picture for this game
            return None
        except Exception:  # the text of the DM still goes out
            log.exception("rendering the private view of game %s failed", table.row.id)
            return None

    async def decision_png(
        self, table: Table, seat: str, lang: str, legal: list[str] | None = None
    ) -> bytes | None:
        """The picture of what ``seat`` is deciding (render.decision), drawn from its own view
        in its reader's language; ``legal``: the actions it is choosing among (default: all of
        its legal ones). None when the decision needs none, or when drawing failed."""
        if seat not in table.rules.to_act(table.state):
            return None
        texts = legal if legal is not None else [str(a) for a in self.seat_view(table, seat, lang).legal]
        view = self.view(table, seat)  # the seat view's own when it was asked
        try:
            return await self.render_pool.run(self.decision_renderer, table.row.game, view, texts, lang)
        except KeyError:  # no decision pictures for this game
            return None
        except Exception:  # the buttons still go out
            log.exception("rendering the decision picture of game %s failed", table.row.id)
            return None

    def choice(
        self, table: Table, verb: str, label: str, action: str = "", style: str = "secondary"
    ) -> Choice | None:
        try:
            return Choice(
                label[:80],
                custom_id(verb, table.row.id, table.row.version, action.lower()),
                action.split(" ")[0],
                style,
            )
        except ValueError:
            return None

    def action_choices(self, table: Table, seat: str, lang: str = DEFAULT) -> list[Choice] | None:
        """Buttons (labelled in ``lang``) for every legal action of ``seat``; None when there
        are too many or one cannot be a button."""
        seen = self.seat_view(table, seat, lang)
        if not seen.moves:
            return None
        texts = [str(move.action) for move in seen.moves]
        labels = seen.labels()
        if len(texts) > MESSAGE_CAPACITY:  # grouped (the game's groups, or by words): narrowing
            return self.narrowing_choices(table, texts, labels, groups=seen.groups(), lang=lang)
        choices = [self.choice(table, "a", labels[a], a, "primary") for a in texts]
        if any(c is None for c in choices):
            return None
        return choices  # type: ignore[return-value]

    def narrowing_choices(
        self,
        table: Table,
        texts: list[str],
        labels: dict[str, str],
        key: str = "",
        groups: dict[str, ChoiceGroup] | None = None,
        lang: str = DEFAULT,
    ) -> list[Choice] | None:
        """Too many actions for one message: one choice per group of them (bot/service/choices.py);
        ``texts`` are those the narrowing ``key`` stands for (all of them for ``""``); ``groups``
        the game's own groups of the actions (:meth:`engine.core.SeatView.groups`); the groups'
        names in ``lang``."""
        choices = narrowed(
            texts,
            labels.__getitem__,
            lambda label, action: self.choice(table, "a", label, action, "primary"),
            lambda label, group: self.choice(table, "n", label, group, "primary"),
            key=key,
            group_of=(groups or {}).get,
            count=lambda n: CATALOGUE.plural(lang, "group_count", n),
            joiners=frozenset(t("group_joiners", lang).split()),
        )
        if any(c is None for c in choices):
            return None
        return choices  # type: ignore[return-value]

    def private_choices(self, rules: Rules, table: Table, seat: str, lang: str = DEFAULT) -> list[Choice]:
        """The seat's choices when they are private (for a DM or an ephemeral answer)."""
        if table.row.status != "active" or seat not in rules.to_act(table.state):
            return []  # not asked of a seat that does not act: its view is not needed
        if not self.seat_view(table, seat, lang).private_choices:
            return []
        return self.action_choices(table, seat, lang) or []

    def public_choices(self, table: Table) -> list[Choice]:
        """The buttons under the public board, labelled in the game's language."""
        rules, lang = table.rules, table.lang
        choices: list[Choice] = []
        to_act = [s for s in rules.to_act(table.state) if s not in table.bots]
        if len(to_act) == 1 and not self.seat_view(table, to_act[0], lang).private_choices:
            choices = self.action_choices(table, to_act[0], lang) or []
        if to_act:  # the private choices, or the public ones with the picture of the decision
            turn = self.choice(table, "t", t("btn_my_turn", lang), style="success")
            choices = [*choices, *([turn] if turn else [])]
        if to_act and table.hints_allowed:
            hint = self.choice(table, "q", t("btn_hint", lang))
            choices += [hint] if hint else []
        hand = self.hand_choice(table) if self.anyone_holds_a_secret(table) else None
        legend = self.choice(table, "l", t("btn_legend", lang))  # the key to the pictures
        return [*choices, *([hand] if hand else []), *([legend] if legend else [])]

    def hand_choice(self, table: Table) -> Choice | None:
        """The My hand button (a game may name it: Santiago's My screen)."""
        hand_key = f"btn_my_hand_{table.row.game}"
        return self.choice(table, "h", t(hand_key if has_text(hand_key) else "btn_my_hand", table.lang))

    def anyone_holds_a_secret(self, table: Table) -> bool:
        """Whether some person at the table holds something only they see now (a secret bid,
        a hand, money behind a screen) or must decide something in secret (My hand then holds
        the choices, also for one whose DMs are closed): only then is My hand worth a button —
        Cuba's seats, for one, hold nothing secret outside the parliament's cards and bids."""
        people = [s.seat for s in table.seats if not s.is_bot and s.user_id is not None]
        views = [self.seat_view(table, seat, table.lang) for seat in people]
        return any(seen.private_summary or (seen.acting and seen.private_choices) for seen in views)

    def turn_lines(self, table: Table, reach: calls.Reach | None = None) -> tuple[list[str], list[int]]:
        """Who must act, for the public board (in the game's language), and whom to mention.
        People deciding in private share one line (the parliament's bidders). ``reach``: the
        people's preferences, for those on vacation (a computer player standing in, or their
        clock waiting until they are back)."""
        rules, state, lang = table.rules, table.state, table.lang
        reach = reach or calls.Reach.of(table, {}, self.clock())
        found, now, stand = reach.found, reach.now, reach.stand
        lines: list[str] = []
        mentions: list[int] = []
        private: list[int] = []
        for seat in rules.to_act(state):
            row = table.seat(seat)
            if row.is_bot or row.user_id is None:
                lines.append(t("bot_turn", lang, name=row.name))
                continue
            pref = found.get(row.user_id)
            if seat in stand and pref is not None:
                until = hours.stamp(pref.away_until or now, "f")
                lines.append(t("stand_in_turn", lang, name=row.name, until=until))
                continue
            if pref is not None and pref.away(now):
                lines.append(
                    t("away_waits", lang, name=row.name, until=hours.stamp(pref.away_until or now, "f"))
                )
            mentions.append(row.user_id)
            seen = self.seat_view(table, seat, lang)
            if seen.private_choices:
                private.append(row.user_id)
            else:
                lines.append(t("your_turn", lang, mention=mention(row.user_id), prompt=seen.prompt))
        if private:  # decided by DM when several decide at once, else in the My turn panel
            key = "your_turn_secret_dm" if len(rules.to_act(state)) > 1 else "your_turn_secret"
            lines.append(t(key, lang, mention=join_names([mention(u) for u in private], lang)))
        return lines, mentions

    def result_lines(self, table: Table) -> list[str]:
        result = table.rules.result(table.state)
        if result is None:
            return []
        lang = table.lang
        places = result.places or {s: i + 1 for i, s in enumerate(result.ranking)}
        scores = t("score_sep", lang).join(
            t("score_line", lang, place=places[s], name=table.name(s), score=result.scores[s])
            for s in result.ranking
        )
        winners = [table.name(s) for s in result.winners]
        key = "winner" if len(winners) == 1 else "winners"
        return [t("final_scores", lang, lines=scores), t(key, lang, names=join_names(winners, lang))]

    async def after_change(self, table: Table, applied: Applied, *, intro: str | None = None) -> Outcome:
        """The public messages (in the game's language, :mod:`bot.service.flow`) and the DMs (each in
        its reader's language) after the state changed."""
        rules, before = table.rules, applied.before
        views = (
            rules.view(before, None) if before is not None else None,
            dict(rules.view(table.state, None)),
        )
        if applied.looked is not None:
            looked = applied.looked
        elif applied.seat is not None:
            looked = (applied.seat,)  # its own move: its last look is now
        else:  # the start: every seat looks at the first board
            looked = tuple(s.seat for s in table.seats) if before is None else ()
        if table.row.status == "active":  # nothing is kept of a closed game
            people = tuple(seat for seat in looked if not table.seat(seat).is_bot)  # bots look at nothing
            self.views.keep(table.row.id, table.row.version, views[1], people)
        turn = turns.change(rules, before, table.state, views)
        changed = views[0] != views[1]  # else the board picture stays as it is
        # What the change is shown from, each read once: who may be called how, who is at the
        # table, the live messages; the parts below are functions of these.
        if applied.found is not None:  # read by the change already
            reach = calls.Reach.of(table, applied.found, self.clock())
        else:
            reach = await calls.reach(self.store, table, self.clock())
        present = await attending.present(self.store, table, reach.now) if turn.starting else set()
        live = await self.store.live_messages(table.row.id)  # publish stages its changes
        log = catchup.LogSince(self.store, table.row.id)  # the catch-ups' rows
        public, live = await self.publish(
            table, applied.events, turn, changed, live, reach, intro=intro, present=present, log=log
        )
        await self.hold_calls(table, turn, reach, live)
        return Outcome(
            public=public,
            private=await self.dms(table, turn, reach, present, live, log),
            closed_dms=await decisions.closing(self.tables, table, applied, turn.starting),
        )

    async def hold_calls(
        self, table: Table, turn: turns.TurnChange, reach: calls.Reach, live: LiveMessages
    ) -> None:
        """A person whose turn begins during their quiet hours or vacation is called when the
        pause ends (a ``held`` timer), if it is still that turn then (``live``: the game's live
        messages after the change)."""
        if not turn.starting or table.rules.result(table.state) is not None:
            return
        now = reach.now
        held = []
        for seat in reach.acting:  # the turn starting is theirs
            pref = reach.pref(seat.user_id)
            until = calls.paused(pref, now)
            if until is not None and pref is not None and pref.notify != "none":
                held.append(("held", until, {"seat": seat.seat, "since": now}))
        if held:
            since = live.turn_since
            held = [(kind, due, {**payload, "since": since}) for kind, due, payload in held]
            await self.tables.add_timers(table.row.id, TimerPlan(add=held))

    async def dms(
        self,
        table: Table,
        turn: turns.TurnChange,
        reach: calls.Reach | None = None,
        present: set[str] | None = None,
        live: LiveMessages | None = None,
        log: catchup.LogSince | None = None,
    ) -> list[PrivateMessage]:
        """DMs only for what must be secret: a person whose turn begins with a secret
        simultaneous decision gets it by DM, with its choices and its picture (the place the
        decision picture is due outside My turn); a person who asked for it (``/game notify
        turn: dm|both``) hears by DM that their turn begins, with what happened since their last
        move — unless they are at the table (``present``: they acted a few minutes ago,
        :mod:`bot.service.attending`). Nothing else: what one holds in secret is read in My hand, other
        private decisions are taken in the My turn panel — and nothing goes to a user whose DMs
        are closed, who asked for no call at all, or who is in quiet hours or on vacation (held,
        see :meth:`_hold_calls`)."""
        rules, state = table.rules, table.state
        if not turn.starting or rules.result(state) is not None:
            return []
        reach = reach if reach is not None else await calls.reach(self.store, table, self.clock())
        people = [
            s
            for s in reach.acting  # the turn starting is theirs
            if not s.dm_refused
            and (reach.pref(s.user_id) or UserPrefs()).notify != "none"
            and calls.paused(reach.pref(s.user_id), reach.now) is None
        ]
        if not people:
            return []
        secret = set(turns.asked_in_secret(rules, turn, state))  # asked by DM
        people = [s for s in people if s.seat in secret or s.seat not in (present or set())]
        if not people:
            return []
        langs = await self.tables.user_langs([s.user_id or 0 for s in people])  # one read for all
        return [
            dm
            for seat in people
            if (
                dm := await self.call_dm(
                    table, seat, seat.seat in secret, reach, langs[seat.user_id or 0], live, log
                )
            )
        ]

    async def call_dm(
        self,
        table: Table,
        seat: SeatRow,
        secret: bool,
        reach: calls.Reach,
        lang: str | None = None,
        live: LiveMessages | None = None,
        log: catchup.LogSince | None = None,
    ) -> PrivateMessage | None:
        """The DM that calls ``seat`` to its turn, in its person's language (``lang``: read
        already, else read here): the secret decision with its choices, or (for those who asked
        for DMs) that their turn begins, with the catch-up and the link to the board (``live``:
        the game's live messages, ``log`` the change's reader of the log; each read here when
        not given); None when they get none."""
        rules = table.rules
        user = seat.user_id or 0
        if lang is None:
            lang = (await self.tables.user_langs([user]))[user]
        title = rules.display_title(lang)
        seen = self.seat_view(table, seat.seat, lang)
        prompt = seen.prompt
        if secret:
            choices = self.private_choices(rules, table, seat.seat, lang)
            summary = seen.private_summary
            lines = [t("dm_header", lang, title=title, channel=table.row.channel_id), summary, prompt]
            if not choices:
                lines.append(t("too_many_choices", lang))
            # what the secret decision needs, drawn for this seat alone
            image = await self.decision_png(table, seat.seat, lang)
            return PrivateMessage(
                user,
                clip("\n".join(ln for ln in lines if ln)),
                image=image,
                choices=choices,
                decision=decisions.tag(table, seat.seat),
            )
        if (reach.pref(user) or UserPrefs()).notify not in calls.DM:
            return None
        log = log or catchup.LogSince(self.store, table.row.id)
        caught = catchup.lines(rules, await log.rows([seat.seat]), table.names, [seat.seat], lang)
        if live is None:
            live = await self.store.live_messages(table.row.id)
        text = t("dm_your_turn", lang, title=title, channel=table.row.channel_id, prompt=prompt)
        link = t("board_link", lang, link=calls.board_link(table.row, live))
        return PrivateMessage(user, clip("\n".join([text, *caught, link])))

    async def looked(self, table: Table, seat: SeatRow) -> None:
        """The seat looked at the game as it is now (the board's marks start from here)."""
        if (seat.seen_version or 0) < table.row.version:
            await self.store.set_seen(table.row.id, seat.seat, table.row.version)
            self.views.keep(table.row.id, table.row.version, table.rules.view(table.state, None), [seat.seat])
            updated = [
                replace(s, seen_version=table.row.version) if s.seat == seat.seat else s for s in table.seats
            ]
            if self.tables.cached.get(table.row.id) is table:
                self.tables.cached[table.row.id] = replace(table, seats=updated)

    @refusing
    async def board(self, channel_id: int, user_id: int, *, locale: Any = None) -> Outcome:
        """``/game board``: the current board posted again, as the new turn message (or, to the
        caller, the lobby's seats)."""
        async with self.tables.at(user_id, locale, channel_id=channel_id, need="open", seated=False) as at:
            lang, table = at.lang, at.table
            if table.row.status == "lobby":
                seats = join_names(list(table.names.values()), lang)
                return Outcome(ephemeral=t("lobby_list", lang, seats=seats))
            if (broken := self.tables.broken_refusal(table, lang)) is not None:
                return broken
            return Outcome(public=await self.board_again(table))

    async def refuse_stale(self, table: Table, key: str, lang: str) -> Outcome:
        """A press (or a move picked) from an earlier turn: one sentence (``key``, in ``lang``)
        with a link to the current turn message — never the whole board again."""
        live = await self.store.live_messages(table.row.id)
        return Outcome.refuse(t(key, lang, link=calls.board_link(table.row, live)))

    async def decision_dms_delivered(
        self, sent: list[tuple[PrivateMessage, SentDm]], closed: list[ClosedDm]
    ) -> None:
        """A delivery's DMs asking a decision went out (kept until closed) and its kept DMs
        were closed or are gone (forgotten), in one store write (:mod:`bot.service.decisions`)."""
        await decisions.delivered(self.store, sent, closed)

    async def legend_png(self, game: str, labels: dict[str, str], lang: str) -> bytes | None:
        try:
            return await self.render_pool.run(self.legend_renderer, game, labels, lang)
        except Exception:  # the words still go out
            log.exception("drawing the legend of %s failed", game)
            return None

    async def public_posted(self, msg: PublicMessage, message_id: int) -> None:
        """A live message of a game went out as a new message: keep its id (the turn message
        to edit, the board picture with the version it shows, the lobby notice)."""
        if msg.live is not None:
            self._edit_went_out(msg.live.game_pk, message_id, msg.live.version)
            await flow.posted(self.store, msg, message_id)  # a turn message's: shown too

    def edit_wanted(self, msg: PublicMessage) -> bool:
        """Whether an edit still brings news: not when a later version's edit of the same
        message went out first (it holds everything this one says)."""
        if msg.live is None or msg.edit_id is None:
            return True
        return self.edited.get(msg.live.game_pk, {}).get(msg.edit_id, -1) <= msg.live.version

    async def public_edited(self, msg: PublicMessage) -> None:
        """A live message was edited in place (see :meth:`edit_wanted`); a turn message's edit
        shows its change (``turn_pending``, see :meth:`call_again`)."""
        if msg.live is not None and msg.edit_id is not None:
            self._edit_went_out(msg.live.game_pk, msg.edit_id, msg.live.version)
            if msg.live.role == TURN:
                await self.store.turn_shown(msg.live.game_pk, msg.live.version)

    def _edit_went_out(self, pk: int, message_id: int, version: int) -> None:
        """Remember the version a live message of game ``pk`` shows; at most
        :data:`EDITS_PER_GAME` messages per game, the latest (a closed game's go in :meth:`tidy`)."""
        edits = self.edited.setdefault(pk, {})
        edits[message_id] = max(edits.get(message_id, -1), version)
        if len(edits) > EDITS_PER_GAME:
            del edits[min(edits, key=edits.__getitem__)]

    # ------------------------------------------------------------------ the live messages

    async def publish(
        self,
        table: Table,
        events: Sequence[Event],
        turn: turns.TurnChange,
        changed: bool,
        live: LiveMessages,
        reach: calls.Reach,
        *,
        intro: str | None = None,
        present: set[str] | None = None,
        log: catchup.LogSince | None = None,
    ) -> tuple[list[PublicMessage], LiveMessages]:
        """The public messages after the state of ``table`` changed by ``events`` (``changed``: the
        public view changed, so the picture must), from its live messages before (``live``), and
        those live messages as the change leaves them; the store keeps what the next change needs.

        A turn message that calls people carries what happened since their last move
        (:mod:`bot.service.catchup`) and, with a turn clock, when it runs out; it mentions only those who
        want a mention, may be called now (``reach``: the people's preferences, :mod:`bot.service.calls`)
        and are not at the table (``present``: the seats whose people acted a few minutes ago,
        :mod:`bot.service.attending` — they are named without a ping). When the turn only passes
        between the bidders of one auction lot and every bidder called is at the table (or a
        computer player), no new message is posted: the lot's message is edited in place."""
        rules, lang, row = table.rules, table.lang, table.row
        present = present or set()
        log = log or catchup.LogSince(self.store, row.id)  # the catch-up's and the marks' log
        finished = turn.over
        now = reach.now
        lines = [intro] if intro else []
        lines += [
            autoplay.describe(rules, e, table.names, lang)
            for e in events
            if e.visible_to is None and not (finished and e.kind == flow.FINAL_EVENT)
        ]
        since = now if turn.new_turn else (live.turn_since or row.updated)
        called = [] if finished or not turn.starting else list(reach.acting)
        bids_go_round = turn.same_lot and all(s.seat in present for s in called)
        new_turn = turn.new_turn and not bids_go_round
        if finished:  # the final scores open a message of their own, which tells everyone
            turn_lines = self.result_lines(table)
            choices: list[Choice] = [flow.rematch_choice(row)]
            mentions = [s.user_id for s in table.seats if s.user_id and not s.is_bot]
        else:
            turn_lines, _ = self.turn_lines(table, reach)
            turn_lines += calls.clock_lines(table, reach, since)
            choices = self.public_choices(table)
            called = called if new_turn else []
            pinged = [s.user_id for s in called if s.user_id and s.seat not in present]
            mentions = calls.mentioned(pinged, reach.found, now)
            if new_turn and live.board_version is not None:
                log.reach_back(live.board_version)  # went_round reads from there
            if called:
                rows = await log.rows([s.seat for s in called])
                caught = catchup.lines(rules, rows, table.names, [s.seat for s in called], lang, min_runs=2)
                turn_lines = [*caught, *turn_lines]
        new_board = (
            finished
            or turn.phase_ended
            or (new_turn and await flow.went_round(log, live, turn))
        )
        wanted = changed or live.board_id is None or live.turn_log is None or (new_turn and new_board)
        acting = [] if finished else [s.seat for s in reach.acting]
        shown = await self.move_pictures(table, acting, board=wanted, log=log)
        drawn = flow.Drawn(
            f"**{table.title}**", [ln for ln in lines if ln], turn_lines, choices, mentions, shown.board,
            turn_image=shown.turn,
            board_link=BoardLink(t("btn_board", lang), row.guild_id, row.channel_id) if acting else None,
        )  # fmt: skip
        messages, keep = flow.compose(
            live, drawn, channel_id=row.channel_id, game_pk=row.id, version=row.version,
            new_turn=new_turn, new_board=new_board,
        )  # fmt: skip
        if turn.new_turn:
            keep["turn_since"] = now
        # written with the turn message's delivery (GameStore.turn_shown), one write per move
        await self.store.stage_live_messages(row.id, **keep)
        pictures.track(messages)
        if finished:
            await records.game_over(self.archive, table, messages[0])
            messages += flow.lobby_result(table, drawn.turn_lines)
        return messages, replace(live, **keep)

    async def call_again(self, table: Table) -> list[PublicMessage]:
        """After a restart, for a game whose last change never went out (``turn_pending``: the
        process stopped between storing a move and posting or editing its turn message, or
        Discord refused it): a new turn message — whose turn it is, the board, the buttons —
        mentioning whoever is to act (as they asked to be called), with their turn picture and
        the board as a message of its own just above it, as after a move. The message it should
        have retired keeps its words; its buttons are refused as an earlier turn's."""
        row, reach = table.row, await calls.reach(self.store, table, self.clock())
        live = await self.store.live_messages(row.id)
        turn_lines, _ = self.turn_lines(table, reach)
        turn_lines += calls.clock_lines(table, reach, live.turn_since or row.updated)
        called = list(reach.acting)
        mentions = calls.mentioned([s.user_id for s in called if s.user_id], reach.found, reach.now)
        happened = (live.turn_log or "").split("\n")[1:]  # the unposted message's lines after the title
        acting = [s.seat for s in called]
        shown = await self.move_pictures(table, acting)
        drawn = flow.Drawn(
            f"**{table.title}**", happened, turn_lines, self.public_choices(table), mentions,
            shown.board, turn_image=shown.turn,
            board_link=BoardLink(t("btn_board", table.lang), row.guild_id, row.channel_id) if acting else None,
        )  # fmt: skip
        unposted = replace(live, turn_log=None, turn_text=None)  # nothing of it to retire
        return await self._posted_anew(table, unposted, drawn)

    async def board_again(self, table: Table) -> list[PublicMessage]:
        """``/game board``: the current board posted anew as the turn message (nobody mentioned)."""
        turn_lines, _ = self.turn_lines(table, await calls.reach(self.store, table, self.clock()))
        image = await self.board_png(table)
        drawn = flow.Drawn(f"**{table.title}**", [], turn_lines, self.public_choices(table), [], image)
        return await self._posted_anew(table, await self.store.live_messages(table.row.id), drawn)

    async def _posted_anew(self, table: Table, live: LiveMessages, drawn: flow.Drawn) -> list[PublicMessage]:
        """``drawn`` as a new turn message (with the board in it, or just above it when the
        message carries a turn picture), and its live fields kept."""
        row = table.row
        messages, keep = flow.compose(
            live, drawn, channel_id=row.channel_id, game_pk=row.id, version=row.version,
            new_turn=True, new_board=True,
        )  # fmt: skip
        pictures.track(messages)
        await self.store.set_live_messages(row.id, **keep)
        return messages
