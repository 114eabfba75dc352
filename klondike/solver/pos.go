package solver

import "github.com/solitaire-race/racer/klondike"

// maxColumn is the most cards a column can hold: six face down under a
// face-up run from king to ace.
const maxColumn = 6 + 13

// talonSize is the most cards the stock and waste hold together.
const talonSize = klondike.NumCards - 28

// column is one tableau column, bottom card first; the first down cards
// are face down.
type column struct {
	cards [maxColumn]klondike.Card
	n     uint8
	down  uint8
}

// pos is the solver's compact position. The stock and the waste are kept
// as one sequence, the talon, in the order the cards are drawn: waste
// bottom first, then the stock from its top. The first ptr cards are the
// waste, talon[ptr-1] its playable top. Cards only ever leave the talon,
// so which of the starting talon's cards remain (mask) and ptr describe it.
type pos struct {
	cols   [klondike.NumColumns]column
	colKey [klondike.NumColumns]uint64 // hash of each column's face-down cards and lowest face-up card
	colSum uint64                      // sum of colMix(colKey[i]): the columns as a multiset
	edges  uint64                      // sum of edgeKey[c][card on c] over the face-up cards c with a card on them
	up     uint64                      // bit c is set while card c is face up in a column
	nxt    [klondike.NumCards]uint8    // for a face-up card, the card on it or noCard; stale for others
	found  [klondike.NumSuits]uint8
	talon  [talonSize]klondike.Card
	nTalon uint8
	ptr    uint8
	passes uint8  // passes begun, 1 during the first trip through the stock
	mask   uint32 // bit slot[c] is set while card c is in the talon
}

// game holds what does not change during one search: the rules and where
// each card of the starting talon was.
type game struct {
	draw     uint8
	passes   int // pass limit, or klondike.Unlimited
	f2c      bool
	slot     [klondike.NumCards]uint8
	startTal int
	// twins is set in the exact pass, whose tables are keyed up to twin
	// swaps: its moves and safe moves are then the same, up to a swap,
	// for every position of a class (twins.go).
	twins bool
	// order, when not 0, is the state of the generator that shuffles the
	// exact searches' moves after a restart (restart.go): within their
	// priority, or wholly when shuffleAll is set.
	order      uint64
	shuffleAll bool
}

// Tables of each card's rank, suit and colour: faster than dividing.
var (
	rankOf [klondike.NumCards]uint8
	suitOf [klondike.NumCards]uint8
	redOf  [klondike.NumCards]bool
)

func init() {
	for c := range klondike.Card(klondike.NumCards) {
		rankOf[c] = uint8(c.Rank())
		suitOf[c] = uint8(c.Suit())
		redOf[c] = c.Red()
	}
}

func rank(c klondike.Card) uint8 { return rankOf[c] }
func suit(c klondike.Card) uint8 { return suitOf[c] }
func red(c klondike.Card) bool   { return redOf[c] }

// fromState builds the solver's position and game from an engine state.
func fromState(s *klondike.State) (pos, game) {
	var p pos
	r := s.Rules()
	g := game{draw: uint8(r.Draw), passes: r.Passes, f2c: r.FoundationToColumn}
	for i := 0; i < klondike.NumColumns; i++ {
		col := &p.cols[i]
		for _, c := range s.Column(i) {
			col.cards[col.n] = c
			col.n++
		}
		col.down = uint8(s.FaceDown(i))
	}
	p.rekey()
	for su := klondike.Suit(0); su < klondike.NumSuits; su++ {
		p.found[su] = uint8(s.Foundation(su))
	}
	for _, c := range s.Waste() {
		p.talon[p.nTalon] = c
		p.nTalon++
	}
	p.ptr = p.nTalon
	for _, c := range s.Stock() {
		p.talon[p.nTalon] = c
		p.nTalon++
	}
	for i := 0; i < int(p.nTalon); i++ {
		g.slot[p.talon[i]] = uint8(i)
		p.mask |= 1 << i
	}
	g.startTal = int(p.nTalon)
	p.passes = uint8(min(s.PassesUsed(), 250))
	return p, g
}

// Zobrist keys: cardKey[i][c] for face-down card c at height i of a
// column, downKey for the number of face-down cards, baseKey for a
// column's lowest face-up card, edgeKey[c][d] for card d lying on
// face-up card c. edgeKey[c][noCard&63] is 0.
var (
	cardKey [maxColumn][klondike.NumCards]uint64
	downKey [maxColumn + 1]uint64
	baseKey [klondike.NumCards]uint64
	edgeKey [klondike.NumCards][64]uint64
)

func init() {
	z := uint64(0x5eed_50171_7a1e)
	next := func() uint64 {
		z += 0x9E3779B97F4A7C15
		return mix(z)
	}
	for i := range cardKey {
		for c := range cardKey[i] {
			cardKey[i][c] = next()
		}
	}
	for i := range downKey {
		downKey[i] = next()
	}
	for c := range baseKey {
		baseKey[c] = next()
	}
	for c := range edgeKey {
		for d := range klondike.NumCards {
			edgeKey[c][d] = next()
		}
	}
}

