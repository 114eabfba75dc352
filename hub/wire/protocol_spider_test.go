package wire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/scoreboard"
	"github.com/solitaire-race/racer/spider"
)

// wireSpider returns the wire view of a Spider position as encoding/json
// writes spidergame.View: independent of the hand-written encoders.
func wireSpider(t testing.TB, s *spider.State) View {
	t.Helper()
	v := s.View()
	b, err := json.Marshal(spidergame.Wire(&v))
	if err != nil {
		t.Fatal(err)
	}
	return View{Game: scoreboard.GameSpider, JSON: b}
}

// wireKlondike returns the wire view of a Klondike position as
// encoding/json writes klondikegame.View.
func wireKlondike(t testing.TB, s *klondike.State) View {
	t.Helper()
	v := s.View()
	b, err := json.Marshal(klondikegame.Wire(&v))
	if err != nil {
		t.Fatal(err)
	}
	return View{Game: scoreboard.GameKlondike, JSON: b}
}

// spiderGoldenLine plays spider-1 seed 1 to its first completed run.
const spiderGoldenLine = "4-3 4-5 3-4x2 3-4 4-10x4 4-8 5-4x2 7-1 8-3x2 2-8 8-3x2 10-1x5 D 1-7 2-1 3-10 3-4x5 3-2 3-10 5-7 6-1 D " +
	"1-3 2-8 4-3 6-7 8-3x2 9-7 D 2-8 2-1x2 3-4 2-3 3-9x6 3-2 8-4x2 2-8x2 2-5 2-1 10-1 1-10x5 1-6x9 1-7 1-2 1-3 D 1-9 4-8 6-5 " +
	"6-10x11 8-9x2 6-8 9-3x4 9-8x7 9-6 4-9x4 10-1x12"

// mustDeal returns the text of the deal of seed under profile.
func mustDeal(t *testing.T, profile string, seed uint64) string {
	t.Helper()
	v, err := games.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	return v.Deal(seed)
}

// spiderGoldenState returns spider-1 seed 1 after the first n moves of
// spiderGoldenLine (all of them when n < 0).
func spiderGoldenState(t *testing.T, n int) spider.State {
	t.Helper()
	rules, _ := spider.Profile("spider-1")
	s := spider.MustNew(spider.NewDeal(1, 1), rules)
	moves := strings.Fields(spiderGoldenLine)
	if n >= 0 {
		moves = moves[:n]
	}
	for _, mv := range moves {
		m, err := spider.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	return s
}

// goldenSpiderMessages returns one example of every message that differs
// in a Spider race, by file name.
func goldenSpiderMessages(t *testing.T) map[string]any {
	t.Helper()
	r := goldenRace(t)
	r.Profile = "spider-1"
	r = raceInfo(t, r)
	r.Commitment = "0c5e4b1f4a7d2e9b8c3a6f1d0e2b4c6a8d9f1e3b5a7c9d2e4f6a8b0c1d3e5f7a"
	s := spiderGoldenState(t, -1)
	view := wireSpider(t, &s)
	start := spiderGoldenState(t, 0)
	at := time.Date(2026, 11, 30, 12, 0, 9, 250_000_000, time.UTC)
	prog := scoreboard.Progress{Racer: "a1b2c3d4e5f60718", Seq: 57, Foundations: [4]int{0, 0, 0, 13}, Foundation: 13, TurnedUp: 44 - s.FaceDownCount(),
		Actions: s.Actions(), Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 1, OmitZero: true}), Status: scoreboard.StatusPlaying, ReachedAt: at}
	prog2 := scoreboard.Progress{Racer: "0f1e2d3c4b5a6978", Status: scoreboard.StatusDisconnected}
	result := scoreboard.Result{Race: r.ID, Reason: scoreboard.EndWin, FinishedAt: at.Add(time.Minute), Standings: []scoreboard.Standing{
		{Place: 1, Player: "a1b2c3d4e5f60718", Name: "Ann", Status: scoreboard.StatusWon, Foundation: 104, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 8, OmitZero: true}), ReachedAt: at.Add(50 * time.Second), EndedAt: at.Add(50 * time.Second), Actions: 113},
		{Place: 2, Player: "0f1e2d3c4b5a6978", Name: "Bob", Status: scoreboard.StatusResigned, Foundation: 13, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: 1, OmitZero: true}), ReachedAt: at, EndedAt: at.Add(30 * time.Second), Actions: 57},
	}}
	return map[string]any{
		"spider_client_queue": ClientMessage{Type: TypeQueue, Profile: "spider-1"},
		"spider_client_daily": ClientMessage{Type: TypeDaily, Profile: "spider-2"},
		"spider_client_move":  ClientMessage{Type: TypeMove, Race: r.ID, Seq: 3, Move: "10-1x5"},
		"spider_error":        Error{Type: TypeError, Code: CodeIllegalMove, Message: "1-2: column 1 is empty", Race: r.ID, Seq: 3},
		"spider_race": RaceMessage{Type: TypeRace, Race: r, Phase: string(scoreboard.PhaseRunning), Now: at, Seq: 0,
			View: wireSpider(t, &start), Status: scoreboard.StatusPlaying, Progress: []scoreboard.Progress{prog, prog2}},
		"spider_ack":      Ack{Type: TypeAck, Race: r.ID, Seq: 57, Status: scoreboard.StatusPlaying, View: view},
		"spider_progress": ProgressMessage{Type: TypeProgress, Race: r.ID, Progress: prog},
		"spider_board":    Board{Type: TypeBoard, Race: r.ID, Racer: "a1b2c3d4e5f60718", Seq: 57, View: view},
		"spider_race_end": RaceEnd{Type: TypeRaceEnd, Race: r.ID, Result: result, Reveal: Reveal{Commitment: r.Commitment, Seed: 1,
			Profile: "spider-1", Nonce: "abababababababababababababababababababababababababababababababab", Deal: mustDeal(t, "spider-1", 1)}},
	}
}

