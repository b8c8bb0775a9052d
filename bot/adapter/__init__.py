"""The Discord adapter: the slash commands, buttons, views and the client (``discord_app``), the
commands' names in every language (``translator``), the interactions being served and the
graceful stop (``serving``), and the delivery of a service's answer to a gateway with the timer
loop (``delivery``).

The only package that imports ``discord``. It turns an interaction into one call of
:class:`bot.service.front.GameService` and the :class:`bot.service.outcome.Outcome` it returns
into messages. It may import :mod:`bot.service`, the store protocol and rows
(:mod:`bot.stores.protocol`, :mod:`bot.stores.rows`) and the infrastructure at ``bot/``'s top;
never a store's implementation, and nothing imports it but :mod:`bot.ops`.
"""
