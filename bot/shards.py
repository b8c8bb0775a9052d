"""The Discord shards one bot process serves (``SHARD_COUNT``, ``SHARD_IDS``): plain data the
settings name and the stores filter by, so it stands below both (:mod:`bot.config`,
:mod:`bot.stores`)."""

from __future__ import annotations

from dataclasses import dataclass

#: Discord's shard of a guild: ``(guild_id >> 22) % shard_count``. Direct messages (no guild)
#: belong to shard 0.
SHARD_SHIFT = 22


@dataclass(frozen=True)
class Shards:
    """The Discord shards one bot process serves: ``ids`` out of ``count``.

    A game belongs to the shard of its guild, so each process runs the timers of its own
    shards' games only (the stores filter ``due_timers`` and ``games`` by it) and answers the
    direct-message presses of those games."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("a bot runs at least one shard")
        if (
            not self.ids
            or any(not 0 <= i < self.count for i in self.ids)
            or len(set(self.ids)) != len(self.ids)
        ):
            raise ValueError(f"shard ids must be distinct numbers from 0 to {self.count - 1}")

    @property
    def everything(self) -> bool:
        """True when these are all the shards (one process serves every guild)."""
        return len(self.ids) == self.count

    def of(self, guild_id: int | None) -> int:
        """The shard of a guild (0 for direct messages)."""
        return (guild_id >> SHARD_SHIFT) % self.count if guild_id else 0

    def owns(self, guild_id: int | None) -> bool:
        return self.everything or self.of(guild_id) in self.ids
