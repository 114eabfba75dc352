package hub_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// stillOpen checks that c answers a ping.
func stillOpen(t *testing.T, c *client.Client) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypePing}); err != nil {
		t.Fatalf("ping: %v", err)
	}
	if _, err := c.WaitType(ctxT(t), wire.TypePong); err != nil {
		t.Fatalf("no pong: connection did not stay open: %v", err)
	}
}

// waitClosed waits for the server to close c and returns the close code.
func waitClosed(t *testing.T, c *client.Client) websocket.StatusCode {
	t.Helper()
	select {
	case <-c.Done():
		return c.CloseStatus()
	case <-ctxT(t).Done():
		t.Fatal("connection not closed")
		return 0
	}
}

func TestBadInputAnswers(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ReadLimit: 1024})
	tests := []struct {
		name  string
		hello bool
		frame string
		code  string
	}{
		{"malformed JSON", true, `{"type":`, wire.CodeBadJSON},
		{"not an object", true, `[1,2]`, wire.CodeBadJSON},
		{"null", true, `null`, wire.CodeBadJSON},
		{"null before hello", false, ` null `, wire.CodeBadJSON},
		{"empty array", true, `[]`, wire.CodeBadJSON},
		{"number", true, `1`, wire.CodeBadJSON},
		{"string", true, `"x"`, wire.CodeBadJSON},
		{"true", true, `true`, wire.CodeBadJSON},
		{"false before hello", false, `false`, wire.CodeBadJSON},
		{"unknown type", true, `{"type":"teleport"}`, wire.CodeUnknownType},
		{"before hello", false, `{"type":"queue"}`, wire.CodeHelloFirst},
		{"unknown type before hello", false, `{"type":"nope"}`, wire.CodeUnknownType},
		{"bad token", false, `{"type":"hello","token":"abc.def"}`, wire.CodeBadToken},
		{"forged token", false, `{"type":"hello","token":"eyJwIjoiMDEyMzQ1Njc4OWFiY2RlZiIsIm4iOiJFdmUiLCJpIjowfQ.AAAA"}`, wire.CodeBadToken},
		{"empty name", false, `{"type":"hello","name":""}`, wire.CodeBadName},
		{"bad name", false, `{"type":"hello","name":"<script>"}`, wire.CodeBadName},
		{"long name", false, `{"type":"hello","name":"` + strings.Repeat("a", 21) + `"}`, wire.CodeBadName},
		{"second hello", true, `{"type":"hello","name":"Again"}`, wire.CodeBadRequest},
		{"move in no race", true, `{"type":"move","race":"nosuchrace","seq":1,"move":"D"}`, wire.CodeNotInRace},
		{"unknown profile", true, `{"type":"queue","profile":"spider"}`, wire.CodeUnknownProfile},
		{"watch unknown race", true, `{"type":"watch","race":"nosuchrace"}`, wire.CodeRaceNotFound},
		{"join unknown room", true, `{"type":"room_join","code":"ZZZZZZ"}`, wire.CodeRoomNotFound},
		{"room too big", true, `{"type":"room_create","max":9}`, wire.CodeBadRequest},
		{"start without room", true, `{"type":"room_start"}`, wire.CodeBadRequest},
		{"wrong field type", true, `{"type":"move","seq":"one"}`, wire.CodeBadJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := client.Dial(ctxT(t), s.url, client.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Drop()
			if tc.hello {
				if _, err := c.Hello(ctxT(t), "Tess", ""); err != nil {
					t.Fatal(err)
				}
			}
			if err := c.SendRaw(ctxT(t), []byte(tc.frame)); err != nil {
				t.Fatal(err)
			}
			plainMessage(t, expectError(t, c, tc.code))
			stillOpen(t, c)
		})
	}
}

func TestOversizedFrameCloses1009(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ReadLimit: 1024})
	c, _ := s.dial(t, "Big", client.Options{})
	big := `{"type":"ping","name":"` + strings.Repeat("x", 2000) + `"}`
	_ = c.SendRaw(ctxT(t), []byte(big))
	if code := waitClosed(t, c); code != websocket.StatusMessageTooBig {
		t.Errorf("close code %v, want 1009", code)
	}
}

// TestInvalidUTF8Closes1007: a text frame that is not UTF-8 fails the
// connection with 1007 (RFC 6455, section 8.1) instead of being answered.
func TestInvalidUTF8Closes1007(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	c, _ := s.dial(t, "Utf", client.Options{})
	stillOpen(t, c)
	_ = c.SendRaw(ctxT(t), []byte("{\"type\":\"ping\",\"x\":\"\xff\"}"))
	if code := waitClosed(t, c); code != websocket.StatusInvalidFramePayloadData {
		t.Errorf("close code %v, want 1007", code)
	}
}

