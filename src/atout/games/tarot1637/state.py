"""The 1637 tarot: the state of a match (one or more deals) and its phases.

Phases of a deal: ``discard`` (each player lays aside one card, the dealer four, one ``discard`` action
per card), ``declarations`` (a player's window before his first card: ``declare ITEM`` then ``done``),
``play`` (20 tricks). The cut, the deal and every payment are automatic. Seed 000; spec tarot-1637.md.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import codes, ids, mask
from atout.core.errors import IllegalAction, RecordError
from atout.core.packs import TAROT66_1637
from atout.core.protocol import DealLog, Observation, PhasedState, Score, check_seat
from atout.core.rng import clone_rng, make_rng, new_seed
from atout.games.tarot1637 import marques as M
from atout.games.tarot1637.rules import (
    DEALER_CARDS,
    MAT,
    MIDDLE_TRUMPS,
    OTHER_CARDS,
    PACK,
    STRENGTH,
    TAROTS,
    TRICKS,
    UNDISCARDABLE,
    VALUE,
    Tarot1637Rules,
    led_suit,
    legal_play_mask,
    trick_winner,
)

PLAY = tuple(Action("play", (c.code,)) for c in CARDS)
DISCARD = tuple(Action("discard", (c.code,)) for c in CARDS)
DECLARE = {item: Action("declare", (item,)) for item in M.ITEMS}
DONE = Action("done")
MORT = -1  # the Mort's "seat" in tricks and events (two players, §11)
SEED_CITE = "seed 000"
_BAN = "seed 000: 'sans toutesfois qu'il soit loysible d'escarter aucun des sept Tarots, ou des triomphes'"
#: The forced discard of a hand of Tarots and triomphes only: not in the seed, the spec's decision D4.
_FORCED = "tarot-1637.md D4: a player who holds nothing else lays aside his lowest trumps II-XX, face up"
_NO_REVOKE = "seed 000: 'il n'est non plus permis de renoncer a ce ieu'"
#: The discard's rule, quoted where it is refused (a bare "[texte 000]" meant nothing to a newcomer).
_DISCARDS = "seed 000: 'Cette vne, & ses quatre de plus que les vingt estant pour faire les escarts'"


def codes_in_order(cards: list[int]) -> list[str]:
    """Card codes in the order given (a trick as played)."""
    return [CARDS[c].code for c in cards]


class Tarot1637State(PhasedState):
    """A match of the 1637 tarot: ``deals`` deals, marques paid between players on a score sheet."""

    game_name = "tarot1637"
    #: The method that checks and applies a move, for each phase (see PhasedState).
    PHASE_HANDLERS = MappingProxyType({
        "play": "_apply_play",
        "discard": "_apply_discard",
        "declarations": "_apply_declaration",
    })

    def __init__(
        self,
        rules: Tarot1637Rules,
        seed: int | None = None,
        deal: dict[str, Any] | list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        deals: int = 1,
    ) -> None:
        self.rules = rules
        self.variant = rules.variant
        self.players = rules.players
        self.seed = new_seed() if seed is None else seed
        self.rng: random.Random = make_rng(self.seed)
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError(f"deals must be a positive integer, not {deals!r}")
        if deals > 1 and deals % self.players:  # D15: each live player deals as often (the Mort never deals)
            raise ValueError(f"deals must be 1 (one deal) or a multiple of {self.players}, so that each player deals "
                             f"as often (tarot-1637.md D15), not {deals}")
        self.deals_limit = deals
        self.given_deals = [deal] if isinstance(deal, dict) else list(deal or [])
        self._events = []
        self.totals = [0] * self.players  # marques of the finished deals
        self.log: list[DealLog] = []
        if dealer is None:
            dealer = self._cut()
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat 0..{self.players - 1}, not {dealer!r}")
        self._start_deal(dealer)

    # --- the cut (§3, D1) ------------------------------------------------------------------------
    def _cut(self) -> int:
        """Each live player cuts a card; the highest deals (D1), a trump beating every suit card and
        the Mat worth nothing ("le Math qui ne vaut rien du tout en ce rencontre"); ties cut again."""
        pack = list(ids(PACK))
        self.rng.shuffle(pack)
        contenders = list(range(self.players))
        drawn: list[list[Any]] = []
        while True:
            cut = {seat: pack.pop() for seat in contenders}
            drawn.append([[seat, CARDS[c].code] for seat, c in cut.items()])
            best = max(STRENGTH[c] for c in cut.values())
            contenders = [seat for seat, c in cut.items() if STRENGTH[c] == best]
            if len(contenders) == 1:
                self._emit("cut", seat=contenders[0], rounds=drawn, dealer=contenders[0])
                return contenders[0]

    # --- dealing (§4) ----------------------------------------------------------------------------
    def _next_dealer(self, dealer: int) -> int:
        """The deal passes to the next player (anticlockwise); with the Mort it alternates (D19)."""
        return (dealer + 1) % self.players

    def _start_deal(self, dealer: int) -> None:
        n = self.players
        index = len(self.log)
        self.eldest = (dealer + 1) % n
        given = self.given_deals[index] if index < len(self.given_deals) else None
        if given is not None and not isinstance(given, dict):
            raise RecordError(f"deal {index}: a tarot1637 deal is an object with 'hands', not {type(given).__name__}",
                              "bad_deal", {"deal": index, "fields": ["hands"]})
        if given is not None and given.get("misdeal") is True:
            self.log.append(DealLog(dealer=dealer, deal={"misdeal": True}))
            self._begin_bookkeeping()
            self._emit("deal_started", seat=dealer, deal=index + 1, dealer=dealer, eldest=self.eldest,
                       packets=self.rules.deal_packets, mort=n == 2)
            self._misdeal(dealer)
            return
        if given is not None:
            dealt, mort = self._parse_deal(given, dealer)
        else:
            dealt, mort = self._deal_cards(dealer)
        deal_record: dict[str, Any] = {"hands": [[CARDS[c].code for c in h] for h in dealt]}
        if n == 2:
            deal_record["mort"] = [CARDS[c].code for c in mort]
        self.log.append(DealLog(dealer=dealer, deal=deal_record))
        self._begin_bookkeeping()
        self.hands = [mask(h) for h in dealt]
        self.mort_aside = mort[0] if mort else -1  # set aside unseen, counts for nobody (D19)
        self.mort_queue = list(mort[1:])  # one card per trick, in this (random) order
        self._emit("deal_started", seat=dealer, deal=index + 1, dealer=dealer, eldest=self.eldest,
                   packets=self.rules.deal_packets, mort=n == 2)
        for seat in range(n):
            self._emit("cards_dealt", seat=seat, to=seat, cards=codes(self.hands[seat]))
        self._dealer_bonus(dealer, dealt[dealer])
        self._phase = "discard"
        self._to_move: int | None = self.eldest

    def _begin_bookkeeping(self) -> None:
        n = self.players
        self.hands = [0] * n
        self.mort_aside = -1
        self.mort_queue = []
        self.discards = [0] * n
        self.face_up = 0  # trumps laid aside face up when a player could not comply with the ban (D4)
        self.hand20 = [0] * n  # each hand after the discards: what declarations are judged on
        self.shown = 0  # cards shown to everybody (bottom card, declarations)
        self.declared: list[list[str]] = [[] for _ in range(n)]
        self.decl_done = [False] * n
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.eldest
        self.history: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []  # leader, cards, seats, winner
        self.tricks_public: list[dict[str, Any]] = []  # the same, as observations show it
        self.won = [0] * n  # cards taken in tricks (the Mat back with its owner)
        self.mat_owner_trick: tuple[int, int] | None = None  # (owner, winner) when a live player played the Mat
        self.payments: list[dict[str, Any]] = []
        self.deal_row = [0] * n

    def _deal_cards(self, dealer: int) -> tuple[list[list[int]], list[int]]:
        """Shuffle and deal by threes or fives (D2); the dealer's cards kept in the order received."""
        n = self.players
        pack = list(ids(PACK))
        self.rng.shuffle(pack)
        others = [(dealer + 1 + k) % n for k in range(n - 1)]
        receivers: list[int] = [*others, MORT] if n == 2 else others  # the Mort sits before the dealer
        receivers.append(dealer)
        got: dict[int, list[int]] = {r: [] for r in receivers}
        pos = 0
        p = self.rules.deal_packets
        rounds = 7 if p == 3 else 4  # by threes: 7 rounds then 3 more to the dealer; by fives: 4 rounds
        for _ in range(rounds):
            for r in receivers:
                got[r].extend(pack[pos : pos + p])
                pos += p
        for r in receivers[:-1]:  # by fives: one more card to each other hand (D2)
            need = OTHER_CARDS - len(got[r])
            got[r].extend(pack[pos : pos + need])
            pos += need
        got[dealer].extend(pack[pos:])  # the last packet, with the bottom card, to the dealer
        mort = got.get(MORT, [])
        if mort:
            self.rng.shuffle(mort)  # the order in which the Mort's cards are drawn "selon le hazard"
        dealt = [sorted(got[s]) if s != dealer else got[s] for s in range(n)]
        return dealt, mort

    def _parse_deal(self, deal: dict[str, Any], dealer: int) -> tuple[list[list[int]], list[int]]:
        """Check an explicit deal: the dealer's 24 cards in the order received (bottom card last),
        21 to each other hand, and with two players the Mort's 21 in drawing order (first set aside)."""
        n = self.players
        if not isinstance(deal, dict) or "hands" not in deal:
            raise RecordError("a tarot1637 deal is an object with 'hands' (and 'mort' with two players)", "bad_deal",
                              {"fields": ["hands", "mort"]})
        raw = deal["hands"]
        if not isinstance(raw, list) or len(raw) != n or not all(isinstance(h, list) for h in raw):
            raise RecordError(f"deal needs {n} hands (lists of card codes)", "hands_count", {"hands": n})
        try:
            hands = [[Card.parse(c).id for c in h] for h in raw]
            mort = [Card.parse(c).id for c in deal.get("mort", [])]
        except Exception as exc:  # NotationError or a non-string
            raise RecordError(f"deal: {exc}", "bad_card", {"detail": str(exc)}) from None
        for seat, h in enumerate(hands):
            want = DEALER_CARDS if seat == dealer else OTHER_CARDS
            if len(h) != want:
                raise RecordError(f"hand {seat} has {len(h)} cards; the dealer gets 24, the others 21 (seed 000)",
                                  "wrong_size", {"pile": "hand", "seat": seat, "count": len(h), "want": want, "cite": "seed 000"})
        if n == 2 and len(mort) != OTHER_CARDS:
            raise RecordError(f"the Mort has {len(mort)} cards, expected 21 (spec §11)", "wrong_size",
                              {"pile": "mort", "count": len(mort), "want": OTHER_CARDS, "cite": "tarot1637.md §11"})
        if n == 3 and mort:
            raise RecordError("only a two-player deal has a Mort", "unexpected_mort")
        every = [c for h in hands for c in h] + mort
        seen: set[int] = set()
        for c in every:
            if not PACK >> c & 1:
                raise RecordError(f"{CARDS[c].code} is not in the 66-card pack of 1637 (seed 000)", "card_not_in_pack",
                                  {"card": CARDS[c].code, "pack": 66, "cite": "seed 000"})
            if c in seen:
                raise RecordError(f"{CARDS[c].code} dealt twice", "card_twice", {"card": CARDS[c].code})
            seen.add(c)
        return hands, mort

    def _dealer_bonus(self, dealer: int, dealer_cards: list[int]) -> None:
        """Printed: a Tarot at the bottom, "sous la main de celuy qui donne", 1 from each; manuscript: a
        Tarot "a la premiere main", in the dealer's first packet, 1 from each (D3)."""
        if self.rules.manuscript:
            packet = [c for c in dealer_cards[: self.rules.deal_packets] if TAROTS >> c & 1]
            if packet:
                self.shown |= mask(packet)
                self._pay("first_packet", dealer, M.row_from_each(dealer, 1, self.players), cards=codes(mask(packet)),
                          cite="seed 000, manuscript: 'un Tarot a la premiere main de celui qui donne'")
            return
        bottom = dealer_cards[-1]
        self._emit("bottom_card", seat=dealer, to=dealer, card=CARDS[bottom].code)
        if TAROTS >> bottom & 1:
            self.shown |= 1 << bottom
            self._pay("bottom_card", dealer, M.row_from_each(dealer, 1, self.players), cards=[CARDS[bottom].code],
                      cite="seed 000: 's'il se trouue vn Tarot sous la main de celuy qui donne'")

    def _misdeal(self, dealer: int) -> None:
        """A recorded misdeal: the dealer loses the deal; the manuscript adds 1 to each (§12)."""
        row = M.row_to_each(dealer, 1, self.players) if self.rules.manuscript else [0] * self.players
        self._pay("misdeal", dealer, row, cite="seed 000: 'si l'on donne mal ... on perd le coup'"
                  + (", manuscript: '& paie une marque a chacun'" if self.rules.manuscript else ""))
        self._finish_deal()

    # --- payments -------------------------------------------------------------------------------
    def _pay(self, kind: str, seat: int | None, row: list[int], **data: Any) -> None:
        """Record one payment (a zero-sum row) of this deal and tell the table."""
        line = {"reason": kind, "seat": seat, "row": list(row), **data}
        self.payments.append(line)
        self.deal_row = [a + b for a, b in zip(self.deal_row, row, strict=True)]
        self._emit("marques", seat=seat, **{k: v for k, v in line.items() if k != "seat"})  # "reason": the line

    # --- discard (§5) ---------------------------------------------------------------------------
    def _discards_needed(self, seat: int) -> int:
        return (DEALER_CARDS if seat == self.dealer else OTHER_CARDS) - 20 - self.discards[seat].bit_count()

    def _discard_mask(self, seat: int) -> int:
        """Cards ``seat`` may lay aside now: no Tarot, no triomphe; if he has nothing else, his lowest
        trump II..XX, face up (D4)."""
        hand = self.hands[seat]
        free = hand & ~UNDISCARDABLE
        if free:
            return free
        middle = hand & MIDDLE_TRUMPS
        return middle & -middle

    def _forced_trumps(self, seat: int) -> list[str]:
        """The trumps a hand of Tarots and triomphes only lays aside, lowest first (D4): what it still owes."""
        middle, out = self.hands[seat] & MIDDLE_TRUMPS, []
        for _ in range(self._discards_needed(seat)):
            out.append(CARDS[(middle & -middle).bit_length() - 1].code)
            middle &= middle - 1
        return out

    def _apply_discard(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind != "discard" or len(action.args) != 1:
            raise IllegalAction(f"{action}: lay aside one card at a time ('discard CARD'), seed 000 §5",
                                code="expected_discard", params={"cite": _DISCARDS})
        card = Card.parse(action.args[0])
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            raise IllegalAction(f"{action}: {card.code} is not in your hand", code="not_in_hand",
                                params={"card": card.code})
        allowed = self._discard_mask(seat)
        if not allowed >> card.id & 1 and not hand & ~UNDISCARDABLE:  # nothing but Tarots and triomphes
            lowest, owed = codes(allowed)[0], " ".join(self._forced_trumps(seat))
            raise IllegalAction(f"{action}: holding only Tarots and triomphes, you lay aside your lowest trumps "
                                f"face up, from the lowest ({owed}): {lowest} now ({_FORCED})",
                                code="discard_lowest_trumps",
                                params={"card": card.code, "allowed": lowest, "owed": owed, "cite": _FORCED})
        if not allowed >> card.id & 1:
            raise IllegalAction(f"{action}: a Tarot or a triomphe may not be discarded ({_BAN})",
                                code="discard_forbidden", params={"card": card.code, "cite": _BAN})
        self.hands[seat] = hand & ~(1 << card.id)
        self.discards[seat] |= 1 << card.id
        if UNDISCARDABLE >> card.id & 1:
            self.face_up |= 1 << card.id  # D4: laid aside face up, and no penalty
            self._emit("discard_face_up", seat=seat, card=card.code)
        else:
            self._emit("discard", seat=seat, to=seat, card=card.code)
        if self._discards_needed(seat) > 0:
            return
        self._emit("discarded", seat=seat, count=self.discards[seat].bit_count())
        if seat != self.dealer:
            self._to_move = (seat + 1) % self.players
            return
        self.hand20 = list(self.hands)
        self._set_turn(self.eldest)

    # --- declarations (§6) ----------------------------------------------------------------------
    def _set_turn(self, seat: int) -> None:
        """Give ``seat`` the turn to play; before his first card he may declare (D6)."""
        self._to_move = seat
        self._phase = "play"
        if not self.decl_done[seat]:
            if self._open_items(seat):
                self._phase = "declarations"
            else:
                self.decl_done[seat] = True

    def _open_items(self, seat: int) -> list[str]:
        return [item for item in M.eligible_items(self.hands[seat]) if item not in self.declared[seat]]

    def _apply_declaration(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action == DONE:
            self._close_declarations(seat)
            return
        if action.kind != "declare" or len(action.args) != 1:
            raise IllegalAction(f"{action}: before your first card, 'declare ITEM' or 'done' (spec §6, D6)",
                                code="expected_declaration", params={"cite": "spec tarot-1637 D6"})
        item = action.args[0]
        if item not in M.ITEMS:
            raise IllegalAction(f"{action}: no declaration {item!r}; declarations: {', '.join(M.ITEMS)}",
                                code="unknown_declaration", params={"item": item})
        if item in self.declared[seat]:
            raise IllegalAction(f"{action}: {item} is already declared", code="already_declared",
                                params={"item": item})
        hand = self.hands[seat]
        value = M.declaration_value(item, hand)
        if not value:
            raise IllegalAction(f"{action}: your hand does not hold {item} (seed 000, table of marques)",
                                code="not_eligible", params={"item": item, "cite": SEED_CITE})
        shown = M.declaration_cards(item, hand)
        self.shown |= shown
        self.declared[seat].append(item)
        cite = "seed 000, table of marques"
        if item == "qui_n_a_le_sien":
            payer = M.sien_payer(seat, self.hand20)
            row = [0] * self.players if payer is None else M.row_between(payer, seat, 1, self.players)
            self._pay("declaration", seat, row, item=item, value=value, payer=payer, cards=codes(shown),
                      cite="seed 000: 'il paye vne marque a celuy qui en a deux, & cela s'appelle qui n'a le sien'")
        else:
            self._pay("declaration", seat, M.row_from_each(seat, value, self.players), item=item, value=value,
                      cards=codes(shown), cite=cite)
        if not self._open_items(seat):
            self._close_declarations(seat)

    def _close_declarations(self, seat: int) -> None:
        self.decl_done[seat] = True
        forgotten = self._open_items(seat)
        self._emit("declarations_done", seat=seat, declared=list(self.declared[seat]), forgotten=len(forgotten))
        self._phase = "play"

    # --- play (§7, §8) --------------------------------------------------------------------------
    def _apply_play(self, action: Action) -> None:
        seat = self._to_move
        assert seat is not None
        if action.kind == "declare":
            cite = "seed 000: 'si quelqu'vn oublie aucune de ses Imperialles ... n'est plus receu à s'en souuenir'"
            raise IllegalAction(f"{action}: too late, combinations are declared before one's first card ({cite})",
                                code="declaration_too_late", params={"cite": cite})
        if action.kind != "play" or len(action.args) != 1:
            raise IllegalAction(f"{action}: it is time to play a card ('play CARD', seed 000; spec §7)", code="expected_play",
                                params={"cite": "seed 000; tarot-1637.md §7"})
        card = Card.parse(action.args[0])
        hand = self.hands[seat]
        if not hand >> card.id & 1:
            raise IllegalAction(f"{action}: {card.code} is not in your hand", code="not_in_hand",
                                params={"card": card.code})
        led = led_suit(self.trick)
        allowed = legal_play_mask(hand, led)
        if not allowed >> card.id & 1:
            following = 0 <= led < 4 and bool(hand & allowed & ~(1 << MAT) & (0x3FFF << (14 * led)))
            rule, code = ("must follow suit", "must_follow") if following else ("must play a triomphe", "must_trump")
            raise IllegalAction(f"{action}: {rule} ({_NO_REVOKE}, D11); you may play {' '.join(codes(allowed))}",
                                code=code, params={"card": card.code, "allowed": codes(allowed), "cite": _NO_REVOKE})
        self.hands[seat] = hand & ~(1 << card.id)
        self.trick.append(card.id)
        self.trick_seats.append(seat)
        self._emit("card_played", seat=seat, card=card.code, trick=len(self.history) + 1)
        live_played = sum(1 for s in self.trick_seats if s != MORT)
        if live_played < self.players:
            self._set_turn((seat + 1) % self.players)
            return
        if self.players == 2:  # the Mort's card, drawn at random, face up (§11)
            mort_card = self.mort_queue.pop(0)
            self.trick.append(mort_card)
            self.trick_seats.append(MORT)
            self._emit("mort_card", card=CARDS[mort_card].code, trick=len(self.history) + 1)
        self._end_trick()

    def _end_trick(self) -> None:
        n = self.players
        live = [(s, c) for s, c in zip(self.trick_seats, self.trick, strict=True) if s != MORT]
        winner = live[trick_winner([c for _, c in live])][0]
        last = len(self.history) == TRICKS - 1
        taken = mask(self.trick)
        for s, c in live:
            if c == MAT:
                taken &= ~(1 << MAT)
                self.won[s] |= 1 << MAT  # "se remet dans les cartes qui sont leuées" of its owner
                self.mat_owner_trick = (s, winner)
        self.won[winner] |= taken
        self.history.append((self.leader, tuple(self.trick), tuple(self.trick_seats), winner))
        self.tricks_public.append({"leader": self.leader, "winner": winner, "cards": [
            [s, CARDS[c].code] for s, c in zip(self.trick_seats, self.trick, strict=True)]})  # built once per trick
        self._emit("trick_won", seat=winner, trick=len(self.history), leader=self.leader,
                   cards=codes_in_order(self.trick), players=list(self.trick_seats))
        for line in M.trick_payments(live, winner, last, n):
            data = {k: v for k, v in line.items() if k not in ("reason", "seat", "row", "card")}
            seat, reason, row, card = line["seat"], line["reason"], line["row"], line["card"]
            assert isinstance(seat, int) and isinstance(reason, str) and isinstance(row, list) and isinstance(card, int)
            self._pay(reason, seat, row, card=CARDS[card].code, **data)
        self.trick, self.trick_seats = [], []
        self.leader = winner
        if last:
            self._score_cards()
            self._finish_deal()
        else:
            self._set_turn(winner)

    # --- end of the deal (§9, §11) --------------------------------------------------------------
    def piles(self) -> list[int]:
        """Each player's cards for the count: his tricks (the Mat back with him) and his discard (D5)."""
        return [w | d for w, d in zip(self.won, self.discards, strict=True)]

    def _score_cards(self) -> None:
        piles = self.piles()
        exchange: dict[str, Any] | None = None
        if self.rules.mat_exchange_card and self.mat_owner_trick is not None:
            owner, taker = self.mat_owner_trick
            won_only = self.won[owner] & ~(1 << MAT)
            source = won_only or self.discards[owner]
            give = min(ids(source), key=lambda c: (VALUE[c], c))
            piles[owner] &= ~(1 << give)
            piles[taker] |= 1 << give
            exchange = {"from": owner, "to": taker, "card": CARDS[give].code if won_only else None}
        points = [M.count_points(p) for p in piles]
        thirds = [int(M.raw_points(p) * 3) for p in piles]
        if self.players == 3:
            row, lines = M.settle_three(points, self.eldest)
            cite = "seed 000: 'il est requis que chacun ... aye vingt-cinq de ces points'"
        else:
            row, lines = M.settle_two(points)
            cite = "spec tarot-1637 §11, D19: par is half the total"
        self._pay("cards", None, row, points=points, raw_thirds=thirds,
                  pile_sizes=[p.bit_count() for p in piles], par=25 if self.players == 3 else None, settlement=lines,
                  exchange=exchange, cite=cite)

    def _finish_deal(self) -> None:
        entry = self.log[-1]
        row: list[Score] = list(self.deal_row)
        entry.result = row
        self.totals = [t + r for t, r in zip(self.totals, self.deal_row, strict=True)]
        self._emit("deal_scored", seat=entry.dealer, deal=len(self.log), dealer=entry.dealer, row=list(self.deal_row),
                   lines=[dict(p) for p in self.payments], totals=list(self.totals))
        self._phase = "over"
        self._to_move = None
        if len(self.log) >= self.deals_limit:
            self._emit("match_over", totals=list(self.totals))
            return
        self._start_deal(self._next_dealer(entry.dealer))

    # --- protocol ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self._to_move
        if seat is None:
            return []
        phase = self._phase
        if phase == "play":
            return [PLAY[c] for c in ids(legal_play_mask(self.hands[seat], led_suit(self.trick)))]
        if phase == "discard":
            return [DISCARD[c] for c in ids(self._discard_mask(seat))]
        if phase == "declarations":
            return [DECLARE[item] for item in self._open_items(seat)] + [DONE]
        raise AssertionError(phase)


    def returns(self) -> list[Score]:
        """Marques won or lost by each seat over the match, the deal in progress included (paid at once)."""
        if self._phase == "over":
            return list(self.totals)
        return [t + r for t, r in zip(self.totals, self.deal_row, strict=True)]

    def observation(self, seat: int) -> Observation:
        check_seat(self, seat)
        public: dict[str, Any] = {
            "deal": len(self.log) - 1,
            "dealer": self.dealer,
            "eldest": self.eldest,
            "variant": self.variant,
            "leader": self.leader,
            "trick": [[s, CARDS[c].code] for s, c in zip(self.trick_seats, self.trick, strict=True)],
            "tricks": list(self.tricks_public),
            "discard": codes(self.discards[seat]),  # one's own discard only
            "discards_face_up": codes(self.face_up),
            # Whose each face-up card is (D4: public, so every seat sees the same lists).
            "discards_face_up_by_seat": [codes(d & self.face_up) for d in self.discards],
            "shown": codes(self.shown),
            "declared": [list(d) for d in self.declared],
            "declarations_done": list(self.decl_done),
            "payments": [{"reason": p["reason"], "seat": p["seat"], "row": p["row"], "item": p.get("item")}
                         for p in self.payments],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "mort_left": len(self.mort_queue),
            "scores": self.returns(),
            "last_row": self.last_row(),
        }
        return self._observation(seat, self.hands[seat], public)

    def card_strength(self, card: Card) -> int:
        """Seed 000's order (rules.STRENGTH): K Q N J, then 10 … 1 in Swords and Batons, 1 … 10 in Cups and Coins."""
        return STRENGTH[card.id]

    def known_cards(self, seat: int) -> int:
        """Own hand and discard, every card played, cards shown (bottom Tarot, declarations, face-up discards)."""
        check_seat(self, seat)
        known = self.hands[seat] | self.discards[seat] | self.shown | self.face_up | mask(self.trick)
        for _, cards, _, _ in self.history:
            known |= mask(cards)
        return known

    def clone(self) -> Tarot1637State:
        new = object.__new__(Tarot1637State)
        new.__dict__.update(self.__dict__)
        new.rng = clone_rng(self.rng)
        new._events = list(self._events)
        new.totals = list(self.totals)
        new.hands = list(self.hands)
        new.mort_queue = list(self.mort_queue)
        new.discards = list(self.discards)
        new.hand20 = list(self.hand20)
        new.declared = [list(d) for d in self.declared]
        new.decl_done = list(self.decl_done)
        new.trick = list(self.trick)
        new.trick_seats = list(self.trick_seats)
        new.history = list(self.history)
        new.tricks_public = list(self.tricks_public)
        new.won = list(self.won)
        new.payments = list(self.payments)
        new.deal_row = list(self.deal_row)
        new.given_deals = list(self.given_deals)
        new.log = [replace(d, actions=list(d.actions)) for d in self.log]
        return new

    def card_name(self, card: Card | str, lang: str = "fr") -> str:
        """A card's name with the period's words (Faon, le Mat, le Bagat, le Monde), in French or English.

        >>> import atout
        >>> g = atout.new_game("tarot1637", seed=1)
        >>> g.card_name("JD"), g.card_name("EX", "en"), g.card_name("T1")
        ('Faon de deniers', 'the Mat (Fool)', 'le Bagat')
        """
        c = card if isinstance(card, Card) else Card.parse(card)
        return TAROT66_1637.display(c, lang)

    def options(self) -> dict[str, Any]:
        """Rule options for records; the variant is a record header of its own."""
        out = super().options()
        out.pop("variant", None)
        return out

    def match_header(self) -> dict[str, Any]:
        return {"deals": self.deals_limit}
