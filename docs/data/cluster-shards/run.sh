#!/bin/sh
# Sharded Pub/Sub on Redis Cluster: two racer nodes on a Cluster of
# MASTERS masters (loopback only), cross-node races from two load tools at
# one move a second, and each master's CPU (/proc/PID/stat) beside the
# moves the nodes accepted (racer_moves_total) and its INFO commandstats.
# Bounded: the load runs WARMUP + DURATION, then everything it started is
# stopped.
#
#   go build -o /tmp/racer-h ./cmd/racer && go build -o /tmp/loadgen-h ./cmd/loadgen
#   sh docs/data/cluster-shards/run.sh 3 > docs/data/cluster-shards/masters-3.txt
#   sh docs/data/cluster-shards/run.sh 6 > docs/data/cluster-shards/masters-6.txt
#
# Environment: RACER (default /tmp/racer-h), LOADGEN (/tmp/loadgen-h),
# CONNS per node (800), DURATION (30s), WARMUP (6s), BASE port (7100: the
# masters listen on BASE.., their cluster bus on BASE+50..), NODE1/NODE2
# ports (18391/18392).
set -eu
MASTERS=${1:-3}
RACER=${RACER:-/tmp/racer-h}
LOADGEN=${LOADGEN:-/tmp/loadgen-h}
CONNS=${CONNS:-800}
DURATION=${DURATION:-30s}
WARMUP=${WARMUP:-6s}
BASE=${BASE:-7100}
NODE1=${NODE1:-18391}
NODE2=${NODE2:-18392}
PIDS=""

for n in $NODE1 $NODE2; do
	if curl -s -o /dev/null http://127.0.0.1:$n/; then
		echo "run.sh: port $n is taken" >&2
		exit 1
	fi
done
if redis-cli -p "$BASE" ping >/dev/null 2>&1; then
	echo "run.sh: port $BASE is taken" >&2
	exit 1
fi
DIR=$(mktemp -d /tmp/cluster-shards.XXXXXX)
cleanup() {
	for p in $PIDS; do kill "$p" 2>/dev/null || true; done
	i=0
	while [ $i -lt "$MASTERS" ]; do
		redis-cli -p $((BASE + i)) shutdown nosave >/dev/null 2>&1 || true
		i=$((i + 1))
	done
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
trap '' PIPE # a reader that goes away must not skip the cleanup

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

for n in $NODE1 $NODE2; do
	GOGC=400 "$RACER" -addr 127.0.0.1:$n -redis redis://127.0.0.1:$BASE -redis-cluster -log-level error \
		-pool-size 0 -analysis-workers 0 -archive off -rate 1000000 -burst 1000000 -daily-warm=false \
		>"$DIR/racer-$n.log" 2>&1 &
	PIDS="$PIDS $!"
done
for n in $NODE1 $NODE2; do
	until curl -sf http://127.0.0.1:$n/metrics >/dev/null; do sleep 0.1; done
done
for p in $PIDS; do kill -0 "$p" # both nodes up, neither exited
done

accepted() {
	t=0
	for n in $NODE1 $NODE2; do
		v=$(curl -s http://127.0.0.1:$n/metrics | awk '/^racer_moves_total\{outcome="accepted"\}/{print $2}')
		t=$(awk -v a="$t" -v b="${v:-0}" 'BEGIN{printf "%.0f", a + b}')
	done
	echo "$t"
}
ticks() { # utime + stime of the redis-server on port $1, in clock ticks
	awk '{print $14 + $15}' /proc/"$(redis-cli -p "$1" info server | awk -F: '/^process_id/{print $2+0}')"/stat
}

# Idle: the masters' CPU with both nodes connected and no racer, over
# as long as the measured window, to subtract their fixed cost (cluster
# bus, cron, health checks) from the load's.
i0=""
for p in $ports; do i0="$i0 $(ticks $p)"; done
ti0=$(date +%s.%N)
sleep "${DURATION%s}"
ti1=$(date +%s.%N)
i1=""
for p in $ports; do i1="$i1 $(ticks $p)"; done

for n in $NODE1 $NODE2; do
	"$LOADGEN" race -target ws://127.0.0.1:$n/ws -conns "$CONNS" -pace 1 -level random \
		-warmup "$WARMUP" -duration "$((${DURATION%s} + 10))s" -progress 0 >"$DIR/load-$n.txt" 2>&1 &
	PIDS="$PIDS $!"
	LOADS="${LOADS:-} $!"
done
# The measured window: from when both tools have every connection racing
# (the first accepted moves plus WARMUP) to the end of DURATION.
until [ "$(accepted)" -gt 0 ]; do sleep 0.2; done
sleep "${WARMUP%s}"
for p in $ports; do redis-cli -p $p config resetstat >/dev/null; done
t0=$(date +%s.%N)
m0=$(accepted)
c0=""
for p in $ports; do c0="$c0 $(ticks $p)"; done
sleep "${DURATION%s}"
t1=$(date +%s.%N)
m1=$(accepted)
c1=""
for p in $ports; do c1="$c1 $(ticks $p)"; done

hz=$(getconf CLK_TCK)
echo "# masters=$MASTERS conns_per_node=$CONNS pace=1/s duration=$DURATION date=$(date -u +%FT%TZ)"
echo "# machine: $(nproc) cores, $(awk '{print "load average " $1 " " $2 " " $3}' /proc/loadavg), $(redis-server --version | awk '{print $3}')"
echo "window_s $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", b - a}')"
echo "accepted_moves $((m1 - m0))"
echo "idle_window_s $(awk -v a="$ti0" -v b="$ti1" 'BEGIN{printf "%.2f", b - a}')"
i=0
for p in $ports; do
	a=$(echo $c0 | awk -v k=$((i + 1)) '{print $k}')
	b=$(echo $c1 | awk -v k=$((i + 1)) '{print $k}')
	stats=$(redis-cli -p $p info commandstats | tr -d '\r')
	calls() { echo "$stats" | awk -F'[=,:]' -v c="cmdstat_$1" '$1 == c {print $3; f=1} END {if (!f) print 0}'; }
	usec() { echo "$stats" | awk -F'[=,:]' -v c="cmdstat_$1" '$1 == c {print $5; f=1} END {if (!f) print 0}'; }
	ia=$(echo $i0 | awk -v k=$((i + 1)) '{print $k}')
	ib=$(echo $i1 | awk -v k=$((i + 1)) '{print $k}')
	echo "master $p cpu_s $(awk -v a="$a" -v b="$b" -v hz="$hz" 'BEGIN{printf "%.2f", (b - a) / hz}')" \
		"idle_cpu_s $(awk -v a="$ia" -v b="$ib" -v hz="$hz" 'BEGIN{printf "%.2f", (b - a) / hz}')" \
		"spublish $(calls spublish) spublish_usec $(usec spublish) publish $(calls publish) publish_usec $(usec publish)" \
		"evalsha $(calls evalsha) evalsha_usec $(usec evalsha) ssubscribe $(calls ssubscribe) keys $(redis-cli -p $p dbsize)"
	i=$((i + 1))
done
for l in $LOADS; do wait "$l" || true; done
for n in $NODE1 $NODE2; do echo "## load tool on node $n"; cat "$DIR/load-$n.txt"; done
for p in $ports; do echo "## INFO commandstats of master $p"; redis-cli -p $p info commandstats | tr -d '\r'; done
