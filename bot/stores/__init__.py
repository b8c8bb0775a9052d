"""The stores: what the service needs from storage (the protocol, ``protocol``), the plain rows it
hands out and takes in (``rows``), the queries written once (``queries``) and run on SQLite
(``sqlite``) or PostgreSQL (``postgres``), each with its positional list of migrations, what a
store keeps in memory for the games it owns (``cache``) and SQLite's consistent copies
(``backup``).

It may import the infrastructure at ``bot/``'s top and nothing else of ``bot``: no service, no
adapter, no ``discord``.
"""
