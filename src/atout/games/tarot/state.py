"""French Tarot: the state of a match (one or more deals) and its phases.

Phases of a deal: ``petit_sec`` (seed variant, §3.1), ``bidding`` (§4), ``call`` (five players, §5),
``ecart`` (§6), ``annonces`` (§7), ``play`` (§9), then the next deal or ``over``. Seed 001;
spec ``shared/rules/tarot.md``. Seats are numbered in play order (counter-clockwise, D1): the
dealer's right-hand neighbour is ``(dealer + 1) % players``; he bids first and leads (§8, D10).

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=1, dealer=0)
>>> g.phase, g.current_player
('bidding', 1)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import codes
from atout.core.errors import IllegalAction, RecordError
from atout.core.protocol import DealLog, GameState, Observation, Score, json_number
from atout.core.rng import clone_rng, make_rng, new_seed
from atout.games.tarot import view
from atout.games.tarot.actions import (
    BID,
    CALL,
    NO_PETIT_SEC,
    PASS,
    PETIT_SEC,
    PLAY_BY_OBJECT,
    PLAY_LOG,
    SMALL_PLAYS,
    TEXT_BY_OBJECT,
    play_actions,
)
from atout.games.tarot.annonces import AnnoncesMixin
from atout.games.tarot.dealing import parse_deal, random_deal
from atout.games.tarot.ecart import EcartMixin
from atout.games.tarot.narrate import NarrateMixin, excuse_settled, score_components
from atout.games.tarot.play import ATTACK, DEFENCE, PlayMixin
from atout.games.tarot.rules import (
    BIT,
    BLIND_CONTRACTS,
    CONTRACTS,
    EXCUSE,
    TarotRules,
    callable_cards,
    is_petit_sec,
    legal_play_mask,
)
from atout.games.tarot.scoring import card_points2, card_points2_literal, oudlers_in, quarter_fraction, score_quarters

if TYPE_CHECKING:
    from atout.core.rollout import Policy, RolloutRng

PLAY_PHASE = "play"


def _bidding_actions(variant: str, best: int) -> tuple[Action, ...]:
    """``pass`` and every contract stronger than the best bid (§4), sorted by text; cached."""
    key = (variant, best)
    found = _BIDDING.get(key)
    if found is None:
        found = _BIDDING[key] = tuple(sorted([BID[c] for c in CONTRACTS[variant][best + 1:]] + [PASS], key=str))
    return found


_BIDDING: dict[tuple[str, int], tuple[Action, ...]] = {}
_PLAY_GET = PLAY_BY_OBJECT.get
_TEXT_GET = TEXT_BY_OBJECT.get
_SMALL_GET = SMALL_PLAYS.get
_BIT_OF = BIT.__getitem__


class TarotState(NarrateMixin, AnnoncesMixin, EcartMixin, PlayMixin, GameState):
    """A match of French Tarot: ``deals`` counted deals (annulled petit-sec hands do not count).

    The attributes are slots so that a clone stays small (issue 11: ≤ 1 KiB). A clone copies only
    ``hands``; it shares the rest: ints, tuples (``bids``, ``flags``, ``trick``, ``history``), lists the
    engine replaces instead of changing in place (``side``, ``announcements``, ``piles``,
    ``tricks_won``, ``totals4``; readers must not change them either), and, copied on first write,
    the deal log and the generator.
    """

    # Every attribute, described where __init__ or _reset_deal sets it (sorted, as ruff wants them).
    __slots__ = (  # noqa: RUF023 - sorted by name, ignoring the leading underscore
        "ann_count", "announcements", "best", "best_bid", "bids", "called", "contract", "counted", "current_player",
        "deals_limit", "debt", "ecart", "_ecart_next", "ecart_trumps", "eldest", "_events", "ex_seat", "fft", "flags",
        "given_deals", "hands", "history", "_lcache", "leader", "led", "_lmask", "log", "_log_actions", "_log_shared",
        "next_seat", "ntricks", "outcome", "pab", "partner", "partner_revealed", "_phase", "piles", "played",
        "players", "redeal_void", "rng", "_rng_shared", "rules", "seed", "shower", "showing", "side",
        "slam_announced", "_special", "_table_rules", "taker", "talon", "talon_shown", "totals4", "trick", "trick_no",
        "tricks_won", "variant", "win",
    )
    game_name = "tarot"
    #: The seat to act, None when the match is over: a plain attribute (read at every step of a playout).
    current_player: int | None

    def __init__(
        self,
        rules: TarotRules,
        seed: int | None = None,
        deal: dict[str, Any] | list[dict[str, Any]] | None = None,
        dealer: int | None = None,
        deals: int = 1,
        redeal_void: bool = False,
    ) -> None:
        self.rules = rules
        self.variant = rules.variant
        self.players = n = rules.players
        self.seed = new_seed() if seed is None else seed
        self.rng: random.Random = make_rng(self.seed)
        self._rng_shared = False  # True while a clone shares ``rng`` (copied on first use)
        self._log_shared = False  # True while a clone shares ``log`` (copied by the next apply)
        self._table_rules: dict[str, Any] | None = None  # see table_rules()
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError(f"deals must be a positive integer, not {deals!r}")
        self.deals_limit = deals
        if not isinstance(redeal_void, bool):
            raise ValueError(f"redeal_void must be true or false, not {redeal_void!r}")
        #: A deal everybody passed is dealt again by the next player and does not count towards ``deals`` (the
        #: tables: a person who asked for one deal gets one played). Off, it counts (simulations, the ladder).
        self.redeal_void = redeal_void
        if deal is None:
            self.given_deals: list[Any] = []
        elif isinstance(deal, dict):
            self.given_deals = [deal]
        elif isinstance(deal, list | tuple):
            self.given_deals = list(deal)
        else:
            raise RecordError(f"deal must be a deal object or a list of them, not {type(deal).__name__}", "bad_deal")
        for i, one in enumerate(self.given_deals):
            parse_deal(one, i, n)  # every explicit deal is checked now, not when the match reaches it
        self.fft = rules.variant == "fft"
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.ntricks = rules.hand_size
        self.totals4 = [0] * n  # match totals in quarter points (replaced at each deal, never changed)
        self.counted = 0  # deals that count towards ``deals`` (all-pass deals do; petit sec does not)
        self._lcache: list[Action] | None = None
        self._lmask = 0  # legal play mask of the position, 0 while unknown
        if dealer is None:
            dealer = self.rng.randrange(n)  # seed 001: "le premier donneur tiré au sort"
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        self._events = []  # filled only when narrating (see narrate.py); events() derives them lazily
        self.log: list[DealLog] = []
        self._start_deal(dealer)

    # --- dealing (§3) ----------------------------------------------------------------------------
    def _start_deal(self, dealer: int) -> None:
        """Deal (explicitly or from the RNG); the FFT annuls a petit sec at once (FFT rule 7, D15)."""
        while True:
            index = len(self.log)
            if index < len(self.given_deals):
                hands, talon = parse_deal(self.given_deals[index], index, self.players)
                deal = {"hands": [codes(h) for h in hands], "talon": codes(talon)}
            else:
                if self._rng_shared:  # this state was cloned: take a private copy of the generator first
                    self.rng, self._rng_shared = clone_rng(self.rng), False
                hands, talon, deal = random_deal(self.rng, self.players)
            self.log.append(DealLog(dealer=dealer, deal=deal))
            self._log_actions = self.log[-1].actions
            self._reset_deal(dealer, hands, talon)
            if self._narrate:
                self._emit("deal_started", seat=dealer, deal=index + 1, dealer=dealer)
            holder = next((s for s in range(self.players) if is_petit_sec(hands[s])), -1)
            if holder < 0:
                self._open_bidding()
                return
            if not self.fft:
                self._phase, self.current_player = "petit_sec", holder  # seed 001: "il peut réclamer"
                return
            self.log[-1].note = f"petit sec of seat {holder}: annulled, the next dealer redeals (FFT rule 7, D15)"
            self._emit("redeal", seat=holder, reason="petit_sec_fft", holder=holder)
            dealer = self.next_seat[dealer]

    def _reset_deal(self, dealer: int, hands: list[int], talon: int) -> None:
        n = self.players
        self.hands = hands
        self.talon = talon
        self.eldest = self.next_seat[dealer]  # the dealer's right: first to bid and to lead (§4, §8)
        self.bids: tuple[tuple[int, str], ...] = ()  # (seat, contract or "pass")
        self.best_bid = -1  # index of the highest contract bid so far
        self.taker = -1
        self.contract: str | None = None
        self.called = -1  # the called card at five (§5)
        self.partner = -1  # the truth: seat holding the called card, -1 when the taker plays alone
        self.partner_revealed = False
        self.side = [DEFENCE] * n  # ATTACK / DEFENCE per seat, fixed once the taker (and call) are known
        self.talon_shown = False
        self._ecart_next = 0  # the cards legal_actions() listed for the next écart step (0: not computed)
        self.ecart = 0  # cards laid aside so far (one at a time, §6); complete at talon_size cards
        self.ecart_trumps = 0  # trumps laid aside, shown to everybody (D6, FFT rule 9)
        self.announcements: list[tuple[int, str, int]] = []  # (seat, kind, shown cards)
        self.flags = (0,) * n  # announcements made, per seat (annonces.FLAG bits)
        self.slam_announced = False
        self.ann_count = 0  # players done with their announcements
        self.shower, self.showing = -1, 0  # a poignée being shown one card at a time: its seat, its cards
        self.leader = self.eldest
        self.trick: tuple[int, ...] = ()  # card ids in play order from the leader
        self.led = -1  # suit fixed by the first card that is not the Excuse (0..3, 4 trumps, -1 none)
        self.best = -1  # id of the card winning the trick so far
        self.win = -1  # its seat
        self.ex_seat = -1  # who played the Excuse in this trick
        self.trick_no = 0
        self.history: tuple[tuple[int, tuple[int, ...], int], ...] = ()  # (leader, cards, winner)
        self.played = 0
        self.piles = [0, 0]  # cards owned by the attack and the defence (a new list at each trick)
        self.tricks_won = [0, 0]
        self.debt = -1  # side owing a low card for its Excuse (§9.3, D11)
        self.pab: str | None = None  # side earning the petit au bout, known after the last trick
        self.outcome: dict[str, Any] | None = None
        self._lcache, self._lmask = None, 0
        self._special = False

    def _open_bidding(self) -> None:
        self._phase, self.current_player = "bidding", self.eldest

    # --- petit sec (§3.1) ------------------------------------------------------------------------
    def _apply_petit_sec(self, action: Action) -> None:
        seat = self.current_player
        assert seat is not None
        if action == NO_PETIT_SEC:
            self._open_bidding()
        elif action == PETIT_SEC:
            # Seed 001: "la Main ne tourne pas et le joueur qui a donné donne à nouveau" (D15).
            entry = self.log[-1]
            entry.note = f"petit sec claimed by seat {seat}: annulled, the same dealer redeals (seed 001, D15)"
            self._emit("redeal", seat=seat, reason="petit_sec", holder=seat)
            self._start_deal(entry.dealer)
        else:
            raise IllegalAction(f"{action}: you hold the Petit sec: 'petit_sec' (annul the deal) or 'no_petit_sec'",
                                code="petit_sec_choice", params={"cite": "seed 001, §3.1"})

    # --- bidding (§4) ----------------------------------------------------------------------------
    def _apply_bid(self, action: Action) -> None:
        seat = self.current_player
        assert seat is not None
        contracts = self.rules.contracts
        if action == PASS:
            word = "pass"
        elif action.kind == "bid" and len(action.args) == 1:
            word = action.args[0]
            if word not in contracts:
                raise IllegalAction(f"{action}: the {self.variant} contracts are {', '.join(contracts)} (§4)",
                                    code="unknown_contract", params={"word": word, "contracts": list(contracts),
                                                                     "cite": "seed 001, §4"})
            i = contracts.index(word)
            if i <= self.best_bid:
                raise IllegalAction(f"{action}: a bid must beat {contracts[self.best_bid]} "
                                    "(seed 001: 'proposer un contrat de force supérieure')", code="bid_too_low",
                                    params={"contract": contracts[self.best_bid], "cite": "seed 001, §4"})
            self.best_bid, self.taker = i, seat
        else:
            raise IllegalAction(f"{action}: in the bidding, 'pass' or 'bid CONTRACT' ({', '.join(contracts)})",
                                code="bid_expected", params={"contracts": list(contracts), "cite": "seed 001, §4"})
        self.bids += ((seat, word),)
        if self._narrate:
            self._emit("passed", seat=seat) if word == "pass" else self._emit("bid", seat=seat, contract=word)
        if len(self.bids) < self.players:  # one round only (seed 001: "un seul tour")
            self.current_player = self.next_seat[seat]
            return
        if self.taker < 0:
            # Seed 001: "Si tous les joueurs passent, la partie est annulée et le joueur suivant distribue".
            self.log[-1].note = "all passed: void deal"
            last = not self.redeal_void and self.counted + 1 >= self.deals_limit  # no next deal
            again = {"again": True} if self.redeal_void else {}  # dealt again, not counted: said so
            self._emit("redeal", reason="all_passed", last=last, **again)
            self._finish_deal([0] * self.players, counts=not self.redeal_void)
            return
        self.contract = contracts[self.best_bid]
        self.side = [ATTACK if s == self.taker else d for s, d in enumerate(self.side)]  # (shared by clones)
        self._emit("contract", seat=self.taker, contract=self.contract, taker=self.taker)
        if self.players == 5:
            self._phase, self.current_player = "call", self.taker
        else:
            self._after_call()

    # --- the call at five (§5) -------------------------------------------------------------------
    def _apply_call(self, action: Action) -> None:
        if action.kind != "call" or len(action.args) != 1:
            raise IllegalAction(f"{action}: the taker calls a card: 'call KH' (§5)", code="call_expected",
                                params={"cite": "seed 001, §5"})
        c = Card.parse(action.args[0]).id
        allowed = callable_cards(self.hands[self.taker], self.variant)
        if not allowed >> c & 1:
            rule = ("FFT rule 10: a King (a Queen if you hold the four Kings, …)" if self.fft else
                    "seed 001: 'appeler un Roi (ou une Dame s'il possède les quatre Rois)', one you do not hold (D9)")
            raise IllegalAction(f"{action}: you may call {' '.join(codes(allowed))} ({rule})", code="call_not_allowed",
                                params={"card": CARDS[c].code, "cards": codes(allowed),
                                        "cite": "FFT rule 10" if self.fft else "seed 001, §5; D9"})
        self.called = c
        self._emit("called", seat=self.taker, called=CARDS[c].code)
        holder = next((s for s in range(self.players) if self.hands[s] >> c & 1), -1)
        if holder >= 0 and holder != self.taker:
            self.partner = holder
            self.side = [ATTACK if s == holder else d for s, d in enumerate(self.side)]
        # Otherwise the card is in the talon (or, FFT, in his own hand): he plays alone against four.
        self._after_call()

    def _after_call(self) -> None:
        if self.contract in BLIND_CONTRACTS:
            self._emit("talon_hidden", seat=self.taker, contract=self.contract)
            self._open_annonces()  # the talon stays face down, unseen (seed 001)
            return
        # Prise, Pousse, Garde: the talon is shown to all and taken (seed 001: "les montre aux autres").
        self.talon_shown = True
        self._emit("talon_shown", seat=self.taker, cards=codes(self.talon))
        if self.called >= 0 and self.talon >> self.called & 1:
            self._emit("called_in_talon", seat=self.taker, called=CARDS[self.called].code)
        self.hands[self.taker] |= self.talon
        self._phase, self.current_player = "ecart", self.taker

    # --- trick play (§9) -------------------------------------------------------------------------
    def _open_play(self) -> None:
        # D10: the dealer's right leads, even after a capot; FFT rule 5: the chelem announcer leads.
        lead = self.taker if self.fft and self.slam_announced else self.eldest
        self._phase, self.current_player, self.leader = PLAY_PHASE, lead, lead
        # The FFT's extras need the slow legality path: the poignée and the called suit at the first trick,
        # the chelem announcer's Excuse (FFT rules 4, 5, 10).
        self._special = self.fft

    # --- end of the deal (§10, §11) --------------------------------------------------------------
    def _end_play(self) -> None:
        attack, defence = self.piles
        if self.contract == "garde_sans":
            attack |= self.talon  # counts for the taker (seed 001)
        elif self.contract == "garde_contre":
            defence |= self.talon  # "passe aux mains de la défense"
        else:
            attack |= self.ecart
        literal = self.rules.count_method == "seed_literal"
        points2 = card_points2_literal(attack) if literal else card_points2(attack)
        oudlers = oudlers_in(attack)
        won = self.tricks_won
        slam = "attack" if won[DEFENCE] == 0 else "defence" if won[ATTACK] == 0 else "none"
        anns = [(s, k) for s, k, _ in self.announcements if k not in ("capot", "chelem")]
        partner = self.partner if self.partner >= 0 else None
        assert self.contract is not None
        row = score_quarters(self.variant, self.players, self.contract, self.taker, partner, points2, oudlers,
                             self.pab, anns, slam, self.slam_announced, self.rules.capot_value)
        self.outcome = {
            "attack_pile": attack, "defence_pile": defence, "attack_points": Fraction(points2, 2),
            "attack_oudlers": oudlers, "petit_au_bout": self.pab, "slam": slam,
        }
        if self._narrate:
            settled = excuse_settled(self)
            if settled is not None:
                self._emit("excuse_settled", seat=settled["owner"], **settled)
            if self.pab:
                self._emit("petit_au_bout", side=self.pab)
            if slam != "none" or self.slam_announced:
                self._emit("slam", side=slam, announced=self.slam_announced, variant=self.variant)
        self._finish_deal(row)

    def _finish_deal(self, row4: list[int], counts: bool = True) -> None:
        entry = self.log[-1]
        entry.result = [quarter_fraction(q) for q in row4]
        self.totals4 = [t + q for t, q in zip(self.totals4, row4, strict=True)]
        self.counted += counts
        self._lcache, self._lmask = None, 0
        if self._narrate and self.outcome is not None:
            self._emit("deal_scored", seat=self.taker, **score_components(self, entry.result))
        if self.counted >= self.deals_limit:
            self._phase, self.current_player = "over", None
            if self._narrate:
                self._emit("match_over", totals=[json_number(x) for x in self.returns()])
            return
        self._start_deal(self.next_seat[entry.dealer])  # the deal passes to the right (seed 001)

    # --- protocol --------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    def legal_actions(self) -> list[Action]:
        """Sorted by verb, then by card ids: the complete legal set, one entry per card to play or to
        lay aside in the écart; representatives for the poignée (``apply`` accepts any valid show)."""
        if self._phase is PLAY_PHASE:  # the hot path of playouts: a mask, then table look-ups
            if self._special:
                seat: int = self.current_player  # type: ignore[assignment]
                m = self._lmask = self._play_mask(seat)
                if self.trick_no:
                    return play_actions(m)
                if self.shower == seat:  # showing a poignée one card at a time: finish it first (FFT rule 4)
                    self._lmask = 0
                    return self._showing_actions(seat)
                return self._poignee_actions(seat) + play_actions(m)
            m = self._lmask = legal_play_mask(self.hands[self.current_player], self.led, self.best)  # type: ignore[index]
            small = _SMALL_GET(m)  # play_actions' own first look-up, inlined: most legal masks are small
            return list(small) if small is not None else play_actions(m)
        cached = self._lcache
        if cached is None:
            cached = self._lcache = self._legal()
        return list(cached)

    def _legal(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        phase = self._phase
        if phase == "bidding":
            return list(_bidding_actions(self.variant, self.best_bid))
        if phase == "annonces":
            return self._annonces_actions()
        if phase == "call":
            allowed = callable_cards(self.hands[seat], self.variant)
            return [CALL[c] for c in range(56) if allowed >> c & 1]
        if phase == "ecart":
            return self._ecart_actions(seat)
        if phase == "petit_sec":
            return [NO_PETIT_SEC, PETIT_SEC]
        raise AssertionError(phase)

    def apply(self, action: Action | str) -> None:
        """Apply an action (text or :class:`Action`); raise IllegalAction naming the rule if refused.

        Cards take a fast path: an interned ``play`` action in the legal mask that
        :meth:`legal_actions` computed is played without parsing; anything else is checked first.
        """
        if self._log_shared:  # cloned: this state takes its own copy of the log before writing to it
            self._own_log()
        seat = self.current_player
        if self._phase is not PLAY_PHASE:
            text = _TEXT_GET(id(action))
            if text is None or seat is None or not isinstance(action, Action):
                GameState.apply(self, action)  # parse, then check and apply (or refuse) by _apply
                return
            actions = self._log_actions  # captured first: the action may end the deal
            self._apply(action)
            actions.append((seat, text))
            return
        c = _PLAY_GET(id(action), -1)
        if c < 0 or not self._lmask & BIT[c]:  # (BIT: no 78-bit shift to allocate)
            c = self._checked_card(action)
            if c < 0:
                return
        assert seat is not None
        self._lmask = 0
        self._log_actions.append(PLAY_LOG[seat][c])  # the prebuilt (seat, text) entry
        # Play the card: update the suit led, the winning card and its seat (§9.1, §9.2).
        self.hands[seat] ^= BIT[c]
        trick = self.trick = self.trick + (c,)  # noqa: RUF005 - twice as fast as (*trick, c)
        if c < 56:
            led = self.led
            if led < 0:
                self.led, self.best, self.win = c // 14, c, seat
            elif c > self.best and led == c // 14:
                self.best, self.win = c, seat
            if c == self.called:
                self.partner_revealed = True  # the called card shows the partner (seed 001)
        elif c < EXCUSE:
            if c > self.best:  # any trump beats plain cards (ids < 56) and lower trumps
                self.best, self.win = c, seat
                if self.led < 0:
                    self.led = 4
        else:
            self.ex_seat = seat  # the Excuse never fixes the suit nor wins here (§9.3)
        if self._narrate:
            self._emit("card_played", seat=seat, card=CARDS[c].code, trick=self.trick_no + 1)
            if c == self.called:
                self._emit("partner_revealed", seat=seat, called=CARDS[c].code, alone=seat == self.taker)
        if len(trick) < self.players:
            self.current_player = self.next_seat[seat]
        else:
            self._end_trick()

    def _apply(self, action: Action) -> None:
        self._lcache, self._lmask = None, 0
        phase = self._phase
        if phase == PLAY_PHASE:
            self._apply_play_phase(action)
        elif phase == "bidding":
            self._apply_bid(action)
        elif phase == "annonces":
            self._apply_annonce(action)
        elif phase == "ecart":
            self._apply_ecart(action)
        elif phase == "call":
            self._apply_call(action)
        elif phase == "petit_sec":
            self._apply_petit_sec(action)
        else:  # pragma: no cover - guarded by apply()
            raise IllegalAction(f"{action}: nothing to do in phase {phase}")

    def returns(self) -> list[Score]:
        """Each seat's total over the match so far (exact; zero-sum)."""
        return [Fraction(q, 4) for q in self.totals4]

    def known_cards(self, seat: int) -> int:
        """Bitmask of every card whose location ``seat`` may know now (see :mod:`view`)."""
        return view.known_cards(self, seat)

    def observation(self, seat: int) -> Observation:
        return view.observation(self, seat)

    def card_name(self, card: Card | str, lang: str = "fr") -> str:
        """A card's name for display, Italian-suited when the ``italian`` option is on (rules unchanged).

        >>> import atout
        >>> atout.new_game("tarot", seed=1, italian=True).card_name("KH", "en")
        'King of Cups'
        """
        c = card if isinstance(card, Card) else Card.parse(card)
        return c.display(lang, italian=self.rules.italian)

    def options(self) -> dict[str, Any]:
        """Rule options for records; the variant is a record header of its own."""
        out = super().options()
        out.pop("variant", None)
        return out

    def match_header(self) -> dict[str, Any]:
        return {"deals": self.deals_limit, **({"redeal_void": True} if self.redeal_void else {})}

    def table_rules(self) -> dict[str, Any]:
        """The rules as a record states them, computed once per match and shared by its clones."""
        found = self._table_rules
        if found is None:
            found = self._table_rules = {"variant": self.variant, "players": self.players, **self.options()}
        return found

    def clone(self) -> TarotState:
        """An independent copy that shares what no one changes in place (see the class docstring).

        The deal log and the generator are shared copy-on-write: the first ``apply`` of either state
        copies the log's open entry, the next shuffle copies the generator.

        >>> import atout
        >>> g = atout.new_game("tarot", players=4, seed=1, dealer=0)
        >>> twin = g.clone()
        >>> twin.apply("pass")
        >>> len(twin.log[0].actions), len(g.log[0].actions)
        (1, 0)
        """
        new = object.__new__(TarotState)
        _copy_slots(self, new)
        self._rng_shared = new._rng_shared = True
        self._log_shared = new._log_shared = True
        new.hands = self.hands.copy()  # the only list changed in place (at every card)
        if self._narrate:  # a narrating twin's events (an ordinary state holds none: events() derives them)
            new._narrate, new._events = True, list(self._events)
        return new

    def rollout(self, policy: Policy, rng: RolloutRng) -> list[Score]:
        """Play a copy to the end with ``policy``: the compiled kernel of :mod:`atout.games.tarot.rollout`,
        which plays exactly the games the public API would (same policy, same generator; tested).

        >>> import atout
        >>> from atout.core.rollout import RolloutRng, api_rollout
        >>> g = atout.new_game("tarot", players=4, seed=3)
        >>> g.rollout("random", RolloutRng(9)) == api_rollout(g, "random", RolloutRng(9))
        True
        """
        from atout.games.tarot.rollout import rollout  # lazy: importing numba costs about a second

        return rollout(self, policy, rng)

    def _own_log(self) -> None:
        """Copy-on-write of the log shared with a clone: a new list holding a copy of the open deal's
        entry (finished deals never change, so their entries stay shared)."""
        *done, last = self.log
        mine = DealLog(last.dealer, last.deal, list(last.actions), last.result, last.note)
        self.log = [*done, mine]
        self._log_actions = mine.actions
        self._log_shared = False


def _slot_copier(names: tuple[str, ...]) -> Any:
    """A function copying every slot of one state to another, as straight-line code (like dataclasses'
    generated methods): twice as fast as a loop of ``setattr`` (issue 11, a cheap clone)."""
    body = "".join(f"    new.{name} = old.{name}\n" for name in names)
    scope: dict[str, Any] = {}
    exec(f"def copy_slots(old, new):\n{body}", scope)  # the names are this class's own slots
    return scope["copy_slots"]


_copy_slots = _slot_copier(TarotState.__slots__)
