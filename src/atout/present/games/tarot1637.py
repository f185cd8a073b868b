"""The 1637 tarot's phrases (seed 000; spec tarot-1637.md): events, refusals, words, verbs, the breakdown.

Cards are named with the period's words (le Faon, le Mat, le Bagat, le Monde) from the 1637 pack.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> t = Table("tarot1637", 3, me=0)
>>> say(Event("card_played", seat=1, data={"card": "JD", "trick": 1}), "fr", t)
'Joueur 2 joue le Faon de deniers.'
>>> say(Event("card_played", seat=2, data={"card": "T18", "trick": 1}), "fr", t)
'Joueur 3 joue la Lune.'
>>> say(Event("mort_card", data={"card": "EX", "trick": 1}), "en", t)
'Drawn from the Mort (the dummy): the Mat (Fool).'
>>> card("T14", "fr"), card("T18", "en")
('la Tempérance', 'the Moon')
>>> say(Event("marques", seat=2, data={"reason": "ransom", "row": [1, 1, -2], "card": "KS", "taker": 0}), "en", t)
'Player 3 loses King of Swords to Player 1 (you): its ransom, 1 marque to each.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.cards import Card, Suit
from atout.core.events import Event
from atout.core.packs import TAROT66_1637
from atout.present.cards import join_words

if TYPE_CHECKING:
    from atout.present import Table


def card(code: str, lang: str) -> str:
    """A card of the 1637 pack for sentences: ``le Faon de deniers``, ``la Dame d'épées``, ``le Mat``."""
    c = Card.parse(code)
    name = TAROT66_1637.display(c, lang)
    if lang != "fr":
        return "the " + name[4:] if name.startswith("The ") else name  # "plays the Moon"
    if name.startswith(("le ", "la ", "l'")):
        return name
    if name == "Tempérance":
        return "la Tempérance"
    if name.startswith(("Le ", "La ", "L'")):  # a trump's title: "La Lune" → "la Lune"
        return name[0].lower() + name[1:]
    if c.rank == 1:
        return "l'" + name
    if c.rank == 13:
        return "la " + name
    return "le " + name


def cards(codes: list[str], lang: str) -> str:
    return join_words([card(c, lang) for c in codes], lang)


EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "deal_started": "Donne {deal} : {dealer} donne (par paquets de {packets}).",
        "cards_dealt": "",
        "bottom_card": "Votre carte de dessous : {card}.",
        "discard": "Vous écartez {card}.",
        "discard_face_up": "{seat} n'a que des Tarots et des triomphes : il écarte {card} à découvert.",
        "discard_face_up/you": "Vous n'avez que des Tarots et des triomphes : vous écartez {card} à découvert.",
        "discarded": "{seat} a fait son écart.",
        "discarded/you": "Vous avez fait votre écart.",
        "declarations_done": "",
        "trick_won": "{seat} fait la levée {trick}.",
        "trick_won/you": "Vous faites la levée {trick}.",
        "match_over": "Fin de la partie.",
    },
    "en": {
        "deal_started": "Deal {deal}: {dealer} deals (in packets of {packets}).",
        "cards_dealt": "",
        "bottom_card": "Your bottom card: {card}.",
        "discard": "You lay aside {card}.",
        "discard_face_up": "{seat} holds only Tarots and trumps: lays aside {card} face up.",
        "discard_face_up/you": "You hold only Tarots and trumps: you lay aside {card} face up.",
        "discarded": "{seat} has discarded.",
        "discarded/you": "You have discarded.",
        "declarations_done": "",
        "trick_won": "{seat} takes trick {trick}.",
        "trick_won/you": "You take trick {trick}.",
        "match_over": "End of the match.",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "expected_discard": "C'est le moment d'écarter, une carte à la fois (« écarter CARTE »)",
        "discard_forbidden": "On ne peut écarter ni Tarot ni triomphe ({card})",
        "discard_lowest_trumps": "Vous n'avez que Tarots et triomphes : écartez à découvert vos plus basses "
                                 "triomphes, en commençant par la plus basse ({owed}) : {allowed} maintenant",
        "expected_declaration": "Avant votre première carte : déclarer une combinaison, ou « fini »",
        "unknown_declaration": "Cette combinaison n'existe pas ({item})",
        "already_declared": "Déjà déclaré : {item}",
        "not_eligible": "Votre jeu n'a pas cette combinaison : {item}",
        "expected_play": "C'est le moment de jouer une carte",
        "declaration_too_late": "Trop tard : on déclare avant de jouer sa première carte",
        "must_follow": "Il faut fournir à la couleur demandée ; jouables : {allowed}",
        "must_trump": "Il faut jouer une triomphe ; jouables : {allowed}",
    },
    "en": {
        "expected_discard": "Time to discard, one card at a time ('discard CARD')",
        "discard_forbidden": "A Tarot or a trump may not be discarded ({card})",
        "discard_lowest_trumps": "Holding only Tarots and trumps, you lay aside your lowest trumps face up, "
                                 "from the lowest ({owed}): {allowed} now",
        "expected_declaration": "Before your first card: declare a combination, or 'done'",
        "unknown_declaration": "No such combination ({item})",
        "already_declared": "Already declared: {item}",
        "not_eligible": "Your hand does not hold this combination: {item}",
        "expected_play": "It is time to play a card",
        "declaration_too_late": "Too late: combinations are declared before one's first card",
        "must_follow": "You must follow the suit led; playable: {allowed}",
        "must_trump": "You must play a trump; playable: {allowed}",
    },
}

