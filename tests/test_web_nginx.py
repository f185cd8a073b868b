"""The site's deployment, tested (issue 21): Debian's nginx running ``examples/nginx-atout.conf`` (only its ports
and log path changed) in front of three ``atout serve`` processes on one PostgreSQL database.

Through nginx's port: a table is created, played over a WebSocket (the Upgrade headers pass) to its end, with a
backend killed (SIGKILL) mid-play and a spectator on another backend; each visitor address keeps its own limits
(X-Forwarded-For read from nginx only, a forged one ignored), and nginx's own limit on POSTs holds for the site.
Visitors are told apart by their loopback source address (127.0.0.2, 127.0.0.3…: all of 127/8 is this machine).
Skipped without an nginx binary (CI installs Debian's package) or without ``ATOUT_TEST_PG_URL`` (fails in CI).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
if NGINX is None:
    if os.environ.get("CI") == "true":
        raise RuntimeError("CI=true but no nginx binary: .ci/run installs Debian's nginx")
    pytest.skip("no nginx binary (Debian: apt-get install nginx; .ci/run installs it)", allow_module_level=True)

from pg_gate import require_pg  # noqa: E402

PG_URL = require_pg()

from atout.bots import make_bot  # noqa: E402
from atout.web.hub import bot_name  # noqa: E402
from test_web_restart import expected_moves, free_port, play, to_obs  # noqa: E402

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")

pytestmark = pytest.mark.xdist_group("postgresql")  # the database's tests on one xdist worker

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "nginx-atout.conf"
EXAMPLE_PORTS = (8001, 8002, 8003)
SITE_NAME = "atout.example"  # the example's server_name


@dataclass
class Site:
    """nginx on ``port`` in front of three backends (their ports and processes), and nginx's access log."""

    port: int
    backends: list[int]
    procs: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    folder: Path = Path()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def upstreams(self, pattern: str, wait: float = 5) -> list[int]:
        """The backend port of each access-log line whose request matches ``pattern``, in the log's order (waiting
        up to ``wait`` seconds for one: a WebSocket's line is written as nginx closes it)."""
        deadline = time.monotonic() + wait
        while True:
            lines = (self.folder / "access.log").read_text().splitlines()
            found = [int(m.group(1)) for line in lines if re.search(pattern, line)
                     for m in [re.search(r"upstream=(?:[\d.]+:\d+, )*[\d.]+:(\d+)", line)] if m]
            if found or time.monotonic() > deadline:
                return found
            time.sleep(0.1)

    def served_by(self, table_id: str) -> int:
        """The backend nginx sends the table to now (a GET of the table, read back from the access log)."""
        marker = uuid.uuid4().hex[:8]
        assert httpx.get(f"{self.base}/api/tables/{table_id}?probe={marker}", timeout=10).status_code == 200
        return self.upstreams(f"probe={marker}")[-1]

    def log(self, port: int) -> str:
        return (self.folder / f"backend-{port}.log").read_text(errors="replace")


def start_backend(site: Site, port: int) -> None:
    argv = ["serve", "--port", str(port), "--db", PG_URL, "--bot-delay", "0", "--bot-workers", "1",
            "--allowed-hosts", f"{SITE_NAME},127.0.0.1"]  # as docs/web.md runs them (127.0.0.1: the tests' own URLs)
    with open(site.folder / f"backend-{port}.log", "ab") as out:
        site.procs[port] = subprocess.Popen([sys.executable, "-c", f"from atout.cli.main import main; main({argv!r})"],
                                            stdout=out, stderr=out)


def wait_up(site: Site, ports: list[int], timeout: float = 180) -> None:
    """Wait for the backends to answer (each starts its own bot pools: about 4 s of CPU; minutes on a crowded machine)."""
    deadline = time.monotonic() + timeout
    for port in ports:
        while True:
            assert site.procs[port].poll() is None, f"backend {port} died: {site.log(port)[-2000:]}"
            assert time.monotonic() < deadline, f"backend {port} did not start: {site.log(port)[-2000:]}"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)


