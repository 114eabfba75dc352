package hub_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// fakeAccounts takes tickets "ticket:PLAYER:NAME", each once; claimed
// lists the players who have accounts.
type fakeAccounts struct {
	mu      sync.Mutex
	used    map[string]bool
	claimed map[string]bool
	down    bool
}

func newFakeAccounts() *fakeAccounts {
	return &fakeAccounts{used: map[string]bool{}, claimed: map[string]bool{}}
}

func (f *fakeAccounts) Ticket(_ context.Context, t string) (string, string, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return "", "", false, errors.New("database down")
	}
	p := strings.Split(t, ":")
	if len(p) != 3 || p[0] != "ticket" || f.used[t] {
		return "", "", false, nil
	}
	f.used[t] = true
	f.claimed[p[1]] = true
	return p[1], p[2], true, nil
}

func (f *fakeAccounts) Claimed(_ context.Context, player string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.claimed[player], nil
}

func (s *testServer) dialAccount(t *testing.T, player, name string) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctxT(t), s.url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	w, err := c.HelloTicket(ctxT(t), "ticket:"+player+":"+name)
	if err != nil {
		t.Fatalf("HelloTicket(%s): %v", name, err)
	}
	return c, w
}

// accountServer is a hub with accounts whose finished races report
// whether they were rated on finished.
func accountServer(t *testing.T, cfg hub.Config) (*testServer, *fakeAccounts, chan match.Race) {
	t.Helper()
	acc := newFakeAccounts()
	finished := make(chan match.Race, 8)
	cfg.Accounts = acc
	cfg.OnFinish = func(_ context.Context, snap match.Snapshot) *scoreboard.Ratings {
		finished <- snap.Race
		return nil
	}
	return newServer(t, cfg), acc, finished
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	var e *client.Error
	if !asError(err, &e) || e.Code != code {
		t.Fatalf("got %v, want error %s", err, code)
	}
}

func TestAccountHelloWithTicket(t *testing.T) {
	t.Parallel()
	s, _, _ := accountServer(t, hub.Config{})
	_, w := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
	if !w.Account || w.Player != "a1b2c3d4e5f60718" || w.Name != "Ann" || w.Token != "" {
		t.Errorf("welcome %+v, want Ann's account and no guest token", w)
	}
}

func TestAuthTicketForgedOrReplayedRefused(t *testing.T) {
	t.Parallel()
	s, acc, _ := accountServer(t, hub.Config{})
	s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
	c, err := client.Dial(ctxT(t), s.url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	for _, bad := range []string{"ticket:a1b2c3d4e5f60718:Ann" /* replayed */, "forged", strings.Repeat("x", 600)} {
		_, err := c.HelloTicket(ctxT(t), bad)
		wantCode(t, err, wire.CodeBadTicket)
	}
	// The accounts cannot be read: unavailable, not a refusal.
	acc.mu.Lock()
	acc.down = true
	acc.mu.Unlock()
	_, err = c.HelloTicket(ctxT(t), "ticket:0000000000000001:Bob")
	wantCode(t, err, wire.CodeUnavailable)
	acc.mu.Lock()
	acc.down = false
	acc.mu.Unlock()
	// The connection stays open for a good hello.
	if w, err := c.HelloTicket(ctxT(t), "ticket:0000000000000001:Bob"); err != nil || !w.Account {
		t.Errorf("a good ticket after refusals: %+v, %v", w, err)
	}
}

// A guest who signed up plays as their account: their old guest token is
// refused.
func TestAccountGuestTokenOfAccountRefused(t *testing.T) {
	t.Parallel()
	s, acc, _ := accountServer(t, hub.Config{})
	_, w := s.dial(t, "Ann", client.Options{})
	acc.mu.Lock()
	acc.claimed[w.Player] = true
	acc.mu.Unlock()
	c, err := client.Dial(ctxT(t), s.url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	_, err = c.Hello(ctxT(t), "", w.Token)
	wantCode(t, err, wire.CodeAccountPlayer)
}

func TestAccountTicketWithoutAccounts(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	c, err := client.Dial(ctxT(t), s.url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Drop() })
	_, err = c.HelloTicket(ctxT(t), "ticket:a1b2c3d4e5f60718:Ann")
	wantCode(t, err, wire.CodeAccountsUnavailable)
}

// queuePair queues a (in the casual queue when casual) and then b, and
// returns their race.
func queuePair(t *testing.T, a, b *client.Client, casual bool) wire.RaceMessage {
	t.Helper()
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: casual}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	ra, rb := bothRace(t, a, b)
	if ra.Race.ID != rb.Race.ID {
		t.Fatalf("paired into different races %s and %s", ra.Race.ID, rb.Race.ID)
	}
	return ra
}

