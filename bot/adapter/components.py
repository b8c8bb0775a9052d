"""Buttons and menus: :class:`ChoiceButton` ``DynamicItem``\\ s whose ``custom_id`` is the
service's (``tw:<verb>:<game>:<version>:<action>``), registered by the client so the buttons of old
messages keep working after a restart; when there are more choices than buttons they go into
:class:`ChoiceSelect` menus, whose option values are those same custom_ids. A press is answered by
:func:`bot.adapter.answering.press`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.adapter.answering import press
from bot.service.outcome import (
    CUSTOM_ID_RE,
    BoardLink,
    Choice,
)

log = logging.getLogger(__name__)


#: Discord's limits: components per message, per row, options per select.
MAX_COMPONENTS = 25
ROW_WIDTH = 5
MAX_ROWS = 5
MAX_SELECT_OPTIONS = 25

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=CUSTOM_ID_RE):
    """One :class:`~bot.service.outcome.Choice` as a button. Its custom_id is all the state it needs:
    pressing it (even on a message from before a restart) goes to ``service.press``."""

    def __init__(self, custom_id: str, label: str = "…", style: discord.ButtonStyle | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or "…",
                style=style or discord.ButtonStyle.secondary,
                custom_id=custom_id,
            )
        )

    @classmethod
    def from_choice(cls, choice: Choice) -> ChoiceButton:
        return cls(choice.custom_id, choice.label, STYLES.get(choice.style, discord.ButtonStyle.secondary))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(match.group(0), getattr(item, "label", None) or "…", getattr(item, "style", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        await press(interaction, self.custom_id)


def menu_placeholder(choices: Sequence[Choice]) -> str | None:
    """What a closed menu shows: its first and last choice (e.g. ``Bid 0 … Bid 24``)."""
    if not choices:
        return None
    if len(choices) == 1:
        return choices[0].label[:150]
    return f"{choices[0].label[:70]} … {choices[-1].label[:70]}"


#: custom_id of a select menu holding choices: ``tws:<game>:<version>:<n>`` (the chosen option's
#: value is the choice's own custom_id).
SELECT_RE = re.compile(r"^tws:(?P<game>\d{1,12}):(?P<version>\d{1,7}):(?P<n>\d)$")


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_RE):
    """Up to 25 choices in one menu, for when they do not fit as buttons."""

    def __init__(self, custom_id: str, choices: Sequence[Choice] = ()) -> None:
        options = [discord.SelectOption(label=c.label[:100] or "…", value=c.custom_id) for c in choices]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                placeholder=menu_placeholder(choices),
                options=options or [discord.SelectOption(label="…", value="-")],
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        return cls(match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        sent = interaction.data.get("values") if interaction.data else None  # the option picked
        values = sent if isinstance(sent, list) and sent else list(getattr(self.item, "values", []))
        await press(interaction, str(values[0]) if values else "")


def select_id(choice: Choice, n: int) -> str:
    """The select menu's custom_id for menu ``n`` of the message ``choice`` belongs to."""
    parts = choice.custom_id.split(":")
    return f"tws:{parts[2]}:{parts[3]}:{n}"


def button_rows(choices: Sequence[Choice]) -> list[list[Choice]] | None:
    """Choices in rows of at most five, one group per row where that fits in five rows, else
    packed in order; None when they do not fit in 25 buttons."""
    if len(choices) > MAX_COMPONENTS:
        return None
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        groups.setdefault(choice.group, []).append(choice)
    rows = [group[i : i + ROW_WIDTH] for group in groups.values() for i in range(0, len(group), ROW_WIDTH)]
    if len(rows) <= MAX_ROWS:
        return rows
    return [list(choices[i : i + ROW_WIDTH]) for i in range(0, len(choices), ROW_WIDTH)]


def choices_view(choices: Sequence[Choice]) -> discord.ui.View | None:
    """A persistent view of ``choices``: buttons grouped by ``Choice.group`` when they fit, else
    the plays in select menus and the other buttons (My turn, My hand) in the last row."""
    if not choices:
        return None
    view = discord.ui.View(timeout=None)
    rows = button_rows(choices)
    if rows is not None:
        for r, row in enumerate(rows):
            for choice in row:
                view.add_item(_row(ChoiceButton.from_choice(choice), r))
        return view
    plays = [c for c in choices if c.custom_id.startswith(PLAY_PREFIXES)]
    others = [c for c in choices if not c.custom_id.startswith(PLAY_PREFIXES)][:ROW_WIDTH]
    menus = MAX_ROWS - (1 if others else 0)
    chunks = select_chunks(plays, menus)
    for n, chunk in enumerate(chunks):
        view.add_item(_row(ChoiceSelect(select_id(chunk[0], n), chunk), n))
    if len(plays) > menus * MAX_SELECT_OPTIONS:
        log.warning("%d choices do not fit under one message; the rest is in /play", len(plays))
    for choice in others:
        view.add_item(_row(ChoiceButton.from_choice(choice), MAX_ROWS - 1))
    return view


#: custom_id starts of the choices that make a move (or narrow to some), shown in select menus.
PLAY_PREFIXES = ("tw:a:", "tw:n:")


def select_chunks(plays: Sequence[Choice], menus: int) -> list[list[Choice]]:
    """Plays in at most ``menus`` select menus of 25: one group (``Choice.group``) per menu
    where the groups fit so, else packed in order."""
    grouped: list[list[Choice]] = []
    for choice in plays:
        if grouped and grouped[-1][0].group == choice.group and len(grouped[-1]) < MAX_SELECT_OPTIONS:
            grouped[-1].append(choice)
        else:
            grouped.append([choice])
    if len(grouped) <= menus:
        return grouped
    packed: list[list[Choice]] = []
    for group in grouped:  # whole groups side by side while they fit in a menu
        if packed and len(packed[-1]) + len(group) <= MAX_SELECT_OPTIONS:
            packed[-1].extend(group)
        else:
            packed.append(list(group))
    if len(packed) <= menus:
        return packed
    return [list(plays[i : i + MAX_SELECT_OPTIONS]) for i in range(0, len(plays), MAX_SELECT_OPTIONS)][:menus]


def message_view(choices: Sequence[Choice], link: BoardLink | None) -> discord.ui.View | None:
    """The components of a public message: its choices (:func:`choices_view`) and, under a turn
    message, the link button to the board message — in the last row when it has room (beside
    My turn and My hand), else wherever one has. Without room anywhere (25 components) the
    choices keep their places and the link is left out."""
    view = choices_view(choices)
    if link is None:
        return view
    view = view or discord.ui.View(timeout=None)
    button: discord.ui.Button[Any] = discord.ui.Button(
        style=discord.ButtonStyle.link, url=link.url, label=link.label[:80] or "…"
    )
    rows = [item.row for item in view.children if item.row is not None]
    places: list[int | None] = [max(rows)] if rows else []
    for row in [*places, None]:
        try:
            view.add_item(_row(button, row) if row is not None else button)
            return view
        except ValueError:
            button.row = None
    log.warning("no room for the board's link under a turn message")
    return view


def _row(item: discord.ui.Item[Any], row: int) -> discord.ui.Item[Any]:
    item.row = row
    return item
