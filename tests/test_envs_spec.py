"""The fixed action spaces and tensors of atout.envs.spec (issue 19), with indices worked by hand from the layout
in docs/envs.md (card id = suit x 14 + rank - 1 for the suits S H D C, 55 + n for trump n, 77 the Excuse).
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from atout.core.protocol import list_games, new_game
from atout.envs.spec import spec

TABLES = [(info.name, variant, n) for info in list_games() for variant, counts in info.player_counts.items()
          for n in counts]


def test_tarot_layout() -> None:
    s = spec("tarot", players=4, variant="fft")
    # play 0..77, discard 78..155, call 156..233, show 234..255 (T1..T21, EX), bid 256.. (fft: 4), then words
    assert s.action_index("play KS") == 13  # spades, rank 14
    assert s.action_index("play AH") == 14
    assert s.action_index("play T21") == 76 and s.action_index("play EX") == 77
    assert s.action_index("discard KS") == 78 + 13
    assert s.action_index("call KH") == 156 + 27
    assert s.action_index("announce poignee T1") == 234 and s.action_index("announce poignee EX") == 255
    assert [s.action_index(f"bid {b}") for b in ("petite", "garde", "garde_sans", "garde_contre")] == [256, 257, 258, 259]
    assert [s.action_index(w) for w in ("pass", "done", "petit_sec", "no_petit_sec")] == [260, 261, 262, 263]
    assert s.action_index("announce chelem") == 267 and s.num_actions == 268
    seed = spec("tarot", players=3, variant="seed")
    assert seed.action_index("bid garde_contre") == 260 and seed.action_index("pass") == 261 and seed.num_actions == 269
    assert s.action_text(91) == "discard KS" and s.action_index("PLAY ks") == 13


@pytest.mark.parametrize("text", ["discard 2H 3H", "bid prise", "play", "fly away", "announce poignee KS"])
def test_outside_the_space_is_a_key_error(text: str) -> None:
    with pytest.raises(KeyError):
        spec("tarot", players=4, variant="fft").action_index(text)


def test_unknown_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="is for 3, 4, 5 players, not 7"):
        spec("tarot", players=7)
    with pytest.raises(ValueError, match="no variant 'belote'"):
        spec("tarot", variant="belote")
    with pytest.raises(IndexError, match=r"actions are 0\.\.69"):
        spec("triomphe", players=2).action_text(70)


@pytest.mark.parametrize(("name", "variant", "n"), TABLES, ids=[f"{g}-{v}-{n}" for g, v, n in TABLES])
def test_the_mask_is_the_legal_set_and_indices_round_trip(name: str, variant: str, n: int) -> None:
    s = spec(name, n, variant)
    for seed in range(4):
        state = new_game(name, players=n, variant=variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = {str(a) for a in state.legal_actions()}
            mask = s.legal_mask(state)
            assert {s.engine_action(state, int(i)) for i in np.flatnonzero(mask)} == legal
            seat = state.current_player
            assert s.observation(state, seat).shape == s.observation_shape
            assert s.info_state(state, seat).shape == s.info_state_shape
            state.apply(s.engine_action(state, int(rng.choice(np.flatnonzero(mask)))))
        assert not s.legal_mask(state).any()


def test_tarot_observation_features() -> None:
    # After the bidding of a fixed deal, the scalars say who took and what; relative seats (0 = the viewer).
    s = spec("tarot", players=4, variant="fft")
    state = new_game("tarot", players=4, variant="fft", seed=4)
    while state.phase == "bidding":
        state.apply("bid garde" if "bid garde" in {str(a) for a in state.legal_actions()} and not any(
            b == "garde" for _, b in state.observation(0).public["bids"]) else "pass")
    taker = state.observation(0).public["taker"]
    viewer = (taker + 1) % 4
    obs = s.observation(state, viewer)
    names = s.scalar_names
    base = len(s.planes) * len(s.pack)
    value = {name: obs[base + i] for i, name in enumerate(names)}
    extra = [value[f"extra/{i}"] for i in range(s.config.extras_size)]
    # per relative seat: (pass, petite, garde, garde_sans, garde_contre); the taker sits at relative seat 3
    assert extra[3 * 5:4 * 5] == [0, 0, 1, 0, 0]
    assert extra[20:24] == [0, 1, 0, 0]  # contract: garde
    assert extra[24:28] == [0, 0, 0, 1]  # taker: relative seat 3


def test_the_engine_and_the_spec_import_no_convention() -> None:
    # atout and atout.envs.spec need numpy only: PettingZoo, Gymnasium and OpenSpiel stay out until asked for.
    code = ("import sys, atout, atout.envs.spec, atout.envs.table; "
            "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_history_rows_of_hidden_and_hand_actions() -> None:
    # Prime at four: blocks bet, pass, discard, accept, decline, show, no_show (7); arguments up to 16 wide.
    from atout.core.protocol import Observation

    s = spec("prime", 4)
    history = ((1, "pass (0 hidden)"), (2, "discard (2 hidden)"), (0, "bet 3"))
    obs = Observation("prime", 0, "opening", 0, (), (), {}, history, {})
    rows = s.encode_history(obs).reshape(s.config.history, -1)
    n, blocks = 4, 7

    def parts(row: np.ndarray) -> tuple[list[int], list[int], list[int], float]:
        on = [np.flatnonzero(x).tolist() for x in (row[:n], row[n:n + blocks], row[n + blocks:-1])]
        return on[0], on[1], on[2], float(row[-1])

    assert parts(rows[0]) == ([1], [1], [], 1.0)  # another seat's empty pass: hidden, no card count
    assert parts(rows[1]) == ([2], [2], [1], 1.0)  # two hidden cards discarded: argument 1
    assert parts(rows[2]) == ([0], [0], [2], 0.0)  # bet 3: the block's third argument
    assert not rows[3:].any()


@pytest.mark.parametrize(("contract", "shown"), [("garde", True), ("garde_sans", False)])
def test_the_talon_plane_once_shown(contract: str, shown: bool) -> None:
    # Seed 001: the talon is shown to all for a prise/garde, stays face down for a garde sans (or contre).
    # At five, the called King is a named card: its plane holds it for every seat.
    s = spec("tarot", players=5, variant="fft")
    state = new_game("tarot", players=5, variant="fft", seed=12)
    talon = set(state.to_record()["deal"]["talon"])
    state.apply(f"bid {contract}")
    while state.phase == "bidding":
        state.apply("pass")
    state.apply("call KH")
    for seat in range(5):
        zones = s.decode(s.observation(state, seat))
        assert zones.get("talon", set()) == (talon if shown else set())
        assert zones["called"] == {"KH"}


@pytest.mark.parametrize("bad", [True, False, 1.0, 1.7, "3", np.float32(2.0), np.bool_(True)])
def test_an_action_index_is_a_whole_number(bad: object) -> None:
    """A bool, a float or a text is refused as an action index (int() would quietly read True as 1, "3" as 3),
    and the state is unchanged (attack report, issue 19)."""
    from atout.envs.pettingzoo import env as pz_env

    e = pz_env("tarot", players=4)
    e.reset(seed=3)
    before = e.unwrapped.table.state.to_record()
    with pytest.raises(TypeError, match="whole number"):
        e.step(bad)
    assert e.unwrapped.table.state.to_record() == before
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(np.int64(legal[0]))  # a numpy integer is an index
    assert e.unwrapped.table.state.to_record() != before
