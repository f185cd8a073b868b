"""Frames that stay small (issue 21): after a full frame, each socket gets only what changed, as a JSON Patch.

A delta is ``{"type": "delta", "seq": S, "base": B, "patch": [...]}``: the RFC 6902 operations that turn the
frame numbered ``B`` (the last one the socket received) into the frame numbered ``S``. The client applies
them with any JSON Patch library (the page: fast-json-patch); one whose last frame is not ``B`` asks for a
full one (``{"type": "resync"}``). :func:`diff` writes the patch from the two frames' structure, cheaply
(the server writes one per viewer per move): a changed key is replaced, a list that only grew (a journal:
moves, narration, the score sheet, the breakdowns) gets its new tail appended (``/-``), a list of objects
of the same length (the seats) is compared item by item; nothing else is searched for (no moves, no
longest common subsequence). A patch holds nothing but values of the new frame and paths of the two
frames, so it tells a viewer nothing its two frames do not.

>>> diff({"n": 3, "moves": ["a"], "over": False}, {"n": 4, "moves": ["a", "b"], "over": False})
[{'op': 'replace', 'path': '/n', 'value': 4}, {'op': 'add', 'path': '/moves/-', 'value': 'b'}]
>>> diff({"trick": {"cards": []}}, {"trick": None})
[{'op': 'replace', 'path': '/trick', 'value': None}]
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any

Key = tuple[int | None, str]  # (seat or None for a spectator, language): the viewers who share one frame
Patch = list[dict[str, Any]]
#: Frame numbers, unique in the process: a socket's number never matches a frame of another table's or of a
#: table rebuilt in memory (whose own count would start again), so it never takes a frame for its own.
_NUMBERS = itertools.count(1)


def encode(message: dict[str, Any]) -> str:
    """A message as the text sent on the socket (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _pointer(token: str) -> str:
    """One key as a JSON Pointer token (RFC 6901: ``~`` and ``/`` escaped)."""
    return token.replace("~", "~0").replace("/", "~1") if "~" in token or "/" in token else token


def diff(old: Any, new: Any) -> Patch:
    """The RFC 6902 operations turning ``old`` into ``new`` (two JSON values): replace, grow by the tail, recurse."""
    ops: Patch = []
    _diff(old, new, "", ops)
    return ops


def _same(x: Any, y: Any) -> bool:
    """Equal as JSON: the same object, or equal and of one type (1 and True are equal in Python, not in JSON)."""
    return x is y or (type(x) is type(y) and x == y)


def _diff(a: Any, b: Any, path: str, ops: Patch) -> None:
    if a is b:
        return
    ta, tb = type(a), type(b)
    if ta is dict and tb is dict:
        mark = len(ops)
        for k, v in b.items():  # the path written only for a key that changed (most keys of a frame do not)
            if k not in a:
                ops.append({"op": "add", "path": f"{path}/{_pointer(k)}", "value": v})
                continue
            x = a[k]
            if x is not v and (type(x) is not type(v) or x != v):  # not _same(x, v), inline: called for every key
                _diff(x, v, f"{path}/{_pointer(k)}", ops)
        for k in a:
            if k not in b:
                ops.append({"op": "remove", "path": f"{path}/{_pointer(k)}"})
        if path and len(ops) - mark > max(2, len(b)):  # more operations than the new object has keys (the labels
            del ops[mark:]  # of a turn that ended): the object itself is shorter
            ops.append({"op": "replace", "path": path, "value": b})
        return
    if ta is list and tb is list:
        n = len(a)
        if len(b) > n and b[:n] == a:  # a journal that grew: its new tail
            ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in b[n:])
            return
        if len(b) == n and n:
            changed = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if not _same(x, y)]
            if len(changed) == 1 or (all(type(x) is dict for x in a) and all(type(y) is dict for y in b)):
                for i in changed:  # the seats, the sides: a few fields change; a count of cards: one number
                    _diff(a[i], b[i], f"{path}/{i}", ops)
                return
        elif len(b) == n - 1:  # a card gone from a hand: its removal
            i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if not _same(x, y)), n - 1)
            if a[i + 1:] == b[i:]:
                ops.append({"op": "remove", "path": f"{path}/{i}"})
                return
    if not _same(a, b):
        ops.append({"op": "replace", "path": path, "value": b})


@dataclass
class Sent:
    """The last frame built for one kind of viewer: its number, its content, and its texts (encoded once, shared)."""

    seq: int
    frame: dict[str, Any]
    at: int  # the table's broadcast count when it was last built (current: the frame of the table's state now)
    delta: str | None = None  # the delta from the frame numbered ``base`` to this one
    base: int | None = None
    _full: str | None = field(default=None, repr=False)

    def full(self) -> str:
        """The whole frame as a text, with its number (encoded on first use, then shared)."""
        if self._full is None:
            self._full = encode({**self.frame, "seq": self.seq})
        return self._full


@dataclass
class FrameBook:
    """A table's last frame per kind of viewer, and what each broadcast sends to a socket that holds the one before."""

    last: dict[Key, Sent] = field(default_factory=dict)

    def update(self, key: Key, frame: dict[str, Any], at: int) -> Sent:
        """Record the frame of ``key`` built at broadcast ``at``: numbered anew, its delta written, if it changed."""
        before = self.last.get(key)
        if before is not None:
            ops = diff(before.frame, frame)
            before.at = at
            if not ops:
                before.delta = before.base = None  # nothing new for these viewers: nothing is sent to those in step
                return before
            seq = next(_NUMBERS)
            sent = Sent(seq=seq, frame=frame, at=at, base=before.seq)
            sent.delta = encode({"type": "delta", "seq": seq, "base": before.seq, "patch": ops})
        else:
            sent = Sent(seq=next(_NUMBERS), frame=frame, at=at)
        self.last[key] = sent
        return sent

    def keep(self, keys: set[Key]) -> None:
        """Forget the frames of viewers no longer connected (a new socket of theirs gets a full frame)."""
        for key in [k for k in self.last if k not in keys]:
            del self.last[key]

    def forget(self) -> None:
        """Forget every frame: the next broadcast sends full frames (after an undo, or a move rolled back)."""
        self.last.clear()


def text_for(sent: Sent, deltas: bool, seq: int | None) -> str | None:
    """What a socket gets of ``sent``: a full frame, a delta, or nothing (its frame is unchanged).

    ``deltas``: the socket asked for deltas (its hello); ``seq``: the number of the last frame it received.
    """
    if not deltas:
        return sent.full()
    if seq == sent.seq:
        return None
    if sent.delta is not None and seq == sent.base:
        return sent.delta
    return sent.full()
