"""The attacking side of ``bench_web.py --flood``, in its own process so that its CPU does not delay the measured clients.

Usage (by bench_web.py): ``python benchmarks/web_attack.py SPEC_JSON``. The process prepares what it needs
(a big record for the replay flood), prints one line ``{"ready": …}``, reads one line ``{"start": t0, "end": t1}``
(``time.monotonic()`` instants, which every process of one Linux machine shares), attacks from t0 to t1,
then prints one JSON line with what happened: every refusal (HTTP 4xx, a WebSocket closed or refused) is
a result, counted by kind, never a crash. Loopback only, from addresses of 127.66.0.0/16 (one visitor:
one address, unless the spec spreads it). Bounded: nothing runs past ``end`` (plus a few seconds to close).

Kinds: ``spectators`` (``count`` spectator sockets on ``targets``, in a burst, each reading its frames),
``bots`` (``count`` "watch bots" tables created in a burst at ``level``; with ``watch``, one spectator
socket on each), ``replay`` (``replayers`` clients looping on ``GET /api/tables/{id}/replay?n=10⁹`` of the
biggest record the server accepts (666 deals, or the cap its refusal names), and ``uploaders`` clients
looping on uploading it, each time under a new match seed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import resource
import sys
import time
from collections import Counter
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

ATTACKER_BLOCK = 66  # attackers speak from 127.66.x.y; the measured clients from 127.1.x.y
RECORD_DEALS = (666, 100, 20)  # the replay flood's record: the first the engine and the server accept (666: ~1.97 MB),
# or the deal cap a refusal names (its params.limit)
MAX_RECORD_BYTES = 1_990_000  # under the server's 2 MB upload cap of today
REFUSED_PAUSE = 0.1  # seconds an attacking loop waits after a refusal (4xx) before asking again


def address(block: int, i: int) -> str:
    """The ``i``-th loopback address of a block (127.block.x.y, y in 1..250): one per simulated visitor."""
    return f"127.{block}.{(i // 250) % 256}.{1 + i % 250}"


def latency_summary(values_s: list[float]) -> dict[str, float | int | None]:
    """Count, p50/p90/p95/p99 and max of latencies given in seconds, in milliseconds (p95: issue 21's goal)."""
    ms = sorted(v * 1000 for v in values_s)

    def pct(p: float) -> float | None:
        return round(ms[min(len(ms) - 1, int(p / 100 * len(ms)))], 1) if ms else None

    return {"n": len(ms), "p50": pct(50), "p90": pct(90), "p95": pct(95), "p99": pct(99),
            "max": round(ms[-1], 1) if ms else None}


def _client(base: str, addr: str, timeout: float = 60.0) -> httpx.AsyncClient:
    """An HTTP client speaking from one loopback address (plain HTTP: no certificate store to load)."""
    return httpx.AsyncClient(base_url=base, timeout=timeout, verify=False,
                             transport=httpx.AsyncHTTPTransport(local_address=addr, verify=False))


async def spectator(url: str, addr: str, end: float, tally: Counter[str], traffic: Counter[str]) -> None:
    """One spectator socket: hello, then read frames until ``end``; its one final fate goes into ``tally``."""
    accepted = False
    try:
        async with connect(url, local_addr=(addr, 0), open_timeout=max(0.5, end - time.monotonic()),
                           close_timeout=1, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "lang": "fr"}))
            first = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic())))
            if first.get("type") == "error":
                tally[f"refused: error frame {first.get('code')}"] += 1
                return
            accepted = True
            traffic["accepted"] += 1
            while (left := end - time.monotonic()) > 0:
                try:
                    frame = await asyncio.wait_for(ws.recv(), left)
                except TimeoutError:
                    break
                traffic["frames"] += 1
                traffic["bytes"] += len(frame)
            tally["held to the end"] += 1
    except InvalidStatus as exc:
        tally[f"refused: HTTP {exc.response.status_code}"] += 1
    except ConnectionClosed as exc:
        code = exc.rcvd.code if exc.rcvd is not None else "none"
        tally[f"{'dropped' if accepted else 'refused'}: closed {code}"] += 1
    except TimeoutError:
        tally["accepted, then silent" if accepted else "no answer in time"] += 1
    except (OSError, InvalidHandshake) as exc:
        tally[f"failed: {type(exc).__name__}"] += 1


