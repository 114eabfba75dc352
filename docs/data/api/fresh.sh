#!/bin/bash
# fresh.sh [RACER] [N]: starts RACER (default /tmp/racer, built with
# go build -o /tmp/racer ./cmd/racer) with its default flags as a fresh
# node (an empty HOME and XDG data directory, so no archive and no saved
# seeds; loopback, a free port), and from the moment it listens sends N
# requests (default 200), one after the other on one connection, going
# round every HTTP endpoint: /api/daily/{profile} of every profile the
# node announces, the other API paths, a practice request and a practice
# auto-complete whose search takes its whole budget, the page, /healthz,
# /readyz and /metrics. Prints each request's status and
# latency, then p50, p99 and max, the statuses counted, and the slowest
# endpoint. The node's solver pool and daily searches run meanwhile.
set -euo pipefail
racer=${1:-/tmp/racer}
n=${2:-200}
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
HOME=$dir XDG_DATA_HOME=$dir XDG_CACHE_HOME=$dir "$racer" -addr 127.0.0.1:0 -log-format text >"$dir/out" 2>"$dir/log" &
pid=$!
for _ in $(seq 200); do
  grep -q '^racer listening on ' "$dir/out" && break
  sleep 0.05
done
url=$(sed -n 's/^racer listening on //p' "$dir/out")
python3 - "$url" "$n" <<'PY'
import http.client, json, sys, time, urllib.parse
base, n = sys.argv[1], int(sys.argv[2])
u = urllib.parse.urlsplit(base)
conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
def req(method, path, body=None):
    h = {"Content-Type": "application/json"} if body else {}
    t0 = time.perf_counter()
    conn.request(method, path, body=body, headers=h)
    r = conn.getresponse()
    data = r.read()
    return r.status, (time.perf_counter() - t0) * 1000, data, r.getheader("Retry-After")
_, _, cfg, _ = req("GET", "/api/web/config")
profiles = [p["name"] for p in json.loads(cfg)["profiles"]]
p = "a1b2c3d4e5f60718"
today = time.strftime("%Y-%m-%d", time.gmtime())
paths = [("GET", "/api/daily/" + x) for x in profiles] + [("GET", x) for x in [
    "/api/web/config", "/api/races", f"/api/races?profile=bvs&day={today}",
    "/api/leaderboard/bvs/rating", "/api/leaderboard/bvs/wins?period=day", "/api/leaderboard/bvs/daily",
    f"/api/leaderboard/bvs/wins/player/{p}", f"/api/rating/bvs/{p}", f"/api/ratings/bvs?players={p}",
    "/api/replay/0123456789abcdef01", "/api/analysis/0123456789abcdef01", "/api/arenas", "/api/arenas/none",
    f"/api/players/{p}", f"/api/players/{p}/history/bvs", "/api/practice/analysis/" + "0" * 24,
    "/", "/static/app.js", "/healthz", "/readyz", "/metrics"]] + [
    ("POST", "/api/practice", json.dumps({"rules": "bvs", "seed": "1", "moves": []})),
    # an auto-complete whose search runs to its 3 s budget
    ("POST", "/api/practice", json.dumps({"rules": "classic", "seed": "1", "moves": [], "want": "solve"}))]
rows = []
for i in range(n):
    m, path, *body = paths[i % len(paths)]
    status, ms, _, retry = req(m, path, body[0] if body else None)
    rows.append((ms, status, m + " " + path + (" " + body[0] if body and "want" in body[0] else "")))
    print(f"{i:3d} {status} {ms:8.2f} ms {rows[-1][2]}" + (f" Retry-After {retry}" if retry else ""))
ms = sorted(r[0] for r in rows)
q = lambda f: ms[min(len(ms) - 1, int(f * len(ms)))]
counts = {}
for r in rows:
    counts[r[1]] = counts.get(r[1], 0) + 1
worst = max(rows)
print(f"requests {n}: p50 {q(0.50):.2f} ms, p99 {q(0.99):.2f} ms, max {ms[-1]:.2f} ms; statuses {dict(sorted(counts.items()))}; slowest {worst[2]} ({worst[1]})")
PY
grep -E 'daily challenges ready|searching today' "$dir/log" || true
