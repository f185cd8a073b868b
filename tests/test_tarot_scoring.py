"""Tarot scoring: the spec's worked examples (TAROT-SEED-1..6, TAROT-FFT-1..6) through ``score_deal``,
and the scoring rules around them (seed 001 §10-§11, decisions D3, D4, D8, D13, D14; FFT rules 2-6, 12)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from atout.core.cards import Card
from atout.games.tarot.rules import TARGETS, VALUE2
from atout.games.tarot.scoring import card_points2, card_points2_literal, score_deal


def score(**kw: object) -> list[Fraction]:
    base: dict[str, object] = {"taker": 0, "partner": None}
    base.update(kw)
    return score_deal(**base)  # type: ignore[arg-type]


# --- worked examples of the spec -------------------------------------------------------------------
def test_tarot_seed_1_four_players_garde_made() -> None:
    """TAROT-SEED-1: Garde (x4), 2 oudlers, 45 points: e = 4, A = (4 + 25) x 4 = 116."""
    assert score(variant="seed", players=4, contract="garde", attack_points=45, attack_oudlers=2) == [348, -116, -116, -116]


def test_tarot_seed_2_petit_au_bout_turns_a_loss_into_a_win() -> None:
    """TAROT-SEED-2 (D13, seed 001 'cette Prime peut donc changer le résultat'): 47 - 51 + 10 = 6 -> made."""
    row = score(variant="seed", players=4, contract="prise", attack_points=47, attack_oudlers=1, petit_au_bout="attack")
    assert row == [93, -31, -31, -31]


def test_tarot_seed_3_three_players_half_point_rounded_away_from_zero() -> None:
    """TAROT-SEED-3 (D4): 55.5 - 56 = -0.5 -> -1, failed; Pousse x2 -> A = -2."""
    assert score(variant="seed", players=3, contract="pousse", attack_points=Fraction(111, 2), attack_oudlers=0) == [-4, 2, 2]


def test_tarot_seed_4_five_players_partner_and_a_defenders_handful() -> None:
    """TAROT-SEED-4: Garde sans x8, 3 oudlers, 40 points: A = 232, split 1.5/1.5; D1's handful 20 from each."""
    row = score(variant="seed", players=5, contract="garde_sans", taker=0, partner=1, attack_points=40,
                attack_oudlers=3, announcements=[(2, "poignee_simple")])
    assert row == [328, 328, -152, -252, -252]
    assert sum(row) == 0


def test_tarot_seed_5_taker_pays_his_handful_when_he_fails() -> None:
    """TAROT-SEED-5 (seed 001: 'c'est lui qui paiera aux autres joueurs la valeur des annonces')."""
    row = score(variant="seed", players=4, contract="garde", attack_points=48, attack_oudlers=1,
                announcements=[(0, "poignee_double")])
    assert row == [-126, 42, 42, 42]


def test_tarot_seed_6_announced_capot() -> None:
    """TAROT-SEED-6 (§11.4, D14: 600 per defender, not multiplied)."""
    row = score(variant="seed", players=4, contract="garde", attack_points=91, attack_oudlers=3,
                slam="attack", slam_announced=True, capot_value=600)
    assert row == [2760, -920, -920, -920]


def test_tarot_fft_1_garde_with_handful_and_petit_au_bout() -> None:
    """TAROT-FFT-1 (FFT rules 2-4): (25 + 8) x 2 + 10 x 2 + 20 = 106."""
    row = score(variant="fft", players=4, contract="garde", attack_points=49, attack_oudlers=2,
                petit_au_bout="attack", announcements=[(0, "poignee_simple")])
    assert row == [318, -106, -106, -106]


def test_tarot_fft_2_petit_au_bout_cannot_save_a_lost_contract() -> None:
    """TAROT-FFT-2 (FFT rule 3: added after the win/loss decision): -(25 + 4) + 10 = -19."""
    row = score(variant="fft", players=4, contract="petite", attack_points=47, attack_oudlers=1, petit_au_bout="attack")
    assert row == [-57, 19, 19, 19]


def test_tarot_fft_3_lost_petite_and_petit_au_bout_to_the_defence() -> None:
    """TAROT-FFT-3: -(25 + 16) - 10 = -51."""
    row = score(variant="fft", players=4, contract="petite", attack_points=40, attack_oudlers=0, petit_au_bout="defence")
    assert row == [-153, 51, 51, 51]


def test_tarot_fft_4_three_players_lost_by_half_a_point() -> None:
    """TAROT-FFT-4 (FFT rule 6): 40.5 needing 41 is lost by 1; Garde sans x4: -(25 + 1) x 4 = -104."""
    row = score(variant="fft", players=3, contract="garde_sans", attack_points=40.5, attack_oudlers=2)
    assert row == [-208, 104, 104]


