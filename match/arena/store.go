package arena

import (
	"context"
	"slices"
	"time"
)

// Entrant is a player joining an arena.
type Entrant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Bot marks a bot (the hub's "bot:" players): only unrated arenas
	// take them.
	Bot bool `json:"bot,omitempty"`
}

// Player is a player's state in an arena.
type Player struct {
	Entrant
	Score
	JoinedAt time.Time `json:"joined_at"`
	// Paused players sit out: they keep their place and points but are
	// not paired until they resume.
	Paused bool `json:"paused,omitempty"`
	// Withdrawn players left the arena; their points stay on the board.
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Race is the race the player is in, "" when free; RaceAt when it
	// was paired.
	Race   string    `json:"race,omitempty"`
	RaceAt time.Time `json:"race_at,omitzero"`
	// Ready is when a free player may be paired: the end of the pause
	// after their last race.
	Ready time.Time `json:"ready,omitzero"`
	// Last lists the opponents of the player's last race.
	Last []string `json:"last,omitempty"`
}

// Free reports whether the player is in the pool at now.
func (p Player) Free(now time.Time) bool {
	return p.Race == "" && !p.Paused && !p.Withdrawn && !now.Before(p.Ready)
}

// Pool returns the players free at now, as Pair takes them.
func Pool(players []Player, now time.Time) []Waiting {
	var out []Waiting
	for _, p := range players {
		if p.Free(now) {
			out = append(out, Waiting{Player: p.ID, Points: p.Points, Since: p.Ready, Last: p.Last, Bot: p.Bot})
		}
	}
	return out
}

// Standings returns the players ranked (Rank).
func Standings(players []Player) []Standing {
	out := make([]Standing, len(players))
	for i, p := range players {
		out[i] = Standing{Player: p.ID, Name: p.Name, Bot: p.Bot, Score: p.Score, Withdrawn: p.Withdrawn}
	}
	Rank(out)
	return out
}

// LiveRace is a race of an arena being played.
type LiveRace struct {
	Race    string    `json:"race"`
	Players []string  `json:"players"`
	Since   time.Time `json:"since"`
	// Points sums its racers' points: the page features the race with
	// the most.
	Points int `json:"points"`
}

// LiveRaces returns the races the players are in, the highest-scoring
// first.
func LiveRaces(players []Player) []LiveRace {
	idx := map[string]int{}
	var out []LiveRace
	for _, p := range players {
		if p.Race == "" {
			continue
		}
		i, ok := idx[p.Race]
		if !ok {
			i = len(out)
			idx[p.Race] = i
			out = append(out, LiveRace{Race: p.Race, Since: p.RaceAt})
		}
		out[i].Players = append(out[i].Players, p.ID)
		out[i].Points += p.Points
	}
	slices.SortFunc(out, func(a, b LiveRace) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		return a.Since.Compare(b.Since)
	})
	return out
}

// Group is a race Pair formed, to Take.
type Group struct {
	Race    string
	Players []string
}

// MaxListed is the most arenas one List or Finished returns.
const MaxListed = 500

// Store keeps arenas, their players and their recorded results. Every
// time it uses is its own clock (Now). Implementations are safe for
// concurrent use; the memory and Redis stores pass one suite
// (store_test.go).
type Store interface {
	// Create stores a new arena; an ID taken fails with ErrExists.
	Create(ctx context.Context, a Arena) error
	// Get returns an arena (ErrNotFound).
	Get(ctx context.Context, id string) (Arena, error)
	// List returns the arenas ending at since or later, by start, at
	// most limit, private ones too: a page listing them leaves those
	// out. When more than MaxListed end at since or later, the MaxListed
	// that end first are listed (limit <= 0: those MaxListed).
	List(ctx context.Context, since time.Time, limit int) ([]Arena, error)
	// Finished returns the arenas that ended before before, the latest
	// end first, at most limit (MaxListed when limit <= 0 or larger),
	// private ones too.
	Finished(ctx context.Context, before time.Time, limit int) ([]Arena, error)

	// Join adds a player to the arena's pool (a withdrawn or paused
	// player comes back; a new name replaces the old). After the end:
	// ErrFinished; past MaxPlayers: ErrFull; a bot in a rated arena:
	// ErrBotRated.
	Join(ctx context.Context, id string, e Entrant) error
	// SetPaused pauses or resumes a player (ErrNotJoined).
	SetPaused(ctx context.Context, id, player string, paused bool) error
	// Withdraw takes a player out of the arena; their points stay
	// (ErrNotJoined).
	Withdraw(ctx context.Context, id, player string) error
	// Players returns every player of the arena.
	Players(ctx context.Context, id string) ([]Player, error)
	// Top returns the best limit standings, ranked.
	Top(ctx context.Context, id string, limit int) ([]Standing, error)
	// Standing returns one player's line in the standings, ranked as
	// Standings ranks every player, and how many players the arena has
	// (ErrNotJoined).
	Standing(ctx context.Context, id, player string) (Standing, int, error)

	// Lease takes or renews the arena's pairing lease for holder, for
	// ttl, and reports whether holder has it: one holder at a time pairs.
	Lease(ctx context.Context, id, holder string, ttl time.Duration) (bool, error)
	// Take seats each group whose players are all still free in its
	// race, atomically and only while holder has the lease, and returns
	// the races of the groups taken.
	Take(ctx context.Context, id, holder string, groups []Group) ([]string, error)
	// Release puts the players of a race that could not start back in
	// the pool at once.
	Release(ctx context.Context, id, race string) error
	// Record scores a finished race of the arena once (keyed by its race
	// ID) and puts its racers back in the pool after pause; it reports
	// whether this call recorded it.
	Record(ctx context.Context, id string, r RaceResult, pause time.Duration) (bool, error)
	// Results returns every recorded result of the arena.
	Results(ctx context.Context, id string) ([]RaceResult, error)

	// Now returns the store's clock.
	Now(ctx context.Context) (time.Time, error)
}
