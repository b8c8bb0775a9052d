"""Hostile input through the service layer: malformed, random, forged and out-of-place inputs.

python bench/fuzz.py [--game cuba] [--count 10000] [--seed 1] [--json]

Whole games of one title are played, one after the other, on a real SQLite file by three seated users, with a second game in
another channel. Between legal moves, the driver sends ``--count`` inputs that must not be
played: random and huge unicode action texts, forged / foreign / stale / future button
custom_ids (also other channels' buttons), wrong users, seats out of turn, inputs during the
lobby and after the end. Every input goes through ``GameService`` and is delivered through the
recording gateway, as the Discord adapter delivers it. For each one the driver checks:

* no unhandled exception;
* a refusal is one clear ephemeral sentence (nothing public, no DM) and changes nothing — the
  stored version, state, action log, timers and the in-memory state are as before;
* an input that the rules do accept (a still-valid button during a secret step) changes the
  game by exactly that one action.

``--json`` prints one JSON object as the last line (``inputs``, ``refused``, ``accepted``,
``errors``, ``changed``, ``unclear``, ``inputs_per_s``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapter.delivery import deliver  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.service.front import GameService  # noqa: E402
from bot.service.outcome import Outcome, custom_id  # noqa: E402
from bot.stores.rows import dumps  # noqa: E402
from bot.stores.sqlite import Store  # noqa: E402
from engine import BUILTIN_GAMES, GAMES  # noqa: E402
from engine.core import IllegalAction  # noqa: E402
from tests.doubles.gateway import RecordingGateway  # noqa: E402

CHANNEL, OTHER_CHANNEL = 10, 20
PLAYERS = (1, 2, 3)  # user ids of the seats p0, p1, p2
OTHER_PLAYERS = (4, 5, 6)
OUTSIDER = 99
HOSTILE_TEXTS = (
    "",
    " ",
    "\n\t",
    "'; DROP TABLE actions; --",
    "\x00\x01\x02",
    "‮reversed",
    "🎲🎲🎲",
    "Ｐａｓｓ",
    "pass pass pass pass",
    "-1",
    "99999999999999999999999",
    "nan",
    "None",
    "{}",
    "tw:a:1:1:pass",
    "<@123> @everyone",
    "a" * 5000,
)


@dataclass
class Tally:
    inputs: int = 0
    refused: int = 0
    accepted: int = 0
    errors: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unclear: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    games: int = 0


def random_text(rnd: random.Random) -> str:
    """Random, huge, unicode or hostile text."""
    pick = rnd.random()
    if pick < 0.25:
        return rnd.choice(HOSTILE_TEXTS)
    if pick < 0.5:
        return "".join(chr(rnd.randrange(0x20, 0x2FFFF)) for _ in range(rnd.randrange(1, 60)))
    if pick < 0.6:
        return "".join(chr(rnd.randrange(0, 0x110000)) for _ in range(rnd.randrange(1, 20))).replace(
            "\ud800", ""
        )
    if pick < 0.7:
        return rnd.choice("abcxyz0123456789 ") * rnd.randrange(1000, 200_000)
    words = ["buy", "sell", "play", "pass", "build", "take", "bid", "ship", "move", "0", "1", "999", "-3"]
    return " ".join(rnd.choice(words) for _ in range(rnd.randrange(1, 8)))


def mutate(text: str, rnd: random.Random) -> str:
    """A legal action text bent out of shape (numbers, extra words, case, truncation)."""
    words = text.split()
    pick = rnd.random()
    if pick < 0.3 and words:
        words[rnd.randrange(len(words))] = str(rnd.choice([-1, 0, 99, 10**12, "x"]))
    elif pick < 0.5:
        words.append(rnd.choice(["extra", "1", "again", "🙂"]))
    elif pick < 0.7 and len(words) > 1:
        words = words[: rnd.randrange(1, len(words))]
    elif pick < 0.85:
        return text.upper() + "\u200b"
    else:
        return text * rnd.randrange(2, 50)
    return " ".join(words)


def random_custom_id(rnd: random.Random, pks: list[int], version: int, legal: list[str]) -> str:
    """A forged, foreign, stale or future custom_id (or plain garbage)."""
    pick = rnd.random()
    if pick < 0.15:
        return random_text(rnd)[:100]
    if pick < 0.25:
        return rnd.choice(["tw:x:1:1:pass", "tw:a:1:1", "tw:a:-1:1:pass", "other:a:1:1:pass", "tw::::"])
    verb = rnd.choice("aaaahtnv")
    pk = rnd.choice([*pks, 0, 10**11, rnd.randrange(1, 1000)])
    ver = rnd.choice([version, version - 1, version + 1, version + 1000, 0, 9_999_999, max(1, version - 5)])
    action = rnd.choice([*legal, "pass", "p1", "p0", "buy", ""]) if legal else "pass"
    action = action.lower()[:60]
    try:
        return custom_id(verb, pk, max(0, ver), action)
    except ValueError:
        return f"tw:{verb}:{pk}:{ver}:{action}"


class Fuzzer:
    """One title's game under fuzz: the service, its store, the recording gateway, the checks."""

    def __init__(self, service: GameService, gateway: RecordingGateway, game: str, rnd: random.Random):
        self.service = service
        self.store = service.store
        self.gateway = gateway
        self.rules = GAMES[game]
        self.rnd = rnd
        self.tally = Tally()
        self.pk = 0
        self.other_pk = 0

    async def snapshot(self, pk: int) -> tuple[Any, ...]:
        row = await self.store.game(pk)
        version, state_json = await self.store.state(pk)
        actions = [(a.n, a.seat, a.text, a.kind) for a in await self.store.actions(pk)]
        timers = sorted((t.kind, t.due, dumps(t.payload)) for t in await self.store.timers(pk))
        cached = self.service.tables.cached.get(pk)
        memory = dumps(self.rules.dump(cached.state)) if cached and cached.state is not None else None
        seats = [repr(s) for s in await self.store.seats(pk)]
        return (row.status, row.version, version, state_json, actions, timers, memory, seats)

    async def send(self, kind: str, call, *, must_refuse: bool, expect: tuple[str, str] | None = None):
        """Run one hostile input and check what it did."""
        tally = self.tally
        tally.inputs += 1
        tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
        before = {pk: await self.snapshot(pk) for pk in (self.pk, self.other_pk) if pk}
        sent_before = (len(self.gateway.public), len(self.gateway.private), len(self.gateway.refused))
        try:
            outcome: Outcome = await call()
            await deliver(outcome, self.gateway, self.service, "interaction")
        except Exception:  # the very thing this driver hunts for
            tally.errors.append(f"{kind}: {traceback.format_exc(limit=3)}")
            return None
        after = {pk: await self.snapshot(pk) for pk in before}
        sent_after = (len(self.gateway.public), len(self.gateway.private), len(self.gateway.refused))
        if not outcome.ok:
            tally.refused += 1
            if after != before or sent_after != sent_before:
                tally.changed.append(f"{kind}: a refusal changed the game or posted")
            text = outcome.ephemeral or ""
            if not clear_sentence(text) or outcome.public or outcome.private:
                tally.unclear.append(f"{kind}: {text[:120]!r}")
            return outcome
        if must_refuse:
            tally.changed.append(f"{kind}: accepted ({(outcome.ephemeral or '')[:80]!r})")
            return outcome
        tally.accepted += 1
        grown = len(after[self.pk][4]) - len(before[self.pk][4]) if self.pk in before else 0
        if grown > 1 or (self.other_pk and after[self.other_pk] != before[self.other_pk]):
            tally.changed.append(f"{kind}: one input played {grown} actions or touched another game")
        return outcome

    async def refused_only(self, kind: str, call) -> None:
        await self.send(kind, call, must_refuse=True)


