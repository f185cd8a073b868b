"""Issue 7 (newcomer's report): the numbers the French table shows, checked by hand against the rules.

Every expected number is worked out here from seed 001 §11 (seed variant: A = e × m when failed,
(e + 25) × m when made; at five the attack's total is halved between taker and partner; the
announcement ledger §11.3 comes after) and FFT rule 2 (at five, the taker gets two thirds); never
read from the engine.
"""

from __future__ import annotations

from atout.cli.play_words import ranking
from atout.core.events import Event
from atout.present import Table, breakdown, say
from atout.present.situation import ordinal


def _seed_five_failed_pousse() -> Event:
    """Seed variant at five: Pousse (×2, seed 001 §11.1), taker seat 0, partner seat 4, the taker's poignée
    simple (20, §11.3); the attack takes 28 points with 2 bouts, 41 needed: e = 28 - 41 = -13, failed.
    A = -13 × 2 = -26 per defender; the attack pays 3 × 26 = 78, 39 each (halves); the failing taker pays
    his poignée to each of the 4 others: taker -39 - 80 = -119, partner -39 + 20 = -19, each defender
    26 + 20 = 46 (sum 0). The attack's 28 points are 25 in its tricks and 3 in the écart."""
    data = {"deal": 1, "variant": "seed", "contract": "pousse", "multiplier": 2, "taker": 0, "partner": 4,
            "called": "KH", "points": 28, "oudlers": 2, "bouts": ["T21", "EX"], "needed": 41, "difference": -13,
            "petit_au_bout": None, "slam": "none", "slam_announced": False, "attack_tricks": 6,
            "defence_tricks": 9, "pab_points": 0, "result": -13, "made": False, "base": 0,
            "contract_points": -26, "slam_points": 0, "per_defender": -26,
            "announcements": [{"seat": 0, "kind": "poignee_simple", "value": 20, "gains": False}],
            "share": "halves", "row": [-119, 46, 46, 46, -19], "totals": [-119, 46, 46, 46, -19],
            "trick_points": 25}
    return Event("deal_scored", seat=0, data=data)


def test_seed_breakdown_at_five_with_a_poignee_every_number_by_hand() -> None:
    """seed 001 §11.2-11.3: the split line shows the halves before the poignée (issue 7, 1b), then the
    poignée, then the row; the écart's 3 points are said (1d)."""
    lines = breakdown(_seed_five_failed_pousse(), "fr", Table("tarot", 5, me=0))
    assert lines == [
        "Contrat\u00a0: Pousse (×2), preneur Joueur 1 (vous), partenaire Joueur 5",
        "Points de l'attaque\u00a0: 28 avec 2 bouts (21, Excuse)\u202f; il en fallait 41",
        "  dont 25 dans les plis et 3 à l'écart",
        "Différence\u00a0: 28 − 41 = −13\u00a0: chuté de 13",
        "Contrat\u00a0: −13 × 2 = −26 (pas de prime de 25 en cas de chute)",
        "Par défenseur\u00a0: −26 (l'attaque paie chaque défenseur)",
        "Attaque\u00a0: 3 × −26 = −78, ½ / ½\u00a0: Joueur 1 (vous) −39, Joueur 5 −39",
        "Annonce poignée simple (Joueur 1 (vous))\u00a0: contrat chuté, 20 payés à chacun des 4 autres (−80)",
        "Marque de la donne\u00a0: Joueur 1 (vous) −119, Joueur 2 +46, Joueur 3 +46, Joueur 4 +46, Joueur 5 −19",
    ]
    en = breakdown(_seed_five_failed_pousse(), "en", Table("tarot", 5))
    assert "Attack: 3 × −26 = −78, split ½ / ½: Player 1 −39, Player 5 −39" in en
    assert "  of which 25 in tricks and 3 in the écart (discard)" in en
    # a defender's announcement is always paid to him (seed 001, « Les annonces et les primes »): said
    # without a pronoun, which read "il paie" for "vous" (a newcomer's report)
    event = _seed_five_failed_pousse()
    paid = Event("deal_scored", seat=0, data={**event.data, "announcements": [
        {"seat": 2, "kind": "sans_points", "value": 10, "gains": True}]})
    assert "Annonce sans points (Joueur 3 (vous))\u00a0: 10 reçus de chacun des 4 autres (+40)" in breakdown(
        paid, "fr", Table("tarot", 5, me=2))
    assert "Announcement sans points (no honours) (Player 3): 10 from each of the 4 others (+40)" in breakdown(
        paid, "en", Table("tarot", 5))
    assert "Attack's card points: 28 with 2 bouts (21, Excuse); needed 41" in en  # card points, not the score
    assert en[-1].startswith("Deal score: Player 1 −119")


