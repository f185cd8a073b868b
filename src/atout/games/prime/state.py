"""La Prime: the state of a match (one or more coups) and its phases, with chips as first-class state.

Phases of a coup (seed 004; spec prime.md §4): ``opening`` (bet or pass, a passer laying aside 0-2
cards), ``calling`` (accept or decline the bet), ``first_discard`` (only with ``first_discard=
"after_calling"``, spec D7), then the dealer completes every participant to four cards one at a time;
``show`` (a prime or flux is shown, which ends the discarding: compulsory by the seed, optional with
``show="optional"``, spec D8), ``second_discard`` (0-4 cards, replaced one for one), then the
showdown. Chips: ``stacks`` + ``pot`` never change in sum.

>>> import atout
>>> g = atout.new_game("prime", players=3, seed=1, dealer=2)
>>> g.phase, g.current_player, len(g.observation(0).hand)
('opening', 0, 2)
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from types import MappingProxyType
from typing import Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import codes, ids, mask
from atout.core.errors import IllegalAction, NotationError, RecordError
from atout.core.packs import PRIME40
from atout.core.protocol import DealLog, Observation, PhasedState, Score, check_seat
from atout.core.rng import clone_rng, make_rng, new_seed
from atout.games.prime.evaluate import VALUES, Category, HandValue, evaluate_ids
from atout.games.prime.rules import PrimeRules

ACCEPT = Action("accept")
DECLINE = Action("decline")
SHOW = Action("show")
NO_SHOW = Action("no_show")
HAND = 4  # seed 004: "chacun montre ses quatre cartes"
FIRST = 2  # seed 004: the dealer "en donne deux à chacun des Joueurs"

# Citations of seed 004 used in refusals (params["cite"]).
CITE_BET = "seed 004: 'Celui qui a du jeu dans ses deux cartes, parie qu'il gagnera les autres'"
CITE_LIMIT = "seed 004: 'le plus fort pari n'ira pas au-delà de …'"
CITE_PASS = "seed 004: 'Celui qui n'a rien, passe, & si ses deux cartes sont toutes les deux mauvaises, il les écarte'"
CITE_CALL = "seed 004: 'Ceux qui veulent parier, acceptent le pari, ceux qui ne le veulent pas, écartent leurs cartes'"
CITE_SHOW = "seed 004: 'Avant le second écart, on ne peut montrer que la prime ou flux'"
CITE_MUST_SHOW = "seed 004: 's'il ne se trouve pas un jeu fait, & qu'on puisse montrer, chacun écarte une seconde fois'"
CITE_SECOND = "seed 004: 'Il écarte une, deux, trois, & même toutes ses 4 cartes'"
CITE_FIRST = "prime.md D7"  # each participant may lay aside 0-2 of his first two cards


def _refuse(action: Action, why: str, code: str, cite: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"{action}: {why} ({cite})", code=code, params={"action": str(action), "cite": cite, **params})


class PrimeState(PhasedState):
    """A match of La Prime: ``deals`` coups, the deal passing to the next seat after each."""

    game_name = "prime"
    #: The method that checks and applies a move, for each phase (see PhasedState).
    PHASE_HANDLERS = MappingProxyType({
        "opening": "_apply_opening",
        "calling": "_apply_calling",
        "first_discard": "_apply_first_discard",
        "show": "_apply_show",
        "second_discard": "_apply_second",
    })
    hidden_action_args = frozenset({"discard", "pass"})  # laid-aside cards stay face down

    def __init__(
        self,
        rules: PrimeRules,
        variant: str,
        seed: int | None = None,
        deal: dict[str, Any] | list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        deals: int = 1,
    ) -> None:
        self.rules = rules
        self.variant = variant
        self.players = rules.players
        self.seed = new_seed() if seed is None else seed
        self.rng: random.Random = make_rng(self.seed)
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError(f"deals must be a positive integer, not {deals!r}")
        self.deals_limit = deals
        self.given_deals = [deal] if isinstance(deal, dict) else list(deal or [])
        self.stacks = [rules.chips] * self.players  # chips in front of each seat
        self.pot = 0  # chips staked on the table in the current coup
        self._events = []
        if dealer is None:
            dealer = self.rng.randrange(self.players)  # the first dealer by lot
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        self.log: list[DealLog] = []
        self._start_deal(dealer)

    # --- dealing ---------------------------------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        n = self.players
        index = len(self.log)
        # The restock of D9 shuffles from a generator of its own, fixed by the seed and the deal's number,
        # so that a replayed record (explicit deals, the dealer given) draws the same cards.
        self.restock_rng = random.Random(f"prime/{self.seed}/restock/{index}")
        if index < len(self.given_deals):
            hands, stock = self._parse_deal(self.given_deals[index])
        else:
            pack = [c.id for c in PRIME40.cards]
            self.rng.shuffle(pack)
            hands = [0] * n
            for k in range(FIRST * n):  # D4: two cards each, one at a time from eldest
                hands[(dealer + 1 + k) % n] |= 1 << pack[k]
            stock = pack[FIRST * n :]
        self.hands = hands
        self.stock = list(stock)  # undealt cards, top first
        self.dead: list[int] = []  # cards laid aside, face down, in order; reused if the stock runs out (D9)
        self.eldest = (dealer + 1) % n
        self.status = [""] * n  # "", "passed", "bettor", "accepted", "declined"
        self.bettor: int | None = None
        self.stake = 0
        self.participants: list[int] = []  # bettor and callers, in turn order from eldest
        self.laid_aside = [0] * n  # first discard (with the pass, or D7), counts are public
        self.second = [-1] * n  # second discard counts (-1: not yet)
        self.shown = [0] * n  # hands shown face up (a prime or flux early, every hand at the showdown)
        self.shower: int | None = None
        self.own_aside = [0] * n  # cards each seat laid aside itself this coup (its own actions name them)
        self.outcome: dict[str, Any] = {}
        self.deal_start = list(self.stacks)  # stacks when the coup began: its row is the difference
        deal = {"hands": [codes(h) for h in hands], "stock": [CARDS[c].code for c in stock]}
        self.log.append(DealLog(dealer=dealer, deal=deal))
        self._emit("deal_started", seat=dealer, deal=index + 1, dealer=dealer, eldest=self.eldest, stacks=list(self.stacks))
        for seat in range(n):
            self._emit("cards_dealt", seat=seat, to=seat, cards=codes(hands[seat]))
        self._phase = "opening"
        self._to_move: int | None = self.eldest

    def _parse_deal(self, deal: Any) -> tuple[list[int], list[int]]:
        """Check an explicit deal: two cards each (seat order), then the stock in the order it is dealt."""
        n = self.players
        if not isinstance(deal, dict) or "hands" not in deal:
            raise RecordError("a Prime deal is an object with 'hands' (two cards per seat) and optionally 'stock'",
                              "bad_deal", {"fields": ["hands", "stock"]})
        raw = deal["hands"]
        if not isinstance(raw, list) or len(raw) != n or not all(isinstance(h, list) for h in raw):
            raise RecordError(f"deal needs {n} hands (lists of two cards), got {raw!r:.60}", "hands_count", {"hands": n})
        try:
            hands_cards = [[Card.parse(c) for c in h] for h in raw]
            stock_cards = [Card.parse(c) for c in deal.get("stock", [])]
        except (NotationError, TypeError, AttributeError) as exc:
            raise RecordError(f"bad card in deal: {exc}", "bad_card", {"detail": str(exc)}) from None
        seen: set[int] = set()
        for c in [x for h in hands_cards for x in h] + stock_cards:
            if not PRIME40.contains(c):
                raise RecordError(f"{c.code} is not in the 40-card pack of La Prime (no 8, 9, 10, knight; spec D1)",
                                  "card_not_in_pack", {"card": c.code, "pack": 40, "cite": "prime.md D1"})
            if c.id in seen:
                raise RecordError(f"{c.code} is dealt twice", "card_twice", {"card": c.code})
            seen.add(c.id)
        for seat, h in enumerate(hands_cards):
            if len(h) != FIRST:
                raise RecordError(f"hand {seat} has {len(h)} cards; the dealer gives two to each (seed 004)", "wrong_size",
                                  {"pile": "hand", "seat": seat, "count": len(h), "want": FIRST, "cite": "seed 004"})
        if "stock" in deal and len(stock_cards) != 40 - FIRST * n:
            raise RecordError(f"stock has {len(stock_cards)} cards, expected {40 - FIRST * n}", "wrong_size",
                              {"pile": "stock", "count": len(stock_cards), "want": 40 - FIRST * n})
        if "stock" not in deal:  # a hand-written case may omit the stock: the rest, in pack order
            stock_cards = [c for c in PRIME40.cards if c.id not in seen]
        return [mask(h) for h in hands_cards], [c.id for c in stock_cards]

    def _draw(self, keep_out: int = 0) -> int:
        """The top card of the stock; when it is empty, the dead cards (but ``keep_out``) are shuffled
        into a new stock (spec D9)."""
        if not self.stock:
            reuse = [c for c in self.dead if not keep_out >> c & 1]
            self.dead = [c for c in self.dead if keep_out >> c & 1]
            self.restock_rng.shuffle(reuse)
            self.stock = reuse
            self._emit("stock_renewed", size=len(reuse))
        return self.stock.pop(0)

    def _give(self, seat: int, k: int, keep_out: int = 0) -> list[int]:
        got = [self._draw(keep_out) for _ in range(k)]
        self.hands[seat] |= mask(got)
        return got

    # --- the chips -------------------------------------------------------------------------------
    def _move(self, seat: int, amount: int) -> None:
        """Chips from a stack to the pot (negative: from the pot back to a stack)."""
        self.stacks[seat] -= amount
        self.pot += amount

    def chips_total(self) -> int:
        """Stacks plus pot: the same number after every action (chips are never created or lost)."""
        return sum(self.stacks) + self.pot

    # --- opening: bet or pass (seed 004) -----------------------------------------------------------
    def _max_bet(self, seat: int) -> int:
        return min(self.rules.max_stake, self.stacks[seat])

    def _opening_actions(self, seat: int) -> list[Action]:
        bets = [Action("bet", (str(s),)) for s in range(self.rules.min_stake, self._max_bet(seat) + 1)]
        if self.rules.first_discard != "pass":
            return [*bets, Action("pass")]
        hand = list(ids(self.hands[seat]))
        passes = [Action("pass", tuple(CARDS[c].code for c in sub)) for k in range(FIRST + 1) for sub in combinations(hand, k)]
        return bets + passes

    def _apply_opening(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        n = self.players
        if action.kind == "bet":
            if len(action.args) != 1 or not action.args[0].isdigit():
                raise _refuse(action, "a bet is 'bet N', N a number of chips", "bad_stake", CITE_BET)
            stake = int(action.args[0])
            lo, hi = self.rules.min_stake, self.rules.max_stake
            if not lo <= stake <= hi:
                raise _refuse(action, f"the stake must be from {lo} to {hi}", "stake_out_of_range", CITE_LIMIT, low=lo, high=hi)
            if stake > self.stacks[seat]:
                have = self.stacks[seat]
                raise _refuse(action, f"you have only {have} chips", "stake_over_stack", CITE_LIMIT, stack=have)
            self.bettor, self.stake = seat, stake
            self.status[seat] = "bettor"
            self._move(seat, stake)
            self._emit("bet", seat=seat, stake=stake)
            self._phase = "calling"
            self._to_move = (seat + 1) % n
            return
        if action.kind != "pass":
            raise _refuse(action, "before anyone bets: 'bet N' or 'pass'", "not_now", CITE_BET, phase="opening")
        aside = self._cards_from_hand(action, seat, FIRST if self.rules.first_discard == "pass" else 0, CITE_PASS)
        self._lay_aside(seat, aside)
        self.status[seat] = "passed"
        self._emit("pass", seat=seat, laid_aside=aside.bit_count())
        if aside:
            self._emit("laid_aside", seat=seat, to=seat, cards=codes(aside))
        if seat == (self.eldest + n - 1) % n:  # the dealer passed last: nobody bets (D5)
            self._finish({"void": True})
            return
        self._to_move = (seat + 1) % n

    def _lay_aside(self, seat: int, aside: int) -> None:
        """The first discard: cards face down on the dead pile."""
        self.hands[seat] &= ~aside
        self.dead.extend(ids(aside))
        self.laid_aside[seat] = aside.bit_count()
        self.own_aside[seat] |= aside

    def _cards_from_hand(self, action: Action, seat: int, most: int, cite: str) -> int:
        """The cards an action lays aside, checked: from the seat's hand, distinct, at most ``most``."""
        try:
            cards = action.cards()
        except NotationError as exc:
            raise _refuse(action, str(exc), "not_a_card", cite) from None
        if len(cards) > most:
            raise _refuse(action, f"you may lay aside at most {most} cards here", "too_many_cards", cite, most=most)
        aside = mask(cards)
        if aside.bit_count() != len(cards):
            raise _refuse(action, "the same card twice", "duplicate_card", cite)
        missing = aside & ~self.hands[seat]
        if missing:
            raise _refuse(action, f"{' '.join(codes(missing))} not in your hand", "not_in_hand", cite, cards=codes(missing))
        return aside

    # --- calling (seed 004; D6: one bet, no raise) ---------------------------------------------------
    def _calling_actions(self, seat: int) -> list[Action]:
        return [ACCEPT, DECLINE] if self.stacks[seat] >= self.stake else [DECLINE]

    def _apply_calling(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None and self.bettor is not None
        if action == ACCEPT:
            if self.stacks[seat] < self.stake:
                have, stake = self.stacks[seat], self.stake
                why = f"you have {have} chips, the stake is {stake}"
                raise _refuse(action, why, "cannot_cover", CITE_CALL, stack=have, stake=stake)
            self.status[seat] = "accepted"
            self._move(seat, self.stake)
            self._emit("accept", seat=seat, stake=self.stake)
        elif action == DECLINE:
            self.status[seat] = "declined"
            self.dead.extend(ids(self.hands[seat]))  # "écartent leurs cartes"
            self.hands[seat] = 0
            self._emit("decline", seat=seat)
        else:
            raise _refuse(action, "a bet is on: 'accept' or 'decline'", "not_now", CITE_CALL, phase="calling")
        nxt = (seat + 1) % self.players
        if nxt != self.bettor:
            self._to_move = nxt
            return
        self.participants = [s for s in self._order_from_eldest() if self.status[s] in ("bettor", "accepted")]
        if len(self.participants) == 1:
            self._consolation()
        elif self.rules.first_discard == "after_calling":
            self._phase = "first_discard"
            self._to_move = self.participants[0]
        else:
            self._complete()

    def _order_from_eldest(self) -> list[int]:
        return [(self.eldest + k) % self.players for k in range(self.players)]

    def _consolation(self) -> None:
        """Nobody accepted: each other player gives the bettor the consolation (seed 004)."""
        assert self.bettor is not None
        self._move(self.bettor, -self.stake)  # his stake comes back
        paid = [0] * self.players
        for seat in range(self.players):
            if seat != self.bettor:
                paid[seat] = min(self.rules.consolation, self.stacks[seat])  # nobody pays chips he has not
                self.stacks[seat] -= paid[seat]
                self.stacks[self.bettor] += paid[seat]
        self._emit("consolation", seat=self.bettor, paid=paid, total=sum(paid))
        self._finish({"consolation": paid})

    # --- first discard (D7 option) and completion to four ------------------------------------------------
    def _apply_first_discard(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind != "discard":
            raise _refuse(action, "lay aside 0-2 cards: 'discard [CARD [CARD]]'", "not_now", CITE_FIRST, phase="first_discard")
        aside = self._cards_from_hand(action, seat, FIRST, CITE_FIRST)
        self._lay_aside(seat, aside)
        self._emit("discard", seat=seat, count=aside.bit_count(), round=1)
        if aside:
            self._emit("laid_aside", seat=seat, to=seat, cards=codes(aside))
        i = self.participants.index(seat)
        if i + 1 < len(self.participants):
            self._to_move = self.participants[i + 1]
        else:
            self._complete()

    def _complete(self) -> None:
        """The dealer gives the participants, one card at a time from eldest, cards up to four (seed 004, D7)."""
        got: dict[int, list[int]] = {s: [] for s in self.participants}
        while any(self.hands[s].bit_count() < HAND for s in self.participants):
            for s in self.participants:
                if self.hands[s].bit_count() < HAND:
                    got[s] += self._give(s, 1)
        for s in self.participants:
            self._emit("cards_given", seat=s, count=len(got[s]))
            self._emit("cards_drawn", seat=s, to=s, cards=[CARDS[c].code for c in got[s]])
        self._phase = "show"
        self._to_move = self.participants[0]

    # --- showing a made hand early (seed 004: compulsory; spec D8: optional, an option) ------------------
    def _made(self, seat: int) -> HandValue | None:
        value = evaluate_ids(list(ids(self.hands[seat])))
        return value if value.category in (Category.PRIME, Category.FLUX) else None

    def _apply_show(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action == SHOW:
            value = self._made(seat)
            if value is None:
                raise _refuse(action, "only a prime or a flux may be shown before the second discard", "no_made_hand", CITE_SHOW)
            self.shower = seat
            self.shown[seat] = self.hands[seat]
            self._emit("show", seat=seat, cards=codes(self.hands[seat]), category=value.category.word, value=value.value)
            self._showdown()
            return
        if action != NO_SHOW:
            raise _refuse(action, "'show' a prime or flux, or 'no_show'", "not_now", CITE_SHOW, phase="show")
        if self.rules.show == "compulsory" and self._made(seat) is not None:
            # Seed 004: the second discard happens only "s'il ne se trouve pas un jeu fait, & qu'on puisse montrer".
            raise _refuse(action, "a prime or a flux in hand is shown: the second discard is only for those without one",
                          "must_show", CITE_MUST_SHOW)
        self._emit("no_show", seat=seat)
        i = self.participants.index(seat)
        if i + 1 < len(self.participants):
            self._to_move = self.participants[i + 1]
        else:
            self._phase = "second_discard"
            self._to_move = self.participants[0]

    # --- second discard (seed 004) ------------------------------------------------------------------
    def _apply_second(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind != "discard":
            raise _refuse(action, "discard 0 to 4 cards: 'discard [CARDS…]'", "not_now", CITE_SECOND, phase="second_discard")
        aside = self._cards_from_hand(action, seat, HAND, CITE_SECOND)
        self.hands[seat] &= ~aside
        got = self._give(seat, aside.bit_count(), keep_out=aside)  # "remplace à chacun … celles qu'il a écarté"
        self.dead.extend(ids(aside))
        self.own_aside[seat] |= aside
        self.second[seat] = aside.bit_count()
        self._emit("discard", seat=seat, count=aside.bit_count(), round=2)
        if aside:
            self._emit("laid_aside", seat=seat, to=seat, cards=codes(aside))
            self._emit("cards_drawn", seat=seat, to=seat, cards=[CARDS[c].code for c in got])
        i = self.participants.index(seat)
        if i + 1 < len(self.participants):
            self._to_move = self.participants[i + 1]
        else:
            self._showdown()

    # --- showdown and settlement (seed 004) -------------------------------------------------------------
    def _showdown(self) -> None:
        """Every participant shows four cards; the single best wins the stake from each other, ties at the
        top settle nothing ("personne ne gagne ni perd")."""
        values = {s: evaluate_ids(list(ids(self.hands[s]))) for s in self.participants}
        for s in self.participants:
            self.shown[s] = self.hands[s]
        best = max(values.values())
        top = [s for s in self.participants if values[s] == best]
        hands = [
            {"seat": s, "cards": codes(self.hands[s]), "category": values[s].category.word, "value": values[s].value}
            for s in self.participants
        ]
        self._emit("showdown", hands=hands, best=top)
        pot = self.pot
        if len(top) == 1:
            self._move(top[0], -pot)  # "gagne sur tous les autres ce qui a été parié"
        else:
            for s in self.participants:
                self._move(s, -self.stake)  # a tie at the top: every stake goes back
        winner = top[0] if len(top) == 1 else None
        self._finish({"hands": hands, "winner": winner, "tie": top if winner is None else [], "pot": pot})

    def _finish(self, facts: dict[str, Any]) -> None:
        """Close the coup: the row (each seat's chips won or lost), the deal_scored event, the next deal."""
        assert self.pot == 0
        entry = self.log[-1]
        start = self.deal_start
        row: list[Score] = [self.stacks[s] - start[s] for s in range(self.players)]
        entry.result = row
        teams = self._team_totals(row) if self.rules.partnerships else None
        self.outcome = {
            "deal": len(self.log),  # 1-based, as players count deals
            "dealer": entry.dealer,
            "void": False,
            "bettor": self.bettor,
            "stake": self.stake,
            "participants": list(self.participants),
            "declined": [s for s in range(self.players) if self.status[s] == "declined"],
            "consolation": None,
            "hands": [],
            "winner": None,
            "tie": [],
            "pot": 0,
            **facts,
            "shown_early": self.shower,
            "row": list(row),
            "teams": teams,
            "stacks": list(self.stacks),
        }
        self._emit("deal_scored", seat=self.log[-1].dealer, **self.outcome)
        self._phase = "over"
        self._to_move = None
        if len(self.log) < self.deals_limit:
            self._start_deal((entry.dealer + 1) % self.players)  # the deal passes to the next player

    def _team_totals(self, row: list[Score]) -> list[Score]:
        totals: list[Score] = [0] * self.rules.teams
        for seat, x in enumerate(row):
            totals[self.rules.team_of(seat)] += x
        return totals

    # --- protocol ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if seat is None:
            return []
        phase = self._phase
        if phase == "opening":
            return self._opening_actions(seat)
        if phase == "calling":
            return self._calling_actions(seat)
        if phase == "show":
            if self._made(seat) is None:
                return [NO_SHOW]
            return [SHOW] if self.rules.show == "compulsory" else [NO_SHOW, SHOW]
        most = FIRST if phase == "first_discard" else HAND
        hand = list(ids(self.hands[seat]))
        return [Action("discard", tuple(CARDS[c].code for c in sub)) for k in range(most + 1) for sub in combinations(hand, k)]


    def returns(self) -> list[Score]:
        """Each seat's net chips over the match (exact integers, summing to zero)."""
        return [self.stacks[s] + self._staked(s) - self.rules.chips for s in range(self.players)]

    def _staked(self, seat: int) -> int:
        """Chips ``seat`` has in the pot of the coup in progress (counted as still his until settled)."""
        return self.stake if self._phase != "over" and self.status[seat] in ("bettor", "accepted") else 0

    def team_returns(self) -> list[Score]:
        """Net chips per team in partnership (D10: partners' results added), else per seat."""
        return self._team_totals(self.returns())

    def observation(self, seat: int) -> Observation:
        check_seat(self, seat)
        public: dict[str, Any] = {
            "deal": len(self.log) - 1,
            "dealer": self.log[-1].dealer,
            "eldest": self.eldest,
            "stacks": list(self.stacks),
            "pot": self.pot,
            "bettor": self.bettor,
            "stake": self.stake,
            "max_stake": self.rules.max_stake,
            "consolation": self.rules.consolation,
            "status": list(self.status),
            "participants": list(self.participants),
            "laid_aside": list(self.laid_aside),
            "second_discard": list(self.second),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "stock_size": len(self.stock),
            "shown": [codes(m) for m in self.shown],
            "teams": [self.rules.team_of(s) for s in range(self.players)] if self.rules.partnerships else None,
            "outcome": dict(self.outcome) if self._phase == "over" else None,
            "last_row": self.last_row(),
        }
        return self._observation(seat, self.hands[seat], public)

    def card_strength(self, card: Card) -> int:
        """The card's value in the count (seed 004): 7 (21), 6, A (16), 5, 4, 3, 2, then the faces (10)."""
        return VALUES[card.id] if card.id < len(VALUES) else 0

    def known_cards(self, seat: int) -> int:
        """Own hand, the cards it laid aside itself, and the hands shown face up."""
        known = self.hands[seat] | self.own_aside[seat]
        for m in self.shown:
            known |= m
        return known

    def clone(self) -> PrimeState:
        new = object.__new__(PrimeState)
        new.__dict__.update(self.__dict__)
        new.rng = clone_rng(self.rng)
        new.restock_rng = clone_rng(self.restock_rng)
        lists = ("hands", "stock", "dead", "status", "participants", "laid_aside", "second", "shown", "own_aside")
        for name in (*lists, "stacks", "deal_start"):
            setattr(new, name, list(getattr(self, name)))
        new.outcome = dict(self.outcome)
        new._events = list(self._events)
        new.log = [replace(d, actions=list(d.actions)) for d in self.log]
        return new

    def match_header(self) -> dict[str, Any]:
        return {"deals": self.deals_limit}
