"""Issue 7 (newcomer's report) at the terminal table, through a pseudo-terminal (pexpect).

Undo rewinds the trick count; the final sheet has column headings and a ranking by score.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT_FR = r"Votre jeu \(\? aide, q quitter\) > "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="200", LINES="50", PYTHONIOENCODING="utf-8")
    return pexpect.spawn(sys.executable, ["-m", "atout.cli.main", "play", *args, "--speed", "0", "--records",
                                          str(tmp_path)], env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))


def _atout(argv: list[str], columns: int = 200, rows: int = 50) -> pexpect.spawn:
    """``atout ARGV`` on a pseudo-terminal of ``columns`` × ``rows`` (without colours)."""
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS=str(columns), LINES=str(rows), PYTHONIOENCODING="utf-8")
    return pexpect.spawn(sys.executable, ["-m", "atout.cli.main", *argv], env=env, encoding="utf-8", timeout=30,
                         dimensions=(rows, columns))


def _hint(child: pexpect.spawn) -> str:
    child.sendline("indice")
    child.expect(r"Conseil\u00a0: (.+?) — ")
    label = ANSI.sub("", child.match.group(1)).strip()
    child.expect(PROMPT_FR)
    return label


def _tricks_line(screen: str) -> str | None:
    found = re.findall(r"Plis\u00a0: attaque \d+ – défense \d+", screen)
    return found[-1] if found else None


def test_undo_rewinds_the_trick_count_and_the_end_ranks_by_score(tmp_path: Path) -> None:
    """After 'annuler' the table shows the trick count of the position taken back (issue 7, 1a); at the
    end, the sheet has the players' names as headings and the ranking reads 1er, 2e… by score (1e)."""
    child = _spawn(["tarot", "--seed", "12", "--lang", "fr"], tmp_path)
    seen: dict[int, str] = {}
    undone = False
    screen = []
    for _ in range(200):
        i = child.expect([PROMPT_FR, "Fin de la partie"])
        before = ANSI.sub("", child.before)
        screen.append(before)
        if i == 1:
            child.expect(pexpect.EOF)
            screen.append(ANSI.sub("", child.before))
            break
        trick = re.findall(r"Pli (\d+) — entame", before)
        line = _tricks_line(before)
        if trick and line and int(trick[-1]) not in seen:
            seen[int(trick[-1])] = line
        if not undone and trick and int(trick[-1]) >= 3 and int(trick[-1]) - 1 in seen:
            earlier = int(trick[-1]) - 1
            child.sendline("annuler")
            child.expect("Coup annulé")
            child.expect(PROMPT_FR)
            after = ANSI.sub("", child.before)
            assert f"Pli {earlier} — entame" in after
            assert _tricks_line(after) == seen[earlier], (after, seen)
            undone = True
        child.sendline(_hint(child))
    assert undone
    text = "".join(screen)
    names = re.search(r"^ +Joueur 1 \(vous\) +Joueur 2 +Joueur 3 +Joueur 4\s*$", text, re.M)
    assert names, text[-1500:]
    ranks = re.findall(r"^  (\d+)(?:er|e)(?: ex aequo)? Joueur (\d)[^:]*: ([+\u2212-]?[\d,]+)\r?$", text, re.M)
    assert len(ranks) == 4 and ranks[0][0] == "1", ranks
    scores = [float(s.replace(",", ".").replace("\u2212", "-")) for _, _, s in ranks]
    assert scores == sorted(scores, reverse=True)
    assert "place 0" not in text


def _run(*args: str, stdin: str = "") -> str:
    import subprocess

    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    out = subprocess.run([sys.executable, "-m", "atout.cli.main", *args], input=stdin, capture_output=True,
                         text=True, timeout=60, env=env)
    assert "Traceback" not in out.stderr, out.stderr
    return out.stdout


@pytest.mark.parametrize(("game", "own", "foreign"), [("triomphe", "pas de concession", "garde"),
                                                      ("prime", "parier", "appeler"),
                                                      ("mistigri", "fille", "garde"),
                                                      ("tarot", "garde sans", "concéder")])
def test_each_game_has_its_own_help(game: str, own: str, foreign: str, tmp_path: Path) -> None:
    """Issue 7 (item 2): '?' explains the game's own words, never Tarot's at another table; the help says
    what * means and that in codes C is trèfle and H cœur."""
    players = {"triomphe": "2", "prime": "3", "mistigri": "4", "tarot": "4"}[game]
    text = _run("play", game, "--players", players, "--seed", "5", "--lang", "fr", "--speed", "0",
                "--records", str(tmp_path), stdin="?\nq\no\n")
    help_part = text[text.index("Commandes"):] if "Commandes" in text else text
    head = text[: text.index("Commandes")]
    assert own in head and foreign not in head.split("Tapez")[-1], head[-600:]
    assert "C = trèfle" in help_part
    # what * means in a trick; La Prime has no tricks, and its help names none (a newcomer looked for them)
    assert ("* marque" in help_part) if game != "prime" else ("pli" not in help_part.split("Choix")[0])


