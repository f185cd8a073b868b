"""``magmacrunch``: the computer players of the ``magmacrunch-tarot`` package, as an atout Tarot bot.

An *outside opponent* (issue 11): a player written by another project, driven through atout's public
protocol only. The adapter turns an :class:`~atout.core.protocol.Observation` into that package's
``hand`` / ``Trick`` / auction state, calls its ``ai_bid``, ``ai_discards``, ``ai_card`` and
``poignee`` / ``poignee_cards``, and maps the answer back to one of ``obs.legal_actions``. Their code
is called at run time when installed (the optional ``peers`` extra, PolyForm-Noncommercial), never
copied here.

Mapping and fallbacks (each fallback is counted in :attr:`MagmacrunchBot.stats`):

* bidding: their PRISE is atout's ``prise`` (seed) or ``petite`` (FFT); the seed's ``pousse`` (a level
  they do not have) counts as PRISE when it is the bid to beat. A bid atout refuses → ``pass``
  (``fallback_bid``).
* écart (laid aside one card at a time in atout): ``ai_discards`` on the taker's 24 cards (hand and
  cards already laid aside), handed out in their order. A card atout refuses → their choice among
  the legal cards only (``fallback_discard``).
* poignée (handful): ``poignee`` + ``poignee_cards`` on the hand, shown one card at a time, then
  ``done``. A card atout refuses → the lowest legal card of the show (``fallback_poignee``).
* play: ``ai_card`` on the hand and the trick. A card atout refuses → ``ai_card`` on a hand holding
  only the legal cards (``fallback_play``).
* what their game does not have: the seed variant's ``capot`` / ``sans_atouts`` / ``sans_points``,
  the FFT ``chelem`` → ``done`` (counted as ``not_in_their_game``); a petit sec (seed 001 §3.1, D15)
  is always annulled, as their game does.

Their randomness (only ``ai_bid`` draws) comes from the bot's seeded generator. Only four-player
Tarot: another table is refused with a ValueError (their players know neither the call nor other
hand sizes).

>>> import atout
>>> from atout.bots import make_bot
>>> g = atout.new_game("tarot", players=4, seed=2)
>>> bot = make_bot("tarot", "magmacrunch", seed=1)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tarot import rules as mc  # magmacrunch-tarot (optional): the caller registers this only when it imports

from atout.bots.base import Bot
from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.protocol import Observation

_SUITS = ("spades", "hearts", "diamonds", "clubs")  # atout's suit order (ids 0..55: suit * 14 + rank - 1)
#: Their card for each atout card id, and back by their card id text ("hearts-R", "trump-21", "excuse").
_THEIRS: tuple[Any, ...] = tuple(
    [mc.Card(mc.SUITED, _SUITS[i // 14], mc.RANKS[i % 14]) for i in range(56)]
    + [mc.Card(mc.TRUMP, number=n) for n in range(1, 22)]
    + [mc.Card(mc.EXCUSE, number=mc.EXCUSE_NUMBER)]
)
_OURS: dict[str, int] = {c.id: i for i, c in enumerate(_THEIRS)}
#: Their bid names to atout's contract words, per variant.
_BID_OUT = {
    "seed": {"PRISE": "prise", "GARDE": "garde", "GARDE_SANS": "garde_sans", "GARDE_CONTRE": "garde_contre"},
    "fft": {"PRISE": "petite", "GARDE": "garde", "GARDE_SANS": "garde_sans", "GARDE_CONTRE": "garde_contre"},
}
_BID_IN = {"prise": "PRISE", "petite": "PRISE", "pousse": "PRISE", "garde": "GARDE", "garde_sans": "GARDE_SANS",
           "garde_contre": "GARDE_CONTRE"}
_CONTRACT_ORDER = ("PASSE", "PRISE", "GARDE", "GARDE_SANS", "GARDE_CONTRE")
#: Announcements their game does not have (seed 001 §7, FFT rule 5): they always say ``done``.
_NOT_THEIRS = frozenset({"capot", "chelem", "sans_atouts", "sans_points"})


def theirs(cards: Sequence[Card]) -> list[Any]:
    """atout cards as magmacrunch ``Card`` values, in the same order.

    >>> [c.id for c in theirs([Card.parse("KH"), Card.parse("T21"), Card.parse("EX")])]
    ['hearts-R', 'trump-21', 'excuse']
    """
    return [_THEIRS[c.id] for c in cards]


def ours(card_id: str) -> Card:
    """The atout card of a magmacrunch card id (``'clubs-C'`` is the knight of clubs).

    >>> ours("clubs-C").code, ours("trump-1").code
    ('NC', 'T1')
    """
    return CARDS[_OURS[card_id]]


def their_trick(trick: Sequence[Sequence[Any]]) -> Any:
    """Their ``Trick`` from atout's public trick ``[[seat, code], …]``, built as their ``play`` builds it."""
    t = mc.Trick()
    for seat, code in trick:
        card = _THEIRS[Card.parse(code).id]
        t.cards.append((card, seat))
        if card.type == mc.SUITED and not t.led_trump and not t.led_suit:
            t.led_suit = card.suit
        if card.type == mc.TRUMP:
            t.led_trump = True
            t.highest_trump = max(t.highest_trump, card.number)
    return t


