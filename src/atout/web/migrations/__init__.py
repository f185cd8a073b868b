"""Alembic migrations of the web database, run at server start (see :mod:`atout.web.store`)."""
