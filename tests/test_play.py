"""``atout play`` driven end to end through a pseudo-terminal (pexpect), as a person would.

A whole Tarot deal in French and a Triomphe match in English: the player asks for hints and types
them back in several spellings (symbols ``R♥``, codes ``KH``, ``jouer …``, French words), tries an
illegal card, presses Ctrl-C (and declines to quit), and the screen must stay free of English in
French (and of tracebacks).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ATOUT = [sys.executable, "-m", "atout.cli.main", "play"]
PROMPT_FR = r"Votre jeu \(\? aide, q quitter\) > "
PROMPT_EN = r"Your move \(\? help, q quit\) > "
SYMBOL_TO_CODE = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
FRENCH_TO_CODE = {"R": "K", "D": "Q", "C": "N", "V": "J"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENGLISH = re.compile(r"\b(the|wins|plays|trick|your|deal|score|bids|passes|player|must|refused|hand)\b")


def _spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="200", LINES="50", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(ATOUT[0], [*ATOUT[1:], *args, "--speed", "0", "--records", str(tmp_path)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(50, 200))
    return child


def _code(label: str, lang: str) -> str:
    """A card label of the screen (``R♥``, ``10♠``, ``21``) as a code (``KH``, ``10S``, ``T21``)."""
    if label[-1] in SYMBOL_TO_CODE:
        rank = label[:-1]
        rank = FRENCH_TO_CODE.get(rank, rank) if lang == "fr" else {"Kn": "N"}.get(rank, rank)
        return rank + SYMBOL_TO_CODE[label[-1]]
    return "EX" if label == "Exc" else "T" + label


def _hint(child: pexpect.spawn, prompt: str, lang: str) -> str:
    child.sendline("indice" if lang == "fr" else "hint")
    child.expect(r"(?:Conseil\u00a0:|Hint:) (.+?) — ")
    label = ANSI.sub("", child.match.group(1)).strip()
    child.expect(prompt)
    return label


def _drive(child: pexpect.spawn, prompt: str, lang: str, limit: int = 400) -> tuple[str, set[str]]:
    """Answer every prompt with the hint, in varied spellings, until the match ends; the screen text."""
    screen = []
    tried: set[str] = set()
    end = r"Fin de la partie|Match over"
    for turn in range(limit):
        i = child.expect([prompt, end])
        screen.append(ANSI.sub("", child.before))
        if i == 1:
            child.expect(pexpect.EOF)
            screen.append(ANSI.sub("", child.before))
            return "".join(screen), tried
        before = ANSI.sub("", child.before)
        if "illegal" not in tried and ("Possible" in before or "Legal actions" in before):
            hand = re.search(r"(?:Votre main|Your hand)[ \u00a0]?: (.+)", before)
            choices = re.search(r"(?:Possible|Legal actions)[ \u00a0]?: (.+)", before)
            if hand and choices and re.search(r"(?:Pli|Trick) \d+", before):
                legal = {c.strip() for c in choices.group(1).split("·")}
                groups = [g.strip().split() for g in hand.group(1).split("│")]
                cards = [g[0] + r if g[0] in SYMBOL_TO_CODE else r for g in groups if g for r in g[1:]
                         if g[0] != "Excuse"]
                cards = [(c[1:] + c[0]) if c[0] in SYMBOL_TO_CODE else c for c in cards]
                bad = [c for c in cards if c not in legal]
                if bad and len(legal) < len(cards):
                    child.sendline(bad[0])
                    child.expect(r"(?:Il faut|You must|You have no|Vous n'avez plus)")
                    child.expect(prompt)
                    screen.append(ANSI.sub("", child.before))
                    tried.add("illegal")
        if turn == 3 and "ctrl-c" not in tried:
            child.sendintr()
            child.expect(r"Quitter la partie\u202f\? \(o/n\)|Quit the game\? \(y/n\)")
            child.sendline("n")
            child.expect(prompt)
            tried.add("ctrl-c")
        label = _hint(child, prompt, lang)
        if " " not in label and (label[-1] in SYMBOL_TO_CODE or label.isdigit() or label == "Exc"):
            form = turn % 4
            if form == 0:
                text = label  # R♥, 10♠, 21: the screen's own form
            elif form == 1:
                text = _code(label, lang)  # KH, 8D, T21: the codes
                tried.add("code")
            elif form == 2:
                text = ("jouer " if lang == "fr" else "play ") + label
                tried.add("verb")
            else:
                text = _code(label, lang).lower()
            tried.add("card")
        else:
            # Play the cards rather than concede: 'no concession' and 'refuse' (typed words, seed 002 §4).
            text = {"concede": "no concession", "accept": "refuse", "concéder": "pas de concession",
                    "accepter": "refuser"}.get(label, label)
            tried.add(text.split()[0])
        child.sendline(text)
    raise AssertionError("the match did not end")


def test_a_whole_tarot_deal_in_french(tmp_path: Path) -> None:
    child = _spawn(["tarot", "--seed", "12", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    # French words at the first prompt: an unknown word gets a short French message listing the choices.
    child.sendline("bonjour")
    child.expect("Je ne comprends pas «\u00a0bonjour\u00a0»")
    screen, tried = _drive(child, PROMPT_FR, "fr")
    assert {"card", "code", "verb", "ctrl-c"} <= tried, tried
    assert "Traceback" not in screen
    assert re.search(r"remporte le pli 1\b", screen) or "Vous remportez le pli 1" in screen
    assert "Marque de la donne" in screen and "Feuille de marque" in screen
    for line in screen.splitlines():
        if "atout replay" in line or "/" in line:
            continue
        assert not ENGLISH.search(line), f"English in the French table: {line!r}"
    records = sorted(tmp_path.glob("tarot-*.json"))
    assert records, "the record is saved on exit"
    record = json.loads(records[-1].read_text(encoding="utf-8"))
    assert record["game"] == "tarot" and record["actions"]


def test_a_triomphe_match_in_english(tmp_path: Path) -> None:
    child = _spawn(["triomphe", "--players", "2", "--target", "3", "--seed", "4", "--lang", "en"], tmp_path)
    screen, tried = _drive(child, PROMPT_EN, "en")
    assert "Traceback" not in screen
    assert "card" in tried and "ctrl-c" in tried
    assert re.search(r"wins trick \d|You win trick \d", screen)
    assert "Score:" in screen and "End of the match" in screen
    assert sorted(tmp_path.glob("triomphe-*.json"))


def test_q_asks_to_confirm_then_saves_and_leaves(tmp_path: Path) -> None:
    child = _spawn(["triomphe", "--players", "2", "--seed", "3", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("q")
    child.expect(r"Quitter la partie\u202f\? \(o/n\)")
    child.sendline("o")
    child.expect("Partie interrompue.")
    child.expect("Partie enregistrée")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Traceback" not in (child.before or "")
    assert sorted(tmp_path.glob("triomphe-*.json"))


def test_the_same_seed_played_again_keeps_the_first_record(tmp_path: Path) -> None:
    """A second game of the same seed is saved beside the first (``-2``), which is kept as it was."""
    first = tmp_path / "triomphe-classic-2p-seed3.json"
    first.write_text('{"kept": true}', encoding="utf-8")
    child = _spawn(["triomphe", "--players", "2", "--seed", "3", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("q")
    child.expect(r"Quitter la partie\u202f\? \(o/n\)")
    child.sendline("o")
    child.expect(r"Partie enregistrée\u00a0: (\S+)")
    saved = Path(child.match.group(1).strip())
    child.expect("Une partie de cette graine était déjà enregistrée ici\u00a0: elle est gardée")
    child.expect(pexpect.EOF)
    child.close()
    assert saved.name == "triomphe-classic-2p-seed3-2.json"
    assert first.read_text(encoding="utf-8") == '{"kept": true}'
    assert json.loads(saved.read_text(encoding="utf-8"))["game"] == "triomphe"


def test_ctrl_c_twice_leaves_without_a_traceback(tmp_path: Path) -> None:
    child = _spawn(["tarot", "--seed", "2", "--lang", "en"], tmp_path)
    child.expect(PROMPT_EN)
    child.sendintr()
    child.expect(r"Quit the game\? \(y/n\)")
    child.sendintr()
    child.expect("Game interrupted.")
    child.expect(pexpect.EOF)
    assert "Traceback" not in (child.before or "")


def test_undo_last_trick_rules_and_hint(tmp_path: Path) -> None:
    """Table commands: the last trick on demand, the rules, a hint with its reason, undo against bots."""
    child = _spawn(["triomphe", "--players", "2", "--seed", "6", "--lang", "fr"], tmp_path)
    child.expect(PROMPT_FR)
    child.sendline("dernier")
    child.expect("Aucun pli terminé.")
    child.expect(PROMPT_FR)
    child.sendline("règles")
    child.expect("Triomphe")
    child.expect(PROMPT_FR)
    child.sendline("annuler")
    child.expect("Rien à annuler.")
    child.expect(PROMPT_FR)
    child.sendline("pas de concession")
    for _ in range(3):  # answer with hints until a card has been played by us
        i = child.expect([PROMPT_FR, "Fin de la partie"])
        if i == 1:
            break
        label = _hint(child, PROMPT_FR, "fr")
        child.sendline({"concéder": "pas de concession", "accepter": "refuser"}.get(label, label))
    child.expect(PROMPT_FR)
    child.sendline("annuler")
    child.expect("Coup annulé.")
    child.expect(PROMPT_FR)
    child.sendline("q")
    child.expect(r"\(o/n\)")
    child.sendline("oui")
    child.expect(pexpect.EOF)


def test_replay_step_narrates_a_record(tmp_path: Path) -> None:
    """``atout replay FILE --step``: the same narration, trick by trick (input closed: no pause)."""
    import subprocess

    record = Path(__file__).parent / "records" / "triomphe" / "tri3_refused_concession.json"
    out = subprocess.run([sys.executable, "-m", "atout.cli.main", "replay", str(record), "--step", "--lang", "fr"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60,
                         env=dict(os.environ, NO_COLOR="1", COLUMNS="160"))
    assert out.returncode == 0, out.stderr
    assert "Joueur 2 refuse\u00a0: son camp doit faire la vole, ou perdra deux jeux." in out.stdout
    assert "Vole manquée par Joueur 2" in out.stdout and "Traceback" not in out.stderr


def test_simulate_draws_and_prints_a_seed_and_statistics() -> None:
    """``atout simulate`` without --seed prints the seed it drew; Tarot statistics per contract."""
    import subprocess

    out = subprocess.run([sys.executable, "-m", "atout.cli.main", "simulate", "tarot", "--deals", "12", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert isinstance(data["seed"], int)
    stats = data["stats"]
    assert stats["deals"] == 12 and len(stats["mean_per_seat"]) == 4
    taken = sum(c["taken"] for c in stats.get("contracts", {}).values())
    assert taken + stats["all_passed"] == 12
    for c in stats.get("contracts", {}).values():
        assert 0 <= c["made"] <= c["taken"] and c["success_rate"] == round(c["made"] / c["taken"], 3)
    again = subprocess.run([sys.executable, "-m", "atout.cli.main", "simulate", "tarot", "--deals", "12", "--json",
                            "--seed", str(data["seed"])], capture_output=True, text=True, timeout=120)
    assert json.loads(again.stdout)["totals"] == data["totals"], "the printed seed repeats the run"


def test_ctrl_c_while_the_bots_play_asks_too(tmp_path: Path) -> None:
    """Ctrl-C during the bots' pause is the same question as at the prompt; 'o' saves and leaves."""
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="200", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(ATOUT[0], [*ATOUT[1:], "triomphe", "--players", "4", "--seed", "9", "--seat", "3",
                                     "--speed", "2", "--records", str(tmp_path)], env=env, encoding="utf-8", timeout=30)
    child.expect("Donne 1")
    child.sendintr()
    child.expect(r"Quitter la partie\u202f\? \(o/n\)")
    child.sendline("o")
    child.expect("Partie enregistrée")
    child.expect(pexpect.EOF)
    assert "Traceback" not in (child.before or "")
    assert sorted(tmp_path.glob("triomphe-*.json"))