def test_english_choices_use_words_not_identifiers(tmp_path: Path) -> None:
    text = _run("play", "triomphe", "--players", "2", "--seed", "4", "--lang", "en", "--speed", "0",
                "--records", str(tmp_path), stdin="?\nq\ny\n")
    assert "no_concession" not in text


def test_replay_answers_in_french(tmp_path: Path) -> None:
    _run("simulate", "triomphe", "--deals", "1", "--seed", "4", "--json", "--records", str(tmp_path))
    record = next(tmp_path.glob("triomphe-*.json"))
    text = " ".join(_run("replay", str(record), "--lang", "fr").split())
    assert "enregistrement valide (La Triomphe, partie terminée)" in text or "enregistrement valide" in text
    assert "valid triomphe record" not in text and "returns" not in text


def _session(game: str, players: int, deals: int | None = None) -> object:
    import argparse
    import io

    from rich.console import Console

    from atout.cli.play import Session

    args = argparse.Namespace(game=game, players=players, variant=None, seed=5, lang="fr", option=[], deals=deals,
                              target=None, seat=0, bot=None, speed="0", records=None)
    return Session(Console(file=io.StringIO(), width=200), args)


def test_mistigri_plays_complete_tours_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """seed 003 / mistigri.md D15: a match is complete tours (2 by default: 2 × 4 coups at four), not one coup;
    --deals still chooses."""
    monkeypatch.setenv("ATOUT_RECORDS", str(tmp_path))
    assert _session("mistigri", 4).state.deals_limit == 8  # type: ignore[attr-defined]
    assert _session("cascaret", 4).state.deals_limit == 8  # type: ignore[attr-defined]
    assert _session("mistigri", 4, deals=3).state.deals_limit == 3  # type: ignore[attr-defined]


def test_many_discards_are_said_once() -> None:
    """Mistigri's draw (1 to 5 cards, seed 003) offers 31 sets of cards: the table says the verb once."""
    from atout.cli.play_words import choice_labels as _summary
    from atout.core.actions import Action

    hand = ["QS", "AH", "7D", "9D", "JC"]
    legal = [Action.parse("play_hand"), Action.parse("take_fille")]
    for mask in range(1, 32):
        legal.append(Action("draw", tuple(c for i, c in enumerate(hand) if mask >> i & 1)))
    assert _summary(legal, "fr", "mistigri") == ["jouer", "prendre la fille", "écarter CARTES (1 à 5 cartes)"]
    assert _summary(legal, "en", "mistigri") == ["play hand", "take the fille", "discard CARDS (1 to 5 cards)"]
    few = [Action.parse("pass"), Action.parse("pass AD"), Action.parse("pass 5D"), Action.parse("pass AD 5D")]
    assert _summary(few, "fr", "prime") == ["passer", "passer A♦", "passer 5♦", "passer A♦ 5♦"]


def test_replay_step_quits_on_q(tmp_path: Path) -> None:
    """Issue 7: 'q' at the pause of 'atout replay --step' leaves (exit 1), not only Ctrl-C."""
    _run("simulate", "tarot", "--deals", "1", "--seed", "3", "--json", "--records", str(tmp_path))
    record = next(tmp_path.glob("tarot-*.json"))
    child = _atout(["replay", str(record), "--step", "--lang", "fr"])
    child.expect(r"Entrée pour continuer, q pour quitter")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Pli 2" not in ANSI.sub("", child.before or "")


