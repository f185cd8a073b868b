"""Phrases shared by every game: cards played, tricks won, deals and matches, the core's error codes.

A game's module (``atout.present.games.<game>``) overrides any of these entries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.core.events import Event

if TYPE_CHECKING:
    from atout.present import Table

EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "deal_started": "Donne {deal} : {dealer} distribue.",
        "card_played": "{seat} joue {card}.",
        "card_played/you": "Vous jouez {card}.",
        "trick_won": "{seat} remporte le pli {trick}.",
        "trick_won/you": "Vous remportez le pli {trick}.",
        "deal_scored": "Fin de la donne {deal}.",
        "match_over": "Fin de la partie.",
        "redeal": "Donne annulée : on redistribue.",
    },
    "en": {
        "deal_started": "Deal {deal}: {dealer} deals.",
        "card_played": "{seat} plays {card}.",
        "card_played/you": "You play {card}.",
        "trick_won": "{seat} wins trick {trick}.",
        "trick_won/you": "You win trick {trick}.",
        "deal_scored": "End of deal {deal}.",
        "match_over": "End of the match.",
        "redeal": "Deal annulled: the cards are dealt again.",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "illegal": "Coup refusé",
        "notation": "Je ne comprends pas cette saisie",
        "game_over": "La partie est finie",
        "not_in_hand": "Vous n'avez pas {card} en main",
        "play_expected": "C'est le moment de jouer une carte",
        "card_twice": "Une carte est nommée deux fois",
        "must_follow": "Il faut fournir à la couleur demandée ({suit})",
        "undo_reveals": "Impossible de reprendre ce coup : des cartes vous ont été montrées depuis",
        "undo_forbidden": "On ne reprend un coup que seul avec des robots, après un coup à soi, avant la fin",
        "undo_spoken": "Impossible de reprendre ce coup : un autre joueur a parlé depuis",
        "db_unavailable": "La base de données ne répond pas : rien n'a été enregistré, réessayez dans un instant",
        "stale": "Ce coup arrive trop tard : la table a déjà avancé",
        "not_your_turn": "Ce n'est pas à vous de jouer",
    },
    "en": {
        "illegal": "Refused",
        "notation": "I do not understand this input",
        "game_over": "The game is over",
        "not_in_hand": "{card} is not in your hand",
        "play_expected": "It is time to play a card",
        "card_twice": "A card is named twice",
        "must_follow": "You must follow the suit led ({suit})",
        "undo_reveals": "This move cannot be taken back: cards have been shown to you since",
        "undo_forbidden": "A move can be taken back only alone with bots, after a move of yours, before the end",
        "undo_spoken": "This move cannot be taken back: another player has spoken since",
        "db_unavailable": "The database is not answering: nothing was recorded; try again in a moment",
        "stale": "This move comes too late: the table has moved on",
        "not_your_turn": "It is not your turn",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "yes": "oui", "no": "non", "S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle",
        "play": "jouer", "pass": "passer", "done": "terminé", "attack": "l'attaque", "defence": "la défense",
        "over": "fin", "bid": "enchère", "bidding": "enchères",
    },
    "en": {
        "yes": "yes", "no": "no", "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
        "play": "play", "pass": "pass", "done": "done", "attack": "the attack", "defence": "the defence",
        "over": "over", "bid": "bid", "bidding": "bidding",
    },
}

#: Typed words (accent-free, lower case) -> canonical action verbs, in every game.
VERBS: dict[str, dict[str, str]] = {
    "fr": {"jouer": "play", "joue": "play", "passe": "pass", "passer": "pass", "je passe": "pass",
           "fini": "done", "termine": "done", "fin": "done", "ok": "done", "c'est tout": "done"},
    "en": {"play": "play", "pass": "pass", "done": "done", "ok": "done"},
}


def default_breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Each seat's score for the deal, when a game has no breakdown of its own."""
    from atout.present import number

    row = event.data.get("row", [])
    colon = " :" if lang == "fr" else ":"
    lines = [("Marque" if lang == "fr" else "Score") + colon]
    lines += [f"  {table.seat_name(s, lang)}{colon} {number(v, lang)}" for s, v in enumerate(row)]
    return lines
