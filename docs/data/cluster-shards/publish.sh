#!/bin/sh
# Publishing alone on a Redis Cluster of MASTERS masters (loopback only):
# redis-benchmark sends N publishes of a race-sized event on random race
# channels spread over every master's slots, with COMMAND (SPUBLISH, a
# sharded channel, or PUBLISH, a classic one), and each master's CPU
# (/proc/PID/stat) is divided by N. No subscriber listens, so the figure
# is the cost of reaching the masters, not of delivering.
#
#   sh docs/data/cluster-shards/publish.sh 3 SPUBLISH > docs/data/cluster-shards/publish-3-spublish.txt
#
# Environment: N (200000), CLIENTS (8), BASE port (7100: masters on
# BASE.., cluster bus on BASE+50..).
set -eu
MASTERS=${1:-3}
COMMAND=${2:-SPUBLISH}
N=${N:-200000}
CLIENTS=${CLIENTS:-8}
BASE=${BASE:-7100}
if redis-cli -p "$BASE" ping >/dev/null 2>&1; then
	echo "publish.sh: port $BASE is taken" >&2
	exit 1
fi
DIR=$(mktemp -d /tmp/cluster-publish.XXXXXX)
cleanup() {
	i=0
	while [ $i -lt "$MASTERS" ]; do
		redis-cli -p $((BASE + i)) shutdown nosave >/dev/null 2>&1 || true
		i=$((i + 1))
	done
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
trap '' PIPE

ports=""
i=0
while [ $i -lt "$MASTERS" ]; do
	p=$((BASE + i))
	mkdir -p "$DIR/$p"
	(cd "$DIR/$p" && redis-server --port $p --bind 127.0.0.1 --cluster-enabled yes \
		--cluster-port $((BASE + 50 + i)) --cluster-config-file nodes.conf \
		--save '' --appendonly no --daemonize yes --logfile "$DIR/$p/log")
	ports="$ports $p"
	i=$((i + 1))
done
for p in $ports; do
	until redis-cli -p $p ping >/dev/null 2>&1; do sleep 0.1; done
done
addrs=$(for p in $ports; do printf '127.0.0.1:%s ' $p; done)
# shellcheck disable=SC2086
redis-cli --cluster create $addrs --cluster-replicas 0 --cluster-yes >"$DIR/create.log"
for p in $ports; do
	until redis-cli -p $p cluster info | grep -q cluster_state:ok; do sleep 0.1; done
done

ticks() {
	awk '{print $14 + $15}' /proc/"$(redis-cli -p "$1" info server | awk -F: '/^process_id/{print $2+0}')"/stat
}
for p in $ports; do redis-cli -p $p config resetstat >/dev/null; done
c0=""
for p in $ports; do c0="$c0 $(ticks $p)"; done
# A move event is about 120 bytes of JSON.
event='{"k":"move","race":"0123456789abcdef","racer":"0123456789abcdef","seq":42,"a":"t3-f1","n":"0123456789abcdef","p":[12,3,0]}'
redis-benchmark -p "$BASE" --cluster -n "$N" -c "$CLIENTS" -r 1000000 -q \
	"$COMMAND" "race:{tag}:__rand_int__" "$event" >"$DIR/bench.txt" 2>&1
c1=""
for p in $ports; do c1="$c1 $(ticks $p)"; done

hz=$(getconf CLK_TCK)
echo "# masters=$MASTERS command=$COMMAND n=$N clients=$CLIENTS date=$(date -u +%FT%TZ)"
echo "# machine: $(nproc) cores, $(awk '{print "load average " $1 " " $2 " " $3}' /proc/loadavg), $(redis-server --version | awk '{print $3}')"
echo "# redis-benchmark: $(tr '\r' '\n' <"$DIR/bench.txt" | grep -v '^$' | tail -1)"
i=0
for p in $ports; do
	a=$(echo $c0 | awk -v k=$((i + 1)) '{print $k}')
	b=$(echo $c1 | awk -v k=$((i + 1)) '{print $k}')
	calls=$(redis-cli -p $p info commandstats | tr -d '\r' | awk -F'[=,:]' -v c="cmdstat_$(echo "$COMMAND" | tr 'A-Z' 'a-z')" '$1 == c {print $3; f=1} END {if (!f) print 0}')
	echo "master $p cpu_s $(awk -v a="$a" -v b="$b" -v hz="$hz" 'BEGIN{printf "%.2f", (b - a) / hz}') calls $calls" \
		"us_per_publish $(awk -v a="$a" -v b="$b" -v hz="$hz" -v n="$N" 'BEGIN{printf "%.2f", (b - a) / hz / n * 1e6}')"
	i=$((i + 1))
done
for p in $ports; do echo "## INFO commandstats of master $p"; redis-cli -p $p info commandstats | tr -d '\r'; done
