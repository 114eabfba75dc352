package hub_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// markAccounts is the accounts as cmd/racer gives them to the hub: the
// real accounts, and the archive's marks behind their cache.
type markAccounts struct {
	linkAccounts
	marks *archive.Marks
}

func (a markAccounts) Marked(ctx context.Context, player string) (bool, error) {
	return a.marks.Marked(ctx, player)
}

var _ hub.MarkedAccounts = markAccounts{}

// fairPlayCluster is nodes sharing one store, broker, lobby, arenas,
// archive and accounts; each node keeps its own cache of the marks,
// on a clock the test moves.
type fairPlayCluster struct {
	arch   *archive.SQL
	svc    *account.Service
	broker *broker.Memory
	arenas arena.Store
	nodes  []*farmServer
	marks  []*archive.Marks

	clockMu sync.Mutex
	now     time.Time
}

func newFairPlayCluster(t *testing.T, n int) *fairPlayCluster {
	t.Helper()
	arch, err := archive.Open(t.Context(), archivetest.SQLiteFile(t), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = arch.Close() })
	store, err := account.OpenStore(t.Context(), arch.DB(), arch.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := account.New(account.Config{Store: store, Secret: []byte("fair-play secret"), Argon2: account.Argon2{Memory: 64, Time: 1},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	races, b, l := hub.MemoryBackends()
	c := &fairPlayCluster{arch: arch, svc: svc, broker: b, arenas: arena.NewMemory(arena.MemoryConfig{}), now: time.Now()}
	for range n {
		marks, err := archive.NewMarks(archive.MarksConfig{Source: arch.IsAnnulled, Now: c.clock})
		if err != nil {
			t.Fatal(err)
		}
		cfg := hub.Config{Store: races, Broker: b, Presence: b, Lobby: l, Secret: []byte("fair-play nodes"), Arenas: c.arenas,
			Accounts:  markAccounts{linkAccounts{svc}, marks},
			ArenaTick: 20 * time.Millisecond, ArenaPause: time.Millisecond, ArenaPair: arena.PairConfig{RepeatAfter: time.Millisecond}}
		c.nodes = append(c.nodes, &farmServer{testServer: newServer(t, cfg), svc: svc})
		c.marks = append(c.marks, marks)
	}
	return c
}

func (c *fairPlayCluster) clock() time.Time {
	c.clockMu.Lock()
	defer c.clockMu.Unlock()
	return c.now
}

// later moves the nodes' clock past what their caches keep of a player
// not marked.
func (c *fairPlayCluster) later() {
	c.clockMu.Lock()
	defer c.clockMu.Unlock()
	c.now = c.now.Add(2 * time.Second)
}

// annul marks p through node i as the moderators' API does (cmd/racer
// wires it so): the archive's Annul, the node's cache told, the player's
// connections told.
func (c *fairPlayCluster) annul(t *testing.T, i int, p player) {
	t.Helper()
	if _, err := c.arch.Annul(t.Context(), archive.Annulment{Player: p.id, Moderator: "00000000000000ff", Note: "engine", At: time.Now()},
		rating.Config{}, leaderboard.NewMemoryStore()); err != nil {
		t.Fatal(err)
	}
	c.marks[i].Forget(p.id)
	if err := hub.AnnounceMarked(t.Context(), c.broker, p.id); err != nil {
		t.Fatal(err)
	}
}

// hello connects p to node i with a fresh ticket and returns its welcome.
func (c *fairPlayCluster) hello(t *testing.T, i int, p player) (*client.Client, wire.Welcome) {
	t.Helper()
	tk, err := c.svc.Ticket(t.Context(), p.token)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := client.Dial(ctxT(t), c.nodes[i].url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Drop() })
	w, err := cl.HelloTicket(ctxT(t), tk)
	if err != nil || !w.Account {
		t.Fatalf("hello of %s: %+v, %v", p.name, w, err)
	}
	return cl, w
}

// wantErrorCode waits for c's next error and checks its code.
func wantErrorCode(t *testing.T, c *client.Client, code string) {
	t.Helper()
	e, err := c.WaitError(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if e.Code != code {
		t.Fatalf("got error %s (%s), want %s", e.Code, e.Message, code)
	}
}

// arenaJoin sends arena_join of id.
func arenaJoin(t *testing.T, c *client.Client, id string) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeArenaJoin, Arena: id}); err != nil {
		t.Fatal(err)
	}
}

