"""Cuba (Rieneck & Stadler, 2007) behind the engine contract: ``RULES``.

The rules follow ``/work/shared/rules/cuba.md``. Data is in :mod:`engine.cuba.data`, the state
in :mod:`engine.cuba.state`, the rules by phase in :mod:`engine.cuba.rules`, what a seat sees in
:mod:`engine.cuba.view` and every sentence, in every language, in :mod:`engine.cuba.text`.
"""

from __future__ import annotations

from engine.cuba import rules
from engine.cuba.text import explain, table
from engine.cuba.view import build_view

__all__ = ["RULES", "CubaRules"]


class CubaRules(rules.CubaRules):
    """Cuba, the whole game: the rules (:class:`engine.cuba.rules.CubaRules`) with the
    presentation and the view that sit above them."""

    def __init__(self) -> None:
        super().__init__(text=table, view=build_view, explain=explain.explain)


RULES = CubaRules()
