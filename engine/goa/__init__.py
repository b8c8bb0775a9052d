"""Goa (1st edition, Hans im Glück 2004) for 2–4 players. See ``shared/rules/goa.md``.

Data is in :mod:`engine.goa.data`, the state in :mod:`engine.goa.state`, the rules by phase in
:mod:`engine.goa.rules`, what a seat sees in :mod:`engine.goa.view` and every sentence, in every
language, in :mod:`engine.goa.text` (the words; the sentences about a game in
:mod:`engine.goa.text.table`, refusals in :mod:`engine.goa.text.explain`); this registration joins
them as ``RULES``.
"""

from __future__ import annotations

from engine.goa import rules
from engine.goa.text import explain, table
from engine.goa.view import build_view

__all__ = ["RULES", "GoaRules"]


class GoaRules(rules.GoaRules):
    """Goa, the whole game: the rules (:class:`engine.goa.rules.GoaRules`) with the words and
    the view that sit above them."""

    def __init__(self) -> None:
        super().__init__(text=table, view=build_view, explain=explain.refusal)


RULES = GoaRules()
