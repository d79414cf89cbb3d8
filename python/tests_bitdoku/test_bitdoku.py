"""Tests of the `bitdoku` package: every function, against the `bitdoku` CLI's output on the
bundled corpora (solve and count on all ~120,000 puzzles, as strings and as an array; rate and
check on samples; classify on a few of Berthier's rated puzzles), round trips, error rows, ValueErrors, threads and the GIL, file formats.
"""

from __future__ import annotations

import json
import os
import threading
import time

import numpy as np
import pytest

import bitdoku
from conftest import DATASETS, run

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
P_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
DUPLICATE = "11" + "." * 79
NO_SOLUTION = "12345678." + "........9" + "." * 63
MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


def puzzle_lines(path):
    """The lines of a file that are not blank or comments (the CLI answers each)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return [l.rstrip("\r\n") for l in f if l.strip() and not l.lstrip().startswith("#")]


def cli_like(solutions, status, errors, numbers):
    """Python results written as `bitdoku solve` writes them."""
    out = []
    for i, (s, st) in enumerate(zip(solutions, status)):
        if st == bitdoku.SOLVED:
            out.append(s)
        elif st == bitdoku.NO_SOLUTION:
            out.append(f"error: line {numbers[i]}: no solution")
        elif st == bitdoku.MULTIPLE:
            out.append(f"error: line {numbers[i]}: multiple solutions")
        else:
            out.append("error: " + errors[i].replace(f"row {i}:", f"line {numbers[i]}:", 1))
    return out


def test_done_when_example():
    r = bitdoku.solve([P])
    assert r.solutions == [P_SOLUTION]
    assert bitdoku.status_names(r.status) == ["solved"]
    assert r.errors == {}
    assert "417369825" in repr(r)


def test_solve_matches_the_cli_on_the_bundled_corpora(cli, corpora):
    total = 0
    for path in corpora:
        want = run(cli, "solve", path)
        lines = puzzle_lines(path)
        r = bitdoku.solve(lines)
        assert cli_like(r.solutions, r.status, r.errors, range(1, len(lines) + 1)) == want, path
        # The same puzzles as an array (bitdoku.read): the same solutions.
        p = bitdoku.read(path)
        if not p.errors and len(p.lines) == len(lines):
            a = bitdoku.solve(p.puzzles)
            assert isinstance(a.solutions, np.ndarray) and a.solutions.shape == (len(lines), 81)
            assert np.array_equal(a.status, r.status)
            solved = a.status == bitdoku.SOLVED
            assert bitdoku.to_strings(a.solutions[solved]) == [s for s in r.solutions if s], path
            assert not a.solutions[~solved].any()
        total += len(lines)
    assert total > 100_000


def test_count_matches_the_cli(cli, corpora):
    for path in corpora:
        want = run(cli, "count", "--limit", "3", path)
        lines = puzzle_lines(path)
        r = bitdoku.count(lines, limit=3)
        got = [
            "error: " + r.errors[i].replace(f"row {i}:", f"line {i + 1}:", 1)
            if st == bitdoku.INVALID
            else f"{c}{'+' if c >= 3 else ''}"
            for i, (c, st) in enumerate(zip(r.counts, r.status))
        ]
        assert got == want, path


def sample(name, n):
    return puzzle_lines(os.path.join(DATASETS, name))[:n]


def test_rate_matches_the_cli(cli):
    lines = (
        sample("norvig_top95.txt", 15)
        + sample("generated_minimal_10k.txt", 100)
        # The tdoku file's 9 easy unique puzzles and its 25 without a unique solution (its
        # unique ER 10-11 puzzles take seconds each: rate's speed is not this test's subject).
        + [l for i, l in enumerate(sample("tdoku_test_puzzles_with_counts.txt", 43)) if i < 9 or i >= 18]
        + sample("serg_benchmark.txt", 5)
        + [DUPLICATE]
    )
    fmt = "%l;%s;%r;%p;%d;%b"
    want = run(cli, "rate", "--format", fmt, data="\n".join(lines).encode() + b"\n")
    r = bitdoku.rate(lines, threads=2)
    assert len(want) == len(lines)
    for i, w in enumerate(want):
        st = r.status[i]
        if st in (bitdoku.SOLVED, bitdoku.STUCK):
            got = f"{r.level[i]};{r.score[i]};{r.er[i]:.1f};{r.ep[i]:.1f};{r.ed[i]:.1f};{' bf' if r.fallback[i] else ''}"
            assert got == w, (i, lines[i])
        elif st == bitdoku.INVALID:
            assert w.startswith("error: line"), w
            assert r.errors[i].startswith(f"row {i}: digit 1 repeated")
        else:
            # No unique solution: SE's 0.0/0.0/0.0 in a custom format.
            assert w.split(";")[2:5] == ["0.0", "0.0", "0.0"], w
            assert r.er[i] == 0.0 and r.level[i] == ""
    assert (r.status == bitdoku.MULTIPLE).sum() >= 5
    assert (r.status == bitdoku.NO_SOLUTION).sum() >= 1


def berthier_lines(berthier, name, keep):
    """`(puzzle, value)` of the lines of one of Berthier's files that `keep(value)` holds."""
    with open(os.path.join(berthier, name)) as f:
        rows = [l.split() for l in f if l.strip()]
    return [(p, int(v)) for p, v in rows if keep(int(v))]


