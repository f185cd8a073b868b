"""The browser tests' shared fixtures (tests/test_*e2e*.py): a server and a Chromium per module, pages closed.

Listed in conftest's ``pytest_plugins``, so each browser test module asks for ``server`` and ``browser`` by name
instead of writing them again. Nothing here imports Playwright before a fixture runs (the guard of
tests/test_web_e2e.py, which skips without Playwright or Chromium, stays the first import of each browser
module), so the rest of the suite runs without it. Both fixtures are module-scoped: one server and one browser
per test module, on the module's xdist worker. A module gives its server's ``create_app`` options with
``pytest.mark.web_server(bot_delay=0, ...)`` and closes its pages after each test with
``pytest.mark.usefixtures("close_pages")``, both in its ``pytestmark``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from test_web_e2e import Server


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "web_server(**options): create_app options of the module's browser-test server")


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server (uvicorn in a thread, on a SQLite file of its own), with its ``web_server`` options."""
    from test_web_e2e import Server

    mark = request.node.get_closest_marker("web_server")
    srv = Server(tmp_path_factory.mktemp("web") / f"{request.module.__name__}.db", **(mark.kwargs if mark else {}))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the module's tests."""
    from test_web_e2e import launch_browser

    yield from launch_browser()


@pytest.fixture
def close_pages(browser: Browser) -> Iterator[None]:
    """Each test's pages closed after it: their sockets freed (the server allows 20 per address), memory kept low."""
    yield
    for context in browser.contexts:
        context.close()
