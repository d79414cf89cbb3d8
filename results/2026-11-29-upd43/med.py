import sys,re,statistics
cur=None; rows={}
for line in open(sys.argv[1]):
    if line.startswith('=='): cur=line.split()[1].split('/')[-1]; rows[cur]=[]; continue
    vals=dict(kv.split('=') for kv in line.split())
    rows[cur].append(vals)
for f,rs in rows.items():
    names=list(rs[0].keys()); base=names[0]
    out=[f"{f}:"]
    for n in names:
        med=statistics.median(float(r[n]) for r in rs)
        rat=statistics.median(float(r[n])/float(r[base]) for r in rs)
        out.append(f"{n} {med:.2f} s (ratio {rat:.3f})")
    print(' | '.join(out))
