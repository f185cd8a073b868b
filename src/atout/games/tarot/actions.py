"""Tarot's action vocabulary as interned :class:`Action` values, and fast mask-to-actions tables.

Vocabulary (text form, parsed case-insensitively by :meth:`Action.parse`):

* ``petit_sec`` / ``no_petit_sec`` — claim or not the annulment of a petit sec (seed variant, §3.1);
* ``pass``, ``bid prise|pousse|garde|garde_sans|garde_contre`` (seed), ``bid petite|…`` (FFT);
* ``call KH`` — the taker's call at five players (§5);
* ``discard C`` — one card of the écart (§6): the taker lays it aside one card at a time, each step
  listing every card that keeps a legal écart reachable; ``discard C1 … C6`` (all at once, or the rest
  at once) stays accepted;
* ``announce sans_atouts|sans_points|capot|chelem``, ``done`` (§7);
* ``announce poignee C`` — one trump (or the Excuse) of a poignée, shown one at a time, then ``done``
  once a level's count is reached if more could be shown (the show also ends by itself when no card
  can follow); ``announce poignee T21 T20 …`` (the whole show at once) stays accepted (§7, FFT rule 4);
* ``play KS`` — one card to the trick (§9).

>>> str(PLAY[77]), play_actions(0b101)
('play EX', [Action.parse('play AS'), Action.parse('play 3S')])
"""

from __future__ import annotations

from typing import Final

from atout.core.actions import Action
from atout.core.cards import CARDS
from atout.games.tarot.rules import CONTRACTS

PASS: Final = Action("pass")
DONE: Final = Action("done")
PETIT_SEC: Final = Action("petit_sec")
NO_PETIT_SEC: Final = Action("no_petit_sec")
PLAY: Final = tuple(Action("play", (c.code,)) for c in CARDS)
CALL: Final = tuple(Action("call", (c.code,)) for c in CARDS)
DISCARD: Final = tuple(Action("discard", (c.code,)) for c in CARDS)
#: One card of a poignée, shown one at a time (``announce poignee T5``; the Excuse too).
SHOW: Final = {c.id: Action("announce", ("poignee", c.code)) for c in CARDS if c.id >= 56}
BID: Final = {c: Action("bid", (c,)) for v in CONTRACTS.values() for c in v}
ANNOUNCE: Final = {k: Action("announce", (k,)) for k in ("capot", "chelem", "sans_atouts", "sans_points")}

#: Interned play actions by object identity: the fast path of ``apply`` skips parsing for them.
PLAY_BY_OBJECT: Final = {id(a): i for i, a in enumerate(PLAY)}
PLAY_TEXT: Final = tuple(str(a) for a in PLAY)
#: The log entry ``(seat, "play KS")`` of each seat and card, prebuilt (tuples are immutable, so shared).
PLAY_LOG: Final = tuple(tuple((seat, text) for text in PLAY_TEXT) for seat in range(5))
#: Text of the other interned actions by object identity (their log entry without re-printing).
TEXT_BY_OBJECT: Final = {id(a): str(a) for a in (PASS, DONE, PETIT_SEC, NO_PETIT_SEC, *CALL, *DISCARD, *SHOW.values(),
                                                  *BID.values(), *ANNOUNCE.values())}

# Bitmask -> play actions, 16 bits at a time (ids 0..77 = 5 chunks): each table maps a chunk's
# value to the tuple of its play actions, lowest id first. Filled lazily (65,536 entries each).
_CHUNK: Final = 16
_LOW: Final = (1 << _CHUNK) - 1
_TABLES: Final[tuple[list[tuple[Action, ...] | None], ...]] = tuple([None] * (1 << _CHUNK) for _ in range(5))
_T0, _T1, _T2, _T3, _T4 = _TABLES
#: Masks of at most ``_SMALL_MAX`` cards -> their play actions: most legal masks are that small
#: (following with a few cards, the last tricks), and then one dict look-up replaces the chunks.
#: Filled lazily by :func:`play_actions`.
_SMALL_MAX: Final = 3
SMALL_PLAYS: Final[dict[int, tuple[Action, ...]]] = {}
#: The lazily filled tables are emptied when they hold this many entries, so that memory stays flat
#: however many deals are played (about 5 MB at the most; 100,000 random deals would otherwise keep
#: filling them towards 79,079 + 5 x 65,536 entries). Refilling costs a few microseconds an entry.
CACHE_LIMIT: Final = 40_000
_filled = 0


def _fill(chunk: int, value: int) -> tuple[Action, ...]:
    global _filled
    _filled += 1
    if _filled > CACHE_LIMIT:
        _reset_caches()
    base = chunk * _CHUNK
    acts = tuple(PLAY[base + b] for b in range(_CHUNK) if value >> b & 1)
    _TABLES[chunk][value] = acts
    return acts


def _reset_caches() -> None:
    """Empty the lazily filled tables (in place: other modules hold references to them)."""
    global _filled
    _filled = 0
    for table in _TABLES:
        table[:] = [None] * (1 << _CHUNK)
    SMALL_PLAYS.clear()


def play_actions(m: int) -> list[Action]:
    """The ``play`` actions of the cards in mask ``m``, by card id (unrolled table look-ups)."""
    small = SMALL_PLAYS.get(m)
    if small is not None:
        return list(small)
    out: list[Action] = []
    v = m & _LOW
    if v:
        out += _T0[v] or _fill(0, v)
    v = m >> 16 & _LOW
    if v:
        out += _T1[v] or _fill(1, v)
    v = m >> 32 & _LOW
    if v:
        out += _T2[v] or _fill(2, v)
    v = m >> 48 & _LOW
    if v:
        out += _T3[v] or _fill(3, v)
    v = m >> 64
    if v:
        out += _T4[v] or _fill(4, v)
    if len(out) <= _SMALL_MAX:
        if len(SMALL_PLAYS) >= CACHE_LIMIT:
            _reset_caches()
        SMALL_PLAYS[m] = tuple(out)
    return out


def cards_action(kind: str, card_ids: list[int], *words: str) -> Action:
    """An action whose arguments are words then card codes: ``announce poignee T21 T20``."""
    return Action(kind, (*words, *(CARDS[c].code for c in card_ids)))
