package hub

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/scoreboard"
	"github.com/solitaire-race/racer/spider"
)

// The largest values the protocol allows, for the worst case of every
// frame the server sends.
var (
	// A name of 20 letters of 4 bytes each (U+1D538, a letter).
	worstName = strings.Repeat("\U0001D538", 20)
	// The longest race ID an error names; real ones are shorter.
	worstRaceID = strings.Repeat("f", wire.MaxRaceID)
	worstTime   = time.Date(2026, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", -(23*3600+59*60)))
	worstNumber = math.MaxInt64
)

func worstRacers() []match.Racer {
	rs := make([]match.Racer, 8) // a room's most
	for i := range rs {
		rs[i] = match.Racer{ID: "0123456789abcdef", Name: worstName, Account: true}
	}
	return rs
}

// worstInfo is the largest race information of any profile.
func worstInfo(t *testing.T) wire.RaceInfo {
	t.Helper()
	var out wire.RaceInfo
	size := 0
	for _, p := range games.Profiles() {
		info := raceInfo(games.All, match.Race{ID: worstRaceID, Profile: p, Commitment: strings.Repeat("a", 64),
			Room: "ABCDEF", Racers: worstRacers(), StartAt: worstTime,
			TimeLimit: time.Duration(worstNumber), SpectatorDelay: time.Duration(worstNumber)})
		if n := sizeOf(t, info); n > size {
			out, size = info, n
		}
	}
	return out
}

// worstView is the larger of a Klondike view with all 52 cards face up
// in the columns and three in the waste, and a Spider view with all 104
// cards face up and eight completed runs besides (more than a position
// can hold), every count at its widest.
func worstView(t *testing.T) wire.View {
	t.Helper()
	kd := klondike.NewDeal(1)
	var k klondikegame.WireView
	for i := range k.Columns {
		k.Columns[i] = klondikegame.WireColumn{Down: worstNumber, Up: []klondike.Card{}}
	}
	for i, c := range kd {
		k.Columns[i%len(k.Columns)].Up = append(k.Columns[i%len(k.Columns)].Up, c)
	}
	k.Waste = kd[:3]
	k.Stock, k.WasteSize, k.PassesUsed, k.PassesLeft, k.Actions = worstNumber, worstNumber, worstNumber, worstNumber, worstNumber
	for i := range k.Foundations {
		k.Foundations[i] = worstNumber
	}
	sd := spider.NewDeal(1, 4)
	var s spidergame.WireView
	for i := range s.Columns {
		s.Columns[i] = spidergame.WireColumn{Down: worstNumber, Up: []spider.Card{}}
	}
	for i, c := range sd {
		s.Columns[i%len(s.Columns)].Up = append(s.Columns[i%len(s.Columns)].Up, c)
	}
	s.Stock, s.Completed, s.Actions = worstNumber, worstNumber, worstNumber
	s.CompletedSuits = strings.Split("CDHSCDHS", "")
	kb, _ := json.Marshal(k)
	sb, _ := json.Marshal(s)
	if len(kb) > len(sb) {
		return wire.View{JSON: kb}
	}
	return wire.View{JSON: sb}
}

func worstProgress() scoreboard.Progress {
	return scoreboard.Progress{Racer: "bot:0123456789ab", Seq: math.MaxUint64,
		Foundations: [4]int{worstNumber, worstNumber, worstNumber, worstNumber}, Foundation: worstNumber,
		TurnedUp: worstNumber, Actions: worstNumber, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "passes", Value: worstNumber}, scoreboard.Count{Name: "completed", Value: worstNumber, OmitZero: true}),
		Status: scoreboard.StatusDisconnected, ReachedAt: worstTime}
}

