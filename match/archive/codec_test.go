package archive_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/freecellgame"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// A two-racer race of about 70 moves each fits in 1 KB, and decodes to
// the replay whose JSON is the one today's replay stores answer.
func TestRecordOfRealRace(t *testing.T) {
	t.Parallel()
	stores := map[string]replay.Store{"memory": replay.NewMemoryStore()}
	if !testing.Short() {
		rs, err := replay.NewRedisStore(replay.RedisConfig{Client: redistest.Client(t)})
		if err != nil {
			t.Fatal(err)
		}
		stores["redis"] = rs
	}
	for _, profile := range []string{"bvs", "classic", "spider-1", "spider-4"} {
		seeds := uint64(3)
		if testing.Short() {
			seeds = 1
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			rp := archivetest.PlayRace(t, games.All, archivetest.UniqueID("codec"), profile, seed, 70)
			rec, err := archive.Encode(games.All, rp)
			if err != nil {
				t.Fatal(err)
			}
			if len(rec) > 1024 {
				t.Errorf("%s seed %d: got a record of %d bytes, want ≤ 1024", profile, seed, len(rec))
			}
			if rec[0]&0x7f != 1 {
				t.Errorf("%s seed %d: got record kind %#x, want compact (1)", profile, seed, rec[0])
			}
			got, err := archive.Decode(games.All, rec)
			if err != nil {
				t.Fatal(err)
			}
			gotJSON, _ := json.Marshal(got)
			for name, s := range stores {
				if _, err := s.Save(t.Context(), rp); err != nil {
					t.Fatal(err)
				}
				today, err := s.Load(t.Context(), rp.Race)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := json.Marshal(today)
				if !bytes.Equal(gotJSON, want) {
					t.Errorf("%s seed %d: got JSON\n%s\nwant (%s store)\n%s", profile, seed, gotJSON, name, want)
				}
			}
			if seed == 1 {
				t.Logf("%s: %d actions, record %d bytes", profile, len(rp.Actions[rp.Racers[0].ID])+len(rp.Actions[rp.Racers[1].ID]), len(rec))
			}
		}
	}
}

// A replay the compact form cannot hold exactly is kept as JSON, still
// byte for byte; one it can, racers' marks (account, bot) included, is
// compact.
func TestRecordFallback(t *testing.T) {
	t.Parallel()
	odd := replaytest.Sample()
	odd.StartAt = odd.StartAt.In(time.FixedZone("X", 3600)) // not UTC
	odd.Actions["a"][0].Ms = 7                              // not At − StartAt
	odd.Nonce = "ABCD"                                      // upper-case hex
	odd.Actions["z"] = []replay.Action{{Seq: 9, Action: "no-such-move"}}
	// An account against a bot: the racers' marks are held compact.
	marked := replaytest.Sample()
	marked.Racers = slices.Clone(marked.Racers)
	marked.Racers[0].Account, marked.Racers[1].Bot = true, "steady"
	for name, rp := range map[string]replay.Replay{"sample": replaytest.Sample(), "odd": odd, "marked": marked} {
		rec, err := archive.Encode(games.All, rp)
		if err != nil {
			t.Fatal(err)
		}
		got, err := archive.Decode(games.All, rec)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(rp)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: got JSON\n%s\nwant\n%s", name, a, b)
		}
		if wantKind := map[string]byte{"sample": 1, "odd": 2, "marked": 1}[name]; rec[0]&0x7f != wantKind {
			t.Errorf("%s: got kind %d, want %d", name, rec[0]&0x7f, wantKind)
		}
	}
}

func TestDecodeCorrupt(t *testing.T) {
	t.Parallel()
	rec, err := archive.Encode(games.All, replaytest.Sample())
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{nil, {9}, {1, 0xff}, rec[:len(rec)/2], append([]byte{1}, 200, 1)} {
		if _, err := archive.Decode(games.All, b); !errors.Is(err, archive.ErrCorrupt) {
			t.Errorf("Decode(% x): got %v, want ErrCorrupt", b, err)
		}
	}
}

// Every move of every game has a code in its table (moves/*.txt).
func TestMoveTablesCoverGames(t *testing.T) {
	t.Parallel()
	for _, g := range games.All.Games() {
		for _, m := range append(g.MoveTexts(), "resign", "finish") {
			if archive.MoveCode(g, m) == 0 {
				t.Errorf("%s: got no code for %q, want one (append it to moves/%s.txt)", g.Name(), m, g.Name())
			}
		}
	}
}

// A game without a file of codes is coded by the contract: resign and
// finish, then its MoveTexts in order. Those codes are stored for good.
func TestMoveTableOfTheContract(t *testing.T) {
	t.Parallel()
	g := freecellgame.Game{}
	for code, m := range append([]string{"resign", "finish"}, g.MoveTexts()...) {
		if got := archive.MoveCode(g, m); got != uint64(code+1) {
			t.Fatalf("%s: got code %d, want %d", m, got, code+1)
		}
	}
	if got := archive.MoveCode(g, "1-F"); got != 3 {
		t.Errorf("1-F: got code %d, want 3", got)
	}
}

// TestNoGames checks that records are never coded without games: the
// codec, Open, a database opened alone and the queues all say so.
func TestNoGames(t *testing.T) {
	t.Parallel()
	if _, err := archive.Encode(nil, replaytest.Sample()); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("Encode(nil, …): got %v, want ErrNoGames", err)
	}
	if _, err := archive.Decode(nil, []byte{1}); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("Decode(nil, …): got %v, want ErrNoGames", err)
	}
	path := filepath.Join(t.TempDir(), "archive.db")
	if _, err := archive.Open(t.Context(), path, nil); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("Open(…, nil): got %v, want ErrNoGames", err)
	}
	alone, err := archive.OpenSQLite(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer alone.Close()
	if _, err := alone.Save(t.Context(), replaytest.Sample()); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("Save on the database alone: got %v, want ErrNoGames", err)
	}
	if _, err := archive.NewSQLQueue(t.Context(), archive.SQLQueueConfig{Archive: alone}); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("NewSQLQueue on the database alone: got %v, want ErrNoGames", err)
	}
	if _, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: redistest.Client(t)}); !errors.Is(err, archive.ErrNoGames) {
		t.Errorf("NewRedisQueue without Games: got %v, want ErrNoGames", err)
	}
	a, err := archive.Open(t.Context(), path, games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.Save(t.Context(), replaytest.Sample()); err != nil {
		t.Errorf("Save with games: %v", err)
	}
}
