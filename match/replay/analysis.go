package replay

import (
	"context"
	"time"
)

// GameAnalysis is the analysis of one racer's game, judged by the game's
// solver with every card known (the racer saw only face-up cards). Its
// JSON is what the HTTP API serves.
type GameAnalysis struct {
	// Verdicts holds "won", "lost" or "unknown" for the position before
	// any move, then for the position after each of the racer's moves.
	Verdicts []string `json:"verdicts"`
	// FirstLost is the index k of the first lost verdict after a won one:
	// move k (moves[k-1]) threw the game away. Nil when there is none.
	FirstLost *int `json:"first_lost"`
	// Line is a winning line from the position before move FirstLost, in
	// the game's notation; nil when FirstLost is.
	Line []string `json:"line"`
}

// AnalysisStore keeps the analyses of finished races' games, beside their
// replays, by race and player ID. Implementations are safe for concurrent
// use.
type AnalysisStore interface {
	// SaveAnalysis stores the analysis of player's game in race,
	// replacing any earlier one.
	SaveAnalysis(ctx context.Context, race, player string, a GameAnalysis) error
	// LoadAnalyses returns the analyses of race by player ID: empty when
	// none is stored yet.
	LoadAnalyses(ctx context.Context, race string) (map[string]GameAnalysis, error)
}

// AnalysisClaimer is an AnalysisStore that nodes share (RedisStore):
// before a node analyses a racer's game it claims the game, so that two
// nodes asked for one race's analysis at once (its two racers, each on
// a node of their own) do not both analyse it.
type AnalysisClaimer interface {
	// ClaimAnalysis claims player's game in race for ttl: false when a
	// claim holds it already (another node is analysing it, or did
	// within ttl).
	ClaimAnalysis(ctx context.Context, race, player string, ttl time.Duration) (bool, error)
	// ReleaseAnalysis lets go of the claim on a game that was not
	// analysed (its analysis failed), so that it can be asked for again.
	ReleaseAnalysis(ctx context.Context, race, player string) error
}
