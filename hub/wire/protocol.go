package wire

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// MaxFrame is the most bytes of any frame the server sends (the limit
// of coder/websocket's default client read limit, 32 KiB): every
// message is bounded by the protocol's limits below it (PROTOCOL.md,
// "Frames the server sends").
const MaxFrame = 32 << 10

// MaxRaceID is the longest race ID: an error names the refused action's
// race only when it is at most this long.
const MaxRaceID = 64

// MaxErrorMessage is the longest error message, in bytes: a longer one
// (one that quotes much of what the client sent) is cut, ending in "…".
const MaxErrorMessage = 256

// ProtocolVersion is sent in Welcome; it changes when a message changes
// incompatibly.
const ProtocolVersion = 1

// Client message types (ClientMessage.Type).
const (
	TypeHello       = "hello"
	TypeQueue       = "queue"
	TypeUnqueue     = "unqueue"
	TypeRoomCreate  = "room_create"
	TypeRoomJoin    = "room_join"
	TypeRoomLeave   = "room_leave"
	TypeRoomStart   = "room_start"
	TypeMove        = "move"
	TypeResign      = "resign"
	TypeFinish      = "finish"
	TypeRematch     = "rematch"
	TypeWatch       = "watch"
	TypeUnwatch     = "unwatch"
	TypeListRaces   = "list_races"
	TypeDaily       = "daily"
	TypePing        = "ping"
	TypeWelcome     = "welcome"
	TypeError       = "error"
	TypeQueued      = "queued"
	TypeUnqueued    = "unqueued"
	TypeRoom        = "room"
	TypeRace        = "race"
	TypeAck         = "ack"
	TypeProgress    = "progress"
	TypeRaceEnd     = "race_end"
	TypeWatching    = "watching"
	TypeBoard       = "board"
	TypeRaces       = "races"
	TypeRematchVote = "rematch_vote"
	TypeRatings     = "ratings"
	TypePong        = "pong"
	TypeCasualOnly  = "casual_only"
)

// ClientMessage is every message a client sends: Type says which, and
// only that type's fields are read (see PROTOCOL.md).
type ClientMessage struct {
	Type string `json:"type"`
	// hello: a guest's token and name, or a signed-in player's ticket
	// (GET /api/account/ticket)
	Token  string `json:"token,omitempty"`
	Name   string `json:"name,omitempty"`
	Ticket string `json:"ticket,omitempty"`
	// queue, room_create, daily
	Profile string `json:"profile,omitempty"`
	// queue: a player signed in asks for the casual queue, where guests
	// wait, instead of the rated one.
	Casual bool `json:"casual,omitempty"`
	// queue: the level of the bot that races the player if nobody
	// comes, one of BotLevels ("": the server's).
	Bot string `json:"bot,omitempty"`
	// move, resign, finish, rematch, watch, unwatch
	Race string `json:"race,omitempty"`
	// rematch: in a room, true declines the rematch of Race, or
	// withdraws the sender's readiness for it.
	Decline bool   `json:"decline,omitempty"`
	Seq     uint64 `json:"seq,omitempty"`
	Move    string `json:"move,omitempty"`
	// room_join
	Code string `json:"code,omitempty"`
	// list_races: the page size (default and at most the server's
	// page, 16) and the cursor of the page to continue from (a races
	// message's Next; "" for the newest races).
	Limit  int    `json:"limit,omitempty"`
	Before string `json:"before,omitempty"`
	// arena_watch, arena_unwatch, arena_join, arena_pause,
	// arena_resume, arena_withdraw
	Arena string `json:"arena,omitempty"`
	// arena_create (with name, profile and time_limit_ms, its duration,
	// and max, its race size): the start, in ms from now (0: now), and
	// whether it is unrated and private.
	StartInMS int64 `json:"start_in_ms,omitempty"`
	Unrated   bool  `json:"unrated,omitempty"`
	Private   bool  `json:"private,omitempty"`
	// room_create
	Max              int   `json:"max,omitempty"`
	TimeLimitMS      int64 `json:"time_limit_ms,omitempty"`
	SpectatorDelayMS int64 `json:"spectator_delay_ms,omitempty"`
}

// BotLevels are the bot levels a player may ask for in queue's Bot,
// weakest first: about 1.8, 1.2 and 0.9 s a move (hub/bot's Relaxed,
// Steady and Strong).
var BotLevels = []string{"relaxed", "steady", "strong"}

// ErrNotObject reports a client frame whose JSON is not an object (null,
// an array, a number, a string, true or false).
var ErrNotObject = errors.New("wire: a client message must be a JSON object")

// UnmarshalJSON decodes a client message, which must be a JSON object:
// any other JSON value, null included, is ErrNotObject (json.Unmarshal
// alone would read null as an empty message).
func (m *ClientMessage) UnmarshalJSON(b []byte) error {
	if i := skipWS(b, 0); i == len(b) || b[i] != '{' {
		return ErrNotObject
	}
	type plain ClientMessage
	return json.Unmarshal(b, (*plain)(m))
}

