"""The real bot in a child process: ``python -m tests.e2e.launcher`` (the project's ``tradewinds
run`` pointed at the emulator), configured only through its own settings in the environment."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.config import VARIABLES
from tests.e2e.emulator import Emulator

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One run of the bot on ``database``; its log goes to ``log_path``."""

    def __init__(
        self,
        emu: Emulator,
        database: Path,
        workdir: Path,
        *,
        fast_boards: bool = True,
        settings: dict[str, str] | None = None,
    ) -> None:
        self.emu = emu
        self.database = database
        self.workdir = workdir
        self.fast_boards = fast_boards
        #: Settings of the bot's own beyond the defaults below (its environment variables).
        self.settings = settings or {}
        #: While this file exists, a board being drawn waits (tests/e2e/launcher.py).
        self.hold = workdir / "hold-boards"
        self.process: subprocess.Popen[bytes] | None = None
        self.runs = 0

    @property
    def log_path(self) -> Path:
        return self.workdir / f"bot-{self.runs}.log"

    def environment(self) -> dict[str, str]:
        # none of the bot's settings from the shell: only those set here (the rest default)
        env = {k: v for k, v in os.environ.items() if k not in VARIABLES and not k.startswith("TRADEWINDS_")}
        env.update(
            PYTHONPATH=str(ROOT),
            TRADEWINDS_E2E_REST=self.emu.rest_base,
            TRADEWINDS_E2E_GATEWAY=self.emu.gateway_url,
            TRADEWINDS_E2E_FAST_BOARDS="1" if self.fast_boards else "0",
            DISCORD_TOKEN=self.emu.token,
            DATABASE_PATH=str(self.database),
            BOT_DELAY_SECONDS="0",
            REMINDER_AFTER_SECONDS="43200",
            LOBBY_EXPIRY_SECONDS="172800",
            TURN_CLOCK_SECONDS="",
            LOG_LEVEL="INFO",
            # The fast pictures replace render's functions in the bot's own process: drawn there
            # (0 workers), not in the spawned render workers (which draw the real ones).
            RENDER_WORKERS="0" if self.fast_boards else "1",
            DEV_GUILD_ID="",
            OWNER_IDS="",
            TRADEWINDS_E2E_HOLD=str(self.hold),
        )
        env.update(self.settings)
        return env

    async def start(self, timeout: float = 60.0) -> None:
        """Start the bot (in ``workdir``, so no developer's ``.env`` is read) and wait for its
        gateway session."""
        self.runs += 1
        ready_before = self.emu.gateway.count("READY")
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.e2e.launcher"],
                cwd=self.workdir,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )

        def connected() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"the bot exited with {self.process.returncode}:\n{self.log()}")
            return self.emu.gateway.count("READY") > ready_before

        await self.emu.wait_until(connected, timeout, "the bot's gateway session")

    def kill(self) -> None:
        """SIGKILL: no goodbye, no cleanup."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    async def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM (the bot closes cleanly), SIGKILL if it has not exited within ``timeout``.
        The wait lets the event loop run: the emulator keeps answering the bot while it closes."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + timeout
            while self.process.poll() is None and loop.time() < deadline:
                await asyncio.sleep(0.05)
            self.kill()
        return self.process.returncode

    def log(self, runs: int | None = None) -> str:
        texts = []
        for run in range(1, (runs or self.runs) + 1):
            path = self.workdir / f"bot-{run}.log"
            if path.exists():
                texts.append(path.read_text(errors="replace"))
        return "\n".join(texts)
