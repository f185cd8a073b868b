"""The Tarot play phase (§9, D10–D13, D20; FFT rules 3–5 and 10): a mixin of :class:`TarotState`.

Which cards are legal on the slow path (the FFT's extras), the checks that name the rule a refused card
breaks, and the end of a trick: who takes it, where the Excuse goes and who owes a card for it, and the
petit au bout (the Petit won at the last trick). Kept apart from ``state.py`` to keep modules short.
"""

from __future__ import annotations

from typing import Any, cast

from atout.core.actions import Action, parse_action
from atout.core.cards import CARDS, Card
from atout.core.errors import IllegalAction, NotationError, echo_action, notation_refusal
from atout.core.protocol import GameState
from atout.games.tarot.fields import TarotFields
from atout.games.tarot.narrate import play_refusal, trick_data
from atout.games.tarot.rules import BIT, EXCUSE_BIT, LOW_CARDS, PETIT, PETIT_BIT, SUIT_MASKS, legal_play_mask

ATTACK, DEFENCE = 0, 1  # side indices: the taker (and partner), the defence
_BIT_OF = BIT.__getitem__


class PlayMixin:
    """The play phase's rules; the state provides the attributes declared here."""

    fft: bool
    hands: list[int]
    taker: int
    called: int
    current_player: int | None
    slam_announced: bool
    shower: int
    side: list[int]
    piles: list[int]
    tricks_won: list[int]
    trick: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...], int], ...]
    leader: int
    led: int
    best: int
    win: int
    ex_seat: int
    trick_no: int
    ntricks: int
    played: int
    debt: int
    pab: str | None
    _special: bool
    _narrate: bool

    def _emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        raise NotImplementedError

    def _show_step(self, seat: int, action: Action) -> bool:
        raise NotImplementedError

    def _announce_poignee(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _end_play(self) -> None:
        raise NotImplementedError

    def _play_mask(self, seat: int) -> int:
        """Legal cards with the FFT's extra rules (the slow path; see :meth:`legal_actions`)."""
        hand = self.hands[seat]
        if self.fft and self.led < 0 and self.trick_no == 0 and self.called >= 0:
            # FFT rule 10: nobody may lead the called suit at the first trick except with the called card.
            allowed = (hand & ~SUIT_MASKS[self.called // 14] | hand & 1 << self.called) or hand
        else:
            allowed = legal_play_mask(hand, self.led, self.best)
        if self.fft and self.slam_announced and seat == self.taker:
            # FFT rule 5: the chelem announcer plays his Excuse to the last trick.
            allowed = allowed & ~EXCUSE_BIT or allowed
        return allowed

    def _apply_play_phase(self, action: Action) -> None:
        """Non-card actions of the play phase: the FFT poignée at one's first card (FFT rule 4)."""
        seat: int = self.current_player  # type: ignore[assignment]
        if action.kind == "announce" and action.args[:1] == ("poignee",) and self.fft:
            if self.trick_no:
                raise IllegalAction(f"{action}: the poignée is shown just before one's first card (FFT rule 4)",
                                    code="poignee_too_late", params={"cite": "FFT rule 4"})
            if not self._show_step(seat, action):
                self._announce_poignee(seat, action)
            return
        if self.fft and self._show_step(seat, action):  # 'done' ends a poignée shown card by card
            return
        raise IllegalAction(f"{action}: it is time to play a card ('play CARD', §9)", code="play_expected",
                            params={"cite": "seed 001, §9"})

    def _checked_card(self, action: Action | str) -> int:
        """The id of the card a ``play`` action names, after checking it (IllegalAction naming the rule);
        -1 when the action was another kind, applied (or refused) by :meth:`GameState.apply`."""
        try:
            parsed = parse_action(action)
            c = Card.parse(parsed.args[0]).id if parsed.kind == "play" and len(parsed.args) == 1 else -1
        except NotationError as exc:
            raise notation_refusal(action, exc) from None
        if c < 0:
            GameState.apply(cast(GameState, self), parsed)
            return -1
        seat: int = self.current_player  # type: ignore[assignment]
        if self.shower == seat:
            raise IllegalAction(f"{echo_action(action)}: finish showing your poignée first: 'announce poignee T…' or 'done' "
                                "(FFT rule 4)", code="poignee_unfinished", params={"cite": "FFT rule 4"})
        hand = self.hands[seat]
        if not hand >> c & 1:
            raise IllegalAction(f"{echo_action(action)}: {CARDS[c].code} is not in your hand", code="not_in_hand",
                                params={"card": CARDS[c].code})
        allowed = self._play_mask(seat)
        if not allowed >> c & 1:
            raise play_refusal(cast(TarotFields, self), echo_action(action), c, allowed)
        return c

    def _end_trick(self) -> None:
        """Give the trick to its winner's side; the Excuse rules of §9.3, §9.4 and D11, D12, D20."""
        side, trick = self.side, self.trick
        piles = list(self.piles)  # a new list: clones share the old one
        winner = self.win
        tmask = sum(map(_BIT_OF, trick))  # distinct bits: their sum is their union (one C loop)
        last = self.trick_no == self.ntricks - 1
        ex_seat = self.ex_seat
        excuse_to = None  # where the Excuse of this trick goes, for the narration: winner, owner or opposite
        if ex_seat < 0:
            wside = side[winner]
            piles[wside] |= tmask
        else:
            owner = side[ex_seat]
            if last and self.tricks_won[1 - owner] == 0 and (self.fft or owner == ATTACK):
                # Seed 001: "L'Excuse peut se jouer au dernier tour uniquement dans le cas de Capot. Cette
                # carte remporte alors le pli" (D12: the attack only); FFT rule 5: it wins in a chelem.
                winner, wside = ex_seat, owner
                piles[owner] |= tmask
                excuse_to = "winner"
            elif last:
                wside = side[winner]
                if self.fft:  # D20: "change de camp", to the side opposite its owner, no low card given
                    piles[wside] |= tmask & ~EXCUSE_BIT
                    piles[1 - owner] |= EXCUSE_BIT
                    excuse_to = "opposite"
                else:  # seed 001: "revient au gagnant de ce pli"
                    piles[wside] |= tmask
                    excuse_to = "winner"
            else:
                wside = side[winner]
                piles[wside] |= tmask & ~EXCUSE_BIT
                piles[owner] |= EXCUSE_BIT  # it stays with its owner's side (§9.3)
                excuse_to = "owner"
                if owner != wside:
                    self.debt = owner
            self.ex_seat = -1
        debtor = self.debt
        if debtor >= 0:
            self._settle_excuse(piles)
        self.piles = piles
        if self._narrate:
            gave = debtor >= 0 and self.debt < 0  # a ½-point card went to the other side for the Excuse now
            self._emit("trick_won", seat=winner,
                       **trick_data(cast(TarotFields, self), wside, ex_seat, excuse_to, gave))
        if last:
            self._petit_au_bout(winner, tmask, ex_seat)
        won = self.tricks_won
        self.tricks_won = [won[0] + 1, won[1]] if wside == ATTACK else [won[0], won[1] + 1]
        self.history += ((self.leader, trick, winner),)
        self.played |= tmask
        self.trick = ()
        self.trick_no += 1
        self.led = self.best = -1
        if self.fft:  # (the seed variant never needs the slow path: _special stays False)
            self._special = self.slam_announced and bool(self.hands[self.taker] & EXCUSE_BIT)
        if last:
            self._end_play()
        else:
            self.leader = self.current_player = winner

    def _settle_excuse(self, piles: list[int]) -> None:
        """The Excuse's owner side gives a ½-point card from its won cards (``piles``, the trick's new
        list) once it has one (§9.3, D11)."""
        debtor = self.debt
        lows = piles[debtor] & LOW_CARDS
        if lows:
            low = lows & -lows
            piles[debtor] ^= low
            piles[1 - debtor] |= low
            self.debt = -1

    def _petit_au_bout(self, winner: int, tmask: int, ex_seat: int) -> None:
        """Who earns the petit au bout (seed D13; FFT rule 3 and its chelem case of rule 5)."""
        names = ("attack", "defence")
        if not self.fft:
            # Seed 001: "remporter le dernier Pli avec le Petit": the Petit must be the winning card.
            if winner != ex_seat and self.best == PETIT:
                self.pab = names[self.side[winner]]
        elif tmask & PETIT_BIT:
            self.pab = names[self.side[winner]]  # FFT rule 3: the Petit is in the last trick
        elif winner == ex_seat and self.history and PETIT in self.history[-1][1]:
            self.pab = names[self.side[self.history[-1][2]]]  # rule 5: the next-to-last trick counts
