package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

func newTestServer(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts
}

// post sends body to the practice API and returns the status and the body.
func post(t *testing.T, ts *httptest.Server, body string) (int, []byte) {
	t.Helper()
	res, err := http.Post(ts.URL+"/api/practice", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST: %v", err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	return res.StatusCode, b
}

func TestPracticeErrors(t *testing.T) {
	ts := newTestServer(t, Config{MaxMoves: 50})
	long := `["` + strings.Repeat(`D","`, 60) + `D"]`
	checkPracticeErrors(t, ts, []practiceErrorCase{
		{"empty body", ``, 400, "bad_json", -1},
		{"not JSON", `{rules:`, 400, "bad_json", -1},
		{"two values", `{"seed":"1"} {}`, 400, "bad_json", -1},
		{"unknown field", `{"seed":"1","cheat":true}`, 400, "bad_json", -1},
		{"moves not a list", `{"seed":"1","moves":"D"}`, 400, "bad_json", -1},
		{"missing seed", `{"rules":"bvs"}`, 400, "bad_seed", -1},
		{"negative seed", `{"seed":-1}`, 400, "bad_json", -1},
		{"seed too big", `{"seed":"18446744073709551616"}`, 400, "bad_json", -1},
		{"seed letters", `{"seed":"12a"}`, 400, "bad_json", -1},
		{"unknown profile", `{"seed":"1","rules":"spider"}`, 400, "bad_rules", -1},
		{"profile with markup", `{"seed":"1","rules":"<script>"}`, 400, "bad_rules", -1},
		{"bad scoring", `{"seed":"1","scoring":"golf"}`, 400, "bad_option", -1},
		{"bad want", `{"seed":"1","want":"cards"}`, 400, "bad_option", -1},
		{"negative time", `{"seed":"1","elapsedMs":-5}`, 400, "bad_option", -1},
		{"too many moves", `{"seed":"1","moves":` + long + `}`, 400, "too_many_moves", -1},
		{"bad notation", `{"seed":"1","moves":["D","d"]}`, 400, "bad_move", 1},
		{"column 8", `{"seed":"1","moves":["8-F"]}`, 400, "bad_move", 0},
		{"illegal move", `{"seed":"123","moves":["D","W-1"]}`, 400, "illegal_move", 1},
		{"nothing to undo", `{"seed":"1","moves":["undo"]}`, 400, "nothing_to_undo", 0},
		{"nothing to redo", `{"seed":"1","moves":["D","redo"]}`, 400, "nothing_to_undo", 1},
		{"undo off", `{"seed":"1","undo":false,"moves":["D","undo"]}`, 400, "undo_not_allowed", 1},
		{"hints off", `{"seed":"1","hints":false,"want":"hint"}`, 400, "hints_off", -1},
	})
}

func TestPracticeTooLarge(t *testing.T) {
	ts := newTestServer(t, Config{MaxBody: 100})
	status, body := post(t, ts, `{"seed":"1","moves":["`+strings.Repeat("D", 200)+`"]}`)
	if status != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", status)
	}
	if !strings.Contains(string(body), `"too_large"`) {
		t.Errorf("body %s, want code too_large", body)
	}
}

