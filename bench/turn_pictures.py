"""The turn pictures: what they cost, and the pictures of them in ``docs/``.

python bench/turn_pictures.py [--json]            # figures only
python bench/turn_pictures.py --docs docs/        # also writes the README's pictures

Four people play a whole game of each title (or its first ``--moves N`` moves) through the service (``bot.service.front.GameService``
over a SQLite file in a temporary folder, the real renderers drawing in this process), their
moves chosen by the heuristic computer player (seed 4242). Every turn message that calls
someone carries a turn picture (``render.turn``); the figures, per title:

* ``moves`` / ``move_p50_ms`` / ``move_p95_ms`` — every picture the service drew for one move
  as the bot draws them (the board message's and the turn picture in one job, ``render.move``;
  the decision pictures of secret decisions' DMs; the private pictures), their CPU time added up
  per move: what the render pool spends on a move;
* ``decision_pictures`` — how many decision pictures the game's moves drew;

* ``turn_pictures`` — how many turn messages (new and edited) carried one;
* ``cpu_p50_ms`` / ``cpu_p95_ms`` — the CPU time of drawing one on its own (``time.process_time``
  around ``render.turn``: what one core spends, whatever else the machine runs);
* ``max_width`` / ``max_height`` — the largest picture, in px (the width is at most 900);
* ``smallest_text`` — the smallest word or number on any of them, in px, as the drawing kit
  recorded it (``render.text.recording``; at least 18);
* ``ratio_to_board`` — the turn picture's CPU time over the landscape board's (p50 over p50).

The board message carries the board laid out for a phone (``render.phone_board``; the bot draws
it with the turn picture in one job, ``render.move``); each one the service asks for is also
drawn and timed on its own, and the landscape board (``render.board``) drawn of the same view
beside it for the comparison:

* ``phone_boards`` — how many phone boards the game drew;
* ``phone_p50_ms`` / ``phone_p95_ms`` — the CPU time of one, PNG included;
* ``landscape_p50_ms`` — the landscape board's, PNG included;
* ``phone_ratio`` — the phone board's CPU time over the landscape board's (p50 over p50);
* ``phone_max_height`` and ``phone_kb`` (the largest picture, and its PNG's median size) —
  against ``landscape_kb``.

With ``--docs DIR`` it writes ``DIR/turn-<game>.png`` (one turn picture per title, at a
decision chosen to show what the picture is for), ``DIR/board-phone-<game>.png`` (the phone
board at the same moment) and ``DIR/turn-message.png``: Cuba's turn
message as a phone shows it in Discord's dark theme — composed with Pillow from the real
message text, the real turn picture and the real buttons (and the link to the board) that the
service returned for it.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw  # noqa: E402

import render  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.service.outcome import TURN, PublicMessage  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from render.layout import text_width, wrap  # noqa: E402
from render.text import draw_text  # noqa: E402

CHANNEL, GUILD = 500, 9
PEOPLE = {1: "Ana", 2: "Bo", 3: "Cy", 4: "Dee"}
SEED = 4242
#: The decision each title's picture in docs/ shows (the first turn message of that kind).
SHOWN = {"cuba": "architect", "santiago": "drive", "goa": "auction"}


class Timed:
    """``render.turn`` and ``render.board`` with their CPU time and every turn picture kept."""

    def __init__(self) -> None:
        self.turn_cpu: list[float] = []
        self.board_cpu: list[float] = []
        self.sizes: list[tuple[int, int]] = []
        self.smallest: list[int] = []
        self.kinds: dict[str, bytes] = {}
        self.landscape_cpu: list[float] = []
        self.phone_sizes: list[int] = []
        self.landscape_sizes: list[int] = []
        self.phone_heights: list[int] = []
        self.phones: list[tuple[dict[str, Any], bytes]] = []
        self.shown_phone: bytes | None = None  # the phone board as the shown turn message went out
        #: CPU time of every picture the service drew for the move under way, and per move
        self.this_move: list[float] = []
        self.move_cpu: list[float] = []
        self.decision_cpu: list[float] = []

    def move_done(self) -> None:
        """A move's outcome came back: its pictures' CPU time together is one figure."""
        self.move_cpu.append(sum(self.this_move))
        self.this_move = []

    def move(
        self, game: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str, board: bool
    ) -> render.MovePictures:
        """A move's board and turn picture as the bot draws them (``render.move``, one drawing of
        the board), timed into the move's figure; then each drawn on its own (:meth:`board`,
        :meth:`turn`) for their own figures, and checked to be the same pictures."""
        start = time.process_time()
        both = render.move(game, view, seats, legal, lang, board)
        self.this_move.append(time.process_time() - start)
        alone = render.MovePictures(
            self.board(game, view) if board else None,
            self.turn(game, view, seats, legal, lang) if seats else None,
        )
        assert alone == both, "render.move draws the pictures render.phone_board and render.turn draw"
        return both

    def decision(self, game: str, view: dict[str, Any], legal: list[str], lang: str) -> bytes | None:
        """A decision picture (a secret decision's DM), timed into the move's figure."""
        start = time.process_time()
        png = render.decision(game, view, legal, lang)
        self.decision_cpu.append(time.process_time() - start)
        self.this_move.append(self.decision_cpu[-1])
        return png

    def private(self, game: str, view: dict[str, Any]) -> bytes | None:
        """A private picture, timed into the move's figure."""
        start = time.process_time()
        png = render.private(game, view)
        self.this_move.append(time.process_time() - start)
        return png

    def turn(
        self, game: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str
    ) -> bytes | None:
        from render.turn_picture import draw_turn

        start = time.process_time()
        png = render.turn(game, view, seats, legal, lang)
        self.turn_cpu.append(time.process_time() - start)
        if png is not None:
            img = draw_turn(game, view, seats, legal, lang, render._module(game).draw)
            assert img is not None
            self.sizes.append(img.size)
            self.smallest.append(min(w.size for w in img.info["texts"]))
            self.kinds.setdefault(str(view.get("step") or view.get("phase")), png)
        return png

    def board(self, game: str, view: dict[str, Any]) -> bytes:
        """The board message's picture, as the bot draws it (``render.phone_board``), timed
        beside the landscape board of the same view."""
        start = time.process_time()
        png = render.phone_board(game, view)
        self.board_cpu.append(time.process_time() - start)
        start = time.process_time()
        landscape = render.board(game, view)
        self.landscape_cpu.append(time.process_time() - start)
        self.phone_sizes.append(len(png))
        self.landscape_sizes.append(len(landscape))
        with Image.open(io.BytesIO(png)) as im:
            self.phone_heights.append(im.height)
        self.phones.append((view, png))
        return png


async def play(game: str, folder: str, moves: int) -> tuple[Timed, PublicMessage | None]:
    """A game of four people (its first ``moves`` moves); the timings, and the first turn
    message (as posted, or as a step of its turn edited it) whose turn picture shows
    :data:`SHOWN`'s decision."""
    timed = Timed()
    store = await Store.open(f"{folder}/{game}.db")
    svc = GameService(
        store,
        Settings(),
        move_renderer=timed.move,
        decision_renderer=timed.decision,
        private_renderer=timed.private,
        seed_source=lambda: SEED,
    )
    bots = {f"p{i}": player(game, "heuristic", SEED + i) for i in range(4)}
    shown: PublicMessage | None = None
    try:
        users = list(PEOPLE)
        await svc.new_game(CHANNEL, GUILD, users[0], PEOPLE[users[0]], game, {})
        for user in users[1:]:
            await svc.join(CHANNEL, user, PEOPLE[user])
        await svc.start(CHANNEL, users[0])
        rules = GAMES[game]
        for _ in range(moves):
            pk = svc.tables.channel_games.get(CHANNEL)
            if pk is None:  # the game is over: the channel holds none open
                break
            table = svc.tables.cached[pk]
            if rules.result(table.state) is not None:
                break
            seat = rules.to_act(table.state)[0]
            action = bots[seat].choose(rules.view(table.state, seat), rules.legal(table.state, seat))
            timed.this_move = []
            outcome = await svc.act(CHANNEL, table.seat(seat).user_id or 0, str(action))
            timed.move_done()
            for msg in outcome.public:
                if (
                    shown is None
                    and msg.live is not None
                    and msg.live.role == TURN
                    and CHANNEL in svc.tables.channel_games
                ):
                    after = svc.tables.cached[svc.tables.channel_games[CHANNEL]]
                    view = rules.view(after.state, None)
                    if (view.get("step") or view.get("phase")) == SHOWN[game] and msg.turn_image:
                        shown = msg
                        timed.shown_phone = timed.phones[-1][1] if timed.phones else None
    finally:
        await store.close()
    return timed, shown


def figures(timed: Timed) -> dict[str, Any]:
    turn = sorted(timed.turn_cpu)
    phone = sorted(timed.board_cpu)
    move = sorted(timed.move_cpu)
    return {
        "moves": len(move),
        "move_p50_ms": round(statistics.median(move) * 1000, 1),
        "move_p95_ms": round(move[int(0.95 * (len(move) - 1))] * 1000, 1),
        "decision_pictures": len(timed.decision_cpu),
        "turn_pictures": len(timed.sizes),
        "cpu_p50_ms": round(statistics.median(turn) * 1000, 1),
        "cpu_p95_ms": round(turn[int(0.95 * (len(turn) - 1))] * 1000, 1),
        "max_width": max(w for w, _ in timed.sizes),
        "max_height": max(h for _, h in timed.sizes),
        "smallest_text": min(timed.smallest),
        "ratio_to_board": round(statistics.median(turn) / statistics.median(timed.landscape_cpu), 2),
        "phone_boards": len(timed.board_cpu),
        "phone_p50_ms": round(statistics.median(phone) * 1000, 1),
        "phone_p95_ms": round(phone[int(0.95 * (len(phone) - 1))] * 1000, 1),
        "landscape_p50_ms": round(statistics.median(timed.landscape_cpu) * 1000, 1),
        "phone_ratio": round(statistics.median(phone) / statistics.median(timed.landscape_cpu), 2),
        "phone_max_height": max(timed.phone_heights),
        "phone_kb": round(statistics.median(timed.phone_sizes) / 1024),
        "landscape_kb": round(statistics.median(timed.landscape_sizes) / 1024),
    }


# ---------------------------------------------------------------------- the phone's view

PHONE_W = 780  # a 390 pt wide phone at 2 px a point
BACKGROUND, TEXT, MUTED = (49, 51, 56), (219, 222, 225), (148, 155, 164)
MENTION_BG, MENTION_FG = (60, 66, 112), (201, 205, 251)
STYLES = {
    "primary": (88, 101, 242),
    "success": (36, 128, 70),
    "secondary": (78, 80, 88),
    "danger": (218, 55, 60),
}


def _words(text: str, names: dict[int, str]) -> list[list[tuple[str, bool, bool]]]:
    """The message's lines as runs (text, bold, mention): ``**…**`` bold, ``<@id>`` a mention."""
    lines = []
    for line in text.splitlines():
        runs: list[tuple[str, bool, bool]] = []
        for part in re.split(r"(\*\*[^*]+\*\*|<@\d+>)", line):
            if part.startswith("**"):
                runs.append((part[2:-2], True, False))
            elif part.startswith("<@"):
                runs.append(("@" + names.get(int(part[2:-1]), "someone"), False, True))
            elif part:
                runs.append((part, False, False))
        lines.append(runs)
    return lines


def phone(msg: PublicMessage, names: dict[int, str]) -> Image.Image:
    """``msg`` as Discord's app shows it on a phone (dark theme): the bot's name, the words,
    the picture as wide as the message, the buttons in their rows."""
    assert msg.turn_image is not None
    picture = Image.open(io.BytesIO(msg.turn_image)).convert("RGB")
    left, right = 112, 28
    inner = PHONE_W - left - right
    shown = picture.resize((inner, round(picture.height * inner / picture.width)), Image.Resampling.LANCZOS)
    size, line_h = 30, 42
    lines: list[list[tuple[str, bool, bool]]] = []
    for runs in _words(msg.text, names):  # wrapped run by run (a mention or a bold name stays whole)
        row: list[tuple[str, bool, bool]] = []
        width = 0.0
        for text, bold, mention in runs:
            for piece in wrap(text, size, inner, lines=6, bold=bold) if not mention else [text]:
                w = text_width(piece, size, bold) + (12 if mention else 0)
                if row and width + w > inner:
                    lines.append(row)
                    row, width = [], 0.0
                row.append((piece, bold, mention))
                width += w
        lines.append(row)
    buttons = [(c.label, c.style) for c in msg.choices]
    if msg.board_link is not None:
        buttons.append((msg.board_link.label + " ↗", "link"))
    rows: list[list[tuple[str, str]]] = []
    for label, style in buttons:  # as many to a row as fit, as the app wraps them
        if not rows or sum(_button_w(b) + 14 for b, _ in rows[-1]) + _button_w(label) > inner:
            rows.append([])
        rows[-1].append((label, style))
    height = 40 + 50 + len(lines) * line_h + 16 + shown.height + 20 + len(rows) * 84 + 40
    img = Image.new("RGB", (PHONE_W, height), BACKGROUND)
    d = ImageDraw.Draw(img)
    d.ellipse((24, 40, 96, 112), fill=(88, 101, 242))
    draw_text(d, (60, 76), "T", 40, (255, 255, 255), True, "mm")
    draw_text(d, (left, 58), "Tradewinds", 30, (255, 255, 255), True, "lm")
    tag_x = left + text_width("Tradewinds", 30, True) + 12
    d.rounded_rectangle((tag_x, 44, tag_x + 62, 72), radius=6, fill=(88, 101, 242))
    draw_text(d, (tag_x + 31, 58), "APP", 20, (255, 255, 255), True, "mm")
    draw_text(d, (tag_x + 76, 58), "Today at 20:14", 24, MUTED, False, "lm")
    y = 90 + line_h / 2
    for row in lines:
        x = float(left)
        for text, bold, mention in row:
            w = text_width(text, size, bold)
            if mention:
                d.rounded_rectangle((x, y - 20, x + w + 10, y + 20), radius=6, fill=MENTION_BG)
                draw_text(d, (x + 5, y), text, size, MENTION_FG, True, "lm")
                w += 12
            else:
                draw_text(d, (x, y), text, size, (255, 255, 255) if bold else TEXT, bold, "lm")
            x += w
        y += line_h
    y += 16 - line_h / 2
    img.paste(shown, (left, round(y)))
    y += shown.height + 20
    for row in rows:
        x = float(left)
        for label, style in row:
            w = _button_w(label)
            fill = STYLES.get(style, STYLES["secondary"])
            d.rounded_rectangle((x, y, x + w, y + 68), radius=10, fill=fill)
            link = label.endswith(" ↗")
            centre = x + (w - 36) / 2 + 6 if link else x + w / 2
            draw_text(d, (centre, y + 34), label.replace(" ↗", ""), 26, (255, 255, 255), False, "mm")
            if link:  # the app's arrow out of the button
                ax = x + w - 26
                d.line((ax - 8, y + 42, ax + 6, y + 28), fill=(255, 255, 255), width=3)
                d.line((ax - 3, y + 28, ax + 6, y + 28), fill=(255, 255, 255), width=3)
                d.line((ax + 6, y + 28, ax + 6, y + 37), fill=(255, 255, 255), width=3)
            x += w + 14
        y += 84
    return img


def _button_w(label: str) -> float:
    return text_width(label.replace(" ↗", ""), 26) + (84 if label.endswith(" ↗") else 48)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--docs", type=Path, default=None, help="write the README's pictures into this folder"
    )
    parser.add_argument("--game", choices=list(SHOWN), action="append", default=None)
    parser.add_argument(
        "--moves", type=int, default=2000, help="stop after this many moves (default: the whole game)"
    )
    args = parser.parse_args()
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game in args.game or list(SHOWN):
            timed, shown = asyncio.run(play(game, folder, args.moves))
            found[game] = figures(timed)
            if args.docs is not None:
                png = shown.turn_image if shown is not None else timed.kinds.get(SHOWN[game])
                if png is not None:
                    (args.docs / f"turn-{game}.png").write_bytes(png)
                board = timed.shown_phone or timed.phones[len(timed.phones) // 2][1]
                (args.docs / f"board-phone-{game}.png").write_bytes(board)
                if game == "cuba" and shown is not None:
                    phone(shown, PEOPLE).save(args.docs / "turn-message.png", optimize=True)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    for game, f in found.items():
        print(
            f"{game}: {f['moves']} moves, all their pictures together ({f['decision_pictures']} decision "
            f"pictures among them): CPU time per move p50 {f['move_p50_ms']} ms, p95 {f['move_p95_ms']} ms"
        )
        print(
            f"{game}: {f['turn_pictures']} turn pictures, CPU time p50 {f['cpu_p50_ms']} ms, p95 "
            f"{f['cpu_p95_ms']} ms ({f['ratio_to_board']}× the board's), ≤ {f['max_width']}×"
            f"{f['max_height']} px, smallest text {f['smallest_text']} px"
        )
        print(
            f"{game}: {f['phone_boards']} phone boards, CPU time p50 {f['phone_p50_ms']} ms, p95 "
            f"{f['phone_p95_ms']} ms ({f['phone_ratio']}× the landscape board's {f['landscape_p50_ms']} ms), "
            f"≤ 900×{f['phone_max_height']} px, {f['phone_kb']} KB (landscape {f['landscape_kb']} KB)"
        )


if __name__ == "__main__":
    main()
