"""A heuristic computer player for Cuba (``engine.ai.player("cuba", "heuristic", seed)``).

It decides from its own view and the legal actions only (other seats' bids and face-down cards
are ``"hidden"`` there), scoring every action in victory points with the rules of thumb below and
breaking ties with a seeded RNG:

* cards: each character is worth what it can do this turn; the card kept for parliament is the
  one whose votes are worth most against what it could still do (the planned parliament card);
* buildings: a tile is worth its end-of-game points plus what it will yield on *this*
  plantation in the rounds left (a cigar factory needs tobacco fields, a rum bar rum …), placed
  in line with the other buildings so the Foreman reaches several at once;
* the Mayor ships on the berth paying most; tax is paid when its points are worth the pesos;
* parliament: it works out which two proposals help it most against its rivals and bids only
  when that stake is worth the pesos and the bid can beat the visible votes.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import Action, Arg, Rng
from engine.cuba.data import (
    BERTH_VP,
    BUILDINGS,
    CARGO,
    CHARACTERS,
    DUTY_VP,
    END_VP_PER_BUILDING,
    FIELD_YIELD,
    GOODS,
    PRODUCTS,
    RESOURCES,
    ROUNDS,
    STATUTES,
    TAX_VP,
)
from engine.typed import number, present, word, words

#: VP one peso is worth while there are rounds left to spend it (money scores nothing at the end).
PESO_VP = 0.3
#: VP a piece in hand is worth as a rough average (it may be shipped, converted or paid as duty).
PIECE_VP = {"wood": 0.6, "stone": 0.6, "water": 0.4, "citrus": 0.7, "sugar": 0.8, "tobacco": 0.8}
GOOD_VP = 2.0
#: What each character is worth to play when it has nothing special to do.
CARD_BASE = {"worker": 2.5, "trader": 1.0, "architect": 1.5, "foreman": 1.0, "mayor": 1.5}
#: VP of one vote kept for parliament, per VP at stake in this round's proposals.
VOTE_VP_PER_STAKE = 0.12
#: Share of their pesos that rivals are expected to bid.
RIVAL_BID_SHARE = 0.35
#: Weight of what a statute gives the best-placed rival, against what it gives this player.
RIVAL_WEIGHT = 0.5
#: Below this many VP at stake, parliament is not worth a peso.
MIN_STAKE_VP = 1.5
#: Chance that a building is used in a given remaining round (Foreman turns are scarce).
USE_CHANCE = 0.5
#: Bonus for a building placed in the row or column of another building (the Foreman's reach).
ALIGN_VP = 0.4
#: Penalty for covering a resource field (it yields no more) and a product field.
COVER_RESOURCE_VP = 0.5
COVER_PRODUCT_VP = 0.3
#: Worker: VP per resource yielded, per product field activated (only two are used).
WORKER_RESOURCE_VP = 0.8
WORKER_PRODUCT_VP = 0.7
WORKER_PRODUCT_FIELDS = 2
#: Pieces a branch office without a limit of its own (the large one) is expected to load.
SHIP_LOAD_GUESS = 3
#: A tiny preference for ending a step once nothing useful is left.
DONE_VP = 0.05


def rounds_left(view: dict[str, Any]) -> int:
    """Rounds after this one."""
    return ROUNDS - view["round"]


def held(me: dict[str, Any], piece: str) -> int:
    return me["farmyard"].get(piece, 0) + me["warehouse"].get(piece, 0)


def peso_vp(view: dict[str, Any]) -> float:
    """Pesos matter less as the game ends (they only break ties)."""
    return PESO_VP * (rounds_left(view) + 1) / ROUNDS


def field_counts(player: dict[str, Any]) -> dict[str, int]:
    """Uncovered fields per yield (``"wood"``, ``"sugar"`` …) on a player's plantation."""
    covered = {(bd["row"], bd["col"]) for bd in player["buildings"]}
    counts: dict[str, int] = {}
    for r, row in enumerate(player["layout"]):
        for c, field in enumerate(row):
            piece = FIELD_YIELD[field]
            if piece and (r, c) not in covered:
                counts[piece] = counts.get(piece, 0) + 1
    return counts


