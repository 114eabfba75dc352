package wire

import (
	"strconv"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// The move path's frames have one common shape. ParseFastAction reads it
// without reflection or allocation; anything else (other keys, escapes,
// non-ASCII, duplicates, odd numbers) is left to encoding/json, so the
// two always agree (FuzzFastAction checks).

// FastAction is a move, resign or finish frame as read by
// ParseFastAction. Its slices alias the frame read.
type FastAction struct {
	// Type is TypeMove, TypeResign or TypeFinish.
	Type []byte
	// Race, Seq and Move are the frame's fields (empty or 0 when absent).
	Race, Move []byte
	Seq        uint64
}

// ParseFastAction reads {"type":…,"race":…,"seq":…,"move":…} with keys
// in any order, each at most once, plain ASCII strings and a decimal seq.
// It reports false for anything else: decode that with encoding/json into
// a ClientMessage.
func ParseFastAction(b []byte, f *FastAction) bool {
	*f = FastAction{}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	var seen uint8
	for first := true; ; first = false {
		i = skipWS(b, i+1)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' && first {
			break
		}
		key, j, ok := plainString(b, i)
		if !ok {
			return false
		}
		i = skipWS(b, j)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipWS(b, i+1)
		var bit uint8
		switch string(key) {
		case "type":
			bit = 1
			f.Type, i, ok = plainString(b, i)
		case "race":
			bit = 2
			f.Race, i, ok = plainString(b, i)
		case "move":
			bit = 4
			f.Move, i, ok = plainString(b, i)
		case "seq":
			bit = 8
			f.Seq, i, ok = ParseUint(b, i)
		default:
			return false
		}
		if !ok || seen&bit != 0 {
			return false
		}
		seen |= bit
		i = skipWS(b, i)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			break
		}
		if b[i] != ',' {
			return false
		}
	}
	if skipWS(b, i+1) != len(b) {
		return false
	}
	switch string(f.Type) {
	case TypeMove, TypeResign, TypeFinish:
		return true
	}
	return false
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a JSON string at b[i] made of printable ASCII without
// escapes, returning its contents and the index after it.
func plainString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return nil, i, false
		}
	}
	return nil, i, false
}

// ParseUint reads the JSON number at b[i] when it is a decimal uint64
// without leading zeros, fraction or exponent (as strconv.AppendUint
// writes one), returning it and the index after it; ok is false, and the
// index i, for anything else. It allocates nothing.
func ParseUint(b []byte, i int) (n uint64, end int, ok bool) {
	j := i
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	if j == i || (b[i] == '0' && j-i > 1) || (j < len(b) && (b[j] == '.' || b[j] == 'e' || b[j] == 'E')) {
		return 0, i, false
	}
	n, err := strconv.ParseUint(string(b[i:j]), 10, 64)
	if err != nil {
		return 0, i, false
	}
	return n, j, true
}

// AppendProgress appends the JSON of a ProgressMessage, as encoding/json
// makes it (a test checks), without reflection: progress goes to every
// racer and spectator on every move. race is hex.
func AppendProgress(b []byte, race string, p *scoreboard.Progress) []byte {
	b = append(b, `{"type":"progress","race":"`...)
	b = append(b, race...)
	b = append(b, `","progress":`...)
	b = p.AppendJSON(b)
	return append(b, '}')
}
