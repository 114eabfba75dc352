package client

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/spider"
)

// The frames a racer and a spectator read most, ack and progress, are
// decoded here by hand: encoding/json's reflection cost the load tool a
// third of its CPU, on the machine the server under test shares. The
// decoders read only a strict subset of JSON, the hub's own frames (known
// keys, strings without escapes or non-ASCII bytes, integers, true and
// false); a frame with anything else goes to encoding/json, so the result
// is always what encoding/json makes of the frame (a test and a fuzz
// target compare them).

// DecodeAck decodes an ack frame into a, as json.Unmarshal would.
func DecodeAck(frame []byte, a *hub.Ack) error {
	*a = hub.Ack{}
	d := decoder{b: frame}
	if d.ack(a) && d.end() {
		return nil
	}
	*a = hub.Ack{}
	return json.Unmarshal(frame, a)
}

// DecodeProgress decodes a progress frame into p, as json.Unmarshal would.
func DecodeProgress(frame []byte, p *hub.ProgressMessage) error {
	*p = hub.ProgressMessage{}
	d := decoder{b: frame}
	if d.progressMessage(p) && d.end() {
		return nil
	}
	*p = hub.ProgressMessage{}
	return json.Unmarshal(frame, p)
}

// decoder reads JSON from b at i. Each method returns false on anything
// outside the subset it reads; the caller then falls back.
type decoder struct {
	b []byte
	i int
}

func (d *decoder) ws() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// lit skips white space and the byte c.
func (d *decoder) lit(c byte) bool {
	d.ws()
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

// peek skips white space and reports whether the next byte is c.
func (d *decoder) peek(c byte) bool {
	d.ws()
	return d.i < len(d.b) && d.b[d.i] == c
}

// end reports whether only white space is left.
func (d *decoder) end() bool {
	d.ws()
	return d.i == len(d.b)
}

// str reads a string of printable ASCII without escapes and returns its
// bytes (aliasing b).
func (d *decoder) str() ([]byte, bool) {
	if !d.lit('"') {
		return nil, false
	}
	start := d.i
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return d.b[start : d.i-1], true
		case c < 0x20 || c >= 0x80 || c == '\\':
			return nil, false
		}
		d.i++
	}
	return nil, false
}