def owns(player: dict[str, Any], building: str) -> bool:
    return any(bd["id"] == building for bd in player["buildings"])


def building_at(player: dict[str, Any], row: int, col: int) -> str:
    for bd in player["buildings"]:
        if (bd["row"], bd["col"]) == (row, col):
            return bd["id"]
    return "warehouse"


def building_yield(view: dict[str, Any], me: dict[str, Any], building: str) -> float:
    """VP a building yields on this plantation each time the Foreman uses it (a rough figure)."""
    bd = BUILDINGS[building]
    fields = field_counts(me)
    effect = bd["effect"]
    if effect == "convert_vp":
        source = bd["input"]
        if source == "rum":
            supply = held(me, "rum") + (fields.get("sugar", 0) if owns(me, "distillery") else 0)
        elif source == "cigar":
            supply = held(me, "cigar") + (fields.get("tobacco", 0) if owns(me, "cigar_factory") else 0)
        elif source == "any_product":
            supply = sum(fields.get(p, 0) for p in PRODUCTS)
        else:
            supply = fields.get(source, 0) + held(me, source)
        return bd["vp_each"] * min(bd["max"], supply) * 0.6
    if effect == "transform":
        return (GOOD_VP - PIECE_VP[bd["source"]]) * min(
            3, fields.get(bd["source"], 0) + held(me, bd["source"])
        )
    if effect == "vp":
        return bd["vp"]
    if effect == "pesos":
        return bd["pesos"] * peso_vp(view)
    if effect == "sell":
        return bd["pesos_each"] * bd["max"] * peso_vp(view) * 0.5
    if effect == "ship":
        return (bd["max"] or SHIP_LOAD_GUESS) * 1.5
    if effect == "gain":
        return 1.0
    return 0.8  # votes, veto, lighthouse, black market, warehouse: situational


def building_worth(view: dict[str, Any], me: dict[str, Any], building: str) -> float:
    future_uses = rounds_left(view) * USE_CHANCE + 0.5
    return END_VP_PER_BUILDING + building_yield(view, me, building) * future_uses


def placement_worth(me: dict[str, Any], row: int, col: int) -> float:
    field = me["layout"][row][col]
    piece = FIELD_YIELD[field]
    cover = COVER_RESOURCE_VP if piece in RESOURCES else COVER_PRODUCT_VP if piece in PRODUCTS else 0.0
    aligned = sum(1 for bd in me["buildings"] if bd["row"] == row or bd["col"] == col)
    return ALIGN_VP * (aligned + (row == 0 or col == 0)) - cover


def best_ship_vp(view: dict[str, Any], me: dict[str, Any]) -> float:
    """VP of the best single Mayor load now."""
    best = 0.0
    for berth in view["harbour"]["berths"]:
        ship = berth["ship"]
        if not ship:
            continue
        free: dict[str, int] = {}
        for space in ship["spaces"]:
            if not space["filled"]:
                free[space["type"]] = free.get(space["type"], 0) + 1
        pieces = sum(min(n, held(me, t)) for t, n in free.items())
        best = max(best, pieces * berth["vp"])
    return best


# ---- statutes --------------------------------------------------------------------------------


def statute_vp(view: dict[str, Any], player: dict[str, Any], sid: str | None) -> float:
    """What a statute in force would give ``player`` in this round's statute phase, in VP."""
    if sid is None:
        return 0.0
    st = STATUTES[sid]
    if st["group"] == "I":
        if "per_building" in st and not player["buildings"]:
            return 0.0  # nothing to pay, so no tax VP
        cost = st.get("tax", st.get("per_building", 0) * len(player["buildings"]))
        return TAX_VP - cost * peso_vp(view) if player["pesos"] >= cost else 0.0
    if st["group"] == "II":
        ((what, count),) = st["duty"].items()
        if what == "any_resource":
            have = sum(held(player, p) for p in RESOURCES)
        elif what == "any_product":
            have = sum(held(player, p) for p in PRODUCTS)
        else:
            have = held(player, what)
        return DUTY_VP if have >= count else 0.0
    if st["group"] == "III":
        return subsidy_vp(player, st)
    return 0.0


