"""The command line's refusals in the command's language: a French table refuses in French (a newcomer's report).

``atout play`` speaks French unless told otherwise, so its bad arguments are refused in French, argparse's own
included; ``--lang en`` says them in English; the other commands keep their plain English without ``--lang``.
Every refusal stays one line and exit 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from atout.cli.main import main

#: Words of the English refusals that a French line must not hold.
ENGLISH = ("error", "expected", "invalid", "unknown", "must", "argument", "choose", "known", " only", " not ",
           "is played", "use ")


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line a refused command prints (exit 2, nothing on stdout)."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip().replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(("argv", "french"), [
    (["play", "belote"], "Aucun jeu ne s'appelle « belote »"),
    (["play", "tarot", "--players", "x"], "--players : il faut un nombre entier, pas « x » (voir « atout play --help »)"),
    (["play", "tarot", "--players", "0"], "il faut un nombre d'au moins 1, pas 0"),
    (["play", "tarot", "--players", "7"], "se joue à 3, 4 ou 5 joueurs, pas à 7"),
    (["play", "tarot", "--variant", "zz"], "Tarot n'a pas de variante « zz »"),
    (["play", "tarot", "--seat", "9"], "--seat va de 0 à 3 (0 : Joueur 1), pas 9"),
    (["play", "tarot", "--seat", "x"], "--seat : il faut un nombre entier, pas « x »"),
    (["play", "tarot", "--seed", "x"], "la graine est un nombre entier, pas « x »"),
    (["play", "tarot", "--target", "5"], "--target ne vaut que pour triomphe, pas pour tarot"),
    (["play", "triomphe", "--target", "1000000000"], "--target va de 1 à 10000, pas 1000000000"),
    (["play", "tarot", "--deals", "20000"], "--deals va de 1 à 10000, pas 20000"),
    (["play", "tarot", "-o", "colour=red"], "Tarot n'a pas d'option « colour » ; ses options : capot_value"),
    (["play", "tarot", "-o", "players=3"], "-o players=… : players n'est pas une option de règle ; utilisez --players"),
    (["play", "tarot", "-o", "nonsense"], "il faut CLÉ=VALEUR, pas « nonsense »"),
    (["play", "tarot", "--speed", "fast"], "--speed est un nombre de secondes"),
    (["play", "tarot", "--speed", "11"], "--speed va de 0 à 10 secondes, pas « 11 »"),
    (["play", "tarot", "--lang"], "--lang : il faut une valeur"),
    (["play", "tarot", "--frob"], "arguments inconnus : --frob"),
    (["play", "tarot", "--bot"], "--bot : il faut une valeur"),
    (["play", "tarot", "--bot", "nope"], "pas de robot « nope » pour tarot ; les robots : beginner, heuristic"),
    (["replay", "x.json", "--analyse", "--tricks", "abc", "--lang", "fr"], "--tricks : il faut un nombre entier"),
    (["simulate", "chess", "--deals", "5", "--lang", "fr"], "Aucun jeu ne s'appelle « chess »"),
    (["rules", "tarot", "--lang", "fr", "--x"], "arguments inconnus : --x"),
    (["rules", "belote", "--lang", "fr"], "Aucun jeu ne s'appelle « belote »"),
    (["replay", "x.json", "--analyse", "--tricks", "abc"], "--tricks : il faut un nombre entier"),  # analysis: French
    (["simulate", "tarot", "--deals", "1", "--records", "/proc/nope", "--lang", "fr"],
     "--records /proc/nope : impossible de créer ce dossier (fichier introuvable)"),
    (["tournament", "tarot", "--bots", "random", "--deals", "1", "--seed", "1", "--lang", "fr"],
     "un tournoi demande au moins deux robots, pas 1"),
    (["tournament", "tarot", "--bots", "random,random", "--deals", "1", "--seed", "1", "--lang", "fr"],
     "le robot « random » est nommé deux fois"),
    (["play", "triomphe", "-o", "each_for_himself=true"], "cette table ne peut pas être créée avec ces réglages"),
    (["packs", "show", "nope", "--lang", "fr"], "pas de jeu de cartes « nope »"),
    (["packs", "show", "nope"], "pas de jeu de cartes « nope »"),  # packs speaks French by default, as its output
    (["packs", "--lang", "it", "show", "tarot78-french", "--play", "xyz"], "n'a pas d'ordre « xyz »"),  # no Italian words
    (["play", "tarot", "-o", "count_method=xyz"],  # the values to type, with their names
     "Décompte des points : il faut half_points = demi-points (recommandé) ou seed_literal = à la lettre."),
    (["play", "tarot", "--speed", "-1"], "--speed va de 0 à 10 secondes, pas « -1 »"),
    (["play", "--x", "1"], "atout play : erreur : arguments inconnus"),
    (["simulate", "tarot", "--deals", "2", "--bots", "nope", "--lang", "fr"], "pas de robot « nope » pour tarot"),
    (["tournament", "tarot", "--bots", "x,heuristic", "--deals", "2", "--seed", "1", "--lang", "fr"],
     "pas de robot « x » pour tarot"),
    # a thousand worker processes took gigabytes in seconds (an attacker's report): 1 to 64
    (["tournament", "tarot", "--bots", "random,beginner", "--deals", "2", "--seed", "1", "--jobs", "100000",
      "--lang", "fr"], "--jobs va de 1 à 64, pas 100000"),
])
def test_a_french_command_refuses_in_french(argv: list[str], french: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refusal(argv, capsys)
    assert french in line, line
    assert line.startswith(tuple(f"atout {c}: erreur : " for c in ("play ", "replay ", "simulate ", "rules ",
                                                                    "tournament ", "packs ", ""))), line
    assert not [w for w in ENGLISH if w in line.replace(french, "")], line


@pytest.mark.parametrize(("argv", "english"), [
    (["play", "belote", "--lang", "en"], "No game is called “belote”"),
    (["play", "tarot", "--players", "x", "--lang", "en"], "argument --players: expected a whole number, got 'x'"),
    (["play", "tarot", "--seat", "9", "--lang", "en"], "--seat must be 0..3 (0 is Player 1), not 9"),
    (["play", "tarot", "--lang", "en", "--frob"], "unrecognized arguments: --frob"),
    (["play", "tarot", "-o", "players=3", "--lang", "en"], "-o players=…: players is not a rule option; use --players"),
    (["play", "triomphe", "--target", "1000000000", "--lang", "en"], "--target must be from 1 to 10000, not 1000000000"),
    # without --lang, the other commands keep the plain English that scripts read
    (["simulate", "chess", "--deals", "5"], "unknown game 'chess'"),
    (["simulate", "tarot", "--deals", "100000"], "--deals must be from 1 to 10000, not 100000"),
    (["replay", "x.json", "--analyse", "--tricks", "abc", "--lang", "en"],
     "argument --tricks: expected a whole number, got 'abc'"),
    (["play", "--lan", "en", "--players", "0"], "expected a number of at least 1, got 0"),  # --lang as argparse reads it
    (["play", "--lang", "fr", "--lang", "en", "--players", "x"], "expected a whole number, got 'x'"),  # the last one
    (["tournament", "tarot", "--bots", "random", "--deals", "1", "--seed", "1"], "at least two bots, not 1"),
])
def test_english_when_asked_and_for_scripts(argv: list[str], english: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refusal(argv, capsys)
    assert english in line and ": error: " in line, line


def test_argparse_gets_its_own_words_back(capsys: pytest.CaptureFixture[str]) -> None:
    """The catalog's words are lent to argparse for one parse only: after a French refusal, argparse is English."""
    refusal(["play", "tarot", "--frob"], capsys)
    parser = argparse.ArgumentParser(prog="other", exit_on_error=False)
    with pytest.raises(SystemExit):
        parser.parse_args(["--frob"])
    assert "unrecognized arguments: --frob" in capsys.readouterr().err


