"""Computer seats on time: how late a computer seat moves past BOT_DELAY_SECONDS.

python bench/timers.py [--game cuba] [--games 4] [--moves 40] [--delay 0] [--interval 5] [--json]

Games of one human and two computer seats run on a SQLite file with the real timer loop
(:func:`bot.adapter.delivery.run_timers`, at the adapter's interval) and real time. The human plays a
random legal move whenever it is their turn, after a random pause; the computer seats move by
their timers. Lateness of a computer move = the time its action was stored − the time of the
action that made it due − BOT_DELAY_SECONDS (both times as the store logged them). Rendering is
stubbed out. ``--json`` prints one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.delivery import run_timers  # noqa: E402
from bot.adapter.discord_app import TIMER_INTERVAL  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES  # noqa: E402
from engine.ai import player  # noqa: E402
from tests.doubles.gateway import RecordingGateway  # noqa: E402


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


async def human(svc: GameService, channel: int, game: str, moves: int, rng: random.Random) -> None:
    """Play the human seat (p0) of the channel's game: ``moves`` moves or to the end."""
    pk = svc.tables.channel_games[channel]
    ai = player(game, "random", rng.randrange(1 << 30))
    played = 0
    while played < moves:
        table = svc.tables.cached.get(pk)
        if table is None:
            return
        if "p0" not in table.rules.to_act(table.state):
            await asyncio.sleep(0.02)
            continue
        await asyncio.sleep(rng.uniform(0.0, 0.3))
        action = ai.choose(table.rules.view(table.state, "p0"), table.rules.legal(table.state, "p0"))
        if (await svc.act(channel, 1, str(action))).ok:
            played += 1


async def run(game: str, games: int, moves: int, delay: float, interval: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "timers.db"))
        settings = Settings(bot_delay_s=delay, database_path=str(Path(tmp) / "timers.db"))
        svc = GameService(
            store,
            settings,
            renderer=lambda g, v: b"",
            private_renderer=lambda g, v: None,
            turn_renderer=lambda game, view, seats, legal, lang: None,
            summary_renderer=lambda *a: b"",
        )
        for channel in range(1, games + 1):
            assert (await svc.new_game(channel, 9, 1, "Ana", game)).ok
            for _ in range(2):
                assert (await svc.add_bot(channel, 1, "random")).ok
            assert (await svc.start(channel, 1)).ok
        stop = asyncio.Event()
        loop = asyncio.create_task(run_timers(svc, RecordingGateway(), interval=interval, stop=stop))
        rng = random.Random(7)
        await asyncio.gather(*(human(svc, c, game, moves, rng) for c in range(1, games + 1)))
        stop.set()
        await loop
        lateness: list[float] = []
        for row in await store.games():
            actions = await store.actions(row.id)
            for before, after in zip(actions, actions[1:], strict=False):
                if after.seat != "p0" and after.kind == "play":  # a computer seat's move
                    lateness.append(after.created - before.created - delay)
        await store.close()
    return {
        "game": game,
        "games": games,
        "delay_s": delay,
        "interval_s": interval,
        "computer_moves": len(lateness),
        "lateness_p50_s": round(percentile(lateness, 0.5), 4),
        "lateness_p95_s": round(percentile(lateness, 0.95), 4),
        "lateness_max_s": round(max(lateness), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(BUILTIN_GAMES), default="cuba")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="human moves per game")
    parser.add_argument("--delay", type=float, default=0.0, help="BOT_DELAY_SECONDS")
    parser.add_argument(
        "--interval", type=float, default=TIMER_INTERVAL, help="the timer loop's longest sleep"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args.game, args.games, args.moves, args.delay, args.interval))
    print(
        f"{result['game']}: {result['computer_moves']} computer moves in {result['games']} games, "
        f"BOT_DELAY_SECONDS={result['delay_s']}, timer loop interval {result['interval_s']} s: "
        f"late past the delay p50 {result['lateness_p50_s']} s, p95 {result['lateness_p95_s']} s, "
        f"max {result['lateness_max_s']} s"
    )
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
