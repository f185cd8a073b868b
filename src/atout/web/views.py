"""What the server sends: a seat's frame (its own observation only) and a spectator's (public facts only).

Built on the public protocol alone (``observation(seat).to_json()``, ``public_action``, ``events``,
``sheet``), so every registered game is shown with no change here. A spectator's ``public`` keeps only
the facts every seat's observation states alike: a fact one seat alone sees (the taker's own écart) is
dropped, whatever the game calls it.

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=3)
>>> spectator_observation(g)["hand"], spectator_observation(g)["legal_actions"]
([], [])
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from atout import present
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.events import Event
from atout.core.protocol import GameState, json_number

log = logging.getLogger("atout.web")
RECENT_EVENTS = 40  # narration lines sent with each frame


def spectator_observation(state: GameState) -> dict[str, Any]:
    """An observation holding only what every seat may see: no hand, no legal action, common facts."""
    views = [state.observation(s).to_json() for s in range(state.players)]
    first = views[0]
    out: dict[str, Any] = {}
    for key, value in first.items():  # any field one seat alone sees is left out, whatever its name
        if all(key in o and o[key] == value for o in views[1:]):
            out[key] = value
    public = {k: v for k, v in first["public"].items() if all(k in o["public"] and o["public"][k] == v for o in views[1:])}
    out.update(seat=None, hand=[], legal_actions=[], public=public, current_player=first["current_player"],
               phase=first["phase"], game=first["game"])
    if "history" in first:
        out["history"] = [[s, state.public_action(a)] for s, a in state.log[-1].actions]
    return out


def moves_seen(state: GameState, viewer: int | None) -> list[dict[str, Any]]:
    """The current deal's moves as ``viewer`` may see them (another seat's écart stays hidden)."""
    out = []
    for seat, text in state.log[-1].actions:
        shown = text if seat == viewer else state.public_action(text)
        out.append({"seat": seat, "action": shown})
    return out


Said = dict[tuple[int, int | None, str], Any]  # (event's position, viewer, language) -> its sentence(s)


def narration(state: GameState, viewer: int | None, lang: str, said: Said | None = None) -> tuple[list[str], list[list[str]]]:
    """The last sentences ``viewer`` may hear and the breakdown lines of every scored deal, via atout.present.

    ``said`` caches sentences across frames (events are only ever appended to a match).
    """
    said = {} if said is None else said
    if len(said) > 50_000:  # a very long match: forget old sentences rather than grow without bound
        said.clear()
    events: Sequence[Event] = state.events(viewer)
    table = present.Table(state.game_name, state.players, me=viewer)
    lines: list[str] = []
    start = max(0, len(events) - RECENT_EVENTS)
    for i, e in enumerate(events[start:], start):
        key = (i, viewer, lang)
        if key not in said:
            try:
                said[key] = present.say(e, lang, table)
            except (KeyError, ValueError, IndexError) as exc:  # a phrase not written yet: say nothing, note it
                log.debug("no phrase for %s: %s", e.kind, exc)
                said[key] = None
        if said[key]:
            lines.append(said[key])
    breakdowns: list[list[str]] = []
    for i, e in enumerate(events):
        if e.kind == "deal_scored":
            key = (-1 - i, viewer, lang)
            if key not in said:
                try:
                    said[key] = present.breakdown(e, lang, table)
                except (KeyError, ValueError, IndexError) as exc:
                    log.debug("no breakdown for %s: %s", state.game_name, exc)
                    said[key] = []
            breakdowns.append(said[key])
    return lines, breakdowns


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except NotationError:
        return False
    return True


@lru_cache(maxsize=8192)
def label(game: str, text: str, lang: str) -> str:
    """An action or a game word as a person reads it (atout.present's words; cards by their short name)."""
    book = present.phrases(game)
    whole = book.word(text, lang)
    if whole != text:
        return whole
    out = []
    for tok in text.split():
        if _is_card(tok):
            out.append(present.short(tok, lang))
        else:
            out.append(book.word(tok, lang))
    return " ".join(out)


def _strings(value: Any, depth: int = 0) -> set[str]:
    """The short strings inside a JSON value (the words of bids, contracts, announcements…)."""
    if isinstance(value, str):
        return {value} if len(value) <= 40 else set()
    if depth >= 3:  # deeper lists are tricks and the like: card codes, nothing to label
        return set()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
    out: set[str] = set()
    for v in items:
        out |= _strings(v, depth + 1)
    return out


def labels(state: GameState, obs: dict[str, Any], moves: list[dict[str, Any]], lang: str) -> dict[str, str]:
    """Labels for the words a frame shows: legal actions, moves, the phase, public words (contract…)."""
    words = set(obs["legal_actions"]) | {m["action"] for m in moves} | {obs["phase"]}
    words |= {w for w in _strings(obs["public"]) if not _is_card(w)}
    words |= {tok for a in obs["legal_actions"] for tok in a.split()[:2] if not _is_card(tok)}
    out = {}
    for w in words:
        try:
            out[w] = label(state.game_name, w, lang)
        except (KeyError, ValueError, IndexError):
            out[w] = w
    return out


def frame(state: GameState, viewer: int | None, lang: str, table: dict[str, Any], undo: bool = False,
          said: Said | None = None) -> dict[str, Any]:
    """The ``state`` frame for one seat (or a spectator, ``viewer=None``): nothing it may not know."""
    obs = state.observation(viewer).to_json() if viewer is not None else spectator_observation(state)
    lines, breakdowns = narration(state, viewer, lang, said)
    moves = moves_seen(state, viewer)
    return {
        "type": "state",
        "n": sum(len(d.actions) for d in state.log),
        "you": viewer,
        "table": table,
        "obs": obs,
        "moves": moves,
        "labels": labels(state, obs, moves, lang),
        "sheet": [[json_number(x) for x in row] for row in state.sheet()],
        "totals": [json_number(x) for x in state.returns()],
        "deal": state.deal_index,
        "dealer": state.dealer,
        "over": state.is_terminal(),
        "narration": lines,
        "breakdowns": breakdowns,
        "can_undo": undo,
    }


def full_view(state: GameState, lang: str) -> dict[str, Any]:
    """A finished game's position for the replay page: the spectator frame plus every hand (all is public now)."""
    out = frame(state, None, lang, {})
    out["hands"] = [[c.code for c in state.observation(s).hand] for s in range(state.players)]
    out["moves"] = [{"seat": s, "action": a} for s, a in state.log[-1].actions]
    return out
