package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/spider"
)

func TestSpiderPracticeErrors(t *testing.T) {
	ts := newTestServer(t, Config{MaxMoves: 50})
	long := `["` + strings.Repeat(`D","`, 60) + `D"]`
	checkPracticeErrors(t, ts, []practiceErrorCase{
		{"missing seed", `{"rules":"spider-1"}`, 400, "bad_seed", -1},
		{"scoring", `{"rules":"spider-2","seed":"1","scoring":"vegas"}`, 400, "bad_option", -1},
		{"bad want", `{"rules":"spider-1","seed":"1","want":"cards"}`, 400, "bad_option", -1},
		{"too many moves", `{"rules":"spider-1","seed":"1","moves":` + long + `}`, 400, "too_many_moves", -1},
		{"Klondike notation", `{"rules":"spider-1","seed":"1","moves":["D","3-F"]}`, 400, "bad_move", 1},
		{"column 11", `{"rules":"spider-4","seed":"1","moves":["11-1"]}`, 400, "bad_move", 0},
		{"illegal move", `{"rules":"spider-1","seed":"1","moves":["D","1-2x13"]}`, 400, "illegal_move", 1},
		{"nothing to undo", `{"rules":"spider-1","seed":"1","moves":["undo"]}`, 400, "nothing_to_undo", 0},
		{"nothing to redo", `{"rules":"spider-1","seed":"1","moves":["D","redo"]}`, 400, "nothing_to_undo", 1},
		{"undo off", `{"rules":"spider-1-std","seed":"1","undo":false,"moves":["D","undo"]}`, 400, "undo_not_allowed", 1},
		{"hints off", `{"rules":"spider-1","seed":"1","hints":false,"want":"hint"}`, 400, "hints_off", -1},
		{"no such suits", `{"rules":"spider-3","seed":"1"}`, 400, "bad_rules", -1},
	})
}