func TestPracticeMethodAndContentType(t *testing.T) {
	ts := newTestServer(t, Config{})
	res, err := http.Get(ts.URL + "/api/practice")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET status %d, want 405", res.StatusCode)
	}
	res, err = http.Post(ts.URL+"/api/practice", "text/plain", strings.NewReader(`{"seed":"1"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain status %d, want 415", res.StatusCode)
	}
}

// TestPracticeReplay checks that the answer is the engine's own view of the
// position after the actions, undo and redo included.
func TestPracticeReplay(t *testing.T) {
	ts := newTestServer(t, Config{})
	const seed = 123
	rules, err := klondike.Profile("classic")
	if err != nil {
		t.Fatal(err)
	}
	rules.Undo = true
	rules.Hints = true
	g, err := klondike.NewGame(klondike.NewDeal(seed), rules)
	if err != nil {
		t.Fatal(err)
	}
	// Play the first legal move ten times, undo twice, redo once.
	var moves []string
	for range 10 {
		m := g.Moves(nil)[0]
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m.String())
	}
	g.Undo()
	g.Undo()
	g.Redo()
	moves = append(moves, "undo", "undo", "redo")

	got := postOK[klondikeAnswer](t, ts, map[string]any{"rules": "classic", "seed": seed, "moves": moves})
	want := klondikegame.NewPracticeView(g.View(), g.View().Score)
	gotView, _ := json.Marshal(got.View)
	wantView, _ := json.Marshal(want)
	if string(gotView) != string(wantView) {
		t.Errorf("view\n got %s\nwant %s", gotView, wantView)
	}
	if got.Seed != "123" || got.Rules.Name != "classic" || !got.Rules.Undo {
		t.Errorf("seed %q rules %+v, want 123, classic with undo", got.Seed, got.Rules)
	}
	if len(got.Line) != 9 || got.Last != moves[8] {
		t.Errorf("line %v last %q, want 9 moves ending %q", got.Line, got.Last, moves[8])
	}
	if !got.CanUndo || !got.CanRedo {
		t.Errorf("canUndo %v canRedo %v, want both", got.CanUndo, got.CanRedo)
	}
	if got.View.Actions != 9 {
		t.Errorf("actions %d, want 9, the moves of the line (undo and redo do not count)", got.View.Actions)
	}
	legal := g.Moves(nil)
	if len(got.Legal) != len(legal) {
		t.Errorf("legal %v, want %v", got.Legal, legal)
	}
}

// TestPracticeHidesFaceDown plays random games and checks that no answer
// names a card that is face down or in the stock.
func TestPracticeHidesFaceDown(t *testing.T) {
	ts := newTestServer(t, Config{})
	cardRE := regexp.MustCompile(`"([A2-9TJQK][CDHS])"`)
	for _, profile := range []string{"bvs", "classic", "windows-1"} {
		for seed := uint64(1); seed <= 3; seed++ {
			rules, _ := klondike.Profile(profile)
			st := klondike.MustNew(klondike.NewDeal(seed), rules)
			var moves []string
			for step := 0; step < 40 && !st.Won(); step++ {
				ms := st.Moves(nil)
				if len(ms) == 0 {
					break
				}
				m := ms[(int(seed)*7+step*13)%len(ms)]
				if err := st.Apply(m); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m.String())
				hidden := map[string]bool{}
				for c := range klondike.NumColumns {
					for _, card := range st.Column(c)[:st.FaceDown(c)] {
						hidden[card.String()] = true
					}
				}
				for _, card := range st.Stock() {
					hidden[card.String()] = true
				}
				waste := st.Waste()
				shown := len(st.View().Waste)
				for _, card := range waste[:len(waste)-shown] {
					hidden[card.String()] = true
				}
				req, _ := json.Marshal(map[string]any{"rules": profile, "seed": seed, "moves": moves})
				status, body := post(t, ts, string(req))
				if status != 200 {
					t.Fatalf("%s seed %d: status %d: %s", profile, seed, status, body)
				}
				for _, m := range cardRE.FindAllStringSubmatch(string(body), -1) {
					if hidden[m[1]] {
						t.Fatalf("%s seed %d after %v: hidden card %s in %s", profile, seed, moves, m[1], body)
					}
				}
			}
		}
	}
}

func TestPages(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, p := range []string{"/", "/practice", "/race/abc", "/room/XYZ", "/watch", "/watch/abc", "/replay/abc", "/leaderboards"} {
		res, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(b), `src="/static/app.js"`) {
			t.Errorf("GET %s: status %d, want 200 and the page shell", p, res.StatusCode)
		}
		if res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: no Content-Security-Policy", p)
		}
	}
	for _, tt := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/static/app.js", 200, "text/javascript"},
		{"/static/style.css", 200, "text/css"},
		{"/static/nope.js", 404, ""},
		{"/static/", 404, ""},
		{"/nope", 404, ""},
		{"/ws", 404, ""}, // no hub
	} {
		res, err := http.Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, res.StatusCode, tt.status)
		}
		if tt.ctype != "" && !strings.HasPrefix(res.Header.Get("Content-Type"), tt.ctype) {
			t.Errorf("GET %s: Content-Type %q, want %s", tt.path, res.Header.Get("Content-Type"), tt.ctype)
		}
	}
}

func TestHubMounted(t *testing.T) {
	hub := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Hub", "yes")
		w.WriteHeader(http.StatusTeapot)
	})
	ts := newTestServer(t, Config{Hub: hub})
	for _, tt := range []struct {
		path string
		hub  bool
	}{
		{"/ws", true},
		{"/api/races", true},
		{"/api/live", false},
		{"/api/web/config", false},
		{"/practice", false},
	} {
		res, err := http.Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("X-Hub") == "yes"; got != tt.hub {
			t.Errorf("GET %s went to the hub: %v, want %v", tt.path, got, tt.hub)
		}
	}
}

func TestPracticeBusy(t *testing.T) {
	s, err := New(Config{Replays: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.replaySem <- struct{}{} // a replay is running
	ts := httptest.NewServer(s)
	defer ts.Close()
	status, body := post(t, ts, `{"seed":"2"}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), `"busy"`) {
		t.Errorf("status %d body %s, want 503 busy", status, body)
	}
	<-s.replaySem
	if status, body := post(t, ts, `{"seed":"2"}`); status != http.StatusOK {
		t.Errorf("after: status %d body %s, want 200", status, body)
	}
}

