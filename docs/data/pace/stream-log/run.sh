#!/bin/bash
# The sitting: goal-1 runs alternated, three rounds. Usage: run.sh OUTDIR
out=${1:-/tmp/sitting}; mkdir -p $out
g1() { # OUTDIR, then racer flags; RACER is the binary
  local out=$1; shift; mkdir -p $out
  local L=/tmp/loadgen R=${RACER:-/tmp/racer}
  redis-cli -p 6391 ping >/dev/null 2>&1 || redis-server --port 6391 --save '' --appendonly no --daemonize yes --logfile /tmp/pace-redis.log
  sleep 0.5
  REDIS_PID=$(pgrep -f "redis-server .*:6391")
  redis-cli -p 6391 flushall >/dev/null; [ -n "$RCONF" ] && redis-cli -p 6391 config set $RCONF
  pkill -f "racer -addr 127.0.0.1:18182"; sleep 1
  GOGC=400 $R -addr 127.0.0.1:18182 -log-level error -archive off -rate 1000000 -burst 1000000 -redis redis://127.0.0.1:6391/0 -pool-size 0 -analysis-workers 0 "$@" > $out/racer.log 2>&1 &
  RACER_PID=$!; sleep 1
  redis-cli -p 6391 config resetstat >/dev/null
  echo "## goal1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg) flags: $*" > $out/goal1.txt
  $L race -target ws://127.0.0.1:18182/ws -conns 5000 -pace 1 -level random -warmup 4s -duration 30s \
    -pid $RACER_PID -redis-pid $REDIS_PID -echo -progress 0 >> $out/goal1.txt 2>&1
  redis-cli -p 6391 info commandstats > $out/goal1.commandstats
  redis-cli -p 6391 info memory | grep -E "^used_memory:|^used_memory_dataset:" > $out/goal1.memory; redis-cli -p 6391 dbsize >> $out/goal1.memory
  curl -s http://127.0.0.1:18182/metrics | grep -E '^racer_moves_total' > $out/goal1.moves
  kill $RACER_PID
  echo "## end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $out/goal1.txt
}
for round in 1 2 3; do
  for v in base exact lean head; do
    RACER=/tmp/racer-$v g1 $out/$v-$round
  done
done
