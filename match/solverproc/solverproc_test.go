package solverproc_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/solverproc"
)

// TestMain serves as the solver process when a test starts this binary
// with solverproc.Env set: the registry's variants, a profile "hang"
// whose search runs until its context ends, and a profile "crash" whose
// search ends the process.
func TestMain(m *testing.M) {
	if os.Getenv(solverproc.Env) != "" {
		os.Exit(solverproc.ServeMain(func(profile string) (game.Variant, error) {
			switch profile {
			case "hang":
				v, err := games.Lookup("bvs")
				return hanging{v}, err
			case "crash":
				os.Exit(3)
			}
			return games.Lookup(profile)
		}))
	}
	os.Exit(m.Run())
}

// hanging is a variant whose Winnable searches until ctx ends.
type hanging struct{ game.Variant }

func (hanging) Winnable(ctx context.Context, _ uint64, _ int, _ time.Duration) (bool, error) {
	<-ctx.Done()
	return false, ctx.Err()
}

// startClient runs a Client on this test binary until the test ends;
// gate, if given, is its Config.Gate.
func startClient(t *testing.T, gate ...func(context.Context) error) *solverproc.Client {
	t.Helper()
	var cfg solverproc.Config
	if len(gate) > 0 {
		cfg.Gate = gate[0]
	}
	return startClientWith(t, cfg)
}

// startClientWith runs a Client of cfg, its Command and Restart set, on
// this test binary until the test ends.
func startClientWith(t *testing.T, cfg solverproc.Config) *solverproc.Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Command = func() *exec.Cmd {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), solverproc.Env+"=1")
		cmd.Stderr = os.Stderr
		return cmd
	}
	cfg.Restart = time.Millisecond
	c, err := solverproc.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return c
}

// TestSameVerdictsAsInProcess: the solver process answers Winnable and
// Analyze exactly as the variants do in this process.
func TestSameVerdictsAsInProcess(t *testing.T) {
	c := startClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	wins := 0
	for _, profile := range []string{"bvs", "relaxed-3", "spider-1"} {
		v, err := games.Lookup(profile)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 4; seed++ {
			want, err := v.Winnable(ctx, seed, 20_000, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Winnable(ctx, profile, seed, 20_000, time.Minute)
			if err != nil || got != want {
				t.Errorf("%s seed %d: Winnable got %v %v, want %v", profile, seed, got, err, want)
			}
			if want {
				wins++
			}
		}
	}
	if wins == 0 {
		t.Error("no deal proven winnable: the comparison saw only one verdict")
	}
	v, _ := games.Lookup("relaxed-3")
	moves := []string{"D", "D", "D"}
	budget := game.AnalysisBudget{MaxNodes: 5_000, GameNodes: 50_000, Timeout: time.Minute, GameTimeout: time.Minute}
	want, err := v.(game.Analyzer).Analyze(ctx, 3, moves, budget)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Analyze(ctx, "relaxed-3", 3, moves, budget)
	if err != nil {
		t.Fatal(err)
	}
	want.Durations, got.Durations = nil, nil // the only field that is the clock's
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Analyze in the process:\n got %+v\nwant %+v", got, want)
	}
	if _, err := c.Analyze(ctx, "relaxed-3", 3, []string{"no-such-move"}, budget); err == nil {
		t.Error("an analysis of a move that does not parse: got no error")
	}
	if _, err := c.Winnable(ctx, "no-such-profile", 1, 0, time.Second); err == nil {
		t.Error("an unknown profile: got no error")
	}
}

// TestProcessEndsMidSearch: a search whose solver process ends before
// it answers fails with ErrEnded, and the next search runs on the process started in its
// place.
func TestProcessEndsMidSearch(t *testing.T) {
	c := startClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := c.Winnable(ctx, "bvs", 1, 1000, time.Second); err != nil {
		t.Fatal(err)
	}
	pid := c.PID()
	if _, err := c.Winnable(ctx, "crash", 1, 0, time.Hour); !errors.Is(err, solverproc.ErrEnded) {
		t.Errorf("search that ends the process: got %v, want ErrEnded", err)
	}
	if _, err := c.Winnable(ctx, "bvs", 1, 1000, time.Second); err != nil {
		t.Errorf("search after the restart: %v", err)
	}
	if p := c.PID(); p == pid || p == 0 {
		t.Errorf("process after the restart: pid %d, want a new one (was %d)", p, pid)
	}
}

// TestSearchEndsWithItsContext: a caller whose context ends stops
// waiting at once; the process keeps serving.
func TestSearchEndsWithItsContext(t *testing.T) {
	c := startClient(t)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := c.Winnable(ctx, "hang", 1, 0, time.Hour)
		errc <- err
	}()
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	if _, err := c.Winnable(ctx2, "bvs", 1, 1000, time.Second); err != nil {
		t.Errorf("the next search: %v", err)
	}
}

// TestGateHoldsSearchesBack: a search waits on Config.Gate before it is
// sent, and the gate's error ends it.
func TestGateHoldsSearchesBack(t *testing.T) {
	open := make(chan struct{})
	c := startClient(t, func(ctx context.Context) error {
		select {
		case <-open:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := c.Winnable(ctx, "bvs", 1, 1000, time.Second); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("search behind a closed gate: got %v, want its context's deadline", err)
	}
	close(open)
	if _, err := c.Winnable(context.Background(), "bvs", 1, 1000, time.Second); err != nil {
		t.Errorf("search behind an open gate: %v", err)
	}
}

// TestSessionGroupLeftAlone: a solver process that does not lead its
// session (started without Setsid, as here) leaves the autogroup of the
// session it shares untouched.
func TestSessionGroupLeftAlone(t *testing.T) {
	before, err := os.ReadFile("/proc/self/autogroup")
	if err != nil {
		t.Skip("no autogroups here:", err)
	}
	c := startClient(t) // Env=1: nice 1
	if _, err := c.Winnable(context.Background(), "bvs", 1, 1000, time.Second); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile("/proc/self/autogroup"); string(after) != string(before) {
		t.Errorf("the test process's autogroup: %q before the solver process, %q after", before, after)
	}
}
