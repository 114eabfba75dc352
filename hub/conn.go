package hub

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/hub/transport"
	"github.com/solitaire-race/racer/hub/wire"
)

// conn is one WebSocket: its transport (hub/transport: the reader, the
// bounded outbox and the writer) and what the hub keeps for it.
type conn struct {
	h  *Hub
	tc *transport.Conn
	// ctx ends when the connection ends; it parents store calls.
	ctx context.Context
	// client is who holds it (Config.Client), counted in Hub.addrs.
	client string

	// Owned by the reader goroutine.
	bucket  bucket
	strikes int
	msg     wire.ClientMessage
	fast    wire.FastAction
	// helloTimer closes the connection if no hello comes in time; set
	// before the reading starts, nil once a hello is good.
	helloTimer *time.Timer
	// rc is the connection's races: its seats, the races it watches and
	// the move path's scratch.
	rc racing

	mu      sync.Mutex
	id      session.Identity
	authed  bool
	account bool // signed in with a ticket (Config.Accounts)
	kind    string
	subs    []func()
	// lb is the connection's place in the lobby: its queue and room.
	lb lobbyState

	// ar is the arenas the connection follows.
	ar arenaFollow
}

// ServeWS upgrades the request to a WebSocket and serves it on a
// goroutine of its own (the transport's Serve); it returns at once.
func (h *Hub) ServeWS(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	closing := h.closing
	h.mu.Unlock()
	if closing {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	client := ""
	if h.cfg.Client != nil {
		client = h.cfg.Client(r)
	}
	if !h.addrs.Take(client, 1) {
		h.met.connsRefused.Inc()
		w.Header().Set("Retry-After", "10")
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return
	}
	c := &conn{
		h:      h,
		client: client,
		bucket: newBucket(h.cfg.RateLimit, h.cfg.RateBurst, time.Now()),
		kind:   "pending",
	}
	c.ar.c = c
	c.rc.c = c
	c.lb.c = c
	tcfg := h.transport
	tcfg.OnSlow = c.closedSlow
	tc, err := transport.Accept(h.ctx, w, r, tcfg)
	if err != nil {
		h.addrs.Release(client)
		h.log.Debug("websocket accept", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	c.tc, c.ctx = tc, tc.Context()
	h.mu.Lock()
	if h.closing {
		h.mu.Unlock()
		h.addrs.Release(client)
		tc.Close(websocket.StatusServiceRestart, "server restarting: reconnect")
		tc.End()
		return
	}
	h.conns[c] = struct{}{}
	h.mu.Unlock()
	h.met.connections.WithLabelValues("pending").Inc()
	c.helloTimer = time.AfterFunc(h.cfg.HelloTimeout, func() {
		c.mu.Lock()
		authed := c.authed
		c.mu.Unlock()
		if !authed {
			c.closeWith(wire.CloseHelloTimeout, "no hello")
		}
	})
	// The transport reads on goroutines of its own, so that ServeWS
	// returns and net/http lets go of what it keeps for the request's
	// handler (its 4 KB read and write buffers, the request): the
	// connection holds only what it needs.
	tc.Serve(c.readFrame, c.end)
}

// end ends the connection once its reading is over. The transport ends
// the context before it calls end, and so before cleanup: attachRacer and
// handleWatch, which may run on other goroutines, seat the connection
// only while its context lives (checked under c.mu), so nothing is seated
// after cleanup has taken the seats, where no one would release it.
func (c *conn) end() {
	h := c.h
	if c.helloTimer != nil {
		c.helloTimer.Stop()
	}
	c.cleanup()
	c.tc.End()

	c.mu.Lock()
	kind := c.kind
	c.mu.Unlock()
	h.met.connections.WithLabelValues(kind).Dec()
	h.addrs.Release(c.client)
	h.mu.Lock()
	delete(h.conns, c)
	if h.closing && len(h.conns) == 0 {
		h.closeDrained()
	}
	h.mu.Unlock()
}

// readFrame handles one frame; b is valid only during the call.
func (c *conn) readFrame(text bool, b []byte) bool {
	if !text {
		c.sendError(wire.CodeBadJSON, "frames must be JSON text", "", 0)
		return true
	}
	c.handleFrame(b)
	c.fast = wire.FastAction{} // it points into b
	return true
}

// enqueue queues b for the client unless the connection has ended. A
// client too slow to take it is closed with 1008 rather than allowed to
// block the caller (a broadcast).
func (c *conn) enqueue(b []byte) {
	if c.ctx.Err() == nil {
		c.tc.Send(b)
	}
}

// closeAfterFlush closes the socket with code after the frames already
// queued have been written. Frames queued after it are dropped.
func (c *conn) closeAfterFlush(code websocket.StatusCode, reason string) {
	c.tc.CloseAfterFlush(code, reason)
}

// closeWith closes the socket with code now, dropping queued frames.
func (c *conn) closeWith(code websocket.StatusCode, reason string) {
	c.tc.Close(code, reason)
}

// closedSlow counts and logs a connection closed for reading too slowly.
func (c *conn) closedSlow() {
	c.h.met.slowClosed.Inc()
	c.h.log.Info("closing slow client", "player", c.player())
}

func (c *conn) player() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.id.Player
}

func (c *conn) identity() (session.Identity, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.id, c.authed
}

func (c *conn) setKind(kind string) {
	c.mu.Lock()
	old := c.kind
	if old == kind {
		c.mu.Unlock()
		return
	}
	c.kind = kind
	c.mu.Unlock()
	c.h.met.connections.WithLabelValues(old).Dec()
	c.h.met.connections.WithLabelValues(kind).Inc()
}

// sendJSON marshals v and queues it.
func (c *conn) sendJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.h.log.Error("marshal", "err", err)
		return
	}
	c.enqueue(b)
}

