package hub_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/internal/redistest"
)

// waitRoom waits for a room message that ok accepts and returns its room.
func waitRoom(t *testing.T, c *client.Client, what string, ok func(wire.Room) bool) wire.Room {
	t.Helper()
	var got wire.Room
	if _, err := c.Wait(ctxT(t), func(m client.Message) bool {
		var r wire.RoomMessage // fresh: a field absent is empty
		if m.Type != wire.TypeRoom || m.Decode(&r) != nil || !ok(r.Room) {
			return false
		}
		got = r.Room
		return true
	}); err != nil {
		t.Fatalf("waiting for the room with %s: %v", what, err)
	}
	return got
}

// noRaceUntilPong fails when c gets a race message before the pong that
// answers a ping sent now: every frame the hub queued for c before it
// read the ping comes before that pong.
func noRaceUntilPong(t *testing.T, c *client.Client, who string) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypePing}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Wait(ctxT(t), func(m client.Message) bool {
		if m.Type == wire.TypeRace {
			t.Errorf("%s was put in a race: %s", who, m.Raw)
		}
		return m.Type == wire.TypePong
	}); err != nil {
		t.Fatal(err)
	}
}

// endAll has every racer resign and waits for the race's end.
func endAll(t *testing.T, race string, racers ...*client.Client) {
	t.Helper()
	for _, c := range racers {
		play(t, c, race, []string{"resign"})
	}
	for _, c := range racers {
		if _, err := c.WaitEnd(ctxT(t), race); err != nil {
			t.Fatal(err)
		}
	}
}

// roomState reads the room from the lobby.
func roomState(t *testing.T, l lobby.Lobby, code string) lobby.Room {
	t.Helper()
	r, err := l.Room(ctxT(t), code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRoomRematchByConsent: in a room, a rematch is an offer the others
// see (the room's ready list) and no race starts until every member who
// raced is ready; a decline and a withdrawal are seen; a member who left
// does not block; bad requests get a clear error and change nothing. On
// the memory lobby and on Redis (store, broker and lobby), which must
// behave alike.
func TestRoomRematchByConsent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		cfg  func(t *testing.T) hub.Config
	}{
		{"memory", func(t *testing.T) hub.Config { return hub.Config{Lobby: lobby.NewMemory()} }},
		{"redis", func(t *testing.T) hub.Config { return redisBackends(t, redistest.Client(t)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.cfg(t)
			l := cfg.Lobby
			s := newServer(t, cfg)
			host, wh := s.dial(t, "Host", client.Options{})
			guest, wg := s.dial(t, "Guest", client.Options{})
			third, w3 := s.dial(t, "Third", client.Options{})
			stranger, _ := s.dial(t, "Stranger", client.Options{})
			if err := host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomCreate, Max: 4}); err != nil {
				t.Fatal(err)
			}
			code := waitRoom(t, host, "its code", func(wire.Room) bool { return true }).Code
			for _, c := range []*client.Client{guest, third} {
				if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: code}); err != nil {
					t.Fatal(err)
				}
			}
			members := []*client.Client{host, guest, third}
			for _, c := range members {
				waitRoom(t, c, "three members", func(r wire.Room) bool { return len(r.Members) == 3 })
			}
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart})
			var race1 string
			for _, c := range members {
				r, err := c.WaitRace(ctxT(t))
				if err != nil {
					t.Fatal(err)
				}
				race1 = r.Race.ID
			}

			// Refused, changing nothing: a rematch of a running race, of
			// a race the sender was not in, and a quick race's decline.
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			expectError(t, host, wire.CodeRoomBusy)
			endAll(t, race1, members...)
			_ = stranger.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			expectError(t, stranger, wire.CodeNotInRace)
			_ = stranger.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: "0123456789abcdef01"})
			expectError(t, stranger, wire.CodeRaceNotFound)
			if got := roomState(t, l, code); got.Race != race1 || len(got.Ready) != 0 || len(got.Declined) != 0 {
				t.Fatalf("room after refused rematches: %+v, want race %s and nobody ready", got, race1)
			}

			// The host's rematch is an offer: the others see it, and no
			// race starts.
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			// Clients that read only rematch_vote see the offer too.
			vote, room := false, false
			if _, err := guest.Wait(ctxT(t), func(m client.Message) bool {
				var v wire.RematchVote
				vote = vote || m.Type == wire.TypeRematchVote && m.Decode(&v) == nil && v.Player == wh.Player && v.Race == race1
				var r wire.RoomMessage
				room = room || m.Type == wire.TypeRoom && m.Decode(&r) == nil && slices.Equal(r.Room.Ready, []string{wh.Player}) && r.Room.Race == race1
				return vote && room
			}); err != nil {
				t.Fatalf("the guest heard of the host's offer: rematch_vote %v, room with the host ready %v: %v", vote, room, err)
			}
			for _, c := range []*client.Client{host, third} {
				r := waitRoom(t, c, "the host ready", func(r wire.Room) bool { return slices.Equal(r.Ready, []string{wh.Player}) })
				if r.Race != race1 {
					t.Errorf("room race %s after the host's rematch, want still %s", r.Race, race1)
				}
			}
			for i, c := range members {
				noRaceUntilPong(t, c, []string{"the host", "the guest", "the third"}[i])
			}
			// The host's room_start after a finished race is a vote too.
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart})
			waitRoom(t, guest, "the host still ready", func(r wire.Room) bool { return slices.Equal(r.Ready, []string{wh.Player}) })
			noRaceUntilPong(t, guest, "the guest")

			// The third declines; the host withdraws and offers again.
			_ = third.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1, Decline: true})
			waitRoom(t, host, "the third's decline", func(r wire.Room) bool {
				return slices.Equal(r.Declined, []string{w3.Player}) && slices.Equal(r.Ready, []string{wh.Player})
			})
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1, Decline: true})
			waitRoom(t, guest, "the host's withdrawal", func(r wire.Room) bool { return len(r.Ready) == 0 })
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			_ = guest.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			waitRoom(t, third, "host and guest ready", func(r wire.Room) bool { return len(r.Ready) == 2 })
			for i, c := range members {
				noRaceUntilPong(t, c, []string{"the host", "the guest", "the third"}[i])
			}

			// The third leaves: nobody else is waited for, and the race
			// starts for the two.
			_ = third.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomLeave})
			var race2 string
			for _, c := range []*client.Client{host, guest} {
				r, err := c.WaitRace(ctxT(t))
				if err != nil {
					t.Fatal(err)
				}
				if r.Race.ID == race1 || len(r.Race.Racers) != 2 || r.Race.Room != code {
					t.Fatalf("race after the third left: %+v, want a new race of two in %s", r.Race, code)
				}
				race2 = r.Race.ID
			}
			noRaceUntilPong(t, third, "the third, who left")
			_ = third.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			expectError(t, third, wire.CodeRoomBusy) // the room has moved on

			// Race 2 ends; a late word on race 1 is refused. The guest
			// offers, the host accepts: the next race starts for both.
			endAll(t, race2, host, guest)
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race1})
			expectError(t, host, wire.CodeRoomBusy)
			if got := roomState(t, l, code); got.Race != race2 || len(got.Ready) != 0 {
				t.Fatalf("room after a late rematch of race 1: %+v, want race %s, nobody ready", got, race2)
			}
			_ = guest.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race2})
			waitRoom(t, host, "the guest's offer", func(r wire.Room) bool { return slices.Equal(r.Ready, []string{wg.Player}) })
			noRaceUntilPong(t, host, "the host")
			_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race2})
			var race3 string
			for _, c := range []*client.Client{host, guest} {
				r, err := c.WaitRace(ctxT(t))
				if err != nil {
					t.Fatal(err)
				}
				if r.Race.ID == race2 || r.Race.ID == race1 || len(r.Race.Racers) != 2 {
					t.Fatalf("race after the host accepted: %+v, want a new race of two", r.Race)
				}
				if race3 != "" && r.Race.ID != race3 {
					t.Fatalf("host and guest in %s and %s, want one race", race3, r.Race.ID)
				}
				race3 = r.Race.ID
			}
			if got := roomState(t, l, code); got.Race != race3 || len(got.Ready) != 0 || len(got.Declined) != 0 {
				t.Errorf("room after the rematch: %+v, want race %s with the lists cleared", got, race3)
			}
		})
	}
}

