"""Per-profile means of the node's background CPU per race.

python3 summary.py *-games.csv *-races.csv

Prints, per profile and for the profiles in equal shares, in ms of CPU
per race (one steady and one relaxed racer on one deal, ending at the
first win, or at 15 minutes):

- analysis: the race's two games analysed under the default budget, as
  measured here (the machine's load made the clocks stop some searches
  early: a low end) and with the clocks lifted, each game capped at the
  4 s its clock allows (a high end: on a core of its own the 1 s a
  search may stop some searches before their positions run out);
- signals, both racers accounts: under the 1 s budget as measured here
  (a low end), and with the clock lifted capped at 1 s (what the default
  spends on a core of its own, where CPU time runs with the clock);
- signals, both racers guests (no solver).
"""

import csv
import sys
from collections import defaultdict

games = defaultdict(list)  # (profile, level) -> rows
races = defaultdict(list)  # profile -> rows
order = []
for path in sys.argv[1:]:
    with open(path) as f:
        for row in csv.DictReader(f):
            if "level" in row:
                games[(row["profile"], row["level"])].append(row)
            else:
                if row["profile"] not in order:
                    order.append(row["profile"])
                races[row["profile"]].append(row)


def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")


def game_high(r):
    """A game's analysis on a core of its own, at most: positions bound, 4 s of clock."""
    return min(int(r["unbounded_cpu_us"]), 4_000_000) / 1000


def race_high(p, r):
    """The race's two games, each capped at 4 s."""
    total = 0.0
    for lv in ("steady", "relaxed"):
        key = (p, lv + "@race")
        cut = [g for g in games[key] if g["seed"] == r["seed"]]
        g = cut[0] if cut else [g for g in games[(p, lv)] if g["seed"] == r["seed"]][0]
        total += game_high(g)
    return total


cols = ["steady game", "relaxed game", "analysis lo", "analysis hi", "signals lo", "signals 1core", "guest sig",
        "total lo", "total hi"]
print("%-10s %5s %4s " % ("profile", "races", "wins") + " ".join("%13s" % c for c in cols))
allv = defaultdict(list)
for p in order:
    rs = races[p]
    v = {
        "steady game": mean([game_high(r) for r in games[(p, "steady")]]),
        "relaxed game": mean([game_high(r) for r in games[(p, "relaxed")]]),
        "analysis lo": mean([int(r["analysis_cpu_us"]) / 1000 for r in rs]),
        "analysis hi": mean([race_high(p, r) for r in rs]),
        "signals lo": mean([int(r["signals_cpu_us"]) / 1000 for r in rs]),
        "signals 1core": mean([min(int(r["unbounded_signals_cpu_us"]) / 1000, 1000) for r in rs]),
        "guest sig": mean([int(r["guest_signals_cpu_us"]) / 1000 for r in rs]),
    }
    v["total lo"] = v["analysis lo"] + v["signals lo"]
    v["total hi"] = v["analysis hi"] + v["signals 1core"]
    for c in cols:
        allv[c].append(v[c])
    wins = sum(1 for r in rs if r["winner"])
    gs = [g for lv in ("steady", "relaxed", "steady@race", "relaxed@race") for g in games[(p, lv)]]
    timeouts = sum(int(g["search_timeouts"]) for g in gs)
    over = sum(1 for g in gs if int(g["unbounded_cpu_us"]) > 4_000_000)
    cut = sum(1 for r in rs if r["signals_timeout"] == "true")
    over1 = sum(1 for r in rs if int(r["unbounded_signals_cpu_us"]) > 1_000_000)
    print("%-10s %5d %4d " % (p, len(rs), wins) + " ".join("%13.1f" % v[c] for c in cols),
          " [searches stopped on 1 s here: %d of games' analyses; unbounded > 4 s: %d of %d;"
          " signals stopped on 1 s here: %d, unbounded > 1 s: %d]" % (timeouts, over, len(gs), cut, over1))
print("%-10s %5s %4s " % ("equal", "", "") + " ".join("%13.1f" % mean(allv[c]) for c in cols))
print("(ms of CPU; steady/relaxed game: one whole game's analysis, high end)")
