package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
)

// practiceAnalysisRequest is the body of POST /api/practice/analysis: a
// practice game (its rules, seed and actions, as POST /api/practice takes
// them) that has ended. A game ends won, stuck, or when the player stops
// it (Stop); one still in progress is not analysed.
type practiceAnalysisRequest struct {
	practiceRequest
	Stop bool `json:"stop"`
}

// practiceAnalysisJSON answers POST /api/practice/analysis and GET
// /api/practice/analysis/{id}: the game's moves (the line played, undone
// moves taken out) and its analysis once Status is "done".
type practiceAnalysisJSON struct {
	ID      string `json:"id"`
	Profile string `json:"profile"`
	Seed    string `json:"seed"`
	// Status is "pending" (queued or being analysed), "done", "dropped"
	// (the server's analysis queue was full: ask again later), "failed"
	// or "skipped" (this game has no analyser).
	Status string   `json:"status"`
	Moves  []string `json:"moves"`
	replay.GameAnalysis
}

// practiceAnalyses holds the practice games sent for analysis and their
// results: at most max of them, each for ttl. It is the analyses' store
// (replay.AnalysisStore, by game ID). It is safe for concurrent use.
type practiceAnalyses struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu      sync.Mutex
	entries map[string]*practiceEntry
	order   []string // IDs, oldest first
}

type practiceEntry struct {
	at   time.Time
	json practiceAnalysisJSON
}

var _ replay.AnalysisStore = (*practiceAnalyses)(nil)

func newPracticeAnalyses(max int, ttl time.Duration) *practiceAnalyses {
	return &practiceAnalyses{max: max, ttl: ttl, now: time.Now, entries: map[string]*practiceEntry{}}
}

// errAnalysisBusy reports that every place is taken by a pending game.
var errAnalysisBusy = &practiceError{status: http.StatusServiceUnavailable,
	apiError: apiError{Code: "analysis_busy", Message: "the server is analysing as many practice games as it holds: try again in a minute"}}

// errTooManyAnalyses reports that the client has as many games waiting
// for analysis as one may (analysis.Config.PerClient).
var errTooManyAnalyses = &practiceError{status: http.StatusTooManyRequests, retryAfter: "30",
	apiError: apiError{Code: "too_many_analyses", Message: "you have as many games waiting for analysis as one may: ask again once one is done"}}

// add holds a new pending game and returns its ID. Past max, the oldest
// game that is no longer pending goes; when every one is pending, none
// goes and add fails with errAnalysisBusy.
func (s *practiceAnalyses) add(j practiceAnalysisJSON) (string, error) {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	j.ID, j.Status = hex.EncodeToString(b), "pending"
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.expire(now)
	if len(s.entries) >= s.max {
		i := 0
		for i < len(s.order) && s.entries[s.order[i]].json.Status == "pending" {
			i++
		}
		if i == len(s.order) {
			return "", errAnalysisBusy
		}
		delete(s.entries, s.order[i])
		s.order = append(s.order[:i], s.order[i+1:]...)
	}
	s.entries[j.ID] = &practiceEntry{at: now, json: j}
	s.order = append(s.order, j.ID)
	return j.ID, nil
}

// expire lets go of the games older than ttl.
func (s *practiceAnalyses) expire(now time.Time) {
	n := 0
	for n < len(s.order) && now.Sub(s.entries[s.order[n]].at) >= s.ttl {
		delete(s.entries, s.order[n])
		n++
	}
	s.order = s.order[n:]
}

// get returns the game of id.
func (s *practiceAnalyses) get(id string) (practiceAnalysisJSON, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire(s.now())
	e, ok := s.entries[id]
	if !ok {
		return practiceAnalysisJSON{}, false
	}
	return e.json, true
}

// remove lets go of the game of id, which was never queued.
func (s *practiceAnalyses) remove(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.entries[id]; ok {
		delete(s.entries, id)
		s.order = slices.DeleteFunc(s.order, func(x string) bool { return x == id })
	}
}