def clear_sentence(text: str) -> bool:
    """One readable sentence for a player: not empty, short, no traceback, ends like a sentence."""
    stripped = text.strip()
    return (
        0 < len(stripped) <= 2000
        and "Traceback" not in stripped
        and "Error(" not in stripped
        and stripped[-1] in ".!?)»…\"'*`"
    )


async def lobby_inputs(fz: Fuzzer, count: int) -> None:
    """During the lobby: actions, buttons and forged ids are all refused."""
    svc, rnd = fz.service, fz.rnd
    for _ in range(count):
        user = rnd.choice([*PLAYERS, OUTSIDER])
        pick = rnd.random()
        if pick < 0.5:
            text = random_text(rnd)
            await fz.refused_only("lobby text", lambda u=user, x=text: svc.act(CHANNEL, u, x))
        else:
            cid = random_custom_id(rnd, [fz.pk, fz.other_pk], 1, [])
            await fz.refused_only("lobby button", lambda u=user, c=cid: svc.press(c, u, CHANNEL))


def engine_accepts(rules, state, seat: str, text: str) -> bool:
    try:
        action = rules.parse(state, seat, text)
        rules.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


async def game_input(fz: Fuzzer, seat_users: dict[str, int], version: int) -> None:
    """One hostile input against a running game."""
    svc, rnd, rules = fz.service, fz.rnd, fz.rules
    state = svc.tables.cached[fz.pk].state
    to_act = rules.to_act(state)
    idle = [s for s in seat_users if s not in to_act]
    actor = rnd.choice(to_act)
    legal = [str(a) for a in rules.legal(state, actor)]
    pick = rnd.random()
    if pick < 0.15:  # somebody not seated, with a legal text or a button
        text = rnd.choice(legal) if legal else "pass"
        await fz.refused_only("outsider text", lambda: svc.act(CHANNEL, OUTSIDER, text))
    elif pick < 0.25 and idle:  # a seat out of turn plays the actor's move
        seat = rnd.choice(idle)
        text = rnd.choice(legal) if legal else "pass"
        must = not engine_accepts(rules, state, seat, text) or seat not in to_act
        await fz.send("out of turn", lambda: svc.act(CHANNEL, seat_users[seat], text), must_refuse=must)
    elif pick < 0.5:  # the actor types garbage, huge or unicode text, or a bent legal move
        text = random_text(rnd) if rnd.random() < 0.6 or not legal else mutate(rnd.choice(legal), rnd)
        must = not engine_accepts(rules, state, actor, text)
        await fz.send("bad text", lambda: svc.act(CHANNEL, seat_users[actor], text), must_refuse=must)
    elif pick < 0.6:  # a player of this game uses the other channel
        text = rnd.choice(legal) if legal else "pass"
        await fz.refused_only("wrong channel", lambda: svc.act(OTHER_CHANNEL, seat_users[actor], text))
    elif pick < 0.7:  # another channel's button pressed here, by this game's actor
        other_version = (await fz.store.game(fz.other_pk)).version
        cid = custom_id("a", fz.other_pk, other_version, "pass")
        await fz.refused_only("other channel's button", lambda: svc.press(cid, seat_users[actor], CHANNEL))
    else:  # forged, stale or future buttons, by anybody
        cid = random_custom_id(rnd, [fz.pk, fz.other_pk], version, legal)
        user = rnd.choice([*seat_users.values(), OUTSIDER])
        await fz.send("button", lambda: svc.press(cid, user, CHANNEL), must_refuse=False)


