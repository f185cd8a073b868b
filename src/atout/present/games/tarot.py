"""French Tarot's phrases (seed 001; spec tarot.md): events, refusals, words, typed verbs, the score breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("bid", seat=1, data={"contract": "garde_sans"}), "fr", Table("tarot", 4))
'Joueur 2 annonce une Garde sans le chien.'
>>> say(Event("talon_shown", seat=0, data={"cards": ["KH", "T3"]}), "en", Table("tarot", 4, me=0))
'You turn up the talon (le chien): K♥ 3.'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.core.events import Event

if TYPE_CHECKING:
    from atout.present import Table

EVENTS: dict[str, dict[str, str]] = {
    "fr": {
        "deal_started": "Donne {deal} : {dealer} distribue.",
        "bid": "{seat} annonce une {contract}.",
        "bid/you": "Vous annoncez une {contract}.",
        "passed": "{seat} passe.",
        "passed/you": "Vous passez.",
        "contract": "{taker} prend : {contract}.",
        "contract/you": "Vous prenez : {contract}.",
        "called": "{seat} appelle {called}.",
        "called/you": "Vous appelez {called}.",
        "called_in_talon": "{called} est dans le chien : {seat} joue seul contre tous.",
        "talon_shown": "{seat} retourne le chien : {cards}.",
        "talon_shown/you": "Vous retournez le chien : {cards}.",
        "talon_hidden": "{contract} : le chien reste caché.",
        "ecart_made": "Votre écart : {cards}.",
        "ecart_done": "{seat} a fait son écart.",
        "ecart_done/you": "Vous avez fait votre écart.",
        "announced": "{seat} annonce {announcement}.",
        "announced/you": "Vous annoncez {announcement}.",
        "poignee_shown": "{seat} montre une {announcement} de {count} atouts : {cards}.",
        "poignee_shown/you": "Vous montrez une {announcement} de {count} atouts : {cards}.",
        "card_played": "{seat} joue {card}.",
        "card_played/you": "Vous jouez {card}.",
        "petit_au_bout": "Petit au bout pour {side} !",
        "slam": "",
        "match_over": "Fin de la partie.",
    },
    "en": {
        "deal_started": "Deal {deal}: {dealer} deals.",
        "bid": "{seat} bids {contract}.",
        "bid/you": "You bid {contract}.",
        "passed": "{seat} passes.",
        "passed/you": "You pass.",
        "contract": "{taker} takes: {contract}.",
        "contract/you": "You take: {contract}.",
        "called": "{seat} calls {called}.",
        "called/you": "You call {called}.",
        "called_in_talon": "{called} is in the talon: {seat} plays alone against all.",
        "talon_shown": "{seat} turns up the talon (le chien): {cards}.",
        "talon_shown/you": "You turn up the talon (le chien): {cards}.",
        "talon_hidden": "{contract}: the talon stays face down.",
        "ecart_made": "Your écart (discard): {cards}.",
        "ecart_done": "{seat} has made the écart (discard).",
        "ecart_done/you": "You have made your écart (discard).",
        "announced": "{seat} announces {announcement}.",
        "announced/you": "You announce {announcement}.",
        "poignee_shown": "{seat} shows a {announcement} of {count} trumps: {cards}.",
        "poignee_shown/you": "You show a {announcement} of {count} trumps: {cards}.",
        "card_played": "{seat} plays {card}.",
        "card_played/you": "You play {card}.",
        "petit_au_bout": "Petit au bout (the Petit in the last trick) for {side}!",
        "slam": "",
        "match_over": "End of the match.",
    },
}

ERRORS: dict[str, dict[str, str]] = {
    "fr": {
        "petit_sec_choice": "Vous avez le Petit sec : « petit_sec » pour annuler la donne, ou « no_petit_sec »",
        "unknown_contract": "« {word} » n'est pas un contrat ; les contrats sont : {contracts}",
        "bid_too_low": "Il faut annoncer plus fort que {contract}",
        "bid_expected": "Aux enchères : passer, ou annoncer un contrat ({contracts})",
        "call_expected": "Le preneur appelle une carte : « appeler R♥ »",
        "call_not_allowed": "Vous ne pouvez pas appeler {card} ; cartes possibles : {cards}",
        "ecart_expected": "Faites votre écart : « écarter » suivi de {need} cartes",
        "ecart_count": "L'écart compte exactement {need} cartes, pas {count}",
        "ecart_not_in_hand": "Vous ne pouvez écarter que des cartes de votre main",
        "ecart_king": "Pas de Roi à l'écart",
        "ecart_oudler": "Pas de bout (Petit, 21, Excuse) à l'écart",
        "ecart_trump": "Pas d'atout à l'écart, sauf si c'est inévitable",
        "ecart_trump_first": ("Un atout ne va à l'écart que si c'est inévitable : "
                              "écartez d'abord toutes les autres cartes permises"),
        "poignee_too_late": "La poignée se montre juste avant de jouer sa première carte",
        "poignee_at_first_card": "La poignée se montre juste avant votre première carte, pas maintenant",
        "play_expected": "C'est le moment de jouer une carte",
        "not_in_hand": "Vous n'avez pas {card} en main",
        "excuse_last_in_chelem": "Celui qui a annoncé le chelem joue l'Excuse au dernier pli",
        "called_suit_first_trick": "Au premier pli, on n'entame pas la couleur appelée, sauf avec {called}",
        "must_follow": "Il faut fournir à la couleur demandée ({suit}) ; jouables : {cards}",
        "must_overtrump": "Il faut monter sur {card} ; jouables : {cards}",
        "must_play_trump": "Atout demandé : il faut jouer atout ; jouables : {cards}",
        "must_trump": "Vous n'avez plus de {suit} : il faut couper ; jouables : {cards}",
        "any_card": "Toute carte est permise ici",
        "announce_expected": "Maintenant : « annoncer » une annonce, ou « fini »",
        "unknown_announcement": "Annonce inconnue : « {word} »",
        "already_announced": "Déjà annoncé : {announcement}",
        "fft_chelem_only": "Seul le chelem du preneur s'annonce ici ; la poignée se montre à votre première carte",
        "say_capot": "Dans cette variante, le chelem s'annonce « capot »",
        "not_sans_atouts": "« Sans atouts » demande une main sans atout ni Excuse",
        "not_sans_points": "« Sans points » demande une main sans bout ni figure",
        "taker_only": "Seul le preneur annonce le {announcement}",
        "one_poignee": "Une seule poignée par joueur",
        "poignee_not_in_hand": "Vous ne pouvez montrer que des atouts de votre main",
        "poignee_trumps_only": "Une poignée ne montre que des atouts (et éventuellement l'Excuse)",
        "poignee_excuse": "L'Excuse ne se montre qu'avec tous vos atouts",
        "poignee_count": "Une poignée montre exactement {thresholds} atouts, pas {count}",
        "poignee_invalid": "Cette poignée n'est pas valable",
        "poignee_unfinished": "Finissez d'abord de montrer votre poignée : un atout de plus, ou « fini »",
    },
    "en": {
        "petit_sec_choice": "You hold the Petit sec (the 1 of trumps alone): 'petit_sec' to annul the deal, or 'no_petit_sec'",
        "unknown_contract": "{word!s} is not a contract; the contracts are: {contracts}",
        "bid_too_low": "A bid must beat {contract}",
        "bid_expected": "In the bidding: pass, or bid a contract ({contracts})",
        "call_expected": "The taker calls a card: 'call K♥'",
        "call_not_allowed": "You may not call {card}; you may call: {cards}",
        "ecart_expected": "Make your écart (discard): 'discard' and {need} cards",
        "ecart_count": "The écart (discard) is exactly {need} cards, not {count}",
        "ecart_not_in_hand": "You can only lay aside cards of your hand",
        "ecart_king": "No King in the écart (discard)",
        "ecart_oudler": "No oudler (Petit, 21, Excuse) in the écart (discard)",
        "ecart_trump": "No trump in the écart (discard) unless unavoidable",
        "ecart_trump_first": "A trump goes to the écart only when unavoidable: lay aside every other allowed card first",
        "poignee_too_late": "The poignée (handful) is shown just before one's first card",
        "poignee_at_first_card": "The poignée (handful) is shown just before your first card, not now",
        "play_expected": "It is time to play a card",
        "not_in_hand": "{card} is not in your hand",
        "excuse_last_in_chelem": "The chelem announcer plays the Excuse to the last trick",
        "called_suit_first_trick": "At the first trick nobody leads the called suit except with {called}",
        "must_follow": "You must follow the suit led ({suit}); playable: {cards}",
        "must_overtrump": "You must overtrump {card}; playable: {cards}",
        "must_play_trump": "Trumps were led: you must play a trump; playable: {cards}",
        "must_trump": "You have no {suit} left: you must trump; playable: {cards}",
        "any_card": "Any card may be played here",
        "announce_expected": "Now: 'announce' something, or 'done'",
        "unknown_announcement": "Unknown announcement: {word}",
        "already_announced": "Already announced: {announcement}",
        "fft_chelem_only": "Only the taker's chelem is announced here; the poignée is shown at your first card",
        "say_capot": "In this variant the slam is announced as 'capot'",
        "not_sans_atouts": "'Sans atouts' needs a hand with neither trump nor Excuse",
        "not_sans_points": "'Sans points' needs a hand with neither oudler nor court card",
        "taker_only": "Only the taker announces the {announcement}",
        "one_poignee": "One poignée (handful) per player",
        "poignee_not_in_hand": "You can only show trumps of your hand",
        "poignee_trumps_only": "A poignée (handful) shows trumps only (and possibly the Excuse)",
        "poignee_excuse": "The Excuse may be shown only with all your trumps",
        "poignee_count": "A poignée (handful) shows exactly {thresholds} trumps, not {count}",
        "poignee_invalid": "This poignée (handful) is not valid",
        "poignee_unfinished": "Finish showing your poignée (handful) first: one more trump, or 'done'",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "prise": "Prise", "pousse": "Pousse", "garde": "Garde", "garde_sans": "Garde sans le chien",
        "garde_contre": "Garde contre le chien", "petite": "Petite",
        "poignee_simple": "poignée simple", "poignee_double": "poignée double", "poignee_triple": "poignée triple",
        "poignee": "poignée", "capot": "le capot", "chelem": "le chelem", "sans_atouts": "sans atouts",
        "sans_points": "sans points", "call": "appeler", "discard": "écarter", "announce": "annoncer",
        "petit_sec": "petit sec", "no_petit_sec": "pas de petit sec",
        "bidding": "enchères", "ecart": "écart", "annonces": "annonces", "over": "fin", "pass": "passe",
        "seed": "règles du texte d'origine", "fft": "règles de la FFT",
    },
    "en": {
        "prise": "Prise (take)", "pousse": "Pousse (push)", "garde": "Garde (guard)",
        "garde_sans": "Garde sans (guard without the talon)", "garde_contre": "Garde contre (guard against the talon)",
        "petite": "Petite (small)", "poignee_simple": "single poignée (handful)",
        "poignee_double": "double poignée (handful)", "poignee_triple": "triple poignée (handful)",
        "poignee": "poignée (handful)", "capot": "the capot (slam)", "chelem": "the chelem (slam)",
        "sans_atouts": "sans atouts (no trumps)", "sans_points": "sans points (no honours)", "call": "call",
        "discard": "discard", "announce": "announce", "petit_sec": "petit sec", "no_petit_sec": "no petit sec",
        "bidding": "bidding", "ecart": "écart (discard)", "annonces": "announcements", "over": "over",
        "seed": "rules of the source text", "fft": "FFT rules",
    },
}

LABELS: dict[str, dict[str, str]] = {
    "fr": {"pass": "passe", "bid": "{words}", "bid prise": "prise", "bid pousse": "pousse", "bid garde": "garde",
           "bid garde_sans": "garde sans", "bid garde_contre": "garde contre", "bid petite": "petite",
           "call": "appeler {cards}", "discard": "écarter {cards}",
           "announce": "annoncer {words} {cards}", "done": "fini", "petit_sec": "petit sec",
           "no_petit_sec": "pas de petit sec"},
    "en": {"bid": "bid {words}", "announce": "announce {words} {cards}"},
}

VERBS: dict[str, dict[str, str]] = {
    "fr": {"prise": "bid prise|bid petite", "prends": "bid prise|bid petite", "je prends": "bid prise|bid petite",
           "petite": "bid petite|bid prise", "pousse": "bid pousse", "garde": "bid garde", "je garde": "bid garde",
           "garde sans": "bid garde_sans", "garde sans le chien": "bid garde_sans", "garde contre": "bid garde_contre",
           "garde contre le chien": "bid garde_contre", "ecarter": "discard", "ecart": "discard",
           "appeler": "call", "j'appelle": "call", "annoncer": "announce", "annonce": "announce",
           "poignee": "announce poignee", "capot": "announce capot", "chelem": "announce chelem",
           "sans atouts": "announce sans_atouts", "sans points": "announce sans_points",
           "petit sec": "petit_sec", "pas de petit sec": "no_petit_sec", "encheres": "bid"},
    "en": {"bid": "bid", "take": "bid prise|bid petite", "guard": "bid garde", "discard": "discard",
           "call": "call", "announce": "announce", "handful": "announce poignee", "slam": "announce capot|announce chelem"},
}

_SIDE = {"fr": {"attack": "l'attaque", "defence": "la défense"}, "en": {"attack": "the attack", "defence": "the defence"}}


def _num(x: Any, lang: str) -> str:
    from atout.present import number

    return number(x, lang)


def _signed(x: Any, lang: str) -> str:
    text = _num(x, lang)
    return text if text.startswith("-") else "+" + text


def _points_word(x: Any, lang: str) -> str:
    """``1 point``, ``2,5 points``, ``0,5 point`` (French: singular below 2)."""
    value = float(x)
    word = "point" if (lang == "fr" and abs(value) < 2) or (lang == "en" and value == 1) else "points"
    return f"{_num(x, lang)} {word}"


def _redeal(event: Event, lang: str, table: Table) -> str:
    reason = event.data.get("reason")
    who = table.seat_name(event.data.get("holder"), lang)
    if lang == "fr":
        if reason == "all_passed":
            return "Tout le monde passe : la donne est annulée et le joueur suivant redistribue."
        if reason == "petit_sec_fft":
            return f"{who} a le Petit sec : la donne est annulée, le joueur suivant redistribue."
        return f"{who} a le Petit sec et demande l'annulation : le même donneur redistribue."
    if reason == "all_passed":
        return "Everybody passes: the deal is void and the next player deals."
    if reason == "petit_sec_fft":
        return f"{who} holds the Petit sec (the 1 of trumps alone): the deal is annulled, the next player deals."
    return f"{who} holds the Petit sec and annuls the deal: the same dealer deals again."


def _partner(event: Event, lang: str, table: Table) -> str:
    from atout.present import the_card

    who = table.seat_name(event.seat, lang)
    card = the_card(event.data["called"], lang, table.italian)
    if event.data.get("alone"):
        if lang == "fr":
            return f"{who.capitalize()} joue {card}, la carte appelée : le preneur jouait seul."
        return f"{who.capitalize()} plays {card}, the called card: the taker was playing alone."
    if lang == "fr":
        return f"{card[:1].upper() + card[1:]} est tombé : {who} est le partenaire du preneur."
    return f"{card} is out: {who} is the taker's partner."


#: Tricks in a deal by number of players (seed 001 §3): the Excuse rule differs at the last one (§9.3).
_LAST_TRICK = {3: 24, 4: 18, 5: 15}


def _trick(event: Event, lang: str, table: Table) -> str:
    """The winner and the card points the trick brings: without an Excuse that stays with its owner's side
    (seed 001 §9.3: its owner takes it back and gives a card of no value instead)."""
    d = event.data
    who = table.seat_name(event.seat, lang)
    you = event.seat == table.me and table.names is None
    points = Fraction(d.get("points", 0))
    owner = d.get("excuse")
    kept = owner is not None and owner != event.seat and d.get("trick") != _LAST_TRICK.get(table.players)
    if kept:
        points -= Fraction(9, 2)
    pts = _points_word(points, lang)
    if lang == "fr":
        head = f"Vous remportez le pli {d['trick']}" if you else f"{who} remporte le pli {d['trick']}"
        if kept:
            return f"{head} ({pts} ; l'Excuse de {table.seat_name(owner, lang)} reste à son camp)."
        return f"{head} ({pts})."
    head = f"You win trick {d['trick']}" if you else f"{who} wins trick {d['trick']}"
    if kept:
        return f"{head} ({pts}; {table.seat_name(owner, lang)}'s Excuse stays with its side)."
    return f"{head} ({pts})."


def _scored(event: Event, lang: str, table: Table) -> str:
    d = event.data
    taker = table.seat_name(d["taker"], lang)
    diff = abs(d["result"])
    contract = WORDS[lang].get(d["contract"], d["contract"])
    row = d["row"]
    if lang == "fr":
        verdict = f"{contract} réussie de {diff}" if d["made"] else f"{contract} chutée de {diff}"
        return f"{verdict} : {taker} marque {_signed(row[d['taker']], lang)}."
    verdict = f"{contract} made by {diff}" if d["made"] else f"{contract} failed by {diff}"
    return f"{verdict}: {taker} scores {_signed(row[d['taker']], lang)}."


def _slam(event: Event, lang: str, table: Table) -> str | None:
    side, announced = event.data.get("side"), event.data.get("announced")
    if lang == "fr":
        if side == "attack":
            if announced:
                return "Chelem réussi : l'attaque a fait tous les plis !"
            return "L'attaque a fait tous les plis (chelem non annoncé)."
        if side == "defence":
            return "La défense a fait tous les plis !"
        return "Chelem annoncé mais chuté." if announced else None
    if side == "attack":
        return "Slam made: the attack won every trick!" if announced else "The attack won every trick (unannounced slam)."
    if side == "defence":
        return "The defence won every trick!"
    return "Slam announced but failed." if announced else None


def _match_over(event: Event, lang: str, table: Table) -> str:
    totals = event.data.get("totals", [])
    best = max(totals) if totals else 0
    winners = [table.seat_name(s, lang) for s, t in enumerate(totals) if t == best]
    from atout.present.cards import join_words

    names = join_words(winners, lang)
    if lang == "fr":
        return f"Fin de la partie : {names} {'gagne' if len(winners) == 1 else 'gagnent'} avec {_num(best, lang)}."
    return f"End of the match: {names} {'wins' if len(winners) == 1 else 'win'} with {_num(best, lang)}."


def _ecart_done(event: Event, lang: str, table: Table) -> str:
    """The écart made; trumps laid aside are shown to all (D6, FFT rule 9)."""
    from atout.present import fill

    you = event.seat == table.me
    key = "ecart_done/you" if you else "ecart_done"
    text = fill(EVENTS[lang][key], {"seat": event.seat}, lang, table)
    text = text[:1].upper() + text[1:]
    shown = event.data.get("shown_cards") or []
    if shown:
        cards = fill("{cards}", {"cards": shown}, lang, table)
        text += f" Atouts écartés, montrés : {cards}." if lang == "fr" else f" Trumps laid aside, shown: {cards}."
    return text


def _shown_cards(event: Event, lang: str, table: Table) -> str:
    """The chien (and one's écart) in one format, the screen's short cards, as on the "Chien :" line (issue 7)."""
    from atout.present import fill
    from atout.present.cards import short

    key = event.kind + ("/you" if event.seat is not None and event.seat == table.me else "")
    template = EVENTS[lang].get(key) or EVENTS[lang][event.kind]
    listed = " ".join(short(c, lang) for c in event.data.get("cards", []))
    text = fill(template.replace("{cards}", "{listed}"), {"seat": event.seat, "listed": listed}, lang, table)
    return text[:1].upper() + text[1:]


SAYERS = {"talon_shown": _shown_cards, "ecart_made": _shown_cards,
          "ecart_done": _ecart_done, "redeal": _redeal, "partner_revealed": _partner, "trick_won": _trick, "deal_scored": _scored,
          "slam": _slam, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """A deal's score written out as a player checks it: contract, points, difference, each term, each seat."""
    d = event.data
    fr = lang == "fr"
    col = " :" if fr else ":"
    m = d["multiplier"]
    taker = table.seat_name(d["taker"], lang)
    contract = WORDS[lang].get(d["contract"], d["contract"])
    lines: list[str] = []
    who = taker
    if d["partner"] is not None:
        who += f", {'partenaire' if fr else 'partner'} {table.seat_name(d['partner'], lang)}"
    if d["partner"] is None and d.get("called"):
        who += ", seul" if fr else ", alone"
    lines.append(f"{'Contrat' if fr else 'Contract'}{col} {contract} (×{m}), {'preneur' if fr else 'taker'} {who}")
    bouts = ", ".join(_bout(c, lang) for c in d["bouts"]) or ("aucun" if fr else "none")
    hidden = d["oudlers"] - len(d["bouts"])
    if hidden > 0:
        bouts += f" + {hidden} {'au chien' if fr else 'in the talon'}"
    n_bouts = d["oudlers"]
    if fr:
        lines.append(f"Points de l'attaque : {_num(d['points'], lang)} avec {n_bouts} "
                     f"{'bout' if n_bouts < 2 else 'bouts'} ({bouts}) ; il en fallait {d['needed']}")
    else:
        lines.append(f"Attack points: {_num(d['points'], lang)} with {n_bouts} "
                     f"{'oudler' if n_bouts == 1 else 'oudlers'} ({bouts}); needed {d['needed']}")
    aside = _aside(d, lang)
    if aside:
        lines.append(aside)
    diff = d["difference"]
    line = f"{'Différence' if fr else 'Difference'}{col} {_num(d['points'], lang)} - {d['needed']} = {_signed(diff, lang)}"
    if d["variant"] == "seed" and d.get("pab_points"):
        line += f", petit au bout {_signed(d['pab_points'], lang)}"
    if float(diff) + (d.get("pab_points", 0) if d["variant"] == "seed" else 0) != d["result"]:
        line += f" → {_signed(d['result'], lang)} ({'arrondi' if fr else 'rounded'})"
    verdict = ("réussi" if d["made"] else "chuté") if fr else ("made" if d["made"] else "failed")
    lines.append(f"{line} : {verdict} de {abs(d['result'])}" if fr else f"{line}: {verdict} by {abs(d['result'])}")
    r = abs(d["result"])
    if d["variant"] == "seed":
        if d["made"]:
            lines.append(f"{'Contrat' if fr else 'Contract'}{col} (25 + {r}) × {m} = {d['contract_points']}")
        else:
            lines.append(f"{'Contrat' if fr else 'Contract'}{col} -{r} × {m} = {d['contract_points']}"
                         + (" (pas de prime de 25 en cas de chute)" if fr else " (no 25 bonus when failed)"))
    else:
        sign = "" if d["made"] else "-"
        lines.append(f"{'Contrat' if fr else 'Contract'}{col} {sign}(25 + {r}) × {m} = {d['contract_points']}")
        if d.get("pab_points"):
            side = _SIDE[lang]["attack" if d["pab_points"] > 0 else "defence"]
            lines.append(f"Petit au bout ({side}){col} {'' if d['pab_points'] > 0 else '-'}10 × {m} = {d['pab_points']}")
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            lines.append(f"{name.capitalize()} ({table.seat_name(a['seat'], lang)}){col} {'' if a['gains'] else '-'}{a['value']}"
                         + (" (au camp gagnant, non multipliée)" if fr else " (to the winning side, not multiplied)"))
    if d.get("slam_points"):
        lines.append(f"{'Chelem' if fr else 'Slam'}{col} {_signed(d['slam_points'], lang)}")
    per = d["per_defender"]
    if per >= 0:
        note = " (chaque défenseur paie l'attaque)" if fr else " (each defender pays the attack)"
    else:
        note = " (l'attaque paie chaque défenseur)" if fr else " (the attack pays each defender)"
    lines.append(f"{'Par défenseur' if fr else 'Per defender'}{col} {_signed(per, lang)}{note}")
    n = len(d["row"])
    if d["share"] == "alone":
        lines.append(f"{taker}{col} {n - 1} × {_num(per, lang)} = {_num((n - 1) * per, lang)}")
    else:
        partner = table.seat_name(d["partner"], lang)
        total = (n - 2) * Fraction(per)
        # The attack's total before the seed's announcement ledger (which comes on its own lines):
        # halves (seed 001 §11.2 at five), or two thirds to the taker and one to the partner (FFT rule 2).
        mine, theirs = (total / 2, total / 2) if d["share"] == "halves" else (total * 2 / 3, total / 3)
        split = "½ / ½" if d["share"] == "halves" else "⅔ / ⅓"
        lines.append(f"{'Attaque' if fr else 'Attack'}{col} {n - 2} × {_num(per, lang)} = {_num(total, lang)}, "
                     f"{split} : {taker} {_num(mine, lang)}, {partner} {_num(theirs, lang)}"
                     if fr else
                     f"Attack: {n - 2} × {_num(per, lang)} = {_num(total, lang)}, split {split}: {taker} "
                     f"{_num(mine, lang)}, {partner} {_num(theirs, lang)}")
    if d["variant"] == "seed":
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            seat = table.seat_name(a["seat"], lang)
            v, others = a["value"], n - 1
            if fr:
                how = f"chacun des {others} autres lui paie {v}" if a["gains"] else f"il paie {v} à chacun des {others} autres"
                lines.append(f"Annonce {name} ({seat}){col} {how} ({_signed(v * others if a['gains'] else -v * others, lang)})")
            else:
                how = f"each of the {others} others pays {v}" if a["gains"] else f"pays {v} to each of the {others} others"
                lines.append(f"Announcement {name} ({seat}): {how} ({_signed(v * others if a['gains'] else -v * others, lang)})")
    marks = ", ".join(f"{table.seat_name(s, lang)} {_signed(v, lang)}" for s, v in enumerate(d["row"]))
    lines.append(f"{'Marque de la donne' if fr else 'Deal score'}{col} {marks}")
    return lines


def _aside(d: Mapping[str, Any], lang: str) -> str | None:
    """Where the attack's points came from: its tricks and the écart (or the talon at a garde sans).

    The attack's count includes the cards laid aside (seed 001 §9.3, FFT rule 2); the table adds
    ``trick_points`` (the attack's card points after the last trick) to the event when it knows it.
    """
    tricks = d.get("trick_points")
    if tricks is None:
        return None
    aside = Fraction(d["points"]) - Fraction(tricks)
    if d["contract"] == "garde_contre" or not aside:
        return None
    where = {"fr": "au chien (garde sans)" if d["contract"] == "garde_sans" else "à l'écart",
             "en": "in the talon (garde sans)" if d["contract"] == "garde_sans" else "in the écart (discard)"}[lang]
    if lang == "fr":
        return f"  dont {_num(tricks, lang)} dans les plis et {_num(aside, lang)} {where}"
    return f"  of which {_num(tricks, lang)} in tricks and {_num(aside, lang)} {where}"


def _bout(code: str, lang: str) -> str:
    return {"T1": "Petit" if lang == "fr" else "Petit (1)", "T21": "21", "EX": "Excuse"}.get(code, code)


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: dict[str, dict[str, tuple[str, str]]] = {
    "fr": {"seed": ("Tarot traditionnel", "Prise, Pousse, Garde, Garde sans, Garde contre ; annonces et capot."),
           "fft": ("Règles officielles (FFT)", "Petite, Garde, Garde sans, Garde contre ; poignée et chelem, sans Pousse.")},
    "en": {"seed": ("Traditional Tarot", "Prise, Pousse, Garde, Garde sans, Garde contre; announcements and capot (slam)."),
           "fft": ("Official rules (FFT)", "Petite, Garde, Garde sans, Garde contre; poignée and chelem (slam), no Pousse.")},
}

#: lang -> action verb -> a plain-words prompt shown with the choice (seed 001: the écart, one card at a time).
HINTS: dict[str, dict[str, str]] = {
    "fr": {"discard": "Écartez, une à une, autant de cartes qu'il y en avait au chien (ni Roi ni bout ; un atout "
                      "seulement faute d'autre, et il sera montré) : cliquez la carte, puis validez."},
    "en": {"discard": "Lay aside, one at a time, as many cards as the talon held (no King, no oudler; a trump only "
                      "when nothing else is left, and it is shown): click the card, then confirm."},
}