def test_classify_matches_the_cli_and_berthier(cli, berthier):
    # Cheap rows (about 0.2 s of CPU in all): W 0-2 (Royle), B 3 (dob39c), B 5-6 (Sample40),
    # BxB 2 (Sample40); BxBB takes about a second per puzzle, so Monhard's gets its TE only.
    w = berthier_lines(berthier, "royle17_W.txt", lambda v: True)[:4]
    b = berthier_lines(berthier, "dob39c_B.txt", lambda v: True)[:2]
    b += berthier_lines(berthier, "eleven_sample40_min_B.txt", lambda v: v in (5, 6))[:2]
    bxb = berthier_lines(berthier, "eleven_sample40_min_BxB.txt", lambda v: v == 2)[:1]
    lines = [p for p, _ in w + b + bxb] + [DUPLICATE, NO_SOLUTION, MULTIPLE]
    want = [json.loads(l) for l in run(cli, "classify", "--json", data="\n".join(lines).encode() + b"\n")]
    r = bitdoku.classify(lines, threads=2)
    assert len(want) == len(lines) == len(r.status)
    for i, wnt in enumerate(want[: len(lines) - 3]):
        for k in ("line", "puzzle", "seconds"):
            del wnt[k]
        assert r.row(i) == wnt, (i, lines[i])
    assert [int(x) for x in r.w[:4]] == [v for _, v in w]
    assert [int(x) for x in r.b[4:8]] == [v for _, v in b]
    assert int(r.bxb[8]) == bxb[0][1] and int(r.te[8]) == 2 and r.w[8] == r.b[8] == -1
    assert (r.bxbb == -1).all() and not r.cut and (r.seconds[:9] > 0).all()
    assert list(r.status) == [bitdoku.SOLVED] * 9 + [bitdoku.INVALID, bitdoku.NO_SOLUTION, bitdoku.MULTIPLE]
    assert r.errors == {9: "row 9: digit 1 repeated in r1"}
    assert [r.row(i)["status"] for i in (9, 10, 11)] == ["invalid", "no_solution", "multiple_solutions"]
    assert want[10]["status"] == "no_solution" and want[11]["status"] == "multiple_solutions"
    # Fewer measures, an array, a Monhard puzzle's T&E depth.
    monhard = berthier_lines(berthier, "monhard_TE3_BxBB.txt", lambda v: True)[:1]
    a = bitdoku.to_array([lines[0], monhard[0][0]])
    r = bitdoku.classify(a, measures=["te"], threads=1)
    assert list(r.te) == [1, 3] and (r.w == -1).all() and (r.bxbb == -1).all()
    # A budget cuts a measure short, as the CLI's --max-units does; the row is STUCK.
    one = [b[0][0]]
    want = json.loads(run(cli, "classify", "--json", "--measures", "b", "--max-units", "300", data=one[0].encode())[0])
    r = bitdoku.classify(one, measures="b", max_units=300)
    assert want["status"] == "over_budget" and r.status[0] == bitdoku.STUCK and r.b[0] == -1
    assert r.row(0)["b"] == want["b"] and r.cut == {0: {"b": int(want["b"][1:])}}
    r = bitdoku.classify(one, measures="b", max_length=2)
    assert r.cut == {0: {"b": 2}} and r.row(0) == {"status": "over_budget", "b": ">2"}
    with pytest.raises(ValueError, match="unknown measure"):
        bitdoku.classify(one, measures="te,x")
    with pytest.raises(ValueError, match="time_limit"):
        bitdoku.classify(one, time_limit=-1.0)


