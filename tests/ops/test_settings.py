"""Settings from a ``.env`` file as an operator writes one (python-dotenv reads it), with the
project's own checks on top: a value that cannot be read names its variable and what it holds."""

from __future__ import annotations

import pytest

from bot.config import Settings, SettingsError, load_settings, read_dotenv
from bot.ops import cli

DOTENV = """\
# Tradewinds on the small server
export DISCORD_TOKEN="abc.def-ghi"   # from the Developer Portal
DATABASE_PATH='/srv/tradewinds/games.db'
REMINDER_AFTER_SECONDS=43200  # 12 hours
LOBBY_EXPIRY_SECONDS = 86400
BOT_DELAY_SECONDS="0.5"
OWNER_IDS=11,22  # Ana and Bo
TURN_CLOCK_SECONDS=
DEV_GUILD_ID
KEEP_FINISHED_DAYS=30 # a month
"""


def test_a_dotenv_with_inline_comments_quotes_and_export_lines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(DOTENV, encoding="utf-8")
    assert read_dotenv()["REMINDER_AFTER_SECONDS"] == "43200"
    assert "DEV_GUILD_ID" not in read_dotenv()  # a name without "=" sets nothing
    settings = load_settings({})
    assert settings.discord_token == "abc.def-ghi"
    assert settings.database_path == "/srv/tradewinds/games.db"
    assert (settings.reminder_after_s, settings.lobby_expiry_s, settings.bot_delay_s) == (43200, 86400, 0.5)
    assert settings.owner_ids == frozenset({11, 22})
    assert settings.turn_clock_s is None and settings.dev_guild_id is None
    assert settings.keep_finished_days == 30.0
    # the environment still wins over the file
    assert load_settings({"REMINDER_AFTER_SECONDS": "60"}).reminder_after_s == 60


def test_no_dotenv_file_gives_the_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert read_dotenv() == {}
    assert load_settings({}) == Settings()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "REMINDER_AFTER_SECONDS=12h  # twice a day",
            "REMINDER_AFTER_SECONDS must be a whole number, not '12h' (seconds, e.g. 43200 for 12 hours).",
        ),
        (
            "LOBBY_EXPIRY_SECONDS=-5",
            "LOBBY_EXPIRY_SECONDS must be positive (seconds, e.g. 172800 for 48 hours), not '-5'.",
        ),
        ("OWNER_IDS=ana,bo", "OWNER_IDS must be a whole number, not 'ana' (user ids, separated by commas)."),
        ("LOG_LEVEL=loud", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, not 'loud'."),
        ("BOT_DELAY_SECONDS='soon'", "BOT_DELAY_SECONDS must be a number, not 'soon' (seconds, e.g. 2.0)."),
    ],
)
def test_a_bad_value_names_its_variable_and_what_it_holds(tmp_path, monkeypatch, capsys, line, message):
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "HEALTH_FILE", line.split("=")[0]):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text(line + "\n", encoding="utf-8")
    with pytest.raises(SettingsError) as raised:
        load_settings()
    assert str(raised.value) == message
    # the command line says the same one sentence and exits with status 2
    assert cli.main(["run"]) == 2
    assert capsys.readouterr().err.splitlines() == [f"tradewinds: {message}"]
