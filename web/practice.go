package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// Practice action tokens besides move notation.
const (
	tokenUndo = "undo"
	tokenRedo = "redo"
)

// practiceRequest is the body of POST /api/practice.
type practiceRequest struct {
	// Rules is a profile name; default the first game's default profile.
	Rules string `json:"rules"`
	// Seed chooses the deal: decimal digits, as a string or a number.
	Seed *seedValue `json:"seed"`
	// Moves are the player's actions in order: move notation, "undo" or
	// "redo".
	Moves []string `json:"moves"`
	// Undo, Hints: practice may switch these on for any profile; nil means
	// on.
	Undo  *bool `json:"undo"`
	Hints *bool `json:"hints"`
	// Scoring overrides the profile's scoring: "none", "standard",
	// "vegas"; empty keeps the profile's.
	Scoring string `json:"scoring"`
	// ElapsedMS is the playing time so far, for the standard score's time
	// part.
	ElapsedMS int64 `json:"elapsedMs"`
	// Want asks for more than the view: "hint" (one good move) or
	// "solve" (a winning line from here, for auto-complete).
	Want string `json:"want"`
	// ViewsFrom, when set, asks for Views too: the view after each prefix
	// Moves[:j] for j = ViewsFrom … len(Moves), at most maxViews of them.
	ViewsFrom *int `json:"viewsFrom"`
}

// seedValue is a uint64 read from a JSON string or number, so that
// JavaScript can send seeds beyond 2^53 exactly as strings.
type seedValue uint64

func (s *seedValue) UnmarshalJSON(b []byte) error {
	t := strings.Trim(string(b), `"`)
	if len(t) == 0 || len(t) > 20 || strings.Trim(t, "0123456789") != "" {
		return errors.New("seed must be decimal digits, 0 … 18446744073709551615")
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return errors.New("seed must be decimal digits, 0 … 18446744073709551615")
	}
	*s = seedValue(v)
	return nil
}

// apiError is the one error shape the client sees.
type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Index is the position in Moves of the action at fault, when one is.
	Index *int `json:"index,omitempty"`
}

// practiceResponse is the answer to a practice request: the game's
// description of its rules and view (match/game.Practicer), then the
// line.
type practiceResponse struct {
	// Game names the game when its answers are tagged (Practicer.Tagged).
	Game  string          `json:"game,omitempty"`
	Rules json.RawMessage `json:"rules"`
	Seed  string          `json:"seed"`
	View  json.RawMessage `json:"view"`
	// Views answers ViewsFrom: Views[i] is the view the same request
	// answers with Moves[:ViewsFrom+i].
	Views []json.RawMessage `json:"views,omitempty"`
	practiceLine
}

// practiceLine is what every game's practice answer says after its view.
type practiceLine struct {
	Legal   []string `json:"legal"`
	CanUndo bool     `json:"canUndo"`
	CanRedo bool     `json:"canRedo"`
	// Last is the last move of the current position's line, "" at the deal.
	Last string `json:"last"`
	// Line is the current position's line: the moves from the deal, with
	// undone moves taken out.
	Line  []string `json:"line"`
	Stuck bool     `json:"stuck"`
	// Hint and Solution answer Want.
	Hint     string   `json:"hint,omitempty"`
	Solution []string `json:"solution,omitempty"`
	// Verdict is the solver's answer to Want: "won" (Hint or Solution
	// holds the way), "lost" (no line wins from here) or "unknown" (the
	// search ran out of budget).
	Verdict string `json:"verdict,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		http.Error(w, `{"code":"internal","message":"cannot encode the answer"}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, apiError{Code: code, Message: msg})
}

// practiceError is an error the client caused, or a 503 it may retry,
// with its wire code.
type practiceError struct {
	status int
	// retryAfter, if set, is the answer's Retry-After, in seconds.
	retryAfter string
	apiError
}

func (e *practiceError) Error() string { return e.Message }

