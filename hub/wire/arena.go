package wire

import "time"

// Arena message types: the client's, then the server's.
const (
	TypeArenaWatch    = "arena_watch"
	TypeArenaUnwatch  = "arena_unwatch"
	TypeArenaJoin     = "arena_join"
	TypeArenaPause    = "arena_pause"
	TypeArenaResume   = "arena_resume"
	TypeArenaWithdraw = "arena_withdraw"
	TypeArenaCreate   = "arena_create"
	TypeArena         = "arena"
	TypeArenaYou      = "arena_you"
)

// Arena error codes.
const (
	CodeArenaNotFound    = "arena_not_found"   // no such arena
	CodeArenaOver        = "arena_over"        // the arena has ended
	CodeArenaFull        = "arena_full"        // the arena has its most players
	CodeArenaNotJoined   = "arena_not_joined"  // pause, resume or withdraw before joining
	CodeArenaUnavailable = "arena_unavailable" // the server runs no arenas
	CodeArenaLimit       = "arena_limit"       // too many arenas created by players are open
)

// ArenaTop is the most standings lines an arena message carries, and
// ArenaRaces the most live races.
const (
	ArenaTop   = 50
	ArenaRaces = 20
)

// ArenaInfo is an arena's setup on the wire.
type ArenaInfo struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Profile    string    `json:"profile"`
	Start      time.Time `json:"start"`
	End        time.Time `json:"end"`
	DurationMS int64     `json:"duration_ms"`
	RaceSize   int       `json:"race_size"`
	Rated      bool      `json:"rated"`
	Host       string    `json:"host,omitempty"`
	Private    bool      `json:"private,omitempty"`
	// Schedule is there for an arena the server's schedule made (Name
	// is then English): a client words the name in its own language
	// from it and Profile.
	Schedule *ArenaSchedule `json:"schedule,omitempty"`
}

// ArenaSchedule is how a scheduled arena recurs.
type ArenaSchedule struct {
	// EveryMS is the period between two arenas of the entry (3600000 for
	// an hourly arena, 86400000 for a daily one).
	EveryMS int64 `json:"every_ms"`
}

// ScheduleOf returns the wire's Schedule for an arena of period every,
// nil for 0 (an arena a host made).
func ScheduleOf(every time.Duration) *ArenaSchedule {
	if every <= 0 {
		return nil
	}
	return &ArenaSchedule{EveryMS: every.Milliseconds()}
}

// ArenaStanding is one line of an arena's standings.
type ArenaStanding struct {
	Rank   int    `json:"rank"`
	Player string `json:"player"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
	Points int    `json:"points"`
	Races  int    `json:"races"`
	Wins   int    `json:"wins"`
	// Streak is the wins in a row; Fire marks a streak of two or more,
	// on which a win counts double.
	Streak int  `json:"streak"`
	Fire   bool `json:"fire,omitempty"`
	// Performance is the average of cards off the table per race, in
	// tenths: the tie-break.
	Performance int  `json:"performance"`
	Withdrawn   bool `json:"withdrawn,omitempty"`
	Paused      bool `json:"paused,omitempty"`
}

// ArenaRace is a race of the arena being played: a pairing.
type ArenaRace struct {
	Race    string    `json:"race"`
	Players []string  `json:"players"`
	Since   time.Time `json:"since"`
	Points  int       `json:"points"`
}

// ArenaMessage is an arena's state: sent on arena_watch and arena_join,
// then whenever its standings or races change (at most once a second),
// to every connection watching it.
type ArenaMessage struct {
	Type  string    `json:"type"`
	Arena ArenaInfo `json:"arena"`
	// Phase is "upcoming", "running" or "finished".
	Phase string    `json:"phase"`
	Now   time.Time `json:"server_time"`
	// Players counts every player who joined.
	Players int `json:"players"`
	// Standings are the best ArenaTop lines, best first.
	Standings []ArenaStanding `json:"standings"`
	// Races are the live races, the highest-scoring first (at most
	// ArenaRaces): the page features the first.
	Races []ArenaRace `json:"races"`
}

// ArenaYou is a player's own line in an arena's standings when it is
// not among the ArenaTop lines of the arena message: sent to the
// player's connections that follow the arena, after the arena message
// when they watch or join it, then whenever the line changes (at most
// once a tick). A player back in the top gets no more of them.
type ArenaYou struct {
	Type   string `json:"type"`
	Arena  string `json:"arena"`
	Rank   int    `json:"rank"`
	Points int    `json:"points"`
	Races  int    `json:"races"`
	// Streak is the wins in a row; Fire marks a streak of two or more.
	Streak    int  `json:"streak"`
	Fire      bool `json:"fire,omitempty"`
	Paused    bool `json:"paused,omitempty"`
	Withdrawn bool `json:"withdrawn,omitempty"`
}
