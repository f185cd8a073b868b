"""The command line under interruption and unreachable services (issue 16, point 10): Ctrl-C stops a
``tournament --jobs 2`` and its workers at once (exit 130, one line, no traceback), however many times it is
pressed, and ``--ray`` at an address nobody answers exits 2 in one line instead of hanging."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

MAIN = "import sys; from atout.cli.main import main; sys.exit(main(sys.argv[1:]))"
TOURNAMENT = ["tournament", "tarot", "--bots", "heuristic,search", "--deals", "400", "--seed", "1", "--jobs", "2"]


def atout(*argv: str) -> subprocess.Popen[str]:
    """``atout ARGV`` in its own process group, as a terminal runs a command (Ctrl-C signals the whole group)."""
    return subprocess.Popen([sys.executable, "-c", MAIN, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_sigint_default,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})


def _sigint_default() -> None:
    """A child of a background job (CI) inherits SIGINT ignored, and Python would then never see Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (Linux /proc)."""
    out: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        out |= {int(c) for c in (task / "children").read_text().split()}
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the worker processes from Linux /proc")
@pytest.mark.parametrize("presses", [1, 2, 3])
def test_ctrl_c_stops_a_tournament_on_processes_at_once(presses: int) -> None:
    proc = atout(*TOURNAMENT)
    try:
        deadline = time.monotonic() + 60
        while len(workers := children(proc.pid)) < 2 and time.monotonic() < deadline:  # the pool is up
            time.sleep(0.1)
        time.sleep(1.5)  # the workers are playing their first boards
        assert proc.poll() is None and len(workers) >= 2, proc.communicate()
        pressed = time.monotonic()
        for _ in range(presses):
            os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
            time.sleep(0.3)
        try:
            _out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running 20 s after {presses} Ctrl-C") from None
        took = time.monotonic() - pressed
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == ["atout tournament: error: interrupted"], err
    assert took < 10, took
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]  # no worker plays on


def test_ray_at_an_address_nobody_answers_exits_2_in_one_line() -> None:
    pytest.importorskip("ray")
    with socket.socket() as s:  # a port just freed: nothing listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = atout("tournament", "triomphe", "--bots", "heuristic,random", "--deals", "2", "--seed", "1",
                 "--players", "2", "--ray", f"127.0.0.1:{port}")
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError("--ray at a closed port still waits after 60 s") from None
    assert proc.returncode == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "Ray" in lines[0], err


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "tarot", "--deals", "10000", "--seed", "1", "--lang", "fr"], "atout simulate : erreur : interrompu"),
    (["tournament", "tarot", "--bots", "heuristic,random", "--deals", "5000", "--seed", "1"],
     "atout tournament: error: interrupted"),
])
def test_ctrl_c_leaves_nothing_on_a_piped_stdout(argv: list[str], said: str) -> None:
    """Interrupted, a command whose stdout is a pipe writes nothing there (its progress bar, for a person at a
    terminal only, left an empty line in a file), and one line on stderr."""
    proc = atout(*argv)
    try:
        time.sleep(4)  # started and playing
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert out == "", repr(out)
    assert err.replace("\u202f", " ").replace("\xa0", " ").strip().splitlines() == [said], err