def test_check_matches_the_cli(cli):
    lines = sample("magictour_top1465.txt", 20) + sample("generated_minimal_10k.txt", 60)
    data = "\n".join(lines).encode() + b"\n"
    summary = run(cli, "check", data=data)[-1]
    r = bitdoku.check(lines)
    assert not r.problems and not r.errors
    solved = int((r.status == bitdoku.SOLVED).sum())
    assert f"check: {len(lines)} puzzles, {solved} solved by logic, {int(r.steps.sum())} steps checked, 0 unsound" in summary


def test_canon_shuffle_generate_match_the_cli(cli):
    lines = sample("sudoku17_royle_49158.txt", 300) + [DUPLICATE]
    data = "\n".join(lines).encode() + b"\n"
    c = bitdoku.canon(lines)
    assert [x if x else "error: " + c.errors[i].replace(f"row {i}:", f"line {i + 1}:") for i, x in enumerate(c.puzzles)] == run(cli, "canon", data=data)
    s = bitdoku.shuffle(lines[:300], seed=5)
    assert s.puzzles == run(cli, "shuffle", "--seed", "5", data=data)[:300]
    g = bitdoku.generate(12, seed=3)
    assert bitdoku.to_strings(g.puzzles) == run(cli, "generate", "--count", "12", "--seed", "3")
    assert (g.status == bitdoku.SOLVED).all() and (g.tries >= 1).all()


def test_round_trips():
    g = bitdoku.generate(50, seed=11, threads=2)
    strings = bitdoku.to_strings(g.puzzles)
    assert np.array_equal(bitdoku.to_array(strings), g.puzzles)
    assert np.array_equal(bitdoku.solve(g.puzzles).solutions, g.solutions)
    assert (bitdoku.count(g.puzzles).counts == 1).all()
    shuffled = bitdoku.shuffle(g.puzzles, seed=9)
    assert isinstance(shuffled.puzzles, np.ndarray)
    assert np.array_equal(bitdoku.canon(shuffled.puzzles).puzzles, bitdoku.canon(g.puzzles).puzzles)
    assert bitdoku.canon(strings).puzzles == bitdoku.to_strings(bitdoku.canon(g.puzzles).puzzles, empty="0")
    # The solution of a shuffled puzzle is the shuffled solution: still valid and unique.
    assert (bitdoku.solve(shuffled.puzzles).status == bitdoku.SOLVED).all()
    # Other integer dtypes are taken (checked to be 0-9).
    assert np.array_equal(bitdoku.solve(g.puzzles.astype(np.int64)).solutions, g.solutions)


