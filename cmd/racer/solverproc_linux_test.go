package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
)

// threadNices returns the nice value (stat field 19) or another field of
// every thread of process pid ("self" for this one), by thread id.
func threadNices(t *testing.T, pid string, field ...int) map[string]int64 {
	t.Helper()
	dirs, err := filepath.Glob(fmt.Sprintf("/proc/%s/task/*", pid))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("threads of %s: %v %v", pid, dirs, err)
	}
	out := map[string]int64{}
	for _, d := range dirs {
		b, err := os.ReadFile(d + "/stat")
		if err != nil {
			continue // the thread ended
		}
		s := string(b)
		// The command name, field 2, is in parentheses and may hold spaces.
		f := append([]string{"pid", "comm"}, strings.Fields(s[strings.LastIndexByte(s, ')')+1:])...)
		n := 19
		if len(field) > 0 {
			n = field[0]
		}
		out[filepath.Base(d)] = statInt(t, f, n)
	}
	return out
}

// TestPoolSolvesInANicedProcess: the solver pools search in the solver
// process, every thread of which runs at -pool-nice (19: also under
// SCHED_IDLE) in a scheduling group of its own where the kernel has
// autogroups, while every thread
// of the node keeps its priority and GOMAXPROCS does not grow; the
// seeds the pools deal are proven winnable.
func TestPoolSolvesInANicedProcess(t *testing.T) {
	skipWholeNodeIfShort(t)
	procs := runtime.GOMAXPROCS(0)
	// Threads other tests lowered end once the kernel runs them, which
	// can take a while on a busy machine: only a thread niced from now on
	// counts.
	nicedBefore := map[string]bool{}
	for tid, nice := range threadNices(t, "self") {
		nicedBefore[tid] = nice != 0
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o := options{poolSize: 1, poolWorkers: 1, poolNice: 19}
	sp, _, err := newSolverProcess(o, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	runCtx, stop := context.WithCancel(ctx)
	spDone := make(chan struct{})
	go func() { _ = sp.Run(runCtx); close(spDone) }()
	pools, err := newPools(o, sp, prometheus.NewRegistry(), log)
	if err != nil {
		t.Fatal(err)
	}
	pools.start(runCtx)
	seed, err := pools.pool("bvs").Next(ctx, "bvs")
	if err != nil {
		t.Fatal(err)
	}
	for tid, nice := range threadNices(t, strconv.Itoa(sp.PID())) {
		if nice != 19 {
			t.Errorf("solver process thread %s: nice %d, want 19", tid, nice)
		}
	}
	for tid, policy := range threadNices(t, strconv.Itoa(sp.PID()), 41) {
		if policy != 5 {
			t.Errorf("solver process thread %s: scheduling policy %d, want SCHED_IDLE (5)", tid, policy)
		}
	}
	// Where the kernel has no autogroups (or hides them) either file is
	// missing or empty, and there is no group to check.
	theirs, errTheirs := os.ReadFile(fmt.Sprintf("/proc/%d/autogroup", sp.PID()))
	mine, errMine := os.ReadFile("/proc/self/autogroup")
	if tf, mf := strings.Fields(string(theirs)), strings.Fields(string(mine)); errTheirs != nil || errMine != nil || len(tf) == 0 || len(mf) == 0 {
		t.Logf("no autogroups to compare: solver process %q (%v), node %q (%v)", theirs, errTheirs, mine, errMine)
	} else if !strings.HasSuffix(strings.TrimSpace(string(theirs)), "nice 19") || tf[0] == mf[0] {
		t.Errorf("solver process autogroup %q, want one of its own (the node's is %q) at nice 19", theirs, mine)
	}
	for tid, nice := range threadNices(t, "self") {
		if nice != 0 && !nicedBefore[tid] {
			t.Errorf("node thread %s: nice %d, want 0 (no solver thread in the node)", tid, nice)
		}
	}
	if got := runtime.GOMAXPROCS(0); got != procs {
		t.Errorf("GOMAXPROCS: %d after the pools started, want %d (no P for solver threads)", got, procs)
	}
	stop()
	pools.stop()
	<-spDone
	v, err := games.Lookup("bvs")
	if err != nil {
		t.Fatal(err)
	}
	if won, err := v.Winnable(ctx, seed, 0, game.PoolTimeout); err != nil || !won {
		t.Errorf("seed %d dealt by the pool: Winnable %v %v, want proven here too", seed, won, err)
	}
}
