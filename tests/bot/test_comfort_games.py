"""Catching up over whole games: one game of each title with two people who read different
languages (the table speaks the first one's) and a computer player, played to the end through
the service.

* Every catch-up — in the turn messages, in the table's language, and in the turn DMs, in each
  reader's own — is made of the game's public log lines in that language only: nothing a seat
  saw alone, nothing undone.
* Every board drawn for a person's turn marks what changed since that person's last look: the
  renderer gets that earlier public view (``view["since"]``), which is a view the game really
  showed and not the one drawn; drawn for real, the marks change the picture.
"""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

import render
from bot.service.front import public_log_lines
from bot.service.replays import effective_plays, replay_states, with_events
from bot.texts import t
from engine import GAMES
from render import marks
from tests.bot.conftest import ANA, BO, CHANNEL
from tests.bot.test_languages import Game

#: (game, the table's language and Ana's, Bo's language).
CASES = [("cuba", "en", "ja"), ("santiago", "nl", "zh-CN"), ("goa", "en", "zh-TW")]


def catch_ups(text: str, lang: str) -> list[list[str]]:
    """The catch-ups in a message: each one's segments (a line's parts between the dots)."""
    forms = [t(key, lang, names="\0").split("\0") for key in ("catch_up_header", "catch_up_header_many")]
    found: list[list[str]] = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if any(line.startswith(before) and line.endswith(after) for before, after in forms):
            segments: list[str] = []
            for after in lines[k + 1 :]:
                if not after.startswith("• "):
                    break
                segments += after[2:].split(" · ")
            if segments:
                found.append(segments)
    return found


def is_public(segment: str, public: set[str]) -> bool:
    """A catch-up segment is a public log line, or the "…" that stands for the rest of a run,
    or the beginning of a line too long for a whole run's room, cut at a word."""
    return segment in ("", "…") or segment in public or any(line.startswith(segment) for line in public)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "table_lang", "other_lang"), CASES)
async def test_catch_up_and_marks_over_a_whole_game(env, game, table_lang, other_lang):
    svc = await env.service()
    # Four minutes between moves: nobody is at the table (3 minutes), so each turn calls — by DM
    # for whoever asked — with its catch-up.
    played = Game(svc, game, CHANNEL, {ANA: table_lang, BO: other_lang}, table_lang, pace=240.0)
    heard = await played.play()
    rules = GAMES[game]
    row = await svc.store.game(played.pk)
    table = await svc.tables.load(row)
    # The finished game is compacted (its log keeps no events but the mark of an only choice the
    # table played): they are rebuilt by replaying.
    seats = [s.seat for s in table.seats]
    actions = with_events(
        rules, row, seats, await svc.store.actions(row.id), await svc.store.replay_base(row.id)
    )
    public = {
        lang: set(public_log_lines(table, actions, lang))
        | {t("auto_played", lang, name=n) for n in table.names.values()}
        for lang in (table_lang, other_lang)
    }
    # The turn messages' catch-ups, in the table's language.
    in_channel = [c for text in heard.public for c in catch_ups(text, table_lang)]
    assert len(in_channel) > 5, game
    for segments in in_channel:
        assert segments and all(is_public(s, public[table_lang]) for s in segments), [
            s for s in segments if not is_public(s, public[table_lang])
        ]
    # The turn DMs' catch-ups, each in its reader's language.
    for user, lang in ((ANA, table_lang), (BO, other_lang)):
        mine = [c for who, text in heard.dms if who == user for c in catch_ups(text, lang)]
        assert mine, (game, lang)
        for segments in mine:
            assert all(is_public(s, public[lang]) for s in segments), segments
    # What only a seat saw never shows in a catch-up.
    private = {
        rules.describe(e, table.names, table_lang)
        for a in actions
        for e in map(_event, a.events)
        if e.visible_to is not None
    }
    assert not private & {s for c in in_channel for s in c}
    # The boards: drawn with the view as the people to act last saw it.
    shown = [
        json.dumps(rules.view(state, None), sort_keys=True)
        for state in replay_states(rules, row, [s.seat for s in table.seats], effective_plays(actions))
    ]
    history = set(shown)
    marked = [view for _game, view in env.renderer.calls if "since" in view]
    assert len(marked) > 10, game
    for view in marked:
        since = json.dumps(view["since"], sort_keys=True)
        bare = {k: v for k, v in view.items() if k not in ("since", "names", "bots")}
        assert since in history and since != json.dumps(bare, sort_keys=True)
    # Drawn for real, the marks show, in their own colour (the title's palette holds it).
    for view in (marked[len(marked) // 3], marked[-1]):
        bare = {k: v for k, v in view.items() if k != "since"}
        posted = render.board(game, view)
        assert posted != render.board(game, bare)
        with Image.open(io.BytesIO(posted)) as picture:
            assert marks.MARK in {rgb for _n, rgb in picture.convert("RGB").getcolors(1 << 20)}


def _event(data):
    from engine.core import Event

    return Event.from_dict(data)
