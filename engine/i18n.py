"""Message catalogues: every sentence a game or the bot writes, in every language it speaks.

A catalogue is one JSON file per language, ``<package>/locales/<lang>.json``, mapping a key to a
``str.format`` template. Code never writes a sentence; it asks a :class:`Catalogue` for a key in a
language and fills in the values. English (``en``) is the reference: every other catalogue has
exactly its keys and the same ``{placeholders}`` (the tests check it), so a translation is one more
file.

Plurals follow each language's own rules, the CLDR plural rules as Babel ships them: a counted
message comes as ``key.<category>``, one entry for each category the language has (``key.one`` and
``key.other`` in English and Dutch; only ``key.other`` in Chinese and Japanese, which have no
grammatical number), and :meth:`Catalogue.plural` picks the category of the count.

Reading the package's own data files at import time is the only I/O here; the engine still has no
network, no asyncio, no discord and no Pillow.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from babel.core import Locale
from babel.plural import PluralRule

LANGUAGES: tuple[str, ...] = ("en", "zh-CN", "zh-TW", "ja", "nl")
"""The languages every catalogue comes in; ``en`` is the reference."""

DEFAULT = "en"

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "zh-CN": "简体中文",
    "zh-TW": "繁體中文",
    "ja": "日本語",
    "nl": "Nederlands",
}

_ALIASES = {
    "zh": "zh-CN",
    "zh-hans": "zh-CN",
    "zh-sg": "zh-CN",
    "zh-hant": "zh-TW",
    "zh-hk": "zh-TW",
    "zh-mo": "zh-TW",
}


def normalise(locale: Any) -> str:
    """One of :data:`LANGUAGES` for a Discord locale (``"en-US"``, ``"zh-TW"``, ``"nl"``…),
    a language name or ``None``; English when we do not speak it.

    Accepts a ``discord.Locale`` too (its ``str()`` is the code) without importing discord."""
    if locale is None:
        return DEFAULT
    code = str(getattr(locale, "value", locale)).strip().replace("_", "-")
    if not code:
        return DEFAULT
    for lang in LANGUAGES:
        if code.lower() == lang.lower():
            return lang
    low = code.lower()
    if low in _ALIASES:
        return _ALIASES[low]
    base = low.split("-")[0]
    if base == "zh":
        return "zh-CN"
    for lang in LANGUAGES:
        if lang.lower() == base:
            return lang
    for lang, name in LANGUAGE_NAMES.items():
        if name.lower() == low:
            return lang
    return DEFAULT


#: The CLDR locale whose plural rules each of our languages follows.
_CLDR_LOCALES = {"en": "en", "zh-CN": "zh_Hans_CN", "zh-TW": "zh_Hant_TW", "ja": "ja", "nl": "nl"}

#: CLDR's plural categories, in its order (every language has ``other``).
PLURAL_CATEGORIES: tuple[str, ...] = ("zero", "one", "two", "few", "many", "other")


@cache
def _plural_rule(lang: str) -> PluralRule:
    return Locale.parse(_CLDR_LOCALES.get(lang, _CLDR_LOCALES[DEFAULT])).plural_form


@lru_cache(maxsize=4096, typed=True)
def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (``"one"`` for 1 in English, ``"other"``
    for every count in Japanese). Remembered: Babel evaluates the rule anew on every call, and
    a refusal or a label counts something on every line it writes."""
    return _plural_rule(lang)(count)


def plural_categories(lang: str) -> tuple[str, ...]:
    """The plural categories ``lang`` distinguishes, in CLDR order: the entries a counted message
    has in that language's catalogue."""
    tags = _plural_rule(lang).tags | {"other"}
    return tuple(c for c in PLURAL_CATEGORIES if c in tags)


def plural_bases(keys: Iterable[str]) -> set[str]:
    """The counted messages among a catalogue's keys: each ``key`` that has a ``key.other``."""
    return {k[: -len(".other")] for k in keys if k.endswith(".other")}


def placeholders(template: str) -> set[str]:
    """The field names of a ``str.format`` template (``"{seat} takes {n}"`` → ``{seat, n}``)."""
    names = set()
    for _, field, _, _ in string.Formatter().parse(template):
        if field is not None and field != "":
            names.add(field.split(".")[0].split("[")[0])
    return names


@cache
def _load(package: str, lang: str) -> dict[str, str]:
    path = resources.files(package).joinpath("locales", f"{lang}.json")
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    return {str(k): str(v) for k, v in data.items() if not str(k).startswith("_")}


