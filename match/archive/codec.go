package archive

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// A record is one finished race as the archive stores it: a kind byte,
// then its body, deflated when that is shorter (kind | kindDeflated).
//
// The compact body (kindCompact) holds strings as a length and bytes,
// numbers as varints, the nonce and commitment as the bytes their hex
// spells, times as nanoseconds from the race's start, racers in
// standings and action lists as their index on the roster, and each
// action as its code in its game's move table (moves.go) with the time
// since the racer's previous action in the coarsest power-of-ten unit
// that holds every action's time exactly. Ms is not stored: it is At −
// StartAt in milliseconds, as replay.FromSnapshot sets it. A flags
// varint after the commitment says what is there: 1 solver-checked, 2 the
// result's race ID left out (the race's own), 4 each standing's EndedAt
// after its ReachedAt (records of results without it do not have it), 8
// each racer's marks after its name (a varint: 1 an account, 2 a bot,
// whose level follows; records from before accounts do not have them).
//
// Encode checks that the compact body decodes to a replay whose JSON is
// byte for byte the original's; a replay it cannot hold exactly (a time
// zone other than UTC, an Ms of its own, a nonce that is not lower-case
// hex …) is stored as its JSON (kindJSON) instead.
const (
	kindCompact  byte = 1
	kindJSON     byte = 2
	kindDeflated byte = 0x80
)

// ErrCorrupt reports a record that does not decode.
var ErrCorrupt = errors.New("archive: corrupt record")

// ErrNoGames reports a record coded without games: a record codes its
// actions by its profile's game, so the archive and the queues are given
// the registry of every game whose races they hold (cmd/racer gives
// match/game/games.All).
var ErrNoGames = errors.New("archive: no games given to code records with")

// Encode returns the record of rp, whose profile's game is looked up in
// games (every game whose records are kept, not only the games raced).
func Encode(games *game.Registry, rp replay.Replay) ([]byte, error) {
	if games == nil {
		return nil, ErrNoGames
	}
	want, err := json.Marshal(rp)
	if err != nil {
		return nil, err
	}
	g := gameOf(games, rp.Profile)
	body, kind := encodeCompact(g, rp), kindCompact
	if got, err := decodeCompact(games, body); err != nil || !sameJSON(got, want) {
		body, kind = want, kindJSON
	}
	var z bytes.Buffer
	z.WriteByte(kind | kindDeflated)
	fw, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid
	_, _ = fw.Write(body)                               // a bytes.Buffer does not fail
	_ = fw.Close()
	if z.Len() < 1+len(body) {
		return z.Bytes(), nil
	}
	return append([]byte{kind}, body...), nil
}