def subsidy_vp(player: dict[str, Any], st: dict[str, Any]) -> float:
    what = st["subsidy"]
    fields = field_counts(player)
    if what == "buildings":
        n = len(player["buildings"])
    elif what == "resource_fields":
        n = sum(fields.get(p, 0) for p in RESOURCES)
    elif what == "product_fields":
        n = sum(fields.get(p, 0) for p in PRODUCTS)
    elif what == "water":
        n = held(player, "water")
    elif what == "card_votes":
        n = player["votes"] if isinstance(player.get("votes"), int) else 3
    else:
        n = player["pesos"] // 3
    return float(min(n, st["cap"]) if st["cap"] is not None else n)


def statute_edge(view: dict[str, Any], seat: str, sid: str | None) -> float:
    """A statute's VP for ``seat`` less a share of the best rival's."""
    players = view["players"]
    mine = statute_vp(view, players[seat], sid)
    rivals = [statute_vp(view, p, sid) for s, p in players.items() if s != seat]
    return mine - RIVAL_WEIGHT * max(rivals, default=0.0)


def statute_edges(view: dict[str, Any], seat: str) -> dict[str | None, float]:
    """:func:`statute_edge` of every proposal and statute in force (and of none)."""
    ids = {p["id"] for p in view["proposals"].values() if p} | {
        p["id"] for p in view["statutes"].values() if p
    }
    edges: dict[str | None, float] = {sid: statute_edge(view, seat, sid) for sid in ids}
    edges[None] = 0.0
    return edges


def enact_worth(view: dict[str, Any], edges: dict[str | None, float], groups: tuple[Arg, ...]) -> float:
    """How much better enacting ``groups`` is than keeping the statutes in force (``edges``
    from :func:`statute_edges`)."""
    total = 0.0
    for g in groups:
        proposal = view["proposals"].get(g)
        if proposal is None or proposal["vetoed"]:
            continue
        old = view["statutes"].get(g)
        total += edges[proposal["id"]] - edges[old["id"] if old else None]
    return total


def parliament_stake(view: dict[str, Any], edges: dict[str | None, float]) -> float:
    """VP this seat gains by choosing the two proposals itself."""
    groups = [g for g, p in view["proposals"].items() if p is not None and not p["vetoed"]]
    if len(groups) < 2:
        return enact_worth(view, edges, tuple(groups))
    return max(enact_worth(view, edges, pair) for pair in combinations(groups, 2))


# ---- the player --------------------------------------------------------------------------------


