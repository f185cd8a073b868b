"""Mistigri: the state of a match (coups in turn, chips, the pool) and the phases of a coup.

Phases of a coup: ``trump`` (the dealer names trumps after turning the Mistigri), ``speaking``
(each player once, from the dealer's right), ``reveal`` (Lanturlu shown at the end of the round),
``play`` (five tricks among the engaged players). Seed 003; spec mistigri.md.

Chips are never created or lost: ``sum(stacks) + pool + sum(pending) + carry`` is constant.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any, Final

from atout.core.actions import Action
from atout.core.cards import CARDS, Card, Suit
from atout.core.cardset import codes, ids, mask
from atout.core.errors import IllegalAction, NotationError
from atout.core.protocol import DealLog, Observation, PhasedState, Score, check_seat
from atout.core.rng import clone_rng, make_rng, new_seed
from atout.games.mistigri.chips import SHARES, share_pool, trick_value
from atout.games.mistigri.dealing import Deal, new_pack, parse_deal, shuffled_deal
from atout.games.mistigri.rules import (
    HAND,
    MISTIGRI,
    MistigriRules,
    is_lanturlu,
    legal_cards,
    trick_winner,
    trump_key,
    trump_mask,
)

SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
PLAY = tuple(Action("play", (c.code,)) for c in CARDS)
EXCHANGE = tuple(Action("exchange_retourne", (c.code,)) for c in CARDS)
NAME_TRUMP = tuple(Action("name_trump", (w,)) for w in SUIT_WORDS)
PLAY_HAND, TAKE_FILLE, PASS = Action("play_hand"), Action("take_fille"), Action("pass")
REVEAL, NO_REVEAL = Action("reveal_lanturlu"), Action("no_reveal")
TRICKS = HAND
MAX_EXTRA_COUPS = 20  # D16: safety cap on the coups played to empty the pool, then refund


#: Hands whose draw actions are kept (least recently used first out), so that memory stays flat however many
#: deals are played. A hand's draws are asked twice a decision (legal_actions, then apply's check) and seldom
#: again, so 128 entries keep those hits (about half the calls) in ~0.3 MB; 4,096 entries held 10.8 MB for
#: 0.3% more hits and no speed (docs/benchmarks.md). Refilling an entry costs a few microseconds.
DRAW_CACHE_LIMIT: Final = 128


@lru_cache(maxsize=DRAW_CACHE_LIMIT)
def _draws(hand: int, k_max: int) -> tuple[Action, ...]:
    """Every ``draw`` of 1 to ``k_max`` cards of ``hand`` (the discards, by card id)."""
    cards = list(ids(hand))
    return tuple(Action("draw", tuple(CARDS[c].code for c in combo))
                 for k in range(1, k_max + 1) for combo in combinations(cards, k))


def _refuse(action: Action, why: str, code: str, cite: str, **params: Any) -> IllegalAction:
    """An IllegalAction naming the action, the rule and its source (seed 003 and the spec)."""
    return IllegalAction(f"{action}: {why} ({cite})", code=code, params={"action": str(action), "cite": cite, **params})


class MistigriState(PhasedState):
    """A match of Mistigri: ``deals`` coups (or ``tours`` complete rounds), then the pool is emptied."""

    game_name = "mistigri"
    #: The method that checks and applies a move, for each phase (see PhasedState).
    PHASE_HANDLERS = MappingProxyType({
        "trump": "_apply_trump",
        "speaking": "_apply_speaking",
        "reveal": "_apply_reveal",
        "play": "_apply_play",
    })
    hidden_action_args = frozenset({"draw", "exchange_retourne", "discard"})  # discards stay face down

    def __init__(
        self,
        rules: MistigriRules,
        variant: str,
        seed: int | None = None,
        deal: dict[str, Any] | list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        deals: int | None = 1,
    ) -> None:
        self.rules = rules
        self.variant = variant
        n = self.players = rules.players
        self.seed = new_seed() if seed is None else seed
        self.rng: random.Random = make_rng(self.seed)
        if deals is None:
            deals = rules.tours * n  # D15: complete tours
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError(f"deals must be a positive integer, not {deals!r}")
        self.deals_limit = deals
        self.given_deals = [deal] if isinstance(deal, dict) else list(deal or [])
        if dealer is None:
            dealer = self.rng.randrange(n)  # seed 003: the lowest card drawn deals, i.e. a seat by lot
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        self.stacks = [rules.start_chips] * n  # chips in front of each player (may go negative, D14)
        self.pending = [0] * n  # bête payments made for the next pool, by payer
        self.carry = 0  # chips left in the pool for the next coup (D12)
        self.pool = 0  # the pool of the coup in progress
        self.regular = 0  # coups dealt with a dealer's stake
        self.extra = 0  # coups dealt after the last one to empty the pool (D16)
        self.log: list[DealLog] = []
        self._events = []
        self._start_coup(dealer)

    # --- a new coup ------------------------------------------------------------------------------
    def _start_coup(self, dealer: int) -> None:
        n = self.players
        staking = self.regular < self.deals_limit
        stake = self.rules.dealer_stake if staking else 0  # D16: no stake while emptying the pool
        self.regular += staking
        self.extra += not staking
        self.start_stacks = list(self.stacks)
        betes = list(self.pending)
        self.noce = sum(betes) == 0  # spec §3: no bête in the pool, everybody must play
        self.stacks[dealer] -= stake
        self.stake = stake
        self.pool = stake + sum(betes) + self.carry
        self._emit("coup_started", seat=dealer, deal=len(self.log), pool=self.pool, stake=stake, betes=betes,
                   carry=self.carry, noce=self.noce)
        self.pending, self.carry = [0] * n, 0
        index = len(self.log)
        if index < len(self.given_deals):
            deal = parse_deal(self.given_deals[index], n)
        else:
            deal = shuffled_deal(new_pack(self.rng), n, dealer)
        self.log.append(DealLog(dealer=dealer, deal=deal.to_json()))
        self._setup(deal, dealer)

    def _setup(self, deal: Deal, dealer: int) -> None:
        n = self.players
        self.hands = list(deal.hands)
        self.fille = deal.fille
        self.retourne = deal.retourne  # face up, public for the whole coup
        self.retourne_taken = False
        self.talon = list(deal.talon)
        self.dead = [0] * n  # cards each seat laid aside (discards, the hand given for the fille): his alone
        self.order = [(dealer + k) % n for k in range(1, n + 1)]  # speaking order, the dealer last
        self.speak = 0  # index in order of the seat to speak
        self.status: list[str | None] = [None] * n  # 'play_hand', 'take_fille', 'draw', 'pass'
        self.drawn = [0] * n
        self.fille_taker: int | None = None
        self.reveal_queue: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.history: list[tuple[int, list[int], int]] = []  # (leader, cards, winner)
        self.won = [0] * n
        self.engaged: list[int] = []
        self.leader: int | None = None
        self.shown = 0  # a Lanturlu shown to the table
        self._to_move: int | None = None
        for seat in range(n):
            self._emit("hand_dealt", seat=seat, to=seat, cards=codes(self.hands[seat]))
        self._emit("retourne_shown", seat=dealer, card=CARDS[self.retourne].code)
        if self.retourne == MISTIGRI:
            self.trump: int | None = None  # seed 003: "il choisit la couleur de l'atout, après avoir vu son jeu"
            self._phase, self._to_move = "trump", dealer
        else:
            self.trump = self.retourne // 14
            self._phase, self._to_move = "speaking", self.order[0]

    # --- speaking (§5) ---------------------------------------------------------------------------
    def _all_before_passed(self, seat: int) -> bool:
        before = self.order[: self.order.index(seat)]
        return bool(before) and all(self.status[s] == "pass" for s in before)

    def _speaking_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        is_dealer = seat == self.dealer
        out: list[Action] = []
        if is_dealer and not self.retourne_taken:
            # The dealer may take the retourne against a card of his hand, then speak (D5).
            out += [EXCHANGE[c] for c in ids(hand)]
        forced_left = (self.rules.left_of_dealer_must_play and not self.noce and seat == self.order[-2]
                       and self._all_before_passed(seat))
        out.append(PLAY_HAND)
        if self.fille_taker is None and not self.retourne_taken:
            out.append(TAKE_FILLE)
        k_max = min(HAND, len(self.talon) - 1)  # D4: the bottom card is never drawn
        if not forced_left and k_max > 0:
            out += _draws(hand, k_max)
        if not self.noce and not forced_left and not self.retourne_taken:
            out.append(PASS)
        if is_lanturlu(hand):
            out.append(REVEAL)
        return out

    def _apply_speaking(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        legal = self._speaking_actions(seat)
        if action.kind == "draw":  # the discards in any order
            try:
                action = Action("draw", tuple(c.code for c in sorted(action.cards())))
            except NotationError as exc:
                raise _refuse(action, str(exc), "bad_card", "notation") from None
        if action in legal:
            self._do_speak(seat, action)
            return
        cite = "seed 003, mistigri.md §5"
        kind = action.kind
        if kind == "pass" and self.noce:
            raise _refuse(action, "nobody may pass in a coup de noce: there is no bête in the pool", "noce_no_pass",
                          "seed 003 'tout le monde est obligé de jouer', mistigri.md §3")
        if (kind in ("pass", "draw") and self.rules.left_of_dealer_must_play and seat == self.order[-2]
                and self._all_before_passed(seat)):
            raise _refuse(action, "everybody before you passed: you must play your hand or take the fille",
                          "left_must_play", "seed 003 'obligé de prendre la fille ou de jouer avec son jeu', §10")
        if kind == "take_fille":
            why = "the dealer who took the retourne may no longer take the fille" if self.retourne_taken \
                else f"seat {self.fille_taker} has already taken the fille"
            raise _refuse(action, why, "fille_unavailable", "seed 003 'si cela n'a pas été fait', mistigri.md §5, D6")
        if kind == "pass" and self.retourne_taken:
            raise _refuse(action, "the dealer who took the retourne plays", "must_play", "mistigri.md D5")
        if kind == "exchange_retourne":
            if seat != self.dealer:
                raise _refuse(action, "only the dealer may take the retourne", "dealer_only", "seed 003, §5")
            if self.retourne_taken:
                raise _refuse(action, "the retourne is already in your hand", "retourne_taken", "mistigri.md D5")
            self._check_cards(action, seat, 1)
        if kind == "draw":
            k_max = min(HAND, len(self.talon) - 1)
            if k_max < 1:
                raise _refuse(action, "no card may be drawn from the talon", "talon_empty",
                              "seed 003 'on ne donne pas de cartes', mistigri.md D4", drawable=0)
            self._check_cards(action, seat, None)
            raise _refuse(action, f"ask for 1 to {k_max} cards", "draw_count",
                          "seed 003 'jusqu'à cinq s'il en reste', mistigri.md D4", drawable=k_max)
        if kind == "reveal_lanturlu":
            raise _refuse(action, "your hand is not a Lanturlu (five of a suit, the Mistigri wild)", "not_lanturlu",
                          "seed 003, Lanturlu, mistigri.md §6")
        expected = sorted({a.kind for a in legal})
        raise _refuse(action, f"in the speaking round you may {', '.join(expected)}", "unexpected_action",
                      cite, expected=expected)

    def _check_cards(self, action: Action, seat: int, count: int | None) -> list[int]:
        try:
            cards = [c.id for c in action.cards()]
        except NotationError as exc:
            raise _refuse(action, str(exc), "bad_card", "notation") from None
        for c in cards:
            if not self.hands[seat] >> c & 1:
                raise _refuse(action, f"{CARDS[c].code} is not in your hand", "not_in_hand", "seed 003", card=CARDS[c].code)
        if len(set(cards)) != len(cards) or (count is not None and len(cards) != count):
            raise _refuse(action, f"name {count or 'distinct'} card(s) of your hand", "bad_cards", "seed 003")
        return cards

    def _do_speak(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "exchange_retourne":
            out = Card.parse(action.args[0]).id
            self.hands[seat] = self.hands[seat] & ~(1 << out) | 1 << self.retourne
            self.dead[seat] |= 1 << out
            self.retourne_taken = True
            self._emit("retourne_taken", seat=seat, card=CARDS[self.retourne].code)
            self._emit("discarded", seat=seat, to=seat, cards=[CARDS[out].code])
            return  # the dealer still speaks (D5)
        if kind == "reveal_lanturlu":
            self._lanturlu(seat)
            return
        if kind == "take_fille":
            self.dead[seat] |= self.hands[seat]
            self.hands[seat], self.fille = self.fille, 0
            self.fille_taker = seat
            self._emit("fille_taken", seat=seat)
            self._emit("fille_received", seat=seat, to=seat, cards=codes(self.hands[seat]))
        elif kind == "draw":
            discards = [Card.parse(a).id for a in action.args]
            got, self.talon = self.talon[: len(discards)], self.talon[len(discards) :]
            self.hands[seat] = self.hands[seat] & ~mask(discards) | mask(got)
            self.dead[seat] |= mask(discards)
            self.drawn[seat] = len(discards)
            self._emit("cards_drawn", seat=seat, count=len(discards))
            self._emit("cards_received", seat=seat, to=seat, cards=[CARDS[c].code for c in got],
                       discards=[CARDS[c].code for c in discards])
        elif kind == "pass":
            self._emit("passed", seat=seat)
        else:
            self._emit("hand_played", seat=seat)
        self.status[seat] = "draw" if kind == "draw" else kind
        self._next_speaker()

    def _next_speaker(self) -> None:
        self.speak += 1
        if self.speak < self.players:
            seat = self.order[self.speak]
            if not (seat == self.dealer and not self.noce and self._all_before_passed(seat)):
                self._to_move = seat
                return
        # End of the round: Lanturlu holders may still show, in speaking order (D7, D8).
        alone = not self.noce and all(self.status[s] == "pass" for s in self.order[:-1])
        self.reveal_queue = [s for s in self.order if is_lanturlu(self.hands[s]) and not (alone and s == self.dealer)]
        self._next_reveal()

    def _next_reveal(self) -> None:
        if self.reveal_queue:
            self._phase, self._to_move = "reveal", self.reveal_queue.pop(0)
            return
        self.engaged = [s for s in self.order if self.status[s] not in (None, "pass")]
        if not self.engaged:
            self._award(self.dealer, "dealer_alone", [])  # seed 003: "le donneur étant seul ramasse tout"
        elif len(self.engaged) == 1:
            self._award(self.engaged[0], "alone", [])  # D18
        else:
            self._phase, self._to_move = "play", self.engaged[0]  # D9: the first engaged player leads
            self.leader = self.engaged[0]
            self._emit("play_started", seat=self.leader, engaged=list(self.engaged), trick_value=trick_value(self.pool))

    def _apply_reveal(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action == REVEAL:
            self._lanturlu(seat)
        elif action == NO_REVEAL:
            self._next_reveal()
        else:
            raise _refuse(action, "before the first lead: 'reveal_lanturlu' or 'no_reveal'", "unexpected_action",
                          "mistigri.md D7", expected=["no_reveal", "reveal_lanturlu"])

    def _lanturlu(self, seat: int) -> None:
        """Seed 003: "Celui qui a Lanturlu gagne tout ce qui est sur le jeu"; the engaged are bêtes (§6)."""
        self.shown = self.hands[seat]
        self._emit("lanturlu_shown", seat=seat, cards=codes(self.shown))
        if self.noce:
            betes = [s for s in self.order if s != seat]  # "tout le monde serait bête, excepté celui [...]"
        else:
            betes = [s for s in self.order if s != seat and self.status[s] not in (None, "pass")]
        self._award(seat, "lanturlu", betes)

    # --- play (§7) -------------------------------------------------------------------------------
    def _play_mask(self, seat: int) -> tuple[int, str, str]:
        assert self.trump is not None
        hand = self.hands[seat]
        if not self.trick and len(self.history) == 1 and self.rules.cascaret_trump_second:
            trumps = hand & trump_mask(self.trump)
            if trumps:  # §10: the first to win a trick leads a trump to the next
                return trumps, "must_lead_trump", "the first trick's winner must lead a trump ('atout en second')"
        return legal_cards(hand, self.trick, self.trump)

    def _apply_play(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None and self.trump is not None
        if action.kind != "play" or len(action.args) != 1:
            raise _refuse(action, "it is time to play a card ('play CARD')", "unexpected_action", "mistigri.md §7",
                          expected=["play"])
        card = self._check_cards(action, seat, 1)[0]
        allowed, code, rule = self._play_mask(seat)
        if not allowed >> card & 1:
            cite = "seed 003 §10, mistigri.md §10" if code == "must_lead_trump" else "mistigri.md §7, D10 (Rams rules)"
            raise _refuse(action, f"{rule}; you may play {' '.join(codes(allowed))}", code, cite, cards=codes(allowed))
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self._emit("card_played", seat=seat, card=CARDS[card].code)
        if len(self.trick) < len(self.engaged):
            self._to_move = self.engaged[(self.engaged.index(seat) + 1) % len(self.engaged)]
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump)]
        assert self.leader is not None
        self.history.append((self.leader, self.trick, winner))
        self.won[winner] += 1
        self._emit("trick_won", seat=winner, trick=len(self.history), cards=codes(mask(self.trick)),
                   played=[[s, CARDS[c].code] for s, c in zip(self.trick_seats, self.trick, strict=True)])
        self.trick, self.trick_seats = [], []
        self.leader = self._to_move = winner
        if len(self.history) == TRICKS:
            self._pay_tricks()

    # --- chips (§8) ------------------------------------------------------------------------------
    def _pay_tricks(self) -> None:
        """Each trick takes its share, the privileged card's two; engaged players with no trick are bêtes."""
        assert self.trump is not None
        payout = share_pool(self.pool, [cards for _, cards, _ in self.history], self.trump)
        takings = [0] * self.players
        for (_, _, winner), share in zip(self.history, payout.shares, strict=True):
            takings[winner] += share
            self.stacks[winner] += share
        self.pool -= payout.paid
        betes = [s for s in self.engaged if self.won[s] == 0]
        tricks = [
            {"winner": w, "cards": [CARDS[c].code for c in cards], "share": share}
            for (_, cards, w), share in zip(self.history, payout.shares, strict=True)
        ]
        privileged = None if payout.privileged is None else CARDS[payout.privileged].code
        self._finish("tricks", None, takings, betes, tricks=tricks, privileged=privileged)

    def _award(self, seat: int, how: str, betes: list[int]) -> None:
        """The whole pool to one player (Lanturlu, or alone in the coup); ``betes`` pay the pool."""
        takings = [0] * self.players
        takings[seat] = self.pool
        self.stacks[seat] += self.pool
        self._emit("pool_taken", seat=seat, chips=self.pool, reason=how)
        self.pool = 0
        self._finish(how, seat, takings, betes, tricks=[], privileged=None)

    def _finish(self, how: str, winner: int | None, takings: list[int], betes: list[int], **data: Any) -> None:
        """Bêtes pay, the remainder is carried, the row is written; then the next coup or the end."""
        pool = sum(takings) + self.pool  # the pool this coup started with
        for s in betes:  # seed 003: "sur les dix-huit jetons, il devra en mettre dix-huit"
            self.stacks[s] -= pool
            self.pending[s] += pool
            self._emit("bete", seat=s, pays=pool)
        self.carry, self.pool = self.pool, 0
        carry = self.carry
        dealer = self.dealer
        more = self.regular < self.deals_limit or (
            self.rules.end_pot == "liquidate" and self.extra < MAX_EXTRA_COUPS
            and (sum(self.pending) > 0 or self.carry >= SHARES))
        refunds = [0] * self.players
        carry_to = None
        if not more and sum(self.pending) + self.carry > 0:
            # D16: at the end, pending bêtes go back to their payers; a carry too small to make a
            # trick (or any carry under 'refund') goes to the last dealer, who "étant seul ramasse tout".
            refunds = list(self.pending)
            for s in range(self.players):
                self.stacks[s] += refunds[s]
            if self.carry:
                carry_to = dealer
                self.stacks[dealer] += self.carry
            self.pending, self.carry = [0] * self.players, 0
            self._emit("pool_settled", seat=dealer, refunds=refunds, carry=carry, carry_to=carry_to)
        row: list[Score] = [a - b for a, b in zip(self.stacks, self.start_stacks, strict=True)]
        self.log[-1].result = row
        self._emit(
            "deal_scored", seat=dealer, deal=len(self.log) - 1, stake=self.stake, how=how, winner=winner, pool=pool,
            trick_value=trick_value(pool), noce=self.noce, tricks_won=list(self.won), takings=takings,
            betes=[{"seat": s, "pays": pool} for s in betes], carry=carry, refunds=refunds, carry_to=carry_to,
            row=list(row), stacks=list(self.stacks), next_pool=sum(self.pending) + self.carry, **data,
        )
        self._phase, self._to_move = "over", None
        if more:
            self._start_coup((dealer + 1) % self.players)  # D2: the deal passes to the right
        else:
            self._emit("match_over", totals=self.returns(), stacks=list(self.stacks))

    # --- protocol --------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if seat is None:
            return []
        if self._phase == "play":
            return [PLAY[c] for c in ids(self._play_mask(seat)[0])]
        if self._phase == "speaking":
            return self._speaking_actions(seat)
        if self._phase == "reveal":
            return [NO_REVEAL, REVEAL]
        return list(NAME_TRUMP)


    def _apply_trump(self, action: Action) -> None:
        if action.kind != "name_trump" or len(action.args) != 1:
            raise _refuse(action, "the Mistigri was turned: name the trump suit ('name_trump hearts')",
                          "unexpected_action", "seed 003, mistigri.md §4", expected=["name_trump"])
        try:
            suit = Suit.parse(action.args[0])
        except NotationError as exc:
            raise _refuse(action, str(exc), "bad_suit", "seed 003, mistigri.md §4") from None
        self.trump = int(suit)
        self._emit("trump_named", seat=self.dealer, suit=SUIT_WORDS[suit])
        self._phase, self._to_move = "speaking", self.order[0]

    def returns(self) -> list[Score]:
        """Each seat's net chips over the match: its stack now against the 30 it started with (D14)."""
        return [s - self.rules.start_chips for s in self.stacks]

    def chips_in_play(self) -> int:
        """Stacks, pool, pending bêtes and carry: always ``players * start_chips`` (nothing created or lost)."""
        return sum(self.stacks) + self.pool + sum(self.pending) + self.carry

    def observation(self, seat: int) -> Observation:
        check_seat(self, seat)
        public: dict[str, Any] = {
            "deal": len(self.log) - 1,
            "dealer": self.dealer,
            "order": list(self.order),
            "trump": None if self.trump is None else SUIT_WORDS[self.trump],
            "retourne": CARDS[self.retourne].code,
            "retourne_taken": self.retourne_taken,
            "pool": self.pool,
            "trick_value": trick_value(self.pool),
            "noce": self.noce,
            "stacks": list(self.stacks),
            "pending": list(self.pending),
            "carry": self.carry,
            "status": list(self.status),
            "drawn": list(self.drawn),
            "fille_taker": self.fille_taker,
            "talon_size": len(self.talon),
            "engaged": list(self.engaged),
            "leader": self.leader,
            "trick": [[s, CARDS[c].code] for s, c in zip(self.trick_seats, self.trick, strict=True)],
            "tricks": [{"leader": ld, "cards": [CARDS[c].code for c in cs], "winner": w} for ld, cs, w in self.history],
            "tricks_won": list(self.won),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "lanturlu": codes(self.shown),
            "laid_aside": codes(self.dead[seat]),  # this seat's own discards or given-up hand
            "last_row": self.last_row(),
        }
        return self._observation(seat, self.hands[seat], public)

    def card_strength(self, card: Card) -> int:
        """Seed 003's order: the Mistigri above all, then K Q J A 10 9 8 7 (rules.trump_key)."""
        return trump_key(card.id) if card.id < 56 else 0

    def known_cards(self, seat: int) -> int:
        """Own hand and own discards, the retourne, the cards played, a Lanturlu shown."""
        known = self.hands[seat] | self.dead[seat] | 1 << self.retourne | mask(self.trick) | self.shown
        for _, cards, _ in self.history:
            known |= mask(cards)
        return known

    def clone(self) -> MistigriState:
        new = object.__new__(MistigriState)
        new.__dict__.update(self.__dict__)
        new.rng = clone_rng(self.rng)
        for name in ("stacks", "pending", "start_stacks", "hands", "talon", "dead", "order", "status", "drawn",
                     "reveal_queue", "trick", "trick_seats", "history", "won", "engaged", "_events"):
            setattr(new, name, list(getattr(self, name)))
        new.log = [replace(d, actions=list(d.actions)) for d in self.log]
        return new

    def match_header(self) -> dict[str, Any]:
        return {"deals": self.deals_limit}