def nginx_conf(folder: Path, port: int, backends: list[int]) -> Path:
    """The example as it is, with only its listening port, its backends' ports and its log's path changed, in
    an nginx.conf of temporary paths (nginx runs unprivileged, in the foreground, as in ``nginx -p``)."""
    text = EXAMPLE.read_text()
    for old, new in zip(EXAMPLE_PORTS, backends, strict=True):
        text = text.replace(f"127.0.0.1:{old} ", f"127.0.0.1:{new} ")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("/var/log/nginx/atout.log", str(folder / "access.log"))
    assert text.count(f"listen 127.0.0.1:{port};") == 1 and all(f":{p} " in text for p in backends)
    (folder / "atout.conf").write_text(text)
    temps = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in
                      ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = (f"worker_processes 1;\nerror_log {folder / 'error.log'} warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n{temps}\n    include {folder / 'atout.conf'};\n}}\n")
    (folder / "nginx.conf").write_text(main)
    return folder / "nginx.conf"


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    folder = Path(tempfile.mkdtemp(prefix="atout-nginx-"))
    folder.chmod(0o755)  # nginx's workers run as nobody when the test runs as root
    s = Site(port=free_port(), backends=[free_port() for _ in range(3)], folder=folder)
    nginx: subprocess.Popen[bytes] | None = None
    try:
        for port in s.backends:
            start_backend(s, port)
        wait_up(s, s.backends)
        conf = nginx_conf(folder, s.port, s.backends)
        assert NGINX is not None
        nginx = subprocess.Popen([NGINX, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(conf),
                                  "-g", f"daemon off; pid {folder / 'nginx.pid'};"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            assert nginx.poll() is None, f"nginx did not start: {nginx.stderr.read().decode() if nginx.stderr else ''}"
            assert time.monotonic() < deadline, "nginx did not answer"
            try:
                if httpx.get(f"{s.base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield s
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(10)
        for proc in s.procs.values():
            proc.kill()
            proc.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


class Spectator(threading.Thread):
    """A spectator's socket through nginx, read on a thread: the last state frame it was sent."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.ready = url, threading.Event()
        self.last: dict[str, Any] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with ws_client.connect(self.url, open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello"}))
                self.ready.set()
                while self.last is None or not self.last["over"]:
                    msg = json.loads(ws.recv(timeout=60))
                    if msg["type"] == "state":
                        self.last = msg
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.ready.set()


class Player(threading.Thread):
    """Seat 0 played by a bot over one socket through nginx (``play`` in test_web_restart, on a thread): it plays
    until move ``hold``, keeps its socket open, and plays on to the end once ``go`` is set."""

    def __init__(self, url: str, token: str, game: str, hold: int) -> None:
        super().__init__(daemon=True)
        self.url, self.token = url, token
        self.game, self.hold, self.go, self.held = game, hold, threading.Event(), threading.Event()
        self.bot = make_bot(game, bot_name(game, "normal"), seed=99)
        self.last: dict[str, Any] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with ws_client.connect(self.url, open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token}))
                self.play(ws)
        except BaseException as exc:  # reported by the test
            self.error = exc
        finally:
            self.held.set()

    def play(self, ws: Any) -> None:
        acted = -1
        while self.last is None or not self.last["over"]:
            msg = json.loads(ws.recv(timeout=60))
            if msg["type"] == "error":
                raise AssertionError(msg)
            if msg["type"] != "state":
                continue
            self.last, obs = msg, msg["obs"]
            if msg["n"] >= self.hold and not self.go.is_set():
                self.held.set()
                self.go.wait(300)
            if obs["current_player"] == 0 and obs["legal_actions"] and msg["n"] != acted and not msg["over"]:
                acted = msg["n"]
                action = str(self.bot.act(to_obs(self.game, 0, obs)))
                ws.send(json.dumps({"type": "act", "action": action, "n": msg["n"]}))


def test_a_game_through_nginx_survives_a_backend_killed_and_is_seen_from_another_backend(site: Site) -> None:
    """A Tarot table created and played through nginx; its backend X is killed (SIGKILL) after 12 moves: the
    player reconnects through nginx, which sends the socket to another backend Y. X is started again; a
    spectator joining through nginx then lands on X while the player plays on through Y, and sees every move to
    the end. The game ends as an uninterrupted one: nothing lost, nothing twice."""
    game, players, seed = "tarot", 4, 2121
    t = httpx.post(f"{site.base}/api/tables", json={"game": game, "players": players, "seat": 0, "seed": seed},
                   timeout=10).json()
    url = f"ws://127.0.0.1:{site.port}/ws/{t['id']}"
    x = site.served_by(t["id"])
    bot = make_bot(game, bot_name(game, "normal"), seed=99)
    assert play(f"{url}?who=first", t["token"], bot, game, stop_after=12) is None  # Upgrade passed: 12 moves on
    assert site.upstreams(r"who=first HTTP\S* 101") == [x]
    site.procs[x].send_signal(signal.SIGKILL)
    site.procs[x].wait(10)
    player = Player(f"{url}?who=second", t["token"], game, hold=20)  # reconnected: nginx tries X, then Y
    failed_at = time.monotonic()
    player.start()
    start_backend(site, x)  # its supervisor starts it again; after fail_timeout (5 s) nginx sends the table back
    assert player.held.wait(60), player.error
    wait_up(site, [x])
    time.sleep(max(0.0, 5.5 - (time.monotonic() - failed_at)))
    # nginx counts X's failure from the moment a request found it dead (the reconnect, a little after failed_at,
    # later on a loaded machine): it tries X again fail_timeout (5 s) after that, so the table comes back soon after.
    back = time.monotonic() + 20
    while (now := site.served_by(t["id"])) != x and time.monotonic() < back:
        time.sleep(0.5)
    assert now == x
    watcher = Spectator(f"{url}?who=spectator")
    watcher.start()
    assert watcher.ready.wait(20) and watcher.error is None
    player.go.set()
    player.join(90)
    watcher.join(60)
    record = httpx.get(f"{site.base}/api/tables/{t['id']}/record", timeout=10).json()
    y = site.upstreams(r"who=second HTTP\S* 101")
    assert len(y) == 1 and y[0] != x and y[0] in site.backends  # the player's socket on Y to the end...
    assert site.upstreams(r"who=spectator HTTP\S* 101") == [x]  # ...the spectator's on X
    moves, returns = expected_moves(game, seed, players, my_seed=99)
    assert player.error is None and player.last is not None
    assert player.last["over"] and player.last["totals"] == returns
    assert [a["action"] for a in record["actions"]] == moves and record["result"]["returns"] == returns
    assert watcher.error is None and watcher.last is not None
    assert watcher.last["over"] and watcher.last["n"] == len(moves) and watcher.last["totals"] == returns


def visitor(address: str) -> httpx.Client:
    """An HTTP client whose connections leave from ``address`` (a loopback address: another visitor)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def create_tables(client: httpx.Client, base: str, count: int) -> list[int]:
    """``count`` new tables (one person and a bot each: one table token), each asked with a different forged
    X-Forwarded-For; the answers' status codes."""
    body = {"game": "triomphe", "players": 2, "seat": 0, "seed": 5}
    return [client.post(f"{base}/api/tables", json=body, headers={"X-Forwarded-For": f"10.21.0.{k}"}).status_code
            for k in range(count)]


def test_visitors_behind_nginx_have_their_own_limits_and_a_forged_forwarded_for_is_ignored(site: Site) -> None:
    """A visitor (127.0.0.2) spends its 20 new-table tokens through nginx, each request with another forged
    X-Forwarded-For: the 21st is refused (429), so the backend counted the address nginx saw, not the header.
    A second visitor sent by nginx to the same backend still creates its table; the backend's log names the
    first visitor's address, never a forged one. Straight to a backend (not from nginx's address), a forged
    header is not trusted either."""
    with visitor("127.0.0.2") as first:
        assert first.get(f"{site.base}/api/games?who=v2").status_code == 200
        home = site.upstreams(r"who=v2 ")[-1]
        second_address = None
        for k in range(3, 40):  # another visitor whose address nginx hashes to the same backend
            with visitor(f"127.0.0.{k}") as other:
                other.get(f"{site.base}/api/games?who=v{k}")
            if site.upstreams(rf"who=v{k} ")[-1] == home:
                second_address = f"127.0.0.{k}"
                break
        assert second_address is not None
        codes = create_tables(first, site.base, 21)
        assert codes[:20] == [200] * 20 and codes[20] == 429
        with visitor(second_address) as second:
            assert create_tables(second, site.base, 1) == [200]
    log = site.log(home)
    assert "127.0.0.2: table creation refused" in log and "10.21.0." not in log
    direct = next(p for p in site.backends if p in site.procs and site.procs[p].poll() is None)
    with visitor("127.0.0.45") as forger:
        codes = create_tables(forger, f"http://127.0.0.1:{direct}", 21)
    assert codes[:20] == [200] * 20 and codes[20] == 429
    assert "127.0.0.45: table creation refused" in site.log(direct)


def test_nginx_limits_the_posts_of_one_address_for_the_whole_site(site: Site) -> None:
    """The example's ``limit_req``: one address's POSTs past a burst of 60 (then 2 a second) are refused by nginx
    with the refusals' JSON shape, though they went to three backends (joins hashed on as many table ids), none
    of which would refuse them yet; GETs are not counted, and another address is not held back."""
    with visitor("127.0.0.50") as flood:
        began, answers = time.monotonic(), []
        while len(answers) < 300 and (not answers or answers[-1].status_code != 429):
            answers.append(flood.post(f"{site.base}/api/tables/{uuid.uuid4().hex[:10]}/join", json={"seat": 1}))
        took = time.monotonic() - began
        passed, refused = answers[:-1], answers[-1]
        assert {a.status_code for a in passed} == {404}  # no such table: every backend let them through
        assert 60 <= len(passed) <= 61 + 2 * took + 1  # the burst, and 2 a second while they were sent
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert refused.json() == {"error": "rate_limited", "message": "too many requests from this address: wait a moment"}
        assert flood.get(f"{site.base}/api/games").status_code == 200
    with visitor("127.0.0.51") as other:
        assert other.post(f"{site.base}/api/tables/{uuid.uuid4().hex[:10]}/join", json={"seat": 1}).status_code == 404


def test_the_sites_name_and_origin_pass_through_nginx_and_other_names_are_refused(site: Site) -> None:
    """nginx hands the visitor's Host on with its port (``$http_host``): the backends, run with
    ``--allowed-hosts atout.example``, serve that name and refuse another (DNS rebinding, 400 ``bad_host``), and a
    page of the site on another port posts a table (its Origin matches the Host the backend sees)."""
    with visitor("127.0.0.60") as client:
        assert client.get(f"{site.base}/api/games", headers={"Host": SITE_NAME}).status_code == 200
        refused = client.get(f"{site.base}/api/games", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and refused.json()["error"] == "bad_host"
        body = {"game": "triomphe", "players": 2, "seat": 0, "seed": 5}
        page = f"{SITE_NAME}:8443"
        made = client.post(f"{site.base}/api/tables", json=body, headers={"Host": page, "Origin": f"https://{page}"})
        assert made.status_code == 200 and made.json()["url"].startswith("/t/")
        other = client.post(f"{site.base}/api/tables", json=body, headers={"Host": page, "Origin": "https://evil.example"})
        assert other.status_code == 403 and other.json()["error"] == "cross_site"
