#!/bin/bash
# speed.sh PROFILE GAMES [analyze flags]: analyses each game of GAMES (one
# line each: seed, a tab, the moves) with klondike analyze and prints one
# line per game: seed, CPU seconds (user + system), wall seconds,
# first_lost, the verdicts as letters (w, l, u) and the number of
# positions searched (searches run, not nodes). Build the command first: go build -o /tmp/klondike ./cmd/klondike
p=$1; f=$2; shift 2
t=$(mktemp); o=$(mktemp)
trap 'rm -f "$t" "$o"' EXIT
while IFS=$'\t' read -r seed moves; do
  /usr/bin/time -f "%U %S %e" -o "$t" /tmp/klondike analyze --rules "$p" --seed "$seed" --moves "$moves" --json "$@" > "$o"
  read -r u s e < "$t"
  python3 - "$seed" "$u" "$s" "$e" "$o" <<'PY'
import json, sys
seed, u, s, e, path = sys.argv[1:]
d = json.load(open(path))
fl = "null" if d["first_lost"] is None else d["first_lost"]
print(seed, round(float(u) + float(s), 2), e, fl, "".join(v[0] for v in d["verdicts"]), sum(1 for n in d["nodes"] if n > 0))
PY
done < "$f"
