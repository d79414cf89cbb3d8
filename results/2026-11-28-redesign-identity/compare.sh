#!/bin/bash
# compare.sh OLD NEW corpus...
O=$1; N=$2; shift 2
for c in "$@"; do
  for k in rate ratef hint check canon solvep; do
    a=$O/$k-$c.txt; b=$N/$k-$c.txt
    [ -f $a ] && [ -f $b ] || { echo "$k $c: missing"; continue; }
    if cmp -s $a $b; then echo "$k $c: identical ($(wc -l <$a) lines)"; else echo "$k $c: DIFFER $(diff $a $b | grep -c '^<') lines"; fi
  done
  a=$O/solve-$c.txt; b=$N/solve-$c.txt
  if [ -f $a ] && [ -f $b ]; then
    jq -S -c 'del(.score,.level,.er,.ep,.ed)' $a > /tmp/ident/sa.txt 2>/dev/null
    jq -S -c '.' $b > /tmp/ident/sb.txt 2>/dev/null
    if cmp -s /tmp/ident/sa.txt /tmp/ident/sb.txt; then echo "solvejson $c: identical ($(wc -l <$a) lines, rating fields removed from old)"; else echo "solvejson $c: DIFFER $(diff /tmp/ident/sa.txt /tmp/ident/sb.txt | grep -c '^<') lines"; fi
  else echo "solvejson $c: missing"; fi
done
