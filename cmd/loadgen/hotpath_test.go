package main

// Benchmarks of the move path's pieces, through the exported API of hub
// and match (the hub's own encoder, appendAck, is unexported; its
// encoding/json equivalent is measured here instead):
//
//	go test -run '^$' -bench . -benchmem ./cmd/loadgen

import (
	"encoding/json"
	"testing"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

var moveFrame = []byte(`{"type":"move","race":"9f86d081884c7d65","seq":42,"move":"3-5x2"}`)

// BenchmarkDecodeMove decodes a move frame as the hub does.
func BenchmarkDecodeMove(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(moveFrame)))
	var m wire.ClientMessage
	for b.Loop() {
		m = wire.ClientMessage{}
		if err := json.Unmarshal(moveFrame, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// benchLine returns a bvs deal and a bot's moves on it, at least 40,
// the bot played through the game contract as races play it.
func benchLine(b *testing.B, l bot.Level) (uint64, []string) {
	b.Helper()
	v, err := games.Lookup("bvs")
	if err != nil {
		b.Fatal(err)
	}
	for seed := uint64(1); ; seed++ {
		p, err := v.(game.Botter).NewBot(l.String(), 0)
		if err != nil {
			b.Fatal(err)
		}
		board := v.NewBoard(seed)
		var line []string
		for len(line) < 400 {
			m, ok := p.NextBoard(board)
			if !ok {
				break
			}
			st, err := board.Try(m.Move, match.DefaultStuckBudget)
			if err != nil || st == game.Won || board.Commit(m.Move) != nil {
				break
			}
			line = append(line, m.Move)
			if st == game.Stuck {
				break // the hub would end the game here
			}
		}
		if len(line) >= 40 {
			return seed, line
		}
	}
}

// benchValidate prepares and commits the moves of a bot's game in a
// match, as the hub does for each move (the store's append aside).
func benchValidate(b *testing.B, l bot.Level, opts match.Options) {
	seed, line := benchLine(b, l)
	race := match.Race{ID: "r", Profile: "bvs", Seed: seed,
		Racers: []match.Racer{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}}}
	newMatch := func() *match.Match {
		m, err := match.New(race, opts)
		if err != nil {
			b.Fatal(err)
		}
		return m
	}
	m, j := newMatch(), 0
	b.ReportAllocs()
	for b.Loop() {
		if j == len(line) {
			b.StopTimer()
			m, j = newMatch(), 0
			b.StartTimer()
		}
		p, err := m.Prepare("a", uint64(j+1), line[j])
		if err != nil {
			b.Fatalf("move %d %s: %v", j+1, line[j], err)
		}
		m.Commit(p, race.StartAt)
		j++
	}
}

// BenchmarkValidate is the whole validation of a move: parse, apply to
// the racer's board, and stuck detection (match.DefaultStuckBudget), over
// the moves of a strong bot's game and of a greedy bot's, which ends in
// draws through a stock that brings nothing (the stuck search's worst).
func BenchmarkValidate(b *testing.B) {
	for _, l := range []bot.Level{bot.Strong, bot.Greedy} {
		b.Run(l.String(), func(b *testing.B) { benchValidate(b, l, match.Options{Games: games.All}) })
		// A stuck budget of one position: validation without the search.
		b.Run(l.String()+"-nostuck", func(b *testing.B) { benchValidate(b, l, match.Options{Games: games.All, StuckBudget: 1}) })
	}
}

// BenchmarkEncodeAck encodes an acknowledgement by encoding/json, its
// view's JSON written by the game (the hub's appendAckHead writes the
// same bytes by hand).
func BenchmarkEncodeAck(b *testing.B) {
	r, _ := klondike.Profile("bvs")
	s := klondike.MustNew(klondike.NewDeal(1), r)
	v := s.View()
	ack := wire.Ack{Type: wire.TypeAck, Race: "9f86d081884c7d65", Seq: 42, Status: match.StatusPlaying}
	view := klondikegame.Wire(&v)
	ack.View.JSON, _ = json.Marshal(&view)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		out, err := json.Marshal(&ack)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.SetBytes(int64(n))
}
