"""Engine speed and memory, per game and player count, on one core (issue 11; figures in docs/benchmarks.md).

Usage: .venv/bin/python benchmarks/bench_engine.py [--game tarot] [--deals 2000] [--seed 1] [--memory-deals 100000] [--json]

For every registered game (or one), variant and player count:
* random playouts through the public API (``new_game``, ``legal_actions``, a seeded choice, ``apply``):
  complete deals per second and decisions (``apply`` calls) per second, CPU time of this process;
* the size of a clone made mid-deal (bytes newly allocated by ``clone()``, measured with tracemalloc);
* with ``--memory-deals N``: traced memory after N/10 and after N simulated deals (growth should be ~0).
* the rollout path (``atout.core.rollout``; for Tarot the compiled kernel of ``atout.games.tarot.rollout``):
  complete random deals per second and decisions per second, numba's compile time excluded (warmed up first);
  for Tarot also the cost of one rollout from a mid-deal state (encode + kernel), what search pays per sample;
When the optional packages ``open_spiel`` (OpenSpiel's C++ ``tarok``) and ``magmacrunch-tarot`` (a pure-Python
French Tarot) are importable, their random playouts run in the same process and the ratios are printed.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
import tracemalloc
from typing import Any

import atout
from atout.core.rollout import RolloutRng, api_rollout, api_trace


def api_rates(game: str, variant: str, players: int, deals: int, seed: int) -> tuple[float, float]:
    """(deals per second, decisions per second) of random playouts through the public API."""
    rng = random.Random(seed)
    choice = rng.choice
    decisions = 0
    start = time.process_time()
    for i in range(deals):
        state = atout.new_game(game, players=players, variant=variant, seed=seed + i)
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
            decisions += 1
    seconds = time.process_time() - start
    return deals / seconds, decisions / seconds


def rollout_rates(game: str, variant: str, players: int, deals: int, seed: int) -> tuple[float, float]:
    """(deals per second, decisions per second) of complete random deals through the rollout path.

    Tarot: ``random_deals`` (shuffle, deal and play inside the compiled kernel). Other games: the generic
    rollout (``new_game`` then ``atout.core.rollout.api_trace``: a clone played through the API).
    """
    if game == "tarot":
        from atout.games.tarot.rollout import random_deals

        start = time.process_time()
        done = random_deals(deals, seed, players, variant)
        seconds = time.process_time() - start
        return deals / seconds, done.decisions / seconds
    rng = RolloutRng(seed)
    decisions = 0
    start = time.process_time()
    for i in range(deals):
        decisions += len(api_trace(atout.new_game(game, players=players, variant=variant, seed=seed + i), "random",
                                   rng)[1])
    seconds = time.process_time() - start
    return deals / seconds, decisions / seconds


def mid_deal_costs(variant: str, players: int, samples: int, seed: int) -> tuple[float, float]:
    """Microseconds per rollout from a Tarot state ~30 moves into a deal: (rollout path, API path)."""
    from atout.games.tarot.rollout import rollout as tarot_rollout

    walk = RolloutRng(seed)
    states = []
    for i in range(samples):
        state = atout.new_game("tarot", players=players, variant=variant, seed=seed + i)
        for _ in range(30):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply(actions[walk.below(len(actions))])
        if not state.is_terminal():
            states.append(state)
    costs = []
    for play in (tarot_rollout, api_rollout):
        rng = RolloutRng(seed)
        start = time.process_time()
        for state in states:
            play(state, "random", rng)
        costs.append((time.process_time() - start) / len(states) * 1e6)
    return costs[0], costs[1]


def clone_bytes(game: str, variant: str, players: int, seed: int, samples: int = 50) -> int:
    """Mean bytes allocated by one ``clone()`` of a state halfway through a deal."""
    rng = random.Random(seed)
    state = atout.new_game(game, players=players, variant=variant, seed=seed)
    steps = 0
    while not state.is_terminal() and steps < 30:
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    clones = [state.clone() for _ in range(samples)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del clones
    return (after - before) // samples


def memory_growth(game: str, variant: str, players: int, deals: int, seed: int) -> tuple[int, int]:
    """Traced bytes still allocated after deals/10 and after ``deals`` random deals (nothing kept)."""
    rng = random.Random(seed)
    tracemalloc.start()
    marks = []
    for i in range(deals):
        state = atout.new_game(game, players=players, variant=variant, seed=seed + i)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if i + 1 in (deals // 10, deals):
            del state
            gc.collect()
            marks.append(tracemalloc.get_traced_memory()[0])
    tracemalloc.stop()
    return marks[0], marks[-1]


def magmacrunch_rate(deals: int, seed: int) -> float | None:
    """Random legal playouts of magmacrunch-tarot's 4-player engine, deals per second (None if absent)."""
    try:
        from tarot import rules as mt  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(seed)
    start = time.process_time()
    done = 0
    while done < deals:
        g = mt.Game(rand=rng.random)
        g.deal()
        if g.phase != mt.BIDDING:
            continue  # a petit sec: dealt again, not counted
        while g.phase == mt.BIDDING:
            g.bid(g.current_bidder, rng.choice(g.bids_open()))
        if g.phase == mt.DOG_EXCHANGE:
            g.discard([c.id for c in mt.ai_discards(g.hands[g.taker])])
        while g.phase == mt.TRICK_PLAY:
            if g.poignee_offer:
                g.declare_poignee(False)
            p = g.current
            g.play(p, rng.choice(mt.legal_plays(g.hands[p], g.trick)))
        done += 1
    return deals / (time.process_time() - start)


