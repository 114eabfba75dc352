package scoreboard

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/solitaire-race/racer/match/game"
)

// Count is one of a game's own counts (game.Counter) with its value.
type Count struct {
	// Name is its key in the JSON ("passes", "completed").
	Name string
	// Value is the count.
	Value int
	// OmitZero leaves it out of the JSON while Value is 0.
	OmitZero bool
}

// Counts are a game's own counts of one racer, beyond those every game
// has (game.Counter): in the game's order, at most game.MaxCounters. They
// go in a progress's or a standing's JSON as keys of their own, in order.
// A Counts is a small value, comparable with ==; the zero value holds
// none.
type Counts struct {
	n  uint8
	at [game.MaxCounters]Count
}

// NewCounts returns the counts cs, in order; past game.MaxCounters they
// are dropped.
func NewCounts(cs ...Count) Counts {
	var c Counts
	for _, x := range cs {
		c.Add(x)
	}
	return c
}

// Add appends x, or drops it when the counts are full.
func (c *Counts) Add(x Count) {
	if int(c.n) < len(c.at) {
		c.at[c.n] = x
		c.n++
	}
}

// Len returns the number of counts.
func (c *Counts) Len() int { return int(c.n) }

// At returns count i (0 … Len()-1).
func (c *Counts) At(i int) Count { return c.at[:c.n][i] }

// Get returns the value of the count named name, 0 when there is none.
func (c *Counts) Get(name string) int {
	for _, x := range c.at[:c.n] {
		if x.Name == name {
			return x.Value
		}
	}
	return 0
}

// appendJSON appends each count as `,"name":value`, skipping those
// OmitZero leaves out.
func (c *Counts) appendJSON(b []byte) []byte {
	for _, x := range c.at[:c.n] {
		if x.OmitZero && x.Value == 0 {
			continue
		}
		b = append(b, ',')
		b = appendString(b, x.Name)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(x.Value), 10)
	}
	return b
}

// appendString appends s as a JSON string as encoding/json writes it
// without HTML escaping (the encoder that calls a MarshalJSON escapes
// its output itself when it is asked to): printable ASCII as it is,
// anything else through encoding/json.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return appendQuoted(b, s)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendQuoted appends s quoted by encoding/json, without HTML escaping.
func appendQuoted(b []byte, s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// readCounts reads the counts of a JSON object b: in order, every key
// that known does not hold whose value is an integer. Their OmitZero is
// false: they were there.
func readCounts(b []byte, known func(key string) bool) (Counts, error) {
	var c Counts
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return c, err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return c, err
		}
		key, _ := tok.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return c, err
		}
		if known(key) {
			continue
		}
		if n, ok := v.(json.Number); ok {
			if i, err := n.Int64(); err == nil {
				c.Add(Count{Name: key, Value: int(i)})
			}
		}
	}
	return c, nil
}
