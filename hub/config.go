package hub

import (
	"context"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/transport"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// Config configures a Hub. The zero value means the defaults, each named
// on its field: everything in memory, for one node.
type Config struct {
	// Store is the durable race log. Default: a match.MemoryStore that
	// publishes on Broker (which must then be the default too).
	Store match.Store
	// Broker carries events between nodes. Default: a broker.Memory.
	Broker broker.Broker
	// Presence records connected racers across nodes. Default: Broker if
	// it implements Presence, else a broker.Memory.
	Presence broker.Presence
	// Lobby holds queues, rooms and rematch votes. Default: a lobby.Memory.
	Lobby lobby.Lobby
	// Dealer chooses seeds. Default: match.RandomDealer (races say "deal
	// not solver-checked").
	Dealer match.Dealer
	// Games are the games raced: their profiles have quick-race queues
	// (QuickProfiles, the welcome's list) and a race's profile finds its
	// game among them. Default: match/game/games.All, every registered
	// game (cmd/racer gives it).
	Games *game.Registry

	// Secret is the HMAC key of session tokens; every node of a cluster
	// needs the same. Default: a random key, good for this process only.
	Secret []byte
	// OriginPatterns lists the host patterns allowed in the Origin header
	// besides the request's own host (coder/websocket AcceptOptions).
	// Default: same origin only.
	OriginPatterns []string

	// ReadLimit is the largest frame accepted, in bytes; larger frames
	// close the socket with 1009. Default 4096.
	ReadLimit int64
	// SendQueue bounds the frames waiting or being written per
	// connection, SendBuffer their bytes: a client that lets either fill
	// is closed with 1008, and what it pins is at most SendBuffer.
	// Defaults 256 frames and 1 MiB (hub/transport).
	SendQueue  int
	SendBuffer int
	// WriteTimeout bounds each write to a socket and the close of a client
	// found too slow: a write gets at least WriteTimeout and at most 1.5
	// times it (transport.Config), so a client that stops reading is
	// closed within 1.5 times it of falling behind. Default 5s.
	WriteTimeout time.Duration
	// RateLimit is the sustained messages per second a client may send,
	// RateBurst the burst. Beyond, messages are refused with
	// "rate_limited"; RateBurst more refused messages in a row close the
	// socket with 1008. Defaults 20 and 40.
	RateLimit float64
	RateBurst int
	// HelloTimeout is how long a new connection has to send hello.
	// Default 10s.
	HelloTimeout time.Duration
	// Client names the client a request comes from (cmd/racer: its
	// address, an IPv6 address's /64, read from X-Forwarded-For only
	// behind its -trusted-proxy); "" names none. Nil names none.
	Client func(*http.Request) string
	// MaxConnsPerClient bounds the WebSocket connections one client
	// (Client) holds at once: past it a new one is refused with HTTP 429
	// before the upgrade, and counted. Default 256, for the players
	// behind one address (a household, a school, a carrier's NAT).
	MaxConnsPerClient int

	// Countdown is the time from a race's creation to its start.
	// Default 3s.
	Countdown time.Duration
	// TimeLimit is the time limit of quick races and the default of
	// rooms. Default 15m.
	TimeLimit time.Duration
	// MaxTimeLimit bounds a room's time limit. Default 60m.
	MaxTimeLimit time.Duration
	// SpectatorDelay is how long spectators wait to see a board, unless a
	// room sets its own. Default 20s.
	SpectatorDelay time.Duration
	// ProgressEvery is the shortest time between two progress frames of
	// one racer to the race's other connections (opponents, spectators):
	// the first move after a quiet spell is sent at once, later ones in
	// the window are merged into one frame at its end, and a change of
	// status (won, stuck, resigned, disconnected) is sent at once. The
	// mover's own acks are never held. Default 50ms (the default rate limit
	// allows 20 moves a second, so a human rarely meets it); negative: every
	// move at once.
	ProgressEvery time.Duration
	// MoveTimeout bounds the store calls a move waits on (its append, and
	// the reload that acknowledges a resend stored by an earlier
	// connection): past it the move is answered "unavailable", and the
	// client resends it with the same seq (the store's appends are
	// idempotent). It also bounds the wait behind other moves' appends in
	// a busy store pipeline, so keep it well above the store's latency
	// under load. For a Redis store the client must honour contexts'
	// deadlines (go-redis ContextTimeoutEnabled). Default 500ms.
	MoveTimeout time.Duration
	// PresenceTTL is how long a racer's presence lasts without being
	// refreshed. Default 30s.
	PresenceTTL time.Duration
	// Nodes tells which nodes are alive: Run beats for this node every
	// NodeTTL/4, and the racers present through a node that stopped
	// beating are shown disconnected on every other node, within about
	// NodeTTL + NodeTTL/4 of its death (a clean drop is announced at
	// once). Run must be running. Default: Presence if it implements
	// broker.Nodes (a Redis or memory broker does), else none.
	Nodes broker.Nodes
	// NodeTTL is how long a node counts as alive after its last beat.
	// Shorter detects deaths sooner; a node whose beats stall longer
	// (a store stall, a paused process) is shown dead meanwhile, and its
	// racers connected again once it beats. Default 3s.
	NodeTTL time.Duration
	// OverdueEvery is how often Run looks for abandoned races: races
	// more than OverdueGrace past their deadline (match.Race.Deadline:
	// creation + countdown + time limit, on the store's clock) and not
	// finished, because every racer left and no node holds them. It
	// finishes them as at their time limit: ranked, rated (OnFinish),
	// recorded in their arena and announced. Each sweep is one store
	// clock read and one read of the store's index of deadlines (on
	// Redis, TIME and one ZRANGEBYSCORE), whatever the number of live
	// races. Every node sweeps: an abandoned race ends within about
	// OverdueGrace + OverdueEvery of its deadline, whichever node held
	// it, across restarts. A race without a time limit has no deadline
	// and is never swept (the hub creates none: a room's time limit of 0
	// means TimeLimit). Default 1s; negative: never.
	OverdueEvery time.Duration
	// OverdueGrace is how long past its deadline a race may stay
	// unfinished before a node that does not hold it finishes it (the
	// overdue sweep, an arena's sweep): the node that holds a race ends
	// it at its deadline first. A second finish is harmless (the store
	// keeps the first result, OnFinish records a race once), so the
	// grace only spares work. Default 2s.
	OverdueGrace time.Duration
	// QueueTTL is how long a quick-race queue entry lasts unless renewed:
	// Run renews its node's waiting players every QueueTTL/3, so a
	// player whose node died leaves the queue within QueueTTL instead of
	// being paired as a ghost. Run must be running. Default 30s.
	QueueTTL time.Duration
	// StuckBudget bounds stuck detection per move (match.Options).
	// Default match.DefaultStuckBudget.
	StuckBudget int

	// BotAfter is how long a player waits alone in a quick-race queue
	// before a bot is seated against them; 0 means never. Bots need
	// LaunchBot too.
	BotAfter time.Duration
	// LaunchBot plays a bot the hub has seated in a race, in the
	// background, from its session token (hub/bot's Launcher.LaunchBot,
	// which connects back to this hub), at level: the one the player
	// asked for in queue (wire.BotLevels), or "" for the node's. Nil: no
	// bots.
	LaunchBot func(ctx context.Context, token, profile, level string)
	// BotLevel names the level LaunchBot plays when asked for none (the
	// node's -bot-level), in the roster of a quick race whose player
	// asked for none; "": such a bot is not named a level.
	BotLevel string

	// Daily deals the daily challenge, which the "daily" message starts.
	// Nil: no daily challenge ("daily_unavailable").
	Daily *daily.Service

	// Arenas keeps the arenas; nil: no arenas ("arena_unavailable").
	// Run creates ArenaSchedule's arenas, pairs the running ones and
	// announces their standings (hub/arena_run.go).
	Arenas arena.Store
	// ArenaSchedule lists the regular arenas. Default: none.
	ArenaSchedule arena.Schedule
	// ArenaMinDuration is the shortest arena arena_create accepts.
	// Default arena.MinDuration (tests set less).
	ArenaMinDuration time.Duration
	// ArenaTick is how often Run pairs each running arena and announces
	// its standings when they changed. Default 1s.
	ArenaTick time.Duration
	// ArenaPause is the pause after a race before a racer is paired
	// again. Default 3s.
	ArenaPause time.Duration
	// ArenaPair tunes pairing (arena.PairConfig; Size comes from each
	// arena). Zero values: the defaults.
	ArenaPair arena.PairConfig
	// ArenaBotAfter is how long a lone player waits in an unrated arena
	// before a labelled bot joins it; 0 means never. Bots need LaunchBot.
	ArenaBotAfter time.Duration
	// ArenaMaxHosted is the most arenas created by players that may be
	// upcoming or running at once, on all nodes; one player may host
	// at most 3 of them. arena_create beyond answers arena_limit.
	// Default 100.
	ArenaMaxHosted int
	// ArenaArchive keeps each finished arena's final standings for good
	// (archive.Archive): the node that holds an arena's lease when its
	// last race is over writes them, once. Nil: finished arenas live in
	// Arenas only, as long as it keeps them.
	ArenaArchive ArenaArchive

	// OnFinish, when set, is called with a race's snapshot (its Result
	// set) once it is finished, by each node that ranks the race at its
	// end: possibly by several nodes, so it must be idempotent (saving the
	// replay, recording ratings and daily results are). It runs on the
	// finishing goroutine before the result is published, under a context
	// of at most 10 seconds, so keep it quick. It returns what the race
	// did to the ratings when this call recorded them (racers and
	// spectators get it as a ratings message), nil otherwise. Default:
	// nothing.
	OnFinish func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings

	// Logger receives structured logs. Default slog.Default().
	Logger *slog.Logger
	// Registerer receives the hub's metrics. Nil: no metrics.
	Registerer prometheus.Registerer

	// Accounts verifies the tickets of players signed in with an
	// account. Nil: the server has no accounts; a hello with a ticket
	// gets accounts_unavailable.
	Accounts Accounts
	// RateGuests rates the races of guests as those of accounts (and
	// lets guests join rated arenas): for a server without accounts
	// whose operator wants ratings all the same (cmd/racer -rated all).
	// Default false: a race with a guest in it is casual.
	RateGuests bool
}

func (c *Config) setDefaults() {
	if c.Broker == nil {
		c.Broker = broker.NewMemory()
	}
	if c.Store == nil {
		pub := func(string, []byte) {}
		if mb, ok := c.Broker.(*broker.Memory); ok {
			pub = mb.PublishNow
		}
		c.Store = match.NewMemoryStore(match.MemoryStoreConfig{Publish: pub})
	}
	if c.Presence == nil {
		if p, ok := c.Broker.(broker.Presence); ok {
			c.Presence = p
		} else {
			c.Presence = broker.NewMemory()
		}
	}
	if c.Nodes == nil {
		if n, ok := c.Presence.(broker.Nodes); ok {
			c.Nodes = n
		}
	}
	if c.Lobby == nil {
		c.Lobby = lobby.NewMemory()
	}
	if c.Dealer == nil {
		c.Dealer = match.RandomDealer{}
	}
	if c.Games == nil {
		c.Games = games.All
	}
	def := func(p *time.Duration, d time.Duration) {
		if *p <= 0 {
			*p = d
		}
	}
	if c.ReadLimit <= 0 {
		c.ReadLimit = transport.DefaultReadLimit
	}
	if c.SendQueue <= 0 {
		c.SendQueue = transport.DefaultSendQueue
	}
	if c.SendBuffer <= 0 {
		c.SendBuffer = transport.DefaultSendBuffer
	}
	def(&c.WriteTimeout, transport.DefaultWriteTimeout)
	if c.RateLimit <= 0 {
		c.RateLimit = 20
	}
	if c.RateBurst <= 0 {
		c.RateBurst = 40
	}
	def(&c.HelloTimeout, 10*time.Second)
	if c.MaxConnsPerClient <= 0 {
		c.MaxConnsPerClient = 256
	}
	def(&c.Countdown, 3*time.Second)
	def(&c.TimeLimit, 15*time.Minute)
	def(&c.MaxTimeLimit, time.Hour)
	if c.OverdueEvery == 0 {
		c.OverdueEvery = time.Second
	}
	def(&c.OverdueGrace, 2*time.Second)
	def(&c.SpectatorDelay, 20*time.Second)
	def(&c.MoveTimeout, 500*time.Millisecond)
	def(&c.PresenceTTL, 30*time.Second)
	def(&c.NodeTTL, 3*time.Second)
	if c.ProgressEvery == 0 {
		c.ProgressEvery = 50 * time.Millisecond
	}
	def(&c.QueueTTL, 30*time.Second)
	def(&c.ArenaMinDuration, arena.MinDuration)
	if c.ArenaMaxHosted <= 0 {
		c.ArenaMaxHosted = 100
	}
	def(&c.ArenaTick, time.Second)
	def(&c.ArenaPause, 3*time.Second)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	c.Lobby = keepLinkedApart(c.Lobby, c.Accounts, c.Logger)
}

// MemoryBackends returns a store, broker and lobby in memory, wired so
// that the store publishes on the broker: what a single node uses.
func MemoryBackends() (match.Store, *broker.Memory, *lobby.Memory) {
	b := broker.NewMemory()
	return match.NewMemoryStore(match.MemoryStoreConfig{Publish: b.PublishNow}), b, lobby.NewMemory()
}