// mix is SplitMix64's finaliser.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// rekey computes colKey, colSum, edges, up and nxt from the columns. Moves keep
// them up to date; a position built or changed by hand needs rekey.
//
// The tableau's part of the key hashes each column's face-down cards and
// lowest face-up card (its base), and then every face-up card's
// successor (the card on it) once, wherever it lies: a column is its base
// followed by successors, so that fixes the columns, and a run moved or
// two twins' runs swapped (twins.go) change a few terms only.
func (p *pos) rekey() {
	p.edges, p.up, p.colSum = 0, 0, 0
	for i := range p.cols {
		col := &p.cols[i]
		k := downKey[col.down]
		for j := uint8(0); j < col.down; j++ {
			k ^= cardKey[j][col.cards[j]]
		}
		if col.n > col.down {
			k ^= baseKey[col.cards[col.down]]
		}
		p.colKey[i] = k
		p.colSum += colMix(k)
		for j := col.down; j < col.n; j++ {
			c := col.cards[j]
			p.up |= 1 << c
			p.nxt[c] = noCard
			if j+1 < col.n {
				p.nxt[c] = uint8(col.cards[j+1])
				p.edges += edgeKey[c][col.cards[j+1]]
			}
		}
	}
}

// The table key of a position (posKey) comes from the hash of its
// canonical form: the columns as a multiset (their order does not
// matter), the talon's contents and, with limited passes, the passes
// begun; and of the waste size only what changes which cards can be
// reached (wasteCode). The foundations follow from the rest.

// tableauHash is the columns' part of the key.
func (p *pos) tableauHash() uint64 {
	return p.colSum + p.edges
}

// talonHash is the talon's part of the key but for the waste size.
func (p *pos) talonHash(g *game) uint64 {
	passes := uint64(p.passes)
	if g.passes == klondike.Unlimited {
		passes = 0
	}
	return mix(uint64(p.mask) | passes<<32 | 1<<40)
}

// wasteCode is what of a waste of ptr cards the key keeps. With unlimited
// passes every card is reachable in draw 1; in draw 3 a waste size that is
// a multiple of 3 (or the whole talon) reaches the same cards as a fresh
// pass: those count as 0.
func (p *pos) wasteCode(g *game, ptr uint8) uint8 {
	if g.passes == klondike.Unlimited && (g.draw == 1 || ptr%3 == 0 || ptr == p.nTalon) {
		return 0
	}
	return ptr
}

func (p *pos) won() bool {
	return p.found[0] == 13 && p.found[1] == 13 && p.found[2] == 13 && p.found[3] == 13
}

// colMix is a column's term of the key.
func colMix(k uint64) uint64 { return mix(k + 0x632BE59BD9B4E019) }

// xorColKey changes column i's key by x.
func (p *pos) xorColKey(i int, x uint64) {
	old := p.colKey[i]
	p.colKey[i] = old ^ x
	p.colSum += colMix(old^x) - colMix(old)
}

// push puts face-up card c on top of column i.
func (p *pos) push(i int, c klondike.Card) {
	col := &p.cols[i]
	if col.n > col.down {
		t := col.cards[col.n-1]
		p.nxt[t] = uint8(c)
		p.edges += edgeKey[t][c]
	} else {
		p.xorColKey(i, baseKey[c])
	}
	col.cards[col.n] = c
	col.n++
	p.nxt[c] = noCard
	p.up |= 1 << c
}

// pop takes the face-up card on top of column i.
func (p *pos) pop(i int) klondike.Card {
	col := &p.cols[i]
	col.n--
	c := col.cards[col.n]
	p.up &^= 1 << c
	if col.n > col.down {
		t := col.cards[col.n-1]
		p.nxt[t] = noCard
		p.edges -= edgeKey[t][c]
	} else {
		p.xorColKey(i, baseKey[c])
	}
	return c
}

// turnUp turns up a face-down card left on top of column i.
func (p *pos) turnUp(i int) {
	col := &p.cols[i]
	if col.n > 0 && col.down == col.n {
		x := col.cards[col.n-1]
		p.xorColKey(i, downKey[col.down]^downKey[col.down-1]^cardKey[col.down-1][x]^baseKey[x])
		col.down--
		p.up |= 1 << x
		p.nxt[x] = noCard
	}
}

// takeTalon removes talon[idx]; the waste then holds the idx cards before it.
func (p *pos) takeTalon(g *game, idx uint8) klondike.Card {
	c := p.talon[idx]
	copy(p.talon[idx:p.nTalon], p.talon[idx+1:p.nTalon])
	p.nTalon--
	p.ptr = idx
	p.mask &^= 1 << g.slot[c]
	return c
}

func (p *pos) fitsColumn(c klondike.Card, i int) bool {
	col := &p.cols[i]
	if col.n == 0 {
		return rank(c) == 13
	}
	t := col.cards[col.n-1]
	return rank(t) == rank(c)+1 && red(t) != red(c)
}

func (p *pos) fitsFoundation(c klondike.Card) bool {
	return p.found[suit(c)]+1 == rank(c)
}

func (p *pos) faceDown() int {
	n := 0
	for i := range p.cols {
		n += int(p.cols[i].down)
	}
	return n
}

func (p *pos) foundCards() int {
	return int(p.found[0]) + int(p.found[1]) + int(p.found[2]) + int(p.found[3])
}
