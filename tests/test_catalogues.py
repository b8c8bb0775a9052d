"""Every message catalogue in the project, in every language: the same keys as English, the
same placeholders, and nothing left untranslated.

A catalogue is ``<package>/locales/<lang>.json``. A translation may keep a text identical to
English only where that is right in the language (a number format, a proper name such as "Goa");
it lists those keys under ``"_same"`` so that an accidental copy of English still fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.i18n import LANGUAGES, normalise, placeholders

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


@pytest.mark.parametrize("directory", CATALOGUE_DIRS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_language_has_every_key_with_the_same_placeholders(directory: Path) -> None:
    english = texts(read(directory / "en.json"))
    assert english, f"{directory} has an empty English catalogue"
    for lang in LANGUAGES[1:]:
        path = directory / f"{lang}.json"
        assert path.is_file(), f"{path} is missing"
        other = texts(read(path))
        missing = sorted(set(english) - set(other))
        extra = sorted(set(other) - set(english))
        assert not missing, f"{path}: missing keys {missing[:20]}"
        assert not extra, f"{path}: keys English does not have {extra[:20]}"
        wrong = [k for k in english if placeholders(english[k]) != placeholders(other[k])]
        assert not wrong, f"{path}: placeholders differ from English for {wrong[:20]}"
        empty = [k for k, v in other.items() if not str(v).strip() and str(english[k]).strip()]
        assert not empty, f"{path}: empty texts {empty[:20]}"


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