// sendError sends the one error message type. What a client sent comes
// back bounded, so that an error frame stays far below wire.MaxFrame
// whatever the read limit: a race longer than wire.MaxRaceID (no race has
// such an ID) is not named, and a message is cut to wire.MaxErrorMessage
// bytes.
func (c *conn) sendError(code, message, race string, seq uint64) {
	if len(race) > wire.MaxRaceID {
		race = ""
	}
	if len(message) > wire.MaxErrorMessage {
		n := wire.MaxErrorMessage - len("…")
		for n > 0 && !utf8.RuneStart(message[n]) {
			n--
		}
		message = message[:n] + "…"
	}
	c.sendJSON(wire.Error{Type: wire.TypeError, Code: code, Message: message, Race: race, Seq: seq})
}

// sendErr reports err to the client with its wire code; faults are logged.
func (c *conn) sendErr(err error, race string, seq uint64) {
	code := codeOf(err)
	if code == wire.CodeInternal || code == wire.CodeUnavailable {
		c.h.log.Warn("request failed", "err", err, "race", race)
	}
	c.sendError(code, messageOf(code, err), race, seq)
}

// handleFrame rate-limits, decodes and dispatches one frame.
func (c *conn) handleFrame(b []byte) {
	if !c.bucket.take(time.Now()) {
		c.strikes++
		c.h.met.rateLimited.Inc()
		if c.strikes > c.h.cfg.RateBurst {
			c.closeAfterFlush(websocket.StatusPolicyViolation, "rate limit exceeded")
			return
		}
		// Every refused message is answered, a move with its race and seq,
		// so that a client knows which move to send again: a move refused
		// in silence would wait for its ack for ever.
		race, seq := "", uint64(0)
		if wire.ParseFastAction(b, &c.fast) {
			race, seq = string(c.fast.Race), c.fast.Seq
		}
		c.sendError(wire.CodeRateLimited, "too many messages; slow down or be disconnected", race, seq)
		return
	}
	c.strikes = 0
	if wire.ParseFastAction(b, &c.fast) {
		if _, ok := c.identity(); ok {
			c.rc.handleFastAction(&c.fast)
			return
		}
	}
	// Frames past the fast path (a hello, the lobby's requests) are seldom
	// and deep: the reader waits for the next on a fresh stack, so that an
	// idle connection keeps a small one.
	c.tc.FreshStack()
	c.msg = wire.ClientMessage{}
	if err := json.Unmarshal(b, &c.msg); err != nil {
		c.sendError(wire.CodeBadJSON, "not a JSON message object", "", 0)
		return
	}
	m := &c.msg
	switch m.Type {
	case wire.TypeHello:
		c.handleHello(m)
		return
	case wire.TypePing:
		c.enqueue(pongFrame)
		return
	}
	if _, ok := c.identity(); !ok {
		if isKnownType(m.Type) {
			c.sendError(wire.CodeHelloFirst, "send hello first", "", 0)
		} else {
			c.sendError(wire.CodeUnknownType, "unknown message type "+quoteShort(m.Type), "", 0)
		}
		return
	}
	switch m.Type {
	case wire.TypeMove:
		c.rc.handleAction(m.Race, m.Seq, m.Move, time.Now())
	case wire.TypeResign:
		c.rc.handleAction(m.Race, m.Seq, "resign", time.Now())
	case wire.TypeFinish:
		c.rc.handleAction(m.Race, m.Seq, "finish", time.Now())
	case wire.TypeQueue:
		c.lb.handleQueue(m.Profile, m.Casual, m.Bot)
	case wire.TypeUnqueue:
		c.lb.handleUnqueue()
	case wire.TypeRoomCreate:
		c.lb.handleRoomCreate(m)
	case wire.TypeRoomJoin:
		c.lb.handleRoomJoin(m.Code)
	case wire.TypeRoomLeave:
		c.lb.handleRoomLeave()
	case wire.TypeRoomStart:
		c.lb.handleRoomStart()
	case wire.TypeRematch:
		c.lb.handleRematch(m.Race)
	case wire.TypeWatch:
		c.rc.handleWatch(m.Race)
	case wire.TypeUnwatch:
		c.rc.handleUnwatch(m.Race)
	case wire.TypeListRaces:
		c.rc.handleListRaces(m)
	case wire.TypeDaily:
		c.rc.handleDaily(m.Profile)
	case wire.TypeArenaWatch, wire.TypeArenaUnwatch, wire.TypeArenaJoin, wire.TypeArenaPause, wire.TypeArenaResume,
		wire.TypeArenaWithdraw, wire.TypeArenaCreate:
		c.ar.handleArena(m)
	default:
		c.sendError(wire.CodeUnknownType, "unknown message type "+quoteShort(m.Type), "", 0)
	}
}

