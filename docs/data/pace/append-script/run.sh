#!/bin/bash
# Goal-1 runs alternating two racer binaries on one Redis of their own.
# Usage: run.sh OUTDIR NAME=BINARY...   (each NAME once, in the order given)
out=$1; shift; mkdir -p $out
L=${LOADGEN:-/tmp/loadgen}; RP=${REDIS_PORT:-16401}; PORT=18471
REDIS_PID=$(redis-cli -p $RP info server | awk -F: '/process_id/{print $2}' | tr -d '\r')
for nb in "$@"; do
  name=${nb%%=*}; bin=${nb#*=}
  redis-cli -p $RP flushall >/dev/null
  GOGC=400 $bin -addr 127.0.0.1:$PORT -redis redis://127.0.0.1:$RP/0 -log-level error -pool-size 0 \
      -analysis-workers 0 -archive off -rate 1000000 -burst 1000000 > $out/$name.racer.log 2>&1 &
  RACER_PID=$!
  until curl -sf http://127.0.0.1:$PORT/metrics >/dev/null; do sleep 0.2; done
  echo "## $name $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" > $out/$name.txt
  $L race -target ws://127.0.0.1:$PORT/ws -conns ${CONNS:-5000} -pace 1 -level random -warmup 4s -duration 20s \
      -pid $RACER_PID -redis-pid $REDIS_PID -echo -progress 0 >> $out/$name.txt 2>&1 &
  LOAD=$!
  # CONFIG RESETSTAT once the race's moves come (the echo baseline runs first)
  until [ "$(curl -s http://127.0.0.1:$PORT/metrics | awk '/^racer_moves_total\{outcome="accepted"\}/{print $2}')" != "" ] && \
        [ "$(curl -s http://127.0.0.1:$PORT/metrics | awk '/^racer_moves_total\{outcome="accepted"\}/{print ($2 > 2000)}')" = 1 ]; do sleep 0.5; done
  redis-cli -p $RP config resetstat >/dev/null
  m0=$(curl -s http://127.0.0.1:$PORT/metrics | awk '/^racer_moves_total\{outcome="accepted"\}/{print $2}')
  wait $LOAD
  m1=$(curl -s http://127.0.0.1:$PORT/metrics | awk '/^racer_moves_total\{outcome="accepted"\}/{print $2}')
  redis-cli -p $RP info commandstats > $out/$name.commandstats
  echo "accepted moves since RESETSTAT: $m0 -> $m1" >> $out/$name.commandstats
  echo "## end $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $out/$name.txt
  kill $RACER_PID; wait $RACER_PID 2>/dev/null
done