async def legal_move(fz: Fuzzer, seat_users: dict[str, int], players: dict[str, Any]) -> None:
    state = fz.service.tables.cached[fz.pk].state
    seat = fz.rnd.choice(fz.rules.to_act(state))
    action = players[seat].choose({}, fz.rules.legal(state, seat))
    outcome = await fz.service.act(CHANNEL, seat_users[seat], str(action))
    await deliver(outcome, fz.gateway, fz.service, "interaction")
    if not outcome.ok:
        raise AssertionError(f"a legal move was refused: {outcome.ephemeral}")


async def after_end_inputs(fz: Fuzzer, seat_users: dict[str, int], count: int) -> None:
    svc, rnd = fz.service, fz.rnd
    last = [a.text for a in await fz.store.actions(fz.pk)][-5:]
    version = (await fz.store.game(fz.pk)).version
    for _ in range(count):
        user = rnd.choice([*seat_users.values(), OUTSIDER])
        if rnd.random() < 0.5:
            text = rnd.choice(last) if rnd.random() < 0.5 else random_text(rnd)
            await fz.refused_only("after the end", lambda u=user, x=text: svc.act(CHANNEL, u, x))
        else:
            cid = random_custom_id(rnd, [fz.pk], version, [x.lower() for x in last])
            await fz.refused_only("button after the end", lambda u=user, c=cid: svc.press(c, u, CHANNEL))