def test_fft_breakdown_at_five_thirds() -> None:
    """FFT rule 2 at five: Garde (×2) made by 5 with 1 bout (51 needed, 56 taken): (25 + 5) × 2 = 60, plus
    the poignée simple 20 to the winning side: 80 per defender; 3 × 80 = 240, taker ⅔ = 160, partner 80."""
    data = {"deal": 1, "variant": "fft", "contract": "garde", "multiplier": 2, "taker": 1, "partner": 3,
            "called": "KS", "points": 56, "oudlers": 1, "bouts": ["T21"], "needed": 51, "difference": 5,
            "petit_au_bout": None, "slam": "none", "slam_announced": False, "attack_tricks": 9, "defence_tricks": 6,
            "result": 5, "made": True, "base": 25, "contract_points": 60, "pab_points": 0, "handfuls": 20,
            "slam_points": 0, "per_defender": 80,
            "announcements": [{"seat": 1, "kind": "poignee_simple", "value": 20, "gains": True}],
            "share": "thirds", "row": [-80, 160, -80, 80, -80], "totals": [-80, 160, -80, 80, -80]}
    lines = breakdown(Event("deal_scored", seat=1, data=data), "fr", Table("tarot", 5))
    assert "Contrat\u00a0: (25 + 5) × 2 = 60" in lines
    assert "Poignée simple (Joueur 2)\u00a0: 20 (au camp gagnant, non multipliée)" in lines
    assert "Par défenseur\u00a0: +80 (chaque défenseur paie l'attaque)" in lines
    assert "Attaque\u00a0: 3 × 80 = 240, ⅔ / ⅓\u00a0: Joueur 2 160, Joueur 4 80" in lines
    assert "Points de l'attaque\u00a0: 56 avec 1 bout (21)\u202f; il en fallait 51" in lines
    assert not any(line.startswith("  dont") for line in lines)  # no trick_points known: no écart line


