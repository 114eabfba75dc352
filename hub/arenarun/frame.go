package arenarun

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/arena"
)

// Channel is the broker channel of an arena's announcements. The arena's
// ID sits in a Redis hash tag, as the race channels' IDs do.
func Channel(arenaID string) string { return "arena:{" + arenaID + "}" }

// Info returns an arena's setup as the wire tells it.
func Info(a arena.Arena) wire.ArenaInfo {
	return wire.ArenaInfo{ID: a.ID, Name: a.Name, Profile: a.Profile, Start: a.Start, End: a.End(),
		DurationMS: a.Duration.Milliseconds(), RaceSize: a.RaceSize, Rated: a.Rated, Host: a.Host, Private: a.Private,
		Schedule: wire.ScheduleOf(a.Every)}
}

// Frame returns the arena message of the arena's players at now and
// their whole standings.
func Frame(a arena.Arena, now time.Time, players []arena.Player) (wire.ArenaMessage, []arena.Standing) {
	msg := wire.ArenaMessage{Type: wire.TypeArena, Arena: Info(a), Phase: a.Phase(now), Now: now,
		Players: len(players), Standings: []wire.ArenaStanding{}, Races: []wire.ArenaRace{}}
	paused := map[string]bool{}
	for _, p := range players {
		paused[p.ID] = p.Paused
	}
	st := arena.Standings(players)
	for i, s := range st {
		if i == wire.ArenaTop {
			break
		}
		msg.Standings = append(msg.Standings, wire.ArenaStanding{Rank: s.Rank, Player: s.Player, Name: s.Name, Bot: s.Bot,
			Points: s.Points, Races: s.Races, Wins: s.Wins, Streak: s.Streak, Fire: s.Fire, Performance: s.Perf,
			Withdrawn: s.Withdrawn, Paused: paused[s.Player]})
	}
	for i, r := range arena.LiveRaces(players) {
		if i == wire.ArenaRaces {
			break
		}
		msg.Races = append(msg.Races, wire.ArenaRace{Race: r.Race, Players: r.Players, Since: r.Since, Points: r.Points})
	}
	return msg, st
}

// Message returns the arena's state as the wire tells it and, when
// player is in it below the top, their own line.
func Message(ctx context.Context, st arena.Store, a arena.Arena, player string) (wire.ArenaMessage, *wire.ArenaYou, error) {
	now, err := st.Now(ctx)
	if err != nil {
		return wire.ArenaMessage{}, nil, err
	}
	players, err := st.Players(ctx, a.ID)
	if err != nil {
		return wire.ArenaMessage{}, nil, err
	}
	msg, standings := Frame(a, now, players)
	for i, s := range standings {
		if s.Player == player && i >= wire.ArenaTop {
			you := &wire.ArenaYou{Type: wire.TypeArenaYou, Arena: a.ID, Rank: s.Rank, Points: s.Points, Races: s.Races,
				Streak: s.Streak, Fire: s.Fire, Withdrawn: s.Withdrawn}
			for _, p := range players {
				if p.ID == player {
					you.Paused = p.Paused
				}
			}
			return msg, you, nil
		}
	}
	return msg, nil, nil
}

// RanksHead starts the table of ranks: {"k":"ranks","arena":"ID","lines":
// {"player":[rank,points,races,streak,flags],…}}. Arena IDs are letters,
// digits and -, player IDs JSON strings: the table is searched, not
// decoded, by every connection that follows the arena (YouIn).
var RanksHead = []byte(`{"k":"ranks","arena":"`)

// AppendRanks appends the table of the lines of st below the top
// wire.ArenaTop, bots left out, to b; nil when there are none. Each line
// is [rank, points, races, streak, flags]: flags 1 paused (paused
// reports whom), 2 withdrawn.
func AppendRanks(b []byte, id string, st []arena.Standing, paused map[string]bool) []byte {
	n := 0
	for i, s := range st {
		if i < wire.ArenaTop || s.Bot {
			continue
		}
		if n == 0 {
			b = append(b, RanksHead...)
			b = append(b, id...)
			b = append(b, `","lines":{`...)
		} else {
			b = append(b, ',')
		}
		n++
		k, _ := json.Marshal(s.Player)
		b = append(b, k...)
		b = append(b, ':', '[')
		b = strconv.AppendInt(b, int64(s.Rank), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Points), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Races), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Streak), 10)
		flags := 0
		if paused[s.Player] {
			flags |= 1
		}
		if s.Withdrawn {
			flags |= 2
		}
		b = append(b, ',', byte('0'+flags), ']')
	}
	if n == 0 {
		return nil
	}
	return append(b, '}', '}')
}

// YouIn returns player's line in a table of ranks b (which starts with
// RanksHead), and whether it has one.
func YouIn(b []byte, player string) (wire.ArenaYou, bool) {
	rest := b[len(RanksHead):]
	q := bytes.IndexByte(rest, '"')
	if q < 0 {
		return wire.ArenaYou{}, false
	}
	id := string(rest[:q])
	key, _ := json.Marshal(player)
	key = append(key, ':', '[')
	for off := 0; ; {
		i := bytes.Index(rest[off:], key)
		if i < 0 {
			return wire.ArenaYou{}, false
		}
		i += off
		if i == 0 || rest[i-1] != '{' && rest[i-1] != ',' {
			off = i + 1
			continue
		}
		var v [5]uint64
		j := i + len(key)
		for k := range v {
			n, end, ok := wire.ParseUint(rest, j)
			if !ok || end >= len(rest) {
				return wire.ArenaYou{}, false
			}
			v[k], j = n, end+1
		}
		return wire.ArenaYou{Type: wire.TypeArenaYou, Arena: id, Rank: int(v[0]), Points: int(v[1]), Races: int(v[2]),
			Streak: int(v[3]), Fire: v[3] >= 2, Paused: v[4]&1 != 0, Withdrawn: v[4]&2 != 0}, true
	}
}
