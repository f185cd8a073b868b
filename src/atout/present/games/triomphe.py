"""La Triomphe's phrases (seed 002; spec triomphe.md): events, refusals, words, typed verbs, the breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("card_played", seat=0, data={"card": "KS"}), "en", Table("triomphe", 2, me=1))
'Player 1 plays King of Spades.'
>>> say(Event("stopped", seat=1, data={}), "fr", Table("triomphe", 2))
'Joueur 2 s’arrête après trois plis et marque un jeu.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.core.events import Event
from atout.core.packs import PIQUET32
from atout.present.cards import join_words

if TYPE_CHECKING:
    from atout.present import Table

PACK = PIQUET32.mask  # the 32-card piquet pack: no Cavalier, so C is clubs only as a suit

EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "deal_started": "Donne {deal} : {dealer} distribue et retourne {turnup} : l'atout (la triomphe) est {trump}.",
        "pillaged": "{seat} pille {card}.",
        "pillaged/you": "Vous pillez {card}.",
        "put_under": "Vous glissez {card} sous le talon.",
        "pillage_over": "Fin du pillage.",
        "conceded": "{seat} donne le jeu : l'autre camp peut accepter ou refuser.",
        "conceded/you": "Vous donnez le jeu : l'autre camp peut accepter ou refuser.",
        "no_concession": "{seat} ne donne pas le jeu.",
        "no_concession/you": "Vous ne donnez pas le jeu.",
        "concession_accepted": "{seat} accepte le jeu donné : un jeu pour son camp.",
        "concession_accepted/you": "Vous acceptez le jeu donné : un jeu pour votre camp.",
        "concession_refused": "{seat} refuse : son camp doit faire la vole, ou perdra deux jeux.",
        "concession_refused/you": "Vous refusez : votre camp doit faire la vole, ou perdra deux jeux.",
        "card_played": "{seat} joue {card}.",
        "card_played/you": "Vous jouez {card}.",
        "three_first_tricks": "{seat} a fait les trois premiers plis : s'arrêter (un jeu) ou tenter la vole ?",
        "three_first_tricks/you": "Vous avez fait les trois premiers plis : s'arrêter (un jeu) ou tenter la vole ?",
        "stopped": "{seat} s’arrête après trois plis et marque un jeu.",
        "stopped/you": "Vous vous arrêtez après trois plis et marquez un jeu.",
        "vole_undertaken": "{seat} tente la vole : les cinq plis, ou deux jeux perdus.",
        "vole_undertaken/you": "Vous tentez la vole : les cinq plis, ou deux jeux perdus.",
    },
    "en": {
        "deal_started": "Deal {deal}: {dealer} deals and turns up {turnup}: trumps (la triomphe) are {trump}.",
        "pillaged": "{seat} pillages {card}.",
        "pillaged/you": "You pillage {card}.",
        "put_under": "You slip {card} under the stock.",
        "pillage_over": "The pillage is over.",
        "conceded": "{seat} concedes the game: the other side may accept or refuse.",
        "conceded/you": "You concede the game: the other side may accept or refuse.",
        "no_concession": "{seat} does not concede.",
        "no_concession/you": "You do not concede.",
        "concession_accepted": "{seat} accepts the conceded game: one point for that side.",
        "concession_accepted/you": "You accept the conceded game: one point for your side.",
        "concession_refused": "{seat} refuses: that side must now make the vole (all five tricks) or lose two points.",
        "concession_refused/you": "You refuse: your side must now make the vole (all five tricks) or lose two points.",
        "card_played": "{seat} plays {card}.",
        "card_played/you": "You play {card}.",
        "three_first_tricks": "{seat} won the first three tricks: stop (one point) or go for the vole (all five)?",
        "three_first_tricks/you": "You won the first three tricks: stop (one point) or go for the vole (all five)?",
        "stopped": "{seat} stops after three tricks and scores one point.",
        "stopped/you": "You stop after three tricks and score one point.",
        "vole_undertaken": "{seat} goes for the vole: all five tricks, or two points lost.",
        "vole_undertaken/you": "You go for the vole: all five tricks, or two points lost.",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "pillage_expected": "Pendant le pillage : « piller » une carte de votre main (glissée sous le talon) ou « stop »",
        "concession_expected": "Avant d'entamer : « concéder » (donner le jeu) ou « pas de concession »",
        "answer_expected": "On vous donne le jeu : « accepter » ou « refuser »",
        "vole_choice": "Après les trois premiers plis : « stop » (un jeu) ou « vole »",
        "must_follow": "Il faut fournir à la couleur demandée ({suit}) ; jouables : {cards}",
        "must_follow_higher": "Il faut fournir et monter sur la carte maîtresse ; jouables : {cards}",
        "must_overtrump": "Vous n'avez plus de {suit} : il faut couper et surcouper ; jouables : {cards}",
        "must_trump": "Vous n'avez plus de {suit} : il faut couper ({trump}) ; jouables : {cards}",
        "illegal_card": "Cette carte ne peut pas être jouée ; jouables : {cards}",
    },
    "en": {
        "pillage_expected": "During the pillage: 'pillage' a card of your hand (slipped under the stock) or 'stop'",
        "concession_expected": "Before the lead: 'concede' (give up the game) or 'no_concession'",
        "answer_expected": "The game was conceded to you: 'accept' or 'refuse'",
        "vole_choice": "After the first three tricks: 'stop' (one point) or 'vole' (all five tricks)",
        "must_follow": "You must follow the suit led ({suit}); playable: {cards}",
        "must_follow_higher": "You must follow suit and beat the winning card; playable: {cards}",
        "must_overtrump": "You have no {suit} left: you must trump and overtrump; playable: {cards}",
        "must_trump": "You have no {suit} left: you must trump ({trump}); playable: {cards}",
        "illegal_card": "This card may not be played; playable: {cards}",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "fr": {"concede": "concéder", "no_concession": "pas de concession", "accept": "accepter", "refuse": "refuser",
           "stop": "stop", "vole": "vole", "pillage": "piller", "concession": "concession",
           "classic": "classique", "chacun_pour_soi": "chacun pour soi", "as_qui_pille": "As qui pille",
           # how a deal ended (deal_scored's reason; atout simulate counts them)
           "three_tricks": "trois plis", "most_tricks": "le plus de plis", "stopped": "arrêt après trois plis",
           "vole_made": "vole réussie", "vole_failed": "vole manquée", "concession_accepted": "jeu donné et accepté"},
    "en": {"concede": "concede", "no_concession": "no concession", "accept": "accept", "refuse": "refuse",
           "stop": "stop", "vole": "vole", "pillage": "pillage", "concession": "concession",
           "classic": "classic", "chacun_pour_soi": "each for himself", "as_qui_pille": "As qui pille",
           "three_tricks": "three tricks", "most_tricks": "most tricks", "stopped": "stopped",
           "vole_made": "vole made", "vole_failed": "vole failed", "concession_accepted": "concession accepted"},
}

LABELS: dict[str, dict[str, str]] = {
    "fr": {"concede": "concéder", "no_concession": "pas de concession", "accept": "accepter", "refuse": "refuser",
           "stop": "stop", "vole": "vole", "pillage": "piller {cards}"},
    "en": {"no_concession": "no concession", "pillage": "pillage {cards}"},
}

VERBS: dict[str, dict[str, str]] = {
    "fr": {"conceder": "concede", "je concede": "concede", "donner": "concede", "abandonner": "concede",
           "pas de concession": "no_concession", "je joue": "no_concession", "accepter": "accept", "j'accepte": "accept",
           "refuser": "refuse", "je refuse": "refuse", "arreter": "stop", "je m'arrete": "stop", "stop": "stop",
           "vole": "vole", "la vole": "vole", "piller": "pillage"},
    "en": {"concede": "concede", "no concession": "no_concession", "accept": "accept", "refuse": "refuse",
           "stop": "stop", "vole": "vole", "pillage": "pillage"},
}


def side_name(side: int, seat_sides: list[int], lang: str, table: Table) -> str:
    """A side by its players: ``Anne`` (each for himself, or two players) or ``Anne et Claire``."""
    seats = [s for s, x in enumerate(seat_sides) if x == side]
    return join_words([table.seat_name(s, lang) for s in seats], lang)


def _trick(event: Event, lang: str, table: Table) -> str:
    d = event.data
    you = event.seat == table.me and table.names is None
    who = table.seat_name(event.seat, lang)
    if lang == "fr":
        head = f"Vous remportez le pli {d['trick']}" if you else f"{who} remporte le pli {d['trick']}"
    else:
        head = f"You win trick {d['trick']}" if you else f"{who} wins trick {d['trick']}"
    counts = " – ".join(str(x) for x in d["side_tricks"])
    return f"{head} ({'plis' if lang == 'fr' else 'tricks'} {counts})."


_REASONS = {
    "fr": {
        "three_tricks": "{side} a fait trois plis : un jeu.",
        "three_tricks/pl": "{side} ont fait trois plis : un jeu.",
        "most_tricks": "Personne n'a fait trois plis : {side}, premier au plus grand nombre de plis, marque un jeu.",
        "stopped": "{side} s'est arrêté après trois plis : un jeu.",
        "stopped/pl": "{side} se sont arrêtés après trois plis : un jeu.",
        "vole_made": "Vole réussie par {side} : deux jeux.",
        "vole_failed": "Vole manquée par {side} : deux jeux perdus.",
        "concession_accepted": "Jeu donné et accepté : un jeu pour {side}.",
    },
    "en": {
        "three_tricks": "{side} took three tricks: one point.",
        "most_tricks": "Nobody took three tricks: {side}, first to the highest count, scores one point.",
        "stopped": "{side} stopped after three tricks: one point.",
        "vole_made": "Vole made by {side}: two points.",
        "vole_failed": "Vole failed by {side}: two points lost.",
        "concession_accepted": "Game conceded and accepted: one point for {side}.",
    },
}


def _plural(side: int, seat_sides: list[int]) -> bool:
    return sum(1 for x in seat_sides if x == side) > 1


def _deciding_side(d: dict[str, object]) -> int:
    gains, losses = d["gains"], d["losses"]
    assert isinstance(gains, list) and isinstance(losses, list)
    for s, g in enumerate(gains):
        if g:
            return s
    return next((s for s, x in enumerate(losses) if x), 0)


def _scored(event: Event, lang: str, table: Table) -> str:
    d = dict(event.data)
    deciding = _deciding_side(d)
    side = side_name(deciding, d["seat_sides"], lang, table)
    reasons = _REASONS[lang]
    key = str(d["reason"]) + ("/pl" if _plural(deciding, d["seat_sides"]) else "")
    text = reasons.get(key, reasons.get(str(d["reason"]), "{side}")).format(side=side)
    if d.get("refused") and d["reason"] in ("vole_made", "vole_failed"):
        text += " (concession refusée)" if lang == "fr" else " (after a refused concession)"
    return text[:1].upper() + text[1:]


def _match_over(event: Event, lang: str, table: Table) -> str:
    scores = list(event.data.get("scores", []))
    best = max(scores) if scores else 0
    sides = [s for s, x in enumerate(scores) if x == best]
    seat_sides = [s if len(scores) == table.players else s % len(scores) for s in range(table.players)]
    names = join_words([side_name(s, seat_sides, lang, table) for s in sides], lang)
    marks = " – ".join(str(x) for x in scores)
    one = len(sides) == 1 and not _plural(sides[0], seat_sides)
    if lang == "fr":
        return f"Fin de la partie : {names} {'gagne' if one else 'gagnent'} ({marks})."
    return f"End of the match: {names} {'wins' if one else 'win'} ({marks})."


SAYERS = {"trick_won": _trick, "deal_scored": _scored, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Tricks per side, why the deal ended, the points marked or lost, the score now (seed 002, §7, §9.5)."""
    d = dict(event.data)
    fr = lang == "fr"
    col = " :" if fr else ":"
    seat_sides: list[int] = d["seat_sides"]
    sides = range(len(d["side_tricks"]))
    tricks = " ; ".join(f"{side_name(s, seat_sides, lang, table)}{col} {d['side_tricks'][s]}" for s in sides) if fr else \
        "; ".join(f"{side_name(s, seat_sides, lang, table)}{col} {d['side_tricks'][s]}" for s in sides)
    lines = [f"{'Plis' if fr else 'Tricks'}{col} {tricks}", _scored(event, lang, table)]
    for s in sides:
        g, loss = d["gains"][s], d["losses"][s]
        if g:
            debt = d["debts_before"][s]
            paid = min(g, debt)
            note = ""
            if paid:
                note = (f" (dont {paid} pour payer une dette)" if fr else f" ({paid} of them paying a debt)")
            pl = _plural(s, seat_sides)
            verb = ("marquent" if pl else "marque") if fr else ("score" if pl else "scores")
            lines.append(f"{side_name(s, seat_sides, lang, table)} {verb} {g}{note}")
        if loss:
            pl = _plural(s, seat_sides)
            verb = ("perdent" if pl else "perd") if fr else ("lose" if pl else "loses")
            lines.append(f"{side_name(s, seat_sides, lang, table)} {verb} {loss} "
                         + ("(un jeu marqué en moins, sinon l'adversaire le marque)" if fr and d["sides"] == 2 else
                            "(one point taken off, else the other side scores it)" if d["sides"] == 2 else
                            ("(ce qui manque devient une dette)" if fr else "(what is missing becomes a debt)")))
    marks = (" ; " if fr else "; ").join(f"{side_name(s, seat_sides, lang, table)}{col} {d['scores'][s]}"
                      + (f" ({'dette' if fr else 'debt'} {d['debts'][s]})" if d["debts"][s] else "") for s in sides)
    target = d.get("target")
    tail = f" ({'en' if fr else 'to'} {target})" if target else ""
    lines.append(f"{'Marque' if fr else 'Score'}{col} {marks}{tail}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {"classic": ("Classique, en deux camps", "À 2 face à face, à 4 en équipes de deux, à 6 en deux camps de trois."),
           "chacun_pour_soi": ("Chacun pour soi", "De 4 à 6 joueurs, chacun pour soi."),
           "as_qui_pille": ("L'as qui pille",
                            "Chacun pour soi ; les as battent les rois, le donneur ou l'as d'atout pille la retourne.")},
    "en": {"classic": ("Classic, two sides", "2 players head to head, 4 in pairs, 6 in two teams of three."),
           "chacun_pour_soi": ("Each for himself", "4 to 6 players, each for himself."),
           "as_qui_pille": ("The pillaging ace",
                            "Each for himself; aces beat kings, the dealer or the trump ace pillages the turn-up.")},
}


#: lang -> action -> what choosing it costs, in one line (seed 002 §4), shown beside the table's buttons.
HINTS: dict[str, dict[str, str]] = {
    "fr": {"concede": "Donner le jeu : si l'autre camp accepte, il marque 1 point et la donne s'arrête.",
           "no_concession": "Jouer la donne normalement.",
           "accept": "Accepter : votre camp marque 1 point, la donne s'arrête.",
           "refuse": "Refuser : il faut faire la vole (les 5 plis) pour marquer 2, sinon vous perdez 2."},
    "en": {"concede": "Give the game: if the other side accepts, it scores 1 point and the deal ends.",
           "no_concession": "Play the deal as usual.",
           "accept": "Accept: your side scores 1 point and the deal ends.",
           "refuse": "Refuse: you must win all 5 tricks (the vole) to score 2, or you lose 2."},
}
