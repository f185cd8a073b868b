"""Research environments (issue 19): the batch engine's throughput, and each convention's cost per step.

Usage: python benchmarks/bench_envs.py [--part batch|steps|all|deals] [--tables 1024] [--seconds 3] [--seed 1]
       farm-bench -n 5 -- python benchmarks/bench_envs.py --part deals --deals 20000   (the whole process)

``batch``: complete random Tarot deals per second through :class:`atout.envs.batch.BatchEnv`, the caller
choosing a uniformly random legal action per table from the mask with numpy (the loop below, as a researcher
writes it), for each observation mode; then the same with ``env.random_actions()`` (the draw made in the
kernel), and the kernel's own ceiling (``random_deals``: no per-step interface at all).

``steps``: microseconds per step of a random game, one run side by side: atout's PettingZoo AEC and
Gymnasium environments (Tarot 4 players), PettingZoo's classic card environments (Leduc and Texas hold'em),
OpenSpiel's C++ games driven from Python (bridge, hearts, tarok), each step including the observation tensor
and mask the convention hands over. Wall-clock time of this process on a shared machine: the load average is
printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from atout.envs.batch import BatchEnv
from atout.games.tarot.rollout import random_deals, warm_up


def load() -> str:
    """The 1-minute load average (the machine is shared: figures taken under load are lower)."""
    return f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


# --- the batch engine ---------------------------------------------------------------------------------
def researcher_loop(env: BatchEnv, seconds: float, seed: int) -> tuple[float, float, float]:
    """(deals/s, steps/s, deals per CPU-second): random legal actions chosen from the mask with numpy."""
    rng = np.random.default_rng(seed)
    _obs, mask = env.reset()
    deals = steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        scores = rng.random(mask.shape, dtype=np.float32)  # uniform among the legal actions:
        actions = np.where(mask, scores, -1.0).argmax(axis=1)  # the legal one with the highest draw
        _obs, mask, _rewards, done = env.step(actions)
        deals += int(done.sum())
        steps += env.n
    return deals / elapsed, steps / elapsed, deals / (time.process_time() - cpu)


def sampler_loop(env: BatchEnv, seconds: float) -> tuple[float, float, float]:
    """(deals/s, steps/s, deals per CPU-second) with the env's own random legal action per table."""
    env.reset()
    deals = steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        _obs, _mask, _rewards, done = env.step(env.random_actions())
        deals += int(done.sum())
        steps += env.n
    return deals / elapsed, steps / elapsed, deals / (time.process_time() - cpu)


def bench_batch(tables: int, seconds: float, seed: int) -> None:
    warm_up()
    for obs in ("none", "compact"):
        BatchEnv("tarot", 2, players=4, obs=obs, seed=0).reset()  # compile (or load numba's cache)
    print(f"## batch: Tarot 4 players (seed variant), {tables} tables, {seconds:g} s per row, {load()}")
    print("| obs | actions chosen by | threads | deals/s | steps/s | deals per CPU-second |")
    print("|---|---|---|---:|---:|---:|")
    for obs, n in (("none", tables), ("compact", tables), ("full", min(tables, 64))):
        for chooser in ("numpy, from the mask", "env.random_actions()"):
            for parallel in (False, True) if obs == "none" else (False,):
                env = BatchEnv("tarot", n, players=4, seed=seed, obs=obs, parallel=parallel)
                if chooser.startswith("numpy"):
                    deals, steps, per_cpu = researcher_loop(env, seconds, seed)
                else:
                    deals, steps, per_cpu = sampler_loop(env, seconds)
                label = f"{obs} ({n} tables)" if n != tables else obs
                print(f"| {label} | {chooser} | {2 if parallel else 1} | {deals:,.0f} | {steps:,.0f} | {per_cpu:,.0f} |")
    count = 20_000
    start, cpu = time.perf_counter(), time.process_time()
    random_deals(count, seed, players=4)
    rate, per_cpu = count / (time.perf_counter() - start), count / (time.process_time() - cpu)
    print(f"| (kernel ceiling: `random_deals`, no step interface) | the kernel | 1 | {rate:,.0f} | | {per_cpu:,.0f} |")
    print(f"({load()} at the end)")


# --- per-step cost of each convention ------------------------------------------------------------------
def time_steps(run: Callable[[int], int], budget: float) -> tuple[float, float]:
    """(wall, CPU) microseconds per step of ``run(steps)`` (which plays about ``steps`` steps, returns how many)."""
    run(200)  # warm up
    total = 0
    start, cpu = time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < budget:
        total += run(500)
    return elapsed / total * 1e6, (time.process_time() - cpu) / total * 1e6