def test_tarot_fft_5_five_players_defenders_handful_goes_to_the_winners() -> None:
    """TAROT-FFT-5 (FFT rules 2, 4): 64 + 20 = 84, split 2/3 - 1/3."""
    row = score(variant="fft", players=5, contract="garde", taker=0, partner=1, attack_points=58, attack_oudlers=1,
                announcements=[(3, "poignee_simple")])
    assert row == [168, 84, -84, -84, -84]


def test_tarot_fft_6_announced_chelem() -> None:
    """TAROT-FFT-6 (FFT rule 5): (25 + 55) x 4 + 400 = 720."""
    row = score(variant="fft", players=4, contract="garde_sans", attack_points=91, attack_oudlers=3,
                slam="attack", slam_announced=True)
    assert row == [2160, -720, -720, -720]


# --- further scoring rules -------------------------------------------------------------------------
def test_card_values_total_91_points_half_point_method() -> None:
    """§2.1, D3: oudlers and Kings 4.5, Queens 3.5, Knights 2.5, Jacks 1.5, others 0.5; the pack is 91."""
    assert card_points2((1 << 78) - 1) == 182
    values = {code: Fraction(VALUE2[Card.parse(code).id], 2) for code in ("T21", "T1", "EX", "KS", "QH", "ND", "JC",
                                                                          "10S", "T20", "AH")}
    assert values == {"T21": 4.5, "T1": 4.5, "EX": 4.5, "KS": 4.5, "QH": 3.5, "ND": 2.5, "JC": 1.5, "10S": 0.5,
                      "T20": 0.5, "AH": 0.5}


def test_seed_literal_count_pairs_honours_with_intermediate_trumps() -> None:
    """D3 option 'seed_literal' (seed 001: 'un Oudler ou une Figure doivent … se compter accompagnés d'une
    carte d'atout'): numerals 1/2 each, middle trumps 0, honours only while a middle trump pairs them."""
    from atout.core.cards import cards
    from atout.core.cardset import mask

    pile = mask(cards("KS QS T21 T5 2H 3H"))  # two honours... three: KS QS T21, one middle trump (T5)
    assert Fraction(card_points2_literal(pile), 2) == 5 + 1  # the best honour (5) + two numerals (1/2 each)
    assert card_points2_literal((1 << 78) - 1) == 182  # the whole pack still makes 91


def test_targets_by_oudlers() -> None:
    """Seed 001: 3 oudlers 36, 2 -> 41, 1 -> 51, none -> 56."""
    assert TARGETS == (56, 51, 41, 36)


def test_seed_prime_of_25_only_when_made_and_exactly_the_target_is_made() -> None:
    """Seed 001 'La Prime': 25 only if the contract is made; 'juste fait' (e = 0) is made."""
    assert score(variant="seed", players=4, contract="prise", attack_points=41, attack_oudlers=2) == [75, -25, -25, -25]
    assert score(variant="seed", players=4, contract="prise", attack_points=40, attack_oudlers=2) == [-3, 1, 1, 1]


def test_seed_multipliers_1_2_4_8_12() -> None:
    """Seed 001 coefficients: Prendre 1, Pousser 2, Garder 4, Garder sans 8, Garder contre 12."""
    for contract, m in (("prise", 1), ("pousse", 2), ("garde", 4), ("garde_sans", 8), ("garde_contre", 12)):
        row = score(variant="seed", players=4, contract=contract, attack_points=46, attack_oudlers=2)
        assert row[1] == -(5 + 25) * m


def test_fft_multipliers_1_2_4_6_and_25_whether_won_or_lost() -> None:
    """FFT rules 1-2: Petite 1, Garde 2, Garde sans 4, Garde contre 6; the 25 counts won or lost."""
    for contract, m in (("petite", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)):
        won = score(variant="fft", players=4, contract=contract, attack_points=46, attack_oudlers=2)
        lost = score(variant="fft", players=4, contract=contract, attack_points=36, attack_oudlers=2)
        assert won[1] == -(25 + 5) * m and lost[1] == (25 + 5) * m


def test_seed_capot_unannounced_is_half_and_failed_announcement_pays() -> None:
    """§11.4, D14: made unannounced +300 ('la moitié'); announced and failed -600 (not multiplied)."""
    made = score(variant="seed", players=4, contract="prise", attack_points=91, attack_oudlers=3, slam="attack")
    assert made[1] == -((55 + 25) + 300)
    failed = score(variant="seed", players=4, contract="prise", attack_points=80, attack_oudlers=3, slam_announced=True)
    assert failed[1] == -((44 + 25) - 600)
    regional = score(variant="seed", players=4, contract="prise", attack_points=91, attack_oudlers=3, slam="attack",
                     capot_value=1000)
    assert regional[1] == -((55 + 25) + 500)


