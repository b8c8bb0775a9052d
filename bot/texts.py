"""Every sentence the bot writes comes from a message catalogue: ``bot/locales/<lang>.json``.

Code never writes a sentence itself; it calls :func:`t` with a key, the language and the values to
fill in. English (``en.json``) is the reference; the other catalogues (``zh-CN``, ``zh-TW``, ``ja``,
``nl``) have the same keys and placeholders, which the tests check. The games' own texts (log
lines, button labels, prompts, refusals) come from the engines' catalogues in
``engine/<game>/locales``.

Which language: ephemeral replies and DMs use the Discord user's locale; public messages use the
game's language (``/game settings language``, by default the server's locale).
"""

from __future__ import annotations

from typing import Any

from engine.i18n import DEFAULT, LANGUAGES, Catalogue, normalise

__all__ = ["CATALOGUE", "LANGUAGES", "has_text", "normalise", "t"]

CATALOGUE = Catalogue("bot")


def t(key: str, lang: str = DEFAULT, /, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when a translation lacks it), filled with ``values``."""
    return CATALOGUE(lang, key, **values)


def has_text(key: str) -> bool:
    """Whether the catalogue has a sentence called ``key``."""
    return CATALOGUE.has(key)
