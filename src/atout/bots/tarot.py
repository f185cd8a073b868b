"""Tarot bots: a heuristic player and a passive "pass and play low" baseline.

Both see only the observation. The heuristic bids from hand strength (oudlers, trumps, Kings, long
suits, voids), calls the King of its longest suit at five, lays aside points and makes voids,
shows handfuls when it is safe, and plays partner-aware: it throws points on a partner's secure
trick, saves the Petit when it can, hunts it with long trumps, and wins tricks as cheaply as it can.

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=2)
>>> TarotBot(seed=0).act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.protocol import Observation
from atout.games.tarot.actions import BID, PASS, PLAY_BY_OBJECT, TEXT_BY_OBJECT
from atout.games.tarot.rules import (
    ABOVE,
    EXCUSE,
    PETIT,
    SUIT_MASKS,
    TALON_SIZE,
    TRUMPS,
    TWENTY_ONE,
    VALUE2,
    poignee_levels_available,
    poignee_representative,
    trick_winner_index,
)
from atout.games.tarot.view import PlayView, TarotPublic, ecart_representatives, seat_view

if TYPE_CHECKING:
    from atout.games.tarot.state import TarotState

#: Strength needed for each contract at four players (a classic point-count method); scaled by hand size.
#: Seed variant's prise 40 (was 42: 46% of deals passed out): duplicate tournaments against 42, 1,500-2,000
#: boards, gained 0.55-0.89 per deal at four (two seeds of three), 1.05-1.35 at five, 1.47-1.70 at three.
#: The FFT's petite stays at 42 (a failed petite pays the 25 too: 40 lost 1.57 per deal).
_BID_THRESHOLDS = {"seed": (("prise", 40), ("pousse", 52), ("garde", 58), ("garde_sans", 72), ("garde_contre", 82)),
                   "fft": (("petite", 42), ("garde", 58), ("garde_sans", 72), ("garde_contre", 82))}
_HAND_SCALE = {3: 1.35, 4: 1.0, 5: 0.85}


def _players(obs: Observation) -> int:
    """The table's size: from the rules, or (an observation built by hand) from the public hand sizes."""
    return int(obs.rules.get("players") or len(obs.public["hand_sizes"]))


def _ids(cards: Sequence[Card | str]) -> list[int]:
    return [c.id if isinstance(c, Card) else Card.parse(c).id for c in cards]


def _card_of(action: Action) -> int:
    """The card id of a ``play`` action: by identity for the game's interned actions, else parsed."""
    c = _PLAY_GET(id(action))
    return c if c is not None else Card.parse(action.args[0]).id


_PLAY_GET = PLAY_BY_OBJECT.get
_TEXT_GET = TEXT_BY_OBJECT.get


def _suit(c: int) -> int:
    """0..3 plain suits, 4 trumps, -1 the Excuse."""
    return c // 14 if c < 56 else (4 if c < EXCUSE else -1)