var pongFrame = []byte(`{"type":"pong"}`)

func isKnownType(t string) bool {
	switch t {
	case wire.TypeHello, wire.TypeQueue, wire.TypeUnqueue, wire.TypeRoomCreate, wire.TypeRoomJoin, wire.TypeRoomLeave, wire.TypeRoomStart,
		wire.TypeMove, wire.TypeResign, wire.TypeFinish, wire.TypeRematch, wire.TypeWatch, wire.TypeUnwatch, wire.TypeListRaces, wire.TypeDaily, wire.TypePing,
		wire.TypeArenaWatch, wire.TypeArenaUnwatch, wire.TypeArenaJoin, wire.TypeArenaPause, wire.TypeArenaResume,
		wire.TypeArenaWithdraw, wire.TypeArenaCreate:
		return true
	}
	return false
}

// quoteShort quotes s for an error message, cut to 32 bytes.
func quoteShort(s string) string {
	if len(s) > 32 {
		s = s[:32] + "…"
	}
	b, _ := json.Marshal(s)
	return string(b)
}

// handleHello authenticates: a valid token restores an identity (a new
// valid name renames it); no token and a valid name makes a new one.
func (c *conn) handleHello(m *wire.ClientMessage) {
	if _, ok := c.identity(); ok {
		c.sendError(wire.CodeBadRequest, "hello was already said", "", 0)
		return
	}
	var id session.Identity
	account := false
	switch {
	case m.Ticket != "":
		var ok bool
		if id, ok = c.helloTicket(m.Ticket); !ok {
			return
		}
		account = true
	case m.Token != "":
		var err error
		id, err = c.h.signer.Verify(m.Token)
		if err != nil {
			c.sendError(wire.CodeBadToken, "session token not valid; send hello with a name for a new one", "", 0)
			return
		}
		if !c.guestUnclaimed(id.Player) {
			return
		}
		if m.Name != "" && m.Name != id.Name {
			if session.ValidateName(m.Name) != nil {
				c.sendError(wire.CodeBadName, sentences[wire.CodeBadName], "", 0)
				return
			}
			id.Name = m.Name
		}
	default:
		var err error
		id, err = session.New(m.Name, time.Now())
		if err != nil {
			c.sendError(wire.CodeBadName, sentences[wire.CodeBadName], "", 0)
			return
		}
	}
	token := ""
	if !account {
		token = c.h.signer.Sign(id)
	}
	// Listed before its channel is heard, so that a start event finds it.
	c.h.players.add(id.Player, c)
	// Not ended by the connection's context: cleanup cancels it (c.subs),
	// and a context that can end would cost every idle connection the
	// broker's context.AfterFunc and the context's list of children.
	sctx := context.WithoutCancel(c.ctx)
	cancel, err := c.h.cfg.Broker.Subscribe(sctx, playerChannel(id.Player), func(b []byte) { c.onPlayerEvent(id.Player, b) })
	if err != nil {
		c.h.players.remove(id.Player, c)
		c.sendErr(err, "", 0)
		return
	}
	c.mu.Lock()
	c.id, c.authed, c.account = id, true, account
	c.subs = append(c.subs, cancel)
	c.mu.Unlock()
	c.setKind("player")
	c.helloTimer.Stop()
	c.helloTimer = nil // owned by the reader from here on
	mctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
	casualOnly := c.casualOnlyOrNot(mctx)
	cancel()
	c.sendJSON(wire.Welcome{Type: wire.TypeWelcome, Version: wire.ProtocolVersion, Player: id.Player, Name: id.Name, Token: token, Account: account,
		CasualOnly: casualOnly, Profiles: c.h.QuickProfiles()})
	// The player's live races are read here, before the read loop takes
	// the connection's next message: a race this connection's own queue
	// or challenge pairs later is never among them, however late the
	// attaching goroutine runs, so it is not counted as a reconnect.
	if races := c.rc.ownLiveRaces(); len(races) > 0 {
		go c.rc.resumeAll(races)
	}
}

