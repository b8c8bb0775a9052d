"""Pillow drawing of game *views* (never of raw state). See ``render.board``."""
