package client

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/scoreboard"
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
func DecodeAck(frame []byte, a *wire.Ack) error {
	*a = wire.Ack{}
	d := decoder{b: frame}
	if d.ack(a) && d.end() {
		return nil
	}
	*a = wire.Ack{}
	return json.Unmarshal(frame, a)
}

// DecodeProgress decodes a progress frame into p, as json.Unmarshal would.
func DecodeProgress(frame []byte, p *wire.ProgressMessage) error {
	*p = wire.ProgressMessage{}
	d := decoder{b: frame}
	if d.progressMessage(p) && d.end() {
		return nil
	}
	*p = wire.ProgressMessage{}
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

// value reads any JSON value of the subset.
func (d *decoder) value() bool {
	d.ws()
	if d.i == len(d.b) {
		return false
	}
	var ok bool
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object(func([]byte) bool { return d.value() })
	case c == '[':
		return d.array(d.value)
	case c == '"':
		_, ok = d.str()
	case c == 't' || c == 'f':
		_, ok = d.bool()
	default:
		_, ok = d.int()
	}
	return ok
}

// strAs reads a string and returns what as makes of its bytes.
func strAs[T any](d *decoder, as func([]byte) T) (T, bool) {
	s, ok := d.str()
	return as(s), ok
}

func newString(b []byte) string { return string(b) }

// Known strings, so that the common ones cost no allocation.

// statuses are every racer status.
var statuses = []scoreboard.Status{scoreboard.StatusPlaying, scoreboard.StatusWon, scoreboard.StatusStuck,
	scoreboard.StatusResigned, scoreboard.StatusDisconnected}

// statusString returns b as a Status, without allocating for a known one.
func statusString(b []byte) scoreboard.Status { return known(b, statuses) }

// known returns b as a T: the one of list it equals, without allocating,
// else a copy of b.
func known[T ~string](b []byte, list []T) T {
	for _, k := range list {
		if string(k) == string(b) {
			return k
		}
	}
	return T(b)
}

func (d *decoder) ack(a *wire.Ack) bool {
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

// view reads a view as its raw JSON, copied: which game's it is the
// race says (the client tags it), never the JSON.
func (d *decoder) view(v *wire.View) bool {
	d.ws()
	start := d.i
	if !d.value() {
		return false
	}
	v.JSON = append(v.JSON[:0:0], d.b[start:d.i]...)
	return true
}

func (d *decoder) progressMessage(p *wire.ProgressMessage) bool {
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

func (d *decoder) progress(p *scoreboard.Progress) bool {
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
		case "status":
			p.Status, ok = strAs(d, statusString)
		case "reached_at":
			d.ws()
			start := d.i
			if _, ok = d.str(); ok {
				ok = p.ReachedAt.UnmarshalJSON(d.b[start:d.i]) == nil
			}
		default:
			// One of the game's own counts (game.Counter), by its name.
			var n int
			if n, ok = d.int(); ok {
				p.Counts.Add(scoreboard.Count{Name: countName(k), Value: n})
			}
		}
		return ok
	})
}

// countNames interns the names of the games' counts: a few, so that a
// progress frame's counts allocate nothing.
var (
	countNamesMu sync.Mutex
	countNames   = map[string]string{}
)

// countName returns k as a string, the same one for every frame that
// names the count (up to 16 names).
func countName(k []byte) string {
	countNamesMu.Lock()
	defer countNamesMu.Unlock()
	if s, ok := countNames[string(k)]; ok {
		return s
	}
	s := string(k)
	if len(countNames) < 16 {
		countNames[s] = s
	}
	return s
}