func badRequest(code, format string, args ...any) *practiceError {
	return &practiceError{status: http.StatusBadRequest, apiError: apiError{Code: code, Message: fmt.Sprintf(format, args...)}}
}

func (s *Server) servePractice(w http.ResponseWriter, r *http.Request) {
	serveReplayed(s, w, r, http.StatusOK, "web: practice", s.practice)
}

// serveReplayed answers a request that replays a game sent by the client
// (POST /api/practice and its analysis): at most Config.Replays at once
// (503 busy past them), and at most half of them for one client
// (Config.Client; 429 busy past them), then handle's answer with status,
// or its practiceError, or 500 logged under what.
func serveReplayed[T any](s *Server, w http.ResponseWriter, r *http.Request, status int, what string,
	handle func(http.ResponseWriter, *http.Request) (T, error)) {
	client := s.client(r)
	if !s.replayClients.Take(client, 1) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, "busy", "you have as many practice requests running as one may: try again in a moment")
		return
	}
	defer s.replayClients.Release(client)
	select {
	case s.replaySem <- struct{}{}:
		defer func() { <-s.replaySem }()
	default:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "busy", "the server is busy: try again in a moment")
		return
	}
	resp, err := handle(w, r)
	if err != nil {
		var pe *practiceError
		if errors.As(err, &pe) {
			if pe.retryAfter != "" {
				w.Header().Set("Retry-After", pe.retryAfter)
			}
			writeJSON(w, pe.status, pe.apiError)
			return
		}
		s.cfg.Logger.Error(what, "err", err)
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, status, resp)
}

func (s *Server) practice(w http.ResponseWriter, r *http.Request) (any, error) {
	var req practiceRequest
	if err := s.readJSON(w, r, &req); err != nil {
		return nil, err
	}
	return s.replay(r.Context(), &req)
}

// readJSON reads r's body, one JSON value of at most Config.MaxBody bytes
// with no unknown field, into v.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return &practiceError{status: http.StatusUnsupportedMediaType, apiError: apiError{Code: "bad_content_type", Message: "send a JSON body (Content-Type: application/json)"}}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &practiceError{status: http.StatusRequestEntityTooLarge, apiError: apiError{Code: "too_large", Message: fmt.Sprintf("the request is over %d bytes", s.cfg.MaxBody)}}
		}
		return badRequest("bad_json", "the request body could not be read")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("bad_json", "the request is not valid JSON: %s", jsonProblem(err))
	}
	if dec.More() {
		return badRequest("bad_json", "the request holds more than one JSON value")
	}
	return nil
}

// jsonProblem names what was wrong with a JSON body without echoing it at
// length.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q must be %s", te.Field, te.Type)
	case errors.Is(err, io.EOF):
		return "empty body"
	}
	msg := err.Error()
	if len(msg) > 120 {
		msg = msg[:120] + "…"
	}
	return strings.TrimPrefix(msg, "json: ")
}

// allProfiles lists every profile practice takes, every game's of gs,
// for errors.
func allProfiles(gs *game.Registry) string {
	return strings.Join(gs.Profiles(), ", ")
}

// practiceVariant resolves the profile of req (default: the first game's
// default profile) and its practice options. An option the game does not
// have is the error unsupported, which the caller reports after the
// actions' checks; other errors come first.
func (s *Server) practiceVariant(req *practiceRequest) (pr game.Practicer, opts game.PracticeOptions, unsupported, err error) {
	name := req.Rules
	if name == "" {
		name = s.cfg.Games.Default().DefaultProfile()
	}
	if len(name) > 32 {
		return nil, opts, nil, badRequest("bad_rules", "unknown rule profile; use one of %s", allProfiles(s.cfg.Games))
	}
	v, err := s.cfg.Games.Lookup(name)
	if err != nil {
		return nil, opts, nil, badRequest("bad_rules", "unknown rule profile %q; use one of %s", name, allProfiles(s.cfg.Games))
	}
	pr, ok := v.(game.Practicer)
	if !ok {
		return nil, opts, nil, badRequest("bad_rules", "rule profile %q has no practice; use one of %s", name, allProfiles(s.cfg.Games))
	}
	opts, err = pr.Options(game.PracticeOptions{
		Undo:    req.Undo == nil || *req.Undo,
		Hints:   req.Hints == nil || *req.Hints,
		Scoring: req.Scoring,
	})
	switch {
	case errors.Is(err, game.ErrNoPracticeOption):
		return pr, opts, badRequest("bad_option", "%s", err), nil
	case err != nil:
		return nil, opts, nil, badRequest("bad_option", "%s", err)
	}
	return pr, opts, nil, nil
}