async def spectators(spec: dict[str, Any], end: float) -> dict[str, Any]:
    """``count`` spectator sockets opened at once, spread over the target tables (round robin)."""
    ws_base = spec["base"].replace("http://", "ws://")
    tally: Counter[str] = Counter()
    traffic: Counter[str] = Counter()
    targets, spread = spec["targets"], max(1, spec.get("addresses", 1))
    await asyncio.gather(*(spectator(f"{ws_base}/ws/{targets[i % len(targets)]}", address(ATTACKER_BLOCK, i % spread),
                                     end, tally, traffic) for i in range(spec["count"])))
    return {"sockets": spec["count"], "addresses": spread, "accepted": traffic.pop("accepted", 0), "outcomes": dict(tally),
            **dict(traffic)}


async def bots(spec: dict[str, Any], end: float) -> dict[str, Any]:
    """``count`` "watch bots" tables created in one burst (round robin over the spec's addresses); optionally watched."""
    statuses: Counter[str] = Counter()
    took: list[float] = []
    ids: list[str] = []
    body = {"game": "tarot", "players": 4, "seat": None, "level": spec.get("level", "expert"), "deals": 100}

    async def create(http: httpx.AsyncClient) -> None:
        t = time.monotonic()
        try:
            r = await http.post("/api/tables", json=body, timeout=max(0.5, end - t))
        except httpx.HTTPError as exc:
            statuses[f"failed: {type(exc).__name__}"] += 1
            return
        took.append(time.monotonic() - t)
        statuses[str(r.status_code)] += 1
        if r.status_code == 200:
            ids.append(r.json()["id"])

    spread = max(1, spec.get("addresses", 1))
    async with contextlib.AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(_client(spec["base"], address(ATTACKER_BLOCK, i))) for i in range(spread)]
        await asyncio.gather(*(create(clients[i % spread]) for i in range(spec["count"])))
    out: dict[str, Any] = {"asked": spec["count"], "level": body["level"], "statuses": dict(statuses),
                           "accepted": statuses["200"], "refused_429": statuses["429"], "create_ms": latency_summary(took)}
    if spec.get("watch") and ids:
        out["watchers"] = await spectators({**spec, "targets": ids, "count": len(ids)}, end)
    else:
        await asyncio.sleep(max(0.0, end - time.monotonic()))  # the tables play on (or not) with nobody watching
    return out


def big_record(deals: int) -> bytes:
    """A valid Tarot match record of ``deals`` deals played at random, compact JSON under the upload cap."""
    from atout.core.protocol import new_game

    while True:
        state = new_game("tarot", players=4, seed=deals, deals=deals)
        rng = random.Random(deals)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        body = json.dumps(state.to_record(), separators=(",", ":")).encode()
        if len(body) <= MAX_RECORD_BYTES:
            return body
        deals = deals * 95 // 100


def reseeded(body: bytes, seed: int) -> bytes:
    """The same record under another match seed (its deals are explicit, so it stays valid): a new upload each
    time, which no cache of a previous answer serves."""
    at = body.index(b'"seed":') + len(b'"seed":')
    return body[:at] + str(seed).encode() + body[body.index(b",", at):]


