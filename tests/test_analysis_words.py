"""The analysis's sentences (issue 20, a newcomer's report): the bouts and the target behind each result, the
deal's result as played, a bout lost with a card, the Petit named as the table names it.

Values worked by hand from the rules (shared/rules/tarot.md, FFT rule 3 / seed 001): with 1 bout the attack
needs 51 points, with 2 bouts 41; the margin is the difference, a half point counting as a whole one.
"""

from __future__ import annotations

from fractions import Fraction

from atout.analysis.deal import CardCost, DealAnalysis
from atout.analysis.solver import Value
from atout.present import Table
from atout.present.analysis import cost_line, describe, played_line, value_line


def value(points: float, bouts: int) -> Value:
    return Value((), Fraction(points), Fraction(0), bouts, None, "none")


def deal(start: Value, last: CardCost) -> DealAnalysis:
    return DealAnalysis(0, "fft", 4, "prise", 0, 12, 18, start, (last,), last.after.attack_points)


def test_a_card_that_loses_a_bout_says_so_and_the_petit_is_named() -> None:
    """Keeping the Excuse to the last trick loses it: 4 points less (4.5 gone, the ½ point not owed) and a bout."""
    c = CardCost(15, 0, "T3", True, value(35, 2), value(31, 1), Fraction(4), ("T1", "EX"))
    fr = " ".join(cost_line(c, "fr").split())
    en = " ".join(cost_line(c, "en").split())
    assert fr == "le 3 d'atout a coûté 4 points et 1 bout à l'attaque ; mieux : le Petit (1 d'atout), l'Excuse", fr
    assert en == "trump 3 cost the attack 4 points and 1 bout; better: the Petit (trump 1), the Excuse", en
    forced = CardCost(18, 0, "EX", True, value(31, 1), value(31, 1), Fraction(0), ("EX",))
    assert cost_line(forced, "fr").endswith("rien perdu")


def test_the_start_and_the_result_as_played_name_the_bouts_and_the_target() -> None:
    """From trick 12 the attack could make 35 with 2 bouts (41 needed): failed by 6. As played it made 31 with 1
    bout (51 needed): failed by 20, which is what the score counts."""
    last = CardCost(18, 0, "EX", True, value(31, 1), value(31, 1), Fraction(0), ("EX",))
    a = deal(value(35, 2), last)
    start = " ".join(value_line(a, "fr", -6).split())
    assert start == ("Toutes cartes vues depuis le pli 12, l'attaque fait 35 points avec 2 bouts (il en fallait 41) : "
                     "Prise chutée de 6."), start
    played = " ".join(played_line(a, "fr").split())
    assert played == "Telle que jouée, l'attaque a fait 31 points avec 1 bout (il en fallait 51) : Prise chutée de 20.", played
    english = " ".join(played_line(a, "en").split())
    assert "31 points with 1 bout (51 needed)" in english and "failed by 20" in english, english
    assert " ".join(describe(a, "fr", Table("tarot", 4), -6)[-1].split()) == played


def test_a_deal_out_of_a_one_deal_game_is_said_without_a_range_from_1_to_1() -> None:
    from atout.present.analysis import word

    assert word("bad_deal", "fr", deal=2, count=1).replace("\u00a0", " ") == "donne 2 : la partie n'a qu'une donne"
    assert word("bad_deal", "en", deal=3, count=2) == "deal 3: choose a deal from 1 to 2"


def test_the_target_follows_the_bouts_point_by_point() -> None:
    """41 needed with 2 bouts at the start; after a card that loses one, 51 (the dashed line of the charts)."""
    c = CardCost(15, 0, "T3", True, value(35, 2), value(31, 1), Fraction(4), ("EX",))
    assert deal(value(35, 2), c).needed_series() == [41, 51]


def test_many_best_cards_are_counted_not_all_named() -> None:
    """Ten Diamonds as good as each other were said one by one ("mieux : l'As de carreau, le 2 de carreau, …
    le 10 de carreau"): up to four are named, past that the first three and how many more."""
    c = CardCost(8, 2, "KH", False, value(81, 2), value(85, 2), Fraction(4),
                 ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"))
    assert cost_line(c, "fr").endswith("\u202f; mieux\u00a0: l'As de carreau, le 2 de carreau, le 3 de carreau et 7 autres")
    assert cost_line(c, "en").endswith("; better: the Ace of Diamonds, the 2 of Diamonds, the 3 of Diamonds and 7 more")
    four = CardCost(8, 2, "KH", False, value(81, 2), value(85, 2), Fraction(4), ("AD", "2D", "3D", "4D"))
    assert cost_line(four, "en").endswith("; better: the Ace of Diamonds, the 2 of Diamonds, the 3 of Diamonds, "
                                          "the 4 of Diamonds")


def test_the_attack_is_said_before_its_value() -> None:
    """The terminal says who "l'attaque" is before it speaks of it: the taker and his contract, and at five
    the partner (a newcomer never learnt who the attack was)."""
    from atout.present import Table
    from atout.present.analysis import attack_line

    last = CardCost(18, 0, "EX", True, value(31, 1), value(31, 1), Fraction(0), ("EX",))
    four = DealAnalysis(0, "fft", 4, "garde", 1, 18, 18, last.before, (last,), Fraction(31))
    assert attack_line(four, "fr", Table("tarot", 4)) == "L'attaque\u00a0: Joueur 2 (preneur)\u202f; contrat\u00a0: Garde."
    five = DealAnalysis(0, "fft", 5, "petite", 2, 18, 15, last.before, (last,), Fraction(31), 4)
    assert attack_line(five, "en", Table("tarot", 5)) == ("The attack: Player 3 (taker) and Player 5 (partner); "
                                                        "contract: Petite.")
    assert describe(five, "fr", Table("tarot", 5), 0)[1] == ("L'attaque\u00a0: Joueur 3 (preneur) et Joueur 5 "
                                                          "(partenaire)\u202f; contrat\u00a0: Petite.")
