package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// soakConfig holds the flags of the soak mode.
type soakConfig struct {
	target    string // ws://host:port/ws
	base      string // http://host:port, from target
	pid       int
	redisAddr string
	racers    int
	duration  time.Duration
	active    time.Duration
	idleWin   time.Duration
	settleMax time.Duration
	profile   string
	roomLimit time.Duration
	grace     time.Duration
	idleCPU   float64
	poolSize  int
	drainMax  time.Duration
	out       string
}

func (c *soakConfig) addFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.target, "target", "", "the racer server's WebSocket URL (ws://127.0.0.1:8080/ws)")
	fs.IntVar(&c.pid, "pid", 0, "the server's process id: its CPU (with its child processes') and memory are read from /proc")
	fs.StringVar(&c.redisAddr, "redis-addr", "", "the server's Redis (host:port on loopback), for its keys and memory; empty: a memory store")
	fs.IntVar(&c.racers, "racers", 48, "clients in each active spell, in six roles (see the mode's doc)")
	fs.DurationVar(&c.duration, "duration", 12*time.Minute, "how long the soak runs, active and idle spells together")
	fs.DurationVar(&c.active, "active", 90*time.Second, "length of each active spell")
	fs.DurationVar(&c.idleWin, "idle-window", 20*time.Second, "the window over which an idle spell measures the node's CPU")
	fs.DurationVar(&c.settleMax, "settle-max", 4*time.Minute, "how long an idle spell may wait for the node to settle (its solver pools full again) before it measures")
	fs.StringVar(&c.profile, "profile", "bvs", "rule profile of the quick races and rooms")
	fs.DurationVar(&c.roomLimit, "room-limit", 45*time.Second, "time limit of the rooms whose racers all leave mid-race")
	fs.DurationVar(&c.grace, "grace", 5*time.Second, "how long past its deadline a race may still be listed before the soak fails")
	fs.Float64Var(&c.idleCPU, "max-idle-cpu", 0.01, "the most CPU, in cores, the node may use while idle")
	fs.DurationVar(&c.drainMax, "drain", 16*time.Minute, "after the last spell, how long the races it left may take to end (the node's -time-limit is 15 min; 0: do not wait)")
	fs.IntVar(&c.poolSize, "pool-size", 32, "the node's -pool-size: an idle spell measures once every pool holds this many seeds")
	fs.StringVar(&c.out, "out", "", "file for the samples as CSV (empty: none)")
}

// The roles of the soak's clients, by index modulo soakRoles.
const (
	roleRacer    = iota // quick races, played to the end at a person's pace
	roleRacer2          // the same
	roleReturner        // quick races, leaving mid-race and coming back
	roleHost            // rooms with a short limit, left mid-race for good
	roleGuest           // the host's partner
	roleWatcher         // lists races and watches them
	soakRoles
)

// soakStats counts what the clients did in one spell.
type soakStats struct {
	races, resumed, abandoned, watched, lists, failures atomic.Int64
	// endedAway counts races that ended while their leaving racer was
	// away (the other racer won, or the time ran out): nothing to
	// resume, so no race frame, and not a failure.
	endedAway atomic.Int64
	lastErr   atomic.Value // string
}

func (s *soakStats) fail(what string, err error) {
	s.failures.Add(1)
	s.lastErr.Store(what + ": " + err.Error())
}

