"""Goa's pictures: the board (``board.py``, and, where the game has one, the private
picture), the key to them (``legend.py``) and the decision pictures (``decision.py``), drawn with
the shared kit at ``render/``'s top. Nothing here is imported by another title's package."""