// TestFairPlayAnnulledAccountPlaysCasual: an account a moderator marked
// says hello to a welcome with casual_only; asking for a rated quick
// race it waits in the casual queue, so the accounts in the rated queue
// never meet it and its race is unrated; a room's race with it is
// unrated; rated arenas refuse it (casual_only) and unrated ones take
// it. Accounts not marked are unaffected: welcome without casual_only,
// rated races, rated arenas.
func TestFairPlayAnnulledAccountPlaysCasual(t *testing.T) {
	t.Parallel()
	c := newFairPlayCluster(t, 1)
	s := c.nodes[0]
	annP, bobP := s.signUp(t, "Ann", "203.0.113.1", ""), s.signUp(t, "Bob", "198.51.100.2", "")
	catP, danP := s.signUp(t, "Cat", "198.51.100.3", ""), s.signUp(t, "Dan", "198.51.100.4", "")
	c.annul(t, 0, catP)
	cat, wc := c.hello(t, 0, catP)
	ann, wa := c.hello(t, 0, annP)
	bob, _ := c.hello(t, 0, bobP)
	dan, _ := c.hello(t, 0, danP)
	if !wc.CasualOnly || wa.CasualOnly {
		t.Fatalf("welcome casual_only: Cat's %v, Ann's %v; want true, false", wc.CasualOnly, wa.CasualOnly)
	}

	queue(t, cat)
	wantType(t, cat, wire.TypeQueued)
	queue(t, ann)
	wantType(t, ann, wire.TypeQueued) // not paired with Cat
	queue(t, dan)
	wantRace(t, dan, true, "Ann", "Dan")
	wantRace(t, ann, true, "Ann", "Dan")
	if err := bob.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	wantRace(t, bob, false, "Cat", "Bob")
	wantRace(t, cat, false, "Cat", "Bob")

	if r := roomRace(t, c.hello2(t, 0, catP), c.hello2(t, 0, annP)); r.Race.Rated {
		t.Error("a room's race with a marked account is rated")
	}
	if r := roomRace(t, c.hello2(t, 0, bobP), c.hello2(t, 0, danP)); !r.Race.Rated {
		t.Error("a room's race of accounts not marked is unrated")
	}

	ctx := t.Context()
	start := time.Now().Add(-time.Second)
	for _, a := range []arena.Arena{
		{ID: "rated-one", Name: "Rated", Profile: "bvs", Start: start, Duration: time.Hour, RaceSize: 2, Rated: true},
		{ID: "casual-one", Name: "Casual", Profile: "bvs", Start: start, Duration: time.Hour, RaceSize: 2},
	} {
		if err := c.arenas.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	cat2 := c.hello2(t, 0, catP)
	arenaJoin(t, cat2, "rated-one")
	wantErrorCode(t, cat2, wire.CodeCasualOnly)
	if err := cat2.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs",
		TimeLimitMS: time.Hour.Milliseconds(), StartInMS: time.Minute.Milliseconds()}); err != nil {
		t.Fatal(err)
	}
	wantErrorCode(t, cat2, wire.CodeCasualOnly)
	arenaJoin(t, cat2, "casual-one")
	if _, err := cat2.WaitType(ctxT(t), wire.TypeArena); err != nil {
		t.Fatal(err)
	}
	ann2 := c.hello2(t, 0, annP)
	arenaJoin(t, ann2, "rated-one")
	if _, err := ann2.WaitType(ctxT(t), wire.TypeArena); err != nil {
		t.Fatal(err)
	}
	for _, x := range []string{"rated-one", "casual-one"} {
		ps, err := c.arenas.Players(ctx, x)
		if err != nil {
			t.Fatal(err)
		}
		in := slices.ContainsFunc(ps, func(p arena.Player) bool { return p.ID == catP.id })
		if in != (x == "casual-one") {
			t.Errorf("Cat among the entrants of %s: %v", x, in)
		}
	}
}

// hello2 is hello without the welcome.
func (c *fairPlayCluster) hello2(t *testing.T, i int, p player) *client.Client {
	t.Helper()
	cl, _ := c.hello(t, i, p)
	return cl
}

