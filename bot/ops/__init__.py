"""The operator's tools: the ``tradewinds`` command (``cli``: run, demo, replay, sync, doctor,
migrate-db, backup, health), the offline check of a database (``doctor``) and the copy of a
SQLite database into PostgreSQL (``migrate``).

The top of the house: it may import every other package of ``bot``; nothing imports it.
"""
