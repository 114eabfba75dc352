#!/bin/bash
# sample.sh DIR INTERVAL COUNT samples a soak COUNT times, INTERVAL seconds
# apart (plus the time a sample takes): Redis's INFO memory and key count,
# the node's RSS (DIR/racer.pid), goroutines (-pprof-addr) and heap in use
# (/metrics) into DIR/mem.csv, and every key of Redis grouped by kind
# (segments that look like IDs replaced by *) with its count and the sum of
# MEMORY USAGE into DIR/kinds.csv. Ports: REDIS_PORT (16390), RACER
# (127.0.0.1:18390) and PPROF (127.0.0.1:18391). A scan of every key is
# meant for a Redis of the soak's own, not a shared one.
out=$1 iv=$2 n=$3
P="redis-cli -p ${REDIS_PORT:-16390}"
racer=${RACER:-127.0.0.1:18390} pprof=${PPROF:-127.0.0.1:18391}
echo "utc,elapsed_s,used_memory,used_memory_rss,keys,racer_rss_kb,racer_goroutines,racer_heap_inuse" > "$out/mem.csv"
echo "utc,elapsed_s,kind,keys,bytes" > "$out/kinds.csv"
t0=$(date +%s)
for ((i = 0; i < n; i++)); do
	now=$(date -u +%H:%M:%S) el=$(($(date +%s) - t0))
	info=$($P info memory | tr -d '\r')
	um=$(echo "$info" | awk -F: '/^used_memory:/{print $2}')
	ur=$(echo "$info" | awk -F: '/^used_memory_rss:/{print $2}')
	ks=$($P dbsize | tr -d '\r')
	pid=$(cat "$out/racer.pid" 2>/dev/null)
	rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status" 2>/dev/null)
	gr=$(curl -s --max-time 5 "http://$pprof/debug/pprof/goroutine?debug=1" | head -1 | awk '{print $NF}')
	hi=$(curl -s --max-time 5 "http://$racer/metrics" | awk '/^go_memstats_heap_inuse_bytes /{printf "%d", $2}')
	echo "$now,$el,$um,$ur,$ks,$rss,$gr,$hi" >> "$out/mem.csv"
	$P --scan > "$out/keys.txt"
	awk '{print "MEMORY USAGE \"" $0 "\""}' "$out/keys.txt" | $P > "$out/sizes.txt"
	paste -d'\t' "$out/keys.txt" "$out/sizes.txt" | awk -F'\t' -v now="$now" -v el="$el" '
		{ n = split($1, s, ":"); k = ""
		  for (j = 1; j <= n; j++) { seg = s[j]
		    if (seg ~ /^\{.*\}$/) seg = "{*}"
		    else if (seg ~ /[0-9]/ && length(seg) >= 4) seg = "*"
		    else if (length(seg) >= 16) seg = "*"
		    k = (j == 1) ? seg : k ":" seg }
		  c[k]++; b[k] += $2 }
		END { for (k in c) printf "%s,%d,%s,%d,%d\n", now, el, k, c[k], b[k] }' | sort -t, -k3 >> "$out/kinds.csv"
	sleep "$iv"
done
rm -f "$out/keys.txt" "$out/sizes.txt"
