"""A one-line "why" for a suggested action, from what the seat sees (never hidden cards).

The heuristic bots do not explain themselves; :func:`why` describes the suggestion in card-player
terms from the observation: a high card to take the trick, a low one to keep the good cards, a
contract for a strong hand…

>>> import atout
>>> from atout.core.actions import Action
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> why(Action.parse("pass"), g.observation(g.current_player), "fr")
'main trop faible pour prendre.'
"""

from __future__ import annotations

from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.protocol import Observation
from atout.present.catalogs import Section

_WHY: Section = Section("common", "why")


#: The verbs each game's reasons speak of (issue 7: no "prendre", "couper" or partner at a game without them);
#: any other verb is only "what the bot would play".
_KINDS = {
    "tarot": frozenset({"pass", "bid", "call", "discard", "announce", "done"}),
    "triomphe": frozenset({"concede", "no_concession", "accept", "refuse", "stop", "vole"}),
}


def why(action: Action, obs: Observation, lang: str = "fr", game: str = "tarot") -> str:
    """Why a player might choose ``action`` here, in one short sentence, in the game's own terms."""
    table = _WHY[lang]
    if action.kind != "play":
        if action.kind in _KINDS.get(game, frozenset()):
            return table[action.kind]
        return table["other"]
    try:
        card = Card.parse(action.args[0])
    except (NotationError, IndexError):
        return table["other"]
    plays = [Card.parse(a.args[0]) for a in obs.legal_actions if a.kind == "play" and a.args]
    if len(plays) == 1:
        return table["only"]
    same = [c for c in plays if (c.suit, c.is_trump) == (card.suit, card.is_trump)]
    trick = obs.public.get("trick") or []
    if len(same) <= 1:
        return table["other"]
    order = obs.public.get("order")  # the game's ranks, high to low (La Triomphe: K Q J A 10 …)

    def strength(c: Card) -> int:
        if isinstance(order, list) and c.rank is not None and c.rank.code in order:
            return -order.index(c.rank.code)
        return c.id  # tarot: ids rise with the rank, trumps above

    top = max(same, key=strength).id == card.id
    bottom = min(same, key=strength).id == card.id
    if not trick:
        return table["lead_high" if top else "lead_low" if bottom else "middle"]
    return table["high" if top else "low" if bottom else "middle"]
