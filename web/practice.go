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

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/spider"
)

// Practice action tokens besides move notation.
const (
	tokenUndo = "undo"
	tokenRedo = "redo"
)

// practiceRequest is the body of POST /api/practice.
type practiceRequest struct {
	// Rules is a profile name; default klondike.DefaultProfile.
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

// rulesJSON describes a rule profile to the client.
type rulesJSON struct {
	Game               string `json:"game"` // "klondike"
	Name               string `json:"name"`
	Draw               int    `json:"draw"`
	Passes             int    `json:"passes"`
	FoundationToColumn bool   `json:"foundationToColumn"`
	Undo               bool   `json:"undo"`
	Hints              bool   `json:"hints"`
	Scoring            string `json:"scoring"`
	Text               string `json:"text"`
}

// columnJSON is one column as the player sees it.
type columnJSON struct {
	Down int      `json:"down"`
	Up   []string `json:"up"`
}

// viewJSON is klondike.View on the wire: only what the player may see.
type viewJSON struct {
	Columns     []columnJSON `json:"columns"`
	Stock       int          `json:"stock"`
	Waste       []string     `json:"waste"`
	WasteSize   int          `json:"wasteSize"`
	Foundations []int        `json:"foundations"` // C D H S
	PassesUsed  int          `json:"passesUsed"`
	PassesLeft  int          `json:"passesLeft"` // -1: unlimited
	Actions     int          `json:"actions"`
	Score       int          `json:"score"`
	Won         bool         `json:"won"`
}

// practiceResponse is the answer to a practice request.
type practiceResponse struct {
	Rules rulesJSON `json:"rules"`
	Seed  string    `json:"seed"`
	View  viewJSON  `json:"view"`
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

// practiceError is an error the client caused, with its wire code.
type practiceError struct {
	status int
	apiError
}

func (e *practiceError) Error() string { return e.Message }

func badRequest(code, format string, args ...any) *practiceError {
	return &practiceError{status: http.StatusBadRequest, apiError: apiError{Code: code, Message: fmt.Sprintf(format, args...)}}
}

func (s *Server) servePractice(w http.ResponseWriter, r *http.Request) {
	select {
	case s.replaySem <- struct{}{}:
		defer func() { <-s.replaySem }()
	default:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "busy", "the server is busy: try again in a moment")
		return
	}
	resp, err := s.practice(w, r)
	if err != nil {
		var pe *practiceError
		if errors.As(err, &pe) {
			writeJSON(w, pe.status, pe.apiError)
			return
		}
		s.cfg.Logger.Error("web: practice", "err", err)
		writeError(w, http.StatusInternalServerError, "internal", "internal error")
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) practice(w http.ResponseWriter, r *http.Request) (any, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return nil, &practiceError{status: http.StatusUnsupportedMediaType, apiError: apiError{Code: "bad_content_type", Message: "send a JSON body (Content-Type: application/json)"}}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &practiceError{status: http.StatusRequestEntityTooLarge, apiError: apiError{Code: "too_large", Message: fmt.Sprintf("the request is over %d bytes", s.cfg.MaxBody)}}
		}
		return nil, badRequest("bad_json", "cannot read the request: %v", err)
	}
	var req practiceRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("bad_json", "the request is not valid JSON: %s", jsonProblem(err))
	}
	if dec.More() {
		return nil, badRequest("bad_json", "the request holds more than one JSON value")
	}
	if isSpiderProfile(req.Rules) {
		return s.replaySpider(r.Context(), &req)
	}
	return s.replay(r.Context(), &req)
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

// allProfiles lists every profile practice takes, both games', for errors.
func allProfiles() string {
	return strings.Join(append(klondike.ProfileNames(), spider.ProfileNames()...), ", ")
}