// TestFairPlayAnnulReachesConnectedSessions: Cat is connected to node 1
// when a moderator marks her through node 0. Her connection is told at
// once (casual_only); node 0 knows at once and node 1 once its cache of
// her unmarked answer ages (2 s): then her room's race on node 1 is
// unrated, and her rated queue is the casual one, whichever node pairs
// her.
func TestFairPlayAnnulReachesConnectedSessions(t *testing.T) {
	t.Parallel()
	c := newFairPlayCluster(t, 2)
	s := c.nodes[0]
	annP, bobP, catP := s.signUp(t, "Ann", "203.0.113.1", ""), s.signUp(t, "Bob", "198.51.100.2", ""), s.signUp(t, "Cat", "198.51.100.3", "")
	cat, _ := c.hello(t, 1, catP)
	if r := roomRace(t, cat, c.hello2(t, 1, annP)); !r.Race.Rated {
		t.Fatal("Cat's room race before the mark is unrated")
	}
	c.annul(t, 0, catP)
	if _, err := cat.WaitType(ctxT(t), wire.TypeCasualOnly); err != nil {
		t.Fatal(err)
	}
	c.later()
	if r := roomRace(t, c.hello2(t, 1, catP), c.hello2(t, 1, annP)); r.Race.Rated {
		t.Error("Cat's room race on another node after the mark is rated")
	}
	// Cat waits on node 1, in the casual queue; Bob, on node 0, asks
	// for the casual queue and is paired with her there.
	cat2 := c.hello2(t, 1, catP)
	queue(t, cat2)
	if _, err := cat2.WaitType(ctxT(t), wire.TypeQueued); err != nil { // after her live races
		t.Fatal(err)
	}
	bob := c.hello2(t, 0, bobP)
	if err := bob.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: true}); err != nil {
		t.Fatal(err)
	}
	wantRace(t, bob, false, "Cat", "Bob")
}

// TestFairPlayAnnulWithdrawsFromRatedArenas: Cat joined a rated arena
// before a moderator marked her; from then on she is never paired there:
// the arena withdraws her (her points stay) and pairs Ann and Bob.
func TestFairPlayAnnulWithdrawsFromRatedArenas(t *testing.T) {
	t.Parallel()
	c := newFairPlayCluster(t, 1)
	s := c.nodes[0]
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	a := arena.Arena{ID: "rated-one", Name: "Rated", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: time.Hour, RaceSize: 2, Rated: true}
	if err := c.arenas.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	annP, bobP, catP := s.signUp(t, "Ann", "203.0.113.1", ""), s.signUp(t, "Bob", "198.51.100.2", ""), s.signUp(t, "Cat", "198.51.100.3", "")
	cat := c.hello2(t, 0, catP)
	arenaJoin(t, cat, a.ID)
	if _, err := cat.WaitType(ctxT(t), wire.TypeArena); err != nil {
		t.Fatal(err)
	}
	c.annul(t, 0, catP)
	ann, bob := c.hello2(t, 0, annP), c.hello2(t, 0, bobP)
	for _, x := range []*client.Client{ann, bob} {
		arenaJoin(t, x, a.ID)
	}
	// Had Cat been paired, Ann or Bob would wait alone: Ann could wait
	// in vain.
	r := wantRaceOf(t, ann)
	if len(r.Race.Racers) != 2 || r.Race.Racers[0].Name == "Cat" || r.Race.Racers[1].Name == "Cat" || !r.Race.Rated {
		t.Fatalf("Ann's arena race: %+v rated %v, want Ann and Bob, rated", r.Race.Racers, r.Race.Rated)
	}
	ps, err := c.arenas.Players(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.ID == catP.id && (!p.Withdrawn || p.Race != "") {
			t.Fatalf("Cat in the rated arena after the mark: %+v, want withdrawn, in no race", p)
		}
	}
}

// flakyMarks answers every mark with an error.
type flakyMarks struct{ linkAccounts }

func (flakyMarks) Marked(context.Context, string) (bool, error) {
	return false, errors.New("archive down")
}

// TestFairPlayUnreadableMarks: while the marks cannot be read, a race of
// accounts is unrated (it can be raced again; a cheater's rating would
// stay) and a rated arena answers unavailable, not casual_only.
func TestFairPlayUnreadableMarks(t *testing.T) {
	t.Parallel()
	f := newFarmServer(t, nil)
	st := arena.NewMemory(arena.MemoryConfig{})
	s := &farmServer{testServer: newServer(t, hub.Config{Accounts: flakyMarks{linkAccounts{f.svc}}, Arenas: st}), svc: f.svc}
	annP, bobP := s.signUp(t, "Ann", "203.0.113.1", ""), s.signUp(t, "Bob", "198.51.100.2", "")
	ann, bob := s.dial(t, annP), s.dial(t, bobP)
	if r := roomRace(t, ann, bob); r.Race.Rated {
		t.Error("a race whose marks cannot be read is rated")
	}
	if err := st.Create(t.Context(), arena.Arena{ID: "rated-one", Name: "Rated", Profile: "bvs", Start: time.Now().Add(-time.Second),
		Duration: time.Hour, RaceSize: 2, Rated: true}); err != nil {
		t.Fatal(err)
	}
	a2 := s.dial(t, annP)
	arenaJoin(t, a2, "rated-one")
	wantErrorCode(t, a2, wire.CodeUnavailable)
}
