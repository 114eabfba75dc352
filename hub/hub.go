package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/hub/transport"
	"github.com/solitaire-race/racer/internal/perkey"
	"github.com/solitaire-race/racer/match"
)

// Hub serves racers and spectators over WebSockets: sessions, pairing,
// rooms, moves, live progress and delayed boards. Its state lives in the
// Store, Broker, Presence and Lobby of its Config, so that several nodes
// serve one set of races. It is safe for concurrent use.
type Hub struct {
	cfg    Config
	log    *slog.Logger
	signer *session.Signer
	met    *metrics
	opts   match.Options
	// actions interns the actions of the games raced (actionsOf).
	actions map[string]string
	nodeID  string
	// transport configures each connection's transport.
	transport transport.Config
	// ownMove begins the move events this node publishes (appendMoveEvent).
	ownMove []byte
	// nodes is what Run's heartbeats tell of the other nodes.
	nodes nodeWatch
	// loads numbers the races' loads, for their store listeners.
	loads atomic.Uint64
	// arenas is the arena runner and the hub's side of it.
	arenas *arenaSeats

	// ctx lives until Shutdown; it parents every connection's context.
	ctx    context.Context
	cancel context.CancelFunc

	// reg holds the races loaded on this node.
	reg raceRegistry
	// mm keeps the quick-race waits of this node's connections.
	mm matchmaker
	// overdue finishes the races every racer left.
	overdue overdueSweep

	// players lists the connections of each player on this node.
	players playerConns

	// addrs counts each client's connections (Config.MaxConnsPerClient).
	addrs perkey.Counter

	mu      sync.Mutex
	conns   map[*conn]struct{}
	closing bool
	drained chan struct{} // closed when closing and conns is empty
}

// New returns a Hub with cfg's defaults filled in.
func New(cfg Config) (*Hub, error) {
	cfg.setDefaults()
	met, err := newMetrics(cfg.Registerer, cfg.Games.Profiles())
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	// A node drops the move events carrying its own ID (it applied them
	// already), so IDs must not collide: 64 random bits.
	var node [8]byte
	_, _ = rand.Read(node[:])
	h := &Hub{
		cfg:     cfg,
		log:     cfg.Logger,
		signer:  session.NewSigner(cfg.Secret),
		met:     met,
		opts:    match.Options{Games: cfg.Games, StuckBudget: cfg.StuckBudget},
		actions: actionsOf(cfg.Games),
		transport: transport.Config{
			OriginPatterns: cfg.OriginPatterns, ReadLimit: cfg.ReadLimit,
			SendQueue: cfg.SendQueue, SendBuffer: cfg.SendBuffer, WriteTimeout: cfg.WriteTimeout,
		},
		nodeID:  hex.EncodeToString(node[:]),
		ctx:     ctx,
		cancel:  cancel,
		conns:   make(map[*conn]struct{}),
		drained: make(chan struct{}),
		addrs:   perkey.Counter{Max: cfg.MaxConnsPerClient},
	}
	h.mm = matchmaker{h: h, queued: make(map[*conn]queuedEntry)}
	h.overdue.h = h
	h.nodes.h = h
	h.ownMove = []byte(`{"k":"move","n":"` + h.nodeID + `",`)
	h.reg = raceRegistry{h: h, races: make(map[string]*liveRace)}
	met.races.phases = h.reg.racePhases
	if h.arenas, err = newArenaSeats(h); err != nil {
		cancel()
		return nil, err
	}
	return h, nil
}

// Store returns the hub's store.
func (h *Hub) Store() match.Store { return h.cfg.Store }

// Handler returns the hub's HTTP handler: "/ws" upgrades to the
// WebSocket protocol of PROTOCOL.md, "/api/races" lists live races as
// JSON. Mount it at the root of a mux or under a prefix with
// http.StripPrefix.
func (h *Hub) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", h.ServeWS)
	mux.HandleFunc("GET /api/races", h.serveRaces)
	return mux
}

// Run does the hub's background work until ctx ends: it renews the queue
// entries of the players waiting through this node every
// Config.QueueTTL/3, beats for this node every Config.NodeTTL/4
// (Config.Nodes), learning which other nodes died, and finishes
// abandoned races every Config.OverdueEvery. It returns nil.
func (h *Hub) Run(ctx context.Context) error {
	if h.cfg.OverdueEvery > 0 {
		done := make(chan struct{})
		go func() {
			defer close(done)
			h.overdue.overdueLoop(ctx)
		}()
		defer func() { <-done }()
	}
	if h.cfg.Nodes != nil {
		// Its own goroutine: a slow renewal must not delay a beat, or the
		// other nodes would take this one for dead.
		done := make(chan struct{})
		go func() {
			defer close(done)
			h.nodes.beatLoop(ctx)
		}()
		defer func() { <-done }()
	}
	if h.arenas.run != nil {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = h.arenas.run.Run(ctx)
		}()
		defer func() { <-done }()
	}
	every := max(h.cfg.QueueTTL/3, time.Millisecond)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			tctx, cancel := context.WithTimeout(ctx, every)
			h.mm.renewQueued(tctx)
			cancel()
		}
	}
}

// Shutdown closes every WebSocket with StatusServiceRestart (1012: this
// node goes away, reconnect and resume elsewhere) and waits until their
// handlers have returned or ctx ends. New connections are refused (also
// with 1012) from the start.
func (h *Hub) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	h.closing = true
	conns := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	if len(h.conns) == 0 {
		h.closeDrained()
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.closeWith(websocket.StatusServiceRestart, "server restarting: reconnect")
	}
	var err error
	select {
	case <-h.drained:
	case <-ctx.Done():
		err = ctx.Err()
		for _, c := range conns {
			c.tc.CloseNow()
		}
	}
	h.cancel()
	return err
}

func (h *Hub) closeDrained() {
	select {
	case <-h.drained:
	default:
		close(h.drained)
	}
}

func newID() string {
	var b [9]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// QuickProfiles returns the rule profiles with a quick-race queue, the
// profiles rooms and the daily challenge may choose and the welcome
// lists: every profile of Config.Games, game by game.
func (h *Hub) QuickProfiles() []string { return h.cfg.Games.Profiles() }

// validProfile reports whether p is a profile of the games raced.
func (h *Hub) validProfile(p string) bool {
	_, err := h.cfg.Games.Lookup(p)
	return err == nil
}