async def fuzz_game(path: str, game: str, count: int, seed: int) -> Tally:
    """``count`` hostile inputs against one game of ``game`` (lobby, play, after the end)."""
    from engine.ai import player

    rnd = random.Random(seed)
    store = await Store.open(path)
    service = GameService(
        store,
        Settings(database_path=path),
        renderer=lambda game_id, view: b"\x89PNG",  # pictures are not what is fuzzed here
        private_renderer=lambda game_id, view: None,
        turn_renderer=lambda game, view, seats, legal, lang: None,
        decision_renderer=lambda game_id, view, legal, lang: None,
        seed_source=lambda: seed,
    )
    gateway = RecordingGateway()
    fz = Fuzzer(service, gateway, game, rnd)
    try:
        await service.new_game(OTHER_CHANNEL, None, OTHER_PLAYERS[0], "O1", game)
        for user in OTHER_PLAYERS[1:]:
            await service.join(OTHER_CHANNEL, user, f"O{user}")
        await service.start(OTHER_CHANNEL, OTHER_PLAYERS[0])
        fz.other_pk = (await store.open_game(OTHER_CHANNEL)).id
        await service.new_game(CHANNEL, None, PLAYERS[0], "P1", game)
        fz.pk = (await store.open_game(CHANNEL)).id
        for user in PLAYERS[1:]:
            await service.join(CHANNEL, user, f"P{user}")
        lobby = max(1, count // 20)
        await lobby_inputs(fz, lobby)
        await service.start(CHANNEL, PLAYERS[0])
        in_game = count - 2 * lobby
        done = games = 0
        while True:  # whole games, one after the other in the channel, until the budget is spent
            games += 1
            seat_users = {s.seat: s.user_id for s in await store.seats(fz.pk)}
            players = {s: player(game, "random", seed * 7 + games * 3 + i) for i, s in enumerate(seat_users)}
            while done < in_game and (await store.game(fz.pk)).status == "active":
                for _ in range(min(3, in_game - done)):
                    row = await store.game(fz.pk)
                    if row.status != "active":
                        break
                    await game_input(fz, seat_users, row.version)
                    done += 1
                if (await store.game(fz.pk)).status == "active":
                    await legal_move(fz, seat_users, players)
            while (await store.game(fz.pk)).status == "active":
                await legal_move(fz, seat_users, players)
            if done >= in_game:
                break
            await after_end_inputs(fz, seat_users, min(20, in_game - done))
            done += min(20, in_game - done)
            await service.new_game(CHANNEL, None, PLAYERS[0], "P1", game)
            fz.pk = (await store.open_game(CHANNEL)).id
            for user in PLAYERS[1:]:
                await service.join(CHANNEL, user, f"P{user}")
            await service.start(CHANNEL, PLAYERS[0])
        fz.tally.games = games
        await after_end_inputs(fz, seat_users, count - fz.tally.inputs)
    finally:
        await store.close()
    return fz.tally


async def run(game: str, count: int, seed: int) -> tuple[Tally, float]:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        tally = await fuzz_game(f"{tmp}/fuzz.db", game, count, seed)
        return tally, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="cuba", choices=sorted(BUILTIN_GAMES))
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    tally, seconds = asyncio.run(run(args.game, args.count, args.seed))
    figures = {
        "game": args.game,
        "games": tally.games,
        "inputs": tally.inputs,
        "refused": tally.refused,
        "accepted": tally.accepted,
        "errors": len(tally.errors),
        "changed": len(tally.changed),
        "unclear": len(tally.unclear),
        "inputs_per_s": round(tally.inputs / seconds, 1),
        "kinds": tally.kinds,
    }
    print(
        f"{args.game}: {tally.inputs} hostile inputs over {tally.games} games, {tally.refused} refused, {tally.accepted} accepted "
        f"as legal; unhandled exceptions {len(tally.errors)}, changes by a refusal "
        f"{len(tally.changed)}, unclear refusals {len(tally.unclear)}  ({figures['inputs_per_s']}/s)"
    )
    for line in (tally.errors + tally.changed + tally.unclear)[:10]:
        print("  ", line.replace("\n", "\n   "))
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
