"""The presentation layer on the hand-written records of tests/records: sentences, breakdowns, input.

Expected numbers are worked out by hand from each record's hand-written result and the rules
(seed 001 §11.2 "A = (e + 25) × m if made, e × m if not"; §11.3 announcement ledger; FFT rule 2),
never read from the engine.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import atout
from atout.core.actions import Action
from atout.core.errors import IllegalAction, NotationError
from atout.core.events import Event
from atout.present import Table, breakdown, card_name, say, say_error
from atout.present.cards import parse_card, short
from atout.present.inputs import InputProblem, interpret
from atout.present.screen import card_text, hand_plain

RECORDS = Path(__file__).parent / "records"


def _events(path: str, seat: int | None = None) -> tuple[atout.GameState, list[Event]]:
    state = atout.read_record(RECORDS / path)
    return state, state.events(seat)


def _said(events: list[Event], table: Table, lang: str = "fr") -> list[str]:
    return [t for t in (say(e, lang, table) for e in events) if t]


def _scored(events: list[Event]) -> Event:
    return next(e for e in events if e.kind == "deal_scored")


# --- Tarot: a failed contract, a poignée (seed 001 §11.2, §11.3) --------------------------------------
def test_failed_prise_with_the_takers_poignee() -> None:
    """seed_poignee_losing_taker: row [-192, 64, 64, 64]. §11.3: the failing taker pays his poignée
    (20) to each of the 3 others: -60; so 3A = -192 + 60 = -132, A = -44 = e × 1: failed by 44."""
    _, events = _events("tarot/seed_poignee_losing_taker.json")
    t = Table("tarot", 4)
    said = _said(events, t)
    assert "Joueur 1 annonce une Prise." in said
    assert any(s.startswith("Joueur 1 retourne le chien\u00a0: ") for s in said)
    assert "Joueur 1 montre une poignée simple de 10 atouts\u00a0: 10 9 8 7 6 5 4 3 2 Exc." in said
    assert "Prise chutée de 44\u00a0: Joueur 1 marque −192." in said
    lines = breakdown(_scored(events), "fr", t)
    assert "Contrat\u00a0: −44 × 1 = −44 (pas de prime de 25 en cas de chute)" in lines
    assert "Par défenseur\u00a0: −44 (l'attaque paie chaque défenseur)" in lines
    assert "Annonce poignée simple (Joueur 1)\u00a0: contrat chuté, 20 payés à chacun des 3 autres (−60)" in lines
    assert lines[-1] == "Marque de la donne\u00a0: Joueur 1 −192, Joueur 2 +64, Joueur 3 +64, Joueur 4 +64"
    en = breakdown(_scored(events), "en", t)
    assert "Announcement single poignée (handful) (Player 1): contract failed, 20 paid to each of the 3 others (−60)" in en


def test_made_contract_alone_at_five_called_king_in_the_talon() -> None:
    """seed_called_king_in_talon: 5 players, row [204, -51 ×4]; the King of Hearts called lies in the
    talon, so the taker plays alone (§5) and gets 4A: A = 51 = (e + 25) × 1, e = 26."""
    _, events = _events("tarot/seed_called_king_in_talon.json")
    t = Table("tarot", 5)
    said = _said(events, t)
    assert "Joueur 1 appelle le Roi de cœur." in said
    assert "Le Roi de cœur est dans le chien\u00a0: Joueur 1 joue seul contre tous." in said
    assert "Prise réussie de 26\u00a0: Joueur 1 marque +204." in said
    lines = breakdown(_scored(events), "fr", t)
    assert "Contrat\u00a0: (25 + 26) × 1 = 51" in lines
    assert "Joueur 1\u00a0: 4 × 51 = 204" in lines
    assert "Contract: (25 + 26) × 1 = 51" in breakdown(_scored(events), "en", t)


def test_petit_au_bout_won_turns_into_points_seed() -> None:
    """seed_petit_au_bout_won: Garde sans (×8), row [1992, -664 ×3]: A = 664 = (e + 25) × 8, e = 58,
    the petit au bout's +10 being added to the difference before rounding (seed 001, D13)."""
    _, events = _events("tarot/seed_petit_au_bout_won.json")
    t = Table("tarot", 4)
    said = _said(events, t)
    assert "Petit au bout pour l'attaque\u202f!" in said
    assert "Garde sans le chien\u00a0: le chien reste caché." in said
    assert "Garde sans le chien réussie de 58 (petit au bout compris, +10)\u00a0: Joueur 1 marque +1992." in said
    lines = breakdown(_scored(events), "fr", t)
    assert any(line.startswith("Différence\u00a0: ") and "petit au bout +10" in line and line.endswith("réussi de 58")
               for line in lines), lines
    assert "Contrat\u00a0: (25 + 58) × 8 = 664" in lines