// TestAppendSpiderAckMatchesJSON checks the hand-written ack encoder
// against encoding/json over Spider positions, and that the client
// decodes the view back.
func TestAppendSpiderAckMatchesJSON(t *testing.T) {
	for _, profile := range []string{"spider-1", "spider-2", "spider-4"} {
		rules, _ := spider.Profile(profile)
		for seed := uint64(1); seed <= 5; seed++ {
			s := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
			var buf []spider.Move
			for i := range 80 {
				v := s.View()
				got := append(spidergame.AppendView(AppendAckHead(nil, "abc123", uint64(i), scoreboard.StatusPlaying, false), &v), '}')
				want, _ := json.Marshal(Ack{Type: TypeAck, Race: "abc123", Seq: uint64(i), Status: scoreboard.StatusPlaying, View: wireSpider(t, &s)})
				if !bytes.Equal(got, want) {
					t.Fatalf("%s seed %d step %d:\ngot  %s\nwant %s", profile, seed, i, got, want)
				}
				var back Ack
				if err := json.Unmarshal(got, &back); err != nil || !bytes.Equal(back.View.JSON, wireSpider(t, &s).JSON) {
					t.Fatalf("decoding %s: %v (view %s)", got, err, back.View.JSON)
				}
				if again, _ := json.Marshal(back); !bytes.Equal(again, want) {
					t.Fatalf("round trip:\ngot  %s\nwant %s", again, want)
				}
				buf = s.AppendMoves(buf[:0])
				if len(buf) == 0 {
					break
				}
				if err := s.Apply(buf[(i*7)%len(buf)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestSpiderViewHidesCards checks the wire view of a Spider deal: ten
// columns, one card up on each, 44 down, the stock a count.
func TestSpiderViewHidesCards(t *testing.T) {
	s := spiderGoldenState(t, 0)
	b, err := json.Marshal(wireSpider(t, &s))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Columns []struct {
			Down int      `json:"down"`
			Up   []string `json:"up"`
		} `json:"columns"`
		Stock int `json:"stock"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	down, up := 0, 0
	for _, c := range v.Columns {
		down += c.Down
		up += len(c.Up)
	}
	if len(v.Columns) != 10 || down != 44 || up != 10 || v.Stock != 50 {
		t.Errorf("columns %d, down %d, up %d, stock %d; want 10, 44, 10, 50: %s", len(v.Columns), down, up, v.Stock, b)
	}
	for _, key := range []string{`"waste"`, `"foundations"`, `"passes_used"`} {
		if bytes.Contains(b, []byte(key)) {
			t.Errorf("Spider view has Klondike's %s: %s", key, b)
		}
	}
}

// TestRevealDealRoundTrip decodes the reveal of either game back to its
// deal.
func TestRevealDealRoundTrip(t *testing.T) {
	for _, profile := range []string{"bvs", "spider-1", "spider-4"} {
		want := mustDeal(t, profile, 99)
		b, err := json.Marshal(Reveal{Profile: profile, Seed: 99, Deal: want})
		if err != nil {
			t.Fatal(err)
		}
		var back Reveal
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.Deal != want {
			t.Errorf("%s: deal %s, want %s", profile, back.Deal, want)
		}
	}
}

// FuzzView decodes arbitrary view JSON as a client does: it never
// panics, and what it keeps encodes to the bytes it read.
func FuzzView(f *testing.F) {
	f.Add([]byte(`{"columns":[{"down":5,"up":["KS"]}],"stock":50,"completed":0,"completed_suits":[],"actions":0,"won":false}`))
	f.Add([]byte(`{"columns":[{"down":0,"up":["JS"]}],"stock":18,"waste":["5H"],"waste_size":6,"foundations":[0,0,0,0],"passes_used":1,"passes_left":2,"actions":2,"won":false}`))
	f.Add([]byte(`{"completed":3,"completed_suits":["S","H","X"]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v View
		if json.Unmarshal(b, &v) != nil {
			return
		}
		once, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("re-encoding %s: %v", b, err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, b); err != nil || !bytes.Equal(once, compact.Bytes()) {
			t.Fatalf("got %s, want %s (%v)", once, compact.Bytes(), err)
		}
	})
}
