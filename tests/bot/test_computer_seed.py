"""A computer seat's random seed comes from a keyed hash of the game (issue 31), not from a
linear function of the game's own seed."""

from __future__ import annotations

import hashlib

from bot.service.computer import keyed_seed


def test_the_seed_is_reproducible_and_64_bits() -> None:
    a = keyed_seed(1234, 10, "p1", "move")
    assert a == keyed_seed(1234, 10, "p1", "move")
    assert 0 <= a < 1 << 64


def test_every_part_of_the_game_changes_the_seed() -> None:
    base = (1234, 10, "p1", "move")
    variants = [
        (1235, 10, "p1", "move"),
        (1234, 11, "p1", "move"),
        (1234, 10, "p2", "move"),
        (1234, 10, "p1", "hint"),
    ]
    seeds = {keyed_seed(*base), *(keyed_seed(*v) for v in variants)}
    assert len(seeds) == 1 + len(variants)


def test_the_seed_is_not_a_linear_function_of_the_games_seed() -> None:
    seeds = [keyed_seed(s, 0, "p0", "move") for s in range(50)]
    steps = {(b - a) % (1 << 64) for a, b in zip(seeds, seeds[1:], strict=False)}
    assert len(steps) == len(seeds) - 1  # no constant step, as seed * k + c would give
    # and about half the bits change from one game seed to the next
    flips = [bin(a ^ b).count("1") for a, b in zip(seeds, seeds[1:], strict=False)]
    assert 20 < sum(flips) / len(flips) < 44


def test_the_key_matters() -> None:
    unkeyed = int.from_bytes(hashlib.blake2b(b"5\x1f0\x1fp0\x1fmove", digest_size=8).digest(), "big")
    assert keyed_seed(5, 0, "p0", "move") != unkeyed
