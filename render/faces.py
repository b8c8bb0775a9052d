"""The font stack: which face draws each character, at what size.

A stack of fonts, all shipped in ``render/fonts/`` (:data:`FACES`, with their licences): Noto Sans
(OFL; Latin, Greek, Cyrillic…), then Droid Sans Fallback (Apache-2.0; Chinese, Japanese), then
NanumSquare (OFL; Korean); no system font is ever used. Bold Chinese and Japanese is a real bold
face, Noto Sans CJK SC Bold (OFL; :data:`BOLD_CJK_FILE`, a subset of about 8,000 characters:
the catalogues' words and the common ones of each script); a character outside it is Droid Sans
Fallback thickened with a stroke (:func:`render.text._fake_bold`), which smears dense characters. :func:`font` loads Noto Sans at a size,
cached. A text is split into runs by coverage (:func:`runs`) — each character in the first face
that has it (:func:`font_of`, read from the font files by :mod:`render.truetype`) — and measured
and drawn run by run on one baseline, at one pixel size (:mod:`render.layout`,
:mod:`render.text`): a name like "Ana 李" reads as one line. What no face has (emoji…) and
control characters are dropped (:func:`safe_text`), so a picture never shows a tofu box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

from render.truetype import codepoints

__all__ = [
    "FACES",
    "BOLD_CJK",
    "BOLD_CJK_FILE",
    "FALLBACK_FILE",
    "FONT_DIR",
    "FONT_FILES",
    "MAIN",
    "SUBSTITUTES",
    "Face",
    "Run",
    "covered",
    "face_font",
    "fallback_font",
    "font",
    "font_codepoints",
    "font_of",
    "runs",
    "safe_text",
]

FONT_DIR = Path(__file__).with_name("fonts")
FONT_FILES = {"regular": "NotoSans-Regular.ttf", "bold": "NotoSans-Bold.ttf"}
#: CJK fallback (Apache-2.0, ``DroidSansFallback-LICENSE.txt``): what Noto Sans lacks.
FALLBACK_FILE = "DroidSansFallbackFull.ttf"
#: Bold CJK (OFL, ``NotoSansCJK-LICENSE.txt``): Noto Sans CJK SC Bold, subset.
BOLD_CJK_FILE = "NotoSansCJKsc-Bold-subset.otf"


@dataclass(frozen=True)
class Face:
    """One font of the stack: its regular file and, when it has one, its bold file. A face with
    no bold file is thickened with a stroke of the text's own colour (:func:`render.text._fake_bold`)."""

    regular: str
    bold: str | None


FACES: tuple[Face, ...] = (
    Face(FONT_FILES["regular"], FONT_FILES["bold"]),
    Face(FALLBACK_FILE, None),
    Face("NanumSquareR.ttf", None),
    Face(BOLD_CJK_FILE, BOLD_CJK_FILE),
)
MAIN = 0
"""Index of Noto Sans, the main face, in :data:`FACES`."""
FALLBACK = 1
"""Index of Droid Sans Fallback in :data:`FACES`."""
BOLD_CJK = 3
"""Index of the bold CJK face in :data:`FACES`: what :func:`runs` of a bold text gives the
characters of the fallback face it has (regular text uses it only for a character no face
before it has)."""


@lru_cache(maxsize=128)
def face_font(face: int, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Face ``face`` of :data:`FACES` at ``size`` px (its bold file when ``bold`` and it has
    one), with the basic layout engine so text looks the same with or without libraqm."""
    spec = FACES[face]
    name = spec.bold if bold and spec.bold else spec.regular
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans at ``size`` px, from the package (no system font is ever used)."""
    return face_font(MAIN, size, bold)


def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    """Droid Sans Fallback (CJK ideographs, kana) at ``size`` px."""
    return face_font(1, size)


@cache
def font_codepoints(filename: str) -> frozenset[int]:
    """Every code point the font file ``filename`` (in :data:`FONT_DIR`) maps to a real glyph,
    read once from its ``cmap`` table (:func:`render.truetype.codepoints`)."""
    return codepoints((FONT_DIR / filename).read_bytes())


@lru_cache(maxsize=16384)
def font_of(char: str) -> int | None:
    """Index in :data:`FACES` of the face that draws ``char`` (the first that has it, in regular
    and bold), or ``None`` when none has it or it is a control character. A space belongs to the
    main face."""
    if char == " ":
        return MAIN
    if not char.isprintable():
        return None
    cp = ord(char)
    for index, face in enumerate(FACES):
        if cp in font_codepoints(face.regular) and (face.bold is None or cp in font_codepoints(face.bold)):
            return index
    return None


def covered(char: str) -> bool:
    """True when a face of :data:`FACES` has a glyph for ``char`` (else it would be a tofu box)."""
    return char.isspace() or font_of(char) is not None


#: Plain stand-ins for symbols no face has (arrows live in a separate Noto font).
SUBSTITUTES = {"→": "->", "←": "<-", "⇄": "<->", "↔": "<->", "≤": "<=", "≥": ">=", "−": "–"}


@lru_cache(maxsize=4096)
def safe_text(text: str) -> str:
    """``text`` as it will be drawn: any whitespace becomes a plain space, a few common symbols
    neither font has become plain stand-ins (see :data:`SUBSTITUTES`), and what is still not
    covered (emoji…) and control characters are dropped."""
    out = []
    for ch in text:
        if ch.isspace():
            out.append(" ")
        elif covered(ch):
            out.append(ch)
        else:
            out.append(SUBSTITUTES.get(ch, ""))
    return "".join(out)


Run = tuple[str, int]
"""A piece of text drawn with one face: (text, index of the face in :data:`FACES`)."""


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``safe_text(text)`` split into runs of one face each. A space joins the run before it
    (every face has one but the bold CJK subset), so "李 小龙" stays one run. In a ``bold`` text
    the fallback face's characters that the bold CJK face has are that face's (:data:`BOLD_CJK`)."""
    bold_cjk = font_codepoints(BOLD_CJK_FILE) if bold else frozenset()
    out: list[list] = []
    for ch in safe_text(text):
        face = font_of(ch)
        if face == FALLBACK and ord(ch) in bold_cjk:
            face = BOLD_CJK
        # a space joins the run before it, but for the bold CJK subset's, which has no space
        joins = ch == " " and not (out and out[-1][1] == BOLD_CJK and ord(ch) not in bold_cjk)
        if out and (joins or out[-1][1] == face):
            out[-1][0] += ch
        else:
            out.append([ch, face])
    return tuple((part, face) for part, face in out)
