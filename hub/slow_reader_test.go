package hub_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/transport"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
)

// A client that stops reading, for each kind of frame the server sends:
// what the server holds for it stays within transport.DefaultSendBuffer
// (1 MiB: the frames waiting and the socket's send queue), and it is
// closed, within 1.5 times the write timeout of the server's finding it
// too slow, with 1008 or a reset: the server keeps nothing for it.

// slowWriteTimeout is the write timeout of these tests' servers (5s by
// default).
const slowWriteTimeout = 500 * time.Millisecond

// slowReader is a client whose socket takes little (a 4 KiB receive
// buffer) and that reads only while a test sets it up: then the server
// holds what it sends it, until it finds it too slow.
type slowReader struct {
	ws     *websocket.Conn
	player string
}

// dialSlow connects a slowReader to s and says hello as name.
func dialSlow(t *testing.T, s *testServer, name string) *slowReader {
	t.Helper()
	d := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		if err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		}); err != nil {
			return err
		}
		return serr
	}}
	ws, _, err := websocket.Dial(ctxT(t), s.url, &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	ws.SetReadLimit(1 << 20)
	r := &slowReader{ws: ws}
	if err := r.send(wire.ClientMessage{Type: wire.TypeHello, Name: name}); err != nil {
		t.Fatal(err)
	}
	var w wire.Welcome
	if err := json.Unmarshal(r.until(t, wire.TypeWelcome), &w); err != nil {
		t.Fatal(err)
	}
	r.player = w.Player
	return r
}

// send sends m; it fails once the server has ended the connection.
func (r *slowReader) send(m wire.ClientMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	return r.ws.Write(ctx, websocket.MessageText, b)
}

// until reads frames until one of type typ, and returns it.
func (r *slowReader) until(t *testing.T, typ string) []byte {
	t.Helper()
	for {
		_, b, err := r.ws.Read(ctxT(t))
		if err != nil {
			t.Fatalf("reading until %s: %v", typ, err)
		}
		var m struct{ Type string }
		if json.Unmarshal(b, &m) == nil && m.Type == typ {
			return b
		}
		if m.Type == wire.TypeError {
			t.Fatalf("reading until %s: %s", typ, b)
		}
	}
}

// checkSlowReader has r stop reading, and calls produce, which makes the
// server send r frames of one kind, until the server starts to close
// r's connection. After each call it reads what the server holds for r:
// its outbox and its socket's send queue (transport.Stats). It checks
// that the server held at most transport.DefaultSendBuffer, that it ended
// the connection within 1.5 times slowWriteTimeout (and a second) of
// starting to close it, and that r then finds 1008 or the connection
// reset, not more frames for ever.
func checkSlowReader(t *testing.T, s *testServer, r *slowReader, produce func()) {
	t.Helper()
	tc := hub.TransportOf(s.hub, r.player)
	if tc == nil {
		t.Fatal("no connection of the slow reader on the hub")
	}
	ctx := ctxT(t)
	start := time.Now()
	most, calls := 0, 0
	for tc.Context().Err() == nil {
		if ctx.Err() != nil {
			t.Fatalf("not closed after %d calls in %v: the server holds %d bytes for a client that does not read",
				calls, time.Since(start), most)
		}
		produce()
		calls++
		st := tc.Stats()
		most = max(most, st.QueuedBytes+st.SocketBytes)
	}
	closing := time.Now()
	select {
	case <-tc.Done():
	case <-ctx.Done():
		t.Fatalf("connection not ended %v after it began to close", time.Since(closing))
	}
	if d, limit := time.Since(closing), slowWriteTimeout*3/2+time.Second; d > limit {
		t.Errorf("ended %v after it began to close, want within %v", d, limit)
	}
	if most > transport.DefaultSendBuffer {
		t.Errorf("the server held %d bytes for a client that does not read, want at most %d", most, transport.DefaultSendBuffer)
	}
	// The server keeps nothing for r once it has ended the connection:
	// r reads what its own socket holds, then the end (1008, or the
	// connection reset).
	read := 0
	for {
		_, b, err := r.ws.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				t.Fatal("the slow reader's read did not end")
			}
			break
		}
		read += len(b)
	}
	if read > slowReaderHolds {
		t.Errorf("the slow reader read %d bytes after the server ended the connection, want at most %d (its socket's)", read, slowReaderHolds)
	}
	t.Logf("%d calls in %v; held at most %d KiB; closing took %v; %d bytes read after",
		calls, closing.Sub(start).Round(time.Millisecond), most>>10, time.Since(closing).Round(time.Millisecond), read)
}

// slowReaderHolds bounds what a slowReader's socket holds: its 4 KiB
// receive buffer, which the kernel doubles, and a frame in flight.
const slowReaderHolds = 64 << 10

