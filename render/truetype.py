"""Which characters a TrueType font file has a glyph for, read from its ``cmap`` table.

Pillow draws a missing glyph as a box without saying so; :mod:`render.fonts` needs to know
beforehand which face of its stack draws each character. This reads the font file's own
character map (the Unicode subtables of formats 4 and 12, the two every font here uses) with
:mod:`struct`: no extra dependency, and the same answer FreeType gives when it draws.
"""

from __future__ import annotations

import struct

__all__ = ["codepoints"]

#: (platform, encoding) pairs of the Unicode subtables: Unicode BMP / full, Windows BMP / full.
UNICODE_SUBTABLES = ((0, 3), (0, 4), (3, 1), (3, 10))


def _cmap_format_4(data: bytes, off: int) -> set[int]:
    """Code points with a glyph in a format-4 (BMP, segment) cmap subtable."""
    seg_x2 = struct.unpack_from(">H", data, off + 6)[0]
    seg = seg_x2 // 2
    ends = struct.unpack_from(f">{seg}H", data, off + 14)
    starts = struct.unpack_from(f">{seg}H", data, off + 16 + seg_x2)
    deltas = struct.unpack_from(f">{seg}h", data, off + 16 + 2 * seg_x2)
    ranges_at = off + 16 + 3 * seg_x2
    range_offsets = struct.unpack_from(f">{seg}H", data, ranges_at)
    out: set[int] = set()
    for k in range(seg):
        for cp in range(starts[k], ends[k] + 1):
            if cp == 0xFFFF:
                continue
            if range_offsets[k] == 0:
                glyph = (cp + deltas[k]) & 0xFFFF
            else:
                at = ranges_at + 2 * k + range_offsets[k] + 2 * (cp - starts[k])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(cp)
    return out


def _cmap_format_12(data: bytes, off: int) -> set[int]:
    """Code points with a glyph in a format-12 (full Unicode, groups) cmap subtable."""
    groups = struct.unpack_from(">I", data, off + 12)[0]
    out: set[int] = set()
    for k in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, off + 16 + 12 * k)
        out.update(cp for cp in range(start, end + 1) if glyph + cp - start)
    return out


def codepoints(data: bytes) -> frozenset[int]:
    """Every code point the font file ``data`` (its bytes) maps to a real glyph, from its
    ``cmap`` table (Unicode subtables of formats 4 and 12)."""
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    base = tables[b"cmap"]
    out: set[int] = set()
    for i in range(struct.unpack_from(">H", data, base + 2)[0]):
        platform, encoding, sub = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        if (platform, encoding) not in UNICODE_SUBTABLES:
            continue
        fmt = struct.unpack_from(">H", data, base + sub)[0]
        if fmt == 4:
            out |= _cmap_format_4(data, base + sub)
        elif fmt == 12:
            out |= _cmap_format_12(data, base + sub)
    return frozenset(out)