// Only a race whose racers all are accounts is rated: the race message
// says so before the start, and the race ends rated or not.
func TestAccountRatedOnlyBetweenAccounts(t *testing.T) {
	t.Parallel()
	s, _, finished := accountServer(t, hub.Config{})
	for _, tc := range []struct {
		name  string
		guest bool
		rated bool
	}{{"two accounts", false, true}, {"an account and a guest", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := s.dialAccount(t, "a1b2c3d4e5f6071"+map[bool]string{true: "8", false: "9"}[tc.guest], "Ann")
			var b *client.Client
			if tc.guest {
				b, _ = s.dial(t, "Bob", client.Options{})
			} else {
				b, _ = s.dialAccount(t, "0000000000000002", "Bob")
			}
			// An account meets a guest in the casual queue only.
			race := queuePair(t, a, b, tc.guest)
			if race.Race.Rated != tc.rated {
				t.Errorf("race message rated %v, want %v", race.Race.Rated, tc.rated)
			}
			for _, r := range race.Race.Racers {
				if want := !(tc.guest && r.Name == "Bob"); r.Account != want {
					t.Errorf("racer %s account %v, want %v", r.Name, r.Account, want)
				}
			}
			play(t, a, race.Race.ID, winningLine(t))
			select {
			case r := <-finished:
				if r.Unrated == tc.rated {
					t.Errorf("finished race unrated %v, want %v", r.Unrated, !tc.rated)
				}
			case <-time.After(waitFor):
				t.Fatal("the race did not finish")
			}
		})
	}
}

// A room of accounts races rated; a guest in the room makes it casual.
func TestAccountRoomWithGuestCasual(t *testing.T) {
	t.Parallel()
	s, _, _ := accountServer(t, hub.Config{})
	a, _ := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
	b, _ := s.dial(t, "Bob", client.Options{})
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomCreate}); err != nil {
		t.Fatal(err)
	}
	var room wire.RoomMessage
	m, err := a.WaitType(ctxT(t), wire.TypeRoom)
	if err != nil || m.Decode(&room) != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: room.Room.Code}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitType(ctxT(t), wire.TypeRoom); err != nil {
		t.Fatal(err)
	}
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart}); err != nil {
		t.Fatal(err)
	}
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Rated {
		t.Error("a room race with a guest is rated")
	}
}

// Rated arenas are for accounts: a guest's join or rated arena gets
// account_required; an account joins.
func TestAccountRequiredForRatedArena(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	s, _, _ := accountServer(t, hub.Config{Arenas: st})
	ctx := ctxT(t)
	a := arena.Arena{ID: "t1", Name: "Test", Profile: "bvs", Start: time.Now().Add(time.Hour), Duration: time.Hour, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	g, _ := s.dial(t, "Gus", client.Options{})
	if err := g.Send(ctx, wire.ClientMessage{Type: wire.TypeArenaJoin, Arena: "t1"}); err != nil {
		t.Fatal(err)
	}
	m, err := g.WaitType(ctx, wire.TypeError)
	if err != nil || !strings.Contains(string(m.Raw), `"code":"account_required"`) {
		t.Errorf("a guest joining a rated arena: got %s %v, want account_required", m.Raw, err)
	}
	if err := g.Send(ctx, wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs", TimeLimitMS: 30 * 60000}); err != nil {
		t.Fatal(err)
	}
	m, err = g.WaitType(ctx, wire.TypeError)
	if err != nil || !strings.Contains(string(m.Raw), `"code":"account_required"`) {
		t.Errorf("a guest creating a rated arena: got %s %v, want account_required", m.Raw, err)
	}
	acct, _ := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
	if err := acct.Send(ctx, wire.ClientMessage{Type: wire.TypeArenaJoin, Arena: "t1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := acct.WaitType(ctx, wire.TypeArena); err != nil {
		t.Errorf("an account joining a rated arena: %v", err)
	}
}

// Accounts wait in the rated queue, guests in the casual one: an
// account is paired with an account (rated), a guest with a guest, and an
// account who asks for the casual queue with a guest.
func TestAccountRatedQueueApartFromGuests(t *testing.T) {
	t.Parallel()
	s, _, _ := accountServer(t, hub.Config{})
	ctx := ctxT(t)
	ann, _ := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
	gus, _ := s.dial(t, "Gus", client.Options{})
	for _, c := range []*client.Client{ann, gus} {
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
			t.Fatal(err)
		}
		m, err := c.WaitType(ctx, wire.TypeQueued)
		if err != nil || !strings.Contains(string(m.Raw), `"profile":"bvs"`) {
			t.Fatalf("queued: %s %v", m.Raw, err)
		}
	}
	bob, _ := s.dialAccount(t, "0000000000000002", "Bob")
	if err := bob.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	r, err := bob.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Race.Rated || len(r.Race.Racers) != 2 || r.Race.Racers[0].Name != "Ann" {
		t.Errorf("Bob's race %+v, want a rated race with Ann", r.Race)
	}
	cat, _ := s.dialAccount(t, "0000000000000003", "Cat")
	if err := cat.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	r, err = cat.WaitRace(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Rated || len(r.Race.Racers) != 2 || r.Race.Racers[0].Name != "Gus" {
		t.Errorf("Cat's casual race %+v, want a casual race with Gus", r.Race)
	}
}