class Catalogue:
    """The catalogues of one package (``engine.cuba``, ``bot``…) in every language.

    ``cat(lang, key, **values)`` is the filled sentence; a key missing in ``lang`` falls back to
    English so that a gap shows English rather than crashing. The tests switch
    :attr:`strict` on, so that there a gap raises ``KeyError`` instead."""

    strict: bool = False

    def __init__(self, package: str) -> None:
        self.package = package

    def entries(self, lang: str) -> dict[str, str]:
        """Every key → template of one language, as stored."""
        return _load(self.package, lang)

    def template(self, lang: str, key: str) -> str:
        found = _load(self.package, lang).get(key)
        if found is None and Catalogue.strict and lang in LANGUAGES:
            raise KeyError(f"{self.package}: no message {key!r} in {lang}")
        if found is None:
            found = _load(self.package, DEFAULT).get(key)
        if found is None:
            raise KeyError(f"{self.package}: no message {key!r}")
        return found

    def has(self, key: str) -> bool:
        return key in _load(self.package, DEFAULT)

    def __call__(self, lang: str, key: str, /, **values: Any) -> str:
        return self.template(lang, key).format(**values)

    def get(self, lang: str, key: str, default: str, /, **values: Any) -> str:
        """Like calling the catalogue, but ``default`` (unfilled) when the key does not exist —
        for open-ended data such as an id the catalogue may not name."""
        if not self.has(key):
            return default
        return self(lang, key, **values)

    def plural(self, lang: str, key: str, count: int, /, **values: Any) -> str:
        """The form of ``key`` for ``count`` by the language's plural rules (``key.one``,
        ``key.other``…, see :func:`plural_category`); ``count`` is passed as ``n``."""
        return self(lang, f"{key}.{plural_category(lang, count)}", n=count, **values)


def legend_symbols(
    catalogue: Catalogue, lang: str, values: Mapping[str, Mapping[str, Any]] | None = None
) -> dict[str, str]:
    """The words of a legend's symbols: every ``icon.<name>`` text of ``catalogue`` in ``lang``
    as ``icon:<name>`` → "Name: meaning", filled with ``values[name]`` (numbers from the rules
    data, never retyped in the catalogue)."""
    values = values or {}
    return {
        f"icon:{key[5:]}": catalogue(lang, key, **values.get(key[5:], {}))
        for key in catalogue.entries(DEFAULT)
        if key.startswith("icon.")
    }


_COMMON = Catalogue("engine")


def common(lang: str, key: str, /, **values: Any) -> str:
    """A phrase all games share (``and``, ``nothing``, list separators…)."""
    return _COMMON(lang, key, **values)


def legend_label(name: str, meaning: str, lang: str = DEFAULT) -> str:
    """A legend's "Name: meaning" in the language's way (a full-width colon in Chinese and
    Japanese), the name with a capital where the script has one."""
    return _COMMON(lang, "legend_label", name=name[:1].upper() + name[1:], meaning=meaning)


def join_words(items: Iterable[str], lang: str = DEFAULT) -> str:
    """``a, b and c`` in the language's way of listing things (``a、b和c`` in Chinese)."""
    words = [w for w in items if w]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    sep = _COMMON(lang, "list_sep")
    last = _COMMON(lang, "list_last")
    return sep.join(words[:-1]) + last + words[-1]


def moves_text(labels: Iterable[str], lang: str = DEFAULT, limit: int = 6) -> str:
    """The moves a refusal suggests, in the words of the buttons and the board, quoted the
    language's way: ``“Worker to B2”, “Worker to C3” and 4 more`` — never the typed syntax."""
    shown = list(dict.fromkeys(x for x in labels if x))
    quoted = join_list([_COMMON(lang, "move_quoted", label=x) for x in shown[:limit]], lang)
    rest = len(shown) - limit
    return _COMMON.plural(lang, "moves_more", rest, moves=quoted) if rest > 0 else quoted


def join_list(items: Sequence[str], lang: str = DEFAULT) -> str:
    """``a, b, c`` with the language's separator (no final "and")."""
    return _COMMON(lang, "list_sep").join(w for w in items if w)


def missing_and_extra(reference: Mapping[str, str], other: Mapping[str, str]) -> tuple[set[str], set[str]]:
    """Keys of ``reference`` missing from ``other`` and keys of ``other`` not in ``reference``."""
    return set(reference) - set(other), set(other) - set(reference)