// spiderGame returns a practice game of profile on seed.
func spiderGame(t *testing.T, profile string, seed uint64) *spider.Game {
	t.Helper()
	rules, err := spider.Profile(profile)
	if err != nil {
		t.Fatal(err)
	}
	g, err := spider.NewGame(spider.NewDeal(seed, rules.Suits), rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// firstColumnMove returns the first legal move of st that is not the deal.
func firstColumnMove(t *testing.T, st spider.State) spider.Move {
	t.Helper()
	for _, m := range st.Moves() {
		if !m.IsDeal() {
			return m
		}
	}
	t.Fatalf("no column move in\n%s", &st)
	return spider.Move{}
}

// TestSpiderPracticeReplay checks that the answer is the engine's own view
// after moves, a deal, undo across the deal and redo.
func TestSpiderPracticeReplay(t *testing.T) {
	ts := newTestServer(t, Config{})
	const seed = 42
	for _, profile := range []string{"spider-1", "spider-2-std", "spider-4"} {
		t.Run(profile, func(t *testing.T) {
			g := spiderGame(t, profile, seed)
			var moves []string
			apply := func(m spider.Move) {
				t.Helper()
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s: %v", m, err)
				}
				moves = append(moves, m.String())
			}
			apply(firstColumnMove(t, g.State()))
			apply(spider.DealMove())
			apply(firstColumnMove(t, g.State()))
			for _, tok := range []string{"undo", "undo", "redo", "undo"} {
				var err error
				if tok == "undo" {
					err = g.Undo()
				} else {
					err = g.Redo()
				}
				if err != nil {
					t.Fatalf("%s: %v", tok, err)
				}
				moves = append(moves, tok)
			}
			// Undone back across the deal: the stock is whole again.
			st := g.State()
			if st.StockLeft() != 50 {
				t.Fatalf("engine: stock %d after undoing the deal, want 50", st.StockLeft())
			}

			got := postOK[spiderAnswer](t, ts, map[string]any{"rules": profile, "seed": seed, "moves": moves})
			gotView, _ := json.Marshal(got.View)
			v := st.View()
			wantView, _ := json.Marshal(spidergame.Wire(&v))
			if string(gotView) != string(wantView) {
				t.Errorf("view\n got %s\nwant %s", gotView, wantView)
			}
			if got.Game != "spider" || got.Seed != "42" || got.Rules.Name != profile || got.Rules.Game != "spider" || !got.Rules.Undo || !got.Rules.Hints {
				t.Errorf("game %q seed %q rules %+v, want spider, 42, %s with undo and hints", got.Game, got.Seed, got.Rules, profile)
			}
			if got.View.Stock != 50 || got.View.Actions != 1 {
				t.Errorf("stock %d actions %d, want 50 and 1 (undo takes the counter back)", got.View.Stock, got.View.Actions)
			}
			if len(got.Line) != 1 || got.Last != moves[0] {
				t.Errorf("line %v last %q, want [%s]", got.Line, got.Last, moves[0])
			}
			if !got.CanUndo || !got.CanRedo {
				t.Errorf("canUndo %v canRedo %v, want both", got.CanUndo, got.CanRedo)
			}
			var legal []string
			for _, m := range st.Moves() {
				legal = append(legal, m.String())
			}
			if strings.Join(got.Legal, " ") != strings.Join(legal, " ") {
				t.Errorf("legal %v, want %v", got.Legal, legal)
			}
			if got.Stuck {
				t.Error("stuck at the start, want not")
			}

			// The redo goes across the deal again.
			got = postOK[spiderAnswer](t, ts, map[string]any{"rules": profile, "seed": seed, "moves": append(moves, "redo")})
			// The move after the deal is still there to redo.
			if got.View.Stock != 40 || got.Last != "D" || !got.CanRedo {
				t.Errorf("after redo: stock %d last %q canRedo %v, want 40, D, true", got.View.Stock, got.Last, got.CanRedo)
			}
		})
	}
}

// spiderWant posts a practice request with want and returns the answer.
func spiderWant(t *testing.T, ts *httptest.Server, profile string, seed uint64, moves []string, want string) spiderAnswer {
	t.Helper()
	return postOK[spiderAnswer](t, ts, map[string]any{"rules": profile, "seed": fmt.Sprint(seed), "moves": moves, "want": want})
}

// TestSpiderPracticeHint checks that want=hint answers a legal move (the
// first of a winning line when the solver finds one, else spider.Hint's)
// and changes nothing.
func TestSpiderPracticeHint(t *testing.T) {
	ts := newTestServer(t, Config{SolverWait: time.Minute}) // the answer, not the wait
	for seed := uint64(1); seed <= 3; seed++ {
		g := spiderGame(t, "spider-2", seed)
		st := g.State()
		got := spiderWant(t, ts, "spider-2", seed, nil, "hint")
		m, err := spider.ParseMove(got.Hint)
		if err != nil || !st.Legal(m) {
			t.Fatalf("seed %d: hint %q (verdict %s) is not a legal move", seed, got.Hint, got.Verdict)
		}
		if want, _ := spider.Hint(&st); got.Verdict != "won" && m != want {
			t.Errorf("seed %d: hint %q with verdict %s, want spider.Hint's %s", seed, got.Hint, got.Verdict, want)
		}
		if got.View.Actions != 0 {
			t.Errorf("seed %d: %d actions after a hint, want 0", seed, got.View.Actions)
		}
	}
}

// TestSpiderPracticeSolve checks that want=solve answers a line that wins
// when replayed through the practice API.
func TestSpiderPracticeSolve(t *testing.T) {
	ts := newTestServer(t, Config{SolverWait: time.Minute}) // the answer, not the wait
	won := 0
	for seed := uint64(1); seed <= 3 && won == 0; seed++ {
		got := spiderWant(t, ts, "spider-1", seed, []string{"D", "undo"}, "solve")
		if got.Verdict != "won" {
			t.Logf("seed %d: verdict %s, no line", seed, got.Verdict)
			continue
		}
		end := spiderWant(t, ts, "spider-1", seed, append([]string{"D", "undo"}, got.Solution...), "")
		if !end.View.Won || end.View.Completed != 8 {
			t.Fatalf("seed %d: the solution of %d moves ends with %d runs, won %v", seed, len(got.Solution), end.View.Completed, end.View.Won)
		}
		won++
	}
	if won == 0 {
		t.Error("no winning line for spider-1 seeds 1 … 3")
	}
}

// TestSpiderPracticeHidesFaceDown plays games of two decks and checks that
// every card an answer names is face up: each card appears in the body
// exactly as often as it lies face up on the table (two decks: a card may
// be face up and its twin face down).
func TestSpiderPracticeHidesFaceDown(t *testing.T) {
	ts := newTestServer(t, Config{})
	cardRE := regexp.MustCompile(`"([A2-9TJQK][CDHS])"`)
	for _, profile := range []string{"spider-1", "spider-2", "spider-4-std"} {
		for seed := uint64(1); seed <= 2; seed++ {
			g := spiderGame(t, profile, seed)
			var moves []string
			for step := 0; step < 30; step++ {
				st := g.State()
				if st.Won() {
					break
				}
				ms := st.Moves()
				if len(ms) == 0 {
					break
				}
				m := ms[(int(seed)*7+step*13)%len(ms)]
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m.String())
				if step%7 == 3 {
					g.Undo()
					moves = append(moves, "undo")
				}
				st = g.State()
				up := map[string]int{}
				for c := range spider.NumColumns {
					for _, card := range st.Column(c)[st.FaceDown(c):] {
						up[card.String()]++
					}
				}
				req, _ := json.Marshal(map[string]any{"rules": profile, "seed": seed, "moves": moves})
				status, body := post(t, ts, string(req))
				if status != 200 {
					t.Fatalf("%s seed %d: status %d: %s", profile, seed, status, body)
				}
				named := map[string]int{}
				for _, m := range cardRE.FindAllStringSubmatch(string(body), -1) {
					named[m[1]]++
				}
				for card, n := range named {
					if n > up[card] {
						t.Fatalf("%s seed %d after %v: %s named %d times, face up %d times: %s", profile, seed, moves, card, n, up[card], body)
					}
				}
			}
		}
	}
}

