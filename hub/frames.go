// The hub builds the protocol's frames (hub/wire) from match's and
// lobby's values here; TestFramesMatchGolden checks them against the
// protocol's golden files.

package hub

import (
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// viewOf returns racer's view in m, tagged with the race's game.
func viewOf(m *match.Match, racer string) wire.View {
	b, _ := m.AppendView(racer, make([]byte, 0, m.Variant().ViewBytes()))
	return wire.View{Game: m.Game(), JSON: b}
}

// boardView returns the view of b, a board of m's race.
func boardView(m *match.Match, b game.Board) wire.View {
	return wire.View{Game: m.Game(), JSON: b.AppendView(make([]byte, 0, m.Variant().ViewBytes()))}
}

// dealNote says where the deal came from, for the race screen.
func dealNote(solverChecked bool) string {
	if solverChecked {
		return "deal proven winnable by the solver"
	}
	return "deal not solver-checked"
}

// raceInfo is what everyone may know of r from its start, with its
// game's rules and ranking rule from the registry gs.
func raceInfo(gs *game.Registry, r match.Race) wire.RaceInfo {
	var g game.Game = gs.Default()
	var rules string
	if v, err := gs.Lookup(r.Profile); err == nil { // a race's profile is known
		g, rules = v.Game(), v.Rules()
	}
	info := wire.RaceInfo{
		ID:               r.ID,
		Profile:          r.Profile,
		Rules:            rules,
		Commitment:       r.Commitment,
		SolverChecked:    r.SolverChecked,
		DealNote:         dealNote(r.SolverChecked),
		Room:             r.Room,
		Racers:           r.Racers,
		StartAt:          r.StartAt,
		TimeLimitMS:      r.TimeLimit.Milliseconds(),
		SpectatorDelayMS: r.SpectatorDelay.Milliseconds(),
		RankingRule:      g.RankingRule(),
		Rated:            ratedRace(r),
	}
	if g.Name() != gs.Default().Name() {
		info.Game = match.Game(g.Name())
	}
	return info
}

// wireRoom is room r on the wire.
func wireRoom(r lobby.Room) wire.Room {
	return wire.Room{Code: r.Code, Host: r.Host, Profile: r.Profile, Members: r.Members, Max: r.Max,
		TimeLimitMS: r.TimeLimit.Milliseconds(), SpectatorDelayMS: r.SpectatorDelay.Milliseconds(), Race: r.Race,
		Ready: r.Ready, Declined: r.Declined}
}
