package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/scoreboard"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenRace returns the information of the golden race, profile bvs,
// as the server sends it.
func goldenRace(t *testing.T) RaceInfo {
	t.Helper()
	return raceInfo(t, RaceInfo{
		ID: "5f1c0a9e2b7d4c3a81", Profile: "bvs",
		Commitment: "624aec8209360fb0422ffb9989f480bd70b78a7034abaa1523b6e29f1932bd21",
		Racers:     []scoreboard.Racer{{ID: "a1b2c3d4e5f60718", Name: "Ann"}, {ID: "0f1e2d3c4b5a6978", Name: "Bob"}},
		StartAt:    time.Date(2026, 11, 30, 12, 0, 3, 0, time.UTC), TimeLimitMS: 900_000, SpectatorDelayMS: 20_000,
	})
}

// raceInfo fills in i's rules, deal note and ranking rule, and its game
// unless it is DefaultGame, from its profile, as the server does.
func raceInfo(t *testing.T, i RaceInfo) RaceInfo {
	t.Helper()
	v, err := games.Lookup(i.Profile)
	if err != nil {
		t.Fatal(err)
	}
	i.Rules, i.RankingRule, i.DealNote = v.Rules(), v.Game().RankingRule(), "deal not solver-checked"
	if g := scoreboard.Game(v.Game().Name()); g != DefaultGame {
		i.Game = g
	}
	return i
}

// quickProfiles are the server's quick-race profiles in the golden
// welcome.
var quickProfiles = []string{"bvs", "classic", "classic-3", "relaxed-1", "relaxed-3", "windows-1", "windows-3",
	"spider-1", "spider-1-std", "spider-2", "spider-2-std", "spider-4", "spider-4-std", "freecell", "freecell-3", "freecell-2"}

