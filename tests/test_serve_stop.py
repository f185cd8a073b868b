"""Stopping ``atout serve`` the two usual ways, Ctrl+C (SIGINT) and ``kill`` (SIGTERM): a newcomer's ``kill`` seemed
to leave it running, and Ctrl+C, the way the server's own first line names, ended with "error: interrupted".
Either is a normal stop: the server says so on stdout, releases its database and exits 0, nothing on stderr."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from test_web_restart import free_port

pytestmark = pytest.mark.xdist_group("serve_stop")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_a_stopped_server_says_so_and_exits_0(sig: signal.Signals, tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "atout.db"
    proc = subprocess.Popen([sys.executable, "-m", "atout", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    assert proc.returncode == 0, (proc.returncode, err[-2000:])
    assert out.splitlines()[-1] == "atout: server stopped", out
    assert "error" not in err and "Traceback" not in err, err[-2000:]
    again = subprocess.Popen([sys.executable, "-m", "atout", "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:  # the database's lock was released: a new server starts on it
        deadline = time.monotonic() + 60
        up = False
        while time.monotonic() < deadline and not up:
            try:
                up = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200
            except httpx.HTTPError:
                time.sleep(0.2)
        assert up, again.poll()
    finally:
        again.send_signal(signal.SIGTERM)
        again.communicate(timeout=30)
