"""Mistigri's table of draw actions is bounded (docs/benchmarks.md, memory over many deals): memory stays flat.

Random deals ask for the draws of ever new hands; the table keeps at most ``DRAW_CACHE_LIMIT`` of them, enough
for the hits that matter (a hand's draws are asked by ``legal_actions`` and again by ``apply``).
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import atout
from atout.games.mistigri import state as mistigri_state
from atout.games.mistigri.state import DRAW_CACHE_LIMIT


def play_random(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(deals):
        g = atout.new_game("mistigri", players=4, seed=seed + i)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))


def test_draw_table_is_bounded_and_still_hits() -> None:
    draws = mistigri_state._draws
    draws.cache_clear()
    play_random(150, seed=11)
    info = draws.cache_info()
    assert info.maxsize == DRAW_CACHE_LIMIT <= 256 and info.currsize <= DRAW_CACHE_LIMIT
    assert info.hits >= 0.4 * (info.hits + info.misses)  # the second ask of each decision still hits


def test_memory_stays_flat_over_random_deals() -> None:
    # Before the bound, 150 random deals at four left ~1,600 hands' draws in the table (about 4 MB).
    mistigri_state._draws.cache_clear()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        play_random(150, seed=5)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 1_000_000, grown
