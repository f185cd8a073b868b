"""Worlds for La Triomphe: the unseen cards dealt consistently with what one seat observed.

Seed 002 / triomphe.md §5: a player must follow suit, beat the card winning the trick when he can
(D7a), trump when void, overtrump when he can (D7b). So a seat that did not follow is void in the suit
led; one that neither followed nor trumped has no trump; one that followed (or trumped) under the
winning card has nothing above it in that suit. The turn-up and the cards taken in a pillage are
public; the cards put under the stock in a pillage are the pillager's secret.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from atout.bots.base import Bot, make_bot, register_bot
from atout.bots.search import BUDGETS, Budget, SearchBot, cautious_choice, paired_scores, register_sampler
from atout.bots.search.triomphe_duel import MY_VOLE, NO_VOLE, THEIR_VOLE, Duel
from atout.bots.search.worlds import assign, plays_in_history
from atout.core.actions import Action
from atout.core.cards import Card, Suit
from atout.core.cardset import codes, ids, mask
from atout.core.packs import PIQUET32
from atout.core.protocol import Observation
from atout.games.triomphe.rules import strength_table

RANKS = ("A", "7", "8", "9", "10", "J", "Q", "K")


def strength_of(order: list[str]) -> dict[int, int]:
    """Card id → strength inside its suit, from the public order of ranks (high to low)."""
    rank_strength = {r: len(order) - i for i, r in enumerate(order)}
    return {c.id: rank_strength[c.code[:-1]] for c in PIQUET32.cards}


def table_facts(pub: Any, with_current: bool) -> tuple[dict[int, int], int, list[tuple[int, list[int]]]]:
    """From an observation's public part: card strengths, the trump suit, and the tricks as ``(leader, card
    ids)`` (the trick being played too when ``with_current``)."""
    tricks = [(t["leader"], [Card.parse(c).id for c in t["cards"]]) for t in pub["tricks"]]
    if with_current and pub["trick"]:
        tricks.append((pub["trick"][0][0], [Card.parse(c).id for _, c in pub["trick"]]))
    return strength_of(pub["order"]), Suit.parse(pub["trump"]).value, tricks


def above(suit: int, floor: int, strength: dict[int, int]) -> int:
    """The cards of ``suit`` stronger than ``floor``."""
    return mask(c for c, v in strength.items() if c // 14 == suit and v > floor)


def voids(tricks: list[tuple[int, list[int]]], players: int, trump: int, strength: dict[int, int]) -> list[int]:
    """Per seat, the cards it cannot hold any more, from the tricks ``(leader, card ids)`` played."""
    out = [0] * players
    suit_mask = [0x3FFF << (14 * s) for s in range(4)]
    for leader, cards in tricks:
        led = cards[0] // 14
        best_led = strength[cards[0]]
        best_trump = strength[cards[0]] if led == trump else 0
        for i, c in enumerate(cards[1:], start=1):
            seat = (leader + i) % players
            suit, v = c // 14, strength[c]
            if suit == led:
                if led != trump and best_trump == 0 and v < best_led:
                    out[seat] |= above(led, best_led, strength)  # followed under: could not beat (D7a)
                if led == trump and v < best_trump:
                    out[seat] |= above(trump, best_trump, strength)
            else:
                out[seat] |= suit_mask[led]  # did not follow
                if suit != trump:
                    out[seat] |= suit_mask[trump]  # nor trumped
                elif v < best_trump:
                    out[seat] |= above(trump, best_trump, strength)  # trumped under: could not overtrump
            if suit == led:
                best_led = max(best_led, v)
            if suit == trump:
                best_trump = max(best_trump, v)
    return out


def sample(obs: Observation, rng: random.Random) -> tuple[dict[str, Any], dict[int, str]] | None:
    """A deal consistent with ``obs`` (hands, turn-up, stock) and the texts of hidden pillage actions."""
    pub = obs.public
    n = int(obs.rules["players"])
    me = obs.seat
    hand = mask(obs.hand)
    played_by = plays_in_history(obs.history, n)
    played = 0
    for m in played_by:
        played |= m
    strength, trump, tricks = table_facts(pub, with_current=True)
    void = voids(tricks, n, trump, strength)
    pillaged = [Card.parse(c).id for c in pub["pillaged"]]
    pillager = pub["pillager"]
    hidden_at = [i for i, (s, a) in enumerate(obs.history) if a.startswith("pillage") and s != me]
    mine_under = [Card.parse(a.split()[1]).id for s, a in obs.history if a.startswith("pillage") and s == me]
    turnup = Card.parse(pub["turnup"]).id if pub["turnup"] else None
    # The original turn-up and the top of the stock as the pillage turned them (public).
    turned = pillaged + ([turnup] if turnup is not None else [])
    first = turned[0] if turned else None
    stock_top = turned[1:]
    others = [s for s in range(n) if s != me]
    # Cards another pillager took face up and has not played: in his hand, or laid back under the stock
    # (he may lay aside a card he has just taken), nowhere else.
    taken = mask(pillaged) & ~played if pillager is not None and pillager != me else 0
    known = (hand | played | mask(turned) | mask(mine_under)) & ~taken
    unseen = PIQUET32.mask & ~known
    ace = 1 << (trump * 14)  # the trump Ace (seed 002 §9.3: its holder pillages; unless an Ace was turned)
    in_stock = 0  # unseen cards that can only be in the stock
    if obs.rules.get("pillage") and first is not None and first != trump * 14 and unseen & ace:
        if pillager is None:
            in_stock = ace  # nobody held it, or he would have been the pillager
        elif pillager != me:
            taken |= ace  # he held it: still in his hand, or laid under the stock
    sizes = pub["hand_sizes"]
    stock_rest = 32 - 5 * n - 1 - len(stock_top)
    capacity = [sizes[s] for s in others] + [len(hidden_at), stock_rest]
    allowed = [PIQUET32.mask & ~void[s] & ~in_stock & (~0 if s == pillager else ~taken) for s in others]
    # The card taken by the last pillage cannot have been laid by any of them (each lays, then takes).
    last_taken = 1 << pillaged[-1] if taken and pillaged else 0
    allowed += [PIQUET32.mask & ~in_stock & ~last_taken, PIQUET32.mask & ~taken]
    cards = [c for c in range(56) if unseen >> c & 1]
    dealt = assign(cards, capacity, allowed, rng)
    if dealt is None or first is None:
        return None
    current = [0] * n
    current[me] = hand
    for k, s in enumerate(others):
        current[s] = dealt[k]
    initial = [current[s] | played_by[s] for s in range(n)]
    under = [c for c in range(56) if dealt[-2] >> c & 1]
    rng.shuffle(under)
    # The k-th pillage lays a card and takes the k-th card turned: a card taken may be laid from the next
    # pillage on, so order the laid cards by the first pillage that could lay them (stable: still shuffled).
    earliest = {c: k + 1 for k, c in enumerate(pillaged)}
    under.sort(key=lambda c: earliest.get(c, 0))
    if pillager is not None:
        initial[pillager] = (initial[pillager] | mask(under) | mask(mine_under)) & ~mask(pillaged)
    fills = {i: f"pillage {Card(c).code}" for i, c in zip(hidden_at, under, strict=True)}
    rest = [c for c in range(56) if dealt[-1] >> c & 1]
    rng.shuffle(rest)
    deal = {"hands": [codes(h) for h in initial], "turnup": Card(first).code,
            "stock": [Card(c).code for c in stock_top + rest]}
    return deal, fills


#: Worlds per decision at two players: this many times the budget's ``worlds`` (search 8 → 200).
DUEL_WORLDS = 25
#: Concede (§4) when playing is worth less than −1, the point a concession gives away (the opponent, who
#: cannot see this hand, accepts it unless his vole is all but sure; scored by the worlds instead, with an
#: opponent refusing wherever he can make the vole, a concession never wins: there he makes it in play too).
#: In that mean a world lost to the opponent's vole counts −(1 + this), not −2: the worlds' opponent sees
#: every card, and over weak hands (seeds 2000–2059 against IS-MCTS) a vole came about half as often as
#: they said, while their chance of three tricks was about right.
THEIR_VOLE_WEIGHT = 0.5
#: Play for the vole (D8) only when its mean over the worlds beats the point of a stop by this much: the
#: uniform worlds ignore that the opponent keeps his best cards for the last tricks (measured against the
#: heuristic, seeds 3000–3299: vole decisions the worlds valued at +0.5 to +1 were worth −1.4).
VOLE_MARGIN = 0.5
#: The weight of a world per answer of the opponent that a sensible player would not have made there
#: (:func:`duel_weights`).
UNLIKELY = 0.25
#: Refuse a concession (§4: then the vole or lose two) only when the worlds' mean exceeds the sure point by
#: this much: a world solved with every card seen overrates a five-trick run made blind (strategy fusion).
REFUSE_MARGIN = 0.5


def duel_worlds(obs: Observation, rng: random.Random, count: int) -> list[int]:
    """The opponent's hand in ``count`` worlds consistent with ``obs`` (two-player classic): all of them
    when there are no more than ``count``, else a uniform sample (the stock takes the rest, unconstrained)."""
    pub = obs.public
    me = obs.seat
    strength, trump, tricks = table_facts(pub, with_current=True)
    seen = mask(obs.hand) | mask(c for _, cards in tricks for c in cards)
    if pub["turnup"]:
        seen |= 1 << Card.parse(pub["turnup"]).id
    allowed = sorted(ids(PIQUET32.mask & ~seen & ~voids(tricks, 2, trump, strength)[1 - me]))
    size = pub["hand_sizes"][1 - me]
    if len(allowed) < size:
        return []  # not a position of the rules (a void mis-read): the caller falls back
    if math.comb(len(allowed), size) <= count:
        return [sum(1 << c for c in combo) for combo in itertools.combinations(allowed, size)]
    return [sum(1 << c for c in rng.sample(allowed, size)) for _ in range(count)]


def duel_weights(obs: Observation, worlds: list[int], duel: Duel) -> list[float]:
    """How likely each world makes the opponent's past answers to my leads, by a sensible player's habit:
    win the trick with his cheapest winning card, else throw his cheapest card (trumps dearest). A world
    where he did otherwise keeps weight ``UNLIKELY`` per such answer (a habit, not a rule: never zero)."""
    pub = obs.public
    me = obs.seat
    strength, trump, tricks = table_facts(pub, with_current=False)
    theirs = [cards[0] if leader != me else cards[1] for leader, cards in tricks]
    if pub["trick"] and pub["trick"][0][0] != me:
        theirs.append(Card.parse(pub["trick"][0][1]).id)  # his lead to the trick now played
    answers = [(k, cards[0], cards[1]) for k, (leader, cards) in enumerate(tricks) if leader == me]
    if not answers:
        return [1.0] * len(worlds)

    def keep(c: int) -> int:
        return strength[c] + (20 if c // 14 == trump else 0)

    out = []
    for op in worlds:
        weight = 1.0
        for k, lead, card in answers:
            held = op | mask(theirs[k:])
            legal = duel.follow(held, lead)
            if legal & (legal - 1) == 0:
                continue  # one card: no choice shown
            winners = legal & duel.beaten_by[lead]
            habit = min(keep(c) for c in ids(winners or legal))
            if not (winners and not duel.beaten_by[lead] >> card & 1) and keep(card) == habit:
                continue
            weight *= UNLIKELY
        out.append(weight)
    return out


def duel_act(obs: Observation, rng: random.Random, count: int, fallback: Bot) -> Action:
    """Two-player La Triomphe: solve each world exactly (``triomphe_duel``) and take the best mean.

    Card play: the mean value of each card over the worlds (ties: the heuristic's card if it is among the
    best, else the first). Vole (§6, D8): stop for one point unless one lead, the same in every world, wins
    the last two tricks often enough to beat it by ``VOLE_MARGIN`` (the lead is the only choice left, so
    no strategy fusion). The
    concession (§4, D6): concede when playing is worth less than the point a concession gives away
    (``THEIR_VOLE_WEIGHT``); refuse one only for a vole nearly sure (``REFUSE_MARGIN``).
    """
    pub = obs.public
    me = obs.seat
    worlds = duel_worlds(obs, rng, count)
    if not worlds:
        return fallback.act(obs)
    duel = Duel(Suit.parse(pub["trump"]).value, strength_table(pub["order"][0] == "A"))
    hand = mask(obs.hand)
    won_me, won_op = pub["tricks_won"][me], pub["tricks_won"][1 - me]
    n = len(worlds)
    if obs.phase == "concession":
        me_leads = pub["leader"] == me
        if pub["concession"].get("stage") == "answer":
            refuse = sum(duel.value(hand, op, me_leads, vole=MY_VOLE) for op in worlds) / n
            return Action("refuse") if refuse > 1 + REFUSE_MARGIN else Action("accept")
        play = sum(max(duel.value(hand, op, me_leads), -1 - THEIR_VOLE_WEIGHT) for op in worlds) / n
        return Action("concede") if play < -1 else Action("no_concession")
    weights = duel_weights(obs, worlds, duel)
    total_weight = sum(weights)
    if obs.phase == "vole":
        totals: dict[int, float] = {}
        for op, w in zip(worlds, weights, strict=True):
            for c, v in duel.card_values(hand, op, True, -1, won_me, won_op, MY_VOLE).items():
                totals[c] = totals.get(c, 0.0) + w * v
        return Action("vole") if max(totals.values()) / total_weight > 1 + VOLE_MARGIN else Action("stop")
    side = pub["vole_side"]
    vole = NO_VOLE if side is None else (MY_VOLE if side == me else THEIR_VOLE)
    lead = Card.parse(pub["trick"][0][1]).id if pub["trick"] else -1
    me_leads = pub["leader"] == me
    totals = {}
    for op, w in zip(worlds, weights, strict=True):
        for c, v in duel.card_values(hand, op, me_leads, lead, won_me, won_op, vole).items():
            totals[c] = totals.get(c, 0.0) + w * v
    best = max(totals.values())
    top = [c for c in sorted(totals) if totals[c] >= best - 1e-9 * total_weight]
    base = fallback.act(obs)
    if base.kind == "play" and Card.parse(base.args[0]).id in top:
        return base
    return Action("play", (Card(top[0]).code,))


class TriompheSearch(SearchBot):
    """PIMC for La Triomphe; at an each-for-himself table (§9) it keeps the heuristic's move unless another
    beats it by ``MARGIN`` standard errors of the paired differences over the same worlds. At two players
    (classic) every sampled world is solved exactly instead (:func:`duel_act`, ``triomphe_duel``).

    With four to six players scoring alone, one deal's result hangs on the other three to five hands, so the
    playouts of most moves differ by noise; the best of several noisy means is then luck (measured: plain
    PIMC only tied the heuristic in "chacun pour soi"). Partnership tables keep plain PIMC.
    """

    MARGIN = 1.5

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if len(legal) > 1 and int(obs.rules["players"]) == 2 and not obs.rules.get("each_for_himself"):
            return duel_act(obs, self.rng, self.budget.worlds * DUEL_WORLDS, self.fallback)
        if len(legal) <= 1 or not obs.rules.get("each_for_himself"):
            return super().act(obs)
        base = self.fallback.act(obs)
        players = int(obs.rules["players"])
        policies = [make_bot("triomphe", self.policy_name, seed=self.rng.getrandbits(32)) for _ in range(players)]
        scores = paired_scores(obs, self.rng, self.budget, legal, lambda sim: self._playout(sim, obs.seat, policies))
        return cautious_choice(base, legal, scores, self.MARGIN)


def _search_factory(budget: Budget) -> Any:
    return lambda seed: TriompheSearch(seed, "triomphe", budget)


register_sampler("triomphe", sample)
for _name, _budget in BUDGETS.items():
    register_bot("triomphe", _name, _search_factory(_budget))
