package wire

import "time"

// goldenArenaMessages returns one example of every arena message.
func goldenArenaMessages() map[string]any {
	start := time.Date(2026, 11, 30, 18, 0, 0, 0, time.UTC)
	at := start.Add(20 * time.Minute)
	info := ArenaInfo{ID: "bvs-60m-1796061600", Name: "Hourly bvs arena", Profile: "bvs", Start: start, End: start.Add(50 * time.Minute),
		DurationMS: 3_000_000, RaceSize: 2, Rated: true, Schedule: ScheduleOf(time.Hour)}
	return map[string]any{
		"client_arena_watch":    ClientMessage{Type: TypeArenaWatch, Arena: info.ID},
		"client_arena_unwatch":  ClientMessage{Type: TypeArenaUnwatch, Arena: info.ID},
		"client_arena_join":     ClientMessage{Type: TypeArenaJoin, Arena: info.ID},
		"client_arena_pause":    ClientMessage{Type: TypeArenaPause, Arena: info.ID},
		"client_arena_resume":   ClientMessage{Type: TypeArenaResume, Arena: info.ID},
		"client_arena_withdraw": ClientMessage{Type: TypeArenaWithdraw, Arena: info.ID},
		"client_arena_create": ClientMessage{Type: TypeArenaCreate, Name: "Friday bvs", Profile: "bvs", TimeLimitMS: 1_800_000, Max: 3,
			StartInMS: 600_000, Unrated: true, Private: true},
		"arena": ArenaMessage{Type: TypeArena, Arena: info, Phase: "running", Now: at, Players: 3,
			Standings: []ArenaStanding{
				{Rank: 1, Player: "a1b2c3d4e5f60718", Name: "Ann", Points: 8, Races: 3, Wins: 3, Streak: 3, Fire: true, Performance: 520},
				{Rank: 2, Player: "0f1e2d3c4b5a6978", Name: "Bob", Points: 2, Races: 3, Wins: 0, Streak: 0, Performance: 184},
				{Rank: 3, Player: "1234567890abcdef", Name: "Cy", Paused: true},
			},
			Races: []ArenaRace{{Race: "9c8b7a6f5e4d3c2b1a", Players: []string{"a1b2c3d4e5f60718", "0f1e2d3c4b5a6978"}, Since: at.Add(-time.Minute), Points: 10}},
		},
		"arena_you": ArenaYou{Type: TypeArenaYou, Arena: info.ID, Rank: 61, Points: 3, Races: 2, Streak: 0},
	}
}