async def prepare_replay(spec: dict[str, Any]) -> dict[str, Any]:
    """Upload the biggest record the server accepts (RECORD_DEALS, or a refusal's cap): its id is what the replay
    loops ask for."""
    tried: list[dict[str, Any]] = []
    async with _client(spec["base"], address(ATTACKER_BLOCK, 0)) as http:
        sizes = list(RECORD_DEALS)
        while sizes:
            deals = sizes.pop(0)
            try:
                body = big_record(deals)
            except Exception as exc:  # the engine refuses a match that long: the next size
                tried.append({"deals": deals, "engine": f"{type(exc).__name__}: {exc}"[:200]})
                continue
            t = time.monotonic()
            r = await http.post("/api/records", content=body, headers={"Content-Type": "application/json"})
            tried.append({"deals": deals, "bytes": len(body), "status": r.status_code,
                          "ms": round((time.monotonic() - t) * 1000, 1), "answer": r.text[:200] if r.status_code != 200 else ""})
            if r.status_code == 200:
                return {"record": r.json()["id"], "body": body, "tried": tried}
            json_answer = r.headers.get("content-type", "").startswith("application/json")
            params = r.json().get("params", {}) if json_answer else {}
            limit, count = params.get("limit"), params.get("count", deals)
            if isinstance(limit, int) and isinstance(count, int) and 0 < limit < count:  # too many deals: what it takes
                sizes = [deals * limit // count, *[d for d in sizes if d < deals * limit // count]]
    return {"record": None, "body": b"", "tried": tried}


async def replay(spec: dict[str, Any], ready: dict[str, Any], end: float) -> dict[str, Any]:
    """Loop on the replay of the whole record and on uploading it, until ``end``; statuses and times."""
    statuses: dict[str, Counter[str]] = {"replay": Counter(), "upload": Counter()}
    took: dict[str, list[float]] = {"replay": [], "upload": []}
    record, body = ready["record"], ready["body"]

    async def loop(kind: str, addr: str, worker: int) -> None:
        sent = 0
        async with _client(spec["base"], addr) as http:
            while (left := end - time.monotonic()) > 0.05:
                t = time.monotonic()
                try:
                    if kind == "replay":
                        r = await http.get(f"/api/tables/{record}/replay", params={"n": 1_000_000_000}, timeout=left)
                    else:
                        sent += 1
                        r = await http.post("/api/records", content=reseeded(body, 10**6 * (1 + worker) + sent), timeout=left,
                                            headers={"Content-Type": "application/json"})
                except httpx.TimeoutException:
                    statuses[kind]["cut at the end"] += 1
                    break
                except httpx.HTTPError as exc:
                    statuses[kind][f"failed: {type(exc).__name__}"] += 1
                    await asyncio.sleep(REFUSED_PAUSE)
                    continue
                took[kind].append(time.monotonic() - t)
                statuses[kind][str(r.status_code)] += 1
                if r.status_code >= 400:
                    await asyncio.sleep(REFUSED_PAUSE)

    spread = max(1, spec.get("addresses", 1))
    loops = [loop("replay", address(ATTACKER_BLOCK, i % spread), i) for i in range(spec.get("replayers", 2) if record else 0)]
    loops += [loop("upload", address(ATTACKER_BLOCK, i % spread), i) for i in range(spec.get("uploaders", 1) if body else 0)]
    await asyncio.gather(*loops)
    return {"record": record, "record_bytes": len(body), "setup": ready["tried"],
            **{f"{k}_statuses": dict(v) for k, v in statuses.items()}, **{f"{k}_ms": latency_summary(v) for k, v in took.items()}}


async def main(spec: dict[str, Any]) -> dict[str, Any]:
    ready: dict[str, Any] = await prepare_replay(spec) if spec["kind"] == "replay" else {}
    print(json.dumps({"ready": {k: v for k, v in ready.items() if k != "body"}}), flush=True)
    times = json.loads(await asyncio.to_thread(sys.stdin.readline))
    await asyncio.sleep(max(0.0, times["start"] - time.monotonic()))
    end, cpu = times["end"], _cpu()
    if spec["kind"] == "spectators":
        out = await spectators(spec, end)
    elif spec["kind"] == "bots":
        out = await bots(spec, end)
    else:
        out = await replay(spec, ready, end)
    return {**out, "attacker_cpu_share": round((_cpu() - cpu) / max(0.1, end - times["start"]), 2)}


def _cpu() -> float:
    """CPU seconds this process has used (the attacker competes with the server for the machine's cores)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(json.loads(sys.argv[1])))), flush=True)
