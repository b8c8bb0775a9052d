"""Players' names as the bot writes them: a name cannot shout, ping, link, hide or turn text round.

A name comes from Discord (a display name anyone can set) and is written into messages, log
lines, thread titles and pictures. Taken raw, ``# BIG`` is a heading, ``@everyone`` or ``<@42>`` a
mention, ``[text](https://…)`` a masked link, U+202E reverses the rest of the line and a name of
U+200B alone is an invisible player. So a name is, once, as it comes in (:func:`shown`):

* cleaned — control and format characters (Unicode categories Cc and Cf: the bidi controls
  U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F/U+061C, the zero-width U+200B–U+200D,
  U+2060 and U+FEFF, line breaks) removed, runs of spaces made one;
* never empty — a name with nothing left is ``?``;
* clipped to :data:`MAX_NAME` characters;
* escaped for Discord as discord.py's :func:`discord.utils.escape_mentions` and
  :func:`discord.utils.escape_markdown` escape it — written here (:func:`escape_mentions`,
  :func:`escape_markdown`: pure text, the same patterns) so that the service never imports
  discord.py, the adapter's alone; a test holds them against discord.py's over a corpus of
  hostile names.

That is the name stored and written everywhere in text. Pictures draw words, not markdown: they
get :func:`plain`, the cleaned name without the escapes. Besides, every message the bot sends
allows only the mentions it means (``allowed_mentions``, :mod:`bot.adapter.gateway`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

#: A player's name is at most this long (a longer one ends in "…").
MAX_NAME = 32
#: What a name with nothing visible left becomes.
EMPTY = "?"

#: discord.py's patterns (``discord.utils``, 2.x): what opens markdown at a line's start or
#: makes a masked link, a link (left as it is), markdown, and a mention that pings.
_MARKDOWN_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = re.compile(rf"(?:{_URL}|(?P<markdown>[_\\~|\*`]|{_MARKDOWN_COMMON}))", re.MULTILINE)
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")

_SPACES = re.compile(r"\s+")
_ESCAPED = re.compile(r"\\(.)", re.S)


def cleaned(name: str) -> str:
    """``name`` without control or format characters, its spaces collapsed, never empty,
    at most :data:`MAX_NAME` characters."""
    spaced = _SPACES.sub(" ", str(name))  # a line break or tab is a space first
    kept = "".join(c for c in spaced if unicodedata.category(c) not in ("Cc", "Cf"))
    kept = _SPACES.sub(" ", kept).strip() or EMPTY
    return kept if len(kept) <= MAX_NAME else kept[: MAX_NAME - 1] + "…"


def escape_mentions(text: str) -> str:
    """``@everyone``, ``@here`` and user and role mentions made inert (a zero-width space after
    the ``@``), as :func:`discord.utils.escape_mentions` does."""
    return _MENTION.sub("@\u200b\\1", text)


def escape_markdown(text: str) -> str:
    """Discord's markdown escaped with a backslash, links left whole, as
    :func:`discord.utils.escape_markdown` does by default."""
    return _MARKDOWN.sub(lambda m: m["url"] if m["url"] is not None else "\\" + m["markdown"], text)


def shown(name: str) -> str:
    """A name as the bot stores and writes it in messages: :func:`cleaned`, then escaped."""
    return escape_markdown(escape_mentions(cleaned(name)))


def plain(name: str) -> str:
    """A stored name as a picture draws it: the escapes :func:`shown` added taken out (and
    nothing a picture could misdraw: control and format characters are gone already)."""
    return cleaned(_ESCAPED.sub(r"\1", name.replace("@\u200b", "@")))


def safe(stored: str) -> str:
    """A name read from the store, as :func:`shown` makes it: the same name for one stored
    escaped (``shown(plain(shown(x))) == shown(x)``), and a name stored raw before names were
    escaped (issue 28) made safe as it loads."""
    return shown(plain(stored))


def plain_names(names: Mapping[str, str]) -> dict[str, str]:
    """Seat → name for a picture (:func:`plain` of each)."""
    return {seat: plain(name) for seat, name in names.items()}
