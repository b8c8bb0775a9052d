"""Sentences that name a slash command name it as the reader's Discord client shows it: a
Japanese client lists ``/game join`` as ``/ゲーム 参加`` (bot/translator), so telling a Japanese
reader to type ``/game join`` would send them looking for a command they cannot see."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import texts
from bot.texts import command_name, t
from engine.i18n import LANGUAGES

ENGLISH = json.loads((Path(texts.__file__).parent / "locales" / "en.json").read_text(encoding="utf-8"))
MENTIONING = sorted(k for k, v in ENGLISH.items() if "/game" in v or "/play" in v)


def filled(key: str, lang: str) -> str:
    """The sentence with every placeholder filled by its own name (they hold no commands)."""
    from engine.i18n import placeholders

    return t(key, lang, **{name: f"<{name}>" for name in placeholders(ENGLISH[key])})


def test_some_sentences_name_commands() -> None:
    assert {"no_game", "lobby_opened", "forget_confirm", "too_many_choices"} <= set(MENTIONING)


def test_english_names_the_commands_as_registered() -> None:
    assert "/game new" in filled("no_game", "en")
    assert "/game forget-me confirm:" in filled("forget_confirm", "en")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_other_languages_name_the_translated_commands(lang: str) -> None:
    group, play = command_name("game", lang), command_name("play", lang)
    assert group != "game" and play != "play"
    for key in MENTIONING:
        sentence = filled(key, lang)
        assert "/game" not in sentence and "/play" not in sentence, (lang, key, sentence)
        assert f"/{group} " in sentence or f"/{play}" in sentence, (lang, key, sentence)
    assert f"/{group} {command_name('game.new', lang)}" in filled("no_game", lang)
    forget = (
        f"/{group} {command_name('game.forget-me', lang)} {command_name('game.forget-me:confirm', lang)}:"
    )
    assert forget in filled("forget_confirm", lang)
    assert f"/{play}" in filled("too_many_choices", lang)
