#!/bin/bash
# usage: shares.sh BIN DATAFILE: profiles `BIN solve --threads 1 DATAFILE` (perf, 20 kHz) and prints
# the shares: search (Search::run*), set-up (count_solutions_with_stats), parse+IO = the rest
# (all threads), then quick_search_masks, UTF-8 decoding, the rest of the solving thread, the
# reader, writer and main threads (told apart by thread id: main < worker < reader < writer).
BIN=$1; IN=$2
perf record -q -F 20000 -o /tmp/sh.data $BIN solve --threads 1 $IN > /dev/null 2>&1
perf report -i /tmp/sh.data --no-children --stdio -n -s pid,sym 2>/dev/null | grep -v "^#" | grep -v "^$" > /tmp/sh.txt
python3 - <<'PY'
import re,collections
rows=[]
for l in open('/tmp/sh.txt'):
    m=re.match(r'\s*([\d.]+)%\s+(\d+)\s+(\d+):\S+\s+\[(.)\]\s+(.*)',l)
    if m: rows.append((int(m.group(2)),int(m.group(3)),m.group(5).strip()))
tot=sum(r[0] for r in rows)
bytid=collections.Counter()
for n,t,s in rows: bytid[t]+=n
search=sum(n for n,t,s in rows if 'Search::run' in s)
setup=sum(n for n,t,s in rows if 'count_solutions_with_stats' in s)
worker=max(bytid,key=bytid.get)
quick=sum(n for n,t,s in rows if 'quick_search_masks' in s or 'parse::quick' in s)
utf8=sum(n for n,t,s in rows if 'Utf8Chunks' in s or 'from_utf8' in s)
tids=sorted(bytid)  # main < worker < reader < writer by spawn order
main=tids[0]; others=[t for t in tids if t not in (main,worker)]
reader=bytid[others[0]] if others else 0
writer=sum(bytid[t] for t in others[1:])
wo=bytid[worker]-search-setup-quick-utf8
p=lambda x: f"{100*x/tot:.2f}"
print(f"samples {tot} search {p(search)} setup {p(setup)} parse+IO {p(tot-search-setup)} | quick {p(quick)} utf8 {p(utf8)} worker-other {p(wo)} reader {p(reader)} writer {p(writer)} main {p(bytid[main])}")
PY