// goldenMessages returns one example of every message, by file name.
func goldenMessages(t *testing.T) map[string]any {
	t.Helper()
	r := goldenRace(t)
	rules, _ := klondike.Profile("bvs")
	s := klondike.MustNew(klondike.NewDeal(42), rules)
	for _, mv := range []string{"D", "D"} {
		m, _ := klondike.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	view := wireKlondike(t, &s)
	at := time.Date(2026, 11, 30, 12, 0, 9, 250_000_000, time.UTC)
	prog := scoreboard.Progress{Racer: "a1b2c3d4e5f60718", Seq: 2, Foundations: [4]int{1, 0, 2, 0}, Foundation: 3, TurnedUp: 2, Actions: 2, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "passes", Value: 1}), Status: scoreboard.StatusPlaying, ReachedAt: at}
	prog2 := scoreboard.Progress{Racer: "0f1e2d3c4b5a6978", Status: scoreboard.StatusDisconnected, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "passes", Value: 1})}
	result := scoreboard.Result{Race: r.ID, Reason: scoreboard.EndWin, FinishedAt: at.Add(time.Minute), Standings: []scoreboard.Standing{
		{Place: 1, Player: "a1b2c3d4e5f60718", Name: "Ann", Status: scoreboard.StatusWon, Foundation: 52, ReachedAt: at.Add(50 * time.Second), EndedAt: at.Add(50 * time.Second), Actions: 168},
		{Place: 2, Player: "0f1e2d3c4b5a6978", Name: "Bob", Status: scoreboard.StatusResigned, Foundation: 3, ReachedAt: at, EndedAt: at.Add(30 * time.Second), Actions: 40},
	}}
	dayEnd := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	dailyID := "daily-bvs-2026-11-30-5e1f0a2b3c4d6789"
	dailyResult := scoreboard.Result{Race: dailyID, Reason: scoreboard.EndWin, FinishedAt: result.FinishedAt, Standings: result.Standings[:1]}
	room := Room{Code: "K7QX2M", Host: "a1b2c3d4e5f60718", Profile: "classic", Members: r.Racers, Max: 4, TimeLimitMS: 600_000, SpectatorDelayMS: 20_000}
	rematchRoom := room
	rematchRoom.Race, rematchRoom.Ready = r.ID, []string{"a1b2c3d4e5f60718"}
	msgs := map[string]any{
		"client_hello":           ClientMessage{Type: TypeHello, Name: "Ann"},
		"client_hello_token":     ClientMessage{Type: TypeHello, Token: "eyJwIjoiYTFiMmMzZDRlNWY2MDcxOCIsIm4iOiJBbm4iLCJpIjoxNzk2MDMyMDAwfQ.c2lnbmF0dXJl"},
		"client_queue":           ClientMessage{Type: TypeQueue, Profile: "bvs"},
		"client_queue_bot":       ClientMessage{Type: TypeQueue, Profile: "bvs", Bot: "relaxed"},
		"client_unqueue":         ClientMessage{Type: TypeUnqueue},
		"client_room_create":     ClientMessage{Type: TypeRoomCreate, Profile: "classic", Max: 4, TimeLimitMS: 600000, SpectatorDelayMS: 20000},
		"client_room_join":       ClientMessage{Type: TypeRoomJoin, Code: "K7QX2M"},
		"client_room_leave":      ClientMessage{Type: TypeRoomLeave},
		"client_room_start":      ClientMessage{Type: TypeRoomStart},
		"client_move":            ClientMessage{Type: TypeMove, Race: r.ID, Seq: 3, Move: "3-5x2"},
		"client_resign":          ClientMessage{Type: TypeResign, Race: r.ID, Seq: 4},
		"client_finish":          ClientMessage{Type: TypeFinish, Race: r.ID, Seq: 4},
		"client_rematch":         ClientMessage{Type: TypeRematch, Race: r.ID},
		"client_rematch_decline": ClientMessage{Type: TypeRematch, Race: r.ID, Decline: true},
		"client_watch":           ClientMessage{Type: TypeWatch, Race: r.ID},
		"client_unwatch":         ClientMessage{Type: TypeUnwatch, Race: r.ID},
		"client_list_races":      ClientMessage{Type: TypeListRaces},
		"client_ping":            ClientMessage{Type: TypePing},
		"client_daily":           ClientMessage{Type: TypeDaily, Profile: "bvs"},
		"welcome":                Welcome{Type: TypeWelcome, Version: ProtocolVersion, Player: "a1b2c3d4e5f60718", Name: "Ann", Token: "eyJwIjoiYTFiMmMzZDRlNWY2MDcxOCIsIm4iOiJBbm4iLCJpIjoxNzk2MDMyMDAwfQ.c2lnbmF0dXJl", Profiles: quickProfiles},
		"error":                  Error{Type: TypeError, Code: CodeIllegalMove, Message: "W-F: the waste is empty", Race: r.ID, Seq: 3},
		"welcome_casual_only":    Welcome{Type: TypeWelcome, Version: ProtocolVersion, Player: "c1b2c3d4e5f60718", Name: "Cat", Account: true, CasualOnly: true, Profiles: quickProfiles},
		"casual_only":            CasualOnlyMessage{Type: TypeCasualOnly},
		"queued":                 Queued{Type: TypeQueued, Profile: "bvs"},
		"unqueued":               Queued{Type: TypeUnqueued, Profile: "bvs"},
		"room":                   RoomMessage{Type: TypeRoom, Room: room},
		"room_rematch":           RoomMessage{Type: TypeRoom, Room: rematchRoom},
		"race":                   RaceMessage{Type: TypeRace, Race: r, Phase: string(scoreboard.PhaseRunning), Now: at, Seq: 2, View: view, Status: scoreboard.StatusPlaying, Progress: []scoreboard.Progress{prog, prog2}},
		"ack":                    Ack{Type: TypeAck, Race: r.ID, Seq: 2, Status: scoreboard.StatusPlaying, View: view},
		"ack_duplicate":          Ack{Type: TypeAck, Race: r.ID, Seq: 2, Status: scoreboard.StatusPlaying, Duplicate: true, View: view},
		"progress":               ProgressMessage{Type: TypeProgress, Race: r.ID, Progress: prog},
		"race_end":               RaceEnd{Type: TypeRaceEnd, Race: r.ID, Result: result, Reveal: Reveal{Commitment: r.Commitment, Seed: 42, Profile: "bvs", Nonce: "abababababababababababababababababababababababababababababababab", Deal: mustDeal(t, "bvs", 42)}},
		"race_end_daily":         RaceEnd{Type: TypeRaceEnd, Race: dailyID, Result: dailyResult, Reveal: Reveal{Commitment: r.Commitment, Profile: "bvs", Withheld: true, RevealAt: &dayEnd}},
		"watching":               Watching{Type: TypeWatching, Race: r, Phase: string(scoreboard.PhaseRunning), Now: at, Progress: []scoreboard.Progress{prog, prog2}, Boards: []Board{{Race: r.ID, Racer: "a1b2c3d4e5f60718", Seq: 2, View: view}}},
		"board":                  Board{Type: TypeBoard, Race: r.ID, Racer: "a1b2c3d4e5f60718", Seq: 2, View: view},
		"races":                  Races{Type: TypeRaces, Races: []RaceInfo{r}},
		"rematch_vote":           RematchVote{Type: TypeRematchVote, Race: r.ID, Player: "0f1e2d3c4b5a6978"},
		"ratings": RaceRatings{Type: TypeRatings, Ratings: scoreboard.Ratings{Race: r.ID, Profile: "bvs", Rated: true, Changes: []scoreboard.RatingChange{
			{Player: "a1b2c3d4e5f60718", Before: 1500, After: 1662.3, Deviation: 290.3, Games: 1, Provisional: true, GamesToGo: 11},
			{Player: "0f1e2d3c4b5a6978", Before: 1712.4, After: 1698.1, Deviation: 62.5, Games: 48},
		}}},
		"ratings_unrated": RaceRatings{Type: TypeRatings, Ratings: scoreboard.Ratings{Race: r.ID, Profile: "bvs"}},
		"pong":            Pong{Type: TypePong},
	}
	for name, m := range goldenSpiderMessages(t) {
		msgs[name] = m
	}
	for name, m := range goldenArenaMessages() {
		msgs[name] = m
	}
	return msgs
}

