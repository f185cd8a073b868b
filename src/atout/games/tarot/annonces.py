"""Tarot announcements (annonces, §7; FFT rules 4, 5, 11): a mixin of :class:`TarotState`.

Seed variant: after the écart, each player in turn from the leader (D7) may announce
``sans_atouts``, ``sans_points``, a ``poignee`` (showing the trumps) and, the taker only, the
``capot``; ``done`` ends his turn. FFT variant: the taker alone may announce the ``chelem`` here;
a poignée is shown just before one's first card, in the play phase (FFT rule 4).

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> for a in ("bid garde_sans", "pass", "pass", "pass"):
...     g.apply(a)
>>> g.phase, str(g.legal_actions()[0])
('annonces', 'announce capot')
"""

from __future__ import annotations

from typing import Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import mask
from atout.core.errors import IllegalAction
from atout.games.tarot.actions import ANNOUNCE, DONE, SHOW
from atout.games.tarot.rules import (
    EXCUSE,
    POIGNEE_KINDS,
    POIGNEE_THRESHOLDS,
    poignee_level,
    poignee_next_cards,
    sans_atouts,
    sans_points,
    shown_codes,
)

#: Error codes of the reasons :func:`poignee_level` gives (by the start of its message).
_POIGNEE_CODES = (("a card is shown twice", "card_twice"), ("you can only show", "poignee_not_in_hand"),
                  ("a poignée shows trumps", "poignee_trumps_only"), ("the Excuse may be shown", "poignee_excuse"),
                  ("a poignée shows exactly", "poignee_count"))

# Bits of the per-seat announcement flags.
FLAG = {"sans_atouts": 1, "sans_points": 2, "poignee": 4, "capot": 8, "chelem": 16}


