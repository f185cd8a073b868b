"""What a delta costs and saves (issue 21, "frames that stay small"), in-process, without sockets.

Usage: PYTHONPATH=src python benchmarks/bench_deltas.py [--game tarot] [--players 4] [--deals 5] [--seed 1]

A match of ``--deals`` deals is played by random bots; after every move each seat's frame and the
spectator's are built as the server builds them (atout.web.views.frame, with the table's sentence cache).
Reported: the bytes of the whole frame and of its delta (atout.web.deltas), as sent and as they go on the
wire with permessage-deflate (RFC 7692, which uvicorn and browsers agree on: one zlib stream per socket,
its context kept); the CPU time (``time.process_time``, medians) of building a frame, writing its delta and
encoding each. ``jsonpatch.make_patch`` (the python-json-patch library's general diff) is timed on the same
pairs when installed, to show why the server writes its own: the same format, many times slower.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import zlib
from collections.abc import Callable
from functools import partial
from typing import Any

import atout
from atout.bots import make_bot
from atout.web.deal_end import DealEnd, ended_view
from atout.web.deltas import diff, encode
from atout.web.views import frame


def meta(game: str, players: int) -> dict[str, Any]:
    """A table's public facts as Live.meta gives them (four people, nobody watching)."""
    return {"id": "0123456789", "game": game, "title": atout.game_info(game).title, "variant": "", "variant_texts": {},
            "players": players, "options": {}, "level": "medium", "status": "playing", "source": "played",
            "seed_chosen": False, "spectators": 0, "faces": None,
            "seats": [{"seat": s, "kind": "human", "online": True, "name": f"Joueur{s}"} for s in range(players)]}


def timed(fn: Callable[[], Any], out: list[float]) -> Any:
    start = time.process_time()
    value = fn()
    out.append(time.process_time() - start)
    return value


def run(game: str, players: int, deals: int, seed: int, lang: str) -> dict[str, Any]:
    state = atout.new_game(game, players=players, seed=seed, deals=deals)
    bots = [make_bot(game, "random", seed * 7 + s) for s in range(players)]
    table = meta(game, players)
    said: dict[Any, Any] = {}
    viewers: list[int | None] = [None, *range(players)]
    last: dict[int | None, dict[str, Any]] = {}
    t_frame: list[float] = []
    t_diff: list[float] = []
    t_full: list[float] = []
    t_delta: list[float] = []
    t_lib: list[float] = []
    full_bytes: list[int] = []
    delta_bytes: list[int] = []
    wire: dict[str, list[int]] = {"full": [], "delta": []}  # with permessage-deflate (RFC 7692), per socket
    deflaters = {(v, kind): zlib.compressobj(6, zlib.DEFLATED, -15, 8) for v in viewers for kind in wire}
    try:
        import jsonpatch  # type: ignore[import-untyped]

        make_patch: Callable[[Any, Any], Any] | None = jsonpatch.make_patch
    except ImportError:
        make_patch = None
    moves = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        before = state.clone()
        state.apply(str(bots[seat].act(state.observation(seat))))
        moves += 1
        view = ended_view(before, str(state.log[before.deal_index].actions[-1][1])) \
            if state.deal_index != before.deal_index else None
        end = DealEnd(deal=before.deal_index, view=view, humans={0}, deadline=1.0) if view is not None else None
        for steps in ([end, None] if end is not None else [None]):  # a deal's end is shown, then the next deal
            for viewer in viewers:
                f = timed(partial(frame, state, viewer, lang, table, False, said, steps), t_frame)
                full = timed(partial(encode, {**f, "seq": moves}), t_full)
                old = last.get(viewer)
                if old is not None:
                    ops = timed(partial(diff, old, f), t_diff)
                    text = timed(partial(encode, {"type": "delta", "seq": moves, "base": moves - 1, "patch": ops}), t_delta)
                    full_bytes.append(len(full.encode()))
                    delta_bytes.append(len(text.encode()))
                    for kind, sent in (("full", full), ("delta", text)):  # the socket's compressor keeps its context
                        z = deflaters[(viewer, kind)]
                        wire[kind].append(len(z.compress(sent.encode()) + z.flush(zlib.Z_SYNC_FLUSH)) - 4)
                    if make_patch is not None and len(t_lib) < 400:
                        timed(partial(make_patch, old, f), t_lib)
                last[viewer] = f

    def ms(xs: list[float]) -> float:
        return round(1000 * statistics.median(xs), 3) if xs else float("nan")

    def q(xs: list[int], p: float) -> int:
        return sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]

    return {
        "game": game, "players": players, "deals": deals, "moves": moves, "frames": len(full_bytes),
        "full bytes p50/p95/max": [q(full_bytes, 0.5), q(full_bytes, 0.95), max(full_bytes)],
        "delta bytes p50/p95/max": [q(delta_bytes, 0.5), q(delta_bytes, 0.95), max(delta_bytes)],
        "bytes per move, all viewers: full / delta": [round(sum(full_bytes) / moves), round(sum(delta_bytes) / moves)],
        "deflated full bytes p50/p95/max": [q(wire["full"], 0.5), q(wire["full"], 0.95), max(wire["full"])],
        "deflated delta bytes p50/p95/max": [q(wire["delta"], 0.5), q(wire["delta"], 0.95), max(wire["delta"])],
        "ms per frame (median): build / encode full / diff / encode delta": [ms(t_frame), ms(t_full), ms(t_diff), ms(t_delta)],
        "ms per pair (median): jsonpatch.make_patch": ms(t_lib),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="tarot")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="fr")
    args = ap.parse_args()
    print(json.dumps(run(args.game, args.players, args.deals, args.seed, args.lang), ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
