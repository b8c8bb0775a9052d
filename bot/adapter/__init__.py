"""The Discord adapter, by role: the client and its setup (``client``), the slash commands
(``commands``), the buttons and menus (``components``), an interaction answered — acknowledged,
the service called, a failure told in one sentence (``answering``), the messages posted, edited
and sent (``gateway``), the commands' names in every language (``translator``), the interactions
being served and the graceful stop (``serving``), and the delivery of a service's answer to a
gateway with the timer loop (``delivery``).

The only package that imports ``discord``. It turns an interaction into one call of
:class:`bot.service.front.GameService` and the :class:`bot.service.outcome.Outcome` it returns
into messages. It may import :mod:`bot.service`, the store protocol and rows
(:mod:`bot.stores.protocol`, :mod:`bot.stores.rows`) and the infrastructure at ``bot/``'s top;
never a store's implementation, and nothing imports it but :mod:`bot.ops`.
"""
