package solver

import "github.com/solitaire-race/racer/freecell"

// Places in solver moves: the engine's freecell.Place values.
const (
	numCols    = freecell.NumCascades
	firstCell  = uint8(freecell.NumCascades)
	foundation = uint8(freecell.Foundation)
)

// maxCol is the room of a cascade: at most 7 dealt cards and 12 built on
// the last of them (see package freecell).
const maxCol = 7 + 12

// noCard marks an empty free cell.
const noCard = uint8(freecell.NoCard)

// Tables of each card's rank, suit and colour: faster than dividing.
// Indexed by the engine's card value (0 … 51).
var (
	rankOf [256]uint8
	suitOf [256]uint8
	redOf  [256]bool
	// cellKey is a card's share of a key when it lies in a free cell.
	cellKey [256]uint64
)

func init() {
	for c := range freecell.Card(freecell.NumCards) {
		rankOf[c] = uint8(c.Rank())
		suitOf[c] = uint8(c.Suit())
		redOf[c] = c.Red()
		cellKey[c] = mix(uint64(c) + 0x5851F42D4C957F2D)
	}
}

// fits reports whether card c goes on card under in a cascade.
func fits(c, under uint8) bool { return rankOf[under] == rankOf[c]+1 && redOf[under] != redOf[c] }

// mix is SplitMix64's finalizer: a bijection of 64-bit values whose
// outputs look random.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// colStep extends the hash h of a cascade's bottom cards by card c.
func colStep(h uint64, c uint8) uint64 { return mix(h + (uint64(c)+1)*0x9E3779B97F4A7C15) }

// pos is the solver's position, changed in place by transfer. Its key is
// kept up to date: the sum of each cascade's hash and of each card's
// cellKey in a free cell, so that positions that differ only in the order
// of the cascades or of the cells have one key. The foundations need no
// share: they hold the cards that are nowhere else.
type pos struct {
	cols [numCols][maxCol]uint8
	n    [numCols]uint8
	// hash[i][k] is the hash of the bottom k cards of cascade i; an empty
	// cascade's is 0.
	hash   [numCols][maxCol + 1]uint64
	cells  [freecell.MaxCells]uint8
	nCells uint8 // free cells of the rules
	home   [freecell.NumSuits]uint8
	key    uint64
}

// fromState builds the solver's position from an engine state.
func fromState(s *freecell.State) pos {
	var p pos
	p.nCells = uint8(s.Rules().Cells)
	for i := range p.cells {
		p.cells[i] = noCard
	}
	for i := range numCols {
		for _, c := range s.Cascade(i) {
			p.push(i, uint8(c))
		}
		p.key += p.hash[i][p.n[i]]
	}
	for i := range int(p.nCells) {
		if c, ok := s.Cell(i); ok {
			p.cells[i] = uint8(c)
			p.key += cellKey[c]
		}
	}
	for su := range freecell.Suit(freecell.NumSuits) {
		p.home[su] = uint8(s.Foundation(su))
	}
	return p
}

// push puts card c on cascade i, keeping its hashes but not the key.
func (p *pos) push(i int, c uint8) {
	k := p.n[i]
	p.cols[i][k] = c
	p.hash[i][k+1] = colStep(p.hash[i][k], c)
	p.n[i] = k + 1
}

// homeCount returns the number of cards on the foundations.
func (p *pos) homeCount() int {
	return int(p.home[0]) + int(p.home[1]) + int(p.home[2]) + int(p.home[3])
}

func (p *pos) won() bool { return p.homeCount() == freecell.NumCards }

// mv is a solver move in the engine's places: cascades 0 … 7, cells 8 …
// 11, the foundations 12.
type mv struct {
	from, to, n uint8
	score       int32 // ordering: higher first
}

// step is one move played, with what undoing it needs: the card that
// went to the foundations.
type step struct {
	m    mv
	card uint8
}