class AnnoncesMixin:
    """The announcement phase and the poignée; the state provides the attributes declared here."""

    players: int
    variant: str
    fft: bool
    hands: list[int]
    flags: tuple[int, ...]  # replaced, never changed in place: clones share it
    announcements: list[tuple[int, str, int]]  # likewise replaced on each announcement
    taker: int
    eldest: int
    next_seat: tuple[int, ...]
    current_player: int | None
    slam_announced: bool
    ann_count: int
    _phase: str
    shower: int  # the seat showing a poignée one card at a time, -1 when none
    showing: int  # the cards it has shown so far

    def _open_play(self) -> None:
        raise NotImplementedError

    def _emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        raise NotImplementedError

    def _open_annonces(self) -> None:
        """Seed: each player in turn from the leader (D7). FFT: the taker alone, for the chelem."""
        self._phase = "annonces"
        self.current_player = self.taker if self.fft else self.eldest
        self.ann_count = 0

    def _annonces_actions(self) -> list[Action]:
        """The announcements open to the seat, in text order (capot, poignee, sans_*, then done)."""
        seat: int = self.current_player  # type: ignore[assignment]
        hand, flags = self.hands[seat], self.flags[seat]
        if self.fft:
            return [DONE] if flags & FLAG["chelem"] else [ANNOUNCE["chelem"], DONE]
        if self.shower == seat:
            return self._showing_actions(seat)
        out = []
        if seat == self.taker and not flags & FLAG["capot"]:
            out.append(ANNOUNCE["capot"])
        out += self._poignee_actions(seat)
        if not flags & FLAG["sans_atouts"] and sans_atouts(hand):
            out.append(ANNOUNCE["sans_atouts"])
        if not flags & FLAG["sans_points"] and sans_points(hand):
            out.append(ANNOUNCE["sans_points"])
        out.append(DONE)
        return out

    def _poignee_actions(self, seat: int) -> list[Action]:
        """The poignée one card at a time (issue 11): ``announce poignee C`` for every trump (or the
        Excuse) after which a valid show is still reachable (§7, FFT rule 4); the whole show
        ``announce poignee T… T…`` stays accepted by ``apply``."""
        if self.flags[seat] & FLAG["poignee"]:
            return []
        nxt = poignee_next_cards(self.hands[seat], self.showing, self.players, self.variant)
        out = []
        while nxt:  # lowest card id first
            low = nxt & -nxt
            out.append(SHOW[low.bit_length() - 1])
            nxt ^= low
        return out

    def _showing_actions(self, seat: int) -> list[Action]:
        """While a poignée is being shown: the next cards, and ``done`` once the count of a level is
        reached (when more could still be shown)."""
        out = self._poignee_actions(seat)
        if poignee_level(self.hands[seat], self.showing, self.showing.bit_count(), self.players, self.variant)[0] >= 0:
            out.append(DONE)
        return out

    def _show_step(self, seat: int, action: Action) -> bool:
        """Apply a poignée step if ``action`` is one (``announce poignee C``, or ``done`` while showing):
        True when handled. The show ends with ``done`` or by itself when no card can follow."""
        hand = self.hands[seat]
        if action == DONE:
            if self.shower != seat:
                return False
            self._finish_poignee(seat, action)
            return True
        if action.kind != "announce" or len(action.args) != 2 or action.args[0] != "poignee":
            if self.shower == seat:
                raise IllegalAction(f"{action}: finish showing your poignée first: 'announce poignee T…' or "
                                    "'done' (§7)", code="poignee_unfinished", params={"cite": "seed 001, §7"})
            return False
        if self.flags[seat] & FLAG["poignee"]:
            raise IllegalAction(f"{action}: one poignée per player (§7)", code="one_poignee",
                                params={"cite": "seed 001, §7"})
        c = Card.parse(action.args[1]).id
        bit = 1 << c
        if not poignee_next_cards(hand, self.showing, self.players, self.variant) & bit:
            why = ("you can only show trumps of your hand" if not hand & bit else
                   "a poignée shows trumps (and possibly the Excuse) only" if c < 56 else
                   "already shown" if self.showing & bit else
                   "the Excuse may be shown only with every trump you hold (seed 001, §7)" if c == EXCUSE else
                   "no valid poignée can be completed with it")
            code = next((code for prefix, code in _POIGNEE_CODES if why.startswith(prefix)), "poignee_invalid")
            raise IllegalAction(f"{action}: {why}", code=code,
                                params={"card": CARDS[c].code, "thresholds": list(POIGNEE_THRESHOLDS[self.players]),
                                        "count": self.showing.bit_count() + 1, "cite": "seed 001, §7"})
        self.shower = seat
        self.showing |= bit
        if not poignee_next_cards(hand, self.showing, self.players, self.variant):
            self._finish_poignee(seat, action)  # no card can follow: the show is complete
        return True

    def _finish_poignee(self, seat: int, action: Action) -> None:
        shown = self.showing
        level, why = poignee_level(self.hands[seat], shown, shown.bit_count(), self.players, self.variant)
        if level < 0:
            raise IllegalAction(f"{action}: {why}", code="poignee_count",
                                params={"count": shown.bit_count(), "thresholds": list(POIGNEE_THRESHOLDS[self.players]),
                                        "cite": "seed 001, §7"})
        self.shower, self.showing = -1, 0
        ids = sorted((i for i in range(56, 78) if shown >> i & 1), key=lambda i: (i == EXCUSE, -i))
        self._record_poignee(seat, level, ids)

    def _apply_annonce(self, action: Action) -> None:
        seat = self.current_player
        assert seat is not None
        if not self.fft and self._show_step(seat, action):
            return
        if action == DONE:
            self.ann_count += 1
            if self.fft or self.ann_count == self.players:
                self._open_play()
            else:
                self.current_player = self.next_seat[seat]
            return
        if action.kind != "announce" or not action.args:
            raise IllegalAction(f"{action}: now 'announce KIND' or 'done' (§7)", code="announce_expected",
                                params={"cite": "seed 001, §7"})
        kind = action.args[0]
        hand, flags = self.hands[seat], self.flags[seat]
        if kind == "poignee":
            if self.fft:
                raise IllegalAction(f"{action}: the poignée is shown just before your first card (FFT rule 4)",
                                    code="poignee_at_first_card", params={"cite": "FFT rule 4"})
            self._announce_poignee(seat, action)
            return
        if len(action.args) != 1 or kind not in FLAG:
            raise IllegalAction(f"{action}: unknown announcement; see legal_actions() (§7)", code="unknown_announcement",
                                params={"word": kind, "cite": "seed 001, §7"})
        if flags & FLAG[kind]:
            raise IllegalAction(f"{action}: already announced", code="already_announced", params={"announcement": kind})
        if self.fft:
            if kind != "chelem":
                raise IllegalAction(f"{action}: the FFT recognises only the taker's chelem here; "
                                    "the poignée is shown at your first card (FFT rules 4, 5, 11)",
                                    code="fft_chelem_only", params={"cite": "FFT rules 4, 5, 11"})
        elif kind == "chelem":
            raise IllegalAction(f"{action}: in the seed variant the slam is announced as 'announce capot' (§7)",
                                code="say_capot", params={"cite": "seed 001, §7"})
        elif kind == "sans_atouts" and not sans_atouts(hand):
            raise IllegalAction(f"{action}: 'sans atouts' needs a hand with neither trump nor Excuse (seed 001)",
                                code="not_sans_atouts", params={"cite": "seed 001, §7"})
        elif kind == "sans_points" and not sans_points(hand):
            raise IllegalAction(f"{action}: 'sans points' needs a hand with neither oudler nor court card (seed 001)",
                                code="not_sans_points", params={"cite": "seed 001, §7"})
        if kind in ("capot", "chelem"):
            if seat != self.taker:
                raise IllegalAction(f"{action}: only the taker announces the {kind} (§7, FFT rule 5)",
                                    code="taker_only", params={"announcement": kind, "cite": "seed 001, §7; FFT rule 5"})
            self.slam_announced = True
        self._add_announcement(seat, FLAG[kind], (seat, kind, 0))
        self._emit("announced", seat=seat, announcement=kind)

    def _announce_poignee(self, seat: int, action: Action) -> None:
        """Show a handful: seed in the announcements, FFT at one's first card (FFT rule 4)."""
        if self.flags[seat] & FLAG["poignee"]:
            raise IllegalAction(f"{action}: one poignée per player (§7)", code="one_poignee", params={"cite": "seed 001, §7"})
        if self.shower == seat:
            raise IllegalAction(f"{action}: finish showing your poignée one card at a time: 'announce poignee T…' or "
                                "'done' (§7)", code="poignee_unfinished", params={"cite": "seed 001, §7"})
        ids = [Card.parse(a).id for a in action.args[1:]]
        level, why = poignee_level(self.hands[seat], mask(ids), len(ids), self.players, self.variant)
        if level < 0:
            code = next((c for prefix, c in _POIGNEE_CODES if why.startswith(prefix)), "poignee_invalid")
            raise IllegalAction(f"{action}: {why}", code=code,
                                params={"count": len(ids), "thresholds": list(POIGNEE_THRESHOLDS[self.players]),
                                        "cite": "seed 001, §7"})
        self._record_poignee(seat, level, ids)

    def _record_poignee(self, seat: int, level: int, ids: list[int]) -> None:
        self._add_announcement(seat, FLAG["poignee"], (seat, POIGNEE_KINDS[level], mask(ids)))
        self._emit("poignee_shown", seat=seat, announcement=POIGNEE_KINDS[level], cards=shown_codes(mask(ids)),
                   count=len(ids))

    def _add_announcement(self, seat: int, flag: int, entry: tuple[int, str, int]) -> None:
        """Set a seat's flag and add the announcement, replacing both sequences (clones share them)."""
        self.flags = tuple(f | flag if s == seat else f for s, f in enumerate(self.flags))
        self.announcements = [*self.announcements, entry]