// The unknown-profile error names the profiles of both games.
func TestPracticeUnknownProfileListsBothGames(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, body := post(t, ts, `{"seed":"1","rules":"golf"}`)
	if code != 400 {
		t.Fatalf("status %d, want 400", code)
	}
	for _, want := range []string{`\"golf\"`, "relaxed-3", "classic", "spider-1", "spider-4-std"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("error %s does not mention %s", body, want)
		}
	}
}

// viewsAnswer is a practice answer read for its views, each view as the
// server wrote it.
type viewsAnswer struct {
	View  json.RawMessage   `json:"view"`
	Views []json.RawMessage `json:"views"`
	Line  []string          `json:"line"`
}

// TestPracticeViews checks that viewsFrom answers, in one request, the
// views that single requests give for each prefix of the actions, in
// Klondike, Spider and FreeCell, and leaves the rest of the answer as it
// is without it.
func TestPracticeViews(t *testing.T) {
	ts := newTestServer(t, Config{})
	for _, profile := range []string{"classic", "spider-1", "freecell"} {
		t.Run(profile, func(t *testing.T) {
			// Play 30 moves, each a legal move of the answer before it,
			// keeping each prefix's view as a single request gives it.
			var moves []string
			var single []json.RawMessage
			for j := 0; ; j++ {
				got := postOK[struct {
					View  json.RawMessage `json:"view"`
					Legal []string        `json:"legal"`
				}](t, ts, map[string]any{"rules": profile, "seed": 7, "moves": moves, "undo": false, "hints": false})
				single = append(single, got.View)
				if j == 30 || len(got.Legal) == 0 {
					break
				}
				moves = append(moves, got.Legal[j%len(got.Legal)])
			}
			if len(moves) < 20 {
				t.Fatalf("only %d moves played", len(moves))
			}
			for _, from := range []int{0, 7, len(moves)} {
				got := postOK[viewsAnswer](t, ts, map[string]any{"rules": profile, "seed": 7, "moves": moves, "undo": false, "hints": false, "viewsFrom": from})
				if len(got.Views) != len(moves)-from+1 {
					t.Fatalf("from %d: got %d views, want %d", from, len(got.Views), len(moves)-from+1)
				}
				for i, v := range got.Views {
					if string(v) != string(single[from+i]) {
						t.Errorf("from %d: view after %d moves\n got %s\nwant %s", from, from+i, v, single[from+i])
					}
				}
				if string(got.View) != string(single[len(moves)]) {
					t.Errorf("from %d: view %s, want the whole line's %s", from, got.View, single[len(moves)])
				}
			}

			// Without viewsFrom, the answer is the same, without views.
			body := func(req map[string]any) map[string]json.RawMessage {
				t.Helper()
				return postOK[map[string]json.RawMessage](t, ts, req)
			}
			plain := body(map[string]any{"rules": profile, "seed": 7, "moves": moves})
			with := body(map[string]any{"rules": profile, "seed": 7, "moves": moves, "viewsFrom": 3})
			if _, ok := plain["views"]; ok {
				t.Error("an answer without viewsFrom has views")
			}
			delete(with, "views")
			a, _ := json.Marshal(plain)
			b, _ := json.Marshal(with)
			if string(a) != string(b) {
				t.Errorf("the answer besides views\n got %s\nwant %s", b, a)
			}
		})
	}
}

