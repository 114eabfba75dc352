package hub_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/lobby/lobbytest"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/arena"
)

// linkAccounts is the real accounts (package account, on SQLite) as the
// hub asks them, as cmd/racer wires them.
type linkAccounts struct{ s *account.Service }

func (a linkAccounts) Ticket(ctx context.Context, ticket string) (string, string, bool, error) {
	p, n, err := a.s.VerifyTicket(ctx, ticket)
	if errors.Is(err, account.ErrBadTicket) {
		return "", "", false, nil
	}
	return p, n, err == nil, err
}

func (a linkAccounts) Claimed(ctx context.Context, player string) (bool, error) {
	return a.s.Claimed(ctx, player)
}

func (a linkAccounts) Linked(ctx context.Context, player string) ([]string, error) {
	return a.s.Linked(ctx, player)
}

var _ hub.LinkedAccounts = linkAccounts{}

// farmServer is a hub with real accounts; frames records every frame its
// test clients receive.
type farmServer struct {
	*testServer
	svc      *account.Service
	framesMu sync.Mutex
	frames   []string
}

func newFarmServer(t *testing.T, l lobby.Lobby) *farmServer {
	t.Helper()
	return newFarmServerConfig(t, hub.Config{Lobby: l})
}

// newFarmServerConfig is newFarmServer with the hub's cfg (its Accounts
// set here).
func newFarmServerConfig(t *testing.T, cfg hub.Config) *farmServer {
	t.Helper()
	arch, err := archive.OpenSQLite(t.Context(), archivetest.SQLiteFile(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = arch.Close() })
	store, err := account.OpenStore(t.Context(), arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := account.New(account.Config{Store: store, Secret: []byte("farm secret"), Argon2: account.Argon2{Memory: 64, Time: 1},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Accounts = linkAccounts{svc}
	return &farmServer{testServer: newServer(t, cfg), svc: svc}
}

// player is one account: its session token, to get tickets with.
type player struct {
	id, name, token string
}

// signUp makes an account seen at ip with the device cookie dev (""
// for none).
func (s *farmServer) signUp(t *testing.T, name, ip, dev string) player {
	t.Helper()
	a, ns, err := s.svc.SignUpPassword(t.Context(), account.SignUp{Username: name, Password: "correct horse", IP: ip})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.svc.Seen(t.Context(), a.Player, account.Seen{IP: ip, Device: dev}); err != nil {
		t.Fatal(err)
	}
	return player{id: a.Player, name: name, token: ns.Token}
}

// dial connects p with a fresh ticket, recording its frames.
func (s *farmServer) dial(t *testing.T, p player) *client.Client {
	t.Helper()
	tk, err := s.svc.Ticket(t.Context(), p.token)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.Dial(ctxT(t), s.url, client.Options{Record: func(f []byte) {
		s.framesMu.Lock()
		s.frames = append(s.frames, string(f))
		s.framesMu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	if w, err := c.HelloTicket(ctxT(t), tk); err != nil || !w.Account {
		t.Fatalf("hello of %s: %+v, %v", p.name, w, err)
	}
	return c
}

// noLinkReason fails if any frame received speaks of links or evidence.
func (s *farmServer) noLinkReason(t *testing.T) {
	t.Helper()
	s.framesMu.Lock()
	defer s.framesMu.Unlock()
	if len(s.frames) == 0 {
		t.Fatal("no frames recorded")
	}
	for _, f := range s.frames {
		l := strings.ToLower(f)
		for _, w := range []string{"link", "evidence", "device", "addr", "same ip", "shared", "farm"} {
			if strings.Contains(l, w) {
				t.Fatalf("a frame speaks of %q: %s", w, f)
			}
		}
	}
}

func queue(t *testing.T, c *client.Client) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
}

// nextOf returns c's next message of a queue or race type.
func nextOf(t *testing.T, c *client.Client) client.Message {
	t.Helper()
	m, err := c.Wait(ctxT(t), func(m client.Message) bool {
		return m.Type == wire.TypeQueued || m.Type == wire.TypeRace || m.Type == wire.TypeUnqueued || m.Type == wire.TypeError
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func wantRace(t *testing.T, c *client.Client, rated bool, names ...string) string {
	t.Helper()
	m := nextOf(t, c)
	var r wire.RaceMessage
	if m.Type != wire.TypeRace || m.Decode(&r) != nil {
		t.Fatalf("got %s %s, want a race", m.Type, m.Raw)
	}
	var got []string
	for _, p := range r.Race.Racers {
		got = append(got, p.Name)
	}
	if strings.Join(got, ",") != strings.Join(names, ",") || r.Race.Rated != rated {
		t.Fatalf("race of %v rated %v, want %v rated %v", got, r.Race.Rated, names, rated)
	}
	return r.Race.ID
}

func wantType(t *testing.T, c *client.Client, typ string) {
	t.Helper()
	if m := nextOf(t, c); m.Type != typ {
		t.Fatalf("got %s %s, want %s", m.Type, m.Raw, typ)
	}
}

func lobbies() map[string]func(t *testing.T) lobby.Lobby {
	return map[string]func(t *testing.T) lobby.Lobby{
		"memory": func(t *testing.T) lobby.Lobby { return lobby.NewMemory() },
		"redis":  func(t *testing.T) lobby.Lobby { return lobbytest.NewRedis(t, lobby.RedisConfig{}) },
	}
}

// Two accounts linked by an address queue with a third: neither meets
// the other; each meets someone else, rated.
func TestFarmLinkedNeverPairedInRatedQueue(t *testing.T) {
	t.Parallel()
	for name, newLobby := range lobbies() {
		t.Run(name, func(t *testing.T) {
			s := newFarmServer(t, newLobby(t))
			ann := s.dial(t, s.signUp(t, "Ann", "203.0.113.1", ""))
			bob := s.dial(t, s.signUp(t, "Bob", "203.0.113.1", ""))
			cat := s.dial(t, s.signUp(t, "Cat", "198.51.100.3", ""))
			dan := s.dial(t, s.signUp(t, "Dan", "198.51.100.4", ""))
			queue(t, ann)
			wantType(t, ann, wire.TypeQueued)
			queue(t, bob)
			wantType(t, bob, wire.TypeQueued)
			queue(t, cat)
			wantRace(t, cat, true, "Ann", "Cat")
			wantRace(t, ann, true, "Ann", "Cat")
			queue(t, dan)
			wantRace(t, dan, true, "Bob", "Dan")
			wantRace(t, bob, true, "Bob", "Dan")
			s.noLinkReason(t)
		})
	}
}

// Two linked accounts alone in the rated queue are not paired: both
// wait (for someone else, or the bot a server may offer).
func TestFarmOnlyLinkedPairWaits(t *testing.T) {
	t.Parallel()
	s := newFarmServer(t, nil)
	ann := s.dial(t, s.signUp(t, "Ann", "2001:db8:1:2::1", ""))
	bob := s.dial(t, s.signUp(t, "Bob", "2001:db8:1:2::99", ""))
	queue(t, ann)
	wantType(t, ann, wire.TypeQueued)
	queue(t, bob)
	wantType(t, bob, wire.TypeQueued)
	// Both were still waiting: each leaves the queue.
	for _, c := range []*client.Client{ann, bob} {
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeUnqueue}); err != nil {
			t.Fatal(err)
		}
		wantType(t, c, wire.TypeUnqueued)
	}
	// In the casual queue they may meet: nothing is rated there.
	if err := ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	wantType(t, ann, wire.TypeQueued)
	if err := bob.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	wantRace(t, bob, false, "Ann", "Bob")
	s.noLinkReason(t)
}

// roomRace has host create a room, the others join, and host start it;
// it returns the room's race as host sees it (a connection of a player
// already racing may be told of that race first: it is passed over).
func roomRace(t *testing.T, host *client.Client, others ...*client.Client) wire.RaceMessage {
	t.Helper()
	if err := host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomCreate}); err != nil {
		t.Fatal(err)
	}
	var room wire.RoomMessage
	m, err := host.WaitType(ctxT(t), wire.TypeRoom)
	if err != nil || m.Decode(&room) != nil {
		t.Fatal(err)
	}
	for _, c := range others {
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: room.Room.Code}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.WaitType(ctxT(t), wire.TypeRoom); err != nil {
			t.Fatal(err)
		}
	}
	if err := host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart}); err != nil {
		t.Fatal(err)
	}
	for {
		r, err := host.WaitRace(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Race.Racers) == 1+len(others) && r.Phase != "finished" && r.Race.ID != "" && isNew(r.Race.ID) {
			return r
		}
	}
}

var seenRaces sync.Map

// isNew reports whether race was not returned by roomRace before.
func isNew(race string) bool {
	_, seen := seenRaces.LoadOrStore(race, true)
	return !seen
}

// A room's race is unrated when two of its accounts are linked (here by
// a device cookie, or by a sign-up from the other's session), rated
// otherwise.
func TestFarmLinkedRoomRaceUnrated(t *testing.T) {
	t.Parallel()
	s := newFarmServer(t, nil)
	annP := s.signUp(t, "Ann", "203.0.113.1", "device-of-ann-0123456789")
	bobP := s.signUp(t, "Bob", "198.51.100.2", "device-of-ann-0123456789")
	catP := s.signUp(t, "Cat", "198.51.100.3", "device-of-cat-0123456789")
	eveP := s.signUp(t, "Eve", "198.51.100.5", "")
	if err := s.svc.LinkSignUp(t.Context(), catP.id, eveP.id); err != nil {
		t.Fatal(err)
	}
	ann, bob, cat, eve := s.dial(t, annP), s.dial(t, bobP), s.dial(t, catP), s.dial(t, eveP)
	if r := roomRace(t, ann, cat); !r.Race.Rated {
		t.Error("a room of unlinked accounts races unrated")
	}
	if r := roomRace(t, s.dial(t, annP), bob); r.Race.Rated {
		t.Error("a room of accounts linked by a device races rated")
	}
	if r := roomRace(t, s.dial(t, catP), eve, s.dial(t, annP)); r.Race.Rated {
		t.Error("a room with accounts linked by a sign-up races rated")
	}
	s.noLinkReason(t)
}

// A rated arena never pairs two linked accounts: each races someone
// else, rated.
func TestFarmLinkedArenaKeptApart(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	s := newFarmServerConfig(t, hub.Config{Arenas: st, ArenaTick: 20 * time.Millisecond, ArenaPause: time.Millisecond,
		ArenaPair: arena.PairConfig{RepeatAfter: time.Millisecond}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	a := arena.Arena{ID: "arena-one", Name: "One", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: time.Hour, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	join := func(c *client.Client) {
		t.Helper()
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeArenaJoin, Arena: a.ID}); err != nil {
			t.Fatal(err)
		}
		if _, err := c.WaitType(ctxT(t), wire.TypeArena); err != nil {
			t.Fatal(err)
		}
	}
	// Ann and Bob wait first; had they been paired, Ann's first race
	// would be Bob's (the longest waiters go first).
	ann := s.dial(t, s.signUp(t, "Ann", "203.0.113.1", ""))
	bob := s.dial(t, s.signUp(t, "Bob", "203.0.113.1", ""))
	join(ann)
	join(bob)
	cat := s.dial(t, s.signUp(t, "Cat", "198.51.100.3", ""))
	dan := s.dial(t, s.signUp(t, "Dan", "198.51.100.4", ""))
	join(cat)
	join(dan)
	for _, c := range []*client.Client{ann, bob} {
		r := wantRaceOf(t, c)
		var names []string
		for _, p := range r.Race.Racers {
			names = append(names, p.Name)
		}
		if slices.Contains(names, "Ann") && slices.Contains(names, "Bob") || !r.Race.Rated {
			t.Fatalf("arena race of %v rated %v, want Ann and Bob apart, rated", names, r.Race.Rated)
		}
	}
	s.noLinkReason(t)
}

// wantRaceOf returns c's next race message.
func wantRaceOf(t *testing.T, c *client.Client) wire.RaceMessage {
	t.Helper()
	m := nextOf(t, c)
	var r wire.RaceMessage
	if m.Type != wire.TypeRace || m.Decode(&r) != nil {
		t.Fatalf("got %s %s, want a race", m.Type, m.Raw)
	}
	return r
}
