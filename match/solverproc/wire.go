package solverproc

import (
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// Env is the environment variable that makes a node's binary serve as
// the solver process (ServeMain) rather than as a node; its value is the
// nice value of the process's threads (ServeMain).
const Env = "SOLITAIRE_RACE_SOLVER_PROCESS"

// The operations a request asks for.
const (
	opWinnable = "winnable" // game.Variant.Winnable
	opAnalyze  = "analyze"  // game.Analyzer.Analyze
)

// request is one search, a JSON line from the node to the solver
// process.
type request struct {
	ID      uint64 `json:"id"`
	Op      string `json:"op"`
	Profile string `json:"profile"`
	Seed    uint64 `json:"seed"`
	// MaxNodes and Timeout are Winnable's budget.
	MaxNodes int           `json:"max_nodes,omitempty"`
	Timeout  time.Duration `json:"timeout,omitempty"`
	// Moves and Budget are Analyze's game and budget.
	Moves  []string            `json:"moves,omitempty"`
	Budget game.AnalysisBudget `json:"budget"`
}

// response answers the request of the same ID, a JSON line back.
type response struct {
	ID       uint64         `json:"id"`
	Won      bool           `json:"won,omitempty"`
	Analysis *game.Analysis `json:"analysis,omitempty"`
	// Err is the search's error, if any.
	Err string `json:"err,omitempty"`
}

// maxMoves bounds the moves of one analysis request that the solver
// process reads (a race's log is far shorter).
const maxMoves = 100_000
