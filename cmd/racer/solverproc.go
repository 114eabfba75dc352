package main

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"strconv"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/solverproc"
)

// serveSolverProcess makes this process the solver process of the node
// that started it (match/solverproc) when solverproc.Env is set, and
// then exits; otherwise it returns.
func serveSolverProcess() {
	if os.Getenv(solverproc.Env) != "" {
		os.Exit(solverproc.ServeMain(games.Lookup))
	}
}

// newSolverProcess returns the client of the node's solver process: this
// binary run again with solverproc.Env set to o.poolNice (-pool-nice),
// the nice value its threads and its session's scheduling group lower
// themselves to, in a session of its own. Its Run keeps the
// process running. The solver pools and the analyses send their searches
// there, so that no solver thread belongs to the runtime that serves
// moves (match/solverproc says why); no thread of the node is niced.
// With o.solverYield (-solver-yield), each search first waits while the
// governor finds the node busy, and the process is stopped meanwhile;
// run the governor too.
func newSolverProcess(o options, log *slog.Logger) (*solverproc.Client, *solverproc.Governor, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cfg := solverproc.Config{
		Command: func() *exec.Cmd {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), solverproc.Env+"="+strconv.Itoa(o.poolNice))
			cmd.Stderr = os.Stderr
			ownSession(cmd)
			return cmd
		},
		Logger: log,
	}
	var gov *solverproc.Governor
	if o.solverYield > 0 {
		rate := o.solverRate
		if rate <= 0 {
			rate = -1 // no limit
		}
		gov = solverproc.NewGovernor(solverproc.GovernorConfig{Latency: o.solverYield, MaxRate: rate})
		cfg.Gate = gov.Wait
		if pauseWhileBusy {
			cfg.Pause = gov.State
		}
	}
	c, err := solverproc.New(cfg)
	return c, gov, err
}

// poolWinnable is game.PoolConfig.Winnable through the solver process c:
// a candidate the process could not judge is dropped.
func poolWinnable(c *solverproc.Client) func(ctx context.Context, profile string, seed uint64) bool {
	return func(ctx context.Context, profile string, seed uint64) bool {
		won, err := c.Winnable(ctx, profile, seed, game.PoolNodes, game.PoolTimeout)
		return err == nil && won
	}
}

// remoteLookup is games.Lookup whose analysers analyse in the solver
// process c.
func remoteLookup(c *solverproc.Client) func(profile string) (game.Variant, error) {
	return func(profile string) (game.Variant, error) {
		v, err := games.Lookup(profile)
		if err != nil {
			return nil, err
		}
		if _, ok := v.(game.Analyzer); !ok {
			return v, nil
		}
		return remoteAnalyzer{Variant: v, c: c, profile: profile}, nil
	}
}

// remoteAnalyzer is a variant whose Analyze runs in the solver process.
type remoteAnalyzer struct {
	game.Variant
	c       *solverproc.Client
	profile string
}

var _ game.Analyzer = remoteAnalyzer{}

// Analyze implements game.Analyzer.
func (r remoteAnalyzer) Analyze(ctx context.Context, seed uint64, moves []string, budget game.AnalysisBudget) (game.Analysis, error) {
	return r.c.Analyze(ctx, r.profile, seed, moves, budget)
}