def test_a_trick_with_the_excuse_says_the_points_it_brings() -> None:
    """seed 001 §9.3: the Excuse's owner takes it back (a card of no value in exchange): a trick of
    R♥ (4,5) + Excuse (4,5) + 7♥ 8♥ 9♥ (3 × 0,5) brings 4,5 + 1,5 = 6 points to its winner, not 10,5."""
    e = Event("trick_won", seat=3, data={"trick": 10, "leader": 0, "cards": ["KH", "EX", "7H", "8H", "9H"],
                                         "seats": [0, 1, 2, 3, 4], "points": 10.5, "excuse": 1,
                                         "excuse_to": "owner", "winner_points": 6})
    assert say(e, "fr", Table("tarot", 5)) == \
        "Joueur 4 remporte le pli 10 (6 points\u202f; l'Excuse de Joueur 2, 4,5 points, reste à son camp)."
    assert say(e, "en", Table("tarot", 5)) == (
        "Player 4 wins trick 10 (6 points; the Excuse of Player 2, 4.5 points, stays with its side).")
    # The last trick (15 at five): the Excuse goes to the trick's winner (seed 001 §9.3): all its points.
    last = Event("trick_won", seat=3, data={**e.data, "trick": 15, "excuse_to": "winner", "winner_points": 10.5})
    assert say(last, "fr", Table("tarot", 5)) == ("Joueur 4 remporte le pli 15 (10,5 points, dont l'Excuse de Joueur 2\u00a0: "
                                                  "jouée au dernier pli, elle revient au gagnant du pli).")
    # FFT (rule 12, D20): at the last trick it changes sides, its 4,5 points leave the trick's winner.
    fft = Event("trick_won", seat=3, data={**e.data, "trick": 15, "excuse_to": "opposite", "winner_points": 6})
    assert say(fft, "fr", Table("tarot", 5)) == ("Joueur 4 remporte le pli 15 (6 points\u202f; l'Excuse de Joueur 2, "
                                                 "jouée au dernier pli, change de camp).")
    # A name with a vowel is elided ("d'Ann", not "de Ann"); the reader's own Excuse is "votre Excuse"; the
    # ½-point card given for it (§9.3, D11) is said on the line of the trick where it is given, side to side.
    names = Table("tarot", 5, names=["Bob", "Ann", "Cy", "Dee", "Eve"])
    assert say(e, "fr", names) == "Dee remporte le pli 10 (6 points\u202f; l'Excuse d'Ann, 4,5 points, reste à son camp)."
    assert say(e, "en", Table("tarot", 5, me=1)) == (
        "Player 4 wins trick 10 (6 points; your Excuse, 4.5 points, stays with its side).")
    paid = Event("trick_won", seat=3, data={**e.data, "exchange": 1, "exchange_side": "defence"})
    assert say(paid, "fr", Table("tarot", 5, me=1)) == (
        "Joueur 4 remporte le pli 10 (6 points\u202f; votre Excuse, 4,5 points, reste à son camp). "
        "La défense donne à l'attaque une carte d'un demi-point en échange de votre Excuse.")
    assert say(paid, "en", names).endswith("The defence gives the attack a half-point card in exchange for the Excuse of Ann.")


