package solver

// gen appends to dst the moves to search from p, where no safe move is
// left: every legal move but those whose result has the key of another's
// (a move to any empty free cell but the first, to any empty cascade but
// the first, a whole cascade to an empty one). Their order is the
// search's to choose (see search.order).
func (p *pos) gen(dst []mv) []mv {
	fc, ec := p.free()
	firstCol, cell := -1, noCard
	for i, n := range p.n {
		if n == 0 {
			firstCol = i
			break
		}
	}
	for i := range p.nCells {
		if p.cells[i] == noCard {
			cell = firstCell + i
			break
		}
	}
	limit := (1 + fc) << ec
	limitEmpty := (1 + fc) << max(ec-1, 0)
	for from := range numCols {
		n := p.n[from]
		if n == 0 {
			continue
		}
		col := &p.cols[from]
		top := col[n-1]
		if p.next(top) {
			dst = append(dst, mv{from: uint8(from), to: foundation, n: 1})
		}
		run := p.runLen(from)
		for to := range numCols {
			switch tn := p.n[to]; {
			case to == from:
			case tn == 0:
				if to != firstCol {
					continue
				}
				k := min(int(run), limitEmpty)
				if k == int(n) {
					k-- // the whole cascade: the same position
				}
				for j := 1; j <= k; j++ {
					dst = append(dst, mv{from: uint8(from), to: uint8(to), n: uint8(j)})
				}
			default:
				t := p.cols[to][tn-1]
				j := int(rankOf[t]) - int(rankOf[top])
				if j >= 1 && j <= int(run) && j <= limit && fits(col[int(n)-j], t) {
					dst = append(dst, mv{from: uint8(from), to: uint8(to), n: uint8(j)})
				}
			}
		}
		if cell != noCard {
			dst = append(dst, mv{from: uint8(from), to: cell, n: 1})
		}
	}
	for i := range p.nCells {
		c := p.cells[i]
		if c == noCard {
			continue
		}
		from := firstCell + i
		if p.next(c) {
			dst = append(dst, mv{from: from, to: foundation, n: 1})
		}
		for to := range numCols {
			switch tn := p.n[to]; {
			case tn == 0:
				if to == firstCol {
					dst = append(dst, mv{from: from, to: uint8(to), n: 1})
				}
			case fits(c, p.cols[to][tn-1]):
				dst = append(dst, mv{from: from, to: uint8(to), n: 1})
			}
		}
	}
	return dst
}
