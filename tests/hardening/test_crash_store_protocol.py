"""Both stores implement the GameStore protocol the service types against, method by method
with the same parameters, and the service uses nothing else of its store."""

from __future__ import annotations

import inspect

import pytest

from bot.stores.postgres import PgStore
from bot.stores.protocol import GameStore
from bot.stores.sqlite import Store

pytestmark = pytest.mark.both_backends


def protocol_methods() -> list[str]:
    return [
        name
        for name, member in vars(GameStore).items()
        if inspect.iscoroutinefunction(member) and not name.startswith("_")
    ]


async def test_each_store_implements_the_game_store_protocol(database):
    store = await database.open()
    try:
        assert isinstance(store, GameStore)
        assert type(store) is {"sqlite": Store, "postgresql": PgStore}[database.backend]
    finally:
        await store.close()


@pytest.mark.parametrize("store_class", [Store, PgStore])
def test_every_protocol_method_has_the_stores_parameters(store_class):
    assert len(protocol_methods()) >= 25
    for name in protocol_methods():
        wanted = inspect.signature(getattr(GameStore, name)).parameters
        actual = inspect.signature(getattr(store_class, name)).parameters
        assert list(wanted) == list(actual), name
        for param in wanted:
            assert wanted[param].kind == actual[param].kind, (name, param)
            assert wanted[param].default == actual[param].default or wanted[param].default is ..., (
                name,
                param,
            )


def test_the_service_uses_only_protocol_methods_of_its_store():
    import re

    from bot.service import front as service

    used = set(re.findall(r"self\.store\.(\w+)\(", inspect.getsource(service)))
    assert used <= set(protocol_methods()), used - set(protocol_methods())