def test_petit_au_bout_lost_fft() -> None:
    """fft_petit_au_bout_lost: FFT, 3 players, Garde sans (×4), row [368, -184, -184]: S = 184 per
    defender = (25 + d) × 4 − 10 × 4 (FFT rule 3, the defence's petit au bout), so d = 31."""
    _, events = _events("tarot/fft_petit_au_bout_lost.json")
    t = Table("tarot", 3)
    said = _said(events, t)
    assert "Petit au bout pour la défense\u202f!" in said
    lines = breakdown(_scored(events), "fr", t)
    assert "Contrat\u00a0: (25 + 31) × 4 = 224" in lines
    assert "Petit au bout (la défense)\u00a0: −10 × 4 = −40" in lines
    assert "Par défenseur\u00a0: +184 (chaque défenseur paie l'attaque)" in lines
    assert "Joueur 1\u00a0: 2 × 184 = 368" in lines


def test_announced_capot_made() -> None:
    """seed_capot_excuse_last_trick: capot announced and made, row [3720, -1240 ×3]: A = 1240 =
    (e + 25) × 8 + 600 (§11.4, not multiplied, D14), e = 55."""
    _, events = _events("tarot/seed_capot_excuse_last_trick.json")
    t = Table("tarot", 4)
    said = _said(events, t)
    assert "Joueur 1 annonce le capot." in said
    # the seed's word throughout, as announced (seed 001 "Le Capot": "On dit également qu'il fait un Chelem")
    assert "Capot réussi\u00a0: l'attaque a fait tous les plis\u202f!" in said
    assert not [s for s in said if "Chelem" in s], said
    lines = breakdown(_scored(events), "fr", t)
    assert "Contrat\u00a0: (25 + 55) × 8 = 640" in lines and "Capot\u00a0: +600" in lines


@pytest.mark.parametrize(("variant", "lang", "made", "failed"), [
    ("seed", "fr", "Capot réussi", "Capot annoncé mais chuté."),
    ("fft", "fr", "Chelem réussi", "Chelem annoncé mais chuté."),
    ("seed", "en", "Capot (slam) made", "Capot announced but failed."),
    ("fft", "en", "Slam made", "Slam announced but failed."),
])
def test_the_slam_is_named_as_its_rules_name_it(variant: str, lang: str, made: str, failed: str) -> None:
    """Seed 001 ("Le Capot") says capot, chelem being a synonym; the FFT (rule 5) says chelem: the table's
    button, its journal and its score say one word per variant (a newcomer read "capot" then "Chelem")."""
    t = Table("tarot", 4)
    assert (say(Event("slam", None, {"side": "attack", "announced": True, "variant": variant}), lang, t) or "").startswith(made)
    assert say(Event("slam", None, {"side": "none", "announced": True, "variant": variant}), lang, t) == failed


