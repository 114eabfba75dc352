// Package hub serves solitaire races (of the game each race's
// rule profile names among Config.Games) over WebSockets: guest sessions with
// signed tokens, quick-race queues, private rooms, server-validated moves
// with live progress, spectators with delayed boards, and reconnects that
// resume on any node. The wire protocol is package hub/wire, documented
// in its PROTOCOL.md and pinned by its golden files; the hub maps its own
// and match's errors to the protocol's codes.
//
// A Hub keeps nothing that matters in its own memory: races live in a
// match.Store, events between nodes travel on a Broker, connected racers
// are recorded in Presence (and live nodes in Nodes, whose heartbeats
// tell within seconds that a node died), and queues and rooms in a
// Lobby. The memory
// implementations serve one node; Redis implementations let several
// nodes behind a load balancer serve one set of races. Each move is
// validated against the racer's own board (match.Match), appended to the
// store with its sequence number and session epoch (the store publishes
// the move event in the same step), and only then acknowledged; move.go
// walks that path step by step, and on to the other racers' screens.
//
// Per connection there is one reader, one writer and a queue bounded in
// frames and bytes (hub/transport); a client too slow to drain its queue
// is closed with 1008 rather than allowed to block a broadcast.
//
// Mount the handler and shut down in order:
//
//	store, broker, lobby := hub.MemoryBackends()
//	h, err := hub.New(hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby,
//		Secret: secret, Registerer: registry})
//	mux.Handle("/ws", h.Handler())
//	mux.Handle("/api/", h.Handler())
//	go h.Run(ctx) // background work: queue entries' renewal, the node's heartbeat
//	...
//	h.Shutdown(ctx) // closes WebSockets with 1012
//	srv.Shutdown(ctx)
//
// Inside, each concept is a type of its own (docs/ARCHITECTURE.md,
// "Inside the hub"): a connection (conn: transport and dispatch) holds
// its player's session in parts (racing: seats, watching, moves;
// lobbyState: queue and room; arenaFollow: arenas), a loaded race
// (liveRace) holds its fan-out (raceFeed), and the Hub holds its
// registry of loaded races, the matchmaker, the heartbeats and the
// overdue sweep. Package hub/arenarun runs the arenas.
//
// The client package speaks the protocol for tests, bots and load tools.
package hub