def pettingzoo_aec(make: Callable[[], object], seed: int) -> Callable[[int], int]:
    """Random legal actions through a PettingZoo AEC env's ``last()`` / ``step()`` (its observation and mask)."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)  # type: ignore[attr-defined]  (seeded once; later resets go on from there)

    def run(steps: int) -> int:
        env.reset()  # type: ignore[attr-defined]
        done = 0
        for agent in env.agent_iter():  # type: ignore[attr-defined]
            obs, _reward, term, trunc, _info = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.step(None)  # type: ignore[attr-defined]
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
            done += 1
            if done >= steps and not env.agents:  # type: ignore[attr-defined]
                break
            if not env.agents:  # type: ignore[attr-defined]
                env.reset()  # type: ignore[attr-defined]
            del agent
        return done

    return run


def gymnasium_env(make: Callable[[], object], seed: int) -> Callable[[int], int]:
    """Random legal actions of the learning seat through a Gymnasium env (the other seats' moves included)."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)  # type: ignore[attr-defined]  (seeded once; later resets go on from there)

    def run(steps: int) -> int:
        _obs, info = env.reset()  # type: ignore[attr-defined]
        done = 0
        while done < steps:
            mask = info.get("action_mask") if isinstance(info, dict) and "action_mask" in info else None
            if mask is None:
                mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
            _obs, _r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))  # type: ignore[attr-defined]
            done += 1
            if term or trunc:
                _obs, info = env.reset()  # type: ignore[attr-defined]
        return done

    return run


def openspiel_game(name: str, seed: int) -> Callable[[int], int]:
    """Random legal actions through ``pyspiel`` (C++), with the mover's observation tensor at each step."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(seed)
    has_obs = game.get_type().provides_observation_tensor

    def run(steps: int) -> int:
        done = 0
        state = game.new_initial_state()
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                continue
            if has_obs:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            done += 1
        return done

    return run


def atout_api(seed: int) -> Callable[[int], int]:
    """The engine itself: ``legal_actions()`` / ``apply()`` (no tensors), for reference."""
    import atout

    rng = np.random.default_rng(seed)

    def run(steps: int) -> int:
        done = 0
        state = atout.new_game("tarot", players=4, seed=int(rng.integers(1 << 30)))
        while done < steps:
            if state.current_player is None:
                state = atout.new_game("tarot", players=4, seed=int(rng.integers(1 << 30)))
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
            done += 1
        return done

    return run


def candidates(seed: int) -> list[tuple[str, Callable[[], Callable[[int], int]]]]:
    out: list[tuple[str, Callable[[], Callable[[int], int]]]] = [
        ("atout engine API, Tarot 4p (no tensor)", lambda: atout_api(seed))]

    def atout_pz() -> Callable[[int], int]:
        from atout.envs import pettingzoo as pz

        return pettingzoo_aec(lambda: pz.env("tarot", players=4), seed)

    def atout_gym() -> Callable[[int], int]:
        import gymnasium

        import atout.envs.gym  # noqa: F401  (registers atout/Tarot-v0)

        return gymnasium_env(lambda: gymnasium.make("atout/Tarot-v0", players=4, opponents="random"), seed)

    def classic(module: str) -> Callable[[], Callable[[int], int]]:
        def make() -> Callable[[int], int]:
            import importlib

            mod = importlib.import_module(f"pettingzoo.classic.{module}")
            return pettingzoo_aec(mod.env, seed)

        return make

    out += [("atout PettingZoo AEC, Tarot 4p", atout_pz), ("atout Gymnasium, Tarot 4p vs random", atout_gym),
            ("PettingZoo classic leduc_holdem_v4", classic("leduc_holdem_v4")),
            ("PettingZoo classic texas_holdem_v4", classic("texas_holdem_v4"))]
    for name in ("bridge(use_double_dummy_result=false)", "hearts", "tarok"):
        out.append((f"OpenSpiel C++ {name}", lambda name=name: openspiel_game(name, seed)))  # type: ignore[misc]
    return out


def bench_steps(seconds: float, seed: int) -> None:
    print(f"## per step (random legal actions, observation and mask included), {load()}")
    print("| environment | µs/step (wall) | µs/step (CPU) |")
    print("|---|---:|---:|")
    for label, make in candidates(seed):
        try:
            run = make()
        except ImportError as e:
            print(f"| {label} | not installed ({e.name}) | |")
            continue
        wall, cpu = time_steps(run, seconds)
        print(f"| {label} | {wall:,.1f} | {cpu:,.1f} |")
    print(f"({load()} at the end)")


def play_deals(count: int, tables: int, seed: int) -> None:
    """Exactly ``count`` complete deals (at least) through the batch, numpy choosing from the mask: for farm-bench."""
    env = BatchEnv("tarot", tables, players=4, seed=seed, obs="none")
    rng = np.random.default_rng(seed)
    _obs, mask = env.reset()
    deals = 0
    while deals < count:
        actions = np.where(mask, rng.random(mask.shape, dtype=np.float32), -1.0).argmax(axis=1)
        _obs, mask, _rewards, done = env.step(actions)
        deals += int(done.sum())
    print(f"{deals} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=("batch", "steps", "all", "deals"), default="all",
                        help="'deals': just play --deals deals and exit (a whole-process timing for farm-bench)")
    parser.add_argument("--deals", type=int, default=20_000, help="deals played by --part deals")
    parser.add_argument("--tables", type=int, default=1024, help="tables of the batch (default 1024)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.part in ("batch", "all"):
        bench_batch(args.tables, args.seconds, args.seed)
    if args.part in ("steps", "all"):
        bench_steps(args.seconds, args.seed)
    if args.part == "deals":
        play_deals(args.deals, args.tables, args.seed)


if __name__ == "__main__":
    main()