// replay plays req's actions on its deal and describes the result.
func (s *Server) replay(ctx context.Context, req *practiceRequest) (*practiceResponse, error) {
	pr, opts, unsupported, err := s.practiceVariant(req)
	if err != nil {
		return nil, err
	}
	if err := s.checkActions(req); err != nil {
		return nil, err
	}
	if err := checkViews(req); err != nil {
		return nil, err
	}
	if unsupported != nil {
		return nil, unsupported
	}
	if err := checkWant(req, opts.Hints); err != nil {
		return nil, err
	}
	seed := uint64(*req.Seed)
	p, err := pr.Practice(seed, opts)
	if err != nil {
		return nil, fmt.Errorf("web: new game: %w", err)
	}
	elapsed := time.Duration(req.ElapsedMS) * time.Millisecond
	var views []json.RawMessage
	var played func(n int)
	if req.ViewsFrom != nil {
		views = make([]json.RawMessage, 0, len(req.Moves)-*req.ViewsFrom+1)
		played = func(n int) {
			if n >= *req.ViewsFrom {
				views = append(views, p.AppendView(nil, elapsed))
			}
		}
	}
	line, err := replayActions(p, req.Moves, opts.Undo, pr.MoveHelp(), played)
	if err != nil {
		return nil, err
	}
	resp := &practiceResponse{
		Rules: pr.AppendRules(nil, opts),
		Seed:  strconv.FormatUint(seed, 10),
		View:  p.AppendView(nil, elapsed),
		Views: views,
		practiceLine: practiceLine{
			Legal:   p.Legal(),
			CanUndo: p.CanUndo(),
			CanRedo: p.CanRedo(),
			Line:    line,
			Last:    lastMove(line),
		},
	}
	if pr.Tagged() {
		resp.Game = pr.Game().Name()
	}
	if !p.Won() {
		resp.Stuck = p.Stuck(s.cfg.StuckBudget)
	}
	if req.Want != "" {
		if err := s.answerWant(ctx, resp, p, req); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// profileInfos describes every game's profiles, game by game, each in its
// practice order and naming its game, with the profile's own options.
func profileInfos(gs *game.Registry) []json.RawMessage {
	var out []json.RawMessage
	for _, g := range gs.Games() {
		for _, n := range game.PracticeProfiles(g) {
			v, err := g.Variant(n)
			if err != nil {
				continue
			}
			pr, ok := v.(game.Practicer)
			if !ok {
				continue
			}
			opts, err := pr.Options(game.PracticeOptions{})
			if err != nil {
				continue
			}
			out = append(out, pr.AppendRules(nil, opts))
		}
	}
	return out
}

// gameInfo describes one game to the page: its name, the profile a
// player gets who names none, and the profiles a home page offers first
// (game.FeaturedProfiles).
type gameInfo struct {
	Name     string   `json:"name"`
	Default  string   `json:"default"`
	Featured []string `json:"featured"`
}

// gameInfos describes every game, in registration order.
func gameInfos(gs *game.Registry) []gameInfo {
	var out []gameInfo
	for _, g := range gs.Games() {
		out = append(out, gameInfo{Name: g.Name(), Default: g.DefaultProfile(), Featured: game.FeaturedProfiles(g)})
	}
	return out
}
