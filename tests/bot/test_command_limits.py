"""Every slash command within Discord's limits, in every language (issue 28): at most 25
subcommands (or groups) under a command or group, at most 25 options and choices, names of at
most 32 and descriptions of at most 100 characters, and at most 4,000 characters per top-level
command — its names, descriptions, choice names and values, counted in each locale as a client
of that locale receives it. The localised payload comes from discord.py's own
``get_translated_payload`` with the bot's :class:`~bot.adapter.translator.CommandTranslator`, the
payload a sync uploads."""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapter.client import TradewindsBot
from bot.adapter.translator import DISCORD_LOCALES, CommandTranslator
from bot.config import Settings

#: Discord's limits (https://discord.com/developers/docs/interactions/application-commands).
MAX_SUBCOMMANDS = 25
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_COMMAND_CHARACTERS = 4000
SUBCOMMAND, GROUP = 1, 2
LOCALES = [None, *DISCORD_LOCALES.values()]  # None: the commands' own (English) strings


def _in(node: dict[str, Any], field: str, locale: str | None) -> str:
    """``field`` of a command, option or choice as a client of ``locale`` sees it."""
    if locale is not None:
        found = (node.get(f"{field}_localizations") or {}).get(locale)
        if found:
            return str(found)
    return str(node.get(field) or "")


def characters(node: dict[str, Any], locale: str | None) -> int:
    """What counts against the 4,000: names, descriptions, choice names and values, below too."""
    count = len(_in(node, "name", locale)) + len(_in(node, "description", locale))
    for choice in node.get("choices") or []:
        count += len(_in(choice, "name", locale)) + len(str(choice.get("value", "")))
    for option in node.get("options") or []:
        count += characters(option, locale)
    return count


def check_node(node: dict[str, Any], where: str, problems: list[str]) -> None:
    options = node.get("options") or []
    children = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
    if len(children) > MAX_SUBCOMMANDS:
        problems.append(f"{where}: {len(children)} subcommands (at most {MAX_SUBCOMMANDS})")
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}: {len(options)} options (at most {MAX_OPTIONS})")
    if len(node.get("choices") or []) > MAX_CHOICES:
        problems.append(f"{where}: more than {MAX_CHOICES} choices")
    for locale in LOCALES:
        if len(_in(node, "name", locale)) > MAX_NAME:
            problems.append(f"{where} [{locale}]: name longer than {MAX_NAME}")
        if len(_in(node, "description", locale)) > MAX_DESCRIPTION:
            problems.append(f"{where} [{locale}]: description longer than {MAX_DESCRIPTION}")
    for option in options:
        check_node(option, f"{where} {option['name']}", problems)


async def translated_commands() -> list[dict[str, Any]]:
    client = TradewindsBot(Settings())
    translator = CommandTranslator()
    await client.tree.set_translator(translator)
    return [await cmd.get_translated_payload(client.tree, translator) for cmd in client.tree.get_commands()]


async def test_every_command_group_is_within_discords_limits_in_every_language():
    commands = await translated_commands()
    assert {c["name"] for c in commands} >= {"game", "play"}
    problems: list[str] = []
    for command in commands:
        check_node(command, f"/{command['name']}", problems)
        for locale in LOCALES:
            total = characters(command, locale)
            if total > MAX_COMMAND_CHARACTERS:
                problems.append(f"/{command['name']} [{locale}]: {total} characters (at most 4000)")
    assert problems == []


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_count_sees_every_translation(locale):
    """The counting reads the localised strings: each translated locale counts differently
    from English, so a translation that pushes /game past 4,000 is caught."""
    [game] = [c for c in await translated_commands() if c["name"] == "game"]
    if locale is None:
        assert characters(game, None) == characters(game, "xx")  # an unknown locale is English
    else:
        assert characters(game, locale) != characters(game, None)
    assert len([o for o in game["options"] if o["type"] in (SUBCOMMAND, GROUP)]) <= MAX_SUBCOMMANDS