def test_the_partner_is_revealed_by_the_called_card() -> None:
    """Seed 001 §5: at five, the called King shows the partner when it is played."""
    found = 0
    for seed in range(40):
        g = atout.new_game("tarot", players=5, seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
        events = g.events(None)
        revealed = [e for e in events if e.kind == "partner_revealed" and not e.data["alone"]]
        if not revealed:
            continue
        e = revealed[0]
        called = next(x for x in events if x.kind == "called").data["called"]
        plays = [(s, a) for entry in g.log for s, a in entry.actions]
        assert (e.seat, f"play {called}") in plays
        text = say(e, "fr", Table("tarot", 5))
        assert text == f"Le {card_name(called, 'fr')} est tombé\u00a0: Joueur {e.seat + 1} est le partenaire du preneur."
        scored = next(x for x in events if x.kind == "deal_scored")
        assert scored.data["partner"] == e.seat
        assert any(f"partenaire Joueur {e.seat + 1}" in line for line in breakdown(scored, "fr", Table("tarot", 5)))
        found += 1
        if found == 3:
            break
    assert found == 3


def test_trick_won_names_the_winner() -> None:
    """Seed 001 §9.2: the trick goes to the highest trump, else the highest card of the suit led."""
    _, events = _events("tarot/seed_poignee_losing_taker.json")
    first = next(e for e in events if e.kind == "trick_won")
    # Trick 1 of the record: AS (seat 1), KS (seat 2), 7H (seat 3), JD (seat 0)… led by seat 0's AS.
    assert first.data["cards"][0] == "AS" and first.data["leader"] == 0
    assert say(first, "fr", Table("tarot", 4)).startswith(f"Joueur {first.seat + 1} remporte le pli 1 (")
    assert say(first, "fr", Table("tarot", 4, me=first.seat)).startswith("Vous remportez le pli 1 (")


# --- La Triomphe: a vole failed after a refused concession (seed 002 §4, §7.2) -----------------------
def test_triomphe_vole_failed_after_refused_concession() -> None:
    """tri3_refused_concession: score 3–1; seat 0 concedes, seat 1 refuses and must make the vole;
    seat 0's King of Spades takes the last trick: the vole fails, seat 1's side loses two points —
    its one point, then the other side marks the second (§7.2, D9): 4–0."""
    _, events = _events("triomphe/tri3_refused_concession.json")
    t = Table("triomphe", 2)
    said = _said(events, t)
    assert "Joueur 1 concède (donne le jeu)\u00a0: l'autre camp peut accepter ou refuser." in said
    assert "Joueur 2 refuse\u00a0: son camp doit faire la vole, ou perdra deux jeux." in said
    assert "Vole manquée par Joueur 2\u00a0: deux jeux perdus. (concession refusée)" in said
    lines = breakdown(_scored(events), "fr", t)
    assert lines[0] == "Plis\u00a0: Joueur 1\u00a0: 1\u202f; Joueur 2\u00a0: 4"
    assert "Joueur 2 perd 2 (un jeu marqué en moins, sinon l'adversaire le marque)" in lines
    assert lines[-1] == "Marque\u00a0: Joueur 1\u00a0: 4\u202f; Joueur 2\u00a0: 0"
    en = breakdown(_scored(events), "en", t)
    assert en[1] == "Vole failed by Player 2: two points lost. (after a refused concession)"


def test_triomphe_three_tricks() -> None:
    """tri1_plain_win: a side that takes three tricks scores one point (seed 002)."""
    _, events = _events("triomphe/tri1_plain_win.json")
    scored = _scored(events)
    text = say(scored, "en", Table("triomphe", 2))
    assert text is not None and text.endswith("took three tricks: one point.")


# --- cards and input ------------------------------------------------------------------------------
def test_card_names_and_short_forms() -> None:
    assert card_name("KH", "fr") == "Roi de cœur" and card_name("T21", "fr") == "21 d'atout"
    assert card_name("EX", "fr") == "l'Excuse" and card_name("NC", "en") == "Knight of Clubs"
    assert short("QS", "fr") == "D♠" and short("QS", "en") == "Q♠" and short("EX", "fr") == "Exc"
    assert hand_plain(["2H", "KH", "T1", "AS"], "en") == "♠ A  |  ♥ K 2  |  Trumps 1"


@pytest.mark.parametrize(("text", "code"), [
    ("R♥", "KH"), ("10♠", "10S"), ("CD", "ND"), ("VC", "JC"), ("DH", "QH"), ("8D", "8D"), ("8 ♦", "8D"),
    ("21", "T21"), ("t1", "T1"), ("excuse", "EX"), ("Roi de Cœur", "KH"), ("dame de trefle", "QC"),
])
def test_cards_read_in_every_spelling(text: str, code: str) -> None:
    assert parse_card(text).code == code


def test_the_triomphe_pack_has_no_cavalier_nor_trumps() -> None:
    from atout.core.packs import PIQUET32

    with pytest.raises(NotationError):
        parse_card("21", PIQUET32.mask)
    with pytest.raises(NotationError):
        parse_card("CD", PIQUET32.mask)  # no Cavalier in a piquet pack


def test_input_bare_cards_french_verbs_and_words() -> None:
    plays = [Action.parse(a) for a in ("play 8D", "play KH", "play T21")]
    assert str(interpret("8D", plays, "fr", "tarot")) == "play 8D"
    assert str(interpret("jouer 8D", plays, "fr", "tarot")) == "play 8D"
    assert str(interpret("R♥", plays, "fr", "tarot")) == "play KH"
    assert str(interpret("Jouer le 21", plays, "fr", "tarot")) == "play T21"
    assert str(interpret("play the T21", plays, "en", "tarot")) == "play T21"
    knights = [Action.parse(a) for a in ("play ND", "play NS")]  # the English table shows Kn♦, as the faces do
    assert card_text("ND", "en").plain == "Kn♦" and card_text("ND", "fr").plain == "C♦"
    assert [str(interpret(x, knights, "en", "tarot")) for x in ("Kn♦", "kn♦", "ND", "C♦")] == ["play ND"] * 4
    bids = [Action.parse(a) for a in ("bid garde", "bid garde_contre", "bid garde_sans", "bid pousse", "bid prise", "pass")]
    assert str(interpret("passe", bids, "fr", "tarot")) == "pass"
    assert str(interpret("Prise", bids, "fr", "tarot")) == "bid prise"
    assert str(interpret("garde contre", bids, "fr", "tarot")) == "bid garde_contre"
    assert str(interpret("pass", bids, "fr", "tarot")) == "pass"  # English verbs too
    fft = [Action.parse(a) for a in ("bid garde", "bid petite", "pass")]
    assert str(interpret("prise", fft, "fr", "tarot")) == "bid petite"  # FFT rule 1: the Petite is the Prise
    ecart = [Action.parse("discard 2H 3H 4H 5H 6H 7H")]
    assert str(interpret("écarter 2♥ 3♥ 4♥ 5♥ 6♥ 8♥", ecart, "fr", "tarot")) == "discard 2H 3H 4H 5H 6H 8H"
    with pytest.raises(InputProblem, match="Je ne comprends pas «\u00a0bonjour\u00a0»"):
        interpret("bonjour", bids, "fr", "tarot")
    with pytest.raises(InputProblem, match="pas le moment de nommer une carte"):
        interpret("R♥", bids, "fr", "tarot")
    tri = [Action.parse(a) for a in ("concede", "no_concession")]
    assert str(interpret("pas de concession", tri, "fr", "triomphe")) == "no_concession"
    assert str(interpret("Concéder", tri, "fr", "triomphe")) == "concede"


def test_refusals_in_french_keep_the_citation() -> None:
    """Seed 001 §9.1: must follow; the refusal is said in French with the seed's citation."""
    g = atout.new_game("tarot", players=4, seed=3, dealer=3)
    for a in ("bid garde", "pass", "pass", "pass"):
        g.apply(a)
    with pytest.raises(IllegalAction) as info:
        g.apply("bid prise")
    assert info.value.code == "play_expected" or info.value.code in ("ecart_expected",)
    text = say_error(info.value, "fr", "tarot")
    assert "[texte 001, §6]" in text and "écart" in text.lower()


def test_the_side_of_a_trick_stays_hidden_until_the_partner_is_known() -> None:
    """Seed 001 §5: the partner is secret until the called card is played; until then a trick won
    tells nobody which side took it (no running count of the attack)."""
    from atout.bots import make_bot

    checked = 0
    for seed in range(12):
        g = atout.new_game("tarot", players=5, seed=seed)
        bots = [make_bot("tarot", "heuristic", seed=i) for i in range(5)]
        while not g.is_terminal():
            s = g.current_player
            assert s is not None
            g.apply(bots[s].act(g.observation(s)))
        known = False
        for e in g.events(None):
            if e.kind in ("partner_revealed", "called_in_talon"):
                known = True
            if e.kind == "trick_won":
                assert (e.data["attack_tricks"] is not None) == known, (seed, e)
                checked += 1
    assert checked > 30


@pytest.mark.parametrize("name", [g.name for g in atout.list_games()])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_what_the_screen_shows_can_be_typed_back(name: str, lang: str) -> None:
    """Every choice the table lists (its label) reads back as that very action, in every game."""
    from atout.present.screen import action_label

    for seed in (1, 2):
        g = atout.new_game(name, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_terminal() and steps < 120:
            legal = g.legal_actions()
            labels = [action_label(a, lang, name) for a in legal]
            for a, label in zip(legal, labels, strict=True):
                if labels.count(label) == 1:
                    assert interpret(label, legal, lang, name) == a, (name, lang, label, str(a))
            g.apply(rng.choice(legal))
            steps += 1


def test_the_web_facts_name_the_announced_slam_by_variant() -> None:
    """The side panel's "Chelem annoncé" is "Capot annoncé" in the seed variant (table-panels.js looks up
    ``key@variant`` first), so the fact agrees with the button that announced it."""
    import json

    from atout.web.views import page_texts

    texts = json.loads(page_texts().split("=", 1)[1].strip().rstrip(";"))
    assert texts["fr"]["slam_announced@seed"] == "Capot annoncé" and texts["fr"]["slam_announced"] == "Chelem annoncé"
    assert texts["en"]["slam_announced@seed"] == "Capot announced"


def test_everybody_passing_the_last_deal_redeals_nobody() -> None:
    """Seed 001: "Si tous les joueurs passent, la partie est annulée et le joueur suivant distribue". In the
    match's last deal there is no next deal: the journal said "le joueur suivant redistribue" and then "Fin de
    la partie" (a newcomer's contradiction); it now says the deal is void, and only that."""
    one = atout.new_game("tarot", players=4, seed=1)
    while not one.is_terminal():
        one.apply("pass")
    said = _said(one.events(None), Table("tarot", 4))
    assert "Tout le monde passe\u00a0: la donne est annulée." in said and not [s for s in said if "redistribue" in s]
    two = atout.new_game("tarot", players=4, seed=1, deals=2)
    for _ in range(4):
        two.apply("pass")
    said = _said(two.events(None), Table("tarot", 4), "en")
    assert "Everybody passes: the deal is void and the next player deals." in said


def test_the_slam_announcement_says_what_it_commits_to() -> None:
    """The announcements offered only "Terminé" and the slam's button, with no word on it (a newcomer): the
    button's hint says the undertaking and its stakes, by the variant's rule (FFT rule 5: +400 / −200 per
    defender; seed 001 "Le Capot": the capot's value either way)."""
    from atout.web.views import hints

    fr = hints("tarot", ["announce chelem", "done"], "fr")["announce chelem"]
    assert "tous les plis" in fr and "chaque défenseur vous paie 400" in fr and "vous payez 200 à chacun" in fr
    en = hints("tarot", ["announce capot", "done"], "en")["announce capot"]
    assert "every trick" in en and "capot's value" in en