func TestFloodRateLimitedThenClosed1008(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{RateLimit: 1, RateBurst: 5})
	c, _ := s.dial(t, "Flood", client.Options{})
	go func() {
		for range 100 {
			if c.Send(context.Background(), wire.ClientMessage{Type: wire.TypePing}) != nil {
				return
			}
		}
	}()
	expectError(t, c, wire.CodeRateLimited)
	if code := waitClosed(t, c); code != websocket.StatusPolicyViolation {
		t.Errorf("close code %v, want 1008", code)
	}
}

func TestMoveErrors(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, _, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:1])
	tests := []struct {
		name string
		msg  wire.ClientMessage
		code string
	}{
		{"skips ahead", wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 5, Move: "D"}, wire.CodeOutOfSequence},
		{"illegal", wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 2, Move: "FH-3"}, wire.CodeIllegalMove},
		{"not notation", wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 2, Move: "draw please"}, wire.CodeBadMove},
		{"no seq", wire.ClientMessage{Type: wire.TypeMove, Race: id, Move: "D"}, wire.CodeBadRequest},
		{"other race", wire.ClientMessage{Type: wire.TypeMove, Race: id + "x", Seq: 2, Move: "D"}, wire.CodeNotInRace},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := a.Send(ctxT(t), tc.msg); err != nil {
				t.Fatal(err)
			}
			plainMessage(t, expectError(t, a, tc.code))
		})
	}
	// Nothing changed: the next move is still seq 2.
	ack := play(t, a, id, line[1:2])
	if ack.Seq != 2 {
		t.Errorf("ack seq %d, want 2", ack.Seq)
	}
	// A stranger's move in the race is refused.
	x, _ := s.dial(t, "Xena", client.Options{})
	_ = x.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 1, Move: "D"})
	expectError(t, x, wire.CodeNotInRace)
	_ = b
}

func TestBadOriginRefused(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{OriginPatterns: []string{"good.example"}})
	_, err := client.Dial(ctxT(t), s.url, client.Options{Header: http.Header{"Origin": {"https://evil.example"}}})
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("dial from a bad origin: %v, want a 403 refusal", err)
	}
	c, err := client.Dial(ctxT(t), s.url, client.Options{Header: http.Header{"Origin": {"https://good.example"}}})
	if err != nil {
		t.Fatalf("dial from an allowed origin: %v", err)
	}
	c.Drop()
}

func TestHelloTimeout(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{HelloTimeout: 50 * 1e6})
	c, err := client.Dial(ctxT(t), s.url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Drop()
	if code := waitClosed(t, c); code != wire.CloseHelloTimeout {
		t.Errorf("close code %v, want %v", code, wire.CloseHelloTimeout)
	}
}

// TestRateLimitedMovesAnswered: every move the rate limit refuses is
// answered rate_limited with its race and seq, not only the first, so a
// client knows which to send again; sent again later, it is applied.
func TestRateLimitedMovesAnswered(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{RateLimit: 1, RateBurst: 20})
	a, _, _, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	send := func(seq uint64) (client.Message, wire.Error) {
		t.Helper()
		if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: seq, Move: line[seq-1]}); err != nil {
			t.Fatal(err)
		}
		m, err := a.Wait(ctxT(t), func(m client.Message) bool { return m.Type == wire.TypeAck || m.Type == wire.TypeError })
		if err != nil {
			t.Fatalf("move %d: no answer: %v", seq, err)
		}
		var e wire.Error
		if m.Type == wire.TypeError {
			if err := m.Decode(&e); err != nil {
				t.Fatal(err)
			}
		}
		return m, e
	}
	// Moves until the burst is spent: the first refused one is seq.
	var seq uint64
	for seq = 1; int(seq) <= len(line); seq++ {
		if m, _ := send(seq); m.Type == wire.TypeError {
			break
		}
	}
	if int(seq) > len(line) {
		t.Fatal("no move was rate limited")
	}
	// It and two more tries at once are each answered with race and seq.
	for try := range 2 {
		m, e := send(seq)
		if m.Type != wire.TypeError || e.Code != wire.CodeRateLimited || e.Race != id || e.Seq != seq {
			t.Fatalf("try %d of move %d: got %s %+v, want rate_limited naming race %s seq %d", try+2, seq, m.Type, e, id, seq)
		}
	}
	time.Sleep(1100 * time.Millisecond) // a token comes back
	if m, e := send(seq); m.Type != wire.TypeAck {
		t.Fatalf("move %d sent again after a second: got %s %+v, want its ack", seq, m.Type, e)
	}
}

// packagePrefix matches a Go error's package prefix ("hub: ").
var packagePrefix = regexp.MustCompile(`(^|: )[a-z][a-z0-9]*: `)

// plainMessage fails unless e's message is a sentence for people: not
// empty, no Go package prefix.
func plainMessage(t *testing.T, e *client.Error) {
	t.Helper()
	if e.Message == "" || packagePrefix.MatchString(e.Message) {
		t.Errorf("error %s: message %q, want a plain sentence", e.Code, e.Message)
	}
}