class HeuristicPlayer:
    """Scores each legal action in VP and plays the best one."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)
        self.memo: dict[str, Any] = {}

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        self.memo = {}  # figures that depend on the view only, computed once per decision
        seat = view.get("viewer") or ""
        me = view["players"].get(seat)
        if me is None:
            return legal[self.rng.randrange(len(legal))]
        if legal[0].kind == "bid":
            return self.bid(view, seat, legal)
        scored = [(self.score(view, seat, me, a) + self.rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    def score(self, view: dict[str, Any], seat: str, me: dict[str, Any], action: Action) -> float:
        kind, args = action.kind, action.args
        if kind == "pick":
            return PIECE_VP[word(action)] - 0.2 * held(me, word(action))
        if kind == "parliament":
            return self.keep_worth(view, seat, word(action)) - self.card_worth(view, me, word(action))
        if kind == "play":
            return self.card_worth(view, me, word(action)) - self.keep_worth(view, seat, word(action))
        if kind == "worker":
            return self.cross_worth(me, number(action, 0), number(action, 1))
        if kind == "field":
            field = me["layout"][number(action, 0)][number(action, 1)]
            return PIECE_VP[present(FIELD_YIELD[field], "field yield")]
        if kind == "use" and args == ("water",):
            return WORKER_PRODUCT_VP - PIECE_VP["water"]
        if kind in ("buy", "sell"):
            return self.trade_worth(view, me, kind, word(action))
        if kind == "take":
            return self.alternative_worth(view, word(action))
        if kind == "build":
            worth = self.building_worth(view, me, word(action))
            return worth + placement_worth(me, number(action, 2), number(action, 3))
        if kind == "ship":
            return BERTH_VP[number(action) - 1] * (len(args) - 1)
        if kind == "use":
            return self.use_worth(view, me, args)
        if kind == "veto":
            return -self.edges(view, seat)[view["proposals"][args[0]]["id"]]
        if kind == "enact":
            return enact_worth(view, self.edges(view, seat), args)
        if kind == "pay":
            return self.pay_worth(view, me, args)
        return DONE_VP if kind == "done" else 0.0

    # ---- cards ----

    def card_worth(self, view: dict[str, Any], me: dict[str, Any], card: str) -> float:
        """VP the character can bring if played now."""
        value = CARD_BASE[card]
        if card == "architect":
            costs = [
                self.building_worth(view, me, bid)
                for bid, left in view["buildings_available"].items()
                if left and all(me["farmyard"].get(p, 0) >= n for p, n in BUILDINGS[bid]["cost"].items())
            ]
            value = max([value, *costs])
        elif card == "mayor":
            value = max(value, best_ship_vp(view, me))
        elif card == "foreman":
            value += sum(USE_CHANCE * building_yield(view, me, bd["id"]) for bd in me["buildings"])
        return value

    def keep_worth(self, view: dict[str, Any], seat: str, card: str) -> float:
        """VP of keeping ``card`` for parliament: its votes weighed by what is at stake."""
        stake = max(0.0, self.stake(view, seat))
        return CHARACTERS[card] * VOTE_VP_PER_STAKE * stake

    def stake(self, view: dict[str, Any], seat: str) -> float:
        if "stake" not in self.memo:
            self.memo["stake"] = parliament_stake(view, self.edges(view, seat))
        return self.memo["stake"]

    def edges(self, view: dict[str, Any], seat: str) -> dict[str | None, float]:
        if "edges" not in self.memo:
            self.memo["edges"] = statute_edges(view, seat)
        return self.memo["edges"]

    def building_worth(self, view: dict[str, Any], me: dict[str, Any], building: str) -> float:
        if building not in self.memo:
            self.memo[building] = building_worth(view, me, building)
        return self.memo[building]

    def cross_worth(self, me: dict[str, Any], row: int, col: int) -> float:
        """Worker: resources of the row and column, plus the best product fields it may use."""
        covered = {(bd["row"], bd["col"]) for bd in me["buildings"]}
        resources = products = 0
        for r in range(3):
            for c in range(4):
                if (r != row and c != col) or (r, c) in covered:
                    continue
                piece = FIELD_YIELD[me["layout"][r][c]]
                resources += piece in RESOURCES
                products += piece in PRODUCTS
        return resources * WORKER_RESOURCE_VP + min(products, WORKER_PRODUCT_FIELDS) * WORKER_PRODUCT_VP

    # ---- trader, alternatives ----

    def trade_worth(self, view: dict[str, Any], me: dict[str, Any], kind: str, piece: str) -> float:
        market = view["market"][piece]
        worth = GOOD_VP if piece in GOODS else PIECE_VP[piece]
        if piece in self.shippable(view):
            worth += 1.0
        if kind == "buy":
            return worth - market["buy"] * peso_vp(view) - 0.5
        return market["sell"] * peso_vp(view) - worth

    def alternative_worth(self, view: dict[str, Any], what: str) -> float:
        if what == "vp":
            return 2.0 if view["black_markers"]["architect_2vp"] is None else 1.0
        if what == "pesos":
            pesos = 4 if view["black_markers"]["mayor_4"] is None else 2
            return pesos * peso_vp(view)
        return PIECE_VP.get(what, 0.5)

    @staticmethod
    def shippable(view: dict[str, Any]) -> set[str]:
        out = set()
        for berth in view["harbour"]["berths"]:
            ship = berth["ship"]
            if ship:
                out |= {s["type"] for s in ship["spaces"] if not s["filled"]}
        return out & set(CARGO)

    # ---- foreman ----

    def use_worth(self, view: dict[str, Any], me: dict[str, Any], args: tuple[Arg, ...]) -> float:
        """A Foreman's use of the building at (row, col) with the rest of ``args``."""
        building = building_at(me, number(args, 0), number(args, 1))
        bd = BUILDINGS[building]
        rest = args[2:]
        effect = bd["effect"]
        if effect == "convert_vp":
            counted = bool(rest) and isinstance(rest[0], int)
            pieces = [bd["input"]] * number(rest) if counted else words(rest)
            return sum(
                bd["vp_each"] - (GOOD_VP if p in GOODS else PIECE_VP.get(p, 0.5)) * 0.5 for p in pieces
            )
        if effect == "transform":
            return number(rest) * (GOOD_VP - PIECE_VP[bd["source"]])
        if effect == "ship":
            return BERTH_VP[number(rest, 0) - 1] * number(rest, 2)
        if effect == "sell":
            return sum(bd["pesos_each"] * peso_vp(view) - PIECE_VP.get(p, GOOD_VP) for p in words(rest))
        if effect == "veto":
            proposal = view["proposals"].get(word(rest)) if rest else None
            return -self.edges(view, view["viewer"])[proposal["id"]] if proposal else 0.3
        if effect == "exchange":
            give, get = word(rest, 0), word(rest, 1)
            return (GOOD_VP if get in GOODS else PIECE_VP[get]) - (
                GOOD_VP if give in GOODS else PIECE_VP[give]
            )
        if effect == "lighthouse":
            return 0.1
        return building_yield(view, me, building) + 0.1

    # ---- statute phase ----

    def pay_worth(self, view: dict[str, Any], me: dict[str, Any], args: tuple[Arg, ...]) -> float:
        if args[0] == "tax":
            sid = view["statutes"]["I"]
            return statute_vp(view, me, sid["id"] if sid else None)
        # duty: 2 VP for pieces that would otherwise mostly be discarded or sold cheaply
        return DUTY_VP - sum(PIECE_VP.get(p, 0.5) * 0.5 for p in words(args, 1))

    def bid(self, view: dict[str, Any], seat: str, legal: list[Action]) -> Action:
        """Bid only when the stake is worth it and the bid can plausibly win the vote."""
        stake = self.stake(view, seat)
        pesos = view["players"][seat]["pesos"]
        if stake < MIN_STAKE_VP or peso_vp(view) <= 0:
            return Action("bid", (0,))
        budget = min(pesos, int(stake / max(peso_vp(view), 0.05)))
        step = view["step"]
        rivals = [s for s in view["seats"] if s != seat]
        if step == "tie_bid":
            rivals = [s for s in view["parliament"]["tied"] if s != seat]

        def strength(s: str) -> float:
            p = view["players"][s]
            votes = p["votes"] if isinstance(p["votes"], int) else 3
            if step == "tie_bid":
                votes = p["total"] if isinstance(p.get("total"), int) else votes
            return votes + p["pesos"] * RIVAL_BID_SHARE

        mine = view["players"][seat]
        my_votes = mine["votes"] if isinstance(mine["votes"], int) else 0
        if step == "tie_bid" and isinstance(mine.get("total"), int):
            my_votes = mine["total"]
        needed = max((strength(s) for s in rivals), default=0.0) - my_votes + 1
        amount = max(0, int(needed + 0.999))
        if amount > budget:
            amount = 0
        amounts = [number(a) for a in legal]
        return Action("bid", (min(amounts, key=lambda n: abs(n - amount)),))
