"""The store the crash test relies on implements the GameStore protocol the service types
against, method by method with the same parameters (the seam for a PostgreSQL store)."""

from __future__ import annotations

import inspect

from bot.gamestore import GameStore
from bot.store import Store


def protocol_methods() -> list[str]:
    return [
        name
        for name, member in vars(GameStore).items()
        if inspect.iscoroutinefunction(member) and not name.startswith("_")
    ]


async def test_the_sqlite_store_implements_the_game_store_protocol(tmp_path):
    store = await Store.open(str(tmp_path / "p.db"))
    try:
        assert isinstance(store, GameStore)
    finally:
        await store.close()


def test_every_protocol_method_has_the_stores_parameters():
    assert len(protocol_methods()) >= 25
    for name in protocol_methods():
        wanted = inspect.signature(getattr(GameStore, name)).parameters
        actual = inspect.signature(getattr(Store, name)).parameters
        assert list(wanted) == list(actual), name
        for param in wanted:
            assert wanted[param].kind == actual[param].kind, (name, param)


def test_the_service_uses_only_protocol_methods_of_its_store():
    import re

    from bot import service

    used = set(re.findall(r"self\.store\.(\w+)\(", inspect.getsource(service)))
    assert used <= set(protocol_methods()), used - set(protocol_methods())
