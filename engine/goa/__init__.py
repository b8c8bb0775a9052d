"""Goa (1st edition, Hans im Glück 2004) for 2–4 players. See ``shared/rules/goa.md``."""

from engine.goa.rules import GoaRules

RULES = GoaRules()

__all__ = ["RULES", "GoaRules"]