def test_generate_targets():
    g = bitdoku.generate(4, seed=2, symmetry="central", level="medium", order="hodoku")
    assert (g.status == bitdoku.SOLVED).all()
    assert np.array_equal(g.puzzles != 0, (g.puzzles != 0)[:, ::-1])
    assert bitdoku.rate(g.puzzles).level == ["medium"] * 4
    g = bitdoku.generate(3, seed=2, score=(100, 400), givens_max=30)
    r = bitdoku.rate(g.puzzles)
    assert ((100 <= r.score) & (r.score <= 400)).all()
    assert ((g.puzzles != 0).sum(axis=1) <= 30).all()
    g = bitdoku.generate(2, seed=1, level="extreme", timeout=0.0)
    assert (g.status == bitdoku.STUCK).all() and not g.puzzles.any()
    with pytest.raises(ValueError, match="level"):
        bitdoku.generate(1, level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        bitdoku.generate(1, symmetry="spiral")
    with pytest.raises(ValueError, match="require"):
        bitdoku.generate(1, require=["no-such-technique"])


def test_error_rows_come_back_as_statuses():
    rows = [P, DUPLICATE, NO_SOLUTION, MULTIPLE, "abc", "", P + " # a name", "x" * 81]
    r = bitdoku.solve(rows)
    assert bitdoku.status_names(r.status) == [
        "solved", "invalid", "no_solution", "multiple_solutions", "invalid", "invalid", "solved", "invalid",
    ]
    assert r.solutions[0] == r.solutions[6] == P_SOLUTION
    assert r.solutions[1] is None and r.solutions[3] is None
    assert r.errors[1] == "row 1: digit 1 repeated in r1"
    assert r.errors[4].startswith("row 4: bad character")
    assert r.errors[5] == "row 5: not a puzzle (blank or a comment)"
    assert set(r.errors) == {1, 4, 5, 7}
    a = np.zeros((3, 81), dtype=np.uint8)
    a[0, :2] = 5  # a digit repeated in a row
    a[2] = bitdoku.to_array([P])[0]
    r = bitdoku.solve(a)
    assert list(r.status) == [bitdoku.INVALID, bitdoku.MULTIPLE, bitdoku.SOLVED]
    assert r.errors == {0: "row 0: digit 5 repeated in r1"}
    for f in (bitdoku.count, bitdoku.rate, bitdoku.check, bitdoku.canon, bitdoku.shuffle):
        out = f(rows)
        assert out.status[1] == bitdoku.INVALID and out.status[0] != bitdoku.INVALID, f
        assert out.errors[1].startswith("row 1: digit 1 repeated"), f


def test_invalid_arguments_raise_value_errors_naming_the_row():
    bad = np.zeros((4, 81), dtype=np.uint8)
    bad[2, 7] = 10
    with pytest.raises(ValueError, match=r"row 2: cell 7 holds 10"):
        bitdoku.solve(bad)
    with pytest.raises(ValueError, match=r"row 1: cell 0 holds -1"):
        bitdoku.solve(np.array([[0] * 81, [-1] + [0] * 80]))
    with pytest.raises(ValueError, match=r"row 2: expected a str, got int"):
        bitdoku.solve([P, P, 7])
    with pytest.raises(ValueError, match=r"shape \(N, 81\)"):
        bitdoku.solve(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"reshape\(1, 81\)"):
        bitdoku.count(np.zeros(81, dtype=np.uint8))
    with pytest.raises(ValueError, match="dtype float"):
        bitdoku.rate(np.zeros((1, 81)))
    with pytest.raises(ValueError, match="one str"):
        bitdoku.solve(P)
    with pytest.raises(ValueError, match="threads"):
        bitdoku.solve([P], threads=100_000)
    with pytest.raises(ValueError, match="order"):
        bitdoku.rate([P], order="no-such-order")
    with pytest.raises(ValueError, match="limit"):
        bitdoku.count([P], limit=0)


def test_threads_give_the_same_results():
    lines = sample("magictour_top1465.txt", 600)
    one = bitdoku.solve(lines, threads=1)
    for t in (0, 2, 3):
        r = bitdoku.solve(lines, threads=t)
        assert r.solutions == one.solutions and np.array_equal(r.status, one.status)
    easy = sample("generated_minimal_10k.txt", 60)
    r1, r2 = bitdoku.rate(easy, threads=1), bitdoku.rate(easy, threads=2)
    assert r1.level == r2.level and np.array_equal(r1.er, r2.er) and np.array_equal(r1.score, r2.score)
    assert np.array_equal(bitdoku.solve(lines, logic=True).status, one.status)


def test_batches_release_the_gil():
    a = bitdoku.read(os.path.join(DATASETS, "forum_hardest_1905_11plus.txt")).puzzles[:8000]
    done = threading.Event()
    span = []

    def solve():
        t0 = time.monotonic()
        bitdoku.solve(a, threads=1)
        span.extend([t0, time.monotonic()])
        done.set()

    ticks = []
    t = threading.Thread(target=solve)
    t.start()
    while not done.is_set():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    t.join()
    during = [x for x in ticks if span[0] < x < span[1]]
    # With the GIL held for the whole call this thread could not tick while it ran.
    assert len(during) >= 5, (len(during), span[1] - span[0])


def test_logic_solving_and_stuck_rows():
    hard = sample("forum_hardest_1106.txt", 20)
    r = bitdoku.solve(hard, logic=True, fallback=False, order="singles")
    assert (r.status == bitdoku.STUCK).all()
    assert all(s is None for s in r.solutions)
    r = bitdoku.solve(hard, logic=True)
    assert (r.status == bitdoku.SOLVED).all()
    assert r.solutions == bitdoku.solve(hard).solutions


def test_hint_and_steps_match_the_cli_json(cli):
    got = bitdoku.hint(P)
    want = json.loads(run(cli, "hint", "--json", P)[0])
    del want["line"]
    assert got == want and got["status"] == "step"
    path = bitdoku.trace(P)
    want = json.loads(run(cli, "solve", "--json", "--trace", data=P.encode() + b"\n")[0])
    assert path["steps"] == want["steps"] and path["solution"] == P_SOLUTION
    assert path["status"] == "solved" and bitdoku.steps(P) == want["steps"]
    assert {"technique", "placements", "eliminations", "explanation"} <= set(path["steps"][0])
    # 81 values work as a puzzle too.
    assert bitdoku.hint(bitdoku.to_array([P])[0]) == got
    assert bitdoku.hint(NO_SOLUTION)["status"] == "no_solution"
    assert bitdoku.hint(P_SOLUTION)["status"] == "solved"
    with pytest.raises(ValueError, match="bad character"):
        bitdoku.hint("x" * 81)
    # Both print present's HintRow: the same JSON text, byte for byte, but the CLI's "line".
    for puzzle in (P, MULTIPLE, NO_SOLUTION, P_SOLUTION, sample("magictour_top1465.txt", 1)[0]):
        want = run(cli, "hint", "--json", puzzle)[0]
        assert want.startswith('{"line":1,')
        assert bitdoku._bitdoku.hint(puzzle, None) == "{" + want[len('{"line":1,') :]


def test_svg_and_explain_html_match_the_cli(cli, tmp_path):
    svg = tmp_path / "step.svg"
    run(cli, "hint", P, "--svg", str(svg))
    assert bitdoku.svg(P) == svg.read_text()
    assert bitdoku.svg(P, step=3).startswith("<svg")
    with pytest.raises(ValueError, match="steps"):
        bitdoku.svg(P, step=10_000)
    page = tmp_path / "page.html"
    run(cli, "explain", P, "--html", str(page))
    assert bitdoku.explain_html(P) == page.read_text()
    two = bitdoku.explain_html([P, MULTIPLE])
    assert "explanations of 2 puzzles" in two


HEADERLESS = P + ";11.9;11.9;11.3;source;2024\n" + MULTIPLE + ",1.2,1.2,1.2\n"


def test_read_formats_and_the_cli_agree(cli, tmp_path):
    rows = sample("generated_minimal_10k.txt", 20)
    kaggle = tmp_path / "kaggle.csv"
    sol = bitdoku.solve(rows).solutions
    kaggle.write_text("quizzes,solutions\n" + "".join(f"{r.replace('.', '0')},{s}\n" for r, s in zip(rows, sol)))
    named = tmp_path / "named.csv"
    named.write_text("id,puzzle,solution,clues,difficulty\n" + "".join(f"{i},{r},{s},24,1.0\n" for i, (r, s) in enumerate(zip(rows, sol))))
    hardest = tmp_path / "hardest.txt"
    hardest.write_text(HEADERLESS)
    for path, fmt, n in ((kaggle, "csv", 20), (named, "csv", 20), (hardest, "list", 2)):
        p = bitdoku.read(str(path))
        assert p.format == fmt and len(p.lines) == n and not p.errors
        assert p.headers == (1 if fmt == "csv" else 0)
        r = subprocess_run(cli, "solve", str(path))
        assert r.stdout.decode().splitlines() == cli_like(
            bitdoku.to_strings(bitdoku.solve(p.puzzles).solutions),
            bitdoku.solve(p.puzzles).status, {}, p.lines)
        if fmt == "csv":
            assert "1 header line skipped" in r.stderr.decode()
    assert bitdoku.read(str(kaggle)).puzzles.tolist() == bitdoku.to_array(rows).tolist()
    # --column / column=: the solutions column is a puzzle too (already solved).
    p = bitdoku.read(str(named), column="solution")
    assert bitdoku.to_strings(p.puzzles) == sol
    assert run(cli, "solve", str(named), "--column", "3") == sol
    # Forced formats and bad lines.
    p = bitdoku.read(HEADERLESS.encode(), input_format="lines")
    assert len(p.lines) == 0 and sorted(p.errors) == [1, 2]
    p = bitdoku.read(b"puzzle\n" + P.encode() + b"\nabc\n")
    assert (p.headers, list(p.lines)) == (1, [2])
    assert p.errors == {3: "line 3: bad character 'a' at column 1"}
    with pytest.raises(ValueError, match="no such column"):
        bitdoku.read(str(named), column="answer")
    s = bitdoku.read(HEADERLESS.encode(), as_strings=True)
    assert s.puzzles == [P, MULTIPLE] and list(s.lines) == [1, 2]


def subprocess_run(cli, *args):
    import subprocess

    r = subprocess.run([cli, *args], capture_output=True)
    assert r.returncode in (0, 1), r.stderr.decode()
    return r


def test_read_compressed(tmp_path):
    import gzip
    import lzma

    data = "\n".join(sample("norvig_top95.txt", 95)).encode()
    for name, packed in (("a.gz", gzip.compress(data)), ("a.xz", lzma.compress(data))):
        (tmp_path / name).write_bytes(packed)
        assert len(bitdoku.read(str(tmp_path / name)).lines) == 95


def test_guesses_match_the_cli(cli):
    lines = sample("magictour_top1465.txt", 8) + sample("forum_hardest_1106.txt", 3) + [P, MULTIPLE, NO_SOLUTION, DUPLICATE]
    want = run(cli, "rate", "--format", "%G", data="\n".join(lines).encode() + b"\n")
    r = bitdoku.guesses(lines, threads=2)
    assert len(want) == len(lines)
    for i, w in enumerate(want):
        if r.status[i] == bitdoku.INVALID:
            assert w.startswith("error: line"), w
            assert r.errors[i].startswith(f"row {i}: digit 1 repeated")
        else:
            assert f"{r.mean[i]:.1f}/{r.max[i]}" == w, (i, lines[i])
    assert bitdoku.status_names(r.status[-4:]) == ["solved", "multiple_solutions", "no_solution", "invalid"]
    assert r.mean[:8].mean() > 1.0 and (r.max[:11] >= r.mean[:11]).all()
    # Every isomorph of a puzzle rates the same; another seed or K gives another draw.
    iso = bitdoku.shuffle(lines[:4], seed=9).puzzles
    assert np.array_equal(bitdoku.guesses(iso).mean, r.mean[:4])
    assert not np.array_equal(bitdoku.guesses(lines[:8], seed=1, isomorphs=64).mean, r.mean[:8])
    # Arrays give the same numbers as strings.
    assert np.array_equal(bitdoku.guesses(bitdoku.to_array(lines[:4])).mean, r.mean[:4])
    grid = bitdoku.guesses(["123456789" * 81])
    assert grid.status[0] == bitdoku.INVALID and "candidate grids" in grid.errors[0]
    with pytest.raises(ValueError, match="isomorphs"):
        bitdoku.guesses([P], isomorphs=0)