// transfer moves n cards from one place to another, keeping the key up
// to date; a card taken from the foundations is card (undo only). It
// returns the lowest card moved. The move must be possible.
func (p *pos) transfer(from, to, n, card uint8) uint8 {
	var buf [13]uint8 // the cards moved, lowest first
	switch {
	case from < numCols:
		k := p.n[from] - n
		copy(buf[:n], p.cols[from][k:p.n[from]])
		p.key += p.hash[from][k] - p.hash[from][p.n[from]]
		p.n[from] = k
	case from == foundation:
		buf[0] = card
		p.home[suitOf[card]]--
	default:
		buf[0] = p.cells[from-firstCell]
		p.cells[from-firstCell] = noCard
		p.key -= cellKey[buf[0]]
	}
	switch {
	case to < numCols:
		old := p.hash[to][p.n[to]]
		for _, c := range buf[:n] {
			p.push(int(to), c)
		}
		p.key += p.hash[to][p.n[to]] - old
	case to == foundation:
		p.home[suitOf[buf[0]]]++
	default:
		p.cells[to-firstCell] = buf[0]
		p.key += cellKey[buf[0]]
	}
	return buf[0]
}

// runLen returns how many cards on top of cascade i form a run.
func (p *pos) runLen(i int) uint8 {
	n := p.n[i]
	if n == 0 {
		return 0
	}
	col := &p.cols[i]
	k := uint8(1)
	for j := n - 1; j > 0 && fits(col[j], col[j-1]); j-- {
		k++
	}
	return k
}

// free returns the number of empty free cells and of empty cascades.
func (p *pos) free() (cells, cols int) {
	for _, c := range p.cells[:p.nCells] {
		if c == noCard {
			cells++
		}
	}
	for _, n := range p.n {
		if n == 0 {
			cols++
		}
	}
	return cells, cols
}

// next reports whether card c is the next of its suit's foundation.
func (p *pos) next(c uint8) bool { return p.home[suitOf[c]]+1 == rankOf[c] }

// safe reports whether card c goes home now and safely: freecell.SafeHome,
// with the solver's tables.
func (p *pos) safe(c uint8) bool {
	r, su := rankOf[c], suitOf[c]
	if p.home[su]+1 != r {
		return false
	}
	// The foundations of the other colour, and the other of c's colour:
	// suits are clubs, diamonds, hearts, spades, so su^3 is the other
	// suit of c's colour and su^1, su^2 are the suits of the other.
	a, b, same := p.home[su^1], p.home[su^2], p.home[su^3]
	opp := min(a, b)
	return int(opp) >= int(r)-1 || int(opp) >= int(r)-2 && int(same) >= int(r)-3
}

// autoMoves plays every safe move to the foundations, again until none is
// left, appending each to hist, and returns hist.
func (p *pos) autoMoves(hist []step) []step {
	for again := true; again; {
		again = false
		for i := range numCols {
			if n := p.n[i]; n > 0 && p.safe(p.cols[i][n-1]) {
				m := mv{from: uint8(i), to: foundation, n: 1}
				hist = append(hist, step{m: m, card: p.transfer(m.from, m.to, 1, 0)})
				again = true
			}
		}
		for i := range p.nCells {
			if c := p.cells[i]; c != noCard && p.safe(c) {
				m := mv{from: firstCell + i, to: foundation, n: 1}
				hist = append(hist, step{m: m, card: p.transfer(m.from, m.to, 1, 0)})
				again = true
			}
		}
	}
	return hist
}

// play plays m and then the safe moves it allows, appending all to hist.
func (p *pos) play(m mv, hist []step) []step {
	hist = append(hist, step{m: m, card: p.transfer(m.from, m.to, m.n, 0)})
	return p.autoMoves(hist)
}

// unplay undoes the moves of hist from mark on, last first, and returns
// hist[:mark].
func (p *pos) unplay(hist []step, mark int) []step {
	for i := len(hist) - 1; i >= mark; i-- {
		s := hist[i]
		p.transfer(s.m.to, s.m.from, s.m.n, s.card)
	}
	return hist[:mark]
}
