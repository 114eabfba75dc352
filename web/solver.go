package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// solverAvailable reports whether hints and auto-complete are wired to
// the games' solvers (game.Practice's Hint and Solve).
const solverAvailable = true

// solverBudget bounds one practice search: a hint or an auto-complete must
// answer quickly and cannot take the server's memory.
var solverBudget = game.SearchBudget{
	Nodes:   3_000_000,
	Timeout: 3 * time.Second,
	Memory:  64 << 20,
}

// Searches kept for their request to come back: a finished search waits
// at most searchKept, and at most maxSearchesKept of them wait at once.
const (
	searchKept      = time.Minute
	maxSearchesKept = 64
)

// errSolverWorking answers a request whose search outlasted
// Config.SolverWait: the search goes on, for the request sent again.
var errSolverWorking = &practiceError{status: http.StatusServiceUnavailable, retryAfter: "1",
	apiError: apiError{Code: "solver_working", Message: "the solver is still searching: send the same request again in a moment"}}

// solveWant is the search of a hint ("hint") or a winning line ("solve")
// from p's position.
func solveWant(ctx context.Context, p game.Practice, want string) (hint string, solution []string, v game.Verdict) {
	if want == "hint" {
		hint, v = p.Hint(ctx, solverBudget)
		return hint, nil, v
	}
	solution, v = p.Solve(ctx, solverBudget)
	return "", solution, v
}

// answerWant fills resp's hint or solution for practice game p, the game
// of req. Searches run Config.Solvers at a time, in the background; a
// request waits for its search at most Config.SolverWait, then answers
// 503 solver_working, and the same request sent again collects the
// answer. A request that finds the solver busy with other searches gets
// 503 solver_busy at once rather than queueing.
func (s *Server) answerWant(ctx context.Context, resp *practiceResponse, p game.Practice, req *practiceRequest) error {
	key := searchKey(req)
	e, err := s.searches.find(key, func() (*solverSearch, error) {
		release, err := s.acquireSolver()
		if err != nil {
			return nil, err
		}
		e := &solverSearch{done: make(chan struct{})}
		// The search outlives the request: its answer waits for the
		// request to come back. Its slot is let go before the answer is
		// given, so that a client that has it and asks again at once
		// finds the solver free.
		go func() {
			e.hint, e.solution, e.verdict = s.solve(context.Background(), p, req.Want)
			release()
			s.searches.finish(e)
		}()
		return e, nil
	})
	if err != nil {
		return err
	}
	t := time.NewTimer(s.cfg.SolverWait)
	defer t.Stop()
	select {
	case <-e.done:
	case <-t.C:
		return errSolverWorking
	case <-ctx.Done():
		return errSolverWorking // the client is gone; the search goes on
	}
	s.searches.collect(key, e)
	resp.Hint, resp.Solution, resp.Verdict = e.hint, e.solution, e.verdict.String()
	return nil
}

// searchKey identifies a search by what decides its answer: the rules,
// options, deal, actions and want of its request.
func searchKey(req *practiceRequest) string {
	b, _ := json.Marshal([]any{req.Rules, req.Seed, req.Moves, req.Undo, req.Hints, req.Scoring, req.Want})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// solverSearch is one search: its answer is set before done is closed.
type solverSearch struct {
	done     chan struct{}
	ended    time.Time
	hint     string
	solution []string
	verdict  game.Verdict
}

// solverSearches holds the searches running and the finished ones whose
// request has not come back, by searchKey. It is safe for concurrent
// use.
type solverSearches struct {
	mu sync.Mutex
	m  map[string]*solverSearch
}

// find returns the search of key, or the one start begins (or start's
// error).
func (ss *solverSearches) find(key string, start func() (*solverSearch, error)) (*solverSearch, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if e, ok := ss.m[key]; ok {
		return e, nil
	}
	ss.prune(time.Now())
	e, err := start()
	if err != nil {
		return nil, err
	}
	if ss.m == nil {
		ss.m = map[string]*solverSearch{}
	}
	ss.m[key] = e
	return e, nil
}

// finish marks e done.
func (ss *solverSearches) finish(e *solverSearch) {
	ss.mu.Lock()
	e.ended = time.Now()
	close(e.done)
	ss.mu.Unlock()
}

// collect forgets the search of key, e, once its answer is sent.
func (ss *solverSearches) collect(key string, e *solverSearch) {
	ss.mu.Lock()
	if ss.m[key] == e {
		delete(ss.m, key)
	}
	ss.mu.Unlock()
}

// prune forgets the finished searches kept past searchKept and, past
// maxSearchesKept finished ones, the oldest. ss.mu is held.
func (ss *solverSearches) prune(now time.Time) {
	var oldest string
	kept := 0
	for k, e := range ss.m {
		select {
		case <-e.done:
		default:
			continue // running: bounded by Config.Solvers
		}
		if now.Sub(e.ended) > searchKept {
			delete(ss.m, k)
			continue
		}
		kept++
		if oldest == "" || e.ended.Before(ss.m[oldest].ended) {
			oldest = k
		}
	}
	if kept >= maxSearchesKept {
		delete(ss.m, oldest)
	}
}
