"""The browser table: ``atout serve`` — every registered game against bots and friends, in French and English.

Built on the public game protocol only (``new_game``, ``legal_actions``, ``apply``, ``observation``,
``public_action``, ``events``, ``to_record``/``replay``, ``make_bot``), so a newly registered game
appears with no change here. Layers: :mod:`~atout.web.store` (SQLAlchemy 2 + Alembic),
:mod:`~atout.web.hub` (live tables, bots), :mod:`~atout.web.views` (what each seat may see),
:mod:`~atout.web.messages` (pydantic models), :mod:`~atout.web.app` (FastAPI routes),
:mod:`~atout.web.socket_routes` (the tables' WebSocket).

>>> from atout.web import create_app
>>> create_app("sqlite://").title
'atout'
"""

from atout.web.app import create_app

__all__ = ["create_app"]
