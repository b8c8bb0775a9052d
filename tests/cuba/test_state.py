"""The fast state copy is a true deep copy; dump/load keep the schema."""

import pytest

from engine.ai import player
from engine.core import IllegalAction
from engine.cuba import RULES
from engine.cuba.state import copy_state


def containers(value, path="state"):
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from containers(v, f"{path}.{k}")
    elif isinstance(value, list):
        yield path, value
        for i, v in enumerate(value):
            yield from containers(v, f"{path}[{i}]")


def assert_no_sharing(a, b):
    assert a == b
    ids_a = {id(c): p for p, c in containers(a)}
    for path, c in containers(b):
        assert id(c) not in ids_a, f"{path} is shared with {ids_a[id(c)]}"


def test_copy_shares_nothing_at_any_point_of_a_game():
    state = RULES.new(["p0", "p1", "p2", "p3"], 11, secret_parliament_card=True)
    bots = {s: player("cuba", "random", i) for i, s in enumerate(state["seats"])}
    while RULES.result(state) is None:
        assert_no_sharing(state, copy_state(state))
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, bots[seat].choose({}, RULES.legal(state, seat)))
    assert_no_sharing(state, copy_state(state))
    assert_no_sharing(state, RULES.dump(state))


def test_load_refuses_unknown_schema():
    dumped = RULES.dump(RULES.new(["p0", "p1"], 1))
    assert dumped["schema"] == 2
    with pytest.raises(IllegalAction):
        RULES.load({**dumped, "schema": 99})