// uint reads a JSON integer without sign, fraction or exponent.
func (d *decoder) uint() (uint64, bool) {
	d.ws()
	start := d.i
	var n uint64
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		if n > (1<<63)/10 { // far beyond any count here: let encoding/json judge
			return 0, false
		}
		n = n*10 + uint64(d.b[d.i]-'0')
		d.i++
	}
	digits := d.i - start
	if digits == 0 || (digits > 1 && d.b[start] == '0') {
		return 0, false
	}
	if d.i < len(d.b) {
		switch d.b[d.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	return n, true
}

// int reads a JSON integer into an int.
func (d *decoder) int() (int, bool) {
	d.ws()
	neg := d.i < len(d.b) && d.b[d.i] == '-'
	if neg {
		d.i++
		if d.i == len(d.b) || d.b[d.i] < '0' || d.b[d.i] > '9' {
			return 0, false // no white space after the sign
		}
	}
	n, ok := d.uint()
	if !ok || n > 1<<31 {
		return 0, false
	}
	if neg {
		return -int(n), true
	}
	return int(n), true
}

func (d *decoder) bool() (bool, bool) {
	d.ws()
	switch {
	case bytes.HasPrefix(d.b[d.i:], []byte("true")):
		d.i += 4
		return true, true
	case bytes.HasPrefix(d.b[d.i:], []byte("false")):
		d.i += 5
		return false, true
	}
	return false, false
}

// object reads an object, calling field for each key with d just after
// its colon; field reads the value.
func (d *decoder) object(field func(key []byte) bool) bool {
	if !d.lit('{') {
		return false
	}
	if d.lit('}') {
		return true
	}
	for {
		k, ok := d.str()
		if !ok || !d.lit(':') || !field(k) {
			return false
		}
		if d.lit('}') {
			return true
		}
		if !d.lit(',') {
			return false
		}
	}
}

// array reads an array, calling elem for each element.
func (d *decoder) array(elem func() bool) bool {
	if !d.lit('[') {
		return false
	}
	if d.lit(']') {
		return true
	}
	for {
		if !elem() {
			return false
		}
		if d.lit(']') {
			return true
		}
		if !d.lit(',') {
			return false
		}
	}
}

// ints reads an array of exactly len(dst) integers.
func (d *decoder) ints(dst []int) bool {
	n := 0
	return d.array(func() bool {
		if n == len(dst) {
			return false
		}
		v, ok := d.int()
		dst[n] = v
		n++
		return ok
	}) && n == len(dst)
}

// cards reads an array of cards in notation, as indexes of cardTable
// (the same in both games).
func (d *decoder) cards() ([]uint8, bool) {
	out := []uint8{} // empty, not nil, as encoding/json makes of []
	ok := d.array(func() bool {
		s, ok := d.str()
		if !ok || len(s) != 2 {
			return false
		}
		c := cardIndex(s)
		if c < 0 {
			return false
		}
		out = append(out, uint8(c))
		return true
	})
	return out, ok
}

// strAs reads a string and returns what as makes of its bytes.
func strAs[T any](d *decoder, as func([]byte) T) (T, bool) {
	s, ok := d.str()
	return as(s), ok
}

func newString(b []byte) string { return string(b) }

// Known strings, so that the common ones cost no allocation.

func statusString(b []byte) match.Status {
	switch match.Status(b) {
	case match.StatusPlaying:
		return match.StatusPlaying
	case match.StatusWon:
		return match.StatusWon
	case match.StatusStuck:
		return match.StatusStuck
	case match.StatusResigned:
		return match.StatusResigned
	case match.StatusDisconnected:
		return match.StatusDisconnected
	}
	return match.Status(b)
}

func (d *decoder) ack(a *hub.Ack) bool {
	return d.object(func(k []byte) bool {
		var ok bool
		switch string(k) {
		case "type":
			a.Type, ok = strAs(d, typeName)
		case "race":
			a.Race, ok = strAs(d, newString)
		case "seq":
			a.Seq, ok = d.uint()
		case "status":
			a.Status, ok = strAs(d, statusString)
		case "duplicate":
			a.Duplicate, ok = d.bool()
		case "view":
			ok = d.view(&a.View)
		}
		return ok
	})
}

// rawView is a view of either game while it is read: which game it is
// shows only at its end (encoding/json's WireView takes a view with
// "completed": in it for Spider's).
type rawView struct {
	columns     []rawColumn
	stock       int
	waste       []uint8
	wasteSize   int
	foundations [klondike.NumSuits]int
	passesUsed  int
	passesLeft  int
	actions     int
	won         bool
	completed   int
	suits       []string

	klondikeKeys, spiderKeys bool // keys of one game only
}

type rawColumn struct {
	down int
	up   []uint8
}

func (d *decoder) view(v *hub.WireView) bool {
	var r rawView
	start := d.i
	ok := d.object(func(k []byte) bool {
		var ok bool
		switch string(k) {
		case "columns":
			r.columns = r.columns[:0]
			ok = d.array(func() bool {
				var c rawColumn
				var ok bool
				if !d.object(func(k []byte) bool {
					switch string(k) {
					case "down":
						c.down, ok = d.int()
					case "up":
						c.up, ok = d.cards()
					default:
						ok = false
					}
					return ok
				}) {
					return false
				}
				if c.up == nil {
					return false // no "up": encoding/json keeps a nil slice
				}
				r.columns = append(r.columns, c)
				return true
			})
		case "stock":
			r.stock, ok = d.int()
		case "actions":
			r.actions, ok = d.int()
		case "won":
			r.won, ok = d.bool()
		case "waste":
			r.klondikeKeys = true
			r.waste, ok = d.cards()
		case "waste_size":
			r.klondikeKeys = true
			r.wasteSize, ok = d.int()
		case "foundations":
			r.klondikeKeys = true
			ok = d.ints(r.foundations[:])
		case "passes_used":
			r.klondikeKeys = true
			r.passesUsed, ok = d.int()
		case "passes_left":
			r.klondikeKeys = true
			r.passesLeft, ok = d.int()
		case "completed":
			r.spiderKeys = true
			r.completed, ok = d.int()
		case "completed_suits":
			r.spiderKeys = true
			r.suits = []string{}
			ok = d.array(func() bool {
				s, ok := d.str()
				r.suits = append(r.suits, suitString(s))
				return ok
			})
		}
		return ok
	})
	if !ok {
		return false
	}
	if bytes.Contains(d.b[start:d.i], []byte(`"completed":`)) {
		return !r.klondikeKeys && r.spider(v)
	}
	return !r.spiderKeys && r.klondike(v)
}

// klondike sets v to a Klondike view: every key present, seven columns
// (else encoding/json's zero values and nil slices would differ).
func (r *rawView) klondike(v *hub.WireView) bool {
	if len(r.columns) != klondike.NumColumns || r.waste == nil {
		return false
	}
	n := len(r.waste)
	for _, c := range r.columns {
		n += len(c.up)
	}
	a := cardArena[klondike.Card]{cards: make([]klondike.Card, 0, n)}
	*v = hub.WireView{Stock: r.stock, WasteSize: r.wasteSize, Foundations: r.foundations,
		PassesUsed: r.passesUsed, PassesLeft: r.passesLeft, Actions: r.actions, Won: r.won}
	for i, c := range r.columns {
		v.Columns[i] = hub.WireColumn{Down: c.down, Up: a.take(c.up)}
	}
	v.Waste = a.take(r.waste)
	return true
}

// cardArena hands out the cards of one view from one allocation.
type cardArena[C ~uint8] struct{ cards []C }

// take appends cs to the arena and returns them, capped so that an append
// to the result copies rather than overwrites the next slice.
func (a *cardArena[C]) take(cs []uint8) []C {
	start := len(a.cards)
	for _, c := range cs {
		a.cards = append(a.cards, C(c))
	}
	return a.cards[start:len(a.cards):len(a.cards)]
}

// spider sets v to a Spider view, ten columns.
func (r *rawView) spider(v *hub.WireView) bool {
	if len(r.columns) != spider.NumColumns || r.suits == nil {
		return false
	}
	n := 0
	for _, c := range r.columns {
		n += len(c.up)
	}
	a := cardArena[spider.Card]{cards: make([]spider.Card, 0, n)}
	s := &hub.WireSpiderView{Stock: r.stock, Completed: r.completed, CompletedSuits: r.suits, Actions: r.actions, Won: r.won}
	for i, c := range r.columns {
		s.Columns[i] = hub.WireSpiderColumn{Down: c.down, Up: a.take(c.up)}
	}
	*v = hub.WireView{Spider: s}
	return true
}

func suitString(b []byte) string {
	switch string(b) {
	case "C":
		return "C"
	case "D":
		return "D"
	case "H":
		return "H"
	case "S":
		return "S"
	}
	return string(b)
}

func (d *decoder) progressMessage(p *hub.ProgressMessage) bool {
	return d.object(func(k []byte) bool {
		var ok bool
		switch string(k) {
		case "type":
			p.Type, ok = strAs(d, typeName)
		case "race":
			p.Race, ok = strAs(d, newString)
		case "progress":
			ok = d.progress(&p.Progress)
		}
		return ok
	})
}

func (d *decoder) progress(p *match.Progress) bool {
	return d.object(func(k []byte) bool {
		var ok bool
		switch string(k) {
		case "racer":
			p.Racer, ok = strAs(d, newString)
		case "seq":
			p.Seq, ok = d.uint()
		case "foundations":
			ok = d.ints(p.Foundations[:])
		case "foundation":
			p.Foundation, ok = d.int()
		case "turned_up":
			p.TurnedUp, ok = d.int()
		case "actions":
			p.Actions, ok = d.int()
		case "passes":
			p.Passes, ok = d.int()
		case "completed":
			p.Completed, ok = d.int()
		case "status":
			p.Status, ok = strAs(d, statusString)
		case "reached_at":
			d.ws()
			start := d.i
			if _, ok = d.str(); ok {
				ok = p.ReachedAt.UnmarshalJSON(d.b[start:d.i]) == nil
			}
		}
		return ok
	})
}

// cardTable maps a card's two letters to its index (suit*13 + rank-1,
// the same in both games), or -1.
var (
	cardOnce  sync.Once
	cardTable [128 * 128]int8
)

func cardIndex(s []byte) int {
	cardOnce.Do(func() {
		for i := range cardTable {
			cardTable[i] = -1
		}
		for a := byte(0x20); a < 0x7f; a++ {
			for b := byte(0x20); b < 0x7f; b++ {
				kc, kerr := klondike.ParseCard(string([]byte{a, b}))
				sc, serr := spider.ParseCard(string([]byte{a, b}))
				if kerr == nil && serr == nil && uint8(kc) == uint8(sc) {
					cardTable[int(a)*128+int(b)] = int8(kc)
				}
			}
		}
	})
	if s[0] >= 128 || s[1] >= 128 {
		return -1
	}
	return int(cardTable[int(s[0])*128+int(s[1])])
}
