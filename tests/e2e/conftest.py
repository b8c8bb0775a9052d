"""Fixtures of the end-to-end tests: the emulator, the real bot in a child process on a
temporary SQLite file, and a read-only look at that file (what is stored)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from bot.stores.sqlite import Store
from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator
from tests.e2e.payloads import User

#: The people of the test guild: three players, and one more for the faults.
PEOPLE = [User(9101, "Ana"), User(9102, "Bo"), User(9103, "Cy")]


@dataclass
class Discord:
    emu: Emulator
    bot: BotProcess
    store: Store


async def running(
    tmp_path: Path, *, fast_boards: bool, settings: dict[str, str] | None = None
) -> AsyncIterator[Discord]:
    """The emulator and the bot connected to it (``settings``: more of the bot's environment
    variables); afterwards the bot is stopped (SIGTERM) and the end of its log printed (pytest
    shows it when a test fails)."""
    emu = Emulator(PEOPLE)
    await emu.start()
    bot = BotProcess(emu, tmp_path / "tradewinds.db", tmp_path, fast_boards=fast_boards, settings=settings)
    store: Store | None = None
    try:
        await bot.start()
        store = await Store.open(str(bot.database))
        yield Discord(emu, bot, store)
    finally:
        await bot.stop()
        if store is not None:
            await store.close()
        await emu.stop()
        print(bot.log()[-6000:])
