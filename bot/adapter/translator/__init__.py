"""Slash commands in every language the bot speaks: discord.py's :class:`app_commands.Translator`.

Discord shows a command's name, description, options and choices in the user's client language
when the registered command carries ``name_localizations`` / ``description_localizations``.
discord.py asks a translator for each of those strings while syncing; :class:`CommandTranslator`
answers from the catalogue ``bot/adapter/translator/locales/<lang>.json``, keyed by where the string
sits in the tree:

* ``game.name`` / ``game.description``: the group ``/game``; ``game.new.name`` … a command;
* ``game.new:game.name`` / ``game.new:game.description``: the option ``game`` of ``/game new``;
* ``choice.<value>``: a choice's name (the computer players' levels). The games' choices are
  named by the engines (``display_title``); the languages' choices keep their own names.

:func:`localised_payload` gives the same localisations without discord.py's async machinery,
for the hash that tells whether the registered commands are out of date.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine import GAMES
from engine.i18n import DEFAULT, LANGUAGES, Catalogue

__all__ = [
    "CATALOGUE",
    "CommandTranslator",
    "DISCORD_LOCALES",
    "NAME_RE",
    "choice_text",
    "localised_payload",
    "text",
    "tree_strings",
]

CATALOGUE = Catalogue("bot.adapter.translator")

#: Discord's locale code of each language we translate into (English is the commands' own).
DISCORD_LOCALES: dict[str, str] = {lang: lang for lang in LANGUAGES if lang != DEFAULT}

#: What Discord accepts as a command or option name (lowercase where the script has case).
NAME_RE = re.compile(r"^[-_\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")

_OPTION_TYPES_WITH_CHILDREN = (1, 2)  # sub-command, sub-command group


def text(key: str, lang: str) -> str | None:
    """The catalogue's text for ``key`` in ``lang``; None for English or an unknown key (the
    command then shows its English text)."""
    if lang == DEFAULT or not CATALOGUE.has(key):
        return None
    return CATALOGUE(lang, key)


def choice_text(value: Any, lang: str) -> str | None:
    """A choice's name in ``lang``: a game by the engine's title, a level from the catalogue; a
    language keeps its own name (None)."""
    if lang == DEFAULT or value in LANGUAGES:
        return None
    if value in GAMES:
        return GAMES[value].display_title(lang)
    return text(f"choice.{value}", lang)


def _path(qualified_name: str) -> str:
    return qualified_name.replace(" ", ".")


def context_key(context: app_commands.TranslationContext) -> str | None:
    """The catalogue key of the string discord.py asks about (None for a choice: see
    :func:`choice_text`)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return f"{_path(data.qualified_name)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"{_path(data.qualified_name)}.description"
    if where is Where.parameter_name:
        return f"{_path(data.command.qualified_name)}:{data.display_name}.name"
    if where is Where.parameter_description:
        return f"{_path(data.command.qualified_name)}:{data.display_name}.description"
    return None


class CommandTranslator(app_commands.Translator):
    """Answers discord.py's questions while the command tree is synced."""

    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContext
    ) -> str | None:
        lang = DISCORD_LOCALES.get(getattr(locale, "value", str(locale)))
        if lang is None:
            return None
        if context.location is Where.choice_name:
            found = choice_text(context.data.value, lang)
        else:
            key = context_key(context)
            found = text(key, lang) if key is not None else None
        return found if found and found != string.message else None


# ---------------------------------------------------------------------- the tree as data


def tree_strings(payload: list[dict[str, Any]]) -> Iterator[tuple[str, str, str]]:
    """``(kind, key, English text)`` of every name and description in a command tree payload
    (``kind`` is ``name``, ``description`` or ``choice``; a choice's key is its value)."""
    for command in payload:
        yield from _strings(command, _path(command["name"]), top=True)


def _strings(node: dict[str, Any], path: str, *, top: bool = False) -> Iterator[tuple[str, str, str]]:
    yield "name", f"{path}.name", node["name"]
    yield "description", f"{path}.description", node["description"]
    for option in node.get("options", []):
        if option.get("type") in _OPTION_TYPES_WITH_CHILDREN:
            yield from _strings(option, f"{path}.{option['name']}")
            continue
        yield "name", f"{path}:{option['name']}.name", option["name"]
        yield "description", f"{path}:{option['name']}.description", option["description"]
        for choice in option.get("choices", []):
            yield "choice", str(choice["value"]), choice["name"]


def localised_payload(payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tree payload with the localisations a sync through :class:`CommandTranslator` adds
    (the same texts, computed without discord.py; for the "sync needed" hash)."""
    return [_localised(command, _path(command["name"])) for command in payload]


def _localisations(key: str, english: str) -> dict[str, str]:
    found = {code: text(key, lang) for lang, code in DISCORD_LOCALES.items()}
    return {code: value for code, value in found.items() if value and value != english}


def _localised(node: dict[str, Any], path: str) -> dict[str, Any]:
    out = dict(node)
    out["name_localizations"] = _localisations(f"{path}.name", node["name"])
    out["description_localizations"] = _localisations(f"{path}.description", node["description"])
    options = []
    for option in node.get("options", []):
        if option.get("type") in _OPTION_TYPES_WITH_CHILDREN:
            options.append(_localised(option, f"{path}.{option['name']}"))
            continue
        key = f"{path}:{option['name']}"
        shown = dict(option)
        shown["name_localizations"] = _localisations(f"{key}.name", option["name"])
        shown["description_localizations"] = _localisations(f"{key}.description", option["description"])
        if option.get("choices"):
            shown["choices"] = [_localised_choice(c) for c in option["choices"]]
        options.append(shown)
    if "options" in node:
        out["options"] = options
    return out


def _localised_choice(choice: dict[str, Any]) -> dict[str, Any]:
    found = {code: choice_text(choice["value"], lang) for lang, code in DISCORD_LOCALES.items()}
    names = {code: name for code, name in found.items() if name and name != choice["name"]}
    return {**choice, "name_localizations": names} if names else dict(choice)
