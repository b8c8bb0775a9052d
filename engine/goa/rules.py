"""Goa (1st edition) rules: setup, marker placement, auctions, actions, extra actions, scoring.

The flow of a round is ``flag`` → ``marker`` (the chain) → ``auction`` (one lot after the other)
→ ``actions`` (three turns each) → ``extra`` (additional-action cards) → the next round. Small
decisions inside a step (which plantation to give up, which spices to put where, whether to pay
colonists) are ``State.pending`` entries that the owner answers one action at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Event, IllegalAction, Progress, Result, Rng, RulesBase, rank_by_keys
from engine.goa import board, data
from engine.goa import text as goa_text
from engine.goa.board import add_spice, has_room, placements, remove_spice, spice_counts
from engine.goa.state import Player, State
from engine.i18n import join_list
from engine.presentation import PresentationBase

S = data.SPICES
COL = data.COLUMN_INDEX
PASS = Action("pass")
DONE = Action("done")
STOP = Action("stop")
_ADVANCE = tuple(Action("advance", (column,)) for column in data.COLUMNS)
_COLUMN_ACTIONS = (Action("ships"), Action("harvest"), Action("taxes"), Action("expedition"))
_COLONY = {name: Action("colony", (name,)) for name in data.COLONY_NAMES}
#: Spice indexes of each advance cost: _ADVANCE_SPICE_IDX[revision][column][target row].
_ADVANCE_SPICE_IDX = {
    number: tuple(
        tuple(tuple(data.SPICE_INDEX[k] for k in cell) for cell in column) for column in rev.advance_spices
    )
    for number, rev in data.REVISIONS.items()
}
_SPICE_ACTIONS = {
    kind: tuple(Action(kind, (name,)) for name in S) for kind in ("spice", "fill", "give", "claim")
}


#: The scoring categories of ``scores()`` (and of ``Result.breakdown``), in order.
CATEGORIES: tuple[str, ...] = ("progress", "colonies", "cards", "ducats", "plantations", "duty", "missions")
#: Categories that depend on hidden information (the hand, the ducats): counted only at the end.
HIDDEN_CATEGORIES: frozenset[str] = frozenset({"cards", "ducats"})


def revision(s: State) -> data.Revision:
    """The values and rules this game plays under (the revision it began with)."""
    return data.REVISIONS[s.revision]


def _yield(s: State, p: Player, column: str) -> int:
    """What ``p``'s marker in ``column`` gives (ships, spices, ducats, hand limit, colonists)."""
    return revision(s).yields[column][p.progress[COL[column]]]


def _limit(s: State, p: Player) -> int:
    """The player's expedition hand limit (Expedition column value)."""
    return _yield(s, p, "expedition")


