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

import re
from functools import cache
from typing import Any

from engine.i18n import DEFAULT, LANGUAGES, Catalogue, normalise, plural_category

__all__ = ["CATALOGUE", "LANGUAGES", "command_name", "has_text", "normalise", "t", "t_count"]

CATALOGUE = Catalogue("bot")

#: The slash commands' names in every language (the catalogue ``bot/translator`` registers them
#: with Discord; read here without discord.py, which the service must not import).
COMMANDS = Catalogue("bot.adapter.translator")

#: A slash command as the catalogues write it: ``/game join``, ``/play``, ``/tradewinds notify``,
#: with the options named right after it (``/game forget-me confirm:``).
_COMMAND = re.compile(
    r"/(?P<group>game|play|tradewinds|admin)\b(?: (?P<sub>[a-z][a-z-]*))?(?P<options>(?: [a-z_]+:)*)"
)


def t(key: str, lang: str = DEFAULT, /, **values: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when a translation lacks it), filled with ``values``."""
    return _template(key, lang).format(**values)


def t_count(key: str, lang: str, count: int, /, **values: Any) -> str:
    """The counted sentence ``key`` in the form the language's plural rules give ``count``
    (``key.one``, ``key.other``…, see :func:`engine.i18n.plural_category`); ``count`` is passed
    both as ``n`` and as ``count``."""
    return t(f"{key}.{plural_category(lang, count)}", lang, n=count, count=count, **values)


@cache
def _template(key: str, lang: str) -> str:
    """The template with its slash commands named as the reader's Discord client shows them."""
    template = CATALOGUE.template(lang, key)
    if lang == DEFAULT or "/" not in template:
        return template
    return _COMMAND.sub(lambda m: _localised_command(m, lang), template)


def command_name(path: str, lang: str) -> str:
    """The name of the command, sub-command or option at ``path`` (``game``, ``game.join``,
    ``game.forget-me:confirm``) in ``lang``, as the translator registers it."""
    key = f"{path}.name"
    if lang == DEFAULT or not COMMANDS.has(key):
        return path.replace(":", ".").rsplit(".", 1)[-1]
    return COMMANDS(lang, key)


def _localised_command(match: re.Match[str], lang: str) -> str:
    group, sub, options = match["group"], match["sub"], match["options"]
    words = [command_name(group, lang)]
    tail = ""
    if sub and COMMANDS.has(f"{group}.{sub}.name"):
        words.append(command_name(f"{group}.{sub}", lang))
        path = f"{group}.{sub}"
    else:
        path = group
        tail = f" {sub}" if sub else ""
    for option in re.findall(r"[a-z_]+", options or ""):
        if COMMANDS.has(f"{path}:{option}.name"):
            words.append(command_name(f"{path}:{option}", lang) + ":")
        else:
            words.append(option + ":")
    return "/" + " ".join(words) + tail


def has_text(key: str) -> bool:
    """Whether the catalogue has a sentence called ``key``."""
    return CATALOGUE.has(key)