// ended records a game's outcome other than done (analysis.Game.Ended).
func (s *practiceAnalyses) ended(id, outcome string) {
	if outcome == "done" {
		return // SaveAnalysis said so, with the result
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.entries[id]; ok {
		e.json.Status = outcome
	}
}

// SaveAnalysis implements replay.AnalysisStore: the analysis of game id.
func (s *practiceAnalyses) SaveAnalysis(ctx context.Context, id, _ string, a replay.GameAnalysis) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.entries[id]; ok {
		e.json.Status, e.json.GameAnalysis = "done", a
	}
	return ctx.Err()
}

// LoadAnalyses implements replay.AnalysisStore.
func (s *practiceAnalyses) LoadAnalyses(ctx context.Context, id string) (map[string]replay.GameAnalysis, error) {
	out := map[string]replay.GameAnalysis{}
	if j, ok := s.get(id); ok && j.Status == "done" {
		out[""] = j.GameAnalysis
	}
	return out, ctx.Err()
}

// servePracticeAnalysis answers POST /api/practice/analysis: it checks
// the game as POST /api/practice does, checks that it has ended, and
// queues its line for the analysis workers (never analysed on the
// request's path). 202 with the game's ID and status "pending".
func (s *Server) servePracticeAnalysis(w http.ResponseWriter, r *http.Request) {
	if s.cfg.AnalyzePractice == nil {
		writeError(w, http.StatusNotFound, "analysis_unavailable", "this server analyses no games")
		return
	}
	serveReplayed(s, w, r, http.StatusAccepted, "web: practice analysis", s.practiceAnalysis)
}

func (s *Server) practiceAnalysis(w http.ResponseWriter, r *http.Request) (*practiceAnalysisJSON, error) {
	var req practiceAnalysisRequest
	if err := s.readJSON(w, r, &req); err != nil {
		return nil, err
	}
	pr, opts, unsupported, err := s.practiceVariant(&req.practiceRequest)
	if err != nil {
		return nil, err
	}
	if err := s.checkActions(&req.practiceRequest); err != nil {
		return nil, err
	}
	if unsupported != nil {
		return nil, unsupported
	}
	if req.Want != "" {
		return nil, badRequest("bad_option", "want is for POST /api/practice")
	}
	if req.ViewsFrom != nil {
		return nil, badRequest("bad_option", "viewsFrom is for POST /api/practice")
	}
	if _, ok := pr.(game.Analyzer); !ok {
		return nil, &practiceError{status: http.StatusNotFound, apiError: apiError{Code: "analysis_unavailable", Message: "games of rule profile " + req.Rules + " are not analysed"}}
	}
	seed := uint64(*req.Seed)
	p, err := pr.Practice(seed, opts)
	if err != nil {
		return nil, err
	}
	line, err := replayActions(p, req.Moves, opts.Undo, pr.MoveHelp(), nil)
	if err != nil {
		return nil, err
	}
	if !req.Stop && !p.Won() && !p.Stuck(s.cfg.StuckBudget) {
		return nil, &practiceError{status: http.StatusConflict, apiError: apiError{Code: "game_in_progress",
			Message: "a game is analysed once it has ended: won, stuck, or stopped (stop: true)"}}
	}
	profile := pr.Profile()
	j := practiceAnalysisJSON{Profile: profile, Seed: strconv.FormatUint(seed, 10), Moves: line}
	id, err := s.analyses.add(j)
	if err != nil {
		return nil, err
	}
	j.ID, j.Status = id, "pending"
	if !s.cfg.AnalyzePractice(analysis.Game{ID: id, Profile: profile, Seed: seed, Moves: line, Store: s.analyses,
		Client: s.client(r), Ended: func(outcome string) { s.analyses.ended(id, outcome) }}) {
		s.analyses.remove(id)
		return nil, errTooManyAnalyses
	}
	return &j, nil
}

// servePracticeAnalysisGet answers GET /api/practice/analysis/{id}.
func (s *Server) servePracticeAnalysisGet(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if len(id) != 24 || !isLowerHex(id) {
		writeError(w, http.StatusBadRequest, "bad_id", "an analysis ID is 24 lower-case hex digits")
		return
	}
	j, ok := s.analyses.get(id)
	if !ok {
		writeError(w, http.StatusNotFound, "analysis_not_found", "no practice analysis of this ID (they are kept for an hour)")
		return
	}
	writeJSON(w, http.StatusOK, j)
}

func isLowerHex(s string) bool {
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
