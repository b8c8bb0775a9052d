"""Test doubles: stand-ins for what the bot talks to (Discord), used by tests and by ``bench/``.

They live here, not in the ``bot`` package, so that nothing of them ships with the bot. The bench
scripts put the repository root on ``sys.path`` and import them as ``tests.doubles``.
"""
