"""Issue 21's third attack (ATTACK3-report.md): the fixes of findings 2, 3, 4, 6 and 7 on the server's shared parts.

2. One table's searching bots cannot hold another table's: the search pool serves the least served table first.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from atout.web.botpool import FairPool


def run_tables(pool: FairPool, tables: dict[str, tuple[float, int]], clock: list[float]) -> list[str]:
    """Each table ``key -> (cost, rounds)`` asks ``rounds`` decisions one after the other, as a table's bot loop
    does (the next once the last is answered); a decision advances the fake ``clock`` by its cost (and takes
    50 ms, time for the event loop to ask the next one as a bot loop would). The order in which decisions started."""
    starts: list[str] = []

    def decision(key: str, cost: float) -> str:
        starts.append(key)
        time.sleep(0.05)
        clock[0] += cost
        return key

    async def table(key: str, cost: float, rounds: int) -> None:
        for _ in range(rounds):
            assert await asyncio.wrap_future(pool.submit_for(key, decision, key, cost)) == key

    async def main() -> None:
        await asyncio.gather(*(table(key, cost, rounds) for key, (cost, rounds) in tables.items()))

    asyncio.run(main())
    return starts


def test_a_table_thinking_little_waits_for_one_decision_at_most_not_for_every_busy_table() -> None:
    clock = [0.0]
    pool = FairPool(ThreadPoolExecutor(1), 1, clock=lambda: clock[0])
    busy = {f"master{i}": (2.0, 4) for i in range(6)}  # one visitor's six "Watch bots" master tables
    starts = run_tables(pool, {**busy, "hard": (0.3, 8)}, clock)
    pool.shutdown()
    assert sorted(starts) == sorted([k for k, (_, n) in busy.items() for _ in range(n)] + ["hard"] * 8)
    first = starts.index("hard")
    assert first <= 6  # a new table waits at most for each busy table's one decision (in order: after 6)
    between = [i - j - 1 for j, i in zip(
        [k for k, key in enumerate(starts) if key == "hard"], [k for k, key in enumerate(starts) if key == "hard"][1:])]
    # Then the hard table, having used less time, goes next whenever a worker frees: only the decision running
    # when it asked is ahead of it (a plain pool, first come first served, puts the six masters ahead each time).
    assert between == [1] * 7


def test_equal_tables_take_turns_and_a_cancelled_decision_is_skipped() -> None:
    clock = [0.0]
    pool = FairPool(ThreadPoolExecutor(1), 1, clock=lambda: clock[0])
    starts = run_tables(pool, {"a": (1.0, 3), "b": (1.0, 3), "c": (1.0, 3)}, clock)
    assert starts == ["a", "b", "c"] * 3
    gate = ThreadPoolExecutor(1)
    held = FairPool(gate, 1)
    blocker = held.submit_for("x", clock.__len__)
    blocker.result(timeout=5)
    slow = held.submit_for("x", time.sleep, 0.2)
    waiting = held.submit_for("y", clock.__len__)
    assert waiting.cancel()  # still queued behind x's decision: cancelled (its table closed)
    assert slow.result(timeout=5) is None and held.submit_for("z", clock.__len__).result(timeout=5) == 1
    held.shutdown()
