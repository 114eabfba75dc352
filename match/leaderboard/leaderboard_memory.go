package leaderboard

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/solitaire-race/racer/match/rating"
)

// MemoryStore is a Store in one process's memory, for tests and for a
// single node without Redis. Nothing expires. It is safe for concurrent
// use.
type MemoryStore struct {
	mu sync.Mutex
	// boards maps boardKey to player → score.
	boards   map[string]map[string]float64
	ratings  map[string]map[string]rating.Rating // profile → player
	names    map[string]map[string]string        // profile → player
	applied  map[string]bool                     // profile + "\x00" + race
	attempts map[string]bool                     // profile, day, player
	tries    map[string]dailyTry                 // profile, day
}

var _ Store = (*MemoryStore)(nil)

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{
		boards:   map[string]map[string]float64{},
		ratings:  map[string]map[string]rating.Rating{},
		names:    map[string]map[string]string{},
		applied:  map[string]bool{},
		attempts: map[string]bool{},
		tries:    map[string]dailyTry{},
	}
}

func boardKey(b Board) string {
	return b.Profile + "\x00" + string(b.Kind) + "\x00" + b.Bucket()
}

// Apply implements Store.
func (s *MemoryStore) Apply(ctx context.Context, u Update, rate RateFunc) (bool, error) {
	if err := CheckProfile(u.Profile); err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	mark := u.Profile + "\x00" + u.Race
	if s.applied[mark] {
		return false, nil
	}
	cur := map[string]rating.Rating{}
	for _, p := range u.Rated {
		if r, ok := s.ratings[u.Profile][p]; ok {
			cur[p] = r
		}
	}
	var next map[string]rating.Rating
	if len(u.Rated) > 0 {
		next = rate(cur)
	}
	if s.ratings[u.Profile] == nil {
		s.ratings[u.Profile] = map[string]rating.Rating{}
	}
	rb := s.board(Board{Profile: u.Profile, Kind: KindRating, Period: All})
	for _, p := range u.Rated {
		r, ok := next[p]
		if !ok {
			continue
		}
		s.ratings[u.Profile][p] = r
		rb[p] = r.Rating
	}
	for _, per := range []Period{Day, Week, All} {
		wb := s.board(Board{Profile: u.Profile, Kind: KindWins, Period: per, At: u.At})
		for _, p := range u.Wins {
			wb[p]++
		}
	}
	s.setNames(u.Profile, u.Names)
	s.applied[mark] = true
	return true, nil
}

func (s *MemoryStore) board(b Board) map[string]float64 {
	k := boardKey(b)
	m := s.boards[k]
	if m == nil {
		m = map[string]float64{}
		s.boards[k] = m
	}
	return m
}

func (s *MemoryStore) setNames(profile string, names map[string]string) {
	if len(names) == 0 {
		return
	}
	if s.names[profile] == nil {
		s.names[profile] = map[string]string{}
	}
	for id, n := range names {
		s.names[profile][id] = n
	}
}

// Ratings implements Store.
func (s *MemoryStore) Ratings(ctx context.Context, profile string, players ...string) (map[string]rating.Rating, error) {
	if err := CheckProfile(profile); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]rating.Rating{}
	for _, p := range players {
		if r, ok := s.ratings[profile][p]; ok {
			out[p] = r
		}
	}
	return out, ctx.Err()
}

// sorted returns b's entries in the order Redis gives them: by score,
// then by member, both descending on a descending board.
func (s *MemoryStore) sorted(b Board) []Entry {
	m := s.boards[boardKey(b)]
	out := make([]Entry, 0, len(m))
	for p, sc := range m {
		out = append(out, Entry{Player: p, Score: sc})
	}
	slices.SortFunc(out, func(x, y Entry) int {
		c := cmp.Or(cmp.Compare(x.Score, y.Score), cmp.Compare(x.Player, y.Player))
		if b.Ascending() {
			return c
		}
		return -c
	})
	for i := range out {
		out[i].Rank = i + 1
		out[i].Name = s.names[b.Profile][out[i].Player]
	}
	return out
}

// Top implements Store.
func (s *MemoryStore) Top(ctx context.Context, b Board, n int) ([]Entry, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	all := s.sorted(b)
	return all[:min(max(n, 0), len(all))], ctx.Err()
}

// Rank implements Store.
func (s *MemoryStore) Rank(ctx context.Context, b Board, player string) (Entry, error) {
	es, err := s.Around(ctx, b, player, 0)
	if err != nil {
		return Entry{}, err
	}
	return es[0], nil
}

// Around implements Store.
func (s *MemoryStore) Around(ctx context.Context, b Board, player string, n int) ([]Entry, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	all := s.sorted(b)
	i := slices.IndexFunc(all, func(e Entry) bool { return e.Player == player })
	if i < 0 {
		return nil, ErrNotRanked
	}
	n = max(n, 0)
	return all[max(i-n, 0):min(i+n+1, len(all))], ctx.Err()
}

// Count implements Store.
func (s *MemoryStore) Count(ctx context.Context, b Board) (int, error) {
	if err := b.Check(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.boards[boardKey(b)]), ctx.Err()
}

// StartDaily implements Store.
func (s *MemoryStore) StartDaily(ctx context.Context, profile, day, player string) (bool, error) {
	if _, err := dailyBoard(Daily{Profile: profile, Day: day}); err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := profile + "\x00" + day + "\x00" + player
	if s.attempts[k] {
		return false, nil
	}
	s.attempts[k] = true
	return true, nil
}

// RecordDaily implements Store.
func (s *MemoryStore) RecordDaily(ctx context.Context, d Daily) (bool, error) {
	b, err := dailyBoard(d)
	if err != nil {
		return false, err
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.board(b)
	if _, ok := m[d.Player]; ok {
		return false, nil
	}
	m[d.Player] = DailyScore(d.Time, d.Actions)
	s.setNames(d.Profile, map[string]string{d.Player: d.Name})
	return true, nil
}

// DailyTry implements Store.
func (s *MemoryStore) DailyTry(ctx context.Context, profile, day string) (int, bool, bool, error) {
	if _, err := dailyBoard(Daily{Profile: profile, Day: day}); err != nil {
		return 0, false, false, err
	}
	if err := ctx.Err(); err != nil {
		return 0, false, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	got, ok := s.tries[profile+"\x00"+day]
	return got.try, got.checked, ok, nil
}

// dailyTry is a day's claimed candidate (Store.ClaimDailyTry).
type dailyTry struct {
	try     int
	checked bool
}

// ClaimDailyTry implements Store.
func (s *MemoryStore) ClaimDailyTry(ctx context.Context, profile, day string, try int, checked bool) (int, bool, error) {
	if _, err := dailyBoard(Daily{Profile: profile, Day: day}); err != nil {
		return 0, false, err
	}
	if err := ctx.Err(); err != nil {
		return 0, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := profile + "\x00" + day
	got, ok := s.tries[k]
	if !ok {
		got = dailyTry{try: try, checked: checked}
		s.tries[k] = got
	}
	return got.try, got.checked, nil
}
