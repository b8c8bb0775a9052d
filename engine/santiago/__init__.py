"""Santiago de Cuba (Rieneck & Stadler, 2011) behind the engine contract: ``RULES``.

The rules follow ``/work/shared/rules/santiago.md``. Data is in :mod:`engine.santiago.data`, the
state in :mod:`engine.santiago.state`, the rules by part of the turn in
:mod:`engine.santiago.rules`, what a seat sees in :mod:`engine.santiago.view` and every sentence,
in every language, in :mod:`engine.santiago.text`.
"""

from __future__ import annotations

from engine.core import Action, ChoiceGroup
from engine.santiago import rules
from engine.santiago.state import State
from engine.santiago.text import explain, table
from engine.santiago.view import build_view

__all__ = ["RULES", "SantiagoRules"]


class SantiagoRules(rules.SantiagoRules):
    """Santiago de Cuba, the whole game: the rules (:class:`engine.santiago.rules.SantiagoRules`)
    with the presentation and the view that sit above them."""

    def __init__(self) -> None:
        super().__init__(text=table, view=build_view, explain=explain.explain)

    def choice_group(self, state: State, seat: str, action: Action, lang: str = "en") -> ChoiceGroup | None:
        """A delivery's goods apart from wood delivered in their place ("Deliver goods: sugar
        cane, rum" and "Deliver wood in place of rum"): their labels alike begin "Deliver"."""
        if action.kind not in ("deliver", "wood") or state["step"] != "deliver":
            return None
        goods = [str(a.args[0]) for a in self.legal(state, seat) if a.kind == action.kind and a.args]
        return ChoiceGroup(action.kind, table.delivery_group_name(action.kind, goods, lang))


RULES = SantiagoRules()
