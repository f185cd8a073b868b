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

_WHY = {
    "fr": {
        "pass": "main trop faible pour prendre.",
        "bid": "main assez forte pour ce contrat (atouts, bouts, Rois).",
        "call": "appeler un Roi d'une couleur où l'on a des cartes, pour que le partenaire vous aide.",
        "discard": "écarter des cartes sans valeur et vider une couleur pour pouvoir couper.",
        "announce": "l'annonce rapporte une prime.",
        "done": "rien de plus à annoncer.",
        "lead_high": "entamer avec une carte maîtresse pour faire le pli.",
        "lead_low": "entamer petit pour ne pas perdre de points.",
        "high": "jouer la plus forte pour prendre le pli.",
        "low": "jouer petit : le pli est perdu ou déjà acquis à votre camp ; on garde les bonnes cartes.",
        "middle": "une carte moyenne : assez pour suivre, sans gaspiller la plus forte.",
        "concede": "la main est trop faible : mieux vaut donner un jeu que risquer d'en perdre deux.",
        "no_concession": "la main peut faire trois plis.",
        "accept": "un jeu sûr vaut mieux que la vole risquée.",
        "refuse": "la main est assez forte pour faire la vole.",
        "stop": "garder le jeu acquis plutôt que risquer deux jeux.",
        "vole": "la main peut faire les cinq plis : deux jeux.",
        "other": "c'est ce que jouerait le robot.",
        "only": "c'est la seule carte permise ici.",
    },
    "en": {
        "pass": "the hand is too weak to take.",
        "bid": "the hand is strong enough for this contract (trumps, oudlers, Kings).",
        "call": "call a King of a suit you hold, so that the partner can help.",
        "discard": "lay aside worthless cards and void a suit so as to trump it.",
        "announce": "the announcement earns a bonus.",
        "done": "nothing more to announce.",
        "lead_high": "lead a master card to take the trick.",
        "lead_low": "lead low so as not to give points away.",
        "high": "play the highest to take the trick.",
        "low": "play low: the trick is lost or already your side's; keep the good cards.",
        "middle": "a middle card: enough to follow without wasting the highest.",
        "concede": "the hand is too weak: better give one point than risk losing two.",
        "no_concession": "the hand can take three tricks.",
        "accept": "a sure point is worth more than a risky vole.",
        "refuse": "the hand is strong enough for the vole.",
        "stop": "keep the point won rather than risk two.",
        "vole": "the hand can take all five tricks: two points.",
        "other": "this is what the bot would play.",
        "only": "it is the only card allowed here.",
    },
}


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