def hand_strength(hand: Sequence[int]) -> float:
    """Point-count of a hand for bidding: oudlers, trumps, honours, long suits and voids."""
    trumps = [c for c in hand if 56 <= c < EXCUSE]
    n_trumps = len(trumps)
    score = 0.0
    if TWENTY_ONE in hand:
        score += 10
    if EXCUSE in hand:
        score += 8
    if PETIT in hand:
        score += 9 if n_trumps >= 7 else 7 if n_trumps >= 5 else 4
    score += 2 * n_trumps + sum(1 for c in trumps if c >= 56 + 16 and c != TWENTY_ONE)
    for s in range(4):
        suit = [c for c in hand if c // 14 == s and c < 56]
        ranks = {c % 14 + 1 for c in suit}
        score += 6 * (14 in ranks) + (3 if 13 in ranks else 0) + 2 * (12 in ranks) + (11 in ranks)
        if 14 in ranks and 13 in ranks:
            score += 2  # King and Queen together
        if len(suit) >= 5:
            score += 2 * (len(suit) - 3)
        if not suit and n_trumps >= 5:
            score += 5  # a void lets long trumps cut
        elif len(suit) == 1 and 14 not in ranks and n_trumps >= 5:
            score += 2
    return score


@functools.lru_cache(maxsize=4096)
def _best_ecart(full: int, need: int) -> tuple[str, ...]:
    """The codes of the best of the representative écarts of the hand ``full`` (before the écart began):
    points laid aside, voids made, no trump laid. Cached: a playout asks again at each one-card step."""
    hand = [c for c in range(78) if full >> c & 1]

    def value(a: Action) -> float:
        out = set(_ids(a.args))
        rest = [c for c in hand if c not in out]
        voids = sum(1 for s in range(4) if not any(c < 56 and c // 14 == s for c in rest))
        return sum(VALUE2[c] for c in out) + 8 * voids - 10 * sum(1 for c in out if c >= 56)

    return max(ecart_representatives(full, need), key=value).args


class TarotBot(Bot):
    """Heuristic Tarot player for both variants and every table size (observation only)."""

    name = "heuristic"

    def rollout_act(self, state: TarotState, seat: int) -> Action:
        """``act(state.observation(seat))`` for a search playout in a world the search sampled: the same
        action, cheaper: a lone legal action at once, a card from the seat's view (``view.seat_view``:
        its hand and the public facts, never another hand) without building the observation.

        >>> import atout
        >>> g = atout.new_game("tarot", players=4, seed=2)
        >>> seat = g.current_player
        >>> TarotBot(seed=0).rollout_act(g, seat) == TarotBot(seed=0).act(g.observation(seat))
        True
        """
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == "play":
            ids = list(map(_PLAY_GET, map(id, legal)))  # the game's interned play actions (else not a card)
            if None not in ids:
                hand, view = seat_view(state, seat)
                if view.shower != seat:
                    return self._play_view(seat, hand, view, legal, ids)  # type: ignore[arg-type]
        elif phase == "ecart" or phase == "bidding":
            hand, view = seat_view(state, seat)
            if view.shower != seat:
                if phase == "bidding":
                    return self._bid_from([c for c in range(78) if hand >> c & 1], view.players, state.variant, legal)
                return self._ecart_from(hand | (view.known_ecart if seat == view.taker else 0), view.players, legal)
        return self.act(state.observation(seat))

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if (obs.public.get("showing") or {}).get("seat") == obs.seat:  # a poignée begun: go on with it
            return self._poignee_step(obs, legal)
        if phase == "petit_sec":
            return Action("petit_sec")  # a bare Petit is a liability: claim the redeal
        if phase == "bidding":
            return self._bid(obs, legal)
        if phase == "call":
            return self._call(obs, legal)
        if phase == "ecart":
            return self._ecart(obs, legal)
        if phase == "annonces":
            return self._announce(obs, legal)
        if phase == "play":
            shows = [a for a in legal if a.kind == "announce"]
            if shows and self._wants_poignee(obs):
                return self._poignee_step(obs, legal)
            return self._play(obs, [a for a in legal if a.kind == "play"])
        return legal[0]

    # --- before the play -------------------------------------------------------------------------
    def _bid(self, obs: Observation, legal: list[Action]) -> Action:
        return self._bid_from(_ids(obs.hand), len(obs.public["hand_sizes"]), obs.public["variant"], legal)

    @staticmethod
    def _bid_from(hand: list[int], players: int, variant: str, legal: list[Action]) -> Action:
        """The bid of a hand (card ids) at a table of ``players`` in ``variant``."""
        strength = hand_strength(hand) / _HAND_SCALE[players]
        wanted = None
        for contract, threshold in _BID_THRESHOLDS[variant]:
            if strength >= threshold:
                wanted = contract
        allowed = {a.args[0] for a in legal if a.kind == "bid"}
        if wanted is not None and wanted in allowed:
            return BID[wanted]  # (the game's interned actions: ``Action("bid", (wanted,))``)
        return PASS

    def _call(self, obs: Observation, legal: list[Action]) -> Action:
        hand = _ids(obs.hand)

        def key(a: Action) -> tuple[int, int, int]:
            c = Card.parse(a.args[0]).id
            s = c // 14
            length = sum(1 for h in hand if h < 56 and h // 14 == s)
            return (c not in hand, length, -c)  # never oneself (FFT), then the longest suit

        return max(legal, key=key)

    def _ecart(self, obs: Observation, legal: list[Action]) -> Action:
        """The next card of the best of a few whole écarts, chosen from the hand before the écart began:
        the same écart at each of its one-card steps, so each card is legal (a prefix of a legal écart)."""
        laid = _ids(obs.public.get("my_ecart") or [])
        return self._ecart_from(sum(1 << c for c in _ids(obs.hand) + laid), _players(obs), legal)

    @staticmethod
    def _ecart_from(full: int, players: int, legal: list[Action]) -> Action:
        """The next écart step from the hand before the écart began (``full``, a mask)."""
        steps = {_TEXT_GET(id(a)) or str(a): a for a in legal}
        nxt = next((steps[f"discard {c}"] for c in _best_ecart(full, TALON_SIZE[players]) if f"discard {c}" in steps),
                   None)
        return nxt if nxt is not None else legal[0]  # (an écart begun otherwise: any legal card)

    def _on_attack(self, obs: Observation) -> bool:
        pub = obs.public
        if pub["taker"] == obs.seat:
            return True
        called = pub.get("called")
        return called is not None and any(c.code == called for c in obs.hand)

    def _announce(self, obs: Observation, legal: list[Action]) -> Action:
        wants = [a for a in legal if a.kind == "announce" and a.args[0] in ("sans_atouts", "sans_points")]
        shows = [a for a in legal if a.kind == "announce" and a.args[0] == "poignee"]
        if self._on_attack(obs):
            # The attack pays its announcements if it fails (seed D8): only with a strong hand.
            if shows and self._strong_attack(obs):
                return self._poignee_step(obs, legal)
            return Action("done")
        if wants:
            return wants[0]
        if shows:
            return self._poignee_step(obs, legal)  # a defender's announcement is always paid (seed 001)
        return Action("done")

    def _poignee_step(self, obs: Observation, legal: list[Action]) -> Action:
        """The next card of the canonical show of the highest level (one card at a time, issue 11),
        then ``done`` if the show could go on; the same show at each step, so each card is legal."""
        hand = sum(1 << c for c in _ids(obs.hand))
        players = _players(obs)
        steps = {str(a): a for a in legal}
        levels = poignee_levels_available(hand, players, str(obs.rules.get("variant") or obs.public["variant"]))
        if levels:
            shown = poignee_representative(hand, levels[-1], players)
            for c in range(56, 78):
                step = steps.get(f"announce poignee {Card(c).code}")
                if shown >> c & 1 and step is not None:
                    return step
        return steps.get("done") or legal[0]

    def _strong_attack(self, obs: Observation) -> bool:
        hand = _ids(obs.hand)
        oudlers = sum(1 for c in hand if c in (PETIT, TWENTY_ONE, EXCUSE))
        return oudlers >= 2 or obs.public["contract"] in ("garde", "garde_sans", "garde_contre")

    def _wants_poignee(self, obs: Observation) -> bool:
        """FFT: the handful goes to the side that wins the deal, so only the confident attack shows it."""
        return self._on_attack(obs) and self._strong_attack(obs)

    # --- the play --------------------------------------------------------------------------------
    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        hand = 0
        for card in obs.hand:
            hand |= 1 << card.id
        return self._play_view(obs.seat, hand, _play_view_of(obs.public), legal, [_card_of(a) for a in legal])

    def _play_view(self, seat: int, hand: int, view: PlayView, legal: list[Action], ids: list[int]) -> Action:
        """The card to play, from the seat, its hand (a mask), the public facts and the legal cards."""
        ctx = _Context(seat, hand, view)
        trick = ctx.trick_ids
        if not trick or all(c == EXCUSE for c in trick):
            return legal[ids.index(self._lead(ctx, ids))]
        return legal[ids.index(self._follow(ctx, ids))]

    def _lead(self, ctx: _Context, options: list[int]) -> int:
        plain = [c for c in options if c < 56]
        trumps = [c for c in options if 56 <= c < EXCUSE]
        if ctx.tricks_left <= 2 and EXCUSE in options and not ctx.attack_sweeping():
            return EXCUSE  # never keep the Excuse to the last trick (it would change hands)
        if ctx.on_attack:
            others_trumps = ctx.unseen & TRUMPS
            if trumps and (len(trumps) > others_trumps.bit_count() or (ctx.unseen >> PETIT & 1 and len(trumps) >= 4)):
                top = others_trumps.bit_length() - 1 if others_trumps else 0
                masters = [c for c in trumps if c > top]
                if masters:
                    return max(masters)  # draw trumps with a master, hunting the Petit
                low = [c for c in trumps if c != PETIT]
                if low:
                    return min(low)
        kings = [c for c in plain if ctx.is_master(c) and not ctx.opponent_void(c // 14)]
        if kings:
            return max(kings, key=lambda c: VALUE2[c])
        if plain:
            if not ctx.on_attack and ctx.taker_voids:
                forcing = [c for c in plain if ctx.taker_voids >> (c // 14) & 1]
                if forcing:
                    return min(forcing, key=lambda c: (VALUE2[c], c))  # make the taker trump
            by_suit: dict[int, list[int]] = {}
            for c in plain:
                by_suit.setdefault(c // 14, []).append(c)
            longest = max(by_suit.values(), key=len)
            return min(longest, key=lambda c: (VALUE2[c], c))
        safe = [c for c in trumps if c != PETIT]
        if safe:
            return min(safe)
        return options[0]

    def _follow(self, ctx: _Context, options: list[int]) -> int:
        trick_ids = ctx.trick_ids
        size = len(trick_ids)
        win_i = trick_winner_index(trick_ids)  # type: ignore[arg-type]
        win_seat, win_card = (ctx.lead + win_i) % ctx.players, trick_ids[win_i]
        last = ctx.players_after == 0
        friend = ctx.team(win_seat)
        beats = _BEATS[win_card]  # the cards that would win against it (§9.2)
        beating = [c for c in options if beats >> c & 1]
        if friend is True and (last or ctx.is_secure(win_card, size)):
            if PETIT in options:
                return PETIT  # save the Petit on a partner's sure trick
            plain = [c for c in options if c < 56]
            if plain:
                return max(plain, key=lambda c: (VALUE2[c], -c))  # "charger": give points
            return self._cheapest(options)
        if beating:
            secure = [c for c in beating if last or ctx.is_secure(c, size + 1)]
            if secure:
                return min(secure, key=lambda c: (c == PETIT and not last, c >= 56, VALUE2[c] if c < 56 else 0, c))
            points = sum(VALUE2[c] for c in trick_ids)
            if points >= 6 and friend is not True:
                cheap = [c for c in beating if c != PETIT]
                if cheap:
                    return min(cheap)
        if EXCUSE in options and (ctx.tricks_left <= 2 or max(VALUE2[c] for c in options if c != EXCUSE) >= 5):
            if not ctx.attack_sweeping():
                return EXCUSE
        return self._cheapest(options)

    @staticmethod
    def _cheapest(options: list[int]) -> int:
        """The card that costs least to lose: low value, never the Petit or the 21 when avoidable."""
        pool = [c for c in options if c not in (PETIT, TWENTY_ONE, EXCUSE)] or [c for c in options if c != EXCUSE]
        pool = pool or options
        return min(pool, key=lambda c: (VALUE2[c], c >= 56, c))


#: Per plain card, the unseen cards of its suit that would beat it (``is_master``), as a mask.
_PLAIN_ABOVE = tuple(SUIT_MASKS[c // 14] & ~((1 << (c + 1)) - 1) for c in range(56))
_ALL = (1 << 78) - 1
#: Per winning card, the cards that would beat it (§9.2): higher trumps; for a plain card, any trump
#: and the higher cards of its suit. Never the Excuse.
_BEATS = tuple(ABOVE[c] if c >= 56 else TRUMPS | _PLAIN_ABOVE[c] for c in range(78))
_MEMO_LIMIT = 20_000  # tricks remembered per bot before the memo is emptied (memory stays flat)

#: Finished tricks as ``(leader, card ids, winner)``.
_Tricks = tuple[tuple[int, tuple[int, ...], int], ...]


def _play_view_of(pub: Mapping[str, Any]) -> PlayView:
    """The public facts the play needs, as ints, from an observation's public mapping: from the int
    copies of a :class:`TarotPublic`, or parsed (an observation built by hand)."""
    if isinstance(pub, TarotPublic):
        return PlayView(len(pub.hand_sizes), pub.taker, pub.partner, pub.taker_alone, pub.leader, pub.trick_ids,
                        pub.tricks_ids, pub.played_mask, pub.my_ecart_mask | pub.ecart_trumps_mask, pub.called_id,
                        pub.shower)
    tricks = tuple((t["leader"], tuple(_ids(t["cards"])), t["winner"]) for t in pub["tricks"])
    played = 0
    for _, cards, _ in tricks:
        for c in cards:
            played |= 1 << c
    out = 0
    for c in _ids(pub.get("my_ecart") or []) + _ids(pub.get("ecart_trumps") or []):
        out |= 1 << c
    called = pub.get("called")
    trick = pub["trick"]
    showing = pub.get("showing")
    return PlayView(len(pub["hand_sizes"]), pub["taker"], pub.get("partner"), pub.get("taker_alone"),
                    trick[0][0] if trick else pub.get("leader", 0), tuple(Card.parse(code).id for _, code in trick),
                    tricks, played, out, Card.parse(called).id if called is not None else -1,
                    showing["seat"] if showing else -1)


def _learn(voids: list[int], players: int, leader: int, cards: Sequence[int]) -> None:
    """Add to ``voids`` (per seat, a bit per suit: 0..3 plain, 4 trumps) what a trick shows (§9.1)."""
    key = (players, leader, cards)
    shown = _SHOWN.get(key)
    if shown is None:
        shown = _SHOWN[key] = _shown(players, leader, cards)
    for seat, bits in shown:
        voids[seat] |= bits


def _shown(players: int, leader: int, cards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The voids a trick shows: (seat, suit bits) for each card that did not follow (§9.1)."""
    led = next((_suit(c) for c in cards if c != EXCUSE), -1)
    if led < 0:
        return ()
    out = []
    for i, c in enumerate(cards):
        if c == EXCUSE or i == 0:
            continue
        s = _suit(c)
        if led < 4 and s != led:
            out.append(((leader + i) % players, 1 << led | (16 if s != 4 else 0)))
        elif led == 4 and s != 4:
            out.append(((leader + i) % players, 16))
    return tuple(out)


#: What each trick (or trick begun) met shows, by (players, leader, cards); emptied when it grows large.
_SHOWN: dict[tuple[int, int, Sequence[int]], tuple[tuple[int, int], ...]] = {}
#: Per finished trick met (by identity; the entry ``(leader, cards, winner)`` is kept, so its id is not
#: reused), the voids per seat learnt from the deal's tricks up to it; emptied when it grows large.
_VOIDS_AFTER: dict[int, tuple[Any, tuple[int, ...]]] = {}


class _Context:
    """What the bot infers from its observation: teams, unseen cards, voids, the trick.

    The voids learnt from the finished tricks are remembered per trick (:data:`_VOIDS_AFTER`): the seats
    of a playout read the same tricks, and the playouts of one world share its first ones.
    """

    __slots__ = ("_later", "_opponent_voids", "_tricks", "_voids", "alone", "holds_called", "lead", "on_attack",
                 "partner", "players", "players_after", "seat", "taker", "trick_ids", "tricks_left", "unseen")

    def __init__(self, seat: int, hand: int, view: PlayView) -> None:
        self.seat = seat
        n, taker, self.partner, self.alone, lead, trick_ids, tricks, played, out, called, _ = view
        self.players, self.taker = n, taker
        self.lead, self.trick_ids = lead, trick_ids  # the trick: its leader and cards so far
        for c in trick_ids:
            played |= 1 << c
        self.unseen = _ALL & ~played & ~hand & ~out
        self.tricks_left = hand.bit_count()
        self.players_after = n - len(trick_ids) - 1
        self.holds_called = called >= 0 and bool(hand >> called & 1)
        self.on_attack = seat == taker or (self.holds_called and seat != taker)
        self._tricks = tricks
        self._voids: list[int] | None = None  # learnt when first needed (many choices need none)
        self._later: dict[int, list[int]] = {}  # the seats still to play after a trick of each size
        self._opponent_voids = -1  # suits where a player not surely on my side is void (computed once)

    @property
    def voids(self) -> list[int]:
        """Per seat, the suits it is known to lack (a bit per suit: 0..3 plain, 4 trumps)."""
        voids = self._voids
        if voids is not None:
            return voids
        n, tricks = self.players, self._tricks
        # From the memo of the longest prefix of the finished tricks already read (the same objects: a
        # playout's tricks, or those of the world it was cloned from), then the new tricks, then the trick.
        memo = _VOIDS_AFTER
        known = len(tricks)
        found = None
        while known:
            found = memo.get(id(tricks[known - 1]))
            if found is not None and found[0] is tricks[known - 1]:
                break
            known -= 1
        voids = list(found[1]) if known and found is not None else [0] * n
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        if len(_SHOWN) > _MEMO_LIMIT:
            _SHOWN.clear()
        for k in range(known, len(tricks)):
            leader, cards, _ = entry = tricks[k]
            _learn(voids, n, leader, cards)
            memo[id(entry)] = (entry, tuple(voids))
        if len(self.trick_ids) > 1:  # (a lone card shows nothing)
            _learn(voids, n, self.lead, self.trick_ids)
        self._voids = voids
        return voids

    @property
    def taker_voids(self) -> int:
        """The suits the taker is known to lack."""
        return self.voids[self.taker] if self.taker is not None else 0

    def team(self, seat: int) -> bool | None:
        """True: surely my side; False: surely the other side; None: unknown (five players)."""
        if seat == self.seat:
            return True
        if self.players < 5:
            return (seat == self.taker) == (self.seat == self.taker) if self.taker != self.seat else False
        if self.on_attack:
            if seat == self.taker:
                return True
            if self.seat == self.taker:
                return True if seat == self.partner else (False if self.partner is not None else None)
            return False  # I am the partner: everybody else defends
        if seat == self.taker or seat == self.partner:
            return False
        if self.partner is not None or self.alone:
            return True
        return None

    def is_master(self, c: int) -> bool:
        """No unseen card of its suit ranks higher."""
        return not self.unseen & (ABOVE[c] if c >= 56 else _PLAIN_ABOVE[c])

    def opponent_void(self, suit: int) -> bool:
        bits = self._opponent_voids
        if bits < 0:
            bits = 0
            for s, v in enumerate(self.voids):
                if v and self.team(s) is not True:
                    bits |= v
            self._opponent_voids = bits
        return bool(bits >> suit & 1)

    def is_secure(self, c: int, size: int) -> bool:
        """Will ``c`` (now winning a trick of ``size`` cards) hold against the players still to play, as
        far as we know?"""
        later = self._later.get(size)
        if later is None:
            later = self._later[size] = [(self.lead + size + k) % self.players for k in range(self.players - size)]
        if not later:
            return True
        if c >= 56:
            return self.is_master(c) or all(self.voids[s] & 16 for s in later)
        if not self.is_master(c):
            return False
        voids = self.voids
        led = c // 14
        if any(voids[s] >> led & 1 and not voids[s] & 16 for s in later):
            return False  # somebody still to play is known to cut
        in_suit = (self.unseen & SUIT_MASKS[led]).bit_count()
        trumps_out = bool(self.unseen & TRUMPS)
        return not trumps_out or in_suit >= 2 * len(later)

    def attack_sweeping(self) -> bool:
        """The attack has won every trick so far and I am on it (keep the Excuse for the last trick)."""
        if not self.on_attack or not self._tricks:
            return False
        return all(self.team(w) is True for _, _, w in self._tricks) and self.tricks_left <= 1


class PassLowBot(Bot):
    """Passes whenever it can, otherwise plays its lowest legal card, otherwise the first legal action."""

    name = "passlow"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        for word in ("pass", "done", "no_petit_sec"):
            for a in legal:
                if a.kind == word:
                    return a
        plays = [a for a in legal if a.kind == "play"]
        if plays:
            return min(plays, key=lambda a: (VALUE2[Card.parse(a.args[0]).id], Card.parse(a.args[0]).id))
        return legal[0]


register_bot("tarot", "heuristic", TarotBot)
register_bot("tarot", "passlow", PassLowBot)

__all__ = ["PassLowBot", "TarotBot", "hand_strength"]
