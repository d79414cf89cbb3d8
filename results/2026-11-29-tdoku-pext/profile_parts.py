import sys, re, subprocess
data=sys.argv[1]
out=subprocess.run(["perf","report","-i",data,"--no-children","--sort","srcline","--stdio","-g","none"],capture_output=True,text=True).stdout
parts={}
def part(f,l):
    if f=="solver.rs":
        if 52<=l<=66 or 330<=l<=370: return "stack step (column_step, rot)"
        if 100<=l<=126 or 183<=l<=221: return "band step update (incl. occupancy)"
        if 222<=l<=250: return "band step: dirty tests and fixpoint loop"
        if 251<=l<=329: return "naked singles"
        if 371<=l<=405: return "propagate loop"
        if 406<=l<=506: return "guess choice, digits, assign"
        return "solver.rs other (line %d)"%l if l else "solver.rs line 0"
    if f=="search.rs": return "search (copies, recursion)"
    if f in ("bmi2.rs",): return "band step update (incl. occupancy)"
    return "other"
for line in out.splitlines():
    m=re.match(r'\s*([\d.]+)%\s+(\S+?):(\d+)',line)
    if not m:
        m2=re.match(r'\s*([\d.]+)%\s+(.*)',line)
        if m2 and not line.startswith('#'):
            parts["other"]=parts.get("other",0)+float(m2.group(1))
        continue
    p=part(m.group(2),int(m.group(3)))
    if p.startswith("solver.rs line 0") or p.startswith("solver.rs other"): p="solver.rs unattributed (line 0)"
    parts[p]=parts.get(p,0)+float(m.group(1))
for k,v in sorted(parts.items(),key=lambda x:-x[1]): print(f"| {k} | {v:.1f}% |")