func sizeOf(t *testing.T, v any) int {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// TestFramesFitMaxFrame builds the worst case of every message the server
// sends and checks that none exceeds wire.MaxFrame (coder/websocket's
// default client read limit): PROTOCOL.md's table of frame sizes.
func TestFramesFitMaxFrame(t *testing.T) {
	t.Parallel()
	info, view := worstInfo(t), worstView(t)
	progress := make([]scoreboard.Progress, 8)
	boards := make([]wire.Board, 8)
	standings := make([]scoreboard.Standing, 8)
	members := make([]scoreboard.Racer, 8)
	for i := range 8 {
		progress[i] = worstProgress()
		boards[i] = wire.Board{Race: worstRaceID, Racer: "0123456789abcdef", Seq: math.MaxUint64, View: view}
		standings[i] = scoreboard.Standing{Place: worstNumber, Player: "0123456789abcdef", Name: worstName,
			Status: scoreboard.StatusDisconnected, Foundation: worstNumber, Counts: scoreboard.NewCounts(scoreboard.Count{Name: "completed", Value: worstNumber, OmitZero: true}), ReachedAt: worstTime, EndedAt: worstTime, Actions: worstNumber}
		members[i] = scoreboard.Racer{ID: "0123456789abcdef", Name: worstName, Account: true}
	}
	page := make([]wire.RaceInfo, RacesPage)
	for i := range page {
		page[i] = info
	}
	deal := strings.TrimSpace(strings.Repeat("TS ", 104))
	revealAt := worstTime
	// Every byte of the message and the race JSON-escaped six-fold, as
	// '<' is (\u003c).
	escapes := strings.Repeat("<", wire.MaxErrorMessage)
	frames := map[string]any{
		"welcome": wire.Welcome{Type: wire.TypeWelcome, Version: wire.ProtocolVersion, Player: "0123456789abcdef",
			Name: worstName, Token: strings.Repeat("A", 512), Profiles: games.Profiles()},
		"error": wire.Error{Type: wire.TypeError, Code: "cannot_watch_own", Message: escapes,
			Race: strings.Repeat("<", wire.MaxRaceID), Seq: math.MaxUint64},
		"queued": wire.Queued{Type: wire.TypeUnqueued, Profile: "spider-4-std"},
		"room": wire.RoomMessage{Type: wire.TypeRoom, Room: wire.Room{Code: "ABCDEF", Host: "0123456789abcdef",
			Profile: "spider-4-std", Members: members, Max: 8, TimeLimitMS: int64(worstNumber), SpectatorDelayMS: int64(worstNumber), Race: worstRaceID,
			Ready: slices.Repeat([]string{"0123456789abcdef"}, 7), Declined: []string{"0123456789abcdef"}}},
		"race": wire.RaceMessage{Type: wire.TypeRace, Race: info, Phase: "countdown", Now: worstTime,
			Seq: math.MaxUint64, View: view, Status: scoreboard.StatusDisconnected, Progress: progress},
		"ack": wire.Ack{Type: wire.TypeAck, Race: worstRaceID, Seq: math.MaxUint64, Status: scoreboard.StatusDisconnected,
			Duplicate: true, View: view},
		"progress": wire.ProgressMessage{Type: wire.TypeProgress, Race: worstRaceID, Progress: worstProgress()},
		"race_end": wire.RaceEnd{Type: wire.TypeRaceEnd, Race: worstRaceID,
			Result: scoreboard.Result{Race: worstRaceID, Reason: scoreboard.EndTimeLimit, Standings: standings, FinishedAt: worstTime},
			Reveal: wire.Reveal{Commitment: strings.Repeat("a", 64), Seed: math.MaxUint64, Profile: "spider-4-std",
				Nonce: strings.Repeat("a", 64), Deal: deal, Withheld: true, RevealAt: &revealAt}},
		"watching": wire.Watching{Type: wire.TypeWatching, Race: info, Phase: "countdown", Now: worstTime,
			Progress: progress, Boards: boards},
		"board":        wire.Board{Type: wire.TypeBoard, Race: worstRaceID, Racer: "0123456789abcdef", Seq: math.MaxUint64, View: view},
		"races":        wire.Races{Type: wire.TypeRaces, Races: page, Next: strings.Repeat("z", maxCursor), Playing: worstNumber},
		"rematch_vote": wire.RematchVote{Type: wire.TypeRematchVote, Race: worstRaceID, Player: "0123456789abcdef"},
		"pong":         wire.Pong{Type: wire.TypePong},
		"arena":        worstArena(),
		"arena_you": wire.ArenaYou{Type: wire.TypeArenaYou, Arena: strings.Repeat("a", 64), Rank: worstNumber, Points: worstNumber,
			Races: worstNumber, Streak: worstNumber, Fire: true, Paused: true, Withdrawn: true},
		"ratings": wire.RaceRatings{Type: wire.TypeRatings, Ratings: worstRatings()},
	}
	for name, f := range frames {
		n := sizeOf(t, f)
		t.Logf("%-12s at most %6d bytes", name, n)
		if n > wire.MaxFrame {
			t.Errorf("%s: worst case %d bytes, want at most %d (wire.MaxFrame)", name, n, wire.MaxFrame)
		}
	}
	t.Logf("race information at most %d bytes", sizeOf(t, info))
	t.Logf("view at most %d bytes", len(view.JSON))
}

// worstArena is the largest arena message: ArenaTop standings with
// 80-byte names and every count at its widest, ArenaRaces races of four.
func worstArena() wire.ArenaMessage {
	m := wire.ArenaMessage{Type: wire.TypeArena, Phase: "finished", Now: worstTime, Players: worstNumber,
		Arena: wire.ArenaInfo{ID: strings.Repeat("a", 64), Name: strings.Repeat("\U0001F0A1", 40), Profile: "spider-4-std",
			Start: worstTime, End: worstTime, DurationMS: int64(worstNumber), RaceSize: 4, Rated: true,
			Host: "0123456789abcdef", Private: true}}
	for range wire.ArenaTop {
		m.Standings = append(m.Standings, wire.ArenaStanding{Rank: worstNumber, Player: "0123456789abcdef", Name: worstName, Bot: true,
			Points: worstNumber, Races: worstNumber, Wins: worstNumber, Streak: worstNumber, Fire: true, Performance: worstNumber,
			Withdrawn: true, Paused: true})
	}
	for range wire.ArenaRaces {
		m.Races = append(m.Races, wire.ArenaRace{Race: worstRaceID, Players: []string{"0123456789abcdef", "0123456789abcdef",
			"0123456789abcdef", "0123456789abcdef"}, Since: worstTime, Points: worstNumber})
	}
	return m
}

// worstRatings is a ratings message's widest payload: 8 racers, every
// number at its longest.
func worstRatings() scoreboard.Ratings {
	r := scoreboard.Ratings{Race: worstRaceID, Profile: "spider-4-std", Rated: true}
	for range 8 {
		r.Changes = append(r.Changes, scoreboard.RatingChange{Player: "0123456789abcdef", Before: -1234567.8, After: -1234567.8,
			Deviation: -1234567.8, Games: math.MinInt, Provisional: true, GamesToGo: math.MinInt})
	}
	return r
}
