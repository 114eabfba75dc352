package enginetest

import "testing"

// BenchApply applies moves, a legal line from start, one by one, starting
// again from start (a copy) after the last. It reports allocations and
// the CPU time per op (see CPUTimer).
func BenchApply[S, M any](b *testing.B, start S, moves []M, apply func(*S, M) error) {
	s := start
	j := 0
	b.ReportAllocs()
	done := CPUTimer(b)
	for b.Loop() {
		if j == len(moves) {
			s, j = start, 0
		}
		if err := apply(&s, moves[j]); err != nil {
			b.Fatal(err)
		}
		j++
	}
	done()
}

// BenchReplay rebuilds a board as a server does, once per op: newGame
// deals and lays out the seed's position, then every move of a logged
// game is applied. The board lives in one place for the whole run, as a
// server's does, so an op allocates only what newGame and apply do.
func BenchReplay[S, M any](b *testing.B, newGame func() (S, error), moves []M, apply func(*S, M) error) {
	s := new(S)
	b.ReportAllocs()
	done := CPUTimer(b)
	for b.Loop() {
		var err error
		if *s, err = newGame(); err != nil {
			b.Fatal(err)
		}
		for _, m := range moves {
			if err := apply(s, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	done()
}

// BenchStuck runs stuck detection (stuckWithin, with the engine's budget)
// on every position of ps in one op, as a server does after a move, and
// reports unsure/op, the positions where the budget ran out, and
// stuck/op.
func BenchStuck[S any](b *testing.B, ps []S, stuckWithin func(*S) (stuck, sure bool)) {
	b.ReportAllocs()
	unsure, stuck := 0, 0
	done := CPUTimer(b)
	for b.Loop() {
		unsure, stuck = 0, 0
		for i := range ps {
			st, sure := stuckWithin(&ps[i])
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
}