class MagmacrunchBot(Bot):
    """magmacrunch-tarot's computer player at an atout four-player Tarot table (either variant)."""

    name = "magmacrunch"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: Decisions taken, and the fallbacks used when their answer was not legal in atout.
        self.stats: Counter[str] = Counter()

    def act(self, obs: Observation) -> Action:
        if obs.game != "tarot" or obs.rules.get("players") != 4:
            raise ValueError(f"the magmacrunch bot plays four-player tarot only, not {obs.game} at "
                             f"{obs.rules.get('players')} players")
        legal = {str(a): a for a in obs.legal_actions}
        self.stats["decisions"] += 1
        self.stats[f"phase_{obs.phase}"] += 1
        if len(obs.legal_actions) == 1:
            return obs.legal_actions[0]
        shows = [a for a in obs.legal_actions if a.kind == "announce" and a.args[:1] == ("poignee",)]
        if shows or (obs.phase == "annonces" and "done" in legal):
            choice = self._poignee(obs, shows, legal)
            if choice is not None:
                if choice.kind == "announce":
                    self.stats["poignee_cards"] += 1
                elif any(a.kind == "announce" and a.args[0] in _NOT_THEIRS for a in obs.legal_actions):
                    self.stats["not_in_their_game"] += 1  # capot, chelem, sans_atouts, sans_points: "done"
                return choice
        if obs.phase == "bidding":
            return self._bid(obs, legal)
        if obs.phase == "ecart":
            return self._discard(obs, legal)
        if obs.phase == "petit_sec" and "petit_sec" in legal:
            return legal["petit_sec"]
        if obs.phase == "play":
            return self._play(obs, legal)
        return legal.get("done") or legal.get("pass") or obs.legal_actions[0]

    def _bid(self, obs: Observation, legal: dict[str, Action]) -> Action:
        best = "PASSE"
        for _, word in obs.public.get("bids", []):
            if word in _BID_IN and _CONTRACT_ORDER.index(_BID_IN[word]) > _CONTRACT_ORDER.index(best):
                best = _BID_IN[word]
        said = mc.ai_bid(theirs(obs.hand), best, obs.public.get("taker") == obs.seat, self.rng.random)
        if said == "PASSE":
            return legal["pass"]
        action = legal.get(f"bid {_BID_OUT[obs.rules['variant']][said]}")
        if action is None:
            self.stats["fallback_bid"] += 1
            return legal["pass"]
        return action

    def _discard(self, obs: Observation, legal: dict[str, Action]) -> Action:
        laid = [Card.parse(c) for c in obs.public.get("my_ecart") or []]
        plan = [c.id for c in mc.ai_discards(theirs(sorted([*obs.hand, *laid])))]
        done = {_THEIRS[c.id].id for c in laid}
        for cid in plan:
            if cid in done:
                continue
            action = legal.get(f"discard {ours(cid).code}")
            if action is not None:
                return action
            break
        self.stats["fallback_discard"] += 1
        ok = [c for c in obs.hand if f"discard {c.code}" in legal]
        return legal[f"discard {ours(mc.ai_discards(theirs(ok))[0].id).code}"]

    def _poignee(self, obs: Observation, shows: list[Action], legal: dict[str, Action]) -> Action | None:
        """The next card of their poignée, ``done`` when it is shown, or None to go on (play, no show)."""
        hand = theirs(obs.hand)
        level = mc.poignee(hand)
        showing = obs.public.get("showing") or {}
        shown = set(showing.get("cards", [])) if showing.get("seat") == obs.seat else set()
        mine = any(a.get("seat") == obs.seat and "poignee" in str(a.get("kind"))
                   for a in obs.public.get("announcements", []))
        if level is None or mine:
            if shown:  # a show under way they would not make: not theirs to finish
                self.stats["fallback_poignee"] += 1
                return legal.get("done") or shows[0]
            return legal.get("done") if obs.phase == "annonces" else None
        if not shows and not shown:  # not the time to show (FFT: at one's first card, rule 4)
            return legal.get("done") if obs.phase == "annonces" else None
        plan = [ours(c.id).code for c in mc.poignee_cards(hand, level)]
        rest = [code for code in plan if code not in shown]
        if not rest:
            if "done" in legal:
                return legal["done"]
            self.stats["fallback_poignee"] += 1
            return shows[0]
        action = legal.get(f"announce poignee {rest[0]}")
        if action is None:
            self.stats["fallback_poignee"] += 1
            return shows[0] if shows else legal.get("done")
        return action

    def _play(self, obs: Observation, legal: dict[str, Action]) -> Action:
        trick = their_trick(obs.public.get("trick", []))
        said = mc.ai_card(theirs(obs.hand), trick)
        action = legal.get(f"play {ours(said).code}") if said else None
        if action is None:
            self.stats["fallback_play"] += 1
            ok = [c for c in obs.hand if f"play {c.code}" in legal]
            said = mc.ai_card(theirs(ok), trick)
            action = legal.get(f"play {ours(said).code}") if said else None
            if action is None:  # their rules offer none of the legal cards: atout's first
                action = legal[f"play {ok[0].code}"]
        return action


def fallback_rates(deals: int, seed: int = 0, variant: str = "fft", opponent: str = "heuristic") -> dict[str, Any]:
    """Play ``deals`` deals, magmacrunch at seats 0 and 2 and ``opponent`` at 1 and 3, and count decisions
    and fallbacks: how often their answer was not legal in atout.

    >>> r = fallback_rates(2, seed=1)
    >>> r["deals"], r["decisions"] > 0
    (2, True)
    """
    from atout.bots.base import make_bot
    from atout.core.protocol import new_game

    total: Counter[str] = Counter()
    for d in range(deals):
        g = new_game("tarot", players=4, variant=variant, seed=seed * 100_003 + d)
        mags = {s: MagmacrunchBot(seed=seed * 7 + d * 4 + s) for s in (0, 2)}
        others = {s: make_bot("tarot", opponent, seed=seed * 7 + d * 4 + s) for s in (1, 3)}
        while not g.is_terminal():
            s = g.current_player
            assert s is not None
            g.apply((mags.get(s) or others[s]).act(g.observation(s)))
        for b in mags.values():
            total += b.stats
    return {"deals": deals, "variant": variant, "opponent": opponent, **dict(sorted(total.items()))}
