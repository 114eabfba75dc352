"""Tables of docs/SOLVER.md "The pools' budget" and the dealer rows of
docs/PERFORMANCE.md from the CSV files here: python3 summary.py DIR."""
import collections
import csv
import glob
import os
import sys

d = sys.argv[1] if len(sys.argv) > 1 else "."
ORDER = ["bvs", "classic", "spider-1", "spider-2", "spider-4", "freecell", "freecell-3"]
SHOW = ["ref", "100000", "50000", "30000", "10000"]

# The budget tool's files: one line per search.
by = collections.defaultdict(dict)
for f in sorted(glob.glob(os.path.join(d, "*.csv"))):
    for r in csv.DictReader(open(f)):
        by[(r["profile"], r["seed"])][r["budget"]] = r
budgets = sorted({b for v in by.values() for b in v})
print("| profile | candidates | won within 2M | share of those won within 100,000 / 50,000 / 30,000 / 10,000 | CPU per proven seed, 2M / 100,000 / 50,000 / 30,000 / 10,000 | winning line, 2M / 50,000 |")
print("|---|---|---|---|---|---|")
mix = collections.defaultdict(list)
for p in ORDER:
    seeds = [k for k, v in by.items() if k[0] == p and all(b in v for b in budgets)]
    if not seeds:
        continue
    refwon = {k for k in seeds if by[k]["ref"]["verdict"] == "won"}
    share, cost, line = [], [], {}
    for b in SHOW:
        won = [k for k in seeds if by[k][b]["verdict"] == "won"]
        cpu = sum(int(by[k][b]["cpu_us"]) for k in seeds) / 1000
        per = cpu / max(1, len(won))
        mix[b].append(per)
        cost.append(f"{per:.1f}")
        if b != "ref":
            share.append(f"{100 * len(set(won) & refwon) / len(refwon):.0f} %")
        line[b] = sum(int(by[k]["ref"]["moves"]) for k in won) / max(1, len(won))
    print(f"| `{p}` | {len(seeds)} | {len(refwon)} ({100 * len(refwon) / len(seeds):.0f} %) | {' / '.join(share)} | {' / '.join(cost)} ms | {line['ref']:.0f} / {line['50000']:.0f} moves |")
print()
for b in SHOW:
    v = mix[b]
    print(f"mix of the {len(v)} quick profiles, equal shares, budget {b}: {sum(v) / len(v):.1f} ms per proven seed")
print()

# The bot runs: loadgen bots -csv, one file per profile, first seed and budget.
def load(f):
    return {int(r["seed"]): r["won"] == "true" for r in csv.DictReader(open(f))}

print("| profile | budget | winnable deals (2M) | kept | bot wins on the kept | bot wins on the dropped |")
print("|---|---|---|---|---|---|")
for p in ORDER:
    files = collections.defaultdict(list)
    for f in glob.glob(os.path.join(d, "bots", f"{p}-*.csv")):
        s = load(f)
        if s:  # a run still going has written nothing
            files[os.path.basename(f)[:-4].split("-")[-1]].append(s)
    if "2000000" not in files:
        continue
    ref = {}
    for s in files["2000000"]:
        ref.update(s)
    for b in ["2000000", "100000", "50000", "30000"]:
        if b not in files:
            continue
        keep, cover = {}, set()
        for s in files[b]:
            keep.update(s)
        # The seeds both runs cover: each run stops at its n-th deal.
        for s in files[b]:
            for r in files["2000000"]:
                lo, hi = max(min(s), min(r)), min(max(s), max(r))
                cover |= {k for k in ref if lo <= k <= hi}
        refk = sorted(cover)
        kept = [k for k in refk if k in keep]
        drop = [k for k in refk if k not in keep]
        w = sum(keep[k] for k in kept)
        wd = sum(ref[k] for k in drop)
        label = "2 million" if b == "2000000" else f"{int(b):,}"
        dropped = f"{wd} of {len(drop)} ({100 * wd / len(drop):.1f} %)" if drop else "–"
        print(f"| `{p}` | {label} | {len(refk)} | {len(kept)} ({100 * len(kept) / max(1, len(refk)):.0f} %) | {w} ({100 * w / max(1, len(kept)):.1f} %) | {dropped} |")
