"""Measuring and fitting text: widths, ellipses, line breaking (CJK too), legend labels.

Every width is the one :func:`render.text.draw_text` draws: the sum of the text's runs, face by
face (:func:`render.faces.runs`), after :func:`render.faces.safe_text`. Lines break at spaces
and between East Asian characters (which have no spaces between words), never before closing
punctuation (:data:`NO_LINE_START`).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from render.faces import face_font, runs, safe_text

__all__ = [
    "NO_LINE_START",
    "break_units",
    "is_wide",
    "player_name",
    "run_widths",
    "split_label",
    "text_width",
    "truncate",
    "wrap",
]


@lru_cache(maxsize=8192)
def run_widths(text: str, size: int, bold: bool) -> tuple[float, ...]:
    """The width in px of each of ``runs(text)`` (cached: measured once per text and size)."""
    return tuple(face_font(face, size, bold).getlength(part) for part, face in runs(text, bold))


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in px of ``text`` as :func:`render.text.draw_text` draws it (after :func:`safe_text`)."""
    return int(math.ceil(sum(run_widths(text, size, bold))))


def truncate(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``safe_text(text)`` shortened with an ellipsis so that it fits in ``max_width`` px
    (empty when not even the ellipsis fits)."""
    text = safe_text(text)
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits with "…" is text[:lo]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0 and text_width("…", size, bold) > max_width:
        return ""
    return text[:lo].rstrip() + "…"


def is_wide(ch: str) -> bool:
    """A character a line may break before or after without a space (CJK ideographs, kana,
    Hangul, full-width forms): East Asian text has no spaces between words."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


#: Characters that must not start a line (closing punctuation, in CJK and Latin).
NO_LINE_START = set("，。、；：！？）」』】〕》〉…・ー,.;:!?)]}%")


def _joins(before: str, ch: str, katakana: bool) -> bool:
    """Whether ``ch`` continues the unit ending in ``before`` (no line break between them)."""
    if ch in NO_LINE_START:
        return True
    if katakana and _katakana(before) and _katakana(ch):
        return True
    return not (is_wide(before) or is_wide(ch))


def break_units(text: str, katakana: bool = False) -> list[tuple[str, bool]]:
    """``text`` as units a line may break between: (unit, True when a space precedes it).
    A unit is a run of non-wide characters between spaces, or one wide character; closing
    punctuation stays with the unit before it. With ``katakana``, a katakana word (ドゥカート)
    is one unit too (the summary's column heads break only between words)."""
    units: list[tuple[str, bool]] = []
    space = False
    for ch in text:
        if ch == " ":
            space = bool(units)
            continue
        if units and not space and _joins(units[-1][0][-1], ch, katakana):
            units[-1] = (units[-1][0] + ch, units[-1][1])
        else:
            units.append((ch, space))
        space = False
    return units


def wrap(text: str, size: int, max_width: float, lines: int = 2, bold: bool = False) -> list[str]:
    """``text`` broken into at most ``lines`` lines of ``max_width`` px — at spaces, and between
    CJK characters — the last line truncated with an ellipsis when the text does not fit."""
    units = break_units(safe_text(text))
    out: list[str] = []
    while units and len(out) < lines:
        line = units.pop(0)[0]
        while units:
            unit, space = units[0]
            longer = line + (" " if space else "") + unit
            if text_width(longer, size, bold) > max_width:
                break
            line = longer
            units.pop(0)
        out.append(line)
    if units:
        rest = "".join((" " if space else "") + unit for unit, space in units)
        out[-1] = truncate(out[-1] + rest, size, max_width, bold)
    return [truncate(line, size, max_width, bold) for line in out]


def player_name(view: Mapping[str, Any], seat: str) -> str:
    """The seat's display name from ``view["names"]`` (the bot adds it) as it will be drawn:
    :func:`safe_text`, runs of spaces made one; ``""`` when there is none or nothing drawable
    is left of it (a name of emoji only)."""
    raw = (view.get("names") or {}).get(seat)
    return " ".join(safe_text(str(raw)).split()) if raw else ""


def split_label(text: str) -> tuple[str, str]:
    """A legend label "Name: effect" as (name, effect); a full-width colon (Chinese, Japanese)
    splits it too. A label without a colon is all name."""
    text = safe_text(text).strip()
    cut = min((i for i in (text.find(": "), text.find("：")) if i >= 0), default=-1)
    if cut < 0:
        return text, ""
    step = 2 if text.startswith(": ", cut) else 1
    return text[:cut].strip(), text[cut + step :].strip()
