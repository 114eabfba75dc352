package lobby

import (
	"slices"

	"github.com/solitaire-race/racer/match"
)

// Rematch is one member's word on a room's rematch (Lobby.RematchRoom).
type Rematch struct {
	// Prev is the room's finished race the rematch follows.
	Prev string
	// Voters are Prev's racers: those still in the room must all be
	// ready for the next race to start.
	Voters []string
	// Next is the ID the next race takes if this call starts it.
	Next string
	// Player is the member whose word this is; "" only checks whether
	// the race can start (after a member left).
	Player string
	// Ready: Player is ready; false: Player declines, or withdraws their
	// readiness.
	Ready bool
}

// rematch applies m to r, the room as stored, and reports whether it
// starts the next race. Both lobbies change a room through it, so they
// decide alike.
func (r *Room) rematch(m Rematch) (bool, error) {
	if r.Race == "" || r.Race != m.Prev {
		return false, ErrRoomStale
	}
	if m.Player != "" {
		if !slices.ContainsFunc(r.Members, func(x match.Racer) bool { return x.ID == m.Player }) {
			return false, ErrNotMember
		}
		r.Ready = slices.DeleteFunc(r.Ready, func(id string) bool { return id == m.Player })
		r.Declined = slices.DeleteFunc(r.Declined, func(id string) bool { return id == m.Player })
		if m.Ready {
			r.Ready = append(r.Ready, m.Player)
		} else {
			r.Declined = append(r.Declined, m.Player)
		}
	}
	if len(r.Members) < MinRoomSize || len(r.Ready) == 0 {
		return false, nil
	}
	for _, x := range r.Members {
		if slices.Contains(m.Voters, x.ID) && !slices.Contains(r.Ready, x.ID) {
			return false, nil
		}
	}
	r.Race, r.Ready, r.Declined = m.Next, nil, nil
	return true, nil
}

// forget drops a member who left from the room's rematch lists.
func (r *Room) forget(player string) {
	r.Ready = slices.DeleteFunc(r.Ready, func(id string) bool { return id == player })
	r.Declined = slices.DeleteFunc(r.Declined, func(id string) bool { return id == player })
}
