"""La Triomphe: the state of a match (one or more deals) and its phases.

Phases of a deal: ``pillage`` (As qui pille only), ``concession`` (base game), ``play``,
``vole`` (the decision after winning the first three tricks). Seed 002; spec triomphe.md.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card, Suit
from atout.core.cardset import codes, ids, mask
from atout.core.errors import IllegalAction, RecordError, clip
from atout.core.options import check_int, check_seat_arg
from atout.core.packs import PIQUET32
from atout.core.protocol import MAX_DEALS, MAX_TARGET, DealLog, Observation, PhasedState, Score, check_seat
from atout.core.rng import clone_rng, make_rng, new_seed
from atout.games.triomphe.rules import TriompheRules, legal_cards, strength_table, trick_winner

CONCEDE = Action("concede")
NO_CONCESSION = Action("no_concession")
ACCEPT = Action("accept")
REFUSE = Action("refuse")
STOP = Action("stop")
VOLE = Action("vole")
PLAY = tuple(Action("play", (c.code,)) for c in CARDS)
PILLAGE = tuple(Action("pillage", (c.code,)) for c in CARDS)

TRICKS = 5  # five cards each, five tricks
#: Error codes of the rules :func:`legal_cards` names (seed 002, §5).
_PLAY_CODES = {
    "must follow suit": "must_follow",
    "must follow suit and beat the card winning the trick ('monter')": "must_follow_higher",
    "void in the suit led: must overtrump ('couper' and 'monter')": "must_overtrump",
    "void in the suit led: must trump ('couper'), even under a higher trump": "must_trump",
}


class TriompheState(PhasedState):
    """A match of La Triomphe: deals until ``deals`` are played or a side reaches ``target``."""

    game_name = "triomphe"
    #: The method that checks and applies a move, for each phase (see PhasedState).
    PHASE_HANDLERS = MappingProxyType({
        "play": "_apply_play",
        "pillage": "_apply_pillage",
        "concession": "_apply_concession",
        "vole": "_apply_vole",
    })
    hidden_action_args = frozenset({"pillage"})  # the card put under the stock stays hidden

    def __init__(
        self,
        rules: TriompheRules,
        variant: str,
        seed: int | None = None,
        deal: dict[str, Any] | list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        deals: int | None = 1,
        target: int | None = None,
        scores: list[int] | None = None,
    ) -> None:
        self.rules = rules
        self.variant = variant
        self.players = rules.players
        self.seed = new_seed() if seed is None else seed
        self.rng: random.Random = make_rng(self.seed)
        if deals is None and target is None:
            raise ValueError("a match needs a number of deals, a target score, or both")
        if deals is not None:
            check_int("deals", deals, minimum=1)  # never a bool: True is not one deal
        if target is not None:
            check_int("target", target, minimum=1)
        self.deals_limit = deals
        self.target = target
        #: The match ends after this many deals even if no side has reached the target (scores go up and
        #: down: a target alone could run forever); the side ahead then wins, as ``returns`` says.
        self.max_deals = deals if deals is not None else MAX_DEALS
        self.strength = strength_table(rules.aces_high)
        #: Rank codes high to low, as shown to players (seed 002).
        self.order = ["A", "K", "Q", "J", "10", "9", "8", "7"] if rules.aces_high else ["K", "Q", "J", "A", "10", "9", "8", "7"]
        n_sides = rules.sides
        if scores is None:
            scores = [0] * n_sides
        top = target - 1 if target is not None else MAX_TARGET  # a starting score has not reached the target
        if (not isinstance(scores, list | tuple) or len(scores) != n_sides
                or any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= top for s in scores)):
            raise ValueError(f"scores must be {n_sides} integers 0..{top} (one per side"
                             f"{', below the target' if target is not None else ''}), not {clip(scores)}")
        self.start_scores = list(scores)
        self.scores = list(scores)  # per side: "jeux" marked
        self.debts = [0] * n_sides  # §9.5: points owed before new ones are marked
        if deal is not None and not isinstance(deal, dict | list | tuple):
            raise RecordError(f"deal must be a deal object or a list of them, not {clip(deal)}", "bad_deal")
        self.given_deals = [deal] if isinstance(deal, dict) else list(deal or [])
        for i, one in enumerate(self.given_deals):  # every explicit deal checked now, not when reached
            try:
                self._parse_deal(one)
            except RecordError as exc:
                raise RecordError(f"deal {i}: {exc}", exc.code, {**exc.params, "deal": i}) from None
        if dealer is None:
            dealer = self.rng.randrange(self.players)  # seed 002: "le donneur, désigné par le sort"
        check_seat_arg("dealer", dealer, self.players)
        self._events = []  # language-free events for atout.present (see events())
        self.log: list[DealLog] = []
        self._start_deal(dealer)

    # --- dealing ---------------------------------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        n = self.players
        index = len(self.log)
        if index < len(self.given_deals):
            hands, turnup, stock = self._parse_deal(self.given_deals[index])
        else:
            pack = [c.id for c in PIQUET32.cards]
            self.rng.shuffle(pack)
            hands = [0] * n
            pos = 0
            for packet in self.rules.deal_packets:  # D4: packets of 3 then 2, eldest first
                for k in range(n):
                    seat = (dealer + 1 + k) % n
                    hands[seat] |= mask(pack[pos : pos + packet])
                    pos += packet
            turnup, stock = pack[pos], pack[pos + 1 :]  # seed 002: "retourne la onzième" (at two)
        self.hands = hands
        self.stock = list(stock)  # undealt cards below the turn-up, top first
        self.under: list[int] = []  # cards put under the stock by a pillage, never turned again
        self.turnup: int | None = turnup
        self.trump = turnup // 14  # seed 002: the turned card "est l'atout ou triomphe"
        self.eldest = (dealer + 1) % n
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.eldest
        self.history: list[tuple[int, list[int], int]] = []  # (leader, cards, winner) per trick
        self.won = [0] * n  # tricks per seat
        self.vole_side: int | None = None  # side playing for the vole (undertaken or after a refusal)
        self.refused = False  # the vole side is bound by a refused concession
        self.concession: dict[str, Any] = {}
        self.pillager: int | None = None
        self.pillaged: list[int] = []  # cards taken by the pillager: they were face up, so public
        self.deal_over = False
        self.log.append(
            DealLog(
                dealer=dealer,
                deal={
                    "hands": [codes(h) for h in hands],
                    "turnup": CARDS[turnup].code,
                    "stock": [CARDS[c].code for c in stock],
                },
            )
        )
        self._to_move: int | None = self.eldest
        self._phase = "play"
        self._emit("deal_started", seat=dealer, deal=len(self.log), dealer=dealer, turnup=CARDS[turnup].code,
                   trump=Suit(self.trump).letter)
        if self.rules.pillage:
            self._open_pillage(dealer)
        elif not self.rules.each_for_himself:
            self._phase = "concession"  # §4, D6: eldest's side first
            self.concession = {"stage": "offer", "side_turn": 0}

    def _parse_deal(self, deal: dict[str, Any]) -> tuple[list[int], int, list[int]]:
        """Check an explicit deal: five cards each, the turn-up, the rest of the stock in order."""
        n = self.players
        if not isinstance(deal, dict):
            raise RecordError(f"a Triomphe deal is an object with hands, turnup, stock, not {type(deal).__name__}",
                              "bad_deal", {"fields": ["hands", "turnup", "stock"]})
        missing = {"hands", "turnup"} - set(deal)
        if missing:
            raise RecordError(f"deal lacks {', '.join(sorted(missing))}", "deal_lacks", {"fields": sorted(missing)})
        try:
            raw_hands = deal["hands"]
            if not isinstance(raw_hands, list) or len(raw_hands) != n:
                raise RecordError(f"deal needs {n} hands, got {clip(raw_hands)}", "hands_count", {"hands": n})
            if not all(isinstance(h, list) for h in raw_hands) or not isinstance(deal.get("stock", []), list):
                raise RecordError("each hand and the stock are lists of card codes", "bad_pile", {"pile": "hands"})
            hands_cards = [[Card.parse(c) for c in h] for h in raw_hands]
            turnup = Card.parse(deal["turnup"])
            stock = [Card.parse(c) for c in deal.get("stock", [])]
        except (TypeError, AttributeError, ValueError) as exc:
            raise (exc if isinstance(exc, RecordError)  # the hands' own checks above: not a card's
                   else RecordError(f"bad card in deal: {exc}", "bad_card", {"detail": str(exc)})) from None
        seen: set[int] = set()
        for c in [x for h in hands_cards for x in h] + [turnup] + stock:
            if not PIQUET32.contains(c):
                raise RecordError(f"{c.code} is not in the 32-card piquet pack", "card_not_in_pack", {"card": c.code, "pack": 32})
            if c.id in seen:
                raise RecordError(f"{c.code} is dealt twice", "card_twice", {"card": c.code})
            seen.add(c.id)
        for seat, h in enumerate(hands_cards):
            if len(h) != TRICKS:
                raise RecordError(f"hand {seat} has {len(h)} cards; each player gets five (seed 002)", "wrong_size",
                                  {"pile": "hand", "seat": seat, "count": len(h), "want": TRICKS, "cite": "seed 002"})
        expected_stock = 32 - TRICKS * n - 1
        if "stock" in deal and len(stock) != expected_stock:
            raise RecordError(f"stock has {len(stock)} cards, expected {expected_stock}", "wrong_size",
                              {"pile": "stock", "count": len(stock), "want": expected_stock})
        if "stock" not in deal:  # a hand-written case may omit the stock: the rest, in pack order
            stock = [c for c in PIQUET32.cards if c.id not in seen]
        return [mask(h) for h in hands_cards], turnup.id, [c.id for c in stock]

    # --- pillage (§9.3) -------------------------------------------------------------------------
    def _open_pillage(self, dealer: int) -> None:
        """Seed 002: the dealer pillages a turned Ace; otherwise the holder of the trump Ace may."""
        assert self.turnup is not None
        ace = self.trump * 14  # the Ace of the trump suit (rank 1)
        if self.turnup == ace:
            self.pillager = dealer
        else:
            holders = [s for s in range(self.players) if self.hands[s] >> ace & 1]
            self.pillager = holders[0] if holders else None
        if self.pillager is not None:
            self._phase = "pillage"
            self._to_move = self.pillager

    def _pillage_actions(self) -> list[Action]:
        assert self.pillager is not None and self.turnup is not None
        # Take the turned card, putting any other card of the hand under the stock; or stop.
        return [PILLAGE[c] for c in ids(self.hands[self.pillager])] + [STOP]

    def _apply_pillage(self, action: Action) -> None:
        assert self.pillager is not None and self.turnup is not None
        if action == STOP:
            self._end_pillage()
            return
        if action.kind != "pillage" or len(action.args) != 1:
            raise IllegalAction(f"{action}: in the pillage, 'pillage CARD' (the card put under the stock) or 'stop'",
                                code="pillage_expected", params={"cite": "seed 002, §9.3"})
        card = Card.parse(action.args[0])
        if not self.hands[self.pillager] >> card.id & 1:
            raise IllegalAction(f"{action}: {card.code} is not in your hand", code="not_in_hand", params={"card": card.code})
        taken = self.turnup
        self.hands[self.pillager] = self.hands[self.pillager] & ~(1 << card.id) | (1 << taken)
        self.under.append(card.id)
        self.pillaged.append(taken)
        self._emit("pillaged", seat=self.pillager, card=CARDS[taken].code)
        self._emit("put_under", seat=self.pillager, to=self.pillager, card=card.code)
        # Turn the next card: while it is a trump the pillager may take it too ("en tournant sans
        # interruption"); cards put under are never turned again (D10).
        if self.stock:
            self.turnup = self.stock.pop(0)
            if self.turnup // 14 != self.trump:
                self._end_pillage()  # D15: the first card of another suit stays face up, dead
        else:
            self.turnup = None
            self._end_pillage()

    def _end_pillage(self) -> None:
        self._emit("pillage_over", seat=self.pillager, turnup=None if self.turnup is None else CARDS[self.turnup].code)
        self._phase = "play"
        self._to_move = self.eldest

    # --- concession (§4) ------------------------------------------------------------------------
    def _first_of_side(self, side: int) -> int:
        """The side's first player in turn order from eldest (D6)."""
        for k in range(self.players):
            seat = (self.eldest + k) % self.players
            if self.rules.side_of(seat) == side:
                return seat
        raise AssertionError("empty side")

    def _concession_decider(self) -> int:
        c = self.concession
        eldest_side = self.rules.side_of(self.eldest)
        if c["stage"] == "offer":
            side = eldest_side if c["side_turn"] == 0 else 1 - eldest_side
        else:
            side = 1 - c["by_side"]
        return self._first_of_side(side)

    def _apply_concession(self, action: Action) -> None:
        c = self.concession
        seat = self._to_move
        assert seat is not None
        side = self.rules.side_of(seat)
        if c["stage"] == "offer":
            if action == CONCEDE:
                self._emit("conceded", seat=seat, side=side)
                self.concession = {"stage": "answer", "by_side": side, "by": seat}
                self._to_move = self._concession_decider()
            elif action == NO_CONCESSION:
                self._emit("no_concession", seat=seat, side=side)
                if c["side_turn"] == 0:
                    self.concession = {"stage": "offer", "side_turn": 1}
                    self._to_move = self._concession_decider()
                else:
                    self._begin_play()
            else:
                raise IllegalAction(f"{action}: before the lead a side may 'concede' or say 'no_concession' (§4)",
                                    code="concession_expected", params={"cite": "seed 002, §4"})
            return
        if action == ACCEPT:
            # Seed 002: "il gagne un jeu s'il l'accepte".
            self.concession = {**c, "answer": "accepted"}
            self._emit("concession_accepted", seat=seat, side=side)
            self._finish_deal({side: 1}, {}, "concession_accepted")
        elif action == REFUSE:
            # Seed 002: refusing commits the side to the vole: "il perd deux jeux, s'il ne fait pas la vole".
            self.concession = {**c, "answer": "refused"}
            self._emit("concession_refused", seat=seat, side=side)
            self.vole_side, self.refused = side, True
            self._begin_play()
        else:
            raise IllegalAction(f"{action}: the game was conceded to you: 'accept' or 'refuse' (§4)",
                                code="answer_expected", params={"cite": "seed 002, §4"})

    def _begin_play(self) -> None:
        self._phase = "play"
        self._to_move = self.eldest

    # --- play (§5, §6) --------------------------------------------------------------------------
    def _apply_play(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind != "play" or len(action.args) != 1:
            raise IllegalAction(f"{action}: it is time to play a card ('play CARD')", code="play_expected",
                                params={"cite": "seed 002, §5"})
        card = Card.parse(action.args[0])
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            raise IllegalAction(f"{action}: {card.code} is not in your hand", code="not_in_hand", params={"card": card.code})
        allowed, rule = legal_cards(hand, self.trick, self.trump, self.strength)
        if not allowed >> card.id & 1:
            options = " ".join(codes(allowed))
            led = self.trick[0] // 14
            code = _PLAY_CODES.get(rule, "illegal_card")
            params: dict[str, object] = {"played": card.code, "cards": codes(allowed), "suit": "SHDC"[led],
                      "trump": "SHDC"[self.trump], "cite": "seed 002, §5"}
            raise IllegalAction(f"{action}: {rule} (seed 002, §5); you may play {options}", code=code, params=params)
        self.hands[seat] = hand & ~(1 << card.id)
        self.trick.append(card.id)
        self.trick_seats.append(seat)
        self._emit("card_played", seat=seat, card=card.code, trick=len(self.history) + 1)
        if len(self.trick) < self.players:
            self._to_move = (seat + 1) % self.players
            return
        winner = self.trick_seats[trick_winner(self.trick, self.trump, self.strength)]
        self.history.append((self.leader, self.trick, winner))
        self.won[winner] += 1
        self._emit("trick_won", seat=winner, trick=len(self.history), leader=self.leader,
                   cards=[CARDS[c].code for c in self.trick], seats=list(self.trick_seats), tricks=list(self.won),
                   side_tricks=[self._side_tricks(s) for s in range(self.rules.sides)],
                   winner_side=self.rules.side_of(winner))
        self.trick, self.trick_seats = [], []
        self.leader = self._to_move = winner
        self._after_trick(winner)

    def _side_tricks(self, side: int) -> int:
        return sum(w for s, w in enumerate(self.won) if self.rules.side_of(s) == side)

    def _after_trick(self, winner: int) -> None:
        """End-of-trick checks: the vole, three tricks won, or the five tricks played (§6, §7, §9.4)."""
        side_of = self.rules.side_of
        done = len(self.history)
        win_side = side_of(winner)
        if self.vole_side is not None:
            if win_side != self.vole_side:
                # Seed 002: "Celui qui entreprenant la vole ne la fait pas, perd deux jeux".
                self._finish_deal({}, {self.vole_side: 2}, "vole_failed")
            elif done == TRICKS:
                self._finish_deal({self.vole_side: 2}, {}, "vole_made")  # "s'il faisait la vole, il en marquerait deux"
            return
        if done == 3 and all(side_of(w) == win_side for _, _, w in self.history):
            self._phase = "vole"  # D8: stop with one point, or play on for the vole
            self._to_move = winner
            self._emit("three_first_tricks", seat=winner, side=win_side)
            return
        for side in range(self.rules.sides):
            if self._side_tricks(side) >= 3:
                self._finish_deal({side: 1}, {}, "three_tricks")  # "qui a fait trois mains ou levées, marque un jeu"
                return
        if done == TRICKS:
            # §9.4, D12: nobody has three; the first to reach the highest count wins one point.
            best = max(self.won)
            counts = [0] * self.players
            for _, _, w in self.history:
                counts[w] += 1
                if counts[w] == best:
                    self._finish_deal({side_of(w): 1}, {}, "most_tricks")
                    return

    def _apply_vole(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action == STOP:
            self._emit("stopped", seat=seat)
            self._finish_deal({self.rules.side_of(seat): 1}, {}, "stopped")
        elif action == VOLE:
            self._emit("vole_undertaken", seat=seat)
            self.vole_side = self.rules.side_of(seat)
            self._phase = "play"
        else:
            raise IllegalAction(f"{action}: after the first three tricks: 'stop' (1 point) or 'vole' (§6)",
                                code="vole_choice", params={"cite": "seed 002, §6"})

    # --- scoring (§7, §9.5) ---------------------------------------------------------------------
    def _gain(self, side: int, n: int) -> None:
        pay = min(n, self.debts[side])  # §9.5: a debt is paid before new points are marked
        self.debts[side] -= pay
        self.scores[side] += n - pay

    def _lose(self, side: int, n: int) -> None:
        if self.rules.each_for_himself:
            # §9.5: "s'il n'en a pas, les autres n'augmentent pas"; the rest becomes a debt.
            take = min(n, self.scores[side])
            self.scores[side] -= take
            self.debts[side] += n - take
            return
        for _ in range(n):  # §7.2, D9: "perd un de ceux qu'il a, s'il en a, ou le parti contraire le marque"
            if self.scores[side] > 0:
                self.scores[side] -= 1
            else:
                self.scores[1 - side] += 1

    def _finish_deal(self, gains: dict[int, int], losses: dict[int, int], reason: str = "") -> None:
        before = self._net()
        scores_before, debts_before = list(self.scores), list(self.debts)
        for side, n in gains.items():
            self._gain(side, n)
        for side, n in losses.items():
            self._lose(side, n)
        after = self._net()
        side_of = self.rules.side_of
        row: list[Score] = [after[side_of(s)] - before[side_of(s)] for s in range(self.players)]
        self.log[-1].result = row
        self.deal_over = True
        self._phase = "over"
        self._to_move = None
        self._emit("deal_scored", deal=len(self.log), reason=reason, refused=self.refused,
                   vole_side=self.vole_side, gains=[gains.get(s, 0) for s in range(self.rules.sides)],
                   losses=[losses.get(s, 0) for s in range(self.rules.sides)],
                   side_tricks=[self._side_tricks(s) for s in range(self.rules.sides)], tricks=list(self.won),
                   scores_before=scores_before, debts_before=debts_before, scores=list(self.scores),
                   debts=list(self.debts), row=row, target=self.target, sides=self.rules.sides,
                   seat_sides=[side_of(s) for s in range(self.players)])
        reached = self.target is not None and max(self.scores) >= self.target
        if reached or len(self.log) >= self.max_deals:
            self._emit("match_over", scores=list(self.scores), totals=self.returns(), target=self.target)
            return
        self._start_deal((self.log[-1].dealer + 1) % self.players)  # D5: the deal passes to the next player

    # --- protocol ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if seat is None:
            return []
        phase = self._phase
        if phase == "play":
            allowed, _ = legal_cards(self.hands[seat], self.trick, self.trump, self.strength)
            return [PLAY[c] for c in ids(allowed)]
        if phase == "pillage":
            return self._pillage_actions()
        if phase == "concession":
            return [CONCEDE, NO_CONCESSION] if self.concession["stage"] == "offer" else [ACCEPT, REFUSE]
        if phase == "vole":
            return [STOP, VOLE]
        raise AssertionError(phase)


    def _net(self) -> list[int]:
        """Per side, points marked minus points owed (§9.5: a debt is points still to lose)."""
        return [score - debt for score, debt in zip(self.scores, self.debts, strict=True)]

    def returns(self) -> list[Score]:
        """Each seat's net gain over the match: its side's points minus debts, now against the start."""
        side_of = self.rules.side_of
        net = self._net()
        return [net[side_of(s)] - self.start_scores[side_of(s)] for s in range(self.players)]

    def observation(self, seat: int) -> Observation:
        from atout.core.protocol import check_seat

        check_seat(self, seat)
        public: dict[str, Any] = {
            "deal": len(self.log) - 1,
            "dealer": self.log[-1].dealer,
            "trump": Suit(self.trump).letter,
            "order": self.order,
            "turnup": None if self.turnup is None else CARDS[self.turnup].code,
            "sides": [self.rules.side_of(s) for s in range(self.players)],
            "scores": list(self.scores),
            "debts": list(self.debts),
            "target": self.target,
            "leader": self.leader,
            "trick": [[s, CARDS[c].code] for s, c in zip(self.trick_seats, self.trick, strict=True)],
            "tricks": [
                {"leader": lead, "cards": [CARDS[c].code for c in cards], "winner": w}
                for lead, cards, w in self.history
            ],
            "tricks_won": list(self.won),
            "vole_side": self.vole_side,
            "concession": dict(self.concession),
            "pillager": self.pillager,
            "pillaged": [CARDS[c].code for c in self.pillaged],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "last_row": self.last_row(),  # the whole sheet is in the record; an observation stays small
        }
        if not self.rules.each_for_himself and self.players > 2:  # partnerships (§2): the side of each seat
            public["teams"] = list(public["sides"])
        return self._observation(seat, self.hands[seat], public)

    def card_strength(self, card: Card) -> int:
        """The rank's place in La Triomphe's order, K Q J A 10 9 8 7 (A K Q J … with ``aces_high``), seed 002."""
        return self.strength[card.id] if card.id < len(self.strength) else 0

    def known_cards(self, seat: int) -> int:
        """Own hand, cards played, the face-up card, cards taken in a pillage; the pillager's own discards."""
        check_seat(self, seat)
        known = self.hands[seat] | mask(self.trick) | mask(self.pillaged)
        for _, cards, _ in self.history:
            known |= mask(cards)
        if self.turnup is not None:
            known |= 1 << self.turnup
        if seat == self.pillager:
            known |= mask(self.under)
        return known

    def clone(self) -> TriompheState:
        new = object.__new__(TriompheState)
        new.__dict__.update(self.__dict__)
        new.rng = clone_rng(self.rng)
        new.hands = list(self.hands)
        new.stock = list(self.stock)
        new.under = list(self.under)
        new.trick = list(self.trick)
        new.trick_seats = list(self.trick_seats)
        new.history = list(self.history)
        new.won = list(self.won)
        new.scores = list(self.scores)
        new.debts = list(self.debts)
        new.pillaged = list(self.pillaged)
        new.concession = dict(self.concession)
        new._events = list(self._events)
        new.log = [replace(d, actions=list(d.actions)) for d in self.log]
        return new

    def match_header(self) -> dict[str, Any]:
        return {"deals": self.deals_limit, "target": self.target, "scores": self.start_scores}