// practiceRules resolves the profile and the practice options of req.
func practiceRules(req *practiceRequest) (klondike.Rules, error) {
	name := req.Rules
	if name == "" {
		name = klondike.DefaultProfile
	}
	if len(name) > 32 {
		return klondike.Rules{}, badRequest("bad_rules", "unknown rule profile; use one of %s", allProfiles())
	}
	rules, err := klondike.Profile(name)
	if err != nil {
		return klondike.Rules{}, badRequest("bad_rules", "unknown rule profile %q; use one of %s", name, allProfiles())
	}
	if req.Undo == nil || *req.Undo {
		rules.Undo = true
	}
	if req.Hints == nil || *req.Hints {
		rules.Hints = true
	}
	switch req.Scoring {
	case "":
	case "none":
		rules.Scoring = klondike.ScoringNone
	case "standard":
		rules.Scoring = klondike.ScoringStandard
	case "vegas":
		rules.Scoring = klondike.ScoringVegas
	default:
		return klondike.Rules{}, badRequest("bad_option", "scoring must be none, standard or vegas")
	}
	return rules, nil
}

// replay plays req's actions on its deal and describes the result.
func (s *Server) replay(ctx context.Context, req *practiceRequest) (*practiceResponse, error) {
	rules, err := practiceRules(req)
	if err != nil {
		return nil, err
	}
	if err := s.checkActions(req); err != nil {
		return nil, err
	}
	if err := checkWant(req, rules.Hints); err != nil {
		return nil, err
	}
	g, err := klondike.NewGame(klondike.NewDeal(uint64(*req.Seed)), rules)
	if err != nil {
		return nil, fmt.Errorf("web: new game: %w", err)
	}
	line, err := replayActions(g, req.Moves, rules.Undo, klondikeMoves)
	if err != nil {
		return nil, err
	}
	resp := describe(&g.State, rules, uint64(*req.Seed), time.Duration(req.ElapsedMS)*time.Millisecond)
	resp.CanUndo, resp.CanRedo = g.CanUndo(), g.CanRedo()
	resp.Line = moveStrings(line)
	resp.Last = lastMove(resp.Line)
	if !resp.View.Won {
		resp.Stuck, _ = g.State.StuckWithin(s.cfg.StuckBudget)
	}
	if req.Want != "" {
		if err := s.answerWant(ctx, resp, &g.State, req.Want); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// klondikeMoves reads and judges Klondike moves for replayActions.
var klondikeMoves = newMoveRules(klondike.ParseMove, "not a move in the notation of the rules (D, R, W-3, W-F, 3-F, 3-5x2, FH-3)",
	func(e *klondike.IllegalMoveError) string { return e.Reason })

// describe builds the response for position st: only what its player may
// see.
func describe(st *klondike.State, rules klondike.Rules, seed uint64, elapsed time.Duration) *practiceResponse {
	v := st.View()
	resp := &practiceResponse{
		Rules: rulesInfo(rules),
		Seed:  strconv.FormatUint(seed, 10),
		View:  toViewJSON(v),
	}
	resp.View.Score = st.ScoreAt(elapsed)
	resp.Legal = moveStrings(st.Moves(make([]klondike.Move, 0, 64)))
	return resp
}

func toViewJSON(v klondike.View) viewJSON {
	out := viewJSON{
		Columns:     make([]columnJSON, len(v.Columns)),
		Stock:       v.Stock,
		Waste:       cardStrings(v.Waste),
		WasteSize:   v.WasteSize,
		Foundations: v.Foundations[:],
		PassesUsed:  v.PassesUsed,
		PassesLeft:  v.PassesLeft,
		Actions:     v.Actions,
		Score:       v.Score,
		Won:         v.Won,
	}
	for i, c := range v.Columns {
		out.Columns[i] = columnJSON{Down: c.Down, Up: cardStrings(c.Up)}
	}
	return out
}

func cardStrings(cs []klondike.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func rulesInfo(r klondike.Rules) rulesJSON {
	return rulesJSON{
		Game:               gameKlondike,
		Name:               r.Name,
		Draw:               r.Draw,
		Passes:             r.Passes,
		FoundationToColumn: r.FoundationToColumn,
		Undo:               r.Undo,
		Hints:              r.Hints,
		Scoring:            r.Scoring.String(),
		Text:               r.String(),
	}
}

// profileInfos describes every profile, Klondike's then Spider's; each
// names its game.
func profileInfos() []any {
	names := klondike.ProfileNames()
	out := make([]any, 0, len(names)+len(spider.ProfileNames()))
	for _, n := range names {
		r, err := klondike.Profile(n)
		if err != nil {
			continue
		}
		out = append(out, rulesInfo(r))
	}
	for _, r := range spiderProfileInfos() {
		out = append(out, r)
	}
	return out
}
