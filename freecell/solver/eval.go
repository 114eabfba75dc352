package solver

import "github.com/solitaire-race/racer/freecell"

// Weights of eval, found by measuring the positions searched over
// Microsoft's deals (docs/SOLVER.md).
const (
	wHome      = 100 // a card on the foundations
	wFreeCell  = 10  // an empty free cell
	wEmptyCol  = 20  // an empty cascade
	wDepth     = 2   // a card lying on a card that goes home next
	wMisplaced = 5   // a card above the first break of order in its cascade
	wBreak     = 3   // a card not on a card it fits
)

// eval rates a position for the move order: higher is nearer a win. It
// counts the cards home, the empty free cells and cascades, and against
// them the cards lying on the next card of a suit, the cards lying above
// a break of order in their cascade (each must move again before it goes
// home) and the breaks themselves.
func (p *pos) eval() int {
	h := wHome * p.homeCount()
	fc, ec := p.free()
	h += wFreeCell*fc + wEmptyCol*ec
	var next [freecell.NumCards + 1]bool // the next card of each suit; 52 stands for none
	for su, r := range p.home {
		next[min(su*13+int(r), freecell.NumCards)] = r < 13
	}
	for i := range numCols {
		n := int(p.n[i])
		col := &p.cols[i]
		ordered := true
		for j := range n {
			c := col[j]
			if next[c] {
				h -= wDepth * (n - 1 - j)
			}
			if j > 0 && !fits(c, col[j-1]) {
				ordered = false
				h -= wBreak
			}
			if !ordered {
				h -= wMisplaced
			}
		}
	}
	return h
}
