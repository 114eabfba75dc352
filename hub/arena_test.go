package hub_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/arena"
)

// arenaServer starts a hub running arenas in memory, ticking fast, with
// an arena that started a second ago and lasts d.
func arenaServer(t *testing.T, d time.Duration) (*testServer, *arena.Memory, arena.Arena) {
	t.Helper()
	st := arena.NewMemory(arena.MemoryConfig{})
	s := newServer(t, hub.Config{Arenas: st, ArenaTick: 20 * time.Millisecond, ArenaPause: time.Millisecond,
		ArenaPair: arena.PairConfig{RepeatAfter: time.Millisecond}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	a := arena.Arena{ID: "t1", Name: "Test", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: d, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	return s, st, a
}

// untilArena reads c's messages until an arena message satisfies ok,
// and returns it with the races that started meanwhile.
func untilArena(t *testing.T, c *client.Client, ok func(wire.ArenaMessage) bool) (wire.ArenaMessage, []string) {
	t.Helper()
	var races []string
	for {
		m, err := c.Next(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		switch m.Type {
		case wire.TypeRace:
			var r wire.RaceMessage
			if err := m.Decode(&r); err != nil {
				t.Fatal(err)
			}
			races = append(races, r.Race.ID)
		case wire.TypeArena:
			var a wire.ArenaMessage
			if err := json.Unmarshal(m.Raw, &a); err != nil {
				t.Fatal(err)
			}
			if ok(a) {
				return a, races
			}
		case wire.TypeError:
			t.Fatalf("error: %s", m.Raw)
		}
	}
}

func line(st []wire.ArenaStanding, player string) wire.ArenaStanding {
	for _, s := range st {
		if s.Player == player {
			return s
		}
	}
	return wire.ArenaStanding{}
}

// nextRace waits for c's next race message.
func nextRace(t *testing.T, c *client.Client) string {
	t.Helper()
	r, err := c.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	return r.Race.ID
}

// TestArenaRacesAndStreak joins two players to an arena: they are paired
// again after every race, the standings follow each result, and the
// winner's third win in a row counts double.
func TestArenaRacesAndStreak(t *testing.T) {
	t.Parallel()
	s, st, a := arenaServer(t, time.Minute)
	ann, wa := s.dial(t, "Ann", client.Options{})
	bob, wb := s.dial(t, "Bob", client.Options{})
	for _, c := range []*client.Client{ann, bob} {
		if err := c.Arena(ctxT(t), wire.TypeArenaJoin, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	win := winningLine(t)
	wantAnn := []int{2, 4, 8}
	wantBob := []int{1, 1, 2}
	pending := map[*client.Client][]string{}
	next := func(c *client.Client) string {
		if p := pending[c]; len(p) > 0 {
			pending[c] = p[1:]
			return p[0]
		}
		return nextRace(t, c)
	}
	for round := range 3 {
		race := next(ann)
		if got := next(bob); got != race {
			t.Fatalf("round %d: Ann in %s, Bob in %s", round, race, got)
		}
		if round == 1 {
			if err := bob.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeResign, Race: race, Seq: 1}); err != nil {
				t.Fatal(err)
			}
		}
		play(t, ann, race, win)
		if _, err := ann.WaitEnd(ctxT(t), race); err != nil {
			t.Fatal(err)
		}
		if _, err := bob.WaitEnd(ctxT(t), race); err != nil {
			t.Fatal(err)
		}
		m, started := untilArena(t, bob, func(m wire.ArenaMessage) bool { return line(m.Standings, wa.Player).Races == round+1 })
		pending[bob] = append(pending[bob], started...)
		an, bo := line(m.Standings, wa.Player), line(m.Standings, wb.Player)
		if an.Points != wantAnn[round] || bo.Points != wantBob[round] || an.Rank != 1 {
			t.Fatalf("round %d: Ann %+v, Bob %+v; want %d and %d points", round, an, bo, wantAnn[round], wantBob[round])
		}
		if wantFire := round >= 1; an.Fire != wantFire {
			t.Errorf("round %d: Ann on fire %v, want %v", round, an.Fire, wantFire)
		}
	}
	// The store's standings are what its recorded results give.
	players, _ := st.Players(ctxT(t), a.ID)
	results, _ := st.Results(ctxT(t), a.ID)
	var es []arena.Entrant
	for _, p := range players {
		es = append(es, p.Entrant)
	}
	want := arena.Recompute(es, results)
	got := arena.Standings(players)
	for i := range want {
		if got[i].Player != want[i].Player || got[i].Score != want[i].Score {
			t.Errorf("line %d: got %+v, recomputed %+v", i, got[i], want[i])
		}
	}
}

// TestArenaEnd: no race is paired after the end, and a race running at
// the end finishes and counts.
func TestArenaEnd(t *testing.T) {
	s, st, a := arenaServer(t, 1500*time.Millisecond)
	ann, wa := s.dial(t, "Ann", client.Options{})
	bob, _ := s.dial(t, "Bob", client.Options{})
	for _, c := range []*client.Client{ann, bob} {
		if err := c.Arena(ctxT(t), wire.TypeArenaJoin, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	race := nextRace(t, ann)
	untilArena(t, ann, func(m wire.ArenaMessage) bool { return m.Phase == arena.PhaseFinished && len(m.Races) == 1 })
	play(t, ann, race, winningLine(t))
	m, races := untilArena(t, ann, func(m wire.ArenaMessage) bool { return line(m.Standings, wa.Player).Points == 2 })
	if len(m.Races) != 0 || len(races) != 0 {
		t.Fatalf("after the end: live races %+v, races started %v; want none", m.Races, races)
	}
	// Pairing refuses the free players after the end.
	if ok, _ := st.Lease(ctxT(t), a.ID, "test", time.Minute); ok {
		t.Fatal("took the lease of a node that holds it")
	}
	if err := ann.Arena(ctxT(t), wire.TypeArenaJoin, a.ID); err != nil {
		t.Fatal(err)
	}
	expectError(t, ann, wire.CodeArenaOver)
}

func TestArenaBadRequests(t *testing.T) {
	t.Parallel()
	s, _, a := arenaServer(t, time.Minute)
	c, _ := s.dial(t, "Ann", client.Options{})
	for _, tc := range []struct {
		msg  wire.ClientMessage
		code string
	}{
		{wire.ClientMessage{Type: wire.TypeArenaJoin}, wire.CodeBadRequest},
		{wire.ClientMessage{Type: wire.TypeArenaJoin, Arena: "nope"}, wire.CodeArenaNotFound},
		{wire.ClientMessage{Type: wire.TypeArenaPause, Arena: a.ID}, wire.CodeArenaNotJoined},
		{wire.ClientMessage{Type: wire.TypeArenaWithdraw, Arena: a.ID}, wire.CodeArenaNotJoined},
		{wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs", TimeLimitMS: 60_000}, wire.CodeBadRequest},
		{wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs", TimeLimitMS: 600_000, Max: 5}, wire.CodeBadRequest},
		{wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "poker", TimeLimitMS: 600_000}, wire.CodeBadRequest},
	} {
		if err := c.Send(ctxT(t), tc.msg); err != nil {
			t.Fatal(err)
		}
		expectError(t, c, tc.code)
	}
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs", TimeLimitMS: 600_000, Private: true}); err != nil {
		t.Fatal(err)
	}
	m, err := c.WaitArena(ctxT(t), nil)
	if err != nil || !m.Arena.Private || m.Arena.RaceSize != 2 || m.Arena.DurationMS != 600_000 || m.Phase != arena.PhaseRunning {
		t.Fatalf("got %+v %v, want a private arena of 10 minutes running", m, err)
	}

	none := newServer(t, hub.Config{})
	d, _ := none.dial(t, "Bob", client.Options{})
	if err := d.Arena(ctxT(t), wire.TypeArenaWatch, "x"); err != nil {
		t.Fatal(err)
	}
	expectError(t, d, wire.CodeArenaUnavailable)
}

// TestArenaBotsOnlyUnrated: a player alone in an unrated arena is raced
// by a labelled bot after ArenaBotAfter, named with the node's bot level;
// in a rated arena never.
func TestArenaBotsOnlyUnrated(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	launched := make(chan string, 8)
	s := newServer(t, hub.Config{Arenas: st, ArenaTick: 20 * time.Millisecond, ArenaBotAfter: 100 * time.Millisecond, BotLevel: "strong",
		LaunchBot: func(_ context.Context, _, profile, _ string) { launched <- profile }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.hub.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	start := time.Now().Add(-time.Second)
	rated := arena.Arena{ID: "rated", Name: "Rated", Profile: "bvs", Start: start, Duration: time.Minute, RaceSize: 2, Rated: true}
	free := arena.Arena{ID: "free", Name: "Free", Profile: "spider-1", Start: start, Duration: time.Minute, RaceSize: 2}
	for _, a := range []arena.Arena{rated, free} {
		if err := st.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	ann, _ := s.dial(t, "Ann", client.Options{})
	bob, _ := s.dial(t, "Bob", client.Options{})
	if err := bob.Arena(ctxT(t), wire.TypeArenaJoin, rated.ID); err != nil {
		t.Fatal(err)
	}
	if err := ann.Arena(ctxT(t), wire.TypeArenaJoin, free.ID); err != nil {
		t.Fatal(err)
	}
	r, err := ann.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Race.Racers) != 2 || !hub.IsBot(r.Race.Racers[1].ID) && !hub.IsBot(r.Race.Racers[0].ID) {
		t.Fatalf("racers %+v, want Ann and a bot", r.Race.Racers)
	}
	for _, p := range r.Race.Racers {
		if want := map[bool]string{true: "strong"}[hub.IsBot(p.ID)]; p.Bot != want {
			t.Errorf("racer %s named level %q, want %q", p.ID, p.Bot, want)
		}
	}
	if p := <-launched; p != "spider-1" {
		t.Fatalf("bot launched for %s, want spider-1", p)
	}
	// Bob has waited alone in the rated arena as long as Ann did: no bot.
	players, _ := st.Players(ctxT(t), rated.ID)
	if len(players) != 1 || players[0].Race != "" {
		t.Fatalf("rated arena's players %+v, want Bob alone and free", players)
	}
	if err := st.Join(ctxT(t), rated.ID, arena.Entrant{ID: "bot:0123456789ab", Name: "Bot 0123", Bot: true}); err == nil {
		t.Fatal("a bot joined a rated arena")
	}
}

// TestArenaNoRematch: an arena race has no rematch; the arena pairs.
func TestArenaNoRematch(t *testing.T) {
	t.Parallel()
	s, _, a := arenaServer(t, time.Minute)
	ann, _ := s.dial(t, "Ann", client.Options{})
	bob, _ := s.dial(t, "Bob", client.Options{})
	for _, c := range []*client.Client{ann, bob} {
		if err := c.Arena(ctxT(t), wire.TypeArenaJoin, a.ID); err != nil {
			t.Fatal(err)
		}
	}
	race := nextRace(t, ann)
	nextRace(t, bob)
	for _, c := range []*client.Client{ann, bob} {
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeResign, Race: race, Seq: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ann.WaitEnd(ctxT(t), race); err != nil {
		t.Fatal(err)
	}
	if err := ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race}); err != nil {
		t.Fatal(err)
	}
	expectError(t, ann, wire.CodeBadRequest)
}

// nextArenaYou reads c's messages until an arena_you, and returns it.
func nextArenaYou(t *testing.T, c *client.Client) wire.ArenaYou {
	t.Helper()
	return nextArenaYouAfter(t, c, wire.ArenaYou{})
}

// nextArenaYouAfter is nextArenaYou past lines equal to last: an
// announcement may repeat the line a player already has (the reply to a
// join and the join's own announcement both carry it).
func nextArenaYouAfter(t *testing.T, c *client.Client, last wire.ArenaYou) wire.ArenaYou {
	t.Helper()
	for {
		m, err := c.Next(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		switch m.Type {
		case wire.TypeArenaYou:
			var y wire.ArenaYou
			if err := json.Unmarshal(m.Raw, &y); err != nil {
				t.Fatal(err)
			}
			if y != last {
				return y
			}
		case wire.TypeError:
			t.Fatalf("error: %s", m.Raw)
		}
	}
}

// pausedField joins 59 players p01 to p59 to the arena, paused so that
// nobody pairs them, each with a point and a performance of their own
// (p59 best).
func pausedField(t *testing.T, st arena.Store, id string, now time.Time) {
	t.Helper()
	ctx := ctxT(t)
	for i := 1; i <= 59; i++ {
		p := fmt.Sprintf("p%02d", i)
		if err := st.Join(ctx, id, arena.Entrant{ID: p, Name: "Player " + p}); err != nil {
			t.Fatal(err)
		}
		if err := st.SetPaused(ctx, id, p, true); err != nil {
			t.Fatal(err)
		}
		r := arena.RaceResult{Race: "solo-" + p, FinishedAt: now, Outcomes: []arena.Outcome{{Player: p, Place: 1, Cards: i}}}
		if _, err := st.Record(ctx, id, r, 0); err != nil {
			t.Fatal(err)
		}
	}
}

// TestArenaYouNotRepeated: an announcement of the lines below the top
// that leaves a player's own line as it was sends them nothing; the next
// that moves it does. The tables are published by hand (no arena ticks
// run), so the frames' order is the publications'.
func TestArenaYouNotRepeated(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	br := broker.NewMemory()
	s := newServer(t, hub.Config{Arenas: st, Broker: br})
	ctx := ctxT(t)
	a := arena.Arena{ID: "t1", Name: "Test", Profile: "bvs", Start: time.Now().Add(-time.Second), Duration: time.Minute, RaceSize: 2, Rated: true}
	if err := st.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	zed, wz := s.dial(t, "Zed", client.Options{})
	if err := zed.Arena(ctx, wire.TypeArenaJoin, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := zed.WaitArena(ctx, nil); err != nil {
		t.Fatal(err)
	}
	key, _ := json.Marshal(wz.Player)
	for _, rank := range []int{55, 55, 55, 56} {
		table := fmt.Appendf(nil, `{"k":"ranks","arena":%q,"lines":{"p01":[51,3,3,0,0],%s:[%d,1,1,0,0]}}`, a.ID, key, rank)
		if err := br.Publish(ctx, hub.ArenaChannel(a.ID), table); err != nil {
			t.Fatal(err)
		}
	}
	if y := nextArenaYou(t, zed); y.Rank != 55 || y.Points != 1 || y.Races != 1 {
		t.Fatalf("got %+v, want Zed 55th with 1 point in 1 race", y)
	}
	if y := nextArenaYou(t, zed); y.Rank != 56 {
		t.Fatalf("got %+v after the line 55th, want the moved line (56th): an unchanged line is not sent again", y)
	}
}

// TestArenaOwnRankBelowTop puts a player 60th of 60: the arena message
// carries the top 50 only, so the player gets their own line at once
// (arena_you), and again live when a result moves it; a spectator gets
// none.
func TestArenaOwnRankBelowTop(t *testing.T) {
	t.Parallel()
	s, st, a := arenaServer(t, time.Minute)
	ctx := ctxT(t)
	now := time.Now()
	pausedField(t, st, a.ID, now)
	zed, wz := s.dial(t, "Zed", client.Options{})
	sue, _ := s.dial(t, "Sue", client.Options{})
	if err := sue.Arena(ctx, wire.TypeArenaWatch, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := zed.Arena(ctx, wire.TypeArenaJoin, a.ID); err != nil {
		t.Fatal(err)
	}
	m, err := zed.WaitArena(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Standings) != wire.ArenaTop || line(m.Standings, wz.Player).Player != "" {
		t.Fatalf("got %d standings with Zed's line %+v, want the top %d without Zed", len(m.Standings),
			line(m.Standings, wz.Player), wire.ArenaTop)
	}
	first := nextArenaYou(t, zed)
	if y := first; y.Arena != a.ID || y.Rank != 60 || y.Points != 0 || y.Races != 0 {
		t.Fatalf("got %+v, want Zed 60th with no points in %s", y, a.ID)
	}
	// Zed comes second to p01 with 5 cards: 1 point and a performance of
	// 50, which p05 shares; the 55 players above rank them both 56th.
	r := arena.RaceResult{Race: "zed-1", FinishedAt: now.Add(time.Second), Outcomes: []arena.Outcome{
		{Player: "p01", Place: 1, Cards: 1}, {Player: wz.Player, Place: 2, Cards: 5}}}
	if _, err := st.Record(ctx, a.ID, r, time.Hour); err != nil {
		t.Fatal(err)
	}
	moved := nextArenaYouAfter(t, zed, first)
	if y := moved; y.Rank != 56 || y.Points != 1 || y.Races != 1 || y.Streak != 0 || y.Fire {
		t.Fatalf("got %+v, want Zed 56th with 1 point in 1 race", y)
	}
	if err := zed.Arena(ctx, wire.TypeArenaPause, a.ID); err != nil {
		t.Fatal(err)
	}
	if y := nextArenaYouAfter(t, zed, moved); y.Rank != 56 || !y.Paused || y.Withdrawn {
		t.Fatalf("after a pause: got %+v, want Zed 56th, paused", y)
	}
	// Sue, a spectator, hears the same announcements in order: until one
	// after Zed's move (p59's second point), none gave her a line.
	r = arena.RaceResult{Race: "solo-p59-2", FinishedAt: now.Add(2 * time.Second), Outcomes: []arena.Outcome{{Player: "p59", Place: 1, Cards: 59}}}
	if _, err := st.Record(ctx, a.ID, r, time.Hour); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := sue.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if m.Type == wire.TypeArenaYou {
			t.Fatalf("a spectator got %s", m.Raw)
		}
		var am wire.ArenaMessage
		if m.Type == wire.TypeArena && json.Unmarshal(m.Raw, &am) == nil && line(am.Standings, "p59").Points == 2 {
			break
		}
	}
}

// TestArenaCreateLimit bounds the open arenas players create: 3 per
// host, ArenaMaxHosted in all; arenas that ended do not count.
func TestArenaCreateLimit(t *testing.T) {
	t.Parallel()
	st := arena.NewMemory(arena.MemoryConfig{})
	s := newServer(t, hub.Config{Arenas: st, ArenaMaxHosted: 4})
	ann, wa := s.dial(t, "Ann", client.Options{})
	bob, _ := s.dial(t, "Bob", client.Options{})
	for i := range 4 {
		old := arena.Arena{ID: fmt.Sprintf("ended-%d", i), Name: "Old", Profile: "bvs", Start: time.Now().Add(-time.Hour),
			Duration: 10 * time.Minute, RaceSize: 2, Rated: true, Host: wa.Player}
		if err := st.Create(ctxT(t), old); err != nil {
			t.Fatal(err)
		}
	}
	msg := wire.ClientMessage{Type: wire.TypeArenaCreate, Name: "Mine", Profile: "bvs", TimeLimitMS: 600_000}
	created := func(c *client.Client) {
		t.Helper()
		if err := c.Send(ctxT(t), msg); err != nil {
			t.Fatal(err)
		}
		if _, err := c.WaitArena(ctxT(t), nil); err != nil {
			t.Fatal(err)
		}
	}
	refused := func(c *client.Client) {
		t.Helper()
		if err := c.Send(ctxT(t), msg); err != nil {
			t.Fatal(err)
		}
		expectError(t, c, wire.CodeArenaLimit)
	}
	for range 3 {
		created(ann)
	}
	refused(ann) // 3 open for one host
	created(bob)
	refused(bob) // 4 open in all
	if list, err := st.List(ctxT(t), time.Time{}, 0); err != nil || len(list) != 8 {
		t.Fatalf("got %d arenas, %v; want the 4 ended and the 4 created", len(list), err)
	}
}
