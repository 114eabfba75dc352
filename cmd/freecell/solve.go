package main

import (
	"context"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/internal/cli"
)

// runSolve is "freecell solve [--rules PROFILE] (--seed N | --deal DEAL)
// [--timeout D] [--nodes N] [--memory MiB] [--json]".
var runSolve = cli.SolveCommand(app, game,
	cli.SolveFlags{Timeout: solver.DefaultTimeout, Nodes: solver.DefaultMaxNodes, MemoryMiB: solver.DefaultMaxMemory >> 20},
	func(s freecell.State, f cli.SolveFlags) cli.Solution {
		res := solver.Solve(context.Background(), s, solver.Config{MaxNodes: f.Nodes, Timeout: f.Timeout, MaxMemory: f.MemoryMiB << 20})
		return cli.Solution{Verdict: res.Verdict.String(), Stop: res.Stop, Moves: cli.Strings(res.Moves), Nodes: res.Nodes, Duration: res.Duration}
	},
	"usage: freecell solve [--rules PROFILE] (--seed N | --deal \"DEAL\") [--timeout D] [--json]",
	"Solves the deal: \"won\" with a winning line (the safe moves to the foundations written out),",
	"\"lost\" (proven), or \"unknown\" when the budget runs out; then the nodes searched and the time taken.")

func init() {
	app.Register("solve", "solve a deal: won (with a winning line), lost or unknown", runSolve)
}
