"""The worked example's pieces (issue 19): a few training steps, then the saved agent plays as bot ``ppo``.

Skipped without the extra ``atout[train]`` (sb3-contrib); CI does not train: the run is a smoke test of a few
hundred steps, not a measure of learning (that is docs/envs.md's tournament).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")

import atout
from atout.bots.base import bot_names, make_bot

pytestmark = pytest.mark.xdist_group("envs_train")
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_tarot.py"


def _example() -> object:
    spec = importlib.util.spec_from_file_location("train_tarot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_tarot"] = module
    spec.loader.exec_module(module)
    return module


def test_train_save_and_play_as_a_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, curve = tmp_path / "agent.zip", tmp_path / "curve.png"
    means = _example().main(["--steps", "256", "--rollout", "64", "--envs", "2", "--window", "1",  # type: ignore[attr-defined]
                             "--out", str(out), "--curve", str(curve)])
    assert out.is_file() and curve.is_file() and curve.with_suffix(".csv").is_file()
    assert set(means) == {"random", "heuristic"}
    monkeypatch.setenv("ATOUT_TAROT_PPO", str(out))
    assert "ppo" in bot_names("tarot")
    bot = make_bot("tarot", "ppo")
    state = atout.new_game("tarot", players=4, seed=3)
    while state.current_player is not None:  # a whole deal: the bot's every choice is legal
        seat = state.current_player
        obs = state.observation(seat)
        state.apply(bot.act(obs))
    assert sum(state.returns()) == 0
    three = atout.new_game("tarot", players=3, seed=3)
    with pytest.raises(ValueError, match="trained on tensors of shape"):
        bot.act(three.observation(three.current_player))


def test_missing_weights_say_where_they_were_looked_for(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ATOUT_TAROT_PPO", str(tmp_path / "none.zip"))
    bot = make_bot("tarot", "ppo")  # creating the bot reads nothing (atout's bot lists and checks create every bot)
    state = atout.new_game("tarot", players=4, seed=1)
    with pytest.raises(ValueError, match="no trained model at"):
        bot.act(state.observation(state.current_player))
