#!/usr/bin/env python3
"""Prints the table of docs/PERFORMANCE.md's "Redis Cluster: sharded
channels" from run.sh's outputs given as arguments (masters-3.txt ...).

Per run: the moves the two nodes accepted in the window; the published
messages (SPUBLISH or PUBLISH calls, every master); each master's CPU in
the window less its CPU in an idle window as long (both nodes connected,
no racer), over the accepted moves; and that summed over the masters."""
import sys


def read(path):
    run = {"masters": []}
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "#" and len(f) > 1 and f[1].startswith("masters="):
            run["head"] = dict(kv.split("=", 1) for kv in f[1:] if "=" in kv)
        elif f[0] == "#" and len(f) > 1 and f[1] == "machine:":
            run["machine"] = line[len("# machine: "):].strip()
        elif f[0] in ("window_s", "idle_window_s", "accepted_moves"):
            run[f[0]] = float(f[1])
        elif f[0] == "master":
            m = {"port": f[1]}
            for i in range(2, len(f) - 1, 2):
                m[f[i]] = float(f[i + 1])
            run["masters"].append(m)
    return run


def row(path):
    r = read(path)
    moves = r["accepted_moves"]
    scale = r["window_s"] / r["idle_window_s"]
    net = [m["cpu_s"] - m["idle_cpu_s"] * scale for m in r["masters"]]
    per = [n / moves * 1e6 for n in net]
    pub = sum(m["spublish"] + m["publish"] for m in r["masters"])
    kind = "SPUBLISH" if sum(m["spublish"] for m in r["masters"]) else "PUBLISH"
    name = path.rsplit('/', 1)[-1]
    racer = "RACER=/tmp/racer-classic " if name.startswith("classic") else "RACER=/tmp/racer-sharded "
    return (f"| {len(r['masters'])} | {kind} | {moves:,.0f} | "
            f"{pub:,.0f} ({pub / moves:.2f} a move) | "
            f"{min(per):.1f}–{max(per):.1f} | {sum(per):.1f} | "
            f"{sum(m['idle_cpu_s'] for m in r['masters']) / r['idle_window_s'] * 1e3:.0f} ms/s | "
            f"{r['head']['date']}, {r['machine']} | `{racer}sh run.sh {len(r['masters'])}` ([{name}](data/cluster-shards/{name})) |")


print("| masters | publish | accepted moves | published | Redis µs per accepted move, each master (idle subtracted) | all masters | idle masters' CPU | date, machine | command (raw data) |")
print("|---|---|---|---|---|---|---|---|---|")
for p in sys.argv[1:]:
    print(row(p))
