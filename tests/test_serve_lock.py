"""``atout serve`` and its database (issue 16, points 7 and 10): one server per SQLite file, held by an OS
lock for the server's life, and a database URL of an unknown scheme refused in one line (exit 2)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from atout.cli.main import main

httpx = pytest.importorskip("httpx")

SERVE = "import sys; from atout.cli.main import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(cwd: Path, db: str, port: int) -> subprocess.Popen[str]:
    """``atout serve`` in a real process, in folder ``cwd``."""
    return subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db, "--bot-delay", "0"],
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})


def wait_healthy(proc: subprocess.Popen[str], port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"server did not start: {proc.communicate()[1]}")


def test_a_second_server_on_one_sqlite_file_exits_2_naming_the_file(tmp_path: Path) -> None:
    first_port, second_port = free_port(), free_port()
    first = serve(tmp_path, "sqlite:///atout.db", first_port)  # a relative path: the same file as the absolute one
    try:
        wait_healthy(first, first_port)
        start = time.monotonic()
        second = serve(tmp_path, f"sqlite:///{tmp_path / 'atout.db'}", second_port)
        try:
            out, err = second.communicate(timeout=20)  # at once, not after a timeout
        except subprocess.TimeoutExpired:
            second.kill()
            raise AssertionError(f"a second server started on the same file: {second.communicate()}") from None
        assert second.returncode == 2, err
        assert time.monotonic() - start < 20
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in err, err
        assert str(tmp_path / "atout.db") in lines[0]
        assert "already served by another process" in lines[0] and "PostgreSQL" in lines[0]
        assert "serving on" not in out  # it never started
        assert first.poll() is None and httpx.get(f"http://127.0.0.1:{first_port}/healthz", timeout=5).status_code == 200
    finally:
        first.send_signal(signal.SIGKILL)  # the OS drops the lock even on a kill
        first.wait(timeout=30)
    again = serve(tmp_path, "sqlite:///atout.db", second_port)
    try:
        wait_healthy(again, second_port)  # the lock died with the first server
    finally:
        again.terminate()
        again.wait(timeout=30)


def test_serve_refuses_a_database_in_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "no" / "such" / "atout.db"
    assert main(["serve", "--db", f"sqlite:///{db}", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the folder {db.parent} does not exist" in err, err
    assert not (tmp_path / "no").exists()  # nothing created


def test_the_default_database_and_its_lock_are_ignored_by_git() -> None:
    # After a first `atout serve`, `git status` showed atout.db, atout.db-shm and atout.db-wal (issue 16, point 10).
    root = Path(__file__).resolve().parent.parent
    if not (root / ".git").exists():
        pytest.skip("not a git checkout")
    names = ["atout.db", "atout.db-shm", "atout.db-wal", "atout.db.lock"]
    out = subprocess.run(["git", "-C", str(root), "check-ignore", *names], capture_output=True, text=True, check=False)
    assert out.stdout.split() == names, out


@pytest.mark.parametrize(("url", "said"), [
    ("nope://x", "the scheme 'nope' is not supported"),
    ("mysql://u:secret@localhost/x", "the scheme 'mysql' is not supported"),
    (":::", "not a database URL"),
])
def test_serve_refuses_an_unsupported_database_url_in_one_line(url: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", url, "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "sqlite:///" in err and "postgresql://" in err, err
    assert "secret" not in err  # a password is never printed


@pytest.mark.parametrize("workers", ["2", "0", "65"])
def test_serve_workers_are_refused_in_one_line_on_sqlite_or_out_of_range(workers: str, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: several server processes share PostgreSQL only (a SQLite file has one server); 1..64 of them."""
    db = tmp_path / "atout.db"
    assert main(["serve", "--db", f"sqlite:///{db}", "--port", str(free_port()), "--workers", workers]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    if workers == "2":
        assert "--workers above 1 needs PostgreSQL" in err
    else:
        assert f"--workers must be 1..64, not {workers}" in err
    assert not db.exists()  # refused before anything was created
