package hub

import (
	"encoding/json"
	"github.com/solitaire-race/racer/hub/lobby"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

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
	TypePong        = "pong"
)

// ClientMessage is every message a client sends: Type says which, and
// only that type's fields are read (see PROTOCOL.md).
type ClientMessage struct {
	Type string `json:"type"`
	// hello
	Token string `json:"token,omitempty"`
	Name  string `json:"name,omitempty"`
	// queue, room_create, daily
	Profile string `json:"profile,omitempty"`
	// move, resign, finish, rematch, watch, unwatch
	Race string `json:"race,omitempty"`
	Seq  uint64 `json:"seq,omitempty"`
	Move string `json:"move,omitempty"`
	// room_join
	Code string `json:"code,omitempty"`
	// room_create
	Max              int   `json:"max,omitempty"`
	TimeLimitMS      int64 `json:"time_limit_ms,omitempty"`
	SpectatorDelayMS int64 `json:"spectator_delay_ms,omitempty"`
}

// Welcome answers hello: the player's identity and a token to keep.
type Welcome struct {
	Type     string   `json:"type"`
	Version  int      `json:"version"`
	Player   string   `json:"player"`
	Name     string   `json:"name"`
	Token    string   `json:"token"`
	Profiles []string `json:"profiles"`
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
	Type string   `json:"type"`
	Room WireRoom `json:"room"`
}

// WireRoom is a room on the wire.
type WireRoom struct {
	Code             string        `json:"code"`
	Host             string        `json:"host"`
	Profile          string        `json:"profile"`
	Members          []match.Racer `json:"members"`
	Max              int           `json:"max"`
	TimeLimitMS      int64         `json:"time_limit_ms"`
	SpectatorDelayMS int64         `json:"spectator_delay_ms"`
	Race             string        `json:"race,omitempty"`
}

// RaceInfo is what everyone may know of a race from its start: never
// the seed, the nonce or the deal. Game is the race's game, absent for
// the default game, Klondike (so that Klondike's frames are unchanged):
// read absent as "klondike" (GameName).
type RaceInfo struct {
	ID               string        `json:"id"`
	Game             match.Game    `json:"game,omitempty"`
	Profile          string        `json:"profile"`
	Rules            string        `json:"rules"`
	Commitment       string        `json:"commitment"`
	SolverChecked    bool          `json:"solver_checked"`
	DealNote         string        `json:"deal_note"`
	Room             string        `json:"room,omitempty"`
	Racers           []match.Racer `json:"racers"`
	StartAt          time.Time     `json:"start_at"`
	TimeLimitMS      int64         `json:"time_limit_ms"`
	SpectatorDelayMS int64         `json:"spectator_delay_ms"`
	RankingRule      string        `json:"ranking_rule"`
}

// WireView is a player's view of their own board: face-up cards and
// counts only, as JSON of the race's game (each game writes its own:
// game.Board.AppendView), tagged with the game. Game is not on the wire:
// a view travels in a frame of a race whose information (RaceInfo.Game)
// names the game. Decoding a RaceMessage or a Watching tags its views;
// the Go client tags acks and boards of the races it has seen.
type WireView struct {
	// Game is the view's game ("" while unknown).
	Game match.Game `json:"-"`
	// JSON is the view as the game writes it.
	JSON json.RawMessage `json:"-"`
}

// MarshalJSON returns the view's JSON (null for none).
func (v WireView) MarshalJSON() ([]byte, error) {
	if len(v.JSON) == 0 {
		return []byte("null"), nil
	}
	return v.JSON, nil
}

// UnmarshalJSON keeps a copy of b; Game stays as it was.
func (v *WireView) UnmarshalJSON(b []byte) error {
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
	Seq      uint64           `json:"seq"`
	View     WireView         `json:"view"`
	Status   match.Status     `json:"status"`
	Progress []match.Progress `json:"progress"`
}

// Ack acknowledges a stored action with the racer's new view.
type Ack struct {
	Type   string       `json:"type"`
	Race   string       `json:"race"`
	Seq    uint64       `json:"seq"`
	Status match.Status `json:"status"`
	// Duplicate reports a resent action that had been applied already.
	Duplicate bool     `json:"duplicate,omitempty"`
	View      WireView `json:"view"`
}

