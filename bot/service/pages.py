"""Long texts in several Discord messages: whole sections side by side while they fit."""

from __future__ import annotations

from collections.abc import Sequence


def pack(parts: Sequence[str], limit: int, joiner: str = "\n\n") -> list[str]:
    """``parts`` joined into as few messages of at most ``limit`` characters as they fit in,
    never splitting a part that fits in one message; a longer part is cut at line ends (or, for
    a single line longer than ``limit``, at ``limit``)."""
    pieces: list[str] = []
    for part in parts:
        if len(part) <= limit:
            pieces.append(part)
            continue
        chunk = ""
        for line in part.splitlines():
            while len(line) > limit:
                if chunk:
                    pieces.append(chunk)
                    chunk = ""
                pieces.append(line[:limit])
                line = line[limit:]
            if chunk and len(chunk) + 1 + len(line) > limit:
                pieces.append(chunk)
                chunk = line
            else:
                chunk = f"{chunk}\n{line}" if chunk else line
        if chunk:
            pieces.append(chunk)
    messages: list[str] = []
    for piece in pieces:
        if messages and len(messages[-1]) + len(joiner) + len(piece) <= limit:
            messages[-1] += joiner + piece
        else:
            messages.append(piece)
    return messages