// runSoak runs the soak mode: active spells of clients who race, leave,
// come back, abandon and watch, each followed by an idle spell in which
// the node's CPU is measured, with the node and Redis sampled throughout.
func runSoak(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c soakConfig
	c.addFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	u, err := checkLoopback(c.target)
	if err != nil {
		return err
	}
	if c.pid <= 0 || c.racers < soakRoles || c.active <= 0 || c.duration <= 0 || c.idleWin <= 0 {
		return fmt.Errorf("soak needs -target, -pid, -racers ≥ %d and positive durations", soakRoles)
	}
	c.base = "http://" + u.Host
	p := newProbe(c)
	if err := p.start(ctx); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "soak: waiting for the node to settle (at most %s)\n", c.settleMax)
	settle, err := p.settle(ctx, c.settleMax)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "soak: settled after %s\n", settle.Round(time.Second))
	base, err := p.measureIdle(ctx, "start", c.idleWin)
	if err != nil {
		return err
	}
	end := time.Now().Add(c.duration)
	var spells []soakSpell
	tokens := newTokenBook()
	for n := 1; time.Now().Before(end) && ctx.Err() == nil; n++ {
		st := &soakStats{}
		actx, cancel := context.WithTimeout(ctx, c.active)
		runSoakClients(actx, c, n, tokens, st, p)
		cancel()
		sp := soakSpell{N: n, Races: st.races.Load(), Resumed: st.resumed.Load(), Abandoned: st.abandoned.Load(),
			Watched: st.watched.Load(), Lists: st.lists.Load(), Failures: st.failures.Load()}
		if e, ok := st.lastErr.Load().(string); ok {
			sp.LastErr = e
		}
		fmt.Fprintf(stderr, "soak: spell %d active done: %d races, %d resumed (%d ended while away), %d abandoned, %d watched, %d lists, %d failures %s\n",
			n, sp.Races, sp.Resumed, st.endedAway.Load(), sp.Abandoned, sp.Watched, sp.Lists, sp.Failures, sp.LastErr)
		if ctx.Err() != nil {
			break
		}
		settle, err := p.settle(ctx, c.settleMax)
		if err != nil {
			return err
		}
		sp.Settle = settle
		if sp.Idle, err = p.measureIdle(ctx, "idle-"+strconv.Itoa(n), c.idleWin); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "soak: spell %d idle: %.2f%% of a core after %s to settle, rss %d kB, goroutines %d, keys %d\n",
			n, 100*sp.Idle.CPU, settle.Round(time.Second), sp.Idle.RSSKB, sp.Idle.Goroutines, sp.Idle.Keys)
		spells = append(spells, sp)
	}
	// The races the last spell left (quick races at the node's time
	// limit, rooms at -room-limit) end on their own, nobody connected.
	var drainErr error
	if c.drainMax > 0 {
		fmt.Fprintf(stderr, "soak: waiting for the races left to end (at most %s)\n", c.drainMax)
		drainErr = p.drain(ctx, c.drainMax)
	}
	p.stop()
	rep := p.report(base, spells)
	if drainErr != nil {
		rep.Failed = append(rep.Failed, drainErr.Error())
	}
	rep.print(stdout)
	if c.out != "" {
		if err := p.writeCSV(c.out); err != nil {
			return err
		}
	}
	if len(rep.Failed) > 0 {
		return errors.New("soak failed: " + rep.Failed[0])
	}
	return nil
}

// tokenBook keeps each client's token across spells, so that a client
// index is the same player all soak long.
type tokenBook struct {
	mu sync.Mutex
	m  map[int]string
}

func newTokenBook() *tokenBook { return &tokenBook{m: map[int]string{}} }

func (b *tokenBook) get(i int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.m[i]
}

func (b *tokenBook) set(i int, t string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.m[i] = t
}

// runSoakClients runs c.racers clients until ctx ends and waits for them.
func runSoakClients(ctx context.Context, c soakConfig, spell int, tokens *tokenBook, st *soakStats, p *probe) {
	var wg sync.WaitGroup
	rooms := make([]chan string, c.racers)
	for i := range rooms {
		rooms[i] = make(chan string, 1)
	}
	for i := range c.racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the connections over the first seconds.
			if !pause(ctx, time.Duration(i)*40*time.Millisecond) {
				return
			}
			cl := &soakClient{c: c, i: i, spell: spell, tokens: tokens, st: st, p: p,
				rng: rand.New(rand.NewPCG(uint64(spell), uint64(i)))}
			switch i % soakRoles {
			case roleRacer, roleRacer2:
				cl.race(ctx, false)
			case roleReturner:
				cl.race(ctx, true)
			case roleHost:
				if i+1 < c.racers {
					cl.host(ctx, rooms[i])
				}
			case roleGuest:
				cl.guest(ctx, rooms[i-1])
			case roleWatcher:
				cl.watch(ctx)
			}
		}()
	}
	wg.Wait()
}

// soakClient is one client of the soak.
type soakClient struct {
	c      soakConfig
	i      int
	spell  int
	tokens *tokenBook
	st     *soakStats
	p      *probe
	rng    *rand.Rand
}