def open_spiel_rate(deals: int, seed: int) -> float | None:
    """Random playouts of OpenSpiel's C++ tarok (3 players here) driven from Python (None if absent)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(seed)
    game = pyspiel.load_game("tarok")
    start = time.process_time()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return deals / (time.process_time() - start)


def calibration() -> float:
    """Seconds for a fixed pure-Python loop of one million steps (machine speed reference)."""
    start = time.process_time()
    x = 0
    for i in range(1_000_000):
        x += i & 7
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="only this game (default: every registered game)")
    parser.add_argument("--deals", type=int, default=2000, help="deals per configuration (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory-deals", type=int, default=0, help="also measure memory over N deals per configuration")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    args = parser.parse_args()
    out: dict[str, Any] = {"deals": args.deals, "seed": args.seed, "calibration_ms": round(calibration() * 1000),
                           "rows": [], "peers": {}}
    if not args.json:
        print(f"calibration loop: {out['calibration_ms']} ms (1e6 steps)")
    if args.game in (None, "tarot"):
        from atout.games.tarot.rollout import warm_up

        out["rollout_warm_up_s"] = round(warm_up(), 2)  # numba: compiled, or loaded from its cache
        if not args.json:
            print(f"tarot rollout kernel ready in {out['rollout_warm_up_s']} s (compile or cache load, not counted)")
    for info in atout.list_games():
        if args.game and info.name != args.game:
            continue
        for variant in info.variants:
            for players in info.player_counts[variant]:
                api_rates(info.name, variant, players, max(20, args.deals // 20), args.seed)  # warm the tables
                deals, decisions = api_rates(info.name, variant, players, args.deals, args.seed)
                row: dict[str, Any] = {"game": info.name, "variant": variant, "players": players,
                                       "api_deals_per_s": round(deals), "api_decisions_per_s": round(decisions),
                                       "rollout_deals_per_s": None,
                                       "clone_bytes": clone_bytes(info.name, variant, players, args.seed)}
                many = args.deals * 10 if info.name == "tarot" else args.deals
                r_deals, r_decisions = rollout_rates(info.name, variant, players, many, args.seed)
                row["rollout_deals"] = many  # Tarot's kernel is fast enough for ten times --deals
                row["rollout_deals_per_s"] = round(r_deals)
                row["rollout_decisions_per_s"] = round(r_decisions)
                if info.name == "tarot":
                    kernel_us, api_us = mid_deal_costs(variant, players, max(50, args.deals // 10), args.seed)
                    row["rollout_mid_deal_us"], row["api_mid_deal_us"] = round(kernel_us, 1), round(api_us, 1)
                if args.memory_deals:
                    first, last = memory_growth(info.name, variant, players, args.memory_deals, args.seed)
                    row["memory_after_10pct"], row["memory_after_all"] = first, last
                out["rows"].append(row)
                if not args.json:
                    mem = (f"  memory {row['memory_after_10pct']} -> {row['memory_after_all']} B"
                           if args.memory_deals else "")
                    print(f"{info.name:10} {variant:16} {players}p: {deals:8.0f} deals/s {decisions:9.0f} decisions/s"
                          f"  clone {row['clone_bytes']:5d} B{mem}")
                    per = f" {row['rollout_decisions_per_s']:9d} decisions/s over {many} deals" + (
                        "" if info.name == "tarot" else " (generic: a clone through the API)")
                    mid = (f"; from mid-deal {row['rollout_mid_deal_us']} us/rollout (API {row['api_mid_deal_us']} us)"
                           if "rollout_mid_deal_us" in row else "")
                    print(f"{'':10} {'rollout path':16}   : {r_deals:8.0f} deals/s{per}{mid}")
    if args.game in (None, "tarot"):
        ours = next((r["api_deals_per_s"] for r in out["rows"]
                     if r["game"] == "tarot" and r["players"] == 4 and r["variant"] == "seed"), None)
        for name, rate in (("magmacrunch-tarot (4p)", magmacrunch_rate(args.deals, args.seed)),
                           ("open_spiel tarok (3p)", open_spiel_rate(args.deals, args.seed))):
            if rate is None:
                continue
            out["peers"][name] = round(rate)
            if not args.json:
                ratio = f", atout tarot 4p / peer = {ours / rate:.2f}" if ours else ""
                fast = next((r["rollout_deals_per_s"] for r in out["rows"]
                             if r["game"] == "tarot" and r["players"] == 4 and r["variant"] == "seed"), None)
                ratio += f", rollout path / peer = {fast / rate:.2f}" if fast else ""
                print(f"peer {name}: {rate:8.0f} deals/s{ratio}")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
