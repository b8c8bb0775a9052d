"""The real bot end to end: ``tradewinds run`` (discord.py's client, HTTP layer and gateway)
against the local Discord emulator of the tests (``tests/e2e``), one whole game per title.

python bench/discord_e2e.py [--game cuba] [--seed 1] [--fast-boards] [--json]

Three people and a random computer seat play each title to the end in its own channel, one
title after the other, the way ``tests/e2e/test_discord_games.py`` plays them (buttons, menus,
My turn, My hand, DMs, ``/play`` with the autocomplete). The bot draws its real boards unless
``--fast-boards`` (a 2×2 PNG instead, as in the tests). Reported per title and overall:

* ``latency_ms`` — per interaction type (``command``, ``component``, ``autocomplete``): p50 and
  p95 from the emulator dispatching INTERACTION_CREATE to the bot's first callback arriving;
* ``board_ms`` — p50 and p95 from a press that played to the end of the next upload of the
  board's picture (what the people wait for; moves that leave the picture as it is are left
  out);
* ``requests_per_move`` — the bot's REST requests during the game (callbacks, follow-ups,
  posts, edits, DMs; the game's opening included) per stored action (the computer's included);
* ``uploaded_bytes`` — bytes of files uploaded in the game (boards, private pictures, the
  summary), and per move; ``request_bytes`` — every request body.

Timings depend on the machine: run it with ``nice -n 5`` on a quiet one. ``--json`` prints one
JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402
from tests.e2e.botproc import BotProcess  # noqa: E402
from tests.e2e.emulator import Emulator, Interaction  # noqa: E402
from tests.e2e.payloads import User  # noqa: E402
from tests.e2e.players import Table  # noqa: E402

PEOPLE = [User(9101, "Ana"), User(9102, "Bo"), User(9103, "Cy")]
KINDS = {2: "command", 3: "component", 4: "autocomplete"}


def percentiles(samples: list[float]) -> dict[str, float | int]:
    if not samples:
        return {"n": 0}
    ordered = sorted(samples)
    return {
        "n": len(ordered),
        "p50": round(statistics.median(ordered), 1),
        "p95": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 1),
    }


def board_delays(emu: Emulator, table: Table) -> list[float]:
    """ms from each press that played to the end of the next upload of a picture in the table's
    channels (the board drawn again), when one came before the next press."""
    channels = {table.channel.id, *(t.id for t in emu.threads_of(table.channel.id))}
    uploads = sorted(
        (s.request.started, s.request.ended)
        for s in emu.snapshots
        if s.request is not None and s.request.files and s.message.channel.id in channels
    )
    presses = sorted(record.sent for record, _ in table.plays)
    delays = []
    for n, sent in enumerate(presses):
        until = presses[n + 1] if n + 1 < len(presses) else float("inf")
        after = [ended for started, ended in uploads if sent <= started < until]
        if after:
            delays.append((after[0] - sent) * 1000)
    return delays


async def play(emu: Emulator, store: Store, game: str, seed: int) -> dict[str, Any]:
    channel = emu.add_text_channel(f"{game}-bench")
    await emu.announce_channel(channel)
    first_request, first_interaction = len(emu.requests), len(emu.interactions)
    started = time.perf_counter()
    table = Table(emu, store, channel, PEOPLE, game, seed=seed)
    await table.open()
    await table.play_to_end()
    await asyncio.sleep(0.5)  # the final board and DMs
    seconds = time.perf_counter() - started
    requests = emu.requests[first_request:]
    interactions: list[Interaction] = list(emu.interactions.values())[first_interaction:]
    actions = len(await store.actions(table.pk))
    latency: dict[str, list[float]] = {}
    for record in interactions:
        if record.first_callback_at is not None:
            latency.setdefault(KINDS.get(record.type, str(record.type)), []).append(
                (record.first_callback_at - record.sent) * 1000
            )
    uploaded = sum(r.uploaded for r in requests)
    return {
        "game": game,
        "seconds": round(seconds, 1),
        "actions": actions,
        "moves_by_people": table.moves,
        "interactions": len(interactions),
        "latency_ms": {kind: percentiles(samples) for kind, samples in sorted(latency.items())},
        "board_ms": percentiles(board_delays(emu, table)),
        "requests": len(requests),
        "requests_per_move": round(len(requests) / actions, 2),
        "uploaded_bytes": uploaded,
        "uploaded_per_move": round(uploaded / actions),
        "request_bytes": sum(r.body_bytes for r in requests),
        "ways": dict(table.ways),
    }


async def main_async(games: list[str], seed: int, fast_boards: bool) -> dict[str, Any]:
    emu = Emulator(PEOPLE)
    await emu.start()
    workdir = Path(tempfile.mkdtemp(prefix="discord-e2e-"))
    bot = BotProcess(emu, workdir / "bench.db", workdir, fast_boards=fast_boards)
    store = None
    try:
        await bot.start()
        store = await Store.open(str(bot.database))
        results = [await play(emu, store, game, seed) for game in games]
    finally:
        await bot.stop()
        if store is not None:
            await store.close()
        await emu.stop()
    everything: dict[str, list[float]] = {}
    for record in emu.interactions.values():
        if record.first_callback_at is not None:
            everything.setdefault(KINDS.get(record.type, str(record.type)), []).append(
                (record.first_callback_at - record.sent) * 1000
            )
    return {
        "boards": "fast" if fast_boards else "real",
        "games": results,
        "latency_ms": {kind: percentiles(samples) for kind, samples in sorted(everything.items())},
        "requests_per_move": round(
            sum(g["requests"] for g in results) / sum(g["actions"] for g in results), 2
        ),
        "uploaded_bytes": sum(g["uploaded_bytes"] for g in results),
        "failed_requests": sum(1 for r in emu.requests if r.status >= 400),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(BUILTIN_GAMES), help="one title (default: all three)")
    ap.add_argument("--seed", type=int, default=1, help="the players' choices (the deal is the bot's)")
    ap.add_argument("--fast-boards", action="store_true", help="a 2×2 PNG instead of the real boards")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    games = [args.game] if args.game else list(BUILTIN_GAMES)
    report = asyncio.run(main_async(games, args.seed, args.fast_boards))
    for game in report["games"]:
        lat = game["latency_ms"]
        print(
            f"{game['game']:9} {game['actions']:4} actions in {game['seconds']:5.1f} s · "
            + " · ".join(f"{k} p50 {v['p50']} / p95 {v['p95']} ms (n={v['n']})" for k, v in lat.items())
            + f" · board p50 {game['board_ms'].get('p50')} / p95 {game['board_ms'].get('p95')} ms"
            + f" · {game['requests_per_move']} requests/move · {game['uploaded_bytes'] / 1e6:.1f} MB uploaded"
            + f" ({game['uploaded_per_move'] / 1024:.1f} KiB/move)"
        )
    overall = " · ".join(f"{k} p50 {v['p50']} / p95 {v['p95']} ms" for k, v in report["latency_ms"].items())
    print(
        f"all       {overall} · {report['requests_per_move']} requests/move · failed {report['failed_requests']}"
    )
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
