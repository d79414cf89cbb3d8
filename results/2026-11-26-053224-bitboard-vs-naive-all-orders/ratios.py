"""Bitboard/naive ratios from a bench results folder's raw.csv: per row, geometric means over
all rows and over the singles/seeds rows only, and the F table (bitboard time beyond the shared
count divided by F)."""
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/raw.csv")))
by = {(r["corpus"], r["engine"], r["order"]): r for r in rows}
brute = {r["corpus"]: float(r["us_per_puzzle"]) for r in rows if r["engine"] == "brute"}
out = []
for (c, e, o), r in by.items():
    if e != "bitboard" or (c, "naive", o) not in by:
        continue
    n = by[(c, "naive", o)]
    b_us, n_us = float(r["us_per_puzzle"]), float(n["us_per_puzzle"])
    shared = brute[c] * float(r["counted_share"])
    out.append((c, o, b_us, n_us, shared))
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
print("| corpus | order | bitboard us | naive us | ratio | ceiling |")
print("|---|---|---:|---:|---:|---:|")
for c, o, b, n, s in out:
    print(f"| {c} | {o} | {b:.1f} | {n:.1f} | {n/b:.1f}x | {n/max(s,1e-9):.1f}x |")
print()
print(f"geomean over {len(out)} rows: {g([n/b for _,_,b,n,_ in out]):.2f}x")
old = [n / b for _, o, b, n, _ in out if o in ("singles", "seeds")]
print(f"geomean over the {len(old)} singles/seeds rows: {g(old):.2f}x")
new = [n / b for _, o, b, n, _ in out if o not in ("singles", "seeds")]
print(f"geomean over the {len(new)} hodoku/all/complete rows: {g(new):.2f}x")
print(f"geomean of ceilings: {g([n/max(s,1e-9) for _,_,_,n,s in out]):.2f}x")
print()
print("| F | " + " | ".join(str(f) for f in (1, 1.1, 1.25, 1.5, 2, 3)) + " |")
print("|---|" + "---:|" * 6)
vals = []
for f in (1, 1.1, 1.25, 1.5, 2, 3):
    vals.append(g([n / (s + max(b - s, 0) / f) for _, _, b, n, s in out]))
print("| geomean | " + " | ".join(f"{v:.1f}x" for v in vals) + " |")
