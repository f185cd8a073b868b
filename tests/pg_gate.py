"""The PostgreSQL the several-process tests use: $ATOUT_TEST_PG_URL (CI's .ci/run starts one), else their module skips."""

from __future__ import annotations

import os

import pytest


def require_pg() -> str:
    """The database URL; without one, skip the calling module (at module level), or fail under CI=true."""
    url = os.environ.get("ATOUT_TEST_PG_URL")
    if not url:
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI=true but ATOUT_TEST_PG_URL is not set: .ci/run must start PostgreSQL")
        pytest.skip("no PostgreSQL: set ATOUT_TEST_PG_URL (postgresql://user@127.0.0.1:PORT/db)", allow_module_level=True)
    return url
