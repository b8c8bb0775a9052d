"""What Santiago de Cuba's public record tells a careful player: every screen, exactly.

Nothing in Santiago de Cuba is dealt face down. Every player begins with the same holdings
(:data:`~engine.santiago.data.START_PESOS`, ``START_VP``, ``START_GOODS``), and every later change
of a screen is a public event: the pesos a drive costs, what a Cuban gives (as much as the supply
still had), Pablo's good, El Zorro's gift, each building's use (conversions and trades named, the
café's goods, the casino's deal), an owner's point and each delivery. :func:`track` replays those
events on a ledger of every seat's pesos, VP and goods and of the general supply, which is
therefore known too. The search writes the ledger into the information set instead of drawing the
screens (``engine/santiago/search.py``); ``tests/ai/test_information_sets.py`` replays games and
checks the ledger against the true state after every action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.santiago import data as d
from engine.search_parts import PublicRecord


class Ledger:
    """Every seat's pesos, VP and goods, and the supply, as counted from public events."""

    def __init__(self, seats: list[str]) -> None:
        self.pesos = {s: d.START_PESOS for s in seats}
        self.vp = {s: d.START_VP for s in seats}
        self.goods = {s: {g: d.START_GOODS.get(g, 0) for g in d.GOODS} for s in seats}
        self.supply = {g: d.GOODS_SUPPLY - d.START_GOODS.get(g, 0) * len(seats) for g in d.GOODS}

    def gain(self, seat: str, good: str, n: int) -> int:
        """As the rules' ``gain_good``: up to ``n`` from the supply, what it lacks is lost."""
        got = min(n, self.supply[good])
        self.supply[good] -= got
        self.goods[seat][good] += got
        return got

    def give_back(self, seat: str, good: str, n: int) -> None:
        self.goods[seat][good] -= n
        self.supply[good] += n

    def observe(self, event: Mapping[str, Any]) -> None:
        kind, seat, data = event["kind"], str(event.get("seat")), event.get("data") or {}
        if kind == "drive":
            self.pesos[seat] -= data["pesos"]
        elif kind == "cuban":
            for what, n in data["got"].items():
                if what == "vp":
                    self.vp[seat] += n
                elif what == "pesos":
                    self.pesos[seat] += n
                else:  # the event names what the supply gave: take exactly that
                    self.goods[seat][what] += n
                    self.supply[what] -= n
        elif kind == "pablo":
            self.gain(seat, data["good"], 1)
        elif kind == "zorro_give":
            self.zorro(seat, data["to"], data["what"])
        elif kind == "use":
            self.use(seat, data)
        elif kind == "owner_vp":
            self.vp[seat] += data["vp"]
        elif kind == "deliver":
            self.give_back(seat, d.WOOD if data["wood"] else data["good"], data["n"])
            self.vp[seat] += data["vp"]

    def zorro(self, giver: str, thief: str, what: str) -> None:
        if what == "peso":
            self.pesos[giver] -= 1
            self.pesos[thief] += 1
        elif what == "vp":
            self.vp[giver] -= 1
            self.vp[thief] += 1
        else:
            self.goods[giver][what] -= 1
            self.goods[thief][what] += 1

    def use(self, seat: str, data: Mapping[str, Any]) -> None:
        building = data["building"]
        if building == d.BANK:
            self.pesos[seat] += d.BANK_PESOS
        elif building == d.CHURCH:
            self.vp[seat] += d.CHURCH_VP
        elif building in d.CONVERSIONS:
            self.give_back(seat, data["given"], data["n"])
            self.gain(seat, data["got"], data["n"])
        elif building == d.MARKET:
            self.give_back(seat, data["given"], 1)
            self.gain(seat, data["got"], 1)
        elif building == d.SAWMILL:
            self.give_back(seat, d.WOOD, 1)
            self.vp[seat] += d.SAWMILL_VP
            self.pesos[seat] += d.SAWMILL_PESOS
        elif building == d.CAFE:
            for good in data["goods"]:
                self.give_back(seat, good, 1)
            self.vp[seat] += data["vp"]
        elif building == d.CASINO:
            sign = 1 if data["direction"] == "buy" else -1
            self.vp[seat] += sign * data["n"]
            self.pesos[seat] -= sign * data["pesos"]
        elif building == d.NEWSPAPER:
            self.pesos[seat] += d.NEWSPAPER_PESOS
        elif building == d.OFFICE:
            self.give_back(seat, data["good"], 1)
            self.vp[seat] += data["vp"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": {
                s: {"pesos": self.pesos[s], "vp": self.vp[s], "goods": dict(self.goods[s])} for s in self.pesos
            },
            "supply": dict(self.supply),
        }


def track(record: PublicRecord) -> dict[str, Any]:
    """Every screen and the supply, from the seat's public record:
    ``{"players": {seat: {"pesos", "vp", "goods"}}, "supply": {good: n}}``."""
    ledger = Ledger(list(record.start["seats"]))
    for event in record.events:
        ledger.observe(event)
    return ledger.as_dict()
