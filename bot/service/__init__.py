"""The service: the game rules of the table, with no Discord in sight.

:class:`~bot.service.front.GameService` is the front every caller uses (the adapter, the command
line, the tests, the benches); each command is a method of one part — ``lobby``, ``acting``,
``seats``, ``timers``, ``computer``, ``records``, ``preferences`` — over ``tables`` (the open
games, cached and locked), and ``presenter`` turns a change into an
:class:`~bot.service.outcome.Outcome` (messages, buttons, DMs, pictures).

No I/O of its own: it reads and writes through the store protocol (:mod:`bot.stores.protocol`,
in :mod:`bot.stores.rows`) and answers through the delivery port (:mod:`bot.service.outcome`).
It may import the engine, ``render``, :mod:`bot.stores.protocol`, :mod:`bot.stores.rows` and the
infrastructure at ``bot/``'s top; never ``discord``, :mod:`bot.adapter`, :mod:`bot.ops` or a
store's implementation.
"""
