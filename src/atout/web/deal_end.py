"""The end of a deal as a state of its own (issue 18, point 3).

The engines deal the next deal inside the move that ends one: the state after that move already holds
the new hands. The table shows the ended deal instead (its last trick, the hands now public, the result)
until every person at the table has said "continue" (bots at once; a person who does not answer is
continued for at the deadline). :func:`ended_view` rebuilds the ended deal's last position: the move
replayed on a copy of the state before it, stopped where the game would deal again, so nothing of the
next deal exists in it. :class:`DealEnd` is what the frame says of it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from atout import present
from atout.core.cards import CARDS
from atout.core.protocol import GameState, json_number
from atout.web import seats
from atout.web.public import people, spectator_observation

log = logging.getLogger("atout.web")
CONTINUE_TIMEOUT = 60.0  # seconds a person has to say "continue" before being continued for, where others wait
CONTINUE_RANGE = (5.0, 3600.0)  # the range ``atout serve --continue-timeout`` accepts
#: The methods each game calls to deal again: stopped in the copy (a new game must name its own here).
DEALERS = ("_start_deal", "_start_coup")
#: Games whose écart is shown at the deal's end: the Tarot counts it for the taker (so the hands as dealt are
#: whole too). Not La Prime: its discards are never shown.
SHOWN_ECART = frozenset({"tarot"})
#: Trick games whose deal may end with cards unplayed (La Triomphe once a side has its tricks, a stop, a
#: concession): the cards still held are laid down at the deal's end, public. Not La Prime (a hand folded or
#: a bet nobody called is never shown; the showdown's hands are public already) nor Mistigri (a passer's hand
#: stays his).
LAID_DOWN = frozenset({"triomphe", "tarot", "tarot1637"})


class _Stop(Exception):
    """Raised in the copy where the game would deal the next deal."""


def _stop(*_args: Any, **_kwargs: Any) -> None:
    raise _Stop


def ended_view(before: GameState, text: str) -> GameState | None:
    """The position at the end of the deal that ``text`` ends, from ``before`` (the state just before it).

    None when the move does not deal again (it is an ordinary move, or the match ends).
    """
    view = before.clone()
    for name in DEALERS:
        if hasattr(view, name):
            setattr(view, name, _stop)
    seat = view.current_player
    entry = view.log[-1]
    try:
        view.apply(text)
    except _Stop:
        entry.actions.append((seat if seat is not None else -1, text))
        return view
    return None


def public_mask(state: GameState) -> int:
    """The cards every seat knows in ``state`` (the engine's own information rule)."""
    mask = -1
    for s in range(state.players):
        mask &= state.known_cards(s)
    return mask


@dataclass
class DealEnd:
    """A deal ended and not yet continued from: its last position, who must still continue, until when."""

    deal: int
    view: GameState
    humans: set[int]
    continued: set[int] = field(default_factory=set)
    deadline: float | None = None
    final: bool = False  # the match's last deal: nothing to continue to

    @property
    def waiting(self) -> list[int]:
        return [] if self.final else sorted(self.humans - self.continued)

    def describe(self, viewer: int | None, lang: str, table: dict[str, Any], scored: Any = None) -> dict[str, Any]:
        """The frame's ``deal_end``: every card in it is public in the ended deal's last position.

        ``scored`` is the deal's ``deal_scored`` event (read from the whole match's events by the caller).
        """
        view = self.view
        mask = public_mask(view)
        public = {CARDS[c].code for c in range(len(CARDS)) if mask >> c & 1}
        deal = view.log[-1].deal if isinstance(view.log[-1].deal, dict) else {}
        if view.game_name in SHOWN_ECART:  # the écart is counted for the taker: laid on the table at the count
            public |= {c for _, a in view.log[-1].actions if a.startswith("discard ") for c in a.split()[1:]}
        hands, received = [], False
        for s in range(view.players):
            start = (deal.get("hands") or [[]] * view.players)[s] if isinstance(deal.get("hands"), list) else []
            held = [c.code for c in view.observation(s).hand]  # the cards still in the hand at the deal's end
            shown = public | set(held) if view.game_name in LAID_DOWN else public
            dealt = [c for c in start if isinstance(c, str) and c in shown]
            played = [a.split()[1] for p, a in view.log[-1].actions if p == s and a.startswith("play ")]
            # taken or drawn since the deal; not the Tarot's chien, shown as the talon and the écart
            since = [c for c in played + held if c in shown and c not in start] if view.game_name not in SHOWN_ECART else []
            hands.append(dealt + since)
            received = received or bool(since)
        talon = [c for c in deal.get("talon") or [] if isinstance(c, str) and c in public]
        ecart = [c for s, a in view.log[-1].actions if a.startswith("discard ") for c in a.split()[1:] if c in public]
        obs = view.observation(viewer).to_json() if viewer is not None else {"public": _common(view)}
        now, last = seats.tricks(view, obs)
        last_trick = now if now and now["cards"] else last
        if last_trick is not None:
            last_trick = {**last_trick, "complete": True}
        table_words = people(view, viewer, lang, table)
        result: list[str] = []
        breakdown: list[str] = []
        if scored is not None:
            result, breakdown = _said(scored, lang, table_words)
        if self.final:  # the game's winner first ("Fin de la partie : …"): a last deal everybody passed said only why
            over = next((e for e in reversed(view.events(viewer)) if e.kind == "match_over"), None)
            said, _ = _said(over, lang, table_words) if over is not None else ([], [])
            if result and self.deal > 0:  # under "Fin de la partie", the deal's own line says which deal it was
                word = str(present.phrases(view.game_name).section("play_labels", lang)["deal"])
                result = [f"{word} {self.deal + 1} — {result[0]}", *result[1:]]
            result = said + result
        names = [seats.seat_name(table, s, lang) for s in self.waiting]
        return {
            "deal": self.deal, "final": self.final, "last_trick": last_trick, "hands": hands, "talon": talon,
            "ecart": ecart, "result": result, "breakdown": breakdown,
            "row": [json_number(x) for x in (view.log[-1].result or [])],
            "totals": [json_number(x) for x in view.returns()], "waiting": self.waiting,
            "waiting_names": names, "deadline": None if self.final else self.deadline,
            # cards drawn or taken since the deal (La Prime's completion, Mistigri's draw) are in the hands shown
            "hands_title": seats.word("deal_end_hands_received" if received else "deal_end_hands_dealt", lang),
            "title": seats.word("match_end_title" if self.final else "deal_end_title", lang, n=self.deal + 1),
            "continue": seats.word("deal_end_continue", lang),
        }


def _common(view: GameState) -> dict[str, Any]:
    return dict(spectator_observation(view)["public"])


def _said(event: Any, lang: str, table: present.Table) -> tuple[list[str], list[str]]:
    """The result sentence and the breakdown lines of a ``deal_scored`` event (nothing when no phrase is written)."""
    try:
        said = present.say(event, lang, table)
        result = [said] if said else []
    except (KeyError, ValueError, IndexError):
        result = []
    try:
        breakdown = list(present.breakdown(event, lang, table))
    except (KeyError, ValueError, IndexError):
        breakdown = []
    return result, breakdown