def test_fft_chelem_unannounced_announced_failed_and_defence_chelem() -> None:
    """FFT rule 5: +200 unannounced; -200 announced and failed; the defence's chelem gives each defender 200."""
    assert score(variant="fft", players=4, contract="petite", attack_points=91, attack_oudlers=3, slam="attack")[1] == -280
    failed = score(variant="fft", players=4, contract="petite", attack_points=80, attack_oudlers=3, slam_announced=True)
    assert failed[1] == -(69 - 200)
    defence = score(variant="fft", players=4, contract="petite", attack_points=0, attack_oudlers=0, slam="defence")
    assert defence[1] == (25 + 56) + 200


def test_five_players_taker_alone_takes_four_shares() -> None:
    """§11.2: at five without a partner (called card in the talon) the taker gets 4A (both variants)."""
    assert score(variant="seed", players=5, contract="prise", attack_points=56, attack_oudlers=1) == [120, -30, -30, -30, -30]
    assert score(variant="fft", players=5, contract="petite", attack_points=56, attack_oudlers=1) == [120, -30, -30, -30, -30]
    # FFT rule 10: a King called from his own hand also leaves him alone.
    assert score(variant="fft", players=5, contract="petite", taker=2, partner=2, attack_points=56,
                 attack_oudlers=1) == [-30, -30, 120, -30, -30]


def test_five_players_half_points_seed_split() -> None:
    """Seed 001 'se partagent à égalité': the taker and partner each get 1.5A, exact as fractions."""
    row = score(variant="seed", players=5, contract="prise", taker=0, partner=3, attack_points=52, attack_oudlers=1)
    assert row == [Fraction(78, 2), -26, -26, Fraction(78, 2), -26]


def test_seed_partner_announcement_follows_the_taker_d8() -> None:
    """D8: the partner's announcements are paid only if the contract is made; otherwise he pays them."""
    lost = score(variant="seed", players=5, contract="prise", taker=0, partner=1, attack_points=40, attack_oudlers=1,
                 announcements=[(1, "sans_points")])
    base = score(variant="seed", players=5, contract="prise", taker=0, partner=1, attack_points=40, attack_oudlers=1)
    assert [a - b for a, b in zip(lost, base, strict=True)] == [10, -40, 10, 10, 10]
    won = score(variant="seed", players=5, contract="prise", taker=0, partner=1, attack_points=60, attack_oudlers=1,
                announcements=[(2, "sans_atouts"), (2, "sans_points")])
    base = score(variant="seed", players=5, contract="prise", taker=0, partner=1, attack_points=60, attack_oudlers=1)
    assert [a - b for a, b in zip(won, base, strict=True)] == [-20, -20, 80, -20, -20]  # 'sans atouts ni points': 20


def test_fft_petit_au_bout_counts_times_multiplier_for_either_side() -> None:
    """FFT rule 3: 10 x multiplier to the side winning the last trick, whatever the result."""
    with_pab = score(variant="fft", players=4, contract="garde_contre", attack_points=50, attack_oudlers=2,
                     petit_au_bout="defence")
    without = score(variant="fft", players=4, contract="garde_contre", attack_points=50, attack_oudlers=2)
    assert with_pab[1] - without[1] == 60


def test_every_row_sums_to_zero() -> None:
    """Seed 001: 'les totaux de tous les points à chaque partie sont égaux à zéro'."""
    for variant, contracts in (("seed", ("prise", "garde_contre")), ("fft", ("petite", "garde_contre"))):
        for players in (3, 4, 5):
            for contract in contracts:
                for points in (0, 35.5, 41, 90.5):
                    row = score(variant=variant, players=players, contract=contract, attack_points=points,
                                attack_oudlers=2, partner=1 if players == 5 else None, petit_au_bout="defence",
                                announcements=[(players - 1, "poignee_triple")])
                    assert sum(row) == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "fft", "contract": "prise"}, "contracts"),
        ({"variant": "seed", "contract": "petite"}, "contracts"),
        ({"attack_points": 91.25}, "multiple of 1/2"),
        ({"attack_oudlers": 4}, "0..3"),
        ({"petit_au_bout": "taker"}, "petit_au_bout"),
        ({"slam": "both"}, "slam"),
        ({"partner": 2}, "partner"),
        ({"announcements": [(0, "misere")]}, "announcement"),
        ({"variant": "fft", "contract": "petite", "announcements": [(0, "sans_atouts")]}, "FFT"),
    ],
)
def test_bad_inputs_are_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"variant": "seed", "players": 4, "contract": "garde", "attack_points": 50,
                               "attack_oudlers": 1}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        score(**args)
