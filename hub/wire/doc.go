// Package wire is the race server's WebSocket protocol (PROTOCOL.md):
// every message type, error code and close code, the hand-written
// encoders of the move path's frames (AppendAckHead, AppendProgress) and
// the parser of its actions (ParseFastAction). The golden files in
// testdata pin the encoding of every message.
//
// Clients (hub/client, the bots, cmd/loadgen) import wire and never the
// server: wire depends on the standard library, coder/websocket (for its
// close codes) and match/scoreboard (the race values a frame carries)
// only, so a client links no engine, no Redis and no Prometheus. A
// player's view is the JSON its race's game writes (View), tagged with
// the game; decoding it is the game adapter's business.
//
// Decode a server frame by its type:
//
//	var head struct{ Type string `json:"type"` }
//	_ = json.Unmarshal(frame, &head)
//	switch head.Type {
//	case wire.TypeAck:
//		var ack wire.Ack
//		err := json.Unmarshal(frame, &ack)
//		...
//	case wire.TypeError:
//		var e wire.Error // e.Code is one of the Code constants
//		...
//	}
//
// Values of the package are plain data: safe for concurrent reads, not
// for concurrent writes.
package wire