// TestSlowReaderOfRaces: a client that asks for the list of live races
// (list_races, answered with a races frame of up to 16 races) and does
// not read the answers.
func TestSlowReaderOfRaces(t *testing.T) {
	t.Parallel()
	store := match.NewMemoryStore(match.MemoryStoreConfig{})
	for i := range hub.RacesPage {
		racers := make([]match.Racer, 8)
		for j := range racers {
			racers[j] = match.Racer{ID: fmt.Sprintf("p_%02d_%d", i, j), Name: strings.Repeat("é", 20)}
		}
		r := match.Race{ID: fmt.Sprintf("r_slow_%02d", i), Profile: "bvs", Racers: racers, Commitment: strings.Repeat("c", 64)}
		if _, err := store.CreateRace(ctxT(t), r); err != nil {
			t.Fatal(err)
		}
	}
	s := newServer(t, hub.Config{Store: store, WriteTimeout: slowWriteTimeout})
	r := dialSlow(t, s, "Sloth")
	checkSlowReader(t, s, r, func() {
		_ = r.send(wire.ClientMessage{Type: wire.TypeListRaces})
	})
}

// cycler plays a Klondike racer's stock round and round: draws, then
// recycles (a profile of unlimited passes), for ever.
type cycler struct {
	c     *client.Client
	race  string
	drawn int
}

// move makes the next move and waits for its ack.
func (p *cycler) move(t *testing.T) {
	t.Helper()
	mv := "D"
	if p.drawn == 24 { // the stock of a Klondike deal
		mv, p.drawn = "R", 0
	} else {
		p.drawn++
	}
	seq, err := p.c.Move(ctxT(t), p.race, mv)
	if err == nil {
		_, err = p.c.WaitAck(ctxT(t), p.race, seq)
	}
	if err != nil {
		t.Fatalf("move %s: %v", mv, err)
	}
}

// TestSlowReaderOfProgress: a racer that does not read while its
// opponent moves as fast as the acks come: a progress frame each move
// (ProgressEvery negative), written by the mover's goroutine
// (transport.Conn.Push).
func TestSlowReaderOfProgress(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: -1, WriteTimeout: slowWriteTimeout})
	a, _ := s.dial(t, "Ann", client.Options{})
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Profile: "relaxed-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	r := dialSlow(t, s, "Sloth")
	if err := r.send(wire.ClientMessage{Type: wire.TypeQueue, Profile: "relaxed-1"}); err != nil {
		t.Fatal(err)
	}
	race, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	r.until(t, wire.TypeRace)
	ann := &cycler{c: a, race: race.Race.ID}
	checkSlowReader(t, s, r, func() { ann.move(t) })
}

// TestSlowReaderOfBoards: a spectator of four races (32 under -short)
// that does not read while their racers move as fast as the acks
// come: each race's loop sends each racer's board every tick (a
// spectator delay of a millisecond), and no progress (ProgressEvery of
// an hour). More races fill the spectator's queue in fewer moves: under
// -short the server finds it too slow a few thousand moves in, rather
// than after tens of thousands.
func TestSlowReaderOfBoards(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{SpectatorDelay: time.Millisecond, ProgressEvery: time.Hour, WriteTimeout: slowWriteTimeout})
	r := dialSlow(t, s, "Sloth")
	races := 4
	if testing.Short() {
		races = 32
	}
	var racers []*cycler
	for range races {
		a, b, _, _, race := s.pairProfile(t, "relaxed-1", client.Options{}, client.Options{})
		if err := r.send(wire.ClientMessage{Type: wire.TypeWatch, Race: race.Race.ID}); err != nil {
			t.Fatal(err)
		}
		r.until(t, wire.TypeWatching)
		racers = append(racers, &cycler{c: a, race: race.Race.ID}, &cycler{c: b, race: race.Race.ID})
	}
	checkSlowReader(t, s, r, func() {
		for _, p := range racers {
			p.move(t)
		}
	})
}

// TestSlowReaderOfArena: a client that follows an arena and does not
// read its announcements (standings and races, one frame each), as the
// arena's runner publishes them on the broker.
func TestSlowReaderOfArena(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	b := broker.NewMemory()
	s := newServer(t, hub.Config{Arenas: st, Broker: b, WriteTimeout: slowWriteTimeout})
	a := arena.Arena{ID: "slow", Name: "Slow", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: time.Hour, RaceSize: 2, Rated: true}
	if err := st.Create(ctxT(t), a); err != nil {
		t.Fatal(err)
	}
	r := dialSlow(t, s, "Sloth")
	if err := r.send(wire.ClientMessage{Type: wire.TypeArenaWatch, Arena: a.ID}); err != nil {
		t.Fatal(err)
	}
	var msg wire.ArenaMessage
	if err := json.Unmarshal(r.until(t, wire.TypeArena), &msg); err != nil {
		t.Fatal(err)
	}
	for i := range wire.ArenaTop {
		msg.Standings = append(msg.Standings, wire.ArenaStanding{Rank: i + 1, Player: fmt.Sprintf("p_%02d", i),
			Name: strings.Repeat("é", 20), Points: 1000 - i, Races: 40, Wins: 30, Streak: 3, Fire: true, Performance: 345})
	}
	frame, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	checkSlowReader(t, s, r, func() {
		if err := b.Publish(ctxT(t), hub.ArenaChannel(a.ID), frame); err != nil {
			t.Fatal(err)
		}
	})
}
