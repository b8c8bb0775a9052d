"""Table manners: what a whole 4-player game of each title sends to Discord, counted.

python bench/table.py [--game cuba] [--pace live|slow] [--seed 4242] [--json] [--dump DIR] [--lang en]

Four people play a whole game through the discord.py adapter with a fake transport — the same
driver as ``tests/bot/table_play.py``: slash commands, the buttons and menus under the board,
their DM buttons and the ephemeral My turn panels, each move picked by the heuristic computer
player. The board and decision pictures are drawn by stand-ins (1×1 PNGs): the counts, not the
drawing, are measured here (``bench/render.py`` times the pictures).

Per title it prints:

* **actions** — moves played; **turn changes** — changes after which a new board is due (a
  seat's turn begins, a phase ends, the game ends; the start counts as one), and **player
  turns** — turns begun by a person (``bot/service/turns.py``);
* **posts** — new channel messages of any kind (the lobby's four included); **boards** —
  those with a board picture; **board edits** — messages edited in place with a new picture;
  **other edits** — edits of the words and buttons alone (a sub-step written into the turn
  message, an older turn message losing its buttons);
* **mentions** — people notified by new channel messages while the game ran (an edit
  notifies nobody; the final scores, which tell everyone, apart) and the most any one person
  was mentioned within one of their turns;
* **DMs** — per player; **secret decisions** — secret simultaneous decisions each player was
  asked for (Cuba's parliament bids, the variant's card), the only thing a DM is due for by
  default; **DM moves** — moves made with a DM's buttons;
* **acks** — new ephemeral messages acknowledging a move ("Done: …"); **panels** — My turn
  panels opened (a click, not a notification);
* **only choices** — moves the table played for a person who had exactly one (bot/service/autoplay.py;
  not counted in **actions**, the people's own moves).

Each game is played at two paces (``--pace`` picks one): a **live** table, where the clock moves
on 20 seconds before every move, and a **slow** one, three hours before every move (the fake
clock of the tests, advanced by the driver). For each the second table prints what a phone
shows: **posts** (new channel messages), **with a picture**, **turn messages** (posts that call
someone to act) and those **with a picture**, **mentions per person** (each person's, while the
game ran), **DMs**, **live DMs** (DMs that still offer a move when the game is over: must be 0)
and **clicks per own turn** (presses, menu picks and typed commands, over the people's turns).

``--dump DIR`` writes every message of the game (channel posts and edits, DMs, ephemeral
answers), in order, to ``DIR/<game>-<lang>.txt``, with ``--lang`` the language of the game and
of the four people (default English). ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402

from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.i18n import LANGUAGES  # noqa: E402
from tests.backends import Database  # noqa: E402
from tests.bot.conftest import Env  # noqa: E402
from tests.bot.table_play import Table, figures, is_board  # noqa: E402

LOCALES = {
    "en": discord.Locale.american_english,
    "zh-CN": discord.Locale.chinese,
    "zh-TW": discord.Locale.taiwan_chinese,
    "ja": discord.Locale.japanese,
    "nl": discord.Locale.dutch,
}


#: Seconds the clock moves on before each move, per pace.
PACES = {"live": 20.0, "slow": 3 * 3600.0}


async def play(game: str, seed: int, lang: str, pace: str = "live") -> tuple[dict[str, Any], list[tuple]]:
    """One whole game of ``game`` at ``pace``; its figures and the journal of everything sent."""
    with tempfile.TemporaryDirectory() as folder:
        env = Env(Database("sqlite", f"{folder}/table.db"))
        svc = await env.service()
        svc.seed_source = lambda: seed
        table = Table(env, svc, game, pace=PACES[pace])
        table.client.locale = LOCALES[lang]
        try:
            await table.open()
            played = await table.play_out()
        finally:
            await env.close()
    counted = figures(played, GAMES[game], lang)
    listed = {
        k: ({str(u): n for u, n in v.items()} if isinstance(v, dict) else v) for k, v in counted.items()
    }
    return {"game": game, "pace": pace, "seed": seed, "lang": lang, **listed}, played.client.journal


def dump(journal: list[tuple], path: Path) -> None:
    """Every message in order, as a person would read them."""
    lines: list[str] = []
    for what, where, text, kwargs in journal:
        if what == "move":
            continue
        extras = []
        if is_board(kwargs):
            extras.append("[board]")
        view = kwargs.get("view")
        if view is not None:
            labels = [getattr(item, "item", item) for item in view.children]
            extras.append(
                "["
                + " | ".join(
                    getattr(i, "label", None) or getattr(i, "placeholder", None) or "…" for i in labels
                )
                + "]"
            )
        lines.append(f"--- {what} {where} {' '.join(extras)}".rstrip())
        lines.append(text or "")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=BUILTIN_GAMES, action="append")
    parser.add_argument("--pace", choices=PACES, action="append")
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for game in args.game or BUILTIN_GAMES:
        for pace in args.pace or PACES:
            figures, journal = asyncio.run(play(game, args.seed, args.lang, pace))
            results.append(figures)
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                dump(journal, args.dump / f"{game}-{pace}-{args.lang}.txt")
    header = (
        "| game | pace | actions | turn changes | player turns | posts | boards | board edits | other edits | mentions "
        "| most in a turn | DMs (per player) | secret decisions | DM moves | acks | panels | only choices |"
    )
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for f in results:
        per = "/".join(str(n) for n in f["dms"].values())
        secret = "/".join(str(n) for n in f["secret_decisions"].values())
        print(
            f"| {f['game']} | {f['pace']} | {f['actions']} | {f['turn_changes']} | {f['player_turns']} | {f['posts']} | {f['boards']} "
            f"| {f['board_edits']} | {f['other_edits']} | {f['mentions']} | {f['most_mentions_in_a_turn']} "
            f"| {sum(f['dms'].values())} ({per}) | {secret} | {f['dm_moves']} | {f['acks']} | {f['panels']} "
            f"| {f['autoplayed']} |"
        )
    print()
    phone = (
        "| game | pace | posts | with a picture | turn messages | with a picture | mentions per person "
        "| DMs | live DMs at the end | clicks per own turn |"
    )
    print(phone)
    print("|" + "---|" * (phone.count("|") - 1))
    for f in results:
        per_person = "/".join(str(n) for n in f["mentions_per_person"].values())
        print(
            f"| {f['game']} | {f['pace']} | {f['posts']} | {f['pictures']} | {f['turn_posts']} "
            f"| {f['turn_pictures']} | {per_person} | {sum(f['dms'].values())} | {f['dms_live']} "
            f"| {f['clicks_per_turn']} |"
        )
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