def test_a_bid_then_the_contract_is_said_once(tmp_path: Path) -> None:
    """Issue 7: "Vous annoncez une Garde.", the others pass: no "Vous prenez : Garde." repeating it."""
    child = _spawn(["tarot", "--seed", "12", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("garde")
    child.expect(r"Votre jeu|Fin de la partie")
    text = ANSI.sub("", child.before)
    child.sendline("q")
    child.sendline("o")
    child.expect(pexpect.EOF)
    assert "Vous annoncez une Garde." in text and "Vous prenez" not in text, text


def test_the_ecart_takes_a_few_cards_at_a_time(tmp_path: Path) -> None:
    """Seed 001 §6: the taker lays 6 cards aside at 4 players. The prompt offers one card at a time or all at once;
    a newcomer typed three, which was refused. Now a few at a time are laid one by one (each checked as the one-card
    step it is). A line with a card that may not go (a King) lays none of its cards, and neither does a line with
    more cards than the écart lacks. Seed 1: we bid Garde and the talon is V♥ 6♦ 3♣ 5♣ 10♣ C♣."""
    child = _spawn(["tarot", "--seed", "1", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("garde")
    child.expect(r"Votre main\u00a0: ♠ 8 4 3")
    child.expect(r"Écartez encore 6 cartes")
    child.expect(PROMPT_FR)
    child.sendline("écarter 3♠ 4♠")
    child.expect(r"Écartez encore 4 cartes")
    child.expect(PROMPT_FR)
    child.sendline("écarter 8♠ R♦")  # a King may not go (§6): the 8♠ stays in the hand too
    child.expect(r"Refusé")
    child.expect(PROMPT_FR)
    child.sendline("écarter 8♠ 4♥ 5♥")
    child.expect(r"Écartez encore 1 carte\b")
    child.expect(PROMPT_FR)
    child.sendline("écarter 6♥ 8♥")  # two where one is missing: the écart is 6 cards, not 7
    child.expect(r"Refusé\u00a0: L'écart compte exactement 6 cartes, pas 7")
    child.expect(PROMPT_FR)
    child.sendline("6♥")
    child.expect(r"Votre écart\u00a0: (.*?)\.")
    assert ANSI.sub("", child.match.group(1)).split() == ["3♠", "4♠", "8♠", "4♥", "5♥", "6♥"]
    child.sendline("q")
    child.sendline("o")
    child.expect(pexpect.EOF)
    assert "Traceback" not in ANSI.sub("", child.before)


def test_the_talon_is_said_with_the_hands_ace(tmp_path: Path) -> None:
    """The talon turned up is said in the hand's own short forms: at Tarot an ace is 1♠ (the pack's index), never
    A♠ on one line and 1♠ on the next (a newcomer's report). Seed 7: we take, the talon holds two aces."""
    child = _spawn(["tarot", "--seed", "7", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("prise")
    child.expect(r"Vous retournez le chien\u00a0: (.*?)\.")
    said = ANSI.sub("", child.match.group(1)).split()
    child.expect(r"Chien\u00a0: (.*?)\r\n")
    shown = ANSI.sub("", child.match.group(1)).split()
    # and its trump named as one, on both lines (a bare "1" beside "1♠" was read as a lost suit's card)
    assert said == shown == ["1♠", "7♠", "1♥", "C♦", "D♣,", "atout", "1"]
    child.terminate(force=True)


def test_triomphe_says_why_a_deal_ended_once() -> None:
    """A Triomphe deal that a side stopped after three tricks (seed 002 §7) is said once at its end, in the rule
    over the breakdown, not again inside it (a newcomer read it twice)."""
    from atout.sim import simulate

    stopped = None
    for seed in range(1, 60):
        state = simulate("triomphe", players=2, deals=3, seed=seed).state
        assert state is not None
        stopped = next((e for e in state.events(0, 0) if e.kind == "deal_scored" and e.data["reason"] == "stopped"),
                       None)
        if stopped is not None:
            break
    assert stopped is not None, "no deal of these seeds was stopped after three tricks"
    session: Any = _session("triomphe", 2)
    session.show_event(stopped)
    text = " ".join(session.console.file.getvalue().split())
    assert text.count("après trois plis : un jeu.") == 1, text


def test_a_narrow_terminal_breaks_the_choices_between_them(tmp_path: Path) -> None:
    """At 40 columns the bids wrap between two choices, never inside one ("garde" / "contre · passe" was seen at 60)."""
    child = _atout(["play", "tarot", "--seed", "3", "--speed", "0", "--records", str(tmp_path)], 40, 30)
    child.expect("quitter\\) >")
    lines = [line.rstrip().replace("\xa0", " ") for line in ANSI.sub("", child.before).splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Possible"))
    shown = lines[start:start + 2]
    assert shown == ["Possible : pousse · garde · garde sans ·", "  garde contre · passe"], shown
    first = next(i for i, line in enumerate(lines) if line.startswith("Votre main"))
    hand = [lines[first], *[line for line in lines[first + 1:first + 4] if line.startswith("    ")]]
    assert len(hand) > 1 and all(len(line) <= 40 for line in hand), hand  # the hand broken between its suits:
    assert all(line.lstrip()[0] in "♠♥♦♣A" for line in hand[1:]), hand  # each next line opens a suit (or Atouts)
    suits = " │ ".join(line.split(" : ", 1)[-1].strip() for line in hand).split(" │ ")
    assert [g.strip()[0] for g in suits] == ["♠", "♥", "♦", "♣", "A"], suits  # every suit whole, once, in order
    child.sendline("q")
    child.expect("\\(o/n\\)")
    child.sendline("o")
    child.expect(pexpect.EOF)


def test_replay_step_on_a_narrow_terminal_keeps_each_suit_whole(tmp_path: Path) -> None:
    """``atout replay --step`` at 60 columns: each hand breaks between two suits, never inside one (a newcomer saw
    ``♣ 10`` / ``7 5``); every line fits."""
    _run("simulate", "tarot", "--deals", "1", "--seed", "3", "--json", "--records", str(tmp_path))
    record = next(tmp_path.glob("tarot-*.json"))
    child = _atout(["replay", str(record), "--step", "--lang", "fr"], 60, 40)
    child.expect(r"Entrée pour continuer, q pour quitter")
    lines = [line.rstrip().replace("\xa0", " ") for line in ANSI.sub("", child.before).splitlines()]
    child.sendline("q")
    child.expect(pexpect.EOF)
    start = next(i for i, line in enumerate(lines) if line.startswith("  Joueur 1 : "))
    hands = lines[start:start + 12]
    assert all(len(line) <= 60 for line in hands), hands
    for line in hands:
        if line.startswith("    "):  # a hand's next line opens a suit or the trumps
            assert line.lstrip()[0] in "♠♥♦♣A", hands
    assert any(line.startswith("    ") for line in hands), hands  # at 60 columns some hand did need two lines


def test_replay_step_cuts_the_score_between_players_and_indents_the_next_line() -> None:
    """``atout replay --step`` at 80 columns: the deal's score line ("Marque de la donne : Joueur 1 +1992, …,
    Joueur 4 −664", 83 cells) was folded inside "Joueur 4 −664" with its next line at column 0. It is now cut
    between players, the next line indented under the breakdown's, as the live table does (issue 17)."""
    record = Path(__file__).parent / "records" / "tarot" / "seed_petit_au_bout_won.json"
    child = _atout(["replay", str(record), "--step", "--lang", "fr"], 80, 40)
    for _ in range(18):  # one pause a trick
        child.expect(r"Entrée pour continuer, q pour quitter")
        child.sendline("")
    child.expect(pexpect.EOF)
    lines = [line.rstrip().replace("\xa0", " ") for line in ANSI.sub("", child.before).splitlines()]
    at = next(i for i, line in enumerate(lines) if "Marque de la donne" in line)
    assert lines[at:at + 2] == ["  Marque de la donne : Joueur 1 +1992, Joueur 2 −664, Joueur 3 −664,",
                                "    Joueur 4 −664"], lines[at - 2:at + 3]
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]


def test_the_replay_command_stays_one_line_on_a_narrow_terminal(tmp_path: Path) -> None:
    """The saved game's path and the replay command are printed whole (the terminal folds them), so that a command
    copied from a 40-column screen still runs (a newcomer saw ``--step`` / ``--lang fr`` on two lines)."""
    child = _atout(["play", "tarot", "--seed", "3", "--speed", "0", "--records", str(tmp_path)], 40, 30)
    child.expect("quitter\\) >")
    child.sendline("q")
    child.expect("\\(o/n\\)")
    child.sendline("o")
    child.expect(pexpect.EOF)
    lines = ANSI.sub("", child.before).replace("\xa0", " ").splitlines()
    record = tmp_path / "tarot-seed-4p-seed3.json"
    assert f"Partie enregistrée : {record}" in lines, lines
    at = lines.index(f"atout replay {record} --step --lang fr")  # alone on its line, after what it is for
    assert lines[at - 1] == "Pour la revoir :", lines


def test_a_trick_line_at_five_on_80_columns_keeps_each_card_with_its_player(tmp_path: Path) -> None:
    """A trick of five at 80 columns: each card after its player's name and a colon (a newcomer read "Joueur 4 10",
    a trump's bare number beside the seat's), the line cut between players, never inside one."""
    child = _atout(["play", "tarot", "--players", "5", "--seed", "11", "--speed", "0", "--records", str(tmp_path)],
                   80, 50)
    lines: list[str] = []
    for _ in range(40):
        child.expect(PROMPT_FR)
        before = ANSI.sub("", child.before).replace("\xa0", " ").replace("\u202f", " ")
        lines = [x for x in before.splitlines() if re.match(r"^   Joueur", x)]
        if len(lines) >= 2:  # a full trick of five: two lines at 80 columns
            break
        child.sendline(_hint(child))
    child.sendline("q")
    child.sendline("o")
    assert len(lines) >= 2, lines
    entries = [e for x in lines for e in re.split(r" {3}", x.strip()) if e and not e.startswith("(")]
    assert all(re.fullmatch(r"Joueur \d( \(vous\))?\*? : \S+", e) for e in entries), entries
    assert all(len(x) <= 80 for x in lines), lines
