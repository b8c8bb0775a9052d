"""Santiago de Cuba (Rieneck & Stadler, 2011) behind the engine contract: ``RULES``.

The rules follow ``/work/shared/rules/santiago.md``. Data is in :mod:`engine.santiago.data`, the
state in :mod:`engine.santiago.state`, the rules by part of the turn in
:mod:`engine.santiago.rules`, what a seat sees in :mod:`engine.santiago.view` and every sentence,
in every language, in :mod:`engine.santiago.text`.
"""

from __future__ import annotations

from engine.santiago import rules
from engine.santiago.text import explain, table
from engine.santiago.view import build_view

__all__ = ["RULES", "SantiagoRules"]


class SantiagoRules(rules.SantiagoRules):
    """Santiago de Cuba, the whole game: the rules (:class:`engine.santiago.rules.SantiagoRules`)
    with the presentation and the view that sit above them."""

    def __init__(self) -> None:
        super().__init__(text=table, view=build_view, explain=explain.explain)


RULES = SantiagoRules()
