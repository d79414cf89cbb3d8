#!/usr/bin/env python3
"""Print each 81-character puzzle of standard input as a 729-character candidate grid
(givens keep one candidate; other cells lose the digits of their given peers)."""
import sys
for line in sys.stdin:
    p=line.strip()[:81]
    if len(p)<81: continue
    v=[int(c) if c.isdigit() else 0 for c in p]
    out=[]
    for i in range(81):
        r,c=divmod(i,9)
        if v[i]:
            out.append(''.join(str(d) if d==v[i] else '.' for d in range(1,10))); continue
        seen=set()
        for j in range(81):
            rj,cj=divmod(j,9)
            if v[j] and (rj==r or cj==c or (rj//3==r//3 and cj//3==c//3)): seen.add(v[j])
        out.append(''.join('.' if d in seen else str(d) for d in range(1,10)))
    print(''.join(out))