// TestPracticeViewsUndo checks that views follow the actions, undo and
// redo included: each is the view of the position its prefix reaches.
func TestPracticeViewsUndo(t *testing.T) {
	ts := newTestServer(t, Config{})
	moves := []string{"D", "D", "undo", "D", "undo", "redo", "D"}
	got := postOK[viewsAnswer](t, ts, map[string]any{"rules": "classic", "seed": 123, "moves": moves, "viewsFrom": 1})
	if len(got.Views) != len(moves) {
		t.Fatalf("got %d views, want %d", len(got.Views), len(moves))
	}
	for j := 1; j <= len(moves); j++ {
		one := postOK[viewsAnswer](t, ts, map[string]any{"rules": "classic", "seed": 123, "moves": moves[:j]})
		if string(got.Views[j-1]) != string(one.View) {
			t.Errorf("view after %v\n got %s\nwant %s", moves[:j], got.Views[j-1], one.View)
		}
	}
}

// TestPracticeViewsBounds checks viewsFrom's errors and its bound of
// maxViews views per request.
func TestPracticeViewsBounds(t *testing.T) {
	ts := newTestServer(t, Config{})
	// n actions that can be played: a draw and its undo, again and again.
	actions := func(n int) []string { return slices.Repeat([]string{"D", "undo"}, n/2+1)[:n] }
	draws := func(n int) string { return must(json.Marshal(actions(n))) }
	checkPracticeErrors(t, ts, []practiceErrorCase{
		{"negative", `{"seed":"1","moves":["D"],"viewsFrom":-1}`, 400, "bad_views_from", -1},
		{"past the moves", `{"seed":"1","moves":["D"],"viewsFrom":2}`, 400, "bad_views_from", -1},
		{"not a number", `{"seed":"1","moves":["D"],"viewsFrom":"0"}`, 400, "bad_json", -1},
		{"not whole", `{"seed":"1","moves":["D"],"viewsFrom":0.5}`, 400, "bad_json", -1},
		{"too many", fmt.Sprintf(`{"seed":"1","moves":%s,"viewsFrom":0}`, draws(maxViews)), 400, "too_many_views", -1},
		{"too many later", fmt.Sprintf(`{"seed":"1","moves":%s,"viewsFrom":88}`, draws(600)), 400, "too_many_views", -1},
		{"an illegal move", `{"seed":"123","moves":["D","W-1"],"viewsFrom":0}`, 400, "illegal_move", 1},
	})
	status, body := post(t, ts, fmt.Sprintf(`{"rules":"classic","seed":"1","moves":%s,"viewsFrom":0}`, draws(maxViews)))
	if !strings.Contains(string(body), fmt.Sprintf("at most %d views", maxViews)) {
		t.Errorf("too many views: %d %s, want the bound in the message", status, body)
	}
	for _, tt := range []struct{ moves, from int }{{maxViews - 1, 0}, {600, 89}, {0, 0}} {
		got := postOK[viewsAnswer](t, ts, map[string]any{"rules": "classic", "seed": 1, "moves": actions(tt.moves), "viewsFrom": tt.from})
		if len(got.Views) != tt.moves-tt.from+1 {
			t.Errorf("%d moves from %d: got %d views, want %d", tt.moves, tt.from, len(got.Views), tt.moves-tt.from+1)
		}
	}
}

// One client may have half of Config.Replays replayed at once: past
// that it is told 429 busy, while another client is answered.
func TestPracticeBusyPerClient(t *testing.T) {
	s, err := New(Config{Replays: 4, Client: func(r *http.Request) string { return r.Header.Get("X-Test-Client") }})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		s.replayClients.Take("198.51.100.7", 1) // the client's replays running
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	postAs := func(client string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.URL+"/api/practice", strings.NewReader(`{"seed":"2"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Test-Client", client)
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if status, body := postAs("198.51.100.7"); status != http.StatusTooManyRequests || !strings.Contains(body, `"busy"`) {
		t.Errorf("a third replay of a client allowed two: status %d body %s, want 429 busy", status, body)
	}
	if status, body := postAs("203.0.113.9"); status != http.StatusOK {
		t.Errorf("another client: status %d body %s, want 200", status, body)
	}
	s.replayClients.Release("198.51.100.7")
	if status, body := postAs("198.51.100.7"); status != http.StatusOK {
		t.Errorf("after one of its replays ended: status %d body %s, want 200", status, body)
	}
}
