#!/bin/bash
# Built first, as the method in docs/PERFORMANCE.md says:
#   go build -o /tmp/loadgen ./cmd/loadgen && go build -o /tmp/racer ./cmd/racer
# Goals 1-3 (Redis on port 6391 of its own), then goal 4 (memory store).
# The run behind the goal rows of docs/PERFORMANCE.md. Usage: run.sh OUTDIR
out=${1:-/tmp/pace}; mkdir -p $out
L=/tmp/loadgen; R=/tmp/racer
redis-cli -p 6391 ping >/dev/null 2>&1 || redis-server --port 6391 --save '' --appendonly no --daemonize yes --logfile /tmp/pace-redis.log
sleep 0.5
REDIS_PID=$(pgrep -f "redis-server .*:6391")
fresh() { # port, extra flags...
  port=$1; shift
  pkill -f "racer -addr 127.0.0.1:$port" ; sleep 1
  GOGC=400 $R -addr 127.0.0.1:$port -log-level error -archive off -rate 1000000 -burst 1000000 "$@" > $out/racer-$port.log 2>&1 &
  RACER_PID=$!; sleep 1
}
stamp() { echo "## $1 $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"; }
# goal 1
redis-cli -p 6391 flushall >/dev/null
fresh 18182 -redis redis://127.0.0.1:6391/0 -pool-size 0 -analysis-workers 0
redis-cli -p 6391 config resetstat >/dev/null
stamp goal1 | tee $out/goal1.txt
grep -E 'syscr|syscw' /proc/$RACER_PID/io > $out/goal1.io.before
$L race -target ws://127.0.0.1:18182/ws -conns 5000 -pace 1 -level random -warmup 4s -duration 30s \
  -pid $RACER_PID -redis-pid $REDIS_PID -echo -progress 0 >> $out/goal1.txt 2>&1
grep -E 'syscr|syscw' /proc/$RACER_PID/io > $out/goal1.io.after
redis-cli -p 6391 info commandstats > $out/goal1.commandstats
curl -s http://127.0.0.1:18182/metrics | grep -E '^racer_moves_total' > $out/goal1.moves
stamp end >> $out/goal1.txt
# goal 2
redis-cli -p 6391 flushall >/dev/null
fresh 18182 -redis redis://127.0.0.1:6391/0 -pool-size 0 -analysis-workers 0
redis-cli -p 6391 config resetstat >/dev/null
stamp goal2 | tee $out/goal2.txt
$L race -target ws://127.0.0.1:18182/ws -conns 256 -profile relaxed-3 -level random -warmup 4s -duration 12s \
  -pid $RACER_PID -redis-pid $REDIS_PID -echo -progress 0 >> $out/goal2.txt 2>&1
redis-cli -p 6391 info commandstats > $out/goal2.commandstats
stamp end >> $out/goal2.txt
pkill -f "racer -addr 127.0.0.1:18182"
# goal 3: pairs, default flags then pool off
for i in 1 2 3; do
  for mode in default off; do
    redis-cli -p 6391 flushall >/dev/null
    if [ $mode = default ]; then fresh 18182 -redis redis://127.0.0.1:6391/0 -pool-file ''; else fresh 18182 -redis redis://127.0.0.1:6391/0 -pool-file '' -pool-size 0 -analysis-workers 0; fi
    stamp "goal3 $mode $i" >> $out/goal3.txt
    $L race -target ws://127.0.0.1:18182/ws -conns 5000 -pace 1 -level random -warmup 4s -duration 30s \
      -pid $RACER_PID -redis-pid $REDIS_PID -progress 0 2>&1 | grep -E "latency|server CPU|redis CPU|errors|operations" >> $out/goal3.txt
    ps -o pid,comm,time --ppid $RACER_PID | tail -n +2 >> $out/goal3.txt
  done
done
pkill -f "racer -addr 127.0.0.1:18182"
# goal 4: memory store
fresh 18181 -pool-size 0 -analysis-workers 0
stamp "goal4 saturation" > $out/goal4.txt
$L race -target ws://127.0.0.1:18181/ws -conns 256 -profile relaxed-3 -level random -warmup 4s -duration 12s -pid $RACER_PID -echo -progress 0 >> $out/goal4.txt 2>&1
fresh 18181 -pool-size 0 -analysis-workers 0
stamp "goal4 spectators" >> $out/goal4.txt
$L spectate -target ws://127.0.0.1:18181/ws -conns 1000 -pace 10 -duration 15s -pid $RACER_PID -progress 0 >> $out/goal4.txt 2>&1
stamp "goal4 bare spectators" >> $out/goal4.txt
$L spectate -conns 1000 -pace 10 -duration 15s -progress 0 >> $out/goal4.txt 2>&1
for i in 1 2 3; do
  fresh 18181 -pool-size 0 -analysis-workers 0
  stamp "goal4 idle $i" >> $out/goal4.txt
  $L idle -target ws://127.0.0.1:18181/ws -conns 19900 -per-proc 10000 -settle 3s -duration 10s -pid $RACER_PID -progress 0 >> $out/goal4.txt 2>&1
done
pkill -f "racer -addr 127.0.0.1:18181"
stamp done >> $out/goal4.txt
