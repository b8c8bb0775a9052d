"""A heuristic Goa player: it bids up to a lot's worth to it, advances the progress column that
keeps its markers most even (the all-markers bonus and the rows' VP reward balance), and founds a
colony only when its expected colonists reach the colony's need. Its goods cards it plays at
once; the spice sale (revision 3) it keeps for after an action, where it sells the spices its
next advances do not want (as after a harvest)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Rng
from engine.goa import data
from engine.typed import number, word

#: What a lot is worth to the heuristic, in ducats (the flag and tiles by kind).
LOT_VALUE = {
    "flag": 5,
    "plantation": 4,
    "each_round": 6,
    "immediate": 4,
    "duty": 3,
    "mission": 3,
    "one_time": 3,
}
#: Ducats a player will add to a bid for every this many ducats it holds (money scores only
#: for the richest, so a rich player bids more).
DUCATS_PER_EXTRA_BID = 4
#: Expected colonist number of one drawn expedition card (the deck's mean).
MEAN_CARD_COLONISTS = sum(c["colonists"] for c in data.CARDS.values()) / len(data.CARDS)
#: Colonists of safety margin wanted over the expected total before founding.
COLONY_MARGIN = 0.5
#: Advancing: weight of the row VP gained against how far the column lags behind the others.
ROW_VP_WEIGHT = 1.0
LAG_WEIGHT = 2.0
#: Production thresholds: build ships while fewer than this, harvest while fewer spices.
SHIPS_WANTED = 3
SPICES_WANTED = 4
#: Auction worths in ducats: per plantation space beyond the first, for a spice the seat does not
#: grow yet, less per plantation already held; per thing an immediate tile gives; per mission VP.
PLANTATION_CAP_DUCATS = 1
NEW_SPICE_DUCATS = 2
PLANTATION_HELD_DUCATS = 0.5
ITEM_DUCATS = 2
IMMEDIATE_ITEMS = ("ships", "colonists", "actions", "expeditions", "choice")
VP_DUCATS = 2
#: Turn choices, best first (free plays come before the action that ends the turn).
TURN_ORDER = ("play", "claim", "duty", "viceking", "supply", "addharvest", "advance", "colony")
#: The head start (the 'Rule Variant' option): two markers into row 2 of these columns.
HEAD_START_COLUMNS = ("ships", "harvest")
#: Choices of a spice kind: store the kinds the next advances ask for, give up the others.
SPICE_CHOICES = frozenset({"spice", "fill", "claim", "give"})


class HeuristicPlayer:
    """Deterministic for a seed; decides from the seat's view and legal actions only."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        kinds = {a.kind for a in legal}
        if kinds & {"bid", "outbid", "accept", "take"} or legal == [Action("pass")] and view.get("auction"):
            return self._auction(view, legal)
        me = view["players"].get(view.get("you") or "", {})
        values = data.REVISIONS[view.get("revision", data.CURRENT)]
        special = self._special(view, me, values, legal)
        if special is not None:
            return special
        for kind in TURN_ORDER:
            options = [a for a in legal if a.kind == kind]
            if kind == "colony":
                options = [a for a in options if self._colony_chance(me, a, values)]
            if kind == "play" and values.card_after_action:  # the spice sale waits for after the action
                options = [a for a in options if data.CARDS[number(a, 0)]["effect"] != "sell"]
            if kind == "advance" and options:
                return self._advance(me, options)
            if options:
                return self._spice(me, values, options) if kind in SPICE_CHOICES else self._pick(options)
        for kind in ("spice", "fill", "give", "refill", "discard", "pay", "choose", "marker", "flag"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return self._spice(me, values, options) if kind in SPICE_CHOICES else self._pick(options)
        for kind in self._production_order(me):
            options = [a for a in legal if a.kind == kind]
            if options and self._useful(me, kind):
                return options[0]
        for kind in ("stop", "done", "pass"):
            if Action(kind) in legal:
                return Action(kind)
        return self._pick([a for a in legal if a.kind != "drop"] or legal)

    def _special(
        self, view: dict[str, Any], me: dict[str, Any], values: data.Revision, legal: list[Action]
    ) -> Action | None:
        """The choices of revision 3 and of the head start: the head start itself, the card to
        shed over the hand limit, the colony tile to choose, the spices to sell, the kind
        Re-supply pays in."""
        kinds = {a.kind for a in legal}
        pending = view.get("pending") or {}
        if "head" in kinds:
            return Action("head", HEAD_START_COLUMNS)
        if "drop" in kinds and pending.get("kind") == "shed":
            return self._shed(me, [a for a in legal if a.kind == "drop"])
        if "pick" in kinds:
            want = self.spice_wants(me, values)
            return max(
                (a for a in legal if a.kind == "pick"),
                key=lambda a: (
                    sum(want[k] for _cap, ks in data.COLONY_TILES[word(a, 0)]["fields"] for k in ks)
                    + self.rng.random() * 0.01
                ),
            )
        if pending.get("kind") == "sell":
            want = self.spice_wants(me, values)
            gives = [a for a in legal if a.kind == "give" and want[word(a, 0)] <= 0]
            return min(gives, key=lambda a: want[word(a, 0)]) if gives else Action("stop")
        if pending.get("kind") == "supply":
            return Action("choose", ("spices",) if self._useful(me, "harvest") else ("ships",))
        if pending.get("kind") == "after":
            return self._after(me, values, legal)
        return None

    def _after(self, me: dict[str, Any], values: data.Revision, legal: list[Action]) -> Action:
        """The card to play after the action when one is worth it: the spice sale when the seat
        holds spices its next advances do not want (as after a harvest), a goods card, the
        spices card when there is room for them; else go on (``done``) and keep the cards."""
        want = self.spice_wants(me, values)
        surplus = any(n and want[k] <= 0 for k, n in me.get("spices", {}).items())
        goods: list[Action] = []
        for a in legal:
            if a.kind != "play":
                continue
            effect = data.CARDS[number(a, 0)]["effect"]
            if effect == "sell" and surplus:
                return a
            if effect != "sell" and (effect != "spices" or self._useful(me, "harvest")):
                goods.append(a)
        return goods[0] if goods else Action("done")

    @staticmethod
    def _shed(me: dict[str, Any], drops: list[Action]) -> Action:
        """The card that adds least to a symbol set (fewest of its symbol in the hand)."""
        hand = me.get("hand", [])
        symbol = {c["id"]: c["symbol"] for c in hand}
        counts: dict[str, int] = {}
        for c in hand:
            counts[c["symbol"]] = counts.get(c["symbol"], 0) + 1
        return min(drops, key=lambda a: (counts.get(symbol.get(number(a, 0), ""), 0), number(a, 0)))

    def _pick(self, options: list[Action]) -> Action:
        return options[self.rng.randrange(len(options))]

    def _spice(self, me: dict[str, Any], values: data.Revision, options: list[Action]) -> Action:
        """The spice kind the seat's next advances want most (to store), or least (to give up);
        ties at random."""
        want = self.spice_wants(me, values)
        sign = -1 if options[0].kind == "give" else 1
        return max(options, key=lambda a: sign * want[word(a, 0)] + self.rng.random() * 0.01)

    @staticmethod
    def spice_wants(me: dict[str, Any], values: data.Revision) -> dict[str, float]:
        """How much the seat wants one more of each spice: each kind on the next cell of a column,
        weighted up for the columns that lag (the ones :meth:`_advance` prefers), less the ones
        it already holds."""
        progress = me.get("progress", [1] * len(data.COLUMNS))  # 1-based rows
        held = me.get("spices", {})
        top = max(progress)
        want = {k: -float(held.get(k, 0)) for k in data.SPICES}
        for c, row in enumerate(progress):
            if row < data.ROWS:
                for k in values.advance_spices[c][row]:
                    want[k] += ROW_VP_WEIGHT + LAG_WEIGHT * (top - row)
        return want

    @staticmethod
    def _production_order(me: dict[str, Any]) -> tuple[str, ...]:
        """Ships first when short of them (every advance needs ships), then spices, then money."""
        spices = sum(me.get("spices", {}).values())
        if me.get("ships", 0) < SHIPS_WANTED:
            return ("ships", "ship", "harvest", "taxes", "expedition", "colonist")
        if spices < SPICES_WANTED:
            return ("harvest", "ships", "ship", "taxes", "expedition", "colonist")
        return ("expedition", "taxes", "harvest", "ships", "ship", "colonist")

    @staticmethod
    def _useful(me: dict[str, Any], kind: str) -> bool:
        if kind == "harvest":
            room = sum(pl["cap"] - pl["count"] for pl in me.get("plantations", []))
            room += sum(
                f["cap"] - sum(f["spices"].values())
                for colony in me.get("colonies", {}).values()
                for f in colony["fields"]
            )
            return room > 0
        if kind == "expedition":
            return me.get("hand_size", 0) < me.get("hand_limit", 0)
        return True

    def _advance(self, me: dict[str, Any], options: list[Action]) -> Action:
        """The advance worth most: row VP gained plus how far the column lags behind the others
        (ties broken at random, plain advances before those that spend a card)."""
        progress = me.get("progress", [1] * len(data.COLUMNS))
        top = max(progress)

        def worth(action: Action) -> float:
            row = progress[data.COLUMN_INDEX[word(action, 0)]]  # 1-based current row
            gained = data.ROW_VP[row] - data.ROW_VP[row - 1] if row < data.ROWS else 0
            spends_card = 0.5 if len(action.args) > 1 else 0.0
            return ROW_VP_WEIGHT * gained + LAG_WEIGHT * (top - row) - spends_card + self.rng.random() * 0.01

        return max(options, key=worth)

    @staticmethod
    def _colony_chance(me: dict[str, Any], action: Action, values: data.Revision) -> bool:
        """Found when the colonists column, the expected draw and the colonist cards reach the need."""
        name = word(action, 0)
        draw = data.COLONY_DRAW_WITH_CARD if len(action.args) > 1 else data.COLONY_DRAW
        row = me.get("progress", [1] * len(data.COLUMNS))[data.COLUMN_INDEX["colonists"]]
        base = values.yields["colonists"][row - 1]
        expected = base + draw * MEAN_CARD_COLONISTS + me.get("colonists", 0)
        return expected >= data.COLONY_NEED[name] + COLONY_MARGIN

    def _auction(self, view: dict[str, Any], legal: list[Action]) -> Action:
        auction = view.get("auction") or {}
        me = view["players"].get(view.get("you") or "", {})
        cell = None if auction.get("tile") is None else self._tile(view, auction.get("pos", ""))
        # money only scores 3 VP for the richest, so a rich player bids more
        value = self._lot_worth(me, cell) + me.get("ducats", 0) // DUCATS_PER_EXTRA_BID
        for a in legal:
            if a.kind in ("take", "accept") and (a.kind == "take" or auction.get("high", 0) >= value):
                return a
        raises = [a for a in legal if a.kind in ("bid", "outbid") and number(a, 0) <= value]
        if raises:
            return min(raises, key=lambda a: number(a, 0))
        for a in legal:
            if a.kind in ("pass", "accept"):
                return a
        return legal[0]

    @staticmethod
    def _lot_worth(me: dict[str, Any], cell: dict[str, Any] | None) -> float:
        """Ducats a lot is worth to this seat: the flag, or a tile by its kind and contents — a
        plantation more when its spice is new to the seat and it has few, an immediate tile by
        what it gives, a mission by its points."""
        if cell is None:
            return LOT_VALUE["flag"]
        kind = cell.get("kind", "immediate")
        value = float(LOT_VALUE.get(kind, 3))
        if kind == "plantation":
            plantations = me.get("plantations", [])
            new_spice = all(pl["spice"] != cell.get("spice") for pl in plantations)
            value += PLANTATION_CAP_DUCATS * (cell.get("cap", 1) - 1) + (NEW_SPICE_DUCATS if new_spice else 0)
            value -= PLANTATION_HELD_DUCATS * len(plantations)
        elif kind == "immediate":
            value = ITEM_DUCATS * sum(cell.get(k, 0) for k in IMMEDIATE_ITEMS)
        elif kind == "mission":
            value = VP_DUCATS * cell.get("vp", 0)
        return max(value, 0.0)

    @staticmethod
    def _tile(view: dict[str, Any], pos: str) -> dict[str, Any] | None:
        if len(pos) != 2:
            return None
        r, c = int(pos[1]) - 1, "abcde".find(pos[0])
        return view["grid"][r][c] if 0 <= r < 5 and 0 <= c < 5 else None
