"""Mistigri's phrases (seed 003; spec mistigri.md): events, refusals, words, typed verbs, the pool's breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("lanturlu_shown", seat=2, data={"cards": ["7H", "9H", "QH", "KH", "JC"]}), "fr", Table("mistigri", 4))
'Joueur 3 montre Lanturlu : 7♥ 9♥ D♥ R♥ V♣ et ramasse tout ce qui est sur le jeu.'
>>> say(Event("bete", seat=0, data={"pays": 18}), "en", Table("mistigri", 4, me=0))
'You are bête: you put 18 chips into the next pool.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PIQUET32

if TYPE_CHECKING:
    from atout.present import Table

PACK = PIQUET32.mask  # the 32-card piquet pack

EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "hand_dealt": "{seat} reçoit {cards}.",
        "hand_dealt/you": "Vous recevez {cards}.",
        "retourne_shown": "{seat} retourne {card}.",
        "retourne_shown/you": "Vous retournez {card}.",
        "trump_named": "{seat} a tourné le Mistigri et choisit l'atout : {suit}.",
        "trump_named/you": "Vous choisissez l'atout : {suit}.",
        "retourne_taken": "{seat} prend la retourne ({card}) contre une de ses cartes.",
        "retourne_taken/you": "Vous prenez la retourne ({card}) contre une de vos cartes.",
        "discarded": "Vous écartez {cards}.",
        "fille_taken": "{seat} prend la fille.",
        "fille_taken/you": "Vous prenez la fille.",
        "fille_received": "La fille vous donne {cards}.",
        "cards_drawn": "{seat} demande {count} carte(s) au talon.",
        "cards_drawn/you": "Vous demandez {count} carte(s) au talon.",
        "cards_received": "Vous recevez {cards}.",
        "passed": "{seat} passe.",
        "passed/you": "Vous passez.",
        "hand_played": "{seat} joue avec son jeu.",
        "hand_played/you": "Vous jouez avec votre jeu.",
        "lanturlu_shown": "{seat} montre Lanturlu : {cards} et ramasse tout ce qui est sur le jeu.",
        "lanturlu_shown/you": "Vous montrez Lanturlu : {cards} et ramassez tout ce qui est sur le jeu.",
        "card_played": "{seat} joue {card}.",
        "card_played/you": "Vous jouez {card}.",
        "trick_won": "{seat} fait le pli {trick}.",
        "trick_won/you": "Vous faites le pli {trick}.",
        "bete": "{seat} est bête : il mettra {pays} jetons au coup suivant.",
        "bete/you": "Vous êtes bête : vous mettrez {pays} jetons au coup suivant.",
    },
    "en": {
        "hand_dealt": "{seat} receives {cards}.",
        "hand_dealt/you": "You receive {cards}.",
        "retourne_shown": "{seat} turns up {card}.",
        "retourne_shown/you": "You turn up {card}.",
        "trump_named": "{seat} turned the Mistigri and names trumps: {suit}.",
        "trump_named/you": "You name trumps: {suit}.",
        "retourne_taken": "{seat} takes the turned card ({card}) against one of his cards.",
        "retourne_taken/you": "You take the turned card ({card}) against one of your cards.",
        "discarded": "You lay aside {cards}.",
        "fille_taken": "{seat} takes the fille (the spare hand).",
        "fille_taken/you": "You take the fille (the spare hand).",
        "fille_received": "The fille gives you {cards}.",
        "cards_drawn": "{seat} asks for {count} card(s) from the stock.",
        "cards_drawn/you": "You ask for {count} card(s) from the stock.",
        "cards_received": "You receive {cards}.",
        "passed": "{seat} passes.",
        "passed/you": "You pass.",
        "hand_played": "{seat} plays his hand.",
        "hand_played/you": "You play your hand.",
        "lanturlu_shown": "{seat} shows Lanturlu (five of a suit): {cards} and takes the whole pool.",
        "lanturlu_shown/you": "You show Lanturlu (five of a suit): {cards} and take the whole pool.",
        "card_played": "{seat} plays {card}.",
        "card_played/you": "You play {card}.",
        "trick_won": "{seat} wins trick {trick}.",
        "trick_won/you": "You win trick {trick}.",
        "bete": "{seat} is bête: he puts {pays} chips into the next pool.",
        "bete/you": "You are bête: you put {pays} chips into the next pool.",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "noce_no_pass": "Coup de noce (pas de bête au jeu) : tout le monde est obligé de jouer",
        "left_must_play": "Tous ont passé : à gauche du donneur, il faut prendre la fille ou jouer avec son jeu",
        "fille_unavailable": "La fille n'est plus à prendre",
        "must_play": "Le donneur qui a pris la retourne doit jouer",
        "dealer_only": "Seul le donneur peut prendre la retourne",
        "retourne_taken": "Vous avez déjà pris la retourne",
        "talon_empty": "Le talon ne donne plus de cartes",
        "draw_count": "On demande de 1 à {drawable} cartes",
        "not_lanturlu": "Votre jeu n'est pas un Lanturlu (cinq cartes d'une couleur, le Mistigri compris)",
        "unexpected_action": "Ce n'est pas le moment : vous pouvez {expected}",
        "bad_card": "Carte inconnue",
        "bad_cards": "Nommez des cartes distinctes de votre main, en bon nombre",
        "bad_suit": "Couleur inconnue : pique, cœur, carreau ou trèfle",
        "must_follow": "Il faut fournir à la couleur demandée ; jouables : {cards}",
        "must_beat": "Il faut fournir et monter sur la plus forte carte de la couleur ; jouables : {cards}",
        "must_overtrump": "Il faut monter à l'atout ; jouables : {cards}",
        "must_trump": "Sans la couleur demandée, il faut couper ; jouables : {cards}",
        "must_lead_trump": "Atout en second : le premier qui a fait un pli doit jouer atout ; jouables : {cards}",
    },
    "en": {
        "noce_no_pass": "A coup de noce (no bête in the pool): everybody must play",
        "left_must_play": "Everybody passed: on the dealer's left you must take the fille or play your hand",
        "fille_unavailable": "The fille can no longer be taken",
        "must_play": "The dealer who took the turned card must play",
        "dealer_only": "Only the dealer may take the turned card",
        "retourne_taken": "You have already taken the turned card",
        "talon_empty": "No card can be drawn from the stock",
        "draw_count": "Ask for 1 to {drawable} cards",
        "not_lanturlu": "Your hand is not a Lanturlu (five of a suit, the Mistigri counting as any)",
        "unexpected_action": "Not now: you may {expected}",
        "bad_card": "Unknown card",
        "bad_cards": "Name distinct cards of your hand, as many as needed",
        "bad_suit": "Unknown suit: spades, hearts, diamonds or clubs",
        "must_follow": "You must follow the suit led; playable: {cards}",
        "must_beat": "You must follow suit and beat its best card; playable: {cards}",
        "must_overtrump": "You must play a higher trump; playable: {cards}",
        "must_trump": "Void in the suit led, you must trump; playable: {cards}",
        "must_lead_trump": "Trump second: the first to win a trick must lead a trump; playable: {cards}",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "fr": {"spades": "pique", "hearts": "cœur", "diamonds": "carreau", "clubs": "trèfle",
           "play_hand": "jouer avec son jeu", "take_fille": "prendre la fille", "draw": "demander des cartes",
           "pass": "passer", "reveal_lanturlu": "montrer Lanturlu", "no_reveal": "ne pas montrer",
           "exchange_retourne": "prendre la retourne", "name_trump": "choisir l'atout", "play": "jouer",
           "speaking": "parole", "reveal": "Lanturlu", "trump": "choix de l'atout"},
    "en": {"spades": "spades", "hearts": "hearts", "diamonds": "diamonds", "clubs": "clubs",
           "play_hand": "play your hand", "take_fille": "take the fille", "draw": "ask for cards",
           "pass": "pass", "reveal_lanturlu": "show Lanturlu", "no_reveal": "not show",
           "exchange_retourne": "take the turned card", "name_trump": "name trumps", "play": "play",
           "speaking": "speaking", "reveal": "Lanturlu", "trump": "trump choice"},
}

LABELS: dict[str, dict[str, str]] = {
    "fr": {"play_hand": "jouer", "take_fille": "fille", "draw": "écarter {cards}", "pass": "passer",
           "reveal_lanturlu": "lanturlu", "no_reveal": "ne pas montrer", "exchange_retourne": "retourne contre {cards}",
           "name_trump": "atout {words}"},
    "en": {"play_hand": "play hand", "take_fille": "fille", "draw": "discard {cards}", "pass": "pass",
           "reveal_lanturlu": "lanturlu", "no_reveal": "no reveal", "exchange_retourne": "turned card for {cards}",
           "name_trump": "trumps {words}"},
}

VERBS: dict[str, dict[str, str]] = {
    "fr": {"jouer avec mon jeu": "play_hand", "je joue": "play_hand", "j'y vais": "play_hand", "fille": "take_fille",
           "prendre la fille": "take_fille", "la fille": "take_fille", "demander": "draw", "ecarter": "draw",
           "lanturlu": "reveal_lanturlu", "montrer": "reveal_lanturlu", "ne pas montrer": "no_reveal",
           "retourne": "exchange_retourne", "atout": "name_trump"},
    "en": {"play hand": "play_hand", "fille": "take_fille", "take fille": "take_fille", "draw": "draw",
           "discard": "draw", "lanturlu": "reveal_lanturlu", "show": "reveal_lanturlu", "no reveal": "no_reveal",
           "turned card": "exchange_retourne", "trumps": "name_trump"},
}


def _seat(table: Table, seat: int | None, lang: str) -> str:
    return table.seat_name(seat, lang)


def _coup_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    who = _seat(table, event.seat, lang)
    parts = [str(d["stake"])] if d["stake"] else []
    parts += [str(b) for b in d["betes"] if b]
    if d["carry"]:
        parts.append(str(d["carry"]))
    made = " + ".join(parts) or "0"
    if lang == "fr":
        noce = " Coup de noce : tout le monde doit jouer." if d["noce"] else " Il y a des bêtes : on peut passer."
        stake = f"met {d['stake']} jetons au jeu et donne" if d["stake"] else "donne sans mise (on vide le jeu)"
        return f"Coup {d['deal'] + 1} : {who} {stake}. Au jeu : {made} = {d['pool']} jetons.{noce}"
    noce = " A coup de noce: everybody must play." if d["noce"] else " There are bêtes: passing is allowed."
    stake = f"stakes {d['stake']} chips and deals" if d["stake"] else "deals without a stake (emptying the pool)"
    return f"Coup {d['deal'] + 1}: {who} {stake}. Pool: {made} = {d['pool']} chips.{noce}"


def _play_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    names = ", ".join(_seat(table, s, lang) for s in d["engaged"])
    if lang == "fr":
        chips = f"{d['trick_value']} jeton{'s' if abs(d['trick_value']) >= 2 else ''}"
        return f"Y vont : {names}. Le pli vaut {chips}. {_seat(table, event.seat, lang)} entame."
    chips = f"{d['trick_value']} chip{'' if d['trick_value'] == 1 else 's'}"
    return f"In the coup: {names}. A trick is worth {chips}. {_seat(table, event.seat, lang)} leads."


_REASONS = {
    "fr": {"dealer_alone": "tout le monde a passé : le donneur, seul, ramasse tout",
           "alone": "resté seul, il ramasse tout", "lanturlu": "avec Lanturlu"},
    "en": {"dealer_alone": "everybody passed: the dealer, alone, takes it all",
           "alone": "left alone in the coup, he takes it all", "lanturlu": "with Lanturlu"},
}


def _pool_taken(event: Event, lang: str, table: Table) -> str:
    d = event.data
    who = _seat(table, event.seat, lang)
    why = _REASONS[lang].get(str(d["reason"]), str(d["reason"]))
    if lang == "fr":
        return f"{who} ramasse les {d['chips']} jetons du jeu ({why})."
    return f"{who} takes the pool's {d['chips']} chips ({why})."


def _pool_settled(event: Event, lang: str, table: Table) -> str:
    d = event.data
    back = [f"{_seat(table, s, lang)} {x}" for s, x in enumerate(d["refunds"]) if x]
    fr = lang == "fr"
    parts = []
    if back:
        parts.append(("bêtes rendues : " if fr else "bêtes paid back: ") + ", ".join(back))
    if d["carry"]:
        to = _seat(table, d["carry_to"], lang)
        parts.append(f"{d['carry']} jeton(s) restés au jeu à {to}" if fr else f"{d['carry']} chip(s) left in the pool to {to}")
    head = "Fin de la partie, le jeu est soldé" if fr else "End of the match, the pool is settled"
    return f"{head} : {'; '.join(parts)}." if fr else f"{head}: {'; '.join(parts)}."


def _deal_scored(event: Event, lang: str, table: Table) -> str:
    d = event.data
    row = ", ".join(f"{_seat(table, s, lang)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d["row"]))
    if lang == "fr":
        return f"Fin du coup {d['deal'] + 1} : {row}."
    return f"End of coup {d['deal'] + 1}: {row}."


def _match_over(event: Event, lang: str, table: Table) -> str:
    d = event.data
    net = ", ".join(f"{_seat(table, s, lang)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d.get("totals", [])))
    if lang == "fr":
        return f"Fin de la partie. Jetons gagnés ou perdus : {net}."
    return f"End of the match. Chips won or lost: {net}."


def _drawn(event: Event, lang: str, table: Table) -> str:
    """Cards asked from the stock: ``1 carte``, ``3 cartes`` (no "(s)", issue 7)."""
    n = event.data.get("count", 0)
    you = event.seat == table.me
    who = _seat(table, event.seat, lang)
    if lang == "fr":
        head = "Vous demandez" if you else f"{who} demande"
        return f"{head} {n} carte{'s' if n >= 2 else ''} au talon."
    head = "You ask" if you else f"{who} asks"
    return f"{head} for {n} card{'' if n == 1 else 's'} from the stock."


SAYERS: dict[str, Any] = {
    "cards_drawn": _drawn,
    "match_over": _match_over,
    "coup_started": _coup_started,
    "play_started": _play_started,
    "pool_taken": _pool_taken,
    "pool_settled": _pool_settled,
    "deal_scored": _deal_scored,
}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Who took which share of the pool, the bêtes, the carry and the chips now (seed 003, spec §8)."""
    from atout.present import the_card

    d = event.data
    fr = lang == "fr"
    col = " :" if fr else ":"
    name = lambda s: _seat(table, s, lang)  # noqa: E731
    lines = [f"{'Au jeu' if fr else 'Pool'}{col} {d['pool']} {'jetons' if fr else 'chips'}"]
    if d.get("stake"):
        lines[0] += (f", dont la mise de {d['stake']} de {name(event.seat)}" if fr
                     else f", {name(event.seat)}'s stake of {d['stake']} included")
    if d["how"] == "tricks":
        v = d["trick_value"]
        priv = d.get("privileged")
        if priv:
            card = the_card(priv, lang)
            mist = priv == "JC"
            if fr:
                lines.append(f"Le pli vaut {d['pool']} ÷ 6 = {v} ; celui où tombe {card}"
                             f"{'' if mist else ', qui remplace le Mistigri,'} vaut double : {2 * v}")
            else:
                lines.append(f"A trick is worth {d['pool']} ÷ 6 = {v}; the one with {card}"
                             f"{' (the Mistigri)' if mist else ', standing in for the Mistigri,'} counts double: {2 * v}")
        else:
            lines.append(f"Le pli vaut {d['pool']} ÷ 6 = {v} ; pas d'atout joué : pas de pli double" if fr
                         else f"A trick is worth {d['pool']} ÷ 6 = {v}; no trump played: no double trick")
        for i, t in enumerate(d["tricks"], 1):
            lines.append(f"  {'Pli' if fr else 'Trick'} {i}{col} {name(t['winner'])} +{t['share']}")
        for s, x in enumerate(d["takings"]):
            if x:
                n = d["tricks_won"][s]
                lines.append(f"{name(s)} {'ramasse' if fr else 'takes'} {x} ({n} {'pli(s)' if fr else 'trick(s)'})")
    else:
        why = _REASONS[lang].get(str(d["how"]), str(d["how"]))
        lines.append(f"{name(d['winner'])} {'ramasse' if fr else 'takes'} {d['pool']} ({why})")
    for b in d["betes"]:
        lines.append(f"{name(b['seat'])} {'est bête et met' if fr else 'is bête and puts'} {b['pays']} "
                     + ("au coup suivant" if fr else "into the next pool"))
    if d["carry"]:
        lines.append(f"{'Restent au jeu' if fr else 'Left in the pool'}{col} {d['carry']}")
    if any(d["refunds"]) or d.get("carry_to") is not None:
        lines.append(_pool_settled(Event("pool_settled", event.seat, d), lang, table))
    row = ", ".join(f"{name(s)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d["row"]))
    lines.append(f"{'Ce coup' if fr else 'This coup'}{col} {row}")
    stacks = ", ".join(f"{name(s)} {x}" for s, x in enumerate(d["stacks"]))
    lines.append(f"{'Jetons' if fr else 'Chips'}{col} {stacks}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {"boussac": ("Boussac (1896)", "Comme on le joue en Bourgogne : à 4 ou 5 joueurs avec la fille (à 3 en extension).")},
    "en": {"boussac": ("Boussac (1896)", "As played in Burgundy: 4 or 5 players with the fille (3 players as an extension).")},
}


#: lang -> action verb -> a plain-words prompt shown with the choice (seed 003: the draw from the talon).
HINTS: dict[str, dict[str, str]] = {
    "fr": {"draw": "Choisissez les cartes dont vous ne voulez pas (1 à 5) : vous en recevrez autant du talon."},
    "en": {"draw": "Choose the cards you do not want (1 to 5): you get as many new ones from the talon."},
}

#: card code -> lang -> a mark drawn on the card (the Mistigri, the valet de trèfle, is of every suit).
MARKED: dict[str, dict[str, str]] = {"JC": {"fr": "Mistigri", "en": "Mistigri"}}