class GoaRules(RulesBase, PresentationBase):
    """The Goa engine behind the :class:`engine.core.Rules` contract."""

    id = "goa"
    title = "Goa"
    min_players = 2
    max_players = 4
    #: ``revision``: the rules revision (``data.REVISIONS``); games begun under revision 1 keep it.
    options: Mapping[str, Any] = {"revision": data.CURRENT}

    # ---------------------------------------------------------------------------- setup

    def new(self, players: list[str], seed: int, **options: Any) -> State:
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise IllegalAction(
                lambda lang: goa_text.T(lang, "option.unknown", names=join_list(unknown, lang))
            )
        number = options.get("revision", data.CURRENT)
        if type(number) is not int or number not in data.REVISIONS:
            numbers = [str(k) for k in sorted(data.REVISIONS)]
            raise IllegalAction(
                lambda lang: goa_text.T(lang, "option.revision", numbers=join_list(numbers, lang))
            )
        n = len(players)
        if n not in data.PLAYER_COUNTS:
            raise IllegalAction(lambda lang: goa_text.T(lang, "option.players"))
        rng = Rng.from_seed(seed)
        s = State.__new__(State)
        s.seats = list(players)
        s.round = 1
        s.phase = "flag"
        s.grid = rng.shuffled(data.A_TILE_IDS)[: data.TILES_LAID_PER_PART]
        s.chain = []
        s.chain_owner = []
        s.lot = s.auc_step = s.high = s.turn = 0
        s.high_seat = -1
        s.pending = []
        s.step_done = False
        s.revision = number
        s.passed = []
        s.deck = rng.shuffled(data.CARD_IDS)
        s.discard = []
        s.colony_stacks = {
            name: rng.shuffled(tiles) if name in data.SHUFFLED_COLONY_STACKS else list(tiles)
            for name, tiles in data.REVISIONS[number].colony_stacks.items()
        }
        s.firsts = []
        s.start = self._tiger_draw(s)
        s.players = [
            Player(
                data.START_DUCATS_START_PLAYER if i == s.start else data.START_DUCATS_OTHERS,
                data.START_SHIPS,
                data.START_COLONISTS,
            )
            for i in range(n)
        ]
        s.rng = rng.state
        return s

    @staticmethod
    def _tiger_draw(s: State) -> int:
        """Reveal the top expedition card for each player in turn (from the first seat) until a
        tiger shows; that player starts. The revealed cards go to the discard pile."""
        i = 0
        while s.deck:
            card = s.deck.pop()
            s.discard.append(card)
            if data.CARDS[card]["symbol"] == data.START_SYMBOL:
                return i % len(s.seats)
            i += 1
        raise AssertionError("the expedition deck holds no tiger")

    # ---------------------------------------------------------------------------- who acts

    def current(self, s: State) -> int | None:
        """The index of the seat that acts now, or None when the game is over."""
        if s.pending:
            return s.pending[0]["seat"]
        n = len(s.seats)
        phase = s.phase
        if phase == "actions" or phase == "extra":
            return (s.start + s.turn) % n
        if phase == "auction":
            a = s.chain_owner[s.lot]
            return (a + 1 + s.auc_step) % n if s.auc_step < n - 1 else a
        if phase == "marker":
            return (s.start + len(s.chain)) % n
        if phase == "flag":
            return s.start
        return None

    def to_act(self, s: State) -> list[str]:
        i = self.current(s)
        return [] if i is None else [s.seats[i]]

    # ---------------------------------------------------------------------------- legal

    def legal(self, s: State, seat: str) -> list[Action]:
        i = self.current(s)
        if i is None or s.seats[i] != seat:
            return []
        if s.pending:
            return self._pending_legal(s, s.pending[0])
        phase = s.phase
        if phase == "actions" or phase == "extra":
            return self._turn_legal(s, i)
        if phase == "auction":
            return self._auction_legal(s, i)
        if phase == "marker":
            return [Action("marker", (board.pos_name(q),)) for q in self._marker_places(s)]
        return [Action("flag", (board.pos_name(q),)) for q in self._flag_places(s)]

    def _flag_places(self, s: State) -> list[tuple[int, int]]:
        """Ring places and empty grid spaces orthogonally next to a space that holds a tile."""
        grid = s.grid
        return [
            q
            for q in board.RING + board.GRID
            if not (board.on_grid(q) and grid[board.index(q)])
            and any(grid[board.index(o)] for o in board.orthogonal(q))
        ]

    def _marker_places(self, s: State) -> list[tuple[int, int]]:
        """Unmarked tiles around the previous marker, or any unmarked tile if there is none."""
        marked = set(s.chain[1:])
        grid = s.grid
        near = [q for q in board.around(s.chain[-1]) if grid[board.index(q)] and q not in marked]
        if near:
            return near
        return [q for q in board.GRID if grid[board.index(q)] and q not in marked]

    def _auction_legal(self, s: State, i: int) -> list[Action]:
        p = s.players[i]
        bids = range(s.high + 1, p.ducats + 1)
        if s.auc_step < len(s.seats) - 1:
            return [PASS] + [Action("bid", (b,)) for b in bids]
        if s.high_seat < 0:
            return [Action("take")]
        return [Action("accept")] + [Action("outbid", (b,)) for b in bids]

    def _turn_legal(self, s: State, i: int) -> list[Action]:
        p = s.players[i]
        acts: list[Action] = []
        if s.phase == "actions" or p.extra > 0:
            acts += self._main_actions(s, p)
        acts += self._card_plays(p)
        acts += self._free_plays(s, i)
        acts.append(PASS if s.phase == "actions" else DONE)
        return acts

    def _main_actions(self, s: State, p: Player) -> list[Action]:
        acts: list[Action] = []
        counts = spice_counts(p)
        cards = [(c, data.CARDS[c]["effect"]) for c in p.hand]
        costs = _ADVANCE_SPICE_IDX[s.revision]
        for c, column in enumerate(data.COLUMNS):
            t = p.progress[c] + 1
            if t >= data.ROWS:
                continue
            spices_ok = all(counts[k] for k in costs[c][t])
            ships_ok = p.ships >= data.ADVANCE_SHIPS[t]
            if spices_ok and ships_ok:
                acts.append(_ADVANCE[c])
            for card, effect in cards:
                if (
                    (effect == "advance_no_ships" and spices_ok)
                    or (effect == "advance_no_spices" and ships_ok)
                    or (effect == "advance_money" and p.ducats >= data.ADVANCE_DUCATS[t])
                ):
                    acts.append(Action("advance", (column, "card", card)))
        acts += _COLUMN_ACTIONS
        acts += [Action("harvest", ("card", card)) for card, e in cards if e == "harvest_mix"]
        for name in data.COLONY_NAMES:
            if name not in p.colonies and s.colony_stacks[name]:
                acts.append(_COLONY[name])
                acts += [Action("colony", (name, "card", card)) for card, e in cards if e == "colony_three"]
        return acts

    @staticmethod
    def _card_plays(p: Player) -> list[Action]:
        return [Action("play", (c,)) for c in p.hand if data.CARDS[c]["effect"] in data.CARD_RESOURCES]

    def _free_plays(self, s: State, i: int) -> list[Action]:
        """Tile uses that are not actions (public information only)."""
        p = s.players[i]
        acts: list[Action] = []
        if not p.tiles:
            return acts
        owned = {data.TILES[t].get("effect") or data.TILES[t]["kind"] for t in p.tiles}
        if any(
            data.TILES[t]["kind"] == "each_round" and data.TILES[t]["gives"] == "spice" and t not in p.claimed
            for t in p.tiles
        ):
            acts += self._spice_choices(p, "claim")
        if "duty" in owned and sum(spice_counts(p)) >= data.DUTY_SPICES:
            acts.append(Action("duty"))
        if "trade" in owned:
            acts += [Action("trade", (board.pos_name(q),)) for q in board.GRID if s.grid[board.index(q)]]
        if "viceking" in owned:
            low = min(p.progress)
            if low < data.ROWS - 1:
                acts += [Action("viceking", (data.COLUMNS[c],)) for c in range(5) if p.progress[c] == low]
        if "supply" in owned:
            acts.append(Action("supply"))
        if "addharvest" in owned and any(not board.store_full(p, st) for st in board.stores(p)):
            acts.append(Action("addharvest"))
        if "espionage" in owned:
            for j, other in enumerate(s.seats):
                if j == i:
                    continue
                acts += [Action("spy", (other, what)) for what in ("ships", "harvest", "taxes")]
                acts += [
                    Action("spy", (other, "colony", name))
                    for name in data.COLONY_NAMES
                    if name not in p.colonies and s.colony_stacks[name]
                ]
        return acts

    @staticmethod
    def _spice_choices(p: Player, kind: str) -> list[Action]:
        """``spice ginger`` (or ``claim ginger``) for each spice with room; ``spice ginger quilon``
        when the player must say which colony (see :func:`board.placements`)."""
        acts: list[Action] = []
        for k, plain in enumerate(_SPICE_ACTIONS[kind]):
            for where in placements(p, k):
                acts.append(plain if where is None else Action(kind, (data.SPICES[k], where)))
        return acts

    def _pending_legal(self, s: State, pend: dict[str, Any]) -> list[Action]:
        p = s.players[pend["seat"]]
        kind = pend["kind"]
        if kind == "spices":
            acts = self._spice_choices(p, "spice")
            if pend["mix"]:
                acts += [Action("ship"), Action("colonist")]
            return acts + [STOP]
        if kind == "fill":
            _cap, allowed, _f = board.next_colony_field(p, pend["colony"])
            return [Action("fill", (k,)) for k in allowed]
        if kind == "discard":
            return [Action("discard", (k + 1,)) for k in range(len(p.plantations))]
        if kind == "choose":
            return [Action("choose", ("ships",)), Action("choose", ("colonists",))]
        if kind == "pay":
            return [Action("pay"), Action("decline")]
        if kind == "duty":
            counts = spice_counts(p)
            return [a for k, a in enumerate(_SPICE_ACTIONS["give"]) if counts[k]]
        if kind == "refill":
            return [Action("refill", (st,)) for st in board.stores(p) if not board.store_full(p, st)] + [STOP]
        raise AssertionError(kind)

    # ---------------------------------------------------------------------------- apply

    def apply(self, s: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        if action not in self.legal(s, seat):
            raise self._refused(s, seat, action)
        i = s.seats.index(seat)
        s = s.copy_table()
        self._own(s, i)
        events: list[Event] = []
        if s.pending:
            self._answer_pending(s, i, s.pending.pop(0), action, events)
        elif s.phase in ("actions", "extra"):
            self._turn(s, i, action, events)
        elif s.phase == "auction":
            self._auction(s, i, action, events)
        elif s.phase == "marker":
            self._place_marker(s, i, action, events)
        else:
            self._place_flag(s, i, action, events)
        self._drop_idle_refill(s)
        self._settle(s, events)
        return s, events

    def _drop_idle_refill(self, s: State) -> None:
        """An Additional Harvest with nothing left to refill ends by itself."""
        while s.pending and s.pending[0]["kind"] == "refill":
            p = s.players[s.pending[0]["seat"]]
            if any(not board.store_full(p, st) for st in board.stores(p)):
                return
            s.pending.pop(0)

    @staticmethod
    def _own(s: State, i: int) -> None:
        """Give the new state its own copy of seat ``i``'s holdings before they change."""
        s.players[i] = s.players[i].copy()

    @staticmethod
    def _own_all(s: State) -> None:
        s.players = [p.copy() for p in s.players]

    # placement

    def _place_flag(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        pos = board.parse_pos(action.args[0])
        s.chain = [pos]
        s.chain_owner = [i]
        s.phase = "marker"
        events.append(Event("flag_placed", s.seats[i], {"pos": board.pos_name(pos)}))

    def _place_marker(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        pos = board.parse_pos(action.args[0])
        s.chain.append(pos)
        s.chain_owner.append(i)
        number = len(s.chain)
        events.append(
            Event(
                "marker_placed",
                s.seats[i],
                {"number": number, "pos": board.pos_name(pos), "tile": s.grid[board.index(pos)]},
            )
        )
        if number == len(s.seats) + 1:
            s.phase = "auction"
            self._open_lot(s, 0)

    # auctions

    @staticmethod
    def _open_lot(s: State, lot: int) -> None:
        s.lot = lot
        s.auc_step = 0
        s.high = 0
        s.high_seat = -1

    def _auction(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        seat = s.seats[i]
        lot = "flag" if s.lot == 0 else s.grid[board.index(s.chain[s.lot])]
        kind = action.kind
        if kind == "pass":
            events.append(Event("bid_passed", seat, {"lot": lot}))
            s.auc_step += 1
            return
        if kind == "bid":
            s.high, s.high_seat = action.args[0], i
            events.append(Event("bid", seat, {"lot": lot, "amount": s.high}))
            s.auc_step += 1
            return
        if kind == "accept":
            winner, price = s.high_seat, s.high
            self._own(s, winner)
            s.players[winner].ducats -= price
            s.players[i].ducats += price
            events.append(
                Event("bid_accepted", seat, {"lot": lot, "winner": s.seats[winner], "amount": price})
            )
        elif kind == "outbid":
            winner, price = i, action.args[0]
            s.players[i].ducats -= price
            events.append(Event("outbid", seat, {"lot": lot, "amount": price}))
        else:
            winner, price = i, 0
            events.append(Event("taken_free", seat, {"lot": lot}))
        self._award_lot(s, winner, events)
        s.step_done = True

    def _award_lot(self, s: State, winner: int, events: list[Event]) -> None:
        p = s.players[winner]
        if s.lot == 0:
            s.start = winner
            p.extra += 1
            events.append(Event("flag_won", s.seats[winner], {"extra_actions": 1}))
            return
        idx = board.index(s.chain[s.lot])
        tile, s.grid[idx] = s.grid[idx], None
        self._receive_tile(s, winner, tile, events)

    def _receive_tile(self, s: State, i: int, tile: str, events: list[Event]) -> None:
        """A tile won (or traded for) is resolved at once."""
        t = data.TILES[tile]
        p = s.players[i]
        seat = s.seats[i]
        kind = t["kind"]
        if kind == "plantation":
            if len(p.plantations) < data.PLANTATION_SPACES:
                p.plantations.append([tile, data.SPICE_INDEX[t["spice"]], t["cap"], t["cap"]])
                events.append(
                    Event("plantation_added", seat, {"tile": tile, "spice": t["spice"], "cap": t["cap"]})
                )
            else:
                s.pending.insert(0, {"kind": "discard", "seat": i, "tile": tile})
            return
        if kind != "immediate":
            p.tiles.append(tile)
            events.append(Event("tile_kept", seat, {"tile": tile}))
            return
        self._gain(s, i, events, "tile", ships=t["ships"], colonists=t["colonists"], extra=t["actions"])
        if t["expeditions"]:
            self._draw_to_hand(s, i, t["expeditions"], events, "tile")
        if t["choice"]:
            s.pending.insert(0, {"kind": "choose", "seat": i, "amount": t["choice"]})

    # actions phase

    def _turn(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        kind = action.kind
        p = s.players[i]
        seat = s.seats[i]
        if kind == "pass":
            events.append(Event("action_passed", seat))
            s.step_done = True
        elif kind == "done":
            events.append(Event("extra_done", seat))
            s.passed.append(i)
            s.step_done = True
        elif kind in ("advance", "ships", "harvest", "taxes", "expedition", "colony"):
            if s.phase == "extra":
                p.extra -= 1
                events.append(Event("extra_action_used", seat, {"left": p.extra}))
            # in the extra step of revision 1 a player plays all his cards on one turn
            if s.phase == "actions" or revision(s).extra_in_turns:
                s.step_done = True
            self._main_action(s, i, action, events)
        elif kind == "play":
            self._play_card(s, i, action.args[0], events)
        else:
            self._free_play(s, i, action, events)

    def _spend_card(self, s: State, i: int, card: int, events: list[Event]) -> None:
        s.players[i].hand.remove(card)
        s.discard.append(card)
        events.append(
            Event("card_played", s.seats[i], {"card": card, **data.CARDS[card]}, reveals_hidden=True)
        )

    def _main_action(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        p = s.players[i]
        seat = s.seats[i]
        kind, args = action.kind, action.args
        card = args[-1] if "card" in args else None
        if card is not None:
            self._spend_card(s, i, card, events)
        if kind == "advance":
            self._pay_and_advance(s, i, COL[args[0]], data.CARDS[card]["effect"] if card else None, events)
        elif kind == "ships":
            self._gain(s, i, events, "ships", ships=_yield(s, p, "ships"))
        elif kind == "taxes":
            self._gain(s, i, events, "taxes", ducats=_yield(s, p, "taxes"))
        elif kind == "harvest":
            amount = _yield(s, p, "harvest")
            events.append(Event("harvest", seat, {"amount": amount, "mix": card is not None}))
            self._offer_spices(s, i, amount, mix=card is not None)
        elif kind == "expedition":
            limit = _limit(s, p)
            events.append(Event("expedition", seat, {"limit": limit}))
            self._draw_to_hand(s, i, limit - len(p.hand), events, "expedition")
        else:
            draws = data.COLONY_DRAW_WITH_CARD if card else data.COLONY_DRAW
            self._found_colony(s, i, args[0], _yield(s, p, "colonists"), draws, events)

    def _pay_and_advance(self, s: State, i: int, c: int, effect: str | None, events: list[Event]) -> None:
        p = s.players[i]
        t = p.progress[c] + 1
        paid: dict[str, Any] = {}
        if effect == "advance_money":
            p.ducats -= data.ADVANCE_DUCATS[t]
            paid["ducats"] = data.ADVANCE_DUCATS[t]
        else:
            if effect != "advance_no_spices":
                cost = revision(s).advance_spices[c][t]
                for k in cost:
                    remove_spice(p, data.SPICE_INDEX[k])
                paid["spices"] = list(cost)
            if effect != "advance_no_ships":
                p.ships -= data.ADVANCE_SHIPS[t]
                paid["ships"] = data.ADVANCE_SHIPS[t]
        self._advance(s, i, c, events, paid)

    def _advance(self, s: State, i: int, c: int, events: list[Event], paid: dict[str, Any]) -> None:
        """Move a marker one row down, then give the progress bonuses it triggers."""
        p = s.players[i]
        seat = s.seats[i]
        p.progress[c] += 1
        row = p.progress[c]
        events.append(Event("advanced", seat, {"column": data.COLUMNS[c], "row": row + 1, "paid": paid}))
        low = min(p.progress)
        for r in data.BONUS_ALL_MARKERS_ROWS:
            if low >= r and r not in p.bonus_rows:
                p.bonus_rows.append(r)
                p.extra += 1
                events.append(Event("bonus_all_rows", seat, {"row": r + 1}))
        key = f"{c}:{row}"
        if row in revision(s).first_to_row and key not in s.firsts:
            s.firsts.append(key)
            events.append(Event("bonus_first", seat, {"column": data.COLUMNS[c], "row": row + 1}))
            self._draw_to_hand(s, i, 1, events, "bonus")

    def _found_colony(self, s: State, i: int, name: str, base: int, draws: int, events: list[Event]) -> None:
        p = s.players[i]
        cards = self._draw(s, draws)
        s.discard.extend(cards)
        total = base + sum(data.CARDS[c]["colonists"] for c in cards)
        need = data.COLONY_NEED[name]
        events.append(
            Event(
                "colony_attempt",
                s.seats[i],
                {"colony": name, "cards": cards, "base": base, "total": total, "need": need},
                random=True,
            )
        )
        if total >= need:
            self._colony_founded(s, i, name, events)
        elif p.colonists >= need - total:
            s.pending.insert(0, {"kind": "pay", "seat": i, "colony": name, "deficit": need - total})
        else:
            self._colony_failed(s, i, name, events)

    def _colony_founded(self, s: State, i: int, name: str, events: list[Event]) -> None:
        tile = s.colony_stacks[name].pop(0)
        s.players[i].colonies[name] = [tile, [[0] * 5 for _ in board.colony_fields(tile)]]
        events.append(Event("colony_founded", s.seats[i], {"colony": name, "tile": tile}))
        s.pending.insert(0, {"kind": "fill", "seat": i, "colony": name})

    def _colony_failed(self, s: State, i: int, name: str, events: list[Event]) -> None:
        s.players[i].colonists += data.COLONY_FAILURE_COLONISTS
        events.append(
            Event("colony_failed", s.seats[i], {"colony": name, "colonists": data.COLONY_FAILURE_COLONISTS})
        )

    # free plays

    def _play_card(self, s: State, i: int, card: int, events: list[Event]) -> None:
        self._spend_card(s, i, card, events)
        effect = data.CARDS[card]["effect"]
        amount = data.CARD_RESOURCES[effect]
        if effect == "spices":
            self._offer_spices(s, i, amount, mix=False)
        elif effect == "extra_action":
            self._gain(s, i, events, "card", extra=amount)
        else:
            self._gain(s, i, events, "card", **{effect: amount})

    def _use_tile(self, s: State, i: int, effect: str) -> None:
        p = s.players[i]
        for t in p.tiles:
            if data.TILES[t].get("effect") == effect or data.TILES[t]["kind"] == effect:
                p.tiles.remove(t)
                return
        raise AssertionError(effect)

    def _free_play(self, s: State, i: int, action: Action, events: list[Event]) -> None:
        p = s.players[i]
        seat = s.seats[i]
        kind, args = action.kind, action.args
        if kind == "claim":
            tile = next(
                t
                for t in p.tiles
                if data.TILES[t]["kind"] == "each_round"
                and data.TILES[t]["gives"] == "spice"
                and t not in p.claimed
            )
            p.claimed.append(tile)
            add_spice(p, data.SPICE_INDEX[args[0]], args[1] if len(args) > 1 else None)
            events.append(Event("spice_claimed", seat, {"spice": args[0]}))
            return
        if kind == "duty":
            s.pending.insert(0, {"kind": "duty", "seat": i, "left": data.DUTY_SPICES})
            events.append(Event("duty_started", seat, {"spices": data.DUTY_SPICES}))
            return
        effect = {"spy": "espionage"}.get(kind, kind)
        trade_tile = next((t for t in p.tiles if data.TILES[t].get("effect") == "trade"), None)
        self._use_tile(s, i, effect)
        events.append(Event("tile_used", seat, {"effect": effect, "args": list(args)}))
        if kind == "trade":
            idx = board.index(board.parse_pos(args[0]))
            taken, s.grid[idx] = s.grid[idx], trade_tile
            self._receive_tile(s, i, taken, events)
        elif kind == "viceking":
            self._advance(s, i, COL[args[0]], events, {})
        elif kind == "supply":
            cards = self._draw(s, data.SUPPLY_DRAW)
            s.discard.extend(cards)
            total = sum(data.CARDS[c]["colonists"] for c in cards)
            events.append(Event("supply_drawn", seat, {"cards": cards, "total": total}, random=True))
            self._offer_spices(s, i, total, mix=True)
        elif kind == "addharvest":
            s.pending.insert(0, {"kind": "refill", "seat": i, "left": data.ADDHARVEST_STORES})
        else:
            other = s.players[s.seats.index(args[0])]
            what = args[1]
            column = "colonists" if what == "colony" else what
            value = _yield(s, other, column)
            if what == "ships":
                self._gain(s, i, events, "espionage", ships=value)
            elif what == "taxes":
                self._gain(s, i, events, "espionage", ducats=value)
            elif what == "harvest":
                self._offer_spices(s, i, value, mix=False)
            else:
                self._found_colony(s, i, args[2], value, data.COLONY_DRAW, events)

    # pending decisions

    def _answer_pending(
        self, s: State, i: int, pend: dict[str, Any], action: Action, events: list[Event]
    ) -> None:
        p = s.players[i]
        seat = s.seats[i]
        kind = pend["kind"]
        if kind == "spices":
            if action.kind == "stop":
                events.append(Event("spices_forgone", seat, {"left": pend["left"]}))
                return
            if action.kind == "spice":
                add_spice(
                    p, data.SPICE_INDEX[action.args[0]], action.args[1] if len(action.args) > 1 else None
                )
                events.append(Event("spice_added", seat, {"spice": action.args[0]}))
            else:
                self._gain(s, i, events, "goods", **{action.kind + "s": 1})
            self._offer_spices(s, i, pend["left"] - 1, mix=pend["mix"])
        elif kind == "fill":
            _cap, _allowed, f = board.next_colony_field(p, pend["colony"])
            f[data.SPICE_INDEX[action.args[0]]] += 1
            events.append(Event("colony_filled", seat, {"colony": pend["colony"], "spice": action.args[0]}))
            if board.next_colony_field(p, pend["colony"]) is not None:
                s.pending.insert(0, pend)
        elif kind == "discard":
            slot = action.args[0] - 1
            old = p.plantations[slot]
            t = data.TILES[pend["tile"]]
            p.plantations[slot] = [pend["tile"], data.SPICE_INDEX[t["spice"]], t["cap"], t["cap"]]
            events.append(
                Event(
                    "plantation_replaced",
                    seat,
                    {"old": old[0], "tile": pend["tile"], "spice": t["spice"], "cap": t["cap"]},
                )
            )
        elif kind == "choose":
            what = action.args[0]
            self._gain(s, i, events, "tile", **{what: pend["amount"]})
        elif kind == "pay":
            if action.kind == "pay":
                p.colonists -= pend["deficit"]
                events.append(
                    Event("colonists_paid", seat, {"colony": pend["colony"], "amount": pend["deficit"]})
                )
                self._colony_founded(s, i, pend["colony"], events)
            else:
                self._colony_failed(s, i, pend["colony"], events)
        elif kind == "duty":
            remove_spice(p, data.SPICE_INDEX[action.args[0]])
            events.append(Event("spice_given", seat, {"spice": action.args[0]}))
            if pend["left"] > 1:
                s.pending.insert(0, {**pend, "left": pend["left"] - 1})
            else:
                self._use_tile(s, i, "duty")
                p.duty_used += 1
                events.append(Event("duty_done", seat, {"vp": data.DUTY_VP}))
        else:  # refill
            if action.kind == "stop":
                return
            store = action.args[0]
            if pend["left"] > 1:
                s.pending.insert(0, {**pend, "left": pend["left"] - 1})
            if store in p.colonies:
                s.pending.insert(0, {"kind": "fill", "seat": i, "colony": store})
            else:
                pl = p.plantations[int(store[1:]) - 1]
                pl[3] = pl[2]
            events.append(Event("store_refilled", seat, {"store": store}))

    # gains and draws

    def _gain(self, s: State, i: int, events: list[Event], why: str, **amounts: int) -> None:
        """Give ships, colonists, ducats and extra-action cards (zero amounts are skipped)."""
        p = s.players[i]
        got = {k: v for k, v in amounts.items() if v}
        if not got:
            return
        p.ships += got.get("ships", 0)
        p.colonists += got.get("colonists", 0)
        p.ducats += got.get("ducats", 0)
        p.extra += got.get("extra", 0)
        events.append(Event("gain", s.seats[i], {"why": why, **got}))

    def _offer_spices(self, s: State, i: int, left: int, mix: bool) -> None:
        """Let the player place ``left`` spices (or, with ``mix``, take ships/colonists too)."""
        p = s.players[i]
        if left > 0 and (mix or any(has_room(p, k) for k in range(5))):
            s.pending.insert(0, {"kind": "spices", "seat": i, "left": left, "mix": mix})

    def _draw(self, s: State, k: int) -> list[int]:
        """Draw up to ``k`` expedition cards, reshuffling the discard pile when the pile runs out."""
        out: list[int] = []
        rng: Rng | None = None
        while len(out) < k:
            if not s.deck:
                if not s.discard:
                    break
                rng = rng or Rng(s.rng)
                s.deck, s.discard = rng.shuffled(s.discard), []
            out.append(s.deck.pop())
        if rng is not None:
            s.rng = rng.state
        return out

    def _draw_to_hand(self, s: State, i: int, k: int, events: list[Event], why: str) -> None:
        p = s.players[i]
        k = min(k, _limit(s, p) - len(p.hand))
        if k <= 0:
            return
        cards = self._draw(s, k)
        if not cards:
            return
        p.hand.extend(cards)
        seat = s.seats[i]
        events.append(Event("cards_drawn", seat, {"count": len(cards), "why": why}, random=True))
        events.append(Event("cards_received", seat, {"cards": cards}, random=True, visible_to=(seat,)))

    # moving on

    def _settle(self, s: State, events: list[Event]) -> None:
        """Move the phase on once the current lot or turn is over and nothing is pending."""
        while s.step_done and not s.pending:
            s.step_done = False
            phase = s.phase
            if phase == "auction":
                if s.lot < len(s.seats):
                    self._open_lot(s, s.lot + 1)
                else:
                    self._begin_actions(s, events)
            elif phase == "actions":
                s.turn += 1
                if s.turn >= data.ACTIONS_PER_ROUND * len(s.seats):
                    s.phase = "extra"
                    s.turn = 0
                    s.passed = []
                    self._skip_idle(s, events)
            else:
                s.turn += 1
                self._skip_idle(s, events)

    def _begin_actions(self, s: State, events: list[Event]) -> None:
        self._own_all(s)
        s.phase = "actions"
        s.turn = 0
        s.chain = []
        s.chain_owner = []
        for i, p in enumerate(s.players):
            gains = {"ships": 0, "colonists": 0, "ducats": 0}
            for t in p.tiles:
                tile = data.TILES[t]
                if tile["kind"] == "each_round" and tile["gives"] != "spice":
                    gains[{"ship": "ships", "colonist": "colonists"}.get(tile["gives"], tile["gives"])] += (
                        tile["amount"]
                    )
            self._gain(s, i, events, "each_round", **gains)

    def _idle(self, s: State, i: int) -> bool:
        """A seat with nothing to do in the extra step (judged on open information only)."""
        p = s.players[i]
        return p.extra == 0 and not p.hand and not self._free_plays(s, i)

    def _skip_idle(self, s: State, events: list[Event]) -> None:
        """Move the extra step to the next seat that may still act; end the round when none may.

        Revision 2 goes round the table, one extra action a turn, until every seat has said
        done (or has nothing to do); revision 1 gave each seat one turn for all its cards."""
        n = len(s.seats)
        if not revision(s).extra_in_turns:
            while s.turn < n and self._idle(s, (s.start + s.turn) % n):
                s.turn += 1
            if s.turn >= n:
                self._end_round(s, events)
            return
        s.passed.extend(j for j in range(n) if j not in s.passed and self._idle(s, j))
        if len(s.passed) >= n:
            self._end_round(s, events)
            return
        while (s.start + s.turn) % n in s.passed:
            s.turn += 1

    def _end_round(self, s: State, events: list[Event]) -> None:
        self._own_all(s)
        s.passed = []
        for p in s.players:
            p.extra = min(p.extra, data.MAX_EXTRA_ACTION_CARDS_KEPT)
            p.claimed = []
        events.append(Event("round_end", None, {"round": s.round}))
        if s.round >= data.ROUNDS:
            s.phase = "over"
            result = self.result(s)
            events.append(
                Event(
                    "game_over",
                    None,
                    {"scores": result.scores, "ranking": result.ranking, **result.tiebreak},
                    reveals_hidden=True,
                )
            )
            return
        s.round += 1
        s.phase = "flag"
        if s.round == data.LAST_ROUND_OF_PART_A + 1:
            rng = Rng(s.rng)
            s.grid = rng.shuffled(data.B_TILE_IDS)[: data.TILES_LAID_PER_PART]
            s.rng = rng.state
            events.append(Event("part_b", None, {"round": s.round}, random=True))
        events.append(Event("round_start", s.seats[s.start], {"round": s.round}))

    # ---------------------------------------------------------------------------- scoring

    def scores(self, s: State) -> dict[str, dict[str, int]]:
        """Points by category for every seat (what the end scoring would give now)."""
        most = max(p.ducats for p in s.players)
        colony_vp = revision(s).colony_vp
        out: dict[str, dict[str, int]] = {}
        for seat, p in zip(s.seats, s.players, strict=True):
            symbols: dict[str, int] = {}
            for c in p.hand:
                sym = data.CARDS[c]["symbol"]
                symbols[sym] = symbols.get(sym, 0) + 1
            out[seat] = {
                "progress": sum(data.ROW_VP[r] for r in p.progress),
                "colonies": colony_vp[len(p.colonies)],
                "cards": sum(data.SYMBOL_SET_VP[k] for k in symbols.values()),
                "ducats": data.MOST_DUCATS_VP if p.ducats == most else 0,
                "plantations": sum(data.SINGLE_PLANTATION_VP for pl in p.plantations if pl[2] == 1),
                "duty": data.DUTY_VP * p.duty_used,
                "missions": sum(data.TILES[t]["vp"] for t in p.tiles if data.TILES[t]["kind"] == "mission"),
            }
        return out

    def result(self, s: State) -> Result | None:
        if s.phase != "over":
            return None
        breakdown = self.scores(s)
        totals = {seat: sum(b.values()) for seat, b in breakdown.items()}
        ducats = {seat: p.ducats for seat, p in zip(s.seats, s.players, strict=True)}
        keys = {seat: (totals[seat], ducats[seat]) for seat in s.seats}
        return rank_by_keys(totals, keys, breakdown=breakdown, tiebreak={"ducats": ducats})

    # ---------------------------------------------------------------------------- text

    def parse(self, s: State, seat: str, text: str) -> Action:
        wanted = Action.from_text(text)
        if wanted in self.legal(s, seat):
            return wanted
        raise self._refused(s, seat, wanted)

    def refusal(self, s: State, seat: str, action: Action, lang: str = "en") -> str:
        """Why ``action`` is not legal for ``seat`` now, as one sentence in ``lang``."""
        return goa_text.refusal(self, s, seat, action, lang)

    def _refused(self, s: State, seat: str, action: Action) -> IllegalAction:
        """The refusal of ``action``, readable in every language (``err.text(lang)``)."""
        return IllegalAction(lambda lang: self.refusal(s, seat, action, lang))

    def public_scores(self, s: State) -> dict[str, int]:
        """The points the open table shows (``/game status``): what :meth:`progress` counts —
        never the kept cards or the ducats, which are hidden until the end."""
        return self.progress(s)["scores"]

    def progress(self, s: State) -> Progress:
        """Goa scores everything at the end, so "points so far" are what the open table would
        score if the game ended now: progress markers, colonies, single plantations, the duty
        used and missions. Kept cards and the most-ducats bonus are hidden until the end and
        count only then, when ``scores`` equals the result's."""
        result = self.result(s)
        if result is not None:
            return {"round": s.round, "scores": dict(result.scores)}
        open_points = {
            seat: sum(points for category, points in b.items() if category not in HIDDEN_CATEGORIES)
            for seat, b in self.scores(s).items()
        }
        return {"round": s.round, "scores": open_points}

    def display_title(self, lang: str = "en") -> str:
        return goa_text.display_title(lang)

    def category_name(self, category: str, lang: str = "en") -> str:
        return goa_text.category_name(category, lang)

    def describe(self, event: Event, names: Mapping[str, str], lang: str = "en") -> str:
        return goa_text.describe(event, names, lang)

    def label(
        self, s: State, seat: str, action: Action, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return goa_text.label(s, seat, action, lang, names)

    def prompt(self, s: State, seat: str, lang: str = "en") -> str:
        return goa_text.prompt(self, s, seat, lang)

    def help_sections(self, lang: str = "en") -> list[tuple[str, str]]:
        return goa_text.help_sections(lang)

    def private_summary(self, s: State, seat: str, lang: str = "en") -> str:
        return goa_text.private_summary(s, seat, lang)

    def private_choices(self, s: State, seat: str) -> bool:
        """Bids and outbids are bounded by hidden ducats; turns list cards from the hidden hand."""
        i = self.current(s)
        if i is None or s.seats[i] != seat or s.pending:
            return False
        if s.phase == "auction":
            return s.auc_step < len(s.seats) - 1 or s.high_seat >= 0
        return s.phase in ("actions", "extra") and bool(s.players[i].hand)

    # ---------------------------------------------------------------------------- view, dump

    def view(self, s: State, seat: str | None) -> dict[str, Any]:
        from engine.goa.view import build_view

        return build_view(self, s, seat)

    def dump(self, s: State) -> dict[str, Any]:
        return s.to_dict()

    def load(self, d: Mapping[str, Any]) -> State:
        return State.from_dict(dict(d))
