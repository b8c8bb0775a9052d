"""A mapping that keeps only its most recently used entries.

The bot remembers a few things per *person* (the language of their last interaction, their DM
channel's id) so that it need not ask again. People come and go over months; a plain dict
would grow by one entry for everyone the bot ever met. :class:`Recent` forgets the entry used
least recently once it holds ``limit`` of them; a forgotten entry is only asked for again (the
store, Discord), so nothing is lost but a lookup.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")

#: People remembered per process by default: the store's own per-user cache keeps as many
#: (:data:`bot.stores.cache.MAX_USERS`).
PEOPLE = 20_000


class Recent(Generic[K, V]):
    """At most ``limit`` entries, the least recently read or written forgotten first."""

    def __init__(self, limit: int = PEOPLE) -> None:
        if limit < 1:
            raise ValueError("limit must be at least 1")
        self.limit = limit
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    @overload
    def get(self, key: K) -> V | None: ...
    @overload
    def get(self, key: K, default: D) -> V | D: ...
    def get(self, key: K, default: object = None) -> object:
        """The entry (now the most recently used), else ``default``."""
        if key not in self._entries:
            return default
        self._entries.move_to_end(key)
        return self._entries[key]

    def __setitem__(self, key: K, value: V) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)

    def update(self, entries: dict[K, V]) -> None:
        for key, value in entries.items():
            self[key] = value

    def pop(self, key: K, default: V | None = None) -> V | None:
        return self._entries.pop(key, default)