// TestConfigProfiles checks that the server's configuration lists every
// profile of both games, each with its game.
func TestConfigProfiles(t *testing.T) {
	ts := newTestServer(t, Config{})
	res, err := http.Get(ts.URL + "/api/web/config")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var cfg struct {
		Profiles []struct {
			Game string `json:"game"`
			Name string `json:"name"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	games := map[string]string{}
	for _, p := range cfg.Profiles {
		games[p.Name] = p.Game
	}
	for _, n := range spider.ProfileNames() {
		if games[n] != "spider" {
			t.Errorf("profile %s: game %q, want spider", n, games[n])
		}
	}
	if games["bvs"] != "klondike" {
		t.Errorf("profile bvs: game %q, want klondike", games["bvs"])
	}
}

// TestConfigGames checks that the server's configuration lists every
// game with its default profile and the profiles a home page offers
// first, each one of the profiles it lists.
func TestConfigGames(t *testing.T) {
	ts := newTestServer(t, Config{})
	a := do(t, "GET", ts.URL+"/api/web/config")
	var cfg struct {
		Games []struct {
			Name     string   `json:"name"`
			Default  string   `json:"default"`
			Featured []string `json:"featured"`
		} `json:"games"`
		Profiles []struct {
			Game string `json:"game"`
			Name string `json:"name"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal(a.body, &cfg); err != nil {
		t.Fatal(err)
	}
	of := map[string]string{}
	for _, p := range cfg.Profiles {
		of[p.Name] = p.Game
	}
	var names []string
	for _, g := range cfg.Games {
		names = append(names, g.Name)
		if of[g.Default] != g.Name {
			t.Errorf("%s: default %q is not one of its profiles", g.Name, g.Default)
		}
		if len(g.Featured) == 0 || g.Featured[0] != g.Default {
			t.Errorf("%s: featured %v, want its default first", g.Name, g.Featured)
		}
		for _, p := range g.Featured {
			if of[p] != g.Name {
				t.Errorf("%s: featured %q is not one of its profiles", g.Name, p)
			}
		}
	}
	if !strings.HasPrefix(strings.Join(names, " "), "klondike spider") {
		t.Errorf("games %v, want klondike and spider first", names)
	}
}