// onPlayerEvent handles an event on player's channel: a race to join,
// a moderator's mark.
func (c *conn) onPlayerEvent(player string, b []byte) {
	var ev event
	if json.Unmarshal(b, &ev) != nil {
		return
	}
	switch {
	case ev.Kind == evStart && ev.Race != "":
		c.lb.startEvent(player, ev.Race)
	case ev.Kind == evRace && ev.Race != "" && c.h.players.newest(player, c):
		go c.rc.attachRacer(ev.Race, false) // nothing when seated already
	case ev.Kind == evMarked && c.mayRate():
		c.sendJSON(wire.CasualOnlyMessage{Type: wire.TypeCasualOnly})
	}
}

// cleanup detaches the connection from races, rooms, queues and channels.
func (c *conn) cleanup() {
	c.mu.Lock()
	seats := c.rc.seats
	watching := c.rc.watching
	c.rc.seats, c.rc.watching = nil, nil
	subs := c.subs
	c.subs = nil
	roomSub := c.lb.roomSub
	c.lb.roomSub = nil
	arenas := c.ar.arenas
	c.ar.arenas = nil
	id, authed := c.id, c.authed
	c.mu.Unlock()
	if authed {
		c.h.players.remove(id.Player, c)
	}
	queued := c.lb.clearQueued("", false)
	for _, s := range seats {
		s.lr.feed.removeRacer(c, id.Player)
		c.h.reg.releaseRace(s.lr)
	}
	for _, lr := range watching {
		lr.feed.removeSpectator(c)
		c.h.reg.releaseRace(lr)
	}
	for _, cancel := range subs {
		cancel()
	}
	if roomSub != nil {
		roomSub()
	}
	for _, cancel := range arenas {
		cancel()
	}
	if queued != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, _ = c.h.cfg.Lobby.Dequeue(ctx, queued, id.Player)
		cancel()
	}
}
