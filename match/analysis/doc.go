// Package analysis judges the games of finished races in the background:
// for each racer, the verdict (won, lost or unknown) of every position of
// their game with every card known, the move that threw a won game away
// and a winning line from the position before it. A bounded queue feeds a
// few workers, never the move path; the results are stored beside the
// race's replay (replay.AnalysisStore) for the HTTP API.
//
//	p, err := analysis.New(analysis.Config{Store: replays, Lookup: games.Lookup, Registerer: reg})
//	go p.Run(ctx)
//	// after a race's replay is saved:
//	p.Enqueue(rp)
package analysis