def test_the_final_ranking_is_by_score_with_places() -> None:
    """Issue 7 (1e): 1er, 2e… from the best total; equal totals share their place."""
    assert ranking([-216, 72, 72, 72]) == [(1, 1, 72), (1, 2, 72), (1, 3, 72), (4, 0, -216)]
    assert ranking([10, -5, 30]) == [(1, 2, 30), (2, 0, 10), (3, 1, -5)]
    assert [ordinal(i, "fr") for i in (1, 2, 3)] == ["1er", "2e", "3e"]
    assert [ordinal(i, "en") for i in (1, 2, 3, 4, 11, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "21st"]


# --- item 3: input a French player types ------------------------------------------------------------------
def test_french_card_words_and_the_petit() -> None:
    """Ranks in words (huit de carreau) and the Petit by name (seed 001 §2: the 1 of trumps, a bout)."""
    from atout.present.cards import parse_card

    assert [parse_card(t).code for t in ("8 de carreau", "huit de carreau", "dix de pique", "petit", "le Petit",
                                         "eight of diamonds")] == ["8D", "8D", "10S", "T1", "T1", "8D"]


def test_8c_asks_clubs_or_hearts_only_when_both_can_be_played() -> None:
    """The project's codes say C = trèfle (clubs); a French player may mean cœur: ask when both are playable."""
    import pytest

    from atout.core.actions import Action
    from atout.present.inputs import InputProblem, interpret

    both = [Action.parse(a) for a in ("play 8C", "play 8H", "play KC")]
    with pytest.raises(InputProblem, match=r"8 de trèfle \(8C\) ou 8 de cœur \(8H\)\u202f\?"):
        interpret("8C", both, "fr", "tarot")
    assert str(interpret("8C", both, "en", "tarot")) == "play 8C"  # English: clubs, no question
    assert str(interpret("RC", both, "fr", "tarot")) == "play KC"  # no King of hearts to play: clubs
    assert str(interpret("8 de cœur", both, "fr", "tarot")) == "play 8H"


def test_multi_word_announcements() -> None:
    """seed 001 §7: 'annoncer sans points' names the announcement sans_points, legal or not (the engine then
    says why it is refused)."""
    from atout.core.actions import Action
    from atout.present.inputs import interpret

    only_done = [Action.parse("done")]
    assert str(interpret("annoncer sans points", only_done, "fr", "tarot")) == "announce sans_points"
    assert str(interpret("annoncer poignée simple", only_done, "fr", "tarot")) == "announce poignee_simple"


def test_a_refused_poignee_says_the_allowed_counts_with_or() -> None:
    """seed 001 §7: at five a poignée is 8, 10 or 13 trumps."""
    from atout.core.errors import IllegalAction
    from atout.present import say_error

    exc = IllegalAction("announce poignee: a poignée shows exactly 8, 10 or 13 trumps", code="poignee_count",
                        params={"count": 3, "thresholds": [8, 10, 13], "cite": "seed 001, §7"})
    assert say_error(exc, "fr", "tarot").startswith("Une poignée montre exactement 8, 10 ou 13 atouts, pas 3")
    assert say_error(exc, "en", "tarot").startswith("A poignée (handful) shows exactly 8, 10 or 13 trumps, not 3")


def test_the_1637_hand_in_its_own_names_and_order() -> None:
    """seed 000 n. 42 / decks.md §3: Cups and Coins rank R Rn Ch F 1 2 … 7 (the Ace above the 7), Swords and
    Batons R Rn Ch F 10 … 4; the pack's names (Reine, Chevalier, Faon; épées, coupes, deniers, bâtons)."""
    import atout
    from atout.core.actions import Action
    from atout.present.screen import action_label, hand_text

    strength = atout.new_game("tarot1637", players=3, seed=1).card_strength  # the engine's order (issue 17)
    text = hand_text(["7H", "AH", "KH", "JH", "4S", "QS", "10S", "NC", "T21", "EX"], "fr", "tarot1637", strength).plain
    assert text == "♠ épées Rn 10 4  │  ♥ coupes R F 1 7  │  ♣ bâtons Ch  │  Triomphes 21  │  le Mat"
    assert action_label(Action.parse("discard QS"), "fr", "tarot1637") == "écarter Rn♠"
    from atout.present.inputs import interpret

    legal = [Action.parse("discard QS"), Action.parse("discard JD")]
    assert str(interpret("écarter Rn♠", legal, "fr", "tarot1637")) == "discard QS"
    assert str(interpret("faon de deniers", legal, "fr", "tarot1637")) == "discard JD"


def test_hints_speak_the_games_own_terms() -> None:
    """Issue 7 (item 4): Mistigri's 'pass' or a Prime discard is not Tarot's 'too weak to take' nor 'void a
    suit to trump'; a game's verb without a reason of its own is only what the bot would play."""
    import atout
    from atout.core.actions import Action
    from atout.present.hints import why

    g = atout.new_game("tarot", players=4, seed=3, dealer=3)
    obs = g.observation(g.current_player)
    # Issue 17: each reason with the hand's facts (seed 3: 5 trumps, the Excuse or a trump bout, one King).
    assert why(Action.parse("pass"), obs, "fr", "tarot").startswith("main trop faible pour prendre (atouts\u00a0: 5,")
    assert why(Action.parse("pass"), obs, "fr", "mistigri").startswith("main faible (atouts\u00a0:")  # not "prendre"
    assert why(Action.parse("discard 2H"), obs, "fr", "prime").startswith("écarter 2♥ pour chercher")  # no "couper"
    assert why(Action.parse("concede"), obs, "fr", "triomphe").startswith("main trop faible (atouts\u00a0:")
    # A verb the game does not have is only what the bot would play.
    assert why(Action.parse("concede"), obs, "en", "mistigri") == "it is what the bot would play."


# --- item 6: wording --------------------------------------------------------------------------------------
def test_plurals_articles_and_one_format_for_the_chien() -> None:
    """No "(s)"; Prime's cards with their articles; the chien in the screen's short format (as "Chien :")."""
    e = Event("cards_drawn", seat=0, data={"count": 1})
    assert say(e, "fr", Table("mistigri", 4, me=0)) == "Vous demandez 1 carte au talon."
    assert say(Event("cards_drawn", seat=1, data={"count": 3}), "fr", Table("mistigri", 4)) == \
        "Joueur 2 demande 3 cartes au talon."
    dealt = Event("cards_dealt", seat=0, to=0, data={"cards": ["QS", "AH"]})
    assert say(dealt, "fr", Table("prime", 3, me=0)) == "Vous recevez la Dame de pique et l'As de cœur."
    talon = Event("talon_shown", seat=1, data={"cards": ["KH", "T3", "EX"]})
    assert say(talon, "fr", Table("tarot", 5)) == "Joueur 2 retourne le chien\u00a0: R♥, atout 3, Exc."


def test_the_talons_trumps_are_named_trumps_not_bare_numbers() -> None:
    """A newcomer read "1♠ … 1" in a chien and took the bare 1 for a card of a lost suit: in a list of the
    screen's short forms, the trumps come after the suits, named as trumps (a list of trumps only, a poignée,
    stays as it was: it says "atouts" already)."""
    talon = Event("talon_shown", seat=0, data={"cards": ["AS", "4H", "T1", "9H", "T18", "7D"]})
    assert say(talon, "fr", Table("tarot", 4)) == "Joueur 1 retourne le chien\u00a0: 1♠ 4♥ 9♥ 7♦, atouts 1 18."
    assert say(talon, "en", Table("tarot", 4, me=0)) == "You turn up the talon: 1♠ 4♥ 9♥ 7♦, trumps 1 18."
    one = Event("talon_shown", seat=2, data={"cards": ["AS", "4H", "T21", "9H", "KD", "7D"]})
    assert say(one, "en", Table("tarot", 4)) == "Player 3 turns up the talon: 1♠ 4♥ 9♥ K♦ 7♦, trump 21."


def test_packs_show_in_french_has_no_english(capsys: object) -> None:
    import argparse

    from atout.cli.packs import run

    run(argparse.Namespace(packs_command="show", name="tarot66-1637", order=None, play=None, lang="fr", json=False))
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    for english in ("cards", "high to low", "order of play", "no rank", "Swords", "[The"):
        assert english not in out, english
    assert "(66 cartes) : le jeu de tarots de 1637" in " ".join(out.split())


def test_1637_sentences_and_refusals_use_the_packs_names() -> None:
    """seed 000: the 1637 pack's cards (bâtons, deniers; le Faon) in every sentence, never an engine code."""
    from atout.core.errors import IllegalAction
    from atout.present import say_error

    exc = IllegalAction("play 8C: must follow suit", code="must_follow", params={"allowed": ["AD", "JD"], "cite": "seed 000"})
    assert say_error(exc, "fr", "tarot1637").startswith("Il faut fournir à la couleur demandée\u202f; jouables\u00a0: "
                                                        "l'As de deniers et le Faon de deniers.")
    said = say(Event("discard", seat=0, data={"card": "8C"}), "fr", Table("tarot1637", 3, me=0))
    assert said == "Vous écartez le 8 de bâtons."


def test_a_match_everybody_passed_is_a_draw_not_four_winners() -> None:
    """Every score equal (the only deal passed by all, seed 001 "Déroulement": « Si tous les joueurs passent, la
    partie est annulée »): nobody wins, as the lobby says ("partie nulle"), rather than "Joueur 1, …, Joueur 4
    gagnent avec 0"; a tie for first among some seats still names them."""
    table = Table("tarot", 4)
    drawn = Event("match_over", data={"totals": [0, 0, 0, 0]})
    assert say(drawn, "fr", table) == "Fin de la partie\u00a0: partie nulle, personne ne gagne (tous à 0)."
    assert say(drawn, "en", table) == "End of the match: a draw, nobody wins (everyone on 0)."
    tied = Event("match_over", data={"totals": [30, 30, -30, -30]})
    assert say(tied, "en", table) == "End of the match: Player 1 and Player 2 win with 30."


def test_the_web_says_you_won_the_trick_as_it_says_you_played() -> None:
    """The web names every seat (a nickname, "Robot moyen 2") and marks the viewer's; a trick the viewer wins
    was "Camille (vous) remporte le pli 2" beside "Vous jouez le 2 de cœur": now "Vous remportez", as the
    terminal says it; the others still hear the name."""
    names = ("Robot moyen 1", "Robot moyen 2", "Robot moyen 3", "Camille (vous)")
    won = Event("trick_won", seat=3, data={"trick": 2, "points": 3, "winner_points": 3})
    assert say(won, "fr", Table("tarot", 4, names=names, me=3)) == "Vous remportez le pli 2 (3 points)."
    others = ("Robot moyen 1", "Robot moyen 2", "Robot moyen 3", "Camille")
    assert say(won, "fr", Table("tarot", 4, names=others, me=0)) == "Camille remporte le pli 2 (3 points)."


def test_an_attack_without_a_bout_says_where_they_are_without_aucun() -> None:
    """An attack that took no bout read "25 avec 0 bout (aucun ; à la défense : Petit, 21, Excuse)" (a
    newcomer: clumsy); it says "(à la défense : …)" alone. 25 points, no bout: 56 needed (seed 001 §10)."""
    data = dict(_seed_five_failed_pousse().data, points=25, oudlers=0, bouts=[], needed=56, difference=-31,
                defence_bouts=["T1", "T21", "EX"])
    lines = breakdown(Event("deal_scored", seat=0, data=data), "fr", Table("tarot", 5))
    assert lines[1] == "Points de l'attaque\u00a0: 25 sans bout (à la défense\u00a0: Petit, 21, Excuse)\u202f; il en fallait 56"
    en = breakdown(Event("deal_scored", seat=0, data=data), "en", Table("tarot", 5))
    assert en[1] == "Attack's card points: 25 with no bout (with the defence: Petit (1), 21, Excuse); needed 56", en[1]


def test_the_contracts_are_glossed_on_the_choice_and_bare_in_the_narration() -> None:
    """A newcomer read "Petite (small)" on every line of the English journal; glossed once on the choice, the
    French names then read alone. The web's buttons and the terminal's choices gloss them (a second newcomer
    found the web's buttons bare after the first change); the journal, the facts and the score do not."""
    import atout
    from atout.core.actions import Action
    from atout.present.screen import action_label
    from atout.web.views import frame

    state = atout.new_game("tarot", players=4, seed=3)
    labels = frame(state, state.current_player, "en", {})["labels"]
    assert (labels["garde_sans"], labels["bid garde"]) == ("Garde sans (guard without the talon)", "Bid Garde (guard)")
    assert frame(state, state.current_player, "fr", {})["labels"]["garde_sans"] == "Garde sans le chien"
    assert action_label(Action.parse("bid petite"), "en", "tarot") == "bid Petite (small)"
    assert say(Event("bid", seat=1, data={"contract": "petite"}), "en", Table("tarot", 4)) == "Player 2 bids Petite."
    # the écart and the slam likewise (a second newcomer: "Your écart (discard): …" then "You have made your
    # écart (discard).", on every deal)
    assert say(Event("ecart_done", seat=1, data={}), "en", Table("tarot", 4)) == "Player 2 has made the écart."
    assert action_label(Action.parse("announce chelem"), "en", "tarot") == "announce the chelem (slam)"


def test_la_triomphe_trick_counts_say_whose_they_are() -> None:
    """La Triomphe in two sides (seed 002; triomphe.md §6: three tricks win the deal): the count after a trick
    names whose it is ("plis 0 – 1" said neither; a newcomer's report). Random legal play at four, seeds 0-19:
    each count, recounted by hand from the winners so far (seats 0 and 2 against 1 and 3), read in the line."""
    import random

    import atout

    seen = 0
    for seed in range(20):
        g = atout.new_game("triomphe", players=4, seed=seed)
        rng = random.Random(seed)
        while not g.is_terminal() and g.deal_index == 0:
            g.apply(rng.choice(g.legal_actions()))
        won = [0, 0]
        for e in g.events():
            if e.kind != "trick_won":
                continue
            side = e.seat % 2  # partners sit opposite
            won[side] += 1
            for lang, me, words in (("fr", None, "pour son camp"), ("en", None, "for his side"),
                                    ("fr", e.seat, "pour votre camp"), ("en", e.seat, "for your side")):
                line = say(e, lang, Table("triomphe", 4, me=me))
                assert f"{won[side]} {words}" in line and f"{won[1 - side]} " in line, line
            seen += 1
    assert seen > 40


def test_1637_your_own_declarations_say_vous() -> None:
    """seed 000 n. 24-27 (the declarations and "qui n'a le sien"): a newcomer read "Vous écartez le 4 d'épées"
    then "Joueur 1 (vous) déclare qui n'a le sien"; the reader's own declaration now says "Vous", as his moves do."""
    me = Table("tarot1637", 3, me=0)
    sien = Event("marques", seat=0, data={"reason": "declaration", "item": "qui_n_a_le_sien", "payer": 2, "value": 1,
                                          "cards": [], "row": [2, 0, -2]})
    assert say(sien, "fr", me).replace("\u202f", " ").replace("\u00a0", " ") == \
        "Vous déclarez qui n'a le sien : Joueur 3 vous paie une marque."
    assert say(sien, "en", me) == "You hold two of Monde, Mat and Bagat: Player 3, who has none, pays you one marque."
    other = say(sien, "fr", Table("tarot1637", 3, me=1)).replace("\u202f", " ").replace("\u00a0", " ")
    assert other == "Joueur 1 déclare qui n'a le sien : Joueur 3 lui paie une marque."


def test_mistigri_pool_and_fille_read_plainly() -> None:
    """seed 003 (« le donneur doit avoir mis six jetons au jeu »; « prendre la fille »): a newcomer read "Au jeu : 6 =
    6 jetons" and "Possible : jouer · fille" (fille unexplained). One part is said once; the sum only when there
    are several; the choice names what it does."""
    from atout.core.actions import Action
    from atout.present.screen import action_label

    table = Table("mistigri", 4)
    first = Event("coup_started", seat=1, data={"deal": 0, "pool": 6, "stake": 6, "betes": [0, 0, 0, 0], "carry": 0,
                                                 "noce": True})
    said = say(first, "fr", table).replace("\u202f", " ").replace("\u00a0", " ")
    assert "Au jeu : 6 jetons." in said and "6 = 6" not in said, said
    later = Event("coup_started", seat=2, data={"deal": 1, "pool": 18, "stake": 6, "betes": [6, 0, 0, 6], "carry": 0,
                                                 "noce": False})
    assert "Pool: 6 + 6 + 6 = 18 chips." in say(later, "en", table)
    assert action_label(Action("take_fille", ()), "fr", "mistigri") == "prendre la fille"
    assert action_label(Action("take_fille", ()), "en", "mistigri") == "take the fille"


def test_mistigri_cards_received_take_their_articles() -> None:
    """A newcomer read "You receive 10 of Hearts, Jack of Diamonds and 8 of Hearts." (La Prime says "the …")."""
    event = Event("cards_received", seat=0, data={"cards": ["10H", "JD", "8H"]})
    assert say(event, "en", Table("mistigri", 4, me=0)) == \
        "You receive the 10 of Hearts, the Jack of Diamonds and the 8 of Hearts."
    assert say(event, "fr", Table("mistigri", 4, me=0)) == "Vous recevez le 10 de cœur, le Valet de carreau et le 8 de cœur."
