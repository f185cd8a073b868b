"""Two server processes in a real browser (issue 21): Anne's page on one server, Bernard's on another, one
PostgreSQL database between them; every click on one page shows on the other (through NOTIFY), to the end.

Needs ``ATOUT_TEST_PG_URL`` (``.ci/run`` starts PostgreSQL), Playwright and Debian's Chromium; skipped locally
without them, a failure in CI (``CI=true``).
"""

from __future__ import annotations

import time
import warnings

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from pg_gate import require_pg  # noqa: E402

PG_URL = require_pg()

from atout.web.store import Store  # noqa: E402
from test_web_e2e import TIMEOUT, Browser, Server, click_one_move, create_from_lobby, new_page  # noqa: E402

pytestmark = pytest.mark.xdist_group("postgresql")  # the database and the browsers: one xdist worker


def test_two_browsers_on_two_server_processes_share_a_table(browser: Browser) -> None:
    a, b = Server(PG_URL), Server(PG_URL)  # two server processes of one database
    try:
        anne = new_page(browser)
        table_id = create_from_lobby(anne, a, "triomphe", 2, mode="friends")
        bernard = new_page(browser, 390, 844)
        bernard.goto(f"{b.url}/t/{table_id}")  # the other process
        bernard.click(".take-seat")
        bernard.wait_for_function("() => document.querySelector('.seat.me') !== null")
        moves = 0
        while moves < 30 and not (anne.locator("#over").count() or bernard.locator("#over").count()):
            deadline = time.monotonic() + TIMEOUT / 1000
            mover = None
            while mover is None and not (anne.locator("#over").count() or bernard.locator("#over").count()):
                mover = next((p for p in (anne, bernard) if p.locator("#your-turn, #continue").count()), None)
                assert time.monotonic() < deadline, "nobody's turn: a move was not heard across the processes"
                time.sleep(0.05)
            if mover is None:
                break
            click_one_move(mover)
            moves += 1
        total = len(Store(PG_URL).history(table_id))  # type: ignore[arg-type]
        stored = sum(1 for r in Store(PG_URL).history(table_id) if r.kind == "move")  # type: ignore[arg-type]
        for page in (anne, bernard):  # both pages show every stored move, whichever process stored it
            page.wait_for_function(f"() => Number(document.querySelector('#controls')?.dataset.n) === {stored}")
        assert moves >= 4 and total >= stored >= 4
        assert not anne.errors and not bernard.errors  # type: ignore[attr-defined]
    finally:
        a.stop()
        b.stop()
