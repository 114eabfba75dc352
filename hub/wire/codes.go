package wire

import "github.com/coder/websocket"

// Error codes sent in Error.Code. They are stable: clients match on them.
const (
	CodeBadJSON          = "bad_json"          // the frame is not a JSON object
	CodeUnknownType      = "unknown_type"      // no such message type
	CodeBadRequest       = "bad_request"       // a field is missing or out of range
	CodeHelloFirst       = "hello_first"       // anything but hello before hello
	CodeBadToken         = "bad_token"         // the session token does not verify
	CodeBadName          = "bad_name"          // the display name is not allowed
	CodeRateLimited      = "rate_limited"      // too many messages; more closes the socket
	CodeUnknownProfile   = "unknown_profile"   // no such rule profile
	CodeNotInRace        = "not_in_race"       // not a racer of that race (here)
	CodeOutOfSequence    = "out_of_sequence"   // seq is not the next one
	CodeIllegalMove      = "illegal_move"      // the move breaks the rules; nothing changed
	CodeBadMove          = "bad_move"          // not a move in notation
	CodeGameOver         = "game_over"         // your game has ended (won, stuck, resigned)
	CodeNotStarted       = "not_started"       // the countdown is still running
	CodeRaceFinished     = "race_finished"     // the race is over
	CodeRaceNotFound     = "race_not_found"    // no such race
	CodeSessionReplaced  = "session_replaced"  // a newer connection of yours took over
	CodeUnavailable      = "unavailable"       // storage unreachable; retry
	CodeRoomNotFound     = "room_not_found"    // no such room
	CodeRoomFull         = "room_full"         // the room has its maximum
	CodeNotHost          = "not_host"          // only the host may start
	CodeRoomTooSmall     = "room_too_small"    // a race needs two players
	CodeRoomBusy         = "room_busy"         // the room's race is still running
	CodeCannotWatchOwn   = "cannot_watch_own"  // racers cannot spectate their own race
	CodeAlreadyQueued    = "already_queued"    // already waiting in a queue
	CodeAlreadyPlayed    = "already_played"    // today's daily challenge was raced already
	CodeDailyUnavailable = "daily_unavailable" // the server has no daily challenge
	CodeDailyPrivate     = "daily_private"     // daily challenge races cannot be watched
	CodeInternal         = "internal"          // a server fault
)

// Close codes beyond RFC 6455's, sent when the server closes a socket.
const (
	// CloseSessionReplaced closes a connection whose player connected
	// again and took over.
	CloseSessionReplaced websocket.StatusCode = 4001
	// CloseHelloTimeout closes a connection that sent no hello in time.
	CloseHelloTimeout websocket.StatusCode = 4002
)