// endedWhileAway reports whether race, which a racer left and came back
// to, is no longer live: it ended while they were away, and the hub
// rightly resumes nothing. An error reading the list reports false.
func (s *soakClient) endedWhileAway(ctx context.Context, race string) bool {
	live, err := s.p.live(ctx)
	if err != nil {
		return false
	}
	for _, r := range live {
		if r.ID == race {
			return false
		}
	}
	return true
}

// pause waits d and reports true, or false once ctx ends first.
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// dial connects as the client's player (a new one the first time).
func (s *soakClient) dial(ctx context.Context) (*client.Client, error) {
	return s.dialAs(ctx, s.tokens.get(s.i))
}

// dialAs connects with token, or as a new player when token is "".
func (s *soakClient) dialAs(ctx context.Context, token string) (*client.Client, error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := client.Dial(dctx, s.c.target, client.Options{Queue: 256})
	if err != nil {
		return nil, err
	}
	w, err := c.Hello(dctx, "soak-"+strconv.Itoa(s.i), token)
	if err != nil {
		c.Drop()
		return nil, err
	}
	if token != "" || s.tokens.get(s.i) == "" {
		s.tokens.set(s.i, w.Token)
	}
	return c, nil
}

// botConfig plays at about one action a second; leaveAfter > 0 ends the
// race for the client (errLeave) after that many actions.
func (s *soakClient) botConfig(leaveAfter int) bot.RaceConfig {
	n := 0
	return bot.RaceConfig{
		Bot: bot.Config{Level: bot.Greedy, Seed: uint64(s.i)},
		BeforeMove: func(ctx context.Context) error {
			if n++; leaveAfter > 0 && n > leaveAfter {
				return errLeave
			}
			if !pause(ctx, 800*time.Millisecond+time.Duration(s.rng.IntN(400))*time.Millisecond) {
				return ctx.Err()
			}
			return nil
		},
	}
}

var errLeave = errors.New("soak: leaving the race")

// race queues for quick races and plays them on one connection; with
// leave, it leaves each race after a few actions and comes back on a new
// connection, where the hub resumes the race.
func (s *soakClient) race(ctx context.Context, leave bool) {
	c, err := s.dial(ctx)
	if err != nil {
		s.failed(ctx, "dial", err)
		return
	}
	defer func() { c.Drop() }()
	played := map[string]bool{}
	for ctx.Err() == nil {
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: s.c.profile}); err != nil {
			s.failed(ctx, "queue", err)
			return
		}
		rm, err := s.waitRace(ctx, c, func(r wire.RaceMessage) bool { return !played[r.Race.ID] })
		if err != nil {
			s.failed(ctx, "queue", err)
			return
		}
		played[rm.Race.ID] = true
		leaveAfter := 0
		if leave {
			leaveAfter = 3 + s.rng.IntN(10)
		}
		_, err = bot.Race(ctx, c, rm, s.botConfig(leaveAfter))
		if errors.Is(err, errLeave) {
			// Away a few seconds, then back: the hub resumes the race.
			c.Drop()
			if !pause(ctx, time.Duration(2+s.rng.IntN(4))*time.Second) {
				return
			}
			if c, err = s.dial(ctx); err != nil {
				s.failed(ctx, "redial", err)
				return
			}
			id := rm.Race.ID
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			rm, err = s.waitRace(wctx, c, func(r wire.RaceMessage) bool { return r.Race.ID == id })
			cancel()
			if err != nil && ctx.Err() == nil && s.endedWhileAway(ctx, id) {
				s.st.endedAway.Add(1)
				continue
			}
			if err != nil {
				s.failed(ctx, "resume", fmt.Errorf("race %s: %w", id, err))
				return
			}
			s.st.resumed.Add(1)
			_, err = bot.Race(ctx, c, rm, s.botConfig(0))
		}
		if err != nil {
			s.failed(ctx, "race", err)
			return
		}
		if ctx.Err() == nil {
			s.st.races.Add(1)
		}
	}
}

// waitRace returns the next race message that want accepts.
func (s *soakClient) waitRace(ctx context.Context, c *client.Client, want func(wire.RaceMessage) bool) (wire.RaceMessage, error) {
	for {
		rm, err := c.WaitRace(ctx)
		if err != nil || want(rm) {
			return rm, err
		}
	}
}