// ProgressMessage is one racer's progress, live.
type ProgressMessage struct {
	Type     string         `json:"type"`
	Race     string         `json:"race"`
	Progress match.Progress `json:"progress"`
}

// RaceEnd is the result of a race and the reveal of its deal.
type RaceEnd struct {
	Type   string       `json:"type"`
	Race   string       `json:"race"`
	Result match.Result `json:"result"`
	Reveal WireReveal   `json:"reveal"`
}

// WireReveal discloses the deal at the end: check it with "klondike
// verify" or match/fair. Deal is the deal in deck order: 52 cards in a
// Klondike race, 104 in a Spider race. A daily challenge's race withholds its seed,
// nonce and deal (Withheld, absent from the JSON) until RevealAt, the end
// of its UTC day, since others race the same deal until then.
type WireReveal struct {
	Commitment string     `json:"commitment"`
	Seed       uint64     `json:"seed,string,omitzero"`
	Profile    string     `json:"profile"`
	Nonce      string     `json:"nonce,omitempty"`
	Deal       match.Deal `json:"deal,omitzero"`
	Withheld   bool       `json:"withheld,omitempty"`
	RevealAt   *time.Time `json:"reveal_at,omitempty"`
}

// Watching opens a spectator's view of a race: progress now, boards as
// they were SpectatorDelayMS ago.
type Watching struct {
	Type     string           `json:"type"`
	Race     RaceInfo         `json:"race"`
	Phase    string           `json:"phase"`
	Now      time.Time        `json:"server_time"`
	Progress []match.Progress `json:"progress"`
	Boards   []Board          `json:"boards"`
}

// Board is a racer's board as a spectator may see it, delayed.
type Board struct {
	Type  string   `json:"type,omitempty"`
	Race  string   `json:"race"`
	Racer string   `json:"racer"`
	Seq   uint64   `json:"seq"`
	View  WireView `json:"view"`
}

// Races lists live races.
type Races struct {
	Type  string     `json:"type"`
	Races []RaceInfo `json:"races"`
}

// RematchVote tells a race's racers that one of them wants a rematch.
type RematchVote struct {
	Type   string `json:"type"`
	Race   string `json:"race"`
	Player string `json:"player"`
}

// Pong answers ping.
type Pong struct {
	Type string `json:"type"`
}

// viewOf returns racer's view in m, tagged with the race's game.
func viewOf(m *match.Match, racer string) WireView {
	b, _ := m.AppendView(racer, make([]byte, 0, m.Variant().ViewBytes()))
	return WireView{Game: m.Game(), JSON: b}
}

// boardView returns the view of b, a board of m's race.
func boardView(m *match.Match, b game.Board) WireView {
	return WireView{Game: m.Game(), JSON: b.AppendView(make([]byte, 0, m.Variant().ViewBytes()))}
}

// GameName returns the race's game: Game, or the default game when Game
// is absent.
func (i *RaceInfo) GameName() match.Game {
	if i.Game == "" {
		return match.DefaultGame()
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

// dealNote says where the deal came from, for the race screen.
func dealNote(solverChecked bool) string {
	if solverChecked {
		return "deal proven winnable by the solver"
	}
	return "deal not solver-checked"
}

func raceInfo(r match.Race) RaceInfo {
	g, _ := match.GameOf(r.Profile) // a race's profile is known
	info := RaceInfo{
		ID:               r.ID,
		Profile:          r.Profile,
		Rules:            match.RulesText(r.Profile),
		Commitment:       r.Commitment,
		SolverChecked:    r.SolverChecked,
		DealNote:         dealNote(r.SolverChecked),
		Room:             r.Room,
		Racers:           r.Racers,
		StartAt:          r.StartAt,
		TimeLimitMS:      r.TimeLimit.Milliseconds(),
		SpectatorDelayMS: r.SpectatorDelay.Milliseconds(),
		RankingRule:      match.RankingRuleOf(g),
	}
	if g != match.DefaultGame() {
		info.Game = g
	}
	return info
}

func wireRoom(r lobby.Room) WireRoom {
	return WireRoom{Code: r.Code, Host: r.Host, Profile: r.Profile, Members: r.Members, Max: r.Max,
		TimeLimitMS: r.TimeLimit.Milliseconds(), SpectatorDelayMS: r.SpectatorDelay.Milliseconds(), Race: r.Race}
}
