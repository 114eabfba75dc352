package spider

import (
	"math/rand/v2"
	"testing"
)

// benchPositions returns positions from random play under spider-2.
func benchPositions(n int) []State {
	return randomPositions(99, profiles["spider-2"], n, 300)
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions(256)
	var buf [256]Move
	b.ReportAllocs()
	n := 0
	done := cpuTimer(b)
	for i := 0; b.Loop(); i++ {
		n += len(ps[i%len(ps)].AppendMoves(buf[:0]))
	}
	done()
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

// benchGame returns a deal and a legal line of exactly n moves from it
// under r, found by seeded random play.
func benchGame(r Rules, n int) (Deal, []Move) {
	rng := rand.New(rand.NewPCG(5, 5))
	for {
		d := NewDeal(rng.Uint64(), r.Suits)
		s := MustNew(d, r)
		var moves []Move
		playRandom(rng, &s, n, func(_, _ *State, m Move) { moves = append(moves, m) })
		if len(moves) == n {
			return d, moves
		}
	}
}

// BenchmarkApply applies the moves of a 300-move game one by one,
// starting again from the deal (a copy) after the last.
func BenchmarkApply(b *testing.B) {
	r := profiles["spider-2"]
	d, moves := benchGame(r, 300)
	start := MustNew(d, r)
	s := start
	j := 0
	b.ReportAllocs()
	done := cpuTimer(b)
	for b.Loop() {
		if j == len(moves) {
			s, j = start, 0
		}
		if err := s.Apply(moves[j]); err != nil {
			b.Fatal(err)
		}
		j++
	}
	done()
}

// BenchmarkReplay300 rebuilds a board as a server does: deal from the
// seed, then apply a logged game of 300 moves.
func BenchmarkReplay300(b *testing.B) {
	r := profiles["spider-2"]
	d, moves := benchGame(r, 300)
	b.ReportAllocs()
	done := cpuTimer(b)
	for b.Loop() {
		s, err := New(d, r)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range moves {
			if err := s.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	done()
}

func BenchmarkNewDeal(b *testing.B) {
	b.ReportAllocs()
	var seed uint64
	done := cpuTimer(b)
	for b.Loop() {
		_ = NewDeal(seed, 4)
		seed++
	}
	done()
}

func BenchmarkView(b *testing.B) {
	ps := benchPositions(256)
	b.ReportAllocs()
	done := cpuTimer(b)
	for i := 0; b.Loop(); i++ {
		_ = ps[i%len(ps)].View()
	}
	done()
}

func BenchmarkHint(b *testing.B) {
	ps := benchPositions(256)
	b.ReportAllocs()
	done := cpuTimer(b)
	for i := 0; b.Loop(); i++ {
		_, _ = Hint(&ps[i%len(ps)])
	}
	done()
}

// BenchmarkStuck runs stuck detection with the budget of package match
// (20,000) on 32 positions from random play (one op is all 32), as a
// server does after a move; unsure/op counts the positions where the
// budget ran out.
func BenchmarkStuck(b *testing.B) {
	for _, name := range []string{"spider-1", "spider-2", "spider-4", "spider-4-std"} {
		b.Run(name, func(b *testing.B) {
			ps := randomPositions(11, profiles[name], 32, 400)
			b.ReportAllocs()
			unsure, stuck := 0, 0
			done := cpuTimer(b)
			for b.Loop() {
				unsure, stuck = 0, 0
				for i := range ps {
					st, sure := ps[i].StuckWithin(20_000)
					if !sure {
						unsure++
					}
					if st {
						stuck++
					}
				}
			}
			done()
			b.ReportMetric(float64(unsure), "unsure/op")
			b.ReportMetric(float64(stuck), "stuck/op")
		})
	}
}
