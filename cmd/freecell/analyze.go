package main

import (
	"context"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/internal/cli"
)

// runAnalyze is "freecell analyze [--rules PROFILE] (--seed N | --deal
// DEAL) --moves "M1 M2 …" [--nodes N] [--timeout D] [--game-nodes N]
// [--game-timeout D] [--memory MiB] [--json]".
var runAnalyze = cli.AnalyzeCommand(app, game, solver.DefaultMaxMemory>>20, freecell.ParseMove,
	func(ctx context.Context, s freecell.State, moves []freecell.Move, f cli.AnalyzeFlags) (solver.Analysis, error) {
		return solver.Analyze(ctx, s, moves, solver.AnalyzeConfig{AnalysisBudget: f.Budget(), MaxMemory: f.MemoryMiB << 20})
	},
	"usage: freecell analyze [--rules PROFILE] (--seed N | --deal \"DEAL\") --moves \"M1 M2 …\" [--json]",
	"Judges the position before any move and after each: won, lost or unknown (budget",
	"exhausted). Then the first lost position after a won one, whose move threw the game away,",
	"and a winning line from the position before it, replayable with \"play\".")

func init() {
	app.Register("analyze", "judge every position of a game: won, lost or unknown; the move that lost it", runAnalyze)
}
