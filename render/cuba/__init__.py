"""Cuba's pictures: the board (``board.py``, with its legend and, where the game has one, the
private picture) and the decision pictures (``decision.py``), drawn with the shared kit at
``render/``'s top. Nothing here is imported by another title's package."""
