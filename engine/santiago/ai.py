"""A heuristic computer player for Santiago de Cuba (``engine.ai.player("santiago", …)``).

It reads only its own view (the other screens are closed there) and the legal actions, values
each action in victory points with the named weights below and plays the best (ties broken by a
seeded RNG):

* driving: each reachable space is worth its Cuban's gift plus the best building the figure can
  then use in the Cuban's colour, less the pesos the extra steps cost — pesos are worth more
  to a poor player and less as the last ship nears;
* the harbour: worth what it can deliver there at the current price, so the car goes there when
  the value is high; in a delivery round it delivers whatever beats keeping the goods;
* El Zorro is worth one gift per rival (and lets the figure reuse its building); a victim
  hands over the cheapest thing it may give (never wood); the Office loads a demanded good for
  its flat points; the Casino turns spare pesos into points late on;
* a turn that ends with the figure on a rival's building gives that rival 1 VP (rulebook 2011:
  at the end of the turn, also when the figure stays — El Zorro, the harbour, a face-down
  Cuban), counted against every drive that leaves it there;
* Alonso is optional: declining him (``skip``) is worth nothing, so he claims or runs a
  building whenever that is worth more;
* the table's ``harbour_master`` option changes nothing in its play: it never moves the value
  marker down (that only stalls the ship), so a game of computer players ends under either.
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Arg, Rng
from engine.santiago import data as d
from engine.typed import number, word, words

#: VP of one peso early in the game (the Casino's rate); it falls towards the end.
PESO_VP = 1 / d.CASINO_PESOS_PER_VP
#: Extra VP per peso for a player holding fewer than this many pesos (driving needs them).
POOR_PESOS = 3
POOR_PESO_BONUS = 0.2
#: VP of keeping one good (it may be delivered later, used in a building or count at the end).
GOOD_VP: dict[str, float] = {
    d.SUGAR: 1.0,
    d.CITRUS: 0.9,
    d.TOBACCO: 1.0,
    d.RUM: 1.6,
    d.CIGAR: 1.6,
    d.WOOD: 0.5,
}
#: Share of a demanded good's delivery value counted when the good is in hand.
DEMAND_SHARE = 0.3
#: VP taken from each rival by El Zorro (the giver picks its cheapest thing).
ZORRO_TAKE_VP = 0.5
#: Worth of a property marker placed on a building (rivals pay 1 VP per visit).
CLAIM_VP = 2.0
#: Penalty per VP a visit hands to a rival who owns the building.
RIVAL_GIFT_VP = 0.5
#: Stopping on a face-down Cuban gives nothing.
FACE_DOWN_VP = -1.0
#: What the building effects that depend on others' play are roughly worth.
CUSTOMS_VP = 0.3
NEWSPAPER_FLIP_VP = 0.2
MARKET_VP = 0.4
#: Harbour master: VP per own deliverable good of one flag more; a new ship's worth to a seat
#: with nothing to deliver; the cost of holding the ship back (it could stall the game).
PRICE_STEP_VP = 0.5
NEW_SHIP_VP = 0.3
STALL_VP = 0.5


class HeuristicPlayer:
    """Values every legal action in VP and plays the best one."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("a computer player was asked to move with no legal action")
        scored = [(self.worth(view, a) + self.rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    # ---- shared figures ------------------------------------------------------------------

    @staticmethod
    def me(view: dict[str, Any]) -> dict[str, Any]:
        return view["players"].get(view.get("you") or "", {})

    def peso_vp(self, view: dict[str, Any]) -> float:
        ship = view["ship"]
        ships_left = (ship["ships"] - ship["number"] + 1) / ship["ships"]
        scarce = POOR_PESO_BONUS if self.me(view).get("pesos", 0) < POOR_PESOS else 0.0
        return PESO_VP * ships_left + scarce

    @staticmethod
    def deliverable(view: dict[str, Any], goods: dict[str, int]) -> dict[str, int]:
        """Goods of this seat the ship still asks for, by type."""
        return {g: min(want, goods.get(g, 0)) for g, want in view["ship"]["dice"].items() if want > 0}

    def delivery_gain(self, view: dict[str, Any], goods: dict[str, int]) -> float:
        """VP gained over keeping the goods if this seat delivers all it can now."""
        price = view["ship"]["value"] or 0
        return sum(n * (price - GOOD_VP[g]) for g, n in self.deliverable(view, goods).items())

    def good_vp(self, view: dict[str, Any], good: str) -> float:
        price = view["ship"]["value"] or 0
        demanded = view["ship"]["dice"].get(good, 0) > 0
        return GOOD_VP[good] + (DEMAND_SHARE * price if demanded else 0.0)

    # ---- actions -------------------------------------------------------------------------

    def worth(self, view: dict[str, Any], action: Action) -> float:
        goods: dict[str, int] = self.me(view).get("goods", {})
        price = view["ship"]["value"] or 0
        kind, args = action.kind, action.args
        if kind == "deliver":
            return number(action, 1) * (price - GOOD_VP[word(action)])
        if kind == "wood":
            return number(action, 1) * (d.WOOD_DELIVERY_VP - GOOD_VP[d.WOOD])
        if kind == "drive":
            return self.drive_worth(view, goods, number(action))
        if kind == "aside":
            return self.aside_worth(view, goods, word(action))
        if kind == "take":
            return self.good_vp(view, word(action))
        if kind == "give":
            return -self.give_cost(view, word(action))
        if kind == "claim":
            return CLAIM_VP + self.building_worth(view, goods, word(action)) * 0.1
        if kind in ("run", "go"):
            building = word(action)
            return self.building_worth(view, goods, building) - self.rival_gift(view, building)
        if kind == "use":
            return self.use_worth(view, goods, view["pending"].get("building"), args)
        return 0.0  # pass, skip

    def give_cost(self, view: dict[str, Any], what: str) -> float:
        if what == "peso":
            return self.peso_vp(view)
        if what == "vp":
            return 1.0
        return self.good_vp(view, what)

    def aside_worth(self, view: dict[str, Any], goods: dict[str, int], good: str) -> float:
        """Set aside the die whose good this seat can least deliver (and the biggest of those)."""
        rolled = view["ship"]["rolled"] or {}
        return -goods.get(good, 0) * 2 + rolled.get(good, 0) * 0.1

    def drive_worth(self, view: dict[str, Any], goods: dict[str, int], steps: int) -> float:
        target = (view["car"] + steps) % d.ROAD_LEN
        cost = (steps - 1) * self.peso_vp(view)
        staying = self.staying_gift(view)
        if target == d.HARBOUR:
            return self.delivery_gain(view, goods) - staying - cost
        space = view["road"][target]
        if not space["face_up"]:
            return FACE_DOWN_VP - staying - cost
        return (
            self.cuban_worth(view, goods, space["cuban"])
            + self.figure_worth(view, goods, space["colour"])
            - cost
        )

    def cuban_worth(self, view: dict[str, Any], goods: dict[str, int], cuban: str) -> float:
        if cuban in d.CUBAN_GAINS:
            total = 0.0
            for what, n in d.CUBAN_GAINS[cuban].items():
                if what == "vp":
                    total += n
                elif what == "pesos":
                    total += n * self.peso_vp(view)
                else:
                    total += n * self.good_vp(view, what)
            return total
        if cuban == d.PABLO:
            return max(self.good_vp(view, g) for g in d.PABLO_CHOICES)
        if cuban == d.ZORRO:
            return ZORRO_TAKE_VP * (len(view["seats"]) - 1)
        if cuban == d.ALONSO:
            me = self.me(view)
            owned = [self.building_worth(view, goods, b) for b in me.get("owned", [])]
            return max([CLAIM_VP if me.get("markers_left") else 0.0, *owned])
        return 0.0

    def figure_worth(self, view: dict[str, Any], goods: dict[str, int], colour: str | None) -> float:
        """The best building the figure can use after visiting a Cuban of ``colour``."""
        me = self.me(view)
        current = me.get("figure")
        stay = self.building_worth(view, goods, current) - self.staying_gift(view) if current else 0.0
        if colour is None:
            return stay
        free = [
            self.building_worth(view, goods, b["building"]) - self.rival_gift(view, b["building"])
            for b in view["districts"][colour]
            if b["figure"] is None and b["building"] != current
        ]
        return max(free) if free else stay

    def staying_gift(self, view: dict[str, Any]) -> float:
        """What the figure hands a rival by ending the turn where it stands."""
        current = self.me(view).get("figure")
        return self.rival_gift(view, current) if current else 0.0

    def rival_gift(self, view: dict[str, Any], building: str) -> float:
        owner = next(
            (b["owner"] for bs in view["districts"].values() for b in bs if b["building"] == building), None
        )
        return RIVAL_GIFT_VP * d.OWNER_VISIT_VP if owner not in (None, view.get("you")) else 0.0

    def building_worth(self, view: dict[str, Any], goods: dict[str, int], building: str) -> float:
        """VP of using ``building`` in its best way now."""
        if building == d.BANK:
            return d.BANK_PESOS * self.peso_vp(view)
        if building == d.CHURCH:
            return d.CHURCH_VP
        if building in d.CONVERSIONS:
            src, dst = d.CONVERSIONS[building]
            return goods.get(src, 0) * max(0.0, self.good_vp(view, dst) - self.good_vp(view, src))
        if building == d.MARKET:
            return MARKET_VP if any(goods.get(g, 0) for g in d.MARKET_GOODS) else 0.0
        if building == d.SAWMILL:
            return (
                d.SAWMILL_VP + d.SAWMILL_PESOS * self.peso_vp(view) - GOOD_VP[d.WOOD]
                if goods.get(d.WOOD)
                else 0
            )
        if building == d.CAFE:
            return sum(d.CAFE_VP_EACH - self.good_vp(view, g) for g in d.CAFE_GOODS if goods.get(g, 0))
        if building == d.CASINO:
            pesos = self.me(view).get("pesos", 0)
            return max(
                0.0, (pesos // d.CASINO_PESOS_PER_VP) * (1 - d.CASINO_PESOS_PER_VP * self.peso_vp(view))
            )
        if building == d.CUSTOMS:
            return CUSTOMS_VP
        if building == d.HARBOURMASTER:
            return max(0.0, self.harbourmaster_worth(view, goods, "up"))
        if building == d.OFFICE:
            demanded = [g for g, n in self.deliverable(view, goods).items() if n > 0]
            return max([0.0, *(d.OFFICE_VP - GOOD_VP[g] for g in demanded)])
        if building == d.NEWSPAPER:
            return d.NEWSPAPER_PESOS * self.peso_vp(view) + NEWSPAPER_FLIP_VP
        return 0.0

    def harbourmaster_worth(self, view: dict[str, Any], goods: dict[str, int], way: str) -> float:
        """Up raises the price of what this seat holds, unless it would send the ship off; with
        nothing to deliver, up hurries a new demand along. Down only ever stalls the ship."""
        mine = sum(self.deliverable(view, goods).values())
        if way == "down":
            return -STALL_VP - mine * PRICE_STEP_VP
        if not mine:
            return NEW_SHIP_VP
        return mine * PRICE_STEP_VP if view["ship"]["value_index"] + 1 < d.CHEQUERED else -mine

    def use_worth(
        self, view: dict[str, Any], goods: dict[str, int], building: str | None, args: tuple[Arg, ...]
    ) -> float:
        if building == d.NEWSPAPER:  # the peso, and the flip only when a Cuban is named
            return d.NEWSPAPER_PESOS * self.peso_vp(view) + (NEWSPAPER_FLIP_VP if args else 0.0)
        if building is None or not args:
            return self.building_worth(view, goods, building) if building else 0.0
        if building in d.CONVERSIONS:
            src, dst = d.CONVERSIONS[building]
            return number(args) * (self.good_vp(view, dst) - self.good_vp(view, src))
        if building == d.MARKET:
            return self.good_vp(view, word(args, 1)) - self.good_vp(view, word(args, 0))
        if building == d.CAFE:
            return sum(d.CAFE_VP_EACH - self.good_vp(view, g) for g in words(args))
        if building == d.CASINO:
            rate = d.CASINO_PESOS_PER_VP * self.peso_vp(view)
            n = number(args, 1)
            return n * (1 - rate) if args[0] == "buy" else n * (rate - 1)
        if building == d.CUSTOMS:
            good = word(args)
            return CUSTOMS_VP - goods.get(good, 0) * self.good_vp(view, good) * DEMAND_SHARE
        if building == d.HARBOURMASTER:
            return self.harbourmaster_worth(view, goods, word(args))
        if building == d.OFFICE:
            return d.OFFICE_VP - GOOD_VP[word(args)]
        return 0.0
