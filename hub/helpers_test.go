package hub_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/game/klondikegame"
	"github.com/solitaire-race/racer/match/game/spidergame"
	"github.com/solitaire-race/racer/match/matchtest"
)

// waitFor bounds every wait in these tests.
const waitFor = 20 * time.Second

type testServer struct {
	hub *hub.Hub
	srv *httptest.Server
	url string
}

// newServer starts a hub over httptest with a winnable deal (seed from
// matchtest) and no countdown, unless cfg says otherwise.
func newServer(t *testing.T, cfg hub.Config) *testServer {
	t.Helper()
	if cfg.Dealer == nil {
		seed, _ := matchtest.Winnable(games.All, "bvs")
		cfg.Dealer = match.FixedDealer{Seed: seed}
	}
	if cfg.Countdown == 0 {
		cfg.Countdown = time.Nanosecond
	}
	if cfg.RateLimit == 0 {
		cfg.RateLimit, cfg.RateBurst = 10000, 10000
	}
	if cfg.Logger == nil {
		cfg.Logger = discardLogger()
	}
	if cfg.Accounts == nil {
		// These tests' players are guests; the tests of accounts
		// (accounts_test.go) give the hub its Accounts and rate as a
		// server with accounts does.
		cfg.RateGuests = true
	}
	h, err := hub.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = h.Shutdown(ctx)
		srv.Close()
	})
	return &testServer{hub: h, srv: srv, url: "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"}
}

func ctxT(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	t.Cleanup(cancel)
	return ctx
}

// dial connects and says hello as name (a new player).
func (s *testServer) dial(t *testing.T, name string, opts client.Options) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctxT(t), s.url, opts)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { c.Drop() })
	w, err := c.Hello(ctxT(t), name, "")
	if err != nil {
		t.Fatalf("Hello(%s): %v", name, err)
	}
	return c, w
}

// redial connects again with a token.
func (s *testServer) redial(t *testing.T, token string, opts client.Options) (*client.Client, wire.Welcome) {
	t.Helper()
	c, err := client.Dial(ctxT(t), s.url, opts)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { c.Drop() })
	w, err := c.Hello(ctxT(t), "", token)
	if err != nil {
		t.Fatalf("Hello with token: %v", err)
	}
	return c, w
}

// winningLine returns the line that wins the test deal.
func winningLine(t *testing.T) []string {
	t.Helper()
	_, line := matchtest.Winnable(games.All, "bvs")
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}

// play sends moves one by one, each acknowledged before the next.
func play(t *testing.T, c *client.Client, race string, moves []string) wire.Ack {
	t.Helper()
	var ack wire.Ack
	for _, mv := range moves {
		seq, err := c.Move(ctxT(t), race, mv)
		if err != nil {
			t.Fatalf("Move %s: %v", mv, err)
		}
		ack, err = c.WaitAck(ctxT(t), race, seq)
		if err != nil {
			t.Fatalf("ack of %s (seq %d): %v", mv, seq, err)
		}
	}
	return ack
}

// expectError waits for an error message and checks its code.
func expectError(t *testing.T, c *client.Client, code string) *client.Error {
	t.Helper()
	e, err := c.WaitError(ctxT(t))
	if err != nil {
		t.Fatalf("waiting for error %s: %v", code, err)
	}
	if e.Code != code {
		t.Fatalf("error code %q (%s), want %q", e.Code, e.Message, code)
	}
	return e
}

// bothRace waits for a race message on a, then on b, and returns both.
func bothRace(t *testing.T, a, b *client.Client) (ra, rb wire.RaceMessage) {
	t.Helper()
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if rb, err = b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	return ra, rb
}

// queueBoth queues a for the default profile, waits until a waits, then
// queues b: the two are paired into one race.
func queueBoth(t *testing.T, a, b *client.Client) {
	t.Helper()
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
}

// pair queues two new players and returns them with their race.
func (s *testServer) pair(t *testing.T, opts ...client.Options) (a, b *client.Client, wa, wb wire.Welcome, race wire.RaceMessage) {
	t.Helper()
	oa, ob := client.Options{}, client.Options{}
	if len(opts) > 0 {
		oa = opts[0]
	}
	if len(opts) > 1 {
		ob = opts[1]
	}
	a, wa = s.dial(t, "Ann", oa)
	b, wb = s.dial(t, "Bob", ob)
	queueBoth(t, a, b)
	ra, rb := bothRace(t, a, b)
	if ra.Race.ID != rb.Race.ID {
		t.Fatalf("paired into different races %s and %s", ra.Race.ID, rb.Race.ID)
	}
	return a, b, wa, wb, ra
}

var _ = klondike.DefaultProfile

func asError(err error, target **client.Error) bool { return errors.As(err, target) }

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// pairAndWin pairs two new players, plays the winning line for the first
// and waits for the race's end on its connection.
func (s *testServer) pairAndWin(t *testing.T, opts ...client.Options) (a *client.Client, wa wire.Welcome, race wire.RaceMessage, line []string) {
	t.Helper()
	a, _, wa, _, race = s.pair(t, opts...)
	line = winningLine(t)
	play(t, a, race.Race.ID, line)
	if _, err := a.WaitEnd(ctxT(t), race.Race.ID); err != nil {
		t.Fatal(err)
	}
	return a, wa, race, line
}

// spiderView decodes a Spider view from the wire.
func spiderView(t testing.TB, w wire.View) spidergame.WireView {
	t.Helper()
	var v spidergame.WireView
	if err := json.Unmarshal(w.JSON, &v); err != nil {
		t.Fatalf("spider view %s: %v", w.JSON, err)
	}
	return v
}

// klondikeView decodes a Klondike view from the wire.
func klondikeView(t testing.TB, w wire.View) klondikegame.WireView {
	t.Helper()
	var v klondikegame.WireView
	if err := json.Unmarshal(w.JSON, &v); err != nil {
		t.Fatalf("klondike view %s: %v", w.JSON, err)
	}
	return v
}