def test_the_systems_reason_is_said_in_the_tables_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--records`` naming a file: the folder cannot be made, and why, in French (not the system's English)."""
    taken = tmp_path / "taken"
    taken.write_text("")
    line = refusal(["play", "tarot", "--records", str(taken)], capsys)
    assert line == f"atout play : erreur : --records {taken} : impossible de créer ce dossier (un fichier porte déjà ce nom)"
    line = refusal(["play", "tarot", "--records", str(taken / "sub"), "--lang", "en"], capsys)
    assert line == f"atout play: error: --records {taken / 'sub'}: cannot create the folder (a part of the path is not a folder)"


def test_simulate_says_nothing_before_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    """The line on whole tours (Mistigri) is said once the game is checked: a refused one prints nothing on stdout."""
    refusal(["simulate", "mistigri", "--deals", "1", "--players", "9", "--lang", "fr"], capsys)  # asserts stdout empty


def test_replay_json_with_a_narration_is_one_json_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --json`` is the plain check: with --analyse (or --step, --plot…) one JSON refusal, exit 2."""
    import json

    code = main(["replay", "x.json", "--json", "--analyse"])
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert code == 2 and answer["valid"] is False and answer["exit"] == 2 and "--json" in answer["error"], out
    assert err.count("\n") == 1, err


@pytest.mark.parametrize(("word", "value"), [("oui", True), ("non", False), ("yes", True), ("No", False), ("true", True)])
def test_a_yes_or_no_option_takes_the_words_its_refusal_asks_for(word: str, value: bool) -> None:
    """``-o italian=…`` is refused with "il faut oui ou non": so oui and non (and yes, no) are what it takes."""
    from atout.cli.main import _option, check_cli_options

    assert check_cli_options("tarot", [_option(f"italian={word}")]) == {"italian": value}
    assert check_cli_options("tarot", [_option("capot_value=oui")]) == {"capot_value": "oui"}  # a number: left to refuse


def test_speed_takes_a_decimal_comma() -> None:
    """``--speed 0,5`` as a French speaker writes half a second (a newcomer's report)."""
    from atout.cli.play_options import _speed

    assert _speed("0,5") == (0.5, False) and _speed("0.5") == (0.5, False)


def test_packs_json_refuses_in_the_plain_english_of_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["packs", "--json", "show", "nope"]) == 2
    out, _ = capsys.readouterr()
    assert "unknown pack 'nope'" in json.loads(out)["error"]


def helped(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What ``atout ARGV --help`` prints (exit 0)."""
    with pytest.raises(SystemExit) as ended:
        main(argv)
    assert ended.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.replace("\u202f", " ").replace("\xa0", " ")


def test_play_help_speaks_the_tables_language(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``atout play`` speaks French by default, so does its ``--help`` (argparse's headings, each option's help
    and the placeholders of its values); ``--lang en`` gives the English; the other commands keep theirs."""
    monkeypatch.setenv("COLUMNS", "100")  # argparse folds the help to the terminal's width
    fr = helped(["play", "--help"], capsys)
    words = " ".join(fr.split())  # (the folds left out)
    assert words.startswith("utilisation : atout play [-h] [--players N] [--variant VARIANTE]"), fr
    for line in ("arguments :", "options :", "-h, --help afficher cette aide et quitter",
                 "--seat PLACE votre place, de 0 au nombre de joueurs moins un : 0 est Joueur 1 (par défaut 0)",
                 "-o CLÉ=VALEUR, --option CLÉ=VALEUR", "(triomphe seulement ; par défaut : aucun, la partie",
                 "--lang {fr,en} langue de la table : fr ou en (par défaut fr)"):  # the catalogs installed, said
        assert line in words, line
    english = ("usage", "default", "number", "the ", "show this", "positional", "seed for", "rule option", "SEED")
    assert not [w for w in english if w in fr], [w for w in english if w in fr]
    en = helped(["play", "--lang", "en", "--help"], capsys)
    assert " ".join(en.split()).startswith("usage: atout play [-h] [--players PLAYERS]"), en
    assert "show this help message and exit" in en
    assert "your seat, 0 to the players less one: 0 is Player 1 (default 0)" in " ".join(en.split())
    assert "language of the table: fr or en (default fr)" in " ".join(en.split())
    assert not [w for w in ("utilisation", "défaut", "joueurs") if w in en]
    assert helped(["simulate", "--lang", "fr", "--help"], capsys).startswith("usage: atout simulate")  # English
    assert argparse._("usage: ") == "usage: "  # argparse's own words given back