// Welcome answers hello: the player's identity and, for a guest, a
// token to keep. A player signed in with a ticket gets Account true and
// no token (they get a new ticket for each hello).
type Welcome struct {
	Type    string `json:"type"`
	Version int    `json:"version"`
	Player  string `json:"player"`
	Name    string `json:"name"`
	Token   string `json:"token,omitempty"`
	Account bool   `json:"account,omitempty"`
	// CasualOnly: a moderator marked the account for breaking the
	// fair-play rules, and it plays casual races only.
	CasualOnly bool     `json:"casual_only,omitempty"`
	Profiles   []string `json:"profiles"`
}

// CasualOnlyMessage tells a connected player that a moderator has just
// marked their account: from now on it plays casual races only (the
// same as welcome's casual_only).
type CasualOnlyMessage struct {
	Type string `json:"type"`
}

// Error is the one wire type of every error a client is told.
type Error struct {
	Type    string `json:"type"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Race and Seq name the refused action, when there is one.
	Race string `json:"race,omitempty"`
	Seq  uint64 `json:"seq,omitempty"`
}

// Queued confirms a place in a quick-race queue; Unqueued its end.
type Queued struct {
	Type    string `json:"type"`
	Profile string `json:"profile"`
}

// RoomMessage is a private room's state, sent to its members on every
// change.
type RoomMessage struct {
	Type string `json:"type"`
	Room Room   `json:"room"`
}

// Room is a room on the wire.
type Room struct {
	Code             string             `json:"code"`
	Host             string             `json:"host"`
	Profile          string             `json:"profile"`
	Members          []scoreboard.Racer `json:"members"`
	Max              int                `json:"max"`
	TimeLimitMS      int64              `json:"time_limit_ms"`
	SpectatorDelayMS int64              `json:"spectator_delay_ms"`
	Race             string             `json:"race,omitempty"`
	// Ready lists the members ready for a rematch of Race, Declined
	// those who declined it (player IDs, in the order they said so).
	Ready    []string `json:"ready,omitempty"`
	Declined []string `json:"declined,omitempty"`
}

// RaceInfo is what everyone may know of a race from its start: never
// the seed, the nonce or the deal. Game is the race's game, absent for
// the default game, Klondike (so that Klondike's frames are unchanged):
// read absent as "klondike" (GameName).
type RaceInfo struct {
	ID               string             `json:"id"`
	Game             scoreboard.Game    `json:"game,omitempty"`
	Profile          string             `json:"profile"`
	Rules            string             `json:"rules"`
	Commitment       string             `json:"commitment"`
	SolverChecked    bool               `json:"solver_checked"`
	DealNote         string             `json:"deal_note"`
	Room             string             `json:"room,omitempty"`
	Racers           []scoreboard.Racer `json:"racers"`
	StartAt          time.Time          `json:"start_at"`
	TimeLimitMS      int64              `json:"time_limit_ms"`
	SpectatorDelayMS int64              `json:"spectator_delay_ms"`
	RankingRule      string             `json:"ranking_rule"`
	// Rated is true when the race will change its racers' ratings:
	// every racer signed in with an account, no bot, not a daily
	// challenge, not an unrated arena's. Absent: the race is casual.
	Rated bool `json:"rated,omitempty"`
	// OffBoard is true in a daily challenge's race whose win goes on no
	// board: its racer is a guest, on a server whose daily boards list
	// only accounts' wins (-rated accounts, the default). BoardNote
	// then says so in words (DailyOffBoardNote).
	OffBoard  bool   `json:"off_board,omitempty"`
	BoardNote string `json:"board_note,omitempty"`
}

// DailyOffBoardNote is a RaceInfo's BoardNote when OffBoard.
const DailyOffBoardNote = "Guests' results are not on the daily board: sign in to put your result on the board."

// View is a player's view of their own board: face-up cards and
// counts only, as JSON of the race's game (each game writes its own:
// game.Board.AppendView), tagged with the game. Game is not on the wire:
// a view travels in a frame of a race whose information (RaceInfo.Game)
// names the game. Decoding a RaceMessage or a Watching tags its views;
// the Go client tags acks and boards of the races it has seen.
type View struct {
	// Game is the view's game ("" while unknown).
	Game scoreboard.Game `json:"-"`
	// JSON is the view as the game writes it.
	JSON json.RawMessage `json:"-"`
}

// MarshalJSON returns the view's JSON (null for none).
func (v View) MarshalJSON() ([]byte, error) {
	if len(v.JSON) == 0 {
		return []byte("null"), nil
	}
	return v.JSON, nil
}

// UnmarshalJSON keeps a copy of b; Game stays as it was.
func (v *View) UnmarshalJSON(b []byte) error {
	v.JSON = append(v.JSON[:0:0], b...)
	return nil
}

// RaceMessage gives a racer the full state of their race: sent when it
// starts and on every (re)connection.
type RaceMessage struct {
	Type  string    `json:"type"`
	Race  RaceInfo  `json:"race"`
	Phase string    `json:"phase"`
	Now   time.Time `json:"server_time"`
	// Seq is the length of the racer's log: the next move is Seq+1.
	Seq      uint64                `json:"seq"`
	View     View                  `json:"view"`
	Status   scoreboard.Status     `json:"status"`
	Progress []scoreboard.Progress `json:"progress"`
}

// Ack acknowledges a stored action with the racer's new view.
type Ack struct {
	Type   string            `json:"type"`
	Race   string            `json:"race"`
	Seq    uint64            `json:"seq"`
	Status scoreboard.Status `json:"status"`
	// Duplicate reports a resent action that had been applied already.
	Duplicate bool `json:"duplicate,omitempty"`
	View      View `json:"view"`
}

// ProgressMessage is one racer's progress, live.
type ProgressMessage struct {
	Type     string              `json:"type"`
	Race     string              `json:"race"`
	Progress scoreboard.Progress `json:"progress"`
}

// RaceEnd is the result of a race and the reveal of its deal.
type RaceEnd struct {
	Type   string            `json:"type"`
	Race   string            `json:"race"`
	Result scoreboard.Result `json:"result"`
	Reveal Reveal            `json:"reveal"`
}

// Reveal discloses the deal at the end: check it with "klondike
// verify" or match/fair. Deal is the deal in deck order, its cards in
// notation separated by spaces: 52 cards in a Klondike race, 104 in a
// Spider race (the game's ParseDeal reads it back). A daily challenge's race
// withholds its seed, nonce and deal (Withheld, absent from the JSON)
// until RevealAt, the end of its UTC day, since others race the same deal
// until then.
type Reveal struct {
	Commitment string     `json:"commitment"`
	Seed       uint64     `json:"seed,string,omitzero"`
	Profile    string     `json:"profile"`
	Nonce      string     `json:"nonce,omitempty"`
	Deal       string     `json:"deal,omitempty"`
	Withheld   bool       `json:"withheld,omitempty"`
	RevealAt   *time.Time `json:"reveal_at,omitempty"`
}

// Watching opens a spectator's view of a race: progress now, boards as
// they were SpectatorDelayMS ago.
type Watching struct {
	Type     string                `json:"type"`
	Race     RaceInfo              `json:"race"`
	Phase    string                `json:"phase"`
	Now      time.Time             `json:"server_time"`
	Progress []scoreboard.Progress `json:"progress"`
	Boards   []Board               `json:"boards"`
}

// Board is a racer's board as a spectator may see it, delayed.
type Board struct {
	Type  string `json:"type,omitempty"`
	Race  string `json:"race"`
	Racer string `json:"racer"`
	Seq   uint64 `json:"seq"`
	View  View   `json:"view"`
}

// Races is a page of the live races, oldest first. Next, when there
// are older races, is the cursor to send as list_races's Before for
// them.
type Races struct {
	Type  string     `json:"type"`
	Races []RaceInfo `json:"races"`
	Next  string     `json:"next,omitempty"`
	// Playing is how many people race now: the distinct players, bots
	// left out, of the live races the listing read (daily challenges
	// included), whichever page it is.
	Playing int `json:"playing,omitempty"`
}

// RaceRatings tells a finished race's racers and spectators what the race
// did to the ratings: sent once after race_end (Rated false for a race
// that counts for no rating), and again to whoever joins or watches the
// ended race later.
type RaceRatings struct {
	Type string `json:"type"`
	scoreboard.Ratings
}

// RematchVote tells a race's racers that one of them wants a rematch
// (in a room, the room message's Ready says the same, and more).
type RematchVote struct {
	Type   string `json:"type"`
	Race   string `json:"race"`
	Player string `json:"player"`
}

// Pong answers ping.
type Pong struct {
	Type string `json:"type"`
}

// DefaultGame is the game of a race whose information names none
// (RaceInfo.Game absent): the server's first registered game.
const DefaultGame = scoreboard.GameKlondike

// GameName returns the race's game: Game, or DefaultGame when Game is
// absent.
func (i *RaceInfo) GameName() scoreboard.Game {
	if i.Game == "" {
		return DefaultGame
	}
	return i.Game
}

// UnmarshalJSON decodes a race message and tags its view with the
// race's game.
func (m *RaceMessage) UnmarshalJSON(b []byte) error {
	type plain RaceMessage
	if err := json.Unmarshal(b, (*plain)(m)); err != nil {
		return err
	}
	m.View.Game = m.Race.GameName()
	return nil
}

// UnmarshalJSON decodes a spectator's opening message and tags its
// boards' views with the race's game.
func (w *Watching) UnmarshalJSON(b []byte) error {
	type plain Watching
	if err := json.Unmarshal(b, (*plain)(w)); err != nil {
		return err
	}
	for i := range w.Boards {
		w.Boards[i].View.Game = w.Race.GameName()
	}
	return nil
}