_ITEMS = {
    "fr": {
        "rois": "les Rois et les Tarots", "monde_mat_bagat": "le Monde, le Mat et le Bagat",
        "triomphes": "ses triomphes (dix, quinze ou vingt, montrées)", "imperiale_epees": "l'Impériale d'épées",
        "imperiale_coupes": "l'Impériale de coupes", "imperiale_deniers": "l'Impériale de deniers",
        "imperiale_batons": "l'Impériale de bâtons", "imperiale_dames": "l'Impériale des quatre Dames",
        "imperiale_cavaliers": "l'Impériale des quatre Cavaliers", "imperiale_faons": "l'Impériale des quatre Faons",
        "brizigole_hautes": "la Brizigole des hautes", "brizigole_basses": "la Brizigole des basses",
        "qui_n_a_le_sien": "qui n'a le sien",
    },
    "en": {
        "rois": "Kings and Tarots", "monde_mat_bagat": "Monde, Mat and Bagat",
        "triomphes": "his trumps (ten, fifteen or twenty, shown)",
        "imperiale_epees": "the Impériale of Swords", "imperiale_coupes": "the Impériale of Cups",
        "imperiale_deniers": "the Impériale of Coins", "imperiale_batons": "the Impériale of Batons",
        "imperiale_dames": "the Impériale of the four Queens", "imperiale_cavaliers": "the Impériale of the four Knights",
        "imperiale_faons": "the Impériale of the four Faons (Jacks)", "brizigole_hautes": "the high Brizigole (top trumps)",
        "brizigole_basses": "the low Brizigole (bottom trumps)", "qui_n_a_le_sien": "qui n'a le sien (who lacks his own)",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "fr": {**_ITEMS["fr"], "discard": "écarter", "declare": "déclarer", "done": "fini", "play": "jouer",
           "declarations": "déclarations", "over": "fin"},
    "en": {**_ITEMS["en"], "discard": "discard", "declare": "declare", "done": "done", "play": "play",
           "declarations": "declarations", "over": "over"},
}

LABELS: dict[str, dict[str, str]] = {
    "fr": {"discard": "écarter {cards}", "declare": "déclarer {words}", "done": "fini"},
    "en": {"discard": "discard {cards}", "declare": "declare {words}"},
}

VERBS: dict[str, dict[str, str]] = {
    "fr": {"ecarter": "discard", "ecart": "discard", "declarer": "declare", "je declare": "declare",
           "rois": "declare rois", "tarots": "declare rois", "triomphes": "declare triomphes",
           "imperiale": "declare", "brizigole": "declare", "qui n'a le sien": "declare qui_n_a_le_sien"},
    "en": {"discard": "discard", "declare": "declare", "kings": "declare rois", "trumps": "declare triomphes"},
}

# One sentence per kind of payment (§4, §6, §8, §9, §12); {who}: the seat, {n}: the marques.
_PAYMENTS = {
    "fr": {
        "bottom_card": "{who} a un Tarot sous le paquet ({cards}) : une marque de chacun.",
        "first_packet": "{who} a un Tarot à la première main ({cards}) : une marque de chacun.",
        "misdeal": "{who} a mal donné : il perd la donne{extra}.",
        "declaration": "{who} déclare {item} : {n} de chacun.",
        "sien": "{who} déclare qui n'a le sien : {payer} lui paie une marque.",
        "sien_none": "{who} déclare qui n'a le sien, mais chacun a le sien : rien.",
        "excuse": "{who} s'excuse avec le Mat : une marque de chacun.",
        "mat_last": "{who} a gardé le Mat jusqu'à la dernière levée : il paie deux marques à chacun.",
        "tribute": "{card} fait sa levée : tribut d'une marque de chacun pour {who}.",
        "ransom": "{who} perd {card}, pris par {taker} : rançon d'une marque à chacun.",
        "belle": "{who} joue la Belle : une marque de chacun.",
        "ultimo": "{who} fait la dernière levée avec {card} : six marques de chacun.",
        "cards": "Le compte des cartes : {points}.",
    },
    "en": {
        "bottom_card": "{who} has a Tarot at the bottom of the pack ({cards}): one marque from each.",
        "first_packet": "{who} has a Tarot in the first packet ({cards}): one marque from each.",
        "misdeal": "{who} misdealt and loses the deal{extra}.",
        "declaration": "{who} declares {item}: {n} from each.",
        "sien": "{who} claims qui n'a le sien: {payer} pays one marque.",
        "sien_none": "{who} claims qui n'a le sien, but everyone has his own: nothing.",
        "excuse": "{who} excuses himself with the Mat: one marque from each.",
        "mat_last": "{who} kept the Mat to the last trick: pays two marques to each.",
        "tribute": "{card} wins its trick: a tribute of one marque from each for {who}.",
        "ransom": "{who} loses {card} to {taker}: its ransom, 1 marque to each.",
        "belle": "{who} plays la Belle: one marque from each.",
        "ultimo": "{who} takes the last trick with {card}: six marques from each.",
        "cards": "The count: {points}.",
    },
}


def _payment(d: dict[str, Any], seat: int | None, lang: str, table: Table) -> str:
    reason = str(d["reason"])
    who = table.seat_name(seat, lang)
    fields: dict[str, Any] = {"who": who, "extra": ""}
    if d.get("card"):
        fields["card"] = card(str(d["card"]), lang)
    if "cards" in d:
        fields["cards"] = cards(list(d["cards"]), lang)
    if reason == "ransom":
        fields["taker"] = table.seat_name(d.get("taker"), lang)
    if reason == "misdeal" and any(d["row"]):
        fields["extra"] = " et paie une marque à chacun" if lang == "fr" else " and pays one marque to each"
    if reason == "declaration":
        item = str(d["item"])
        if item == "qui_n_a_le_sien":
            reason = "sien" if d.get("payer") is not None else "sien_none"
            fields["payer"] = table.seat_name(d.get("payer"), lang)
        fields["item"] = _ITEMS[lang].get(item, item)
        n = int(d.get("value", 0))
        fields["n"] = f"{n} marque{'s' if n > 1 else ''}"
    if reason == "cards":
        pts = d.get("points", [])
        fields["points"] = ", ".join(f"{table.seat_name(s, lang)} {p}" for s, p in enumerate(pts))
    text = _PAYMENTS[lang][reason].format(**fields)
    return text[:1].upper() + text[1:]


def _marques(event: Event, lang: str, table: Table) -> str | None:
    return _payment(dict(event.data), event.seat, lang, table)


def _played(event: Event, lang: str, table: Table) -> str:
    you = event.seat == table.me and table.names is None
    c = card(str(event.data["card"]), lang)
    if lang == "fr":
        return f"Vous jouez {c}." if you else f"{table.seat_name(event.seat, lang)} joue {c}."
    return f"You play {c}." if you else f"{table.seat_name(event.seat, lang)} plays {c}."


def _mort(event: Event, lang: str, table: Table) -> str:
    c = card(str(event.data["card"]), lang)
    return f"On tire du Mort {c}." if lang == "fr" else f"Drawn from the Mort (the dummy): {c}."


def _cut(event: Event, lang: str, table: Table) -> str:
    last = event.data["rounds"][-1]
    drawn = ", ".join(f"{table.seat_name(s, lang)} {card(c, lang)}" for s, c in last)
    dealer = table.seat_name(event.data["dealer"], lang)
    if lang == "fr":
        return f"On coupe : {drawn}. {dealer} donne."
    return f"The cut: {drawn}. {dealer} deals."


def _scored(event: Event, lang: str, table: Table) -> str:
    row = event.data["row"]
    marks = ", ".join(f"{table.seat_name(s, lang)} {v:+d}" for s, v in enumerate(row))
    head = f"Fin de la donne {event.data['deal']}" if lang == "fr" else f"End of deal {event.data['deal']}"
    return f"{head} : {marks}." if lang == "fr" else f"{head}: {marks}."


def _match_over(event: Event, lang: str, table: Table) -> str:
    totals = list(event.data["totals"])
    marks = ", ".join(f"{table.seat_name(s, lang)} {v:+d}" for s, v in enumerate(totals))
    return f"Fin de la partie : {marks}." if lang == "fr" else f"End of the match: {marks}."


SAYERS = {"marques": _marques, "card_played": _played, "mort_card": _mort, "cut": _cut, "deal_scored": _scored,
          "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Every marque of the deal, line by line with its row, then the count by threes and the deal's row."""
    d = dict(event.data)
    fr = lang == "fr"
    lines: list[str] = []
    for line in d["lines"]:
        row = " ".join(f"{v:+d}" for v in line["row"])
        lines.append(f"{_payment(line, line.get('seat'), lang, table)}  [{row}]")
        if line["reason"] == "cards":
            par = line.get("par")
            for s, (p, third, size) in enumerate(zip(line["points"], line["raw_thirds"], line["pile_sizes"], strict=True)):
                raw = f"{third / 3:.2f}".replace(".", "," if fr else ".")
                target = f"par {par}" if par else ("moitié du total" if fr else "half the total")
                lines.append(f"  {table.seat_name(s, lang)}{' :' if fr else ':'} {size} {'cartes' if fr else 'cards'}, "
                             f"{'brut' if fr else 'raw'} {raw} → {p} ({target})")
            for pay in line.get("settlement", []):
                lines.append(f"  {table.seat_name(pay['payer'], lang)} → {table.seat_name(pay['payee'], lang)}"
                             f"{' :' if fr else ':'} "
                             f"{pay['marques']} ({'perte' if fr else 'loss'} {pay['loss']})")
    total = ", ".join(f"{table.seat_name(s, lang)} {v:+d}" for s, v in enumerate(d["row"]))
    lines.append(f"{'Donne' if fr else 'Deal'}{' :' if fr else ':'} {total}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {"printed": ("Règle imprimée de 1637", "Les règles imprimées à Nevers en 1637, à 3 (ou à 2 avec un mort)."),
           "manuscript": ("Avec l'ajout de Dupuy", "La règle de 1637 avec l'ajout manuscrit d'Augustin Dupuy là où il diffère.")},
    "en": {"printed": ("Printed rules of 1637", "The rules printed at Nevers in 1637, for 3 (or 2 with a dummy)."),
           "manuscript": ("With Dupuy's addition",
                          "The 1637 rules with Augustin Dupuy's handwritten addition where it differs.")},
}


#: lang -> action verb -> a plain-words prompt shown with the choice (seed 000 §5: the discard).
HINTS: dict[str, dict[str, str]] = {
    "fr": {"discard": "Écartez une carte à la fois jusqu'à garder 20 cartes (1 carte, 4 pour le donneur), "
                      "ni Tarot ni triomphe : cliquez la carte, puis validez."},
    "en": {"discard": "Discard one card at a time until you keep 20 (1 card, 4 for the dealer), "
                      "no Tarot and no triumph: click the card, then confirm."},
}


# --- the table's display: one set of names, the pack's own (atout.core.packs, seed 000) ----------------------
#: The hand in the order of play: Swords and Batons R Rn Ch F 10 … 4; Cups and Coins R Rn Ch F 1 2 … 7 (seed 000 n. 42).
ORDER: list[str] = [c.code for c in TAROT66_1637.ordered()]
TRUMPS = {"fr": "Triomphes", "en": "Triumphs"}
SUITS = {lang: [f"{sym} {TAROT66_1637.suit_name(Suit(s), lang)}" for s, sym in enumerate("♠♥♦♣")]
         for lang in ("fr", "en")}
EXCUSE = {"fr": "le Mat", "en": "the Mat"}


def SHORT(code: str, lang: str) -> str:  # a hook read by atout.present.screen, named like its peers
    """A card's short form in the 1637 pack: ``Rn♠`` (Reine d'épées), ``F♦`` (Faon de deniers), ``21``, ``Mat``.

    >>> SHORT("QS", "fr"), SHORT("JD", "fr"), SHORT("EX", "fr"), SHORT("NH", "en")
    ('Rn♠', 'F♦', 'Mat', 'Kn♥')
    """
    c = Card.parse(code)
    if c.is_excuse:
        return "Mat"
    if c.trump_number is not None:
        return str(c.trump_number)
    from atout.present.cards import SUIT_SYMBOLS

    assert c.suit is not None
    return TAROT66_1637.index(c, lang) + SUIT_SYMBOLS[c.suit]


#: Cards in sentences and refusals by the 1637 pack's names (read by atout.present's templates).
CARD_NAME = card
