package solver

import "github.com/solitaire-race/racer/spider"

// Move ordering scores: the search tries higher scores first.
const (
	scoreComplete  = 1000 // completes a run
	scoreFlip      = 600  // turns a card face up (less for each card still face down there)
	scoreSuitJoin  = 400  // puts a group on a card of its suit, where it did not lie on one
	scoreEmpties   = 350  // empties a column
	scoreBreak     = 200  // moves a group off a card it does not descend from
	scoreLonger    = 150  // moves a one-suit part onto a longer run of its suit
	scoreFlipEmpty = 300  // turns a card up by a move to an empty column
	scoreSplit     = 50   // splits a group at a change of suit into an empty column
	scoreToEmpty   = 40   // uncovers a card by a move to an empty column
	scoreDeal      = -1000
)

// gen appends to dst the moves to search from p, best first, the deal
// last; with rng, a random amount below noise is added to each score. The exact generator (loose false) leaves out only moves
// whose result has the key of a position reachable by another move
// generated here. The loose one also leaves out moves that are pointless
// by themselves (see the package doc); it can miss wins.
func (p *pos) gen(dst []mv, loose bool, rng *splitMix) []mv {
	var top, grp [len(p.cols)]uint8 // rank on top (0: empty), group length
	firstEmpty := -1
	for i := range p.cols {
		col := &p.cols[i]
		if col.n == 0 {
			if firstEmpty < 0 {
				firstEmpty = i
			}
			continue
		}
		top[i] = rank(col.top())
		grp[i] = p.groupLen(col)
	}
	// With the stock empty the columns are interchangeable: one empty
	// column stands for all.
	oneEmpty := loose || p.nStock == 0
	start := len(dst)
	for a := range p.cols {
		k := grp[a]
		if k == 0 {
			continue
		}
		for c := range p.cols {
			if c == a {
				continue
			}
			if top[c] == 0 {
				if oneEmpty && c != firstEmpty {
					continue
				}
				for n := uint8(1); n <= k; n++ {
					if m, ok := p.classify(a, c, n, loose); ok {
						dst = append(dst, m)
					}
				}
			} else if t := top[c]; t > top[a] && t-top[a] <= k {
				if m, ok := p.classify(a, c, t-top[a], loose); ok {
					dst = append(dst, m)
				}
			}
		}
	}
	if p.nStock > 0 && firstEmpty < 0 {
		dst = append(dst, mv{deal: true, score: scoreDeal})
	}
	if rng != nil {
		// The deal stays last: noise < -scoreDeal.
		for i := range dst[start:] {
			dst[start+i].score += int16(rng.next() % noise)
		}
	}
	sortMoves(dst[start:])
	return dst
}

// classify scores the legal move of the top n cards of column a onto
// column c, and reports false when the generator leaves it out.
func (p *pos) classify(a, c int, n uint8, loose bool) (mv, bool) {
	m := mv{from: uint8(a), to: uint8(c), n: n}
	src, dst := &p.cols[a], &p.cols[c]
	first := src.n - n
	b := src.cards[first]
	r, su := rank(b), suit(b)
	belowUp := first > src.down // a face-up card lies under the group
	var below spider.Card
	if first > 0 {
		below = src.cards[first-1]
	}
	sitting := belowUp && rank(below) == r+1 // the group descends from it
	sameSuitSit := sitting && suit(below) == su
	if dst.n == 0 {
		switch {
		case first == 0: // a whole column to an empty one
			if loose || p.nStock == 0 {
				// With the stock empty the result has the key of p.
				return m, false
			}
		case !belowUp: // turns a card up
			m.score = scoreFlipEmpty - 10*int16(src.down)
		case sitting && !sameSuitSit:
			m.score = scoreSplit
		case sitting:
			if loose {
				return m, false
			}
		default:
			m.score = scoreToEmpty
		}
		return m, true
	}
	destJoin := suit(dst.top()) == su
	if destJoin && p.suitRun(src, src.n) >= n && rank(src.top()) == 1 && p.suitRun(dst, dst.n) >= 13-n {
		m.score = scoreComplete
		return m, true
	}
	switch {
	case first > 0 && !belowUp:
		m.score = scoreFlip - 10*int16(src.down)
		if destJoin {
			m.score += 50
		}
	case destJoin && !sameSuitSit:
		m.score = scoreSuitJoin + int16(n)
	case first == 0:
		m.score = scoreEmpties
	case !sitting:
		m.score = scoreBreak
	case sameSuitSit && destJoin && p.runBase(dst, dst.n) > p.runBase(src, first):
		m.score = scoreLonger
	default:
		// A group moved between two cards of one rank with no suit
		// gained: pointless by itself.
		if loose {
			return m, false
		}
	}
	return m, true
}

// suitRun returns the length of the face-up run of one suit descending
// by one rank that ends at col.cards[end-1].
func (p *pos) suitRun(col *column, end uint8) uint8 {
	if end == 0 || end <= col.down {
		return 0
	}
	k := uint8(1)
	for i := end - 1; i > col.down; i-- {
		lo, hi := col.cards[i], col.cards[i-1]
		if rank(hi) != rank(lo)+1 || suit(hi) != suit(lo) {
			break
		}
		k++
	}
	return k
}

// runBase returns the rank of the lowest-lying card of the one-suit run
// ending at col.cards[end-1] (its highest rank), 0 when there is none.
func (p *pos) runBase(col *column, end uint8) uint8 {
	k := p.suitRun(col, end)
	if k == 0 {
		return 0
	}
	return rank(col.cards[end-k])
}

// sortMoves orders ms by score, highest first, keeping the generation
// order among equals (insertion sort: lists are short).
func sortMoves(ms []mv) {
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for j > 0 && ms[j-1].score < m.score {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
}

// noise bounds the random amount a restart adds to each move's score.
const noise = 120

// splitMix is SplitMix64: the random tie-breaks of restarts, the same
// for every run of a search.
type splitMix struct{ state uint64 }

func (r *splitMix) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	return mix(r.state)
}