// host creates a room with a short time limit for its guest, starts it,
// plays a few actions and leaves for good; the race ends at its limit
// with nobody connected.
func (s *soakClient) host(ctx context.Context, code chan<- string) {
	for ctx.Err() == nil {
		// A new player each room: nobody comes back to an abandoned race.
		c, err := s.dialAs(ctx, "")
		if err != nil {
			s.failed(ctx, "dial", err)
			return
		}
		err = s.hostOnce(ctx, c, code)
		c.Drop()
		if err != nil && !errors.Is(err, errLeave) {
			s.failed(ctx, "host", err)
			return
		}
		s.st.abandoned.Add(1)
	}
}

func (s *soakClient) hostOnce(ctx context.Context, c *client.Client, code chan<- string) error {
	err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeRoomCreate, Profile: s.c.profile, Max: 2,
		TimeLimitMS: s.c.roomLimit.Milliseconds(), SpectatorDelayMS: 1})
	if err != nil {
		return err
	}
	var room wire.RoomMessage
	m, err := c.WaitType(ctx, wire.TypeRoom)
	if err == nil {
		err = m.Decode(&room)
	}
	if err != nil {
		return err
	}
	select {
	case code <- room.Room.Code:
	case <-ctx.Done():
		return ctx.Err()
	}
	wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if _, err := c.Wait(wctx, func(m client.Message) bool {
		var r wire.RoomMessage
		return m.Type == wire.TypeRoom && m.Decode(&r) == nil && len(r.Room.Members) == 2
	}); err != nil {
		return fmt.Errorf("the guest did not join: %w", err)
	}
	if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeRoomStart}); err != nil {
		return err
	}
	rm, err := c.WaitRace(wctx)
	if err != nil {
		return err
	}
	_, err = bot.Race(ctx, c, rm, s.botConfig(2+s.rng.IntN(6)))
	return err
}

// guest joins its host's rooms, plays a few actions and leaves for good.
func (s *soakClient) guest(ctx context.Context, code <-chan string) {
	for ctx.Err() == nil {
		var room string
		select {
		case room = <-code:
		case <-ctx.Done():
			return
		}
		c, err := s.dialAs(ctx, "")
		if err != nil {
			s.failed(ctx, "dial", err)
			return
		}
		err = c.Send(ctx, wire.ClientMessage{Type: wire.TypeRoomJoin, Code: room})
		var rm wire.RaceMessage
		if err == nil {
			wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			rm, err = c.WaitRace(wctx)
			cancel()
		}
		if err == nil {
			_, err = bot.Race(ctx, c, rm, s.botConfig(2+s.rng.IntN(6)))
		}
		c.Drop()
		if err != nil && !errors.Is(err, errLeave) {
			s.failed(ctx, "guest", err)
			return
		}
	}
}

// watch lists the live races, watches one for a few seconds, and again.
func (s *soakClient) watch(ctx context.Context) {
	c, err := s.dial(ctx)
	if err != nil {
		s.failed(ctx, "dial", err)
		return
	}
	defer c.Drop()
	go func() {
		// Frames nobody waits for (boards, progress) are read and dropped.
		for {
			if _, err := c.Next(ctx); err != nil {
				return
			}
		}
	}()
	for ctx.Err() == nil {
		races, err := s.p.live(ctx)
		if err != nil {
			s.failed(ctx, "list", err)
			return
		}
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeListRaces}); err != nil {
			s.failed(ctx, "list_races", err)
			return
		}
		s.st.lists.Add(1)
		if len(races) > 0 {
			r := races[s.rng.IntN(len(races))]
			if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeWatch, Race: r.ID}); err != nil {
				s.failed(ctx, "watch", err)
				return
			}
			s.st.watched.Add(1)
			if !pause(ctx, time.Duration(3+s.rng.IntN(5))*time.Second) {
				return
			}
			_ = c.Send(ctx, wire.ClientMessage{Type: wire.TypeUnwatch, Race: r.ID})
		}
		if !pause(ctx, 2*time.Second) {
			return
		}
	}
}

// failed counts an error that did not come from the spell's end.
func (s *soakClient) failed(ctx context.Context, what string, err error) {
	if ctx.Err() == nil {
		s.st.fail(what, err)
	}
}