// TestQuickRematchNoDecline: a quick race's rematch has no decline (the
// offer lapses unanswered): a decline is refused and counts as no vote.
func TestQuickRematchNoDecline(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, _, _, race := s.pair(t)
	id := race.Race.ID
	endAll(t, id, a, b)
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: id, Decline: true})
	expectError(t, a, wire.CodeBadRequest)
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: id})
	noRaceUntilPong(t, a, "Ann, who declined")
	noRaceUntilPong(t, b, "Bob")
}

// TestBotAcceptsRematch: a bot accepts every rematch: the person's
// Rematch starts the next race against the same bot at once, and the bot
// is launched again to play it.
func TestBotAcceptsRematch(t *testing.T) {
	t.Parallel()
	tokens := make(chan string, 2)
	s := newServer(t, hub.Config{BotAfter: time.Millisecond, LaunchBot: func(_ context.Context, token, _, _ string) { tokens <- token }})
	token := func() string {
		t.Helper()
		select {
		case tok := <-tokens:
			return tok
		case <-ctxT(t).Done():
			t.Fatal("LaunchBot not called")
			return ""
		}
	}
	a, _ := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	r1, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	bot := r1.Race.Racers[1]
	b, _ := s.redial(t, token(), client.Options{})
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	endAll(t, r1.Race.ID, a, b)
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: r1.Race.ID})
	r2, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if r2.Race.ID == r1.Race.ID || len(r2.Race.Racers) != 2 || r2.Race.Racers[1] != bot {
		t.Fatalf("rematch race %+v, want a new race against %+v", r2.Race, bot)
	}
	b2, w2 := s.redial(t, token(), client.Options{})
	if w2.Player != bot.ID {
		t.Errorf("the relaunched bot is %s, want %s", w2.Player, bot.ID)
	}
	if rb, err := b2.WaitRace(ctxT(t)); err != nil || rb.Race.ID != r2.Race.ID {
		t.Errorf("the relaunched bot joined %q (%v), want %s", rb.Race.ID, err, r2.Race.ID)
	}
}