func TestGoldenMessages(t *testing.T) {
	for name, msg := range goldenMessages(t) {
		t.Run(name, func(t *testing.T) {
			got, err := json.Marshal(msg)
			if err != nil {
				t.Fatal(err)
			}
			var indented bytes.Buffer
			if err := json.Indent(&indented, got, "", "  "); err != nil {
				t.Fatal(err)
			}
			indented.WriteByte('\n')
			path := filepath.Join("testdata", name+".json")
			if *update {
				if err := os.WriteFile(path, indented.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(indented.Bytes(), want) {
				t.Errorf("encoding of %s changed:\ngot  %s\nwant %s", name, indented.Bytes(), want)
			}
		})
	}
}

// TestClientMessagesRoundTrip decodes each golden client message back.
func TestClientMessagesRoundTrip(t *testing.T) {
	for name, msg := range goldenMessages(t) {
		cm, ok := msg.(ClientMessage)
		if !ok {
			continue
		}
		b, _ := json.Marshal(cm)
		var back ClientMessage
		if err := json.Unmarshal(b, &back); err != nil || back != cm {
			t.Errorf("%s: round trip gave %+v, %v", name, back, err)
		}
	}
}

func TestClientMessageMustBeObject(t *testing.T) {
	for _, in := range []string{`null`, ` null`, `[]`, `[{"type":"ping"}]`, `1`, `-2.5`, `"x"`, `true`, `false`} {
		var m ClientMessage
		if err := json.Unmarshal([]byte(in), &m); !errors.Is(err, ErrNotObject) {
			t.Errorf("%s: got %v, want ErrNotObject", in, err)
		}
	}
	for _, in := range []string{`{}`, ` {"type":"ping"}`, "\n\t{\"type\":\"move\",\"seq\":3}"} {
		var m ClientMessage
		if err := json.Unmarshal([]byte(in), &m); err != nil {
			t.Errorf("%s: got %v, want no error", in, err)
		}
	}
	var m ClientMessage
	if err := json.Unmarshal([]byte(`{"type":"move","seq":"one"}`), &m); err == nil || errors.Is(err, ErrNotObject) {
		t.Errorf("wrong field type: got %v, want a type error", err)
	}
}

// TestAppendAckMatchesJSON checks the hand-written ack encoder against
// encoding/json over many positions.
func TestAppendAckMatchesJSON(t *testing.T) {
	rules, _ := klondike.Profile("bvs")
	for seed := uint64(1); seed <= 20; seed++ {
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		var buf []klondike.Move
		for i := range 60 {
			v := s.View()
			for _, dup := range []bool{false, true} {
				got := append(klondikegame.AppendView(AppendAckHead(nil, "abc123", uint64(i), scoreboard.StatusPlaying, dup), &v), '}')
				want, _ := json.Marshal(Ack{Type: TypeAck, Race: "abc123", Seq: uint64(i), Status: scoreboard.StatusPlaying, Duplicate: dup, View: wireKlondike(t, &s)})
				if !bytes.Equal(got, want) {
					t.Fatalf("seed %d step %d:\ngot  %s\nwant %s", seed, i, got, want)
				}
			}
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			if err := s.Apply(buf[(i*7)%len(buf)]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func FuzzClientMessage(f *testing.F) {
	f.Add([]byte(`{"type":"move","race":"x","seq":1,"move":"D"}`))
	f.Add([]byte(`{"type":"hello","name":"Ann"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var m ClientMessage
		_ = json.Unmarshal(b, &m)
		_ = session.ValidateName(m.Name)
		if _, err := klondike.ParseMove(m.Move); err == nil {
			_ = m.Move
		}
	})
}
