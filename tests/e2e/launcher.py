"""Start the real bot (``tradewinds run``, i.e. ``bot.ops.cli.main``) against the local emulator.

    python -m tests.e2e.launcher

Before the project's own entry point runs, discord.py's REST base (``discord.http.Route.BASE``)
and default gateway (``DiscordWebSocket.DEFAULT_GATEWAY``) are pointed at the emulator named by
``TRADEWINDS_E2E_REST`` and ``TRADEWINDS_E2E_GATEWAY``; nothing of the bot is changed. Everything
else — the token, the database, the computer seats' delay — comes through the bot's own settings
in the environment (``bot/config.py``).

With ``TRADEWINDS_E2E_FAST_BOARDS=1`` the pictures of the board, of a seat's private view and of
a decision (``render.board`` and ``render.phone_board``, ``render.private``, ``render.decision``, ``render.turn``) are replaced by a small
valid PNG that depends on what it shows, so that whole games fit in the suite's time; the
summary picture stays the real one; the bot is then run with ``RENDER_WORKERS=0`` (its pictures
drawn in its own process, where they are replaced), and a test may hold a board's drawing
(:func:`hold_while_asked`). Without it the real Pillow pictures are
drawn, in the bot's render worker, and uploaded.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import time
import zlib
from typing import Any


def small_png(seed: bytes) -> bytes:
    """A valid 2×2 PNG whose colour depends on ``seed``."""
    rgb = zlib.crc32(seed).to_bytes(4, "big")[:3]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    rows = (b"\0" + rgb * 2) * 2
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def fast_board(game: str, view: dict[str, Any]) -> bytes:
    hold_while_asked()
    return small_png(json.dumps([game, "board", view], sort_keys=True, default=str).encode())


def hold_while_asked() -> None:
    """With ``TRADEWINDS_E2E_HOLD=PATH``: while the file PATH exists, a board being drawn waits
    (having created ``PATH.held`` to say so) — so a test holds a move in flight, stored and not
    yet shown, for as long as it needs (the pictures are drawn in a thread: the bot runs on)."""
    path = os.environ.get("TRADEWINDS_E2E_HOLD")
    if not path or not os.path.exists(path):
        return
    with open(path + ".held", "w"):
        pass
    while os.path.exists(path):
        time.sleep(0.01)


def fast_private(game: str, view: dict[str, Any]) -> bytes | None:
    """Like ``render.private``: None for a game that draws no private picture."""
    import importlib

    import render

    if not hasattr(importlib.import_module(render.GAME_MODULES[game]), "draw_private"):
        return None
    return small_png(json.dumps([game, "private", view], sort_keys=True, default=str).encode())


def fast_decision(game: str, view: dict[str, Any], legal: list[str], lang: str = "en") -> bytes | None:
    """Like ``render.decision``, but always a picture (the real one is sometimes None)."""
    return small_png(json.dumps([game, "decision", view, legal, lang], sort_keys=True, default=str).encode())


def fast_turn(
    game: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str = "en"
) -> bytes | None:
    """A 2×2 stand-in for the turn picture (``render.turn``), None when nobody is called."""
    if not seats:
        return None
    return small_png(
        json.dumps([game, "turn", view, seats, legal, lang], sort_keys=True, default=str).encode()
    )


def fast_move(
    game: str, view: dict[str, Any], seats: list[str], legal: list[str], lang: str = "en", board: bool = True
) -> Any:
    """The stand-ins of the phone board and the turn picture together (``render.move``)."""
    import render

    return render.MovePictures(
        fast_board(game, view) if board else None, fast_turn(game, view, seats, legal, lang)
    )


def point_at_emulator() -> None:
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = os.environ["TRADEWINDS_E2E_REST"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["TRADEWINDS_E2E_GATEWAY"])
    if os.environ.get("TRADEWINDS_E2E_FAST_BOARDS") == "1":
        import render

        render.board = fast_board
        render.phone_board = fast_board  # the board message's picture (bot.service.presenter.default_renderer)
        render.private = fast_private
        render.decision = fast_decision
        render.turn = fast_turn
        render.move = fast_move  # a move's board and turn picture (bot.service.presenter.default_move_renderer)


def main() -> int:
    point_at_emulator()
    from bot.ops.cli import main as tradewinds

    return tradewinds(["run"])


if __name__ == "__main__":
    sys.exit(main())
