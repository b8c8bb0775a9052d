"""Functions the render-pool tests send to worker processes (module-level, so they can be sent;
importing this module imports nothing heavy)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def crash_first(flag: str) -> str:
    """Kills its worker the first time (no ``flag`` file yet), draws the second time."""
    path = Path(flag)
    if not path.exists():
        path.write_text("crashed once")
        os._exit(1)
    return "drawn"


def always_crash(*_: Any) -> bytes:
    """Kills its worker, every time."""
    os._exit(1)


def tiny_png(game: str, view: dict[str, Any]) -> bytes:
    """A stand-in picture, drawn in a worker."""
    return f"png {game} {os.getpid()}".encode()


def echo(value: Any) -> Any:
    return value
