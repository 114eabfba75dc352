package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
)

// practiceErrorCase is a practice request that must fail.
type practiceErrorCase struct {
	name   string
	body   string
	status int
	code   string
	index  int // -1: no index
}

// checkPracticeErrors posts each case's body and checks the status, the
// error's code, a message, and the index of the action at fault.
// goPrefix matches a Go error's package prefix ("klondike: ").
var goPrefix = regexp.MustCompile(`(^|: )[a-z][a-z0-9]*: `)

func checkPracticeErrors(t *testing.T, ts *httptest.Server, cases []practiceErrorCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			status, body := post(t, ts, tt.body)
			if status != tt.status {
				t.Errorf("status %d, want %d (%s)", status, tt.status, body)
			}
			var e apiError
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("error body %q: %v", body, err)
			}
			if e.Code != tt.code {
				t.Errorf("code %q, want %q (%s)", e.Code, tt.code, e.Message)
			}
			if e.Message == "" || goPrefix.MatchString(e.Message) {
				t.Errorf("message %q, want a plain sentence", e.Message)
			}
			switch {
			case tt.index < 0 && e.Index != nil:
				t.Errorf("index %d, want none", *e.Index)
			case tt.index >= 0 && (e.Index == nil || *e.Index != tt.index):
				t.Errorf("index %v, want %d", e.Index, tt.index)
			}
		})
	}
}

// postOK posts req, as JSON, to the practice API, requires 200 and
// returns the answer decoded as a T.
func postOK[T any](t *testing.T, ts *httptest.Server, req any) T {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	status, body := post(t, ts, string(b))
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	var got T
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// klondikeAnswer is a Klondike practice answer as a client reads it.
type klondikeAnswer struct {
	Rules klondikegame.PracticeRules `json:"rules"`
	Seed  string                     `json:"seed"`
	View  klondikegame.PracticeView  `json:"view"`
	practiceLine
}

// spiderAnswer is a Spider practice answer as a client reads it.
type spiderAnswer struct {
	Game  string                   `json:"game"`
	Rules spidergame.PracticeRules `json:"rules"`
	Seed  string                   `json:"seed"`
	View  spidergame.WireView      `json:"view"`
	practiceLine
}

func TestReplayActions(t *testing.T) {
	v, err := games.Lookup("classic")
	if err != nil {
		t.Fatal(err)
	}
	pr := v.(game.Practicer)
	for _, tt := range []struct {
		name    string
		actions []string
		undo    bool
		line    string // the line on success
		code    string // the error's code on failure
		index   int
	}{
		{"moves", []string{"D", "D"}, true, "D D", "", 0},
		{"undo and redo", []string{"D", "D", "undo", "undo", "redo"}, true, "D", "", 0},
		{"a move drops what is undone", []string{"D", "D", "undo", "D", "redo"}, true, "", "nothing_to_undo", 4},
		{"undo off", []string{"D", "undo"}, false, "", "undo_not_allowed", 1},
		{"nothing to undo", []string{"undo"}, true, "", "nothing_to_undo", 0},
		{"bad notation", []string{"D", "zz"}, true, "", "bad_move", 1},
		{"illegal", []string{"W-F"}, true, "", "illegal_move", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := pr.Practice(123, game.PracticeOptions{Undo: true})
			if err != nil {
				t.Fatal(err)
			}
			line, err := replayActions(p, tt.actions, tt.undo, pr.MoveHelp(), nil)
			if tt.code == "" {
				if got := strings.Join(line, " "); err != nil || got != tt.line {
					t.Errorf("got line %q, error %v; want %q", got, err, tt.line)
				}
				return
			}
			var pe *practiceError
			if !errors.As(err, &pe) || pe.Code != tt.code || pe.Index == nil || *pe.Index != tt.index {
				t.Fatalf("got %v, want %s at index %d", err, tt.code, tt.index)
			}
			if !strings.HasPrefix(pe.Message, "action ") {
				t.Errorf("message %q does not name the action", pe.Message)
			}
		})
	}
}

func TestCheckWant(t *testing.T) {
	for _, tt := range []struct {
		want  string
		hints bool
		code  string
	}{
		{"", false, ""}, {"hint", true, ""}, {"solve", true, ""},
		{"cards", true, "bad_option"}, {"hint", false, "hints_off"},
	} {
		err := checkWant(&practiceRequest{Want: tt.want}, tt.hints)
		var pe *practiceError
		switch {
		case tt.code == "" && err != nil:
			t.Errorf("want %q hints %v: got %v, want no error", tt.want, tt.hints, err)
		case tt.code != "" && (!errors.As(err, &pe) || pe.Code != tt.code):
			t.Errorf("want %q hints %v: got %v, want %s", tt.want, tt.hints, err, tt.code)
		}
	}
}

func TestAcquireSolver(t *testing.T) {
	s, err := New(Config{Solvers: 1})
	if err != nil {
		t.Fatal(err)
	}
	release, err := s.acquireSolver()
	if err != nil {
		t.Fatalf("first: %v", err)
	}
	var pe *practiceError
	if _, err := s.acquireSolver(); !errors.As(err, &pe) || pe.Code != "solver_busy" || pe.status != http.StatusServiceUnavailable {
		t.Fatalf("second while the first runs: got %v, want 503 solver_busy", err)
	}
	release()
	release, err = s.acquireSolver()
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	release()
}