// Decode returns the replay of record b, whose profile's game is looked
// up in games.
func Decode(games *game.Registry, b []byte) (replay.Replay, error) {
	if games == nil {
		return replay.Replay{}, ErrNoGames
	}
	if len(b) == 0 {
		return replay.Replay{}, fmt.Errorf("%w: empty", ErrCorrupt)
	}
	kind, body := b[0], b[1:]
	if kind&kindDeflated != 0 {
		var err error
		if body, err = io.ReadAll(flate.NewReader(bytes.NewReader(body))); err != nil {
			return replay.Replay{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		kind &^= kindDeflated
	}
	switch kind {
	case kindCompact:
		return decodeCompact(games, body)
	case kindJSON:
		var rp replay.Replay
		if err := json.Unmarshal(body, &rp); err != nil {
			return replay.Replay{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		return rp, nil
	}
	return replay.Replay{}, fmt.Errorf("%w: kind %d", ErrCorrupt, kind)
}

func sameJSON(rp replay.Replay, want []byte) bool {
	got, err := json.Marshal(rp)
	return err == nil && bytes.Equal(got, want)
}

// gameOf returns the game of profile among games (nil when unknown): a
// record decodes by its profile's game, whatever games the node that
// reads it races.
func gameOf(games *game.Registry, profile string) game.Game {
	v, err := games.Lookup(profile)
	if err != nil {
		return nil
	}
	return v.Game()
}

// finalCounter returns g's count that results keep (game.Counter's
// Final), the one a standing's record holds; its Name is "" when g has
// none, or g is nil.
func finalCounter(g game.Game) game.Counter {
	if g != nil {
		for _, c := range g.Counters() {
			if c.Final {
				return c
			}
		}
	}
	return game.Counter{}
}

// writer appends a compact body.
type writer struct{ b []byte }

func (w *writer) uint(v uint64)  { w.b = binary.AppendUvarint(w.b, v) }
func (w *writer) int(v int64)    { w.b = binary.AppendVarint(w.b, v) }
func (w *writer) str(s string)   { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *writer) bytes(p []byte) { w.uint(uint64(len(p))); w.b = append(w.b, p...) }

// hexStr writes s as the bytes it spells in hex (a flag 1 first), or as
// text (flag 0) when it is not lower-case hex.
func (w *writer) hexStr(s string) {
	p, err := hex.DecodeString(s)
	if err != nil || hex.EncodeToString(p) != s {
		w.uint(0)
		w.str(s)
		return
	}
	w.uint(1)
	w.bytes(p)
}

// time writes t as nanoseconds since base, plus one (0: the zero time).
func (w *writer) time(t, base time.Time) {
	if t.IsZero() {
		w.int(0)
		return
	}
	d := t.Sub(base)
	if d >= 0 {
		d++
	}
	w.int(int64(d))
}

// racer writes the roster index of player id plus one, or 0 and the ID.
func (w *writer) racer(racers []match.Racer, id string) {
	for i, x := range racers {
		if x.ID == id {
			w.uint(uint64(i + 1))
			return
		}
	}
	w.uint(0)
	w.str(id)
}

// encodeCompact returns the compact body of rp, whose profile is of g
// (nil when unknown: its moves are stored as text).
func encodeCompact(g game.Game, rp replay.Replay) []byte {
	w := &writer{b: make([]byte, 0, 512)}
	w.str(rp.Race)
	w.str(rp.Profile)
	w.uint(rp.Seed)
	w.hexStr(rp.Nonce)
	w.hexStr(rp.Commitment)
	var flags uint64
	if rp.SolverChecked {
		flags |= 1
	}
	if rp.Result.Race == rp.Race {
		flags |= 2
	}
	for _, s := range rp.Result.Standings {
		if !s.EndedAt.IsZero() {
			flags |= 4 // standings hold EndedAt
		}
	}
	for _, x := range rp.Racers {
		if x.Account || x.Bot != "" {
			flags |= 8 // racers hold marks
		}
	}
	w.uint(flags)
	w.str(rp.Room)
	w.uint(uint64(len(rp.Racers)))
	for _, x := range rp.Racers {
		w.str(x.ID)
		w.str(x.Name)
		if flags&8 != 0 {
			var marks uint64
			if x.Account {
				marks |= 1
			}
			if x.Bot != "" {
				marks |= 2
			}
			w.uint(marks)
			if x.Bot != "" {
				w.str(x.Bot)
			}
		}
	}
	w.int(int64(rp.TimeLimit))
	if rp.StartAt.IsZero() {
		w.uint(0)
	} else {
		w.uint(1)
		w.int(rp.StartAt.UnixNano())
	}
	base := rp.StartAt
	w.time(rp.CreatedAt, base)

	res := rp.Result
	if flags&2 == 0 {
		w.str(res.Race)
	}
	w.str(res.Reason)
	w.time(res.FinishedAt, base)
	w.uint(uint64(len(res.Standings)))
	final := finalCounter(g)
	for _, s := range res.Standings {
		w.uint(uint64(s.Place))
		w.racer(rp.Racers, s.Player)
		w.str(s.Name)
		w.str(string(s.Status))
		w.uint(uint64(s.Foundation))
		w.uint(uint64(s.Counts.Get(final.Name)))
		w.time(s.ReachedAt, base)
		if flags&4 != 0 {
			w.time(s.EndedAt, base)
		}
		w.uint(uint64(s.Actions))
	}

	table := tableOf(g)
	w.uint(uint64(len(rp.Actions)))
	// Roster order first, so that a record's bytes do not depend on the
	// map's order; then any list of a player off the roster.
	done := 0
	for _, x := range rp.Racers {
		if as, ok := rp.Actions[x.ID]; ok {
			w.racer(rp.Racers, x.ID)
			w.actions(as, base, table)
			done++
		}
	}
	if done < len(rp.Actions) {
		for id, as := range rp.Actions {
			if !onRoster(rp.Racers, id) {
				w.racer(rp.Racers, id)
				w.actions(as, base, table)
			}
		}
	}
	return w.b
}

func onRoster(racers []match.Racer, id string) bool {
	for _, x := range racers {
		if x.ID == id {
			return true
		}
	}
	return false
}

// actions writes one racer's actions: count; whether Seq counts 1, 2, …
// (else every Seq); the time unit's power of ten; every action's move
// code (0 and the text for a move in no table); then every action's time
// since the previous action (the start for the first) in that unit.
// Codes and times go in columns, which deflate compresses better.
func (w *writer) actions(as []replay.Action, base time.Time, table *moveTable) {
	w.uint(uint64(len(as)))
	inOrder := true
	for i, a := range as {
		if a.Seq != uint64(i+1) {
			inOrder = false
		}
	}
	if inOrder {
		w.uint(1)
	} else {
		w.uint(0)
		for _, a := range as {
			w.uint(a.Seq)
		}
	}
	exp := 9
	for _, a := range as {
		d := a.At.Sub(base)
		for exp > 0 && d%pow10[exp] != 0 {
			exp--
		}
	}
	w.uint(uint64(exp))
	for _, a := range as {
		code := uint64(0)
		if table != nil {
			code = table.codes[a.Action]
		}
		w.uint(code)
		if code == 0 {
			w.str(a.Action)
		}
	}
	prev := base
	for _, a := range as {
		d := a.At.Sub(prev) / pow10[exp]
		if d < 0 {
			// Times that go back (not from one store's clock): the
			// round trip fails on them and the record is JSON.
			d = 0
		}
		w.uint(uint64(d))
		prev = a.At
	}
}

var pow10 = [10]time.Duration{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// reader reads a compact body; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: bad %s", ErrCorrupt, what)
	}
	r.b = nil
}

func (r *reader) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) int() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail("number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// count reads a length that the rest of the body can hold.
func (r *reader) count() int {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.fail("length")
		return 0
	}
	return int(n)
}

func (r *reader) raw() []byte {
	n := r.count()
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *reader) str() string { return string(r.raw()) }

func (r *reader) hexStr() string {
	if r.uint() == 0 {
		return r.str()
	}
	return hex.EncodeToString(r.raw())
}

func (r *reader) time(base time.Time) time.Time {
	d := r.int()
	switch {
	case d == 0:
		return time.Time{}
	case d > 0:
		d--
	}
	return base.Add(time.Duration(d))
}

func (r *reader) racer(racers []match.Racer) string {
	i := r.uint()
	if i == 0 {
		return r.str()
	}
	if i > uint64(len(racers)) {
		r.fail("racer index")
		return ""
	}
	return racers[i-1].ID
}

func decodeCompact(games *game.Registry, b []byte) (replay.Replay, error) {
	r := &reader{b: b}
	var rp replay.Replay
	rp.Race = r.str()
	rp.Profile = r.str()
	rp.Seed = r.uint()
	rp.Nonce = r.hexStr()
	rp.Commitment = r.hexStr()
	flags := r.uint()
	rp.SolverChecked = flags&1 != 0
	rp.Room = r.str()
	rp.Racers = make([]match.Racer, r.count())
	for i := range rp.Racers {
		rp.Racers[i] = match.Racer{ID: r.str(), Name: r.str()}
		if flags&8 != 0 {
			marks := r.uint()
			if marks&^3 != 0 {
				r.fail("racer marks")
			}
			rp.Racers[i].Account = marks&1 != 0
			if marks&2 != 0 {
				rp.Racers[i].Bot = r.str()
			}
		}
	}
	rp.TimeLimit = time.Duration(r.int())
	if r.uint() != 0 {
		rp.StartAt = time.Unix(0, r.int()).UTC()
	}
	base := rp.StartAt
	rp.CreatedAt = r.time(base)

	res := &rp.Result
	res.Race = rp.Race
	if flags&2 == 0 {
		res.Race = r.str()
	}
	res.Reason = r.str()
	res.FinishedAt = r.time(base)
	res.Standings = make([]match.Standing, r.count())
	g := gameOf(games, rp.Profile)
	final := finalCounter(g)
	for i := range res.Standings {
		s := &res.Standings[i]
		s.Place = int(min(r.uint(), math.MaxInt32))
		s.Player = r.racer(rp.Racers)
		s.Name = r.str()
		s.Status = match.Status(r.str())
		s.Foundation = int(min(r.uint(), math.MaxInt32))
		if n := int(min(r.uint(), math.MaxInt32)); final.Name != "" && (n != 0 || !final.OmitZero) {
			s.Counts.Add(scoreboard.Count{Name: final.Name, Value: n, OmitZero: final.OmitZero})
		}
		s.ReachedAt = r.time(base)
		if flags&4 != 0 {
			s.EndedAt = r.time(base)
		}
		s.Actions = int(min(r.uint(), math.MaxInt32))
	}

	table := tableOf(g)
	n := r.count()
	rp.Actions = make(map[string][]replay.Action, n)
	for range n {
		id := r.racer(rp.Racers)
		rp.Actions[id] = r.actions(base, table)
		if r.err != nil {
			break
		}
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("end: trailing bytes")
	}
	if r.err != nil {
		return replay.Replay{}, r.err
	}
	return rp, nil
}

func (r *reader) actions(base time.Time, table *moveTable) []replay.Action {
	as := make([]replay.Action, r.count())
	if r.uint() == 1 {
		for i := range as {
			as[i].Seq = uint64(i + 1)
		}
	} else {
		for i := range as {
			as[i].Seq = r.uint()
		}
	}
	exp := r.uint()
	if exp >= uint64(len(pow10)) {
		r.fail("time unit")
		return nil
	}
	unit := pow10[exp]
	for i := range as {
		a := &as[i]
		code := r.uint()
		switch {
		case code == 0:
			a.Action = r.str()
		case table != nil && code <= uint64(len(table.texts)):
			a.Action = table.texts[code-1]
		default:
			r.fail("move code")
			return nil
		}
	}
	at := base
	for i := range as {
		a := &as[i]
		at = at.Add(time.Duration(min(r.uint(), math.MaxInt64)) * unit)
		a.At = at
		a.Ms = at.Sub(base).Milliseconds()
	}
	return as
}
