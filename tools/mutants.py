"""Mutation check: each hand-made rule change must make the tests named for it fail.

Every mutant below changes one rule of the engine (a constant, a comparison, a condition). The script
copies ``src/`` to a temporary directory, applies one mutant at a time to the copy (the working tree
is never touched), runs the named tests against the copy (``PYTHONPATH``) and reports whether they
failed ("killed") or passed ("SURVIVED"). Exit status 1 if a mutant survives or no longer applies.

    .venv/bin/python tools/mutants.py            # every mutant (a few minutes)
    .venv/bin/python tools/mutants.py --list     # names only
    .venv/bin/python tools/mutants.py poignee    # mutants whose name contains "poignee"
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAROT, TRI = "atout/games/tarot", "atout/games/triomphe"
MUT = "tests/test_tarot_rules_mutants.py"
ORACLE = "tests/test_tarot_playouts.py::test_random_playouts_against_the_oracle"
LAYOUT = "tests/test_triomphe_layout.py"
#: Every Triomphe test file.
TRI_ALL = ("tests/test_triomphe_spec.py", "tests/test_triomphe_layout.py", "tests/test_triomphe.py")
#: Every Tarot test file: the mutants of the wider sweep must be caught by at least one of them.
TAROT_ALL = (
    "tests/test_tarot_rules_mutants.py",
    "tests/test_tarot_rules.py",
    "tests/test_tarot_spec.py",
    "tests/test_tarot_scoring.py",
    "tests/test_tarot_records.py",
    "tests/test_tarot_playouts.py",
)


@dataclass(frozen=True)
class Mutant:
    """One rule change: replace ``old`` (found exactly once in ``path``) by ``new``; ``tests`` must fail."""

    name: str
    path: str  # relative to src/
    old: str
    new: str
    tests: tuple[str, ...]


MUTANTS = [
    # --- poignée thresholds and levels (seed 001 "Atouts", spec §7) ---
    Mutant("poignee 3p simple 13->14", f"{TAROT}/rules.py", "{3: (13, 15, 18)", "{3: (14, 15, 18)", (MUT,)),
    Mutant("poignee 3p simple 13->12", f"{TAROT}/rules.py", "{3: (13, 15, 18)", "{3: (12, 15, 18)", (MUT,)),
    Mutant("poignee 3p double 15->16", f"{TAROT}/rules.py", "{3: (13, 15, 18)", "{3: (13, 16, 18)", (MUT,)),
    Mutant("poignee 3p triple 18->17", f"{TAROT}/rules.py", "{3: (13, 15, 18)", "{3: (13, 15, 17)", (MUT,)),
    Mutant("poignee 4p double 13->12", f"{TAROT}/rules.py", "4: (10, 13, 15)", "4: (10, 12, 15)", (MUT,)),
    Mutant("poignee 5p simple 8->9", f"{TAROT}/rules.py", "5: (8, 10, 13)}", "5: (9, 10, 13)}", (MUT,)),
    Mutant("poignee 5p triple 13->14", f"{TAROT}/rules.py", "5: (8, 10, 13)}", "5: (8, 10, 14)}", (MUT,)),
    Mutant("poignee value double 30->25", f"{TAROT}/rules.py", '"poignee_double": 30', '"poignee_double": 25', (MUT,)),
    Mutant("poignee with Excuse: max->min level", f"{TAROT}/rules.py",
           "return max(i for i, t in enumerate(thresholds) if n >= t)",
           "return min(i for i, t in enumerate(thresholds) if n >= t)", (MUT,)),
    # --- sans points (seed 001: "ni Oudlers ni Figures") ---
    Mutant("sans points: Kings only", f"{TAROT}/rules.py", "return not hand & (OUDLERS | COURTS)",
           "return not hand & (OUDLERS | KINGS)", (MUT,)),
    # --- the capot Excuse and the petit au bout (§9.4, D12, D13) ---
    Mutant("D12: defence's Excuse wins a capot last trick", f"{TAROT}/state.py", "(self.fft or owner == ATTACK)",
           "(self.fft or True)", (MUT,)),
    Mutant("D13: Petit au bout when the Excuse wins", f"{TAROT}/state.py", "if winner != ex_seat and self.best == PETIT:",
           "if self.best == PETIT:", (MUT,)),
    # --- FFT rule 10: the called card may be led at the first trick ---
    Mutant("FFT rule 10: called card not leadable", f"{TAROT}/state.py",
           "allowed = (hand & ~SUIT_MASKS[self.called // 14] | hand & 1 << self.called) or hand",
           "allowed = (hand & ~SUIT_MASKS[self.called // 14]) or hand", (MUT,)),
    # --- FFT rule 4: every poignée of a deal counts ---
    Mutant("FFT two poignees: += -> =", f"{TAROT}/scoring.py", "handfuls += ANNOUNCE_VALUES[kind]",
           "handfuls = ANNOUNCE_VALUES[kind]", (MUT,)),
    # --- the seed's literal count (D3, seed_literal) ---
    Mutant("seed_literal: one pair only", f"{TAROT}/scoring.py", "return sum(honours[:pairs]) + numerals",
           "return sum(honours[:1]) + numerals", (MUT,)),
    Mutant("seed_literal: lowest honours first", f"{TAROT}/scoring.py",
           "for i in range(78) if honour_cards >> i & 1), reverse=True)",
           "for i in range(78) if honour_cards >> i & 1), reverse=False)", (MUT,)),
    Mutant("seed_literal: 21 and Petit pair honours", f"{TAROT}/scoring.py", "pairs = (pile & MIDDLE_TRUMPS).bit_count()",
           "pairs = (pile & (MIDDLE_TRUMPS | OUDLERS)).bit_count()", (MUT,)),
    # --- the order of play (seed 001 "à droite du donneur", D1, D7; FFT rule 5) ---
    Mutant("dealer bids and leads first", f"{TAROT}/state.py", "self.eldest = self.next_seat[dealer]", "self.eldest = dealer",
           ("tests/test_tarot_rules.py::test_dealer_right_bids_first_d1",)),
    Mutant("FFT: no chelem announcement phase", f"{TAROT}/annonces.py",
           "self.current_player = self.taker if self.fft else self.eldest\n        self.ann_count = 0\n",
           "self.current_player = self.taker if self.fft else self.eldest\n        self.ann_count = 0\n"
           "        if self.fft:\n            self._open_play()\n",
           ("tests/test_tarot_spec.py::test_annonces_start_with_the_leader_before_first_card",)),
    # --- the scoring, caught by the playout oracle alone (its own reading and scoring) ---
    Mutant("seed prime 25->20", f"{TAROT}/scoring.py", "amount = (e + 25) * m if made else e * m",
           "amount = (e + 20) * m if made else e * m", (ORACLE,)),
    Mutant("seed prime also when failed", f"{TAROT}/scoring.py", "amount = (e + 25) * m if made else e * m",
           "amount = (e + 25) * m", (ORACLE,)),
    Mutant("FFT base 25->20", f"{TAROT}/scoring.py", "base = (25 + abs(d)) * m", "base = (20 + abs(d)) * m", (ORACLE,)),
    Mutant("seed exact target is failed", f"{TAROT}/scoring.py", "made = e >= 0", "made = e > 0", (ORACLE,)),
    Mutant("target with 1 oudler 51->50", f"{TAROT}/rules.py", "TARGETS: Final = (56, 51, 41, 36)",
           "TARGETS: Final = (56, 50, 41, 36)", (ORACLE,)),
    Mutant("seed petit au bout not before the test (D13)", f"{TAROT}/scoring.py", "e = _round_away(d2 + 20 * pab)",
           "e = _round_away(d2)", (ORACLE,)),
    Mutant("FFT petit au bout not multiplied", f"{TAROT}/scoring.py", "+ 10 * m * pab", "+ 10 * pab", (ORACLE,)),
    Mutant("FFT 5p split 1/2-1/2", f"{TAROT}/scoring.py", 'attack_total // 2 if variant == "seed" else attack_total // 3',
           "attack_total // 2", (ORACLE,)),
    Mutant("seed: a failed partner's announcement paid to him (D8)", f"{TAROT}/scoring.py",
           "if (seat == taker or seat == partner) and not made:", "if seat == taker and not made:", (ORACLE,)),
    Mutant("multiplier garde 4->3", f"{TAROT}/rules.py", '"garde": 4, "garde_sans": 8', '"garde": 3, "garde_sans": 8', (ORACLE,)),
    # --- survivors of mutmut on scoring.py that change behaviour (input checks, the sheet's rows) ---
    Mutant("score_deal: seat == players accepted", f"{TAROT}/scoring.py", "if seat is not None and not 0 <= seat < players:",
           "if seat is not None and not 0 <= seat <= players:", (MUT,)),
    Mutant("score_deal: announcement seat == players accepted", f"{TAROT}/scoring.py",
           "if kind not in ANNOUNCE_VALUES or not 0 <= seat < players:",
           "if kind not in ANNOUNCE_VALUES or not 0 <= seat <= players:", (MUT,)),
    Mutant("score_deal: points checks 'or' -> 'and'", f"{TAROT}/scoring.py",
           "if points2.denominator != 1 or not 0 <= points2 <= 182:", "if points2.denominator != 1 and not 0 <= points2 <= 182:",
           (MUT,)),
    Mutant("score_deal: 91.5 points accepted", f"{TAROT}/scoring.py", "not 0 <= points2 <= 182:", "not 0 <= points2 <= 183:",
           (MUT,)),
    Mutant("sheet rows: None on a cache miss", f"{TAROT}/scoring.py", "    if found is None:\n", "    if found is not None:\n",
           (ORACLE,)),
    Mutant("sheet rows: fifths instead of quarters", f"{TAROT}/scoring.py", "found = _QUARTERS[q] = Fraction(q, 4)",
           "found = _QUARTERS[q] = Fraction(q, 5)", (ORACLE,)),
    # --- a wider sweep over the Tarot rules, against every Tarot test ---
    Mutant("play: need not follow suit", f"{TAROT}/rules.py", "        if follow and follow != EXCUSE_BIT:",
           "        if False and follow != EXCUSE_BIT:", TAROT_ALL),
    Mutant("play: need not overtrump", f"{TAROT}/rules.py", "        if higher and higher != EXCUSE_BIT:",
           "        if False and higher != EXCUSE_BIT:", TAROT_ALL),
    Mutant("play: need not trump when void", f"{TAROT}/rules.py",
           "    if not trumps or trumps == EXCUSE_BIT:\n        return hand", "    if True:\n        return hand", TAROT_ALL),
    Mutant("play: the Excuse not playable while following", f"{TAROT}/rules.py",
           "_SUIT_EX: Final = tuple(m | EXCUSE_BIT for m in SUIT_MASKS)", "_SUIT_EX: Final = tuple(SUIT_MASKS)", TAROT_ALL),
    Mutant("trick_winner_index (the bots' view): a trump does not beat the suit led", f"{TAROT}/rules.py",
           "elif (suit == TRUMP_SUIT or suit == led) and c > best:", "elif suit == led and c > best:", TAROT_ALL),
    Mutant("petit sec even with the Excuse (D5)", f"{TAROT}/rules.py", "return hand & TRUMPS_EX == PETIT_BIT",
           "return hand & TRUMPS == PETIT_BIT", TAROT_ALL),
    Mutant("seed call: a King of one's own hand (D9)", f"{TAROT}/rules.py",
           'return rank_mask if variant == "fft" else rank_mask & ~hand', "return rank_mask", TAROT_ALL),
    Mutant("écart: Kings allowed", f"{TAROT}/rules.py", "    if discard & KINGS:", "    if False:", TAROT_ALL),
    Mutant("écart: trumps allowed freely (D6)", f"{TAROT}/rules.py", "    if discard & TRUMPS:", "    if False:", TAROT_ALL),
    # --- issue 11: the écart and the poignée one card at a time (the listed steps) ---
    Mutant("écart steps: a trump listed when the slots left are owed to plain cards (D6)", f"{TAROT}/rules.py",
           "    if must_left and must_left.bit_count() >= need - laid.bit_count():", "    if False:",
           ("tests/test_tarot_ecart_steps.py",)),
    Mutant("poignée steps: a show reaching the threshold cannot be extended", f"{TAROT}/rules.py",
           "any(k <= t <= trumps for t in thresholds)", "any(k < t <= trumps for t in thresholds)",
           ("tests/test_tarot_ecart_steps.py",)),
    Mutant("sans atouts with the Excuse", f"{TAROT}/rules.py", "return not hand & TRUMPS_EX", "return not hand & TRUMPS",
           TAROT_ALL),
    Mutant("poignée: the Excuse shown without every trump", f"{TAROT}/rules.py", "        if hand & TRUMPS & ~shown:",
           "        if False:", TAROT_ALL),
    Mutant("FFT poignée above the threshold with the Excuse", f"{TAROT}/rules.py", 'if variant == "seed" and n >= thresholds[0]:',
           "if n >= thresholds[0]:", TAROT_ALL),
    Mutant("Queen worth 3 instead of 3.5", f"{TAROT}/rules.py", "else 7 if (1 << i) & QUEENS", "else 6 if (1 << i) & QUEENS",
           TAROT_ALL),
    Mutant("Garde sans: the talon to the defence", f"{TAROT}/state.py",
           "            attack |= self.talon  # counts for the taker",
           "            defence |= self.talon  # counts for the taker", TAROT_ALL),
    Mutant("Excuse: no low card in exchange (§9.3)", f"{TAROT}/state.py",
           "                if owner != wside:\n                    self.debt = owner",
           "                if False:\n                    self.debt = owner", TAROT_ALL),
    Mutant("seed: the Excuse on the last trick stays with its owner", f"{TAROT}/state.py",
           'else:  # seed 001: "revient au gagnant de ce pli"\n                    piles[wside] |= tmask',
           'else:  # seed 001: "revient au gagnant de ce pli"\n'
           "                    piles[wside] |= tmask & ~EXCUSE_BIT\n                    piles[owner] |= EXCUSE_BIT",
           TAROT_ALL),
    Mutant("FFT D20: the last-trick Excuse stays with its owner", f"{TAROT}/state.py", "piles[1 - owner] |= EXCUSE_BIT",
           "piles[owner] |= EXCUSE_BIT", TAROT_ALL),
    Mutant("seed petit sec: the next dealer redeals (D15)", f"{TAROT}/state.py", "            self._start_deal(entry.dealer)",
           "            self._start_deal(self.next_seat[entry.dealer])", TAROT_ALL),
    Mutant("the same dealer deals again after a deal", f"{TAROT}/state.py",
           "self._start_deal(self.next_seat[entry.dealer])  # the deal passes",
           "self._start_deal(entry.dealer)  # the deal passes", TAROT_ALL),
    Mutant("FFT: the chelem announcer does not lead", f"{TAROT}/state.py",
           "lead = self.taker if self.fft and self.slam_announced else self.eldest", "lead = self.eldest", TAROT_ALL),
    Mutant("seed: the capot announcer leads (D10)", f"{TAROT}/state.py",
           "lead = self.taker if self.fft and self.slam_announced else self.eldest",
           "lead = self.taker if self.slam_announced else self.eldest", TAROT_ALL),
    Mutant("bidding: an equal bid allowed", f"{TAROT}/state.py", "            if i <= self.best_bid:",
           "            if i < self.best_bid:", TAROT_ALL),
    Mutant("seed capot unannounced: full value", f"{TAROT}/scoring.py", "q += 2 * capot_value", "q += 4 * capot_value",
           TAROT_ALL),
    Mutant("FFT poignée always to the attack", f"{TAROT}/scoring.py", "amount += handfuls if made else -handfuls",
           "amount += handfuls", TAROT_ALL),
    Mutant("FFT: nothing for the defence's chelem", f"{TAROT}/scoring.py", "amount -= 200  # rule 5: each defender receives 200",
           "amount -= 0  # rule 5: each defender receives 200", TAROT_ALL),
    Mutant("capot announced by a defender", f"{TAROT}/annonces.py", "            if seat != self.taker:", "            if False:",
           TAROT_ALL),
    Mutant("seed announcements start with the taker (D7)", f"{TAROT}/annonces.py",
           "self.current_player = self.taker if self.fft else self.eldest", "self.current_player = self.taker", TAROT_ALL),
    # --- Triomphe's deal layout (seed 002, spec §3, D3, D4) ---
    # --- a sweep over La Triomphe's rules (seed 002), against every Triomphe test ---
    Mutant("Triomphe: need not beat the card winning the trick", f"{TRI}/rules.py",
           '        if higher:\n            return higher, "must follow suit and beat',
           '        if False:\n            return higher, "must follow suit and beat', TRI_ALL),
    Mutant("Triomphe: must beat in the suit after a trump (D7a)", f"{TRI}/rules.py", "        if led != trump and trumps_played:",
           "        if False:", TRI_ALL),
    Mutant("Triomphe: need not overtrump (D7b)", f"{TRI}/rules.py",
           '            if higher:\n                return higher, "void in the suit led: must overtrump',
           '            if False:\n                return higher, "void in the suit led: must overtrump', TRI_ALL),
    Mutant("Triomphe: need not trump when void", f"{TRI}/rules.py", "    if trumps_in_hand:", "    if False:", TRI_ALL),
    Mutant("Triomphe: Ace above Jack in the base order", f"{TRI}/rules.py",
           "(Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN", "(Rank.KING, Rank.QUEEN, Rank.ACE, Rank.JACK, Rank.TEN",
           TRI_ALL),
    Mutant("Triomphe: a trump does not beat the suit led", f"{TRI}/rules.py", "key = 100 + strength[c] if suit == trump",
           "key = strength[c] if suit == trump", TRI_ALL),
    Mutant("Triomphe: the vole scores 1", f"{TRI}/state.py", 'self._finish_deal({self.vole_side: 2}, {}, "vole_made")',
           'self._finish_deal({self.vole_side: 1}, {}, "vole_made")', TRI_ALL),
    Mutant("Triomphe: a failed vole loses 1", f"{TRI}/state.py", 'self._finish_deal({}, {self.vole_side: 2}, "vole_failed")',
           'self._finish_deal({}, {self.vole_side: 1}, "vole_failed")', TRI_ALL),
    Mutant("Triomphe: an accepted concession scores 2", f"{TRI}/state.py",
           'self._finish_deal({side: 1}, {}, "concession_accepted")', 'self._finish_deal({side: 2}, {}, "concession_accepted")',
           TRI_ALL),
    Mutant("Triomphe: a loss always credits the other side (D9)", f"{TRI}/state.py", "            if self.scores[side] > 0:",
           "            if False:", TRI_ALL),
    Mutant("Triomphe: no debt each for himself (§9.5)", f"{TRI}/state.py", "self.debts[side] += n - take",
           "self.debts[side] += 0", TRI_ALL),
    Mutant("Triomphe: points marked before the debt is paid", f"{TRI}/state.py", "pay = min(n, self.debts[side])", "pay = 0",
           TRI_ALL),
    Mutant("Triomphe: the last, not the first, to reach the most tricks (D12)", f"{TRI}/state.py",
           "            for _, _, w in self.history:\n", "            for _, _, w in reversed(self.history):\n", TRI_ALL),
    Mutant("Triomphe: the other side offers its concession first (D6)", f"{TRI}/state.py",
           'side = eldest_side if c["side_turn"] == 0 else 1 - eldest_side',
           'side = 1 - eldest_side if c["side_turn"] == 0 else eldest_side', TRI_ALL),
    Mutant("Triomphe: the same dealer deals again (D5)", f"{TRI}/state.py",
           "self._start_deal((self.log[-1].dealer + 1) % self.players)", "self._start_deal(self.log[-1].dealer)", TRI_ALL),
    Mutant("Triomphe: the target must be passed, not reached", f"{TRI}/state.py", "max(self.scores) >= self.target",
           "max(self.scores) > self.target", TRI_ALL),
    Mutant("Triomphe: a refusing side may stop after three tricks", f"{TRI}/state.py",
           "        if self.vole_side is not None:\n            if win_side != self.vole_side:",
           "        if self.vole_side is not None and not (self.refused and done == 3):\n"
           "            if win_side != self.vole_side:",
           ("tests/test_triomphe_spec.py::test_tri3_refused_concession_vole_failed",
            "tests/test_triomphe_spec.py::test_refused_concession_vole_made_scores_two")),
    Mutant("Triomphe: dealer served first", f"{TRI}/state.py", "seat = (dealer + 1 + k) % n", "seat = (dealer + k) % n",
           (LAYOUT,)),
    Mutant("Triomphe: dealing to the left", f"{TRI}/state.py", "seat = (dealer + 1 + k) % n", "seat = (dealer - 1 - k) % n",
           (LAYOUT,)),
    Mutant("Triomphe: packets 2 then 3", f"{TRI}/state.py", "for packet in self.rules.deal_packets:",
           "for packet in reversed(self.rules.deal_packets):", (LAYOUT,)),
    Mutant("Triomphe: bottom card turned up", f"{TRI}/state.py", "turnup, stock = pack[pos], pack[pos + 1 :]",
           "turnup, stock = pack[-1], pack[pos:-1]", (LAYOUT,)),
    Mutant("Triomphe: five cards at once", f"{TRI}/state.py", "for packet in self.rules.deal_packets:", "for packet in (5,):",
           (LAYOUT,)),
]


def run(m: Mutant, src_copy: Path, original: dict[str, str]) -> tuple[str, float]:
    """Apply ``m`` to the copy, run its tests, restore the file; the verdict (with the first failing test)
    and the seconds taken."""
    target = src_copy / m.path
    text = original[m.path]
    if text.count(m.old) != 1:
        return "NOT APPLICABLE (source changed)", 0.0
    if not m.tests:
        return "skipped (equivalent, no test)", 0.0
    target.write_text(text.replace(m.old, m.new))
    env = dict(os.environ, PYTHONPATH=str(src_copy))
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-rf", "-p", "no:cacheprovider", *m.tests],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        target.write_text(text)
    if proc.returncode == 1:
        failed = next((line[7:].split(" - ")[0] for line in proc.stdout.splitlines() if line.startswith("FAILED ")), "?")
        verdict = f"killed by {failed.split('/')[-1]}"
    elif proc.returncode in (2, 4) and "Error" in proc.stdout + proc.stderr:
        verdict = "killed: the tests cannot even import the package (a module's own check fails)"
    else:
        verdict = "SURVIVED" if proc.returncode == 0 else f"error {proc.returncode}"
    return verdict, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("match", nargs="?", default="", help="run only the mutants whose name contains this text")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if args.match.lower() in m.name.lower()]
    if args.list:
        for m in chosen:
            print(f"{m.name}: {m.path} -> {', '.join(m.tests) or '(none)'}")
        return 0
    bad = 0
    with tempfile.TemporaryDirectory(prefix="atout-mutants-") as tmp:
        src_copy = Path(tmp) / "src"
        shutil.copytree(ROOT / "src", src_copy, ignore=shutil.ignore_patterns("__pycache__"))
        original = {m.path: (src_copy / m.path).read_text() for m in chosen}
        print("| mutation | file | tests run | verdict |\n| --- | --- | --- | --- |")
        for m in chosen:
            verdict, seconds = run(m, src_copy, original)
            bad += not verdict.startswith(("killed", "skipped"))
            every = {TAROT_ALL: "every Tarot test", TRI_ALL: "every Triomphe test"}
            tests = every[m.tests] if m.tests in every else ", ".join(t.removeprefix("tests/") for t in m.tests)
            print(f"| {m.name} | {m.path.removeprefix('atout/')} | {tests} | {verdict} ({seconds:.0f} s) |", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
