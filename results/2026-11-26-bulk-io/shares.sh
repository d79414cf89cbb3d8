#!/bin/bash
# usage: shares.sh BIN DATAFILE [THREADS]: profiles `BIN solve --threads THREADS DATAFILE` (perf,
# 20 kHz, default 1 thread) and prints the shares of all samples of all threads, counted as in
# results/2026-11-25-parse-io: search (Search::run*), set-up (every other bitdoku_brute symbol:
# count_solutions_with_stats, or count_solutions_prepared and Board::digits_of after the
# prepared entry), parse+IO = everything else; then parse+IO split into the parse shortcut
# (every bitdoku_bitboard::quick symbol: quick_search_masks, quick_parts, parts_v3), the rest of the
# solving thread (the thread with the most samples: user code, then kernel), and every other
# thread (reader, writer, pool, start-up threads).
BIN=$1; IN=$2; T=${3:-1}
perf record -q -F 20000 -o /tmp/bio.data $BIN solve --threads $T $IN > /dev/null 2>&1
perf report -i /tmp/bio.data --no-children --stdio -n -s pid,sym 2>/dev/null | grep -v "^#" | grep -v "^$" > /tmp/bio.txt
python3 - <<'PY'
import re,collections
rows=[]
for l in open('/tmp/bio.txt'):
    m=re.match(r'\s*([\d.]+)%\s+(\d+)\s+(\d+):\S+\s+\[(.)\]\s+(.*)',l)
    if m: rows.append((int(m.group(2)),int(m.group(3)),m.group(4),m.group(5).strip()))
tot=sum(r[0] for r in rows)
bytid=collections.Counter()
for n,t,k,s in rows: bytid[t]+=n
search=sum(n for n,t,k,s in rows if 'Search::run' in s)
setup=sum(n for n,t,k,s in rows if s.startswith('bitdoku_brute::') and 'Search::run' not in s)
quick=sum(n for n,t,k,s in rows if s.startswith('bitdoku_bitboard::quick::'))
solver=max(bytid,key=bytid.get)
kern=sum(n for n,t,k,s in rows if t==solver and k=='k')
user=bytid[solver]-search-setup-quick-kern
other=tot-bytid[solver]
p=lambda x: f"{100*x/tot:.2f}"
print(f"samples {tot} search {p(search)} setup {p(setup)} parse+IO {p(tot-search-setup)} | quick {p(quick)} solver-user {p(user)} solver-kernel {p(kern)} other-threads {p(other)} ({len(bytid)} threads)")
PY
