"""Duplicate tournaments (issue 11): seatings, the arithmetic on hand-made boards, determinism across backends,
re-run of a dead worker's boards, and the CLI."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from atout.sim.tournament import (
    TournamentReport,
    TournamentSpec,
    derive_seed,
    elo_ratings,
    mean_interval,
    play_board,
    resumed_boards,
    run_tournament,
    seatings,
)

F = Fraction


@pytest.mark.parametrize(("players", "bots"), [(2, 2), (3, 2), (4, 2), (4, 3), (5, 2), (3, 4)])
def test_every_bot_holds_every_hand_once_per_board(players: int, bots: int) -> None:
    rotations = seatings(players, bots)
    assert len(rotations) == bots
    for seat in range(players):
        assert sorted(r[seat] for r in rotations) == list(range(bots))


def test_board_score_is_the_mean_of_the_hands_held() -> None:
    # One Tarot deal at 4 players, played by hand with the same bots in both seatings: the board score of
    # bot b is (1/4) * the sum over seats of the return of that seat in the rotation where b sat there.
    from atout.bots.base import make_bot
    from atout.core.protocol import new_game

    spec = TournamentSpec("tarot", ("heuristic", "random"), deals=1, seed=5, players=4)
    expected = [F(0), F(0)]
    for r, seating in enumerate(seatings(4, 2)):
        state = new_game("tarot", players=4, seed=derive_seed(5, 0))
        seats = [make_bot("tarot", spec.bots[b], seed=derive_seed(5, 0, r, s)) for s, b in enumerate(seating)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].act(state.observation(seat)))
        for s, score in enumerate(state.returns()):
            expected[seating[s]] += F(score) / 4
    assert play_board(spec, 0) == expected


def test_arithmetic_on_a_hand_made_example() -> None:
    # Three boards, two bots; board scores chosen by hand.
    spec = TournamentSpec("tarot", ("a", "b"), deals=3, seed=0)
    report = TournamentReport(spec, [[F(30), F(-30)], [F(-10), F(10)], [F(40), F(-40)]])
    assert report.totals() == [F(60), F(-60)]
    a, b = report.table()
    # Mean of a: (30 - 10 + 40) / 3 = 20; sample variance ((10)^2 + (-30)^2 + (20)^2) / 2 = 700;
    # half-width 1.96 * sqrt(700 / 3) = 29.94.
    assert a["mean"] == pytest.approx(20.0)
    assert a["ci95"] == pytest.approx([20 - 1.96 * math.sqrt(700 / 3), 20 + 1.96 * math.sqrt(700 / 3)])
    assert b["mean"] == pytest.approx(-20.0)
    # a wins 2 boards of 3: smoothed expected score (2 + 0.5) / (3 + 1) = 0.625; 400 log10(0.625 / 0.375) = 88.7.
    assert a["elo"] == pytest.approx(1500 + 400 * math.log10(0.625 / 0.375), abs=0.05)
    assert b["elo"] == pytest.approx(1500 - 400 * math.log10(0.625 / 0.375), abs=0.05)
    (pair,) = report.pairs()
    # Margins a - b per board: 60, -20, 80: mean 40, variance (400 + 3600 + 1600) / 2 = 2800.
    assert pair["margin"] == pytest.approx(40.0)
    half = 1.96 * math.sqrt(2800 / 3)
    assert pair["ci95"] == pytest.approx([40 - half, 40 + half])
    assert pair["clear"] is (40 > half)


def test_mean_interval_edges() -> None:
    assert mean_interval([]) == (0.0, math.inf)
    assert mean_interval([F(3)]) == (3.0, math.inf)
    assert mean_interval([2, 2, 2]) == (2.0, 0.0)


def test_elo_is_symmetric_and_ties_are_even() -> None:
    assert elo_ratings([[F(1), F(1)], [F(0), F(0)]]) == [1500.0, 1500.0]
    r = elo_ratings([[F(5), F(0), F(-5)]] * 10)
    assert r[0] > r[1] > r[2] and sum(r) == pytest.approx(4500, abs=0.2)


def test_bad_specifications_are_refused_before_play() -> None:
    with pytest.raises(ValueError, match="at least two bots"):
        run_tournament(TournamentSpec("tarot", ("random",), deals=2, seed=1))
    with pytest.raises(ValueError, match="no bot 'nope'"):
        run_tournament(TournamentSpec("tarot", ("random", "nope"), deals=2, seed=1))
    with pytest.raises(ValueError, match="deals"):
        run_tournament(TournamentSpec("tarot", ("random", "heuristic"), deals=0, seed=1))


SPEC = TournamentSpec("triomphe", ("heuristic", "random"), deals=24, seed=11, players=4)


def test_same_result_on_one_process_and_on_several() -> None:
    local = run_tournament(SPEC)
    pooled = run_tournament(SPEC, jobs=2)
    assert pooled.boards == local.boards
    assert pooled.backend == "processes(2)"


def test_jobs_are_bounded_and_never_more_than_the_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """An attacker's ``--jobs 100000`` for 2 boards started 1,383 processes in 10 s: jobs run from 1 to
    ``MAX_JOBS`` (64), and a pool never has more workers than batches of boards to give them."""
    import atout.sim.tournament as tournament

    for jobs in (0, tournament.MAX_JOBS + 1):
        with pytest.raises(ValueError, match="jobs must be from 1 to 64"):
            run_tournament(SPEC, jobs=jobs)
    started: list[int] = []
    real = tournament.ProcessPoolExecutor

    def counting(max_workers: int, **kw: object) -> object:
        started.append(max_workers)
        return real(max_workers=max_workers, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", counting)
    two = TournamentSpec("triomphe", ("heuristic", "random"), deals=2, seed=11, players=4)
    assert run_tournament(two, jobs=tournament.MAX_JOBS).boards == run_tournament(two).boards
    assert started == [2]


def test_a_dead_worker_has_its_boards_re_run(tmp_path: Path) -> None:
    local = run_tournament(SPEC)
    marker = tmp_path / "crash"
    crashing = TournamentSpec(SPEC.game, SPEC.bots, SPEC.deals, SPEC.seed, SPEC.players, crash_marker=str(marker))
    again = run_tournament(crashing, jobs=2)
    assert marker.exists(), "the worker playing board 0 died once"
    assert again.boards == local.boards


def test_ray_gives_the_same_result_and_survives_a_dead_worker(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    local = run_tournament(SPEC)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        on_ray = run_tournament(SPEC, use_ray=True)
        marker = tmp_path / "crash"
        crashing = TournamentSpec(SPEC.game, SPEC.bots, SPEC.deals, SPEC.seed, SPEC.players, crash_marker=str(marker))
        crashed = run_tournament(crashing, use_ray=True)
    finally:
        ray.shutdown()
    assert on_ray.boards == local.boards and on_ray.backend == "ray"
    assert marker.exists() and crashed.boards == local.boards


def test_cli_json_report() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "atout.cli.main", "tournament", "triomphe", "--bots", "heuristic,random",
         "--deals", "10", "--seed", "3", "--players", "2", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [r["bot"] for r in data["table"]] == ["heuristic", "random"]
    assert data["deals"] == 10 and data["pairs"][0]["bots"] == ["heuristic", "random"]


def test_cli_refuses_bad_bots_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "atout.cli.main", "tournament", "tarot", "--bots", "random,nope", "--deals", "2",
         "--seed", "1"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2
    assert "nope" in out.stderr and "Traceback" not in out.stderr


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atout.cli.main", *args], capture_output=True, text=True, timeout=120)


def test_one_board_has_no_interval_and_strict_json() -> None:
    # Newcomer finding 5: with one board the standard error is unknown; strict JSON has no Infinity.
    spec = TournamentSpec("triomphe", ("heuristic", "random"), deals=1, seed=5, players=2)
    report = run_tournament(spec)
    assert all(row["ci95"] is None for row in report.table())
    assert report.pairs()[0]["ci95"] is None and report.pairs()[0]["clear"] is False
    text = json.dumps(report.to_json(), allow_nan=False)  # raises ValueError on Infinity / NaN
    data = json.loads(text)
    assert data["table"][0]["ci95"] is None and data["pairs"][0]["ci95"] is None
    # From two boards on, the interval is a pair of numbers.
    two = run_tournament(TournamentSpec("triomphe", ("heuristic", "random"), deals=2, seed=5, players=2))
    assert all(isinstance(row["ci95"], list) for row in two.to_json()["table"])


def test_cli_one_board_text_says_n_a_and_singular() -> None:
    out = _cli("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--deals", "1", "--seed", "5",
               "--lang", "en")
    assert out.returncode == 0, out.stderr
    assert "n/a" in out.stdout and "inf" not in out.stdout.lower()
    # Finding 7: the title names the variant (the default one here) and says "1 duplicate deal".
    assert "1 duplicate deal," in out.stdout and "(classic, 2 players)" in out.stdout


def test_cli_report_in_french_by_default() -> None:
    """The report speaks French unless --lang en (as the tables and ``simulate`` do); the numbers keep their value."""
    fr = _cli("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--deals", "6", "--seed", "5")
    en = _cli("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--deals", "6", "--seed", "5",
              "--lang", "en")
    data = json.loads(_cli("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--deals", "6",
                           "--seed", "5", "--json").stdout)
    assert fr.returncode == 0 and en.returncode == 0, fr.stderr + en.stderr
    assert "6 donnes dupliquées" in fr.stdout and "graine 5" in fr.stdout and "heuristique" in fr.stdout
    for english in ("duplicate", "mean", "interval", "clear", "seed", "players", "heuristic", "random", "bot"):
        assert not re.search(rf"\b{english}\b", fr.stdout), english
    margin = data["pairs"][0]["margin"]
    assert f"{margin:+.2f}".replace(".", ",") in fr.stdout and f"{margin:+.2f}" in en.stdout


def test_duplicate_bot_names_are_refused_before_play() -> None:
    # Finding 6: two bots of the same name would be reported as two indistinguishable rows.
    with pytest.raises(ValueError, match="bot 'random' is named twice"):
        TournamentSpec("tarot", ("heuristic", "random", "random"), deals=2, seed=5).check()
    out = _cli("tournament", "tarot", "--players", "4", "--bots", "random,random", "--deals", "2", "--seed", "5")
    assert out.returncode == 2 and out.stdout == ""
    assert "'random' is named twice" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_json_has_the_boards_and_the_default_variant() -> None:
    # Finding 7: the per-board scores are in the report, so its statistics can be re-computed from it.
    out = _cli("tournament", "tarot", "--players", "4", "--bots", "heuristic,random", "--deals", "3", "--seed", "5",
               "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["variant"] == "seed"  # Tarot's default variant (the seed's rules), named though not given
    boards = data["boards"]
    assert len(boards) == 3 and all(len(row) == 2 and all(isinstance(x, (int, float)) for x in row) for row in boards)
    assert [sum(row[b] for row in boards) for b in range(2)] == data["totals"]
    means = [sum(row[b] for row in boards) / 3 for b in range(2)]
    assert [r["mean"] for r in data["table"]] == pytest.approx(means, abs=1e-4)
    mean, half = mean_interval([row[0] for row in boards])
    assert data["table"][0]["ci95"] == pytest.approx([mean - half, mean + half], abs=1e-4)
    assert [r["elo"] for r in data["table"]] == elo_ratings([[F(x) for x in row] for row in boards])


def test_board_scores_in_json_are_json_numbers() -> None:
    spec = TournamentSpec("tarot", ("a", "b"), deals=2, seed=0, variant="fft", players=4)
    report = TournamentReport(spec, [[F(5, 2), F(-5, 2)], [F(3), F(-3)]])
    data = report.to_json()
    assert data["boards"] == [[2.5, -2.5], [3, -3]] and isinstance(data["boards"][1][0], int)
    assert data["variant"] == "fft"


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_help_lists_the_bots_and_the_levels(command: str) -> None:
    # Finding 8: the names --bots takes come from the registry, so a newcomer need not guess them.
    from atout.bots.base import bot_names
    from atout.bots.search import LEVELS

    out = _cli(command, "--help")
    assert out.returncode == 0, out.stderr
    for game in ("tarot", "triomphe", "mistigri"):
        assert f"  {game}: {', '.join(bot_names(game))}" in out.stdout
    for level, name in LEVELS.items():
        assert f"{level} = {name}" in out.stdout


# --- resuming a tournament (--resume): only the missing boards are played, the result is a single run's ---
def test_a_resumed_tournament_equals_one_run_even_with_thirds() -> None:
    # Mistigri at 3 players with 2 bots: board scores are thirds, written as floats in the report.
    spec = TournamentSpec("mistigri", ("heuristic", "random"), deals=7, seed=3, players=3)
    first = run_tournament(TournamentSpec("mistigri", ("heuristic", "random"), deals=3, seed=3, players=3))
    done = resumed_boards(spec, json.loads(json.dumps(first.to_json())))
    assert any(x.denominator == 3 for row in done for x in row)  # the exact thirds came back
    resumed = run_tournament(spec, done=done)
    fresh = run_tournament(spec)
    assert resumed.boards == fresh.boards and resumed.to_json() == fresh.to_json()
    on_processes = run_tournament(spec, jobs=2, done=done)
    assert on_processes.boards == fresh.boards


def test_cli_resume_gives_the_single_run_report(tmp_path: Path) -> None:
    common = ("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--seed", "5", "--json")
    earlier = tmp_path / "three.json"
    earlier.write_text(_cli(*common, "--deals", "3").stdout, encoding="utf-8")
    resumed = _cli(*common, "--deals", "6", "--resume", str(earlier))
    fresh = _cli(*common, "--deals", "6")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == json.loads(fresh.stdout)


@pytest.mark.parametrize(("change", "words"), [
    ({"seed": 6}, "its field 'seed' holds 6, not 5"),
    ({"bots": ["random", "heuristic"]}, "its field 'bots' holds ['random', 'heuristic']"),  # not "its bots is" (issue 17)
    ({"players": 4}, "its field 'players' holds 4, not 2"),
    ({"boards": None}, "no board scores"),
    ({"boards": [[1, "x"]]}, "malformed board 0"),
    ({"boards": [[0.5, -0.5]] * 9}, "already has 9 boards"),
])
def test_cli_resume_refuses_another_tournament_in_one_line(tmp_path: Path, change: dict[str, object],
                                                           words: str) -> None:
    common = ("tournament", "triomphe", "--players", "2", "--bots", "heuristic,random", "--seed", "5", "--json")
    report = json.loads(_cli(*common, "--deals", "2").stdout)
    report.update(change)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    out = _cli(*common[:-1], "--deals", "6", "--resume", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr and "Traceback" not in out.stderr
    as_json = _cli(*common, "--deals", "6", "--resume", str(path))  # --json: the refusal as a JSON object
    assert as_json.returncode == 2 and words in json.loads(as_json.stdout)["error"]


def test_cli_resume_names_a_file_that_is_not_a_report(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not json", encoding="utf-8")
    for path, words in ((bad, "not a JSON report"), (tmp_path / "missing.json", "cannot read it")):
        out = _cli("tournament", "triomphe", "--bots", "heuristic,random", "--deals", "4", "--seed", "5",
                   "--resume", str(path))
        assert out.returncode == 2 and words in out.stderr and str(path) in out.stderr
