"""Every message catalogue in the project, in every language: the same keys as English, the
same placeholders, and nothing left untranslated.

A catalogue is ``<package>/locales/<lang>.json``. A translation may keep a text identical to
English only where that is right in the language (a number format, a proper name such as "Goa");
it lists those keys under ``"_same"`` so that an accidental copy of English still fails.

A counted message has one entry per plural category of the language's CLDR rules
(``key.one`` and ``key.other`` in English and Dutch, ``key.other`` alone in Chinese and Japanese).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.i18n import (
    LANGUAGES,
    Catalogue,
    normalise,
    placeholders,
    plural_bases,
    plural_categories,
    plural_category,
)

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE_DIRS = sorted(p for p in ROOT.glob("**/locales") if p.is_dir() and ".venv" not in p.parts)


def read(path: Path) -> dict:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def texts(data: dict) -> dict[str, str]:
    return {k: v for k, v in data.items() if not k.startswith("_")}


def test_the_catalogues_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in CATALOGUE_DIRS}
    assert {"engine/locales", "bot/locales"} <= names


def expected_keys(english: dict[str, str], lang: str) -> set[str]:
    """The keys a catalogue in ``lang`` has: English's, with each counted message in the plural
    categories of ``lang``'s own rules."""
    bases = plural_bases(english)
    plain = {k for k in english if k.rsplit(".", 1)[0] not in bases}
    return plain | {f"{b}.{c}" for b in bases for c in plural_categories(lang)}


def english_of(english: dict[str, str], key: str) -> str:
    """The English text a key of another language translates (a counted form: English's
    ``other``, which names every placeholder)."""
    base, _, _ = key.rpartition(".")
    return english[key] if key in english else english[f"{base}.other"]


@pytest.mark.parametrize("directory", CATALOGUE_DIRS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_language_has_every_key_with_the_same_placeholders(directory: Path) -> None:
    english = texts(read(directory / "en.json"))
    assert english, f"{directory} has an empty English catalogue"
    assert set(english) == expected_keys(english, "en"), f"{directory}: counted messages need .one and .other"
    for lang in LANGUAGES[1:]:
        path = directory / f"{lang}.json"
        assert path.is_file(), f"{path} is missing"
        other = texts(read(path))
        missing = sorted(expected_keys(english, lang) - set(other))
        extra = sorted(set(other) - expected_keys(english, lang))
        assert not missing, f"{path}: missing keys {missing[:20]}"
        assert not extra, f"{path}: keys English (or {lang}'s plural rules) do not have {extra[:20]}"
        wrong = [
            k
            for k in other
            if placeholders(other[k]) - {"n"} != placeholders(english_of(english, k)) - {"n"}
            or (k in english and placeholders(english[k]) != placeholders(other[k]))
        ]
        assert not wrong, f"{path}: placeholders differ from English for {wrong[:20]}"
        empty = [k for k, v in other.items() if not str(v).strip() and english_of(english, k).strip()]
        assert not empty, f"{path}: empty texts {empty[:20]}"


def package_of(directory: Path) -> str:
    """The package a catalogue folder belongs to (``engine/cuba/locales`` → ``engine.cuba``)."""
    return ".".join(directory.relative_to(ROOT).parts[:-1])


@pytest.mark.parametrize("directory", CATALOGUE_DIRS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_counted_message_reads_right_for_one_and_two(directory: Path) -> None:
    """Each counted message, for 1 and for 2 in every language, is the form the language's CLDR
    rules ask for, filled with the count: in English and Dutch ``one`` for 1 and ``other`` for 2,
    in Chinese and Japanese ``other`` for both."""
    catalogue = Catalogue(package_of(directory))
    english = texts(read(directory / "en.json"))
    bases = sorted(plural_bases(english))
    strict, Catalogue.strict = Catalogue.strict, True
    try:
        for lang in LANGUAGES:
            forms = texts(read(directory / f"{lang}.json"))
            for base in bases:
                for count in (1, 2):
                    wanted = "one" if count == 1 and lang in ("en", "nl") else "other"
                    assert plural_category(lang, count) == wanted
                    template = forms[f"{base}.{wanted}"]
                    values = {name: f"<{name}>" for name in placeholders(template) - {"n"}}
                    said = catalogue.plural(lang, base, count, **values)
                    assert said == template.format(n=count, **values), (lang, base, count)
                    if "{n}" in template:
                        assert str(count) in said, (lang, base, count)
    finally:
        Catalogue.strict = strict


def test_a_count_of_one_reads_as_one() -> None:
    """Issue 27's examples: "1 are seated", "1 turns" are gone; 2 still reads as many."""
    from bot.texts import t_count

    assert t_count("too_few_players", "en", 1, title="Cuba", min=2).endswith("1 is seated.")
    assert t_count("too_few_players", "en", 3, title="Cuba", min=4).endswith("3 are seated.")
    assert t_count("catch_up_earlier", "en", 1) == "… and 1 turn before these"
    assert t_count("catch_up_earlier", "nl", 1) == "… en 1 beurt daarvoor"
    assert t_count("catch_up_earlier", "nl", 2) == "… en 2 beurten daarvoor"
    assert t_count("catch_up_earlier", "ja", 1) == "…その前にも 1 手番"


@pytest.mark.parametrize("directory", CATALOGUE_DIRS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_nothing_is_left_in_english(directory: Path) -> None:
    english = texts(read(directory / "en.json"))
    for lang in LANGUAGES[1:]:
        data = read(directory / f"{lang}.json")
        allowed = set(data.get("_same", []))
        assert allowed <= set(english), f"{lang}: _same lists unknown keys {sorted(allowed - set(english))}"
        copied = [
            k
            for k, v in texts(data).items()
            if v == english.get(k) and k not in allowed and any(ch.isalpha() for ch in v)
        ]
        assert not copied, f"{directory.name}/{lang}.json: still English: {copied[:20]}"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("zh-CN", "zh-CN"),
        ("zh-TW", "zh-TW"),
        ("ja", "ja"),
        ("nl", "nl"),
        ("de", "en"),
        (None, "en"),
        ("", "en"),
        ("zh-HK", "zh-TW"),
        ("日本語", "ja"),
    ],
)
def test_discord_locales_map_to_our_languages(locale: str | None, lang: str) -> None:
    assert normalise(locale) == lang
