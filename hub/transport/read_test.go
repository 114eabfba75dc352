package transport

import (
	"encoding/binary"
	"testing"

	"github.com/coder/websocket"
)

// TestServe sends text and binary frames, then frames the server must
// refuse: each refusal closes with its code, and no refused frame reaches
// the handler.
func TestServe(t *testing.T) {
	tests := []struct {
		name  string
		typ   websocket.MessageType
		frame []byte
		code  websocket.StatusCode
	}{
		{"invalid UTF-8", websocket.MessageText, []byte("{\"type\":\"ping\",\"x\":\"\xff\"}"), websocket.StatusInvalidFramePayloadData},
		{"truncated UTF-8", websocket.MessageText, []byte("caf\xc3"), websocket.StatusInvalidFramePayloadData},
		{"surrogate half", websocket.MessageText, []byte("\xed\xa0\x80"), websocket.StatusInvalidFramePayloadData},
		{"over the read limit", websocket.MessageText, make([]byte, 2000), websocket.StatusMessageTooBig},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := testCtx(t)
			type frame struct {
				text bool
				b    string
			}
			got := make(chan frame, 8)
			s := newTestServer(t, Config{ReadLimit: 1024}, 0, func(c *Conn, text bool, b []byte) bool {
				got <- frame{text, string(b)}
				return true
			})
			ws, sv := s.dial(ctx, t, 0)
			valid := []frame{{true, `{"type":"ping"}`}, {false, "\xff\x00"}, {true, "héllo ♠"}}
			for _, f := range valid {
				typ := websocket.MessageBinary
				if f.text {
					typ = websocket.MessageText
				}
				if err := ws.Write(ctx, typ, []byte(f.b)); err != nil {
					t.Fatal(err)
				}
			}
			if err := ws.Write(ctx, tc.typ, tc.frame); err != nil {
				t.Fatal(err)
			}
			_, _, err := ws.Read(ctx)
			if code := websocket.CloseStatus(err); code != tc.code {
				t.Fatalf("read: %v (code %d), want close %d", err, code, tc.code)
			}
			waitDone(ctx, t, sv)
			close(got)
			var frames []frame
			for f := range got {
				frames = append(frames, f)
			}
			if len(frames) != len(valid) {
				t.Fatalf("got %d frames handled, want %d: %+v", len(frames), len(valid), frames)
			}
			for i, f := range frames {
				if f != valid[i] {
					t.Errorf("frame %d: got %+v, want %+v", i, f, valid[i])
				}
			}
			if sv.c.Context().Err() == nil {
				t.Error("context alive after the reading ended")
			}
		})
	}
}

// TestServeHandlerStops: a handler that returns false ends the reading
// and the connection.
func TestServeHandlerStops(t *testing.T) {
	ctx := testCtx(t)
	s := newTestServer(t, Config{}, 0, func(c *Conn, text bool, b []byte) bool { return false })
	ws, sv := s.dial(ctx, t, 0)
	if err := ws.Write(ctx, websocket.MessageText, []byte("bye")); err != nil {
		t.Fatal(err)
	}
	waitDone(ctx, t, sv)
	if _, _, err := ws.Read(ctx); err == nil {
		t.Fatal("read a frame from an ended connection")
	}
}

// TestNoFrameHandedDuringClose: a message that comes after the server's
// close frame, with the client's close, is not handed on: the server is
// closing, and coder/websocket reads it while it waits for the close.
func TestNoFrameHandedDuringClose(t *testing.T) {
	ctx := testCtx(t)
	got := make(chan string, 4)
	s := newTestServer(t, Config{}, 0, func(c *Conn, _ bool, b []byte) bool {
		got <- string(b)
		return true
	})
	nc, br, err := upgradeRaw(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var sv served
	select {
	case sv = <-s.conns:
	case <-ctx.Done():
		t.Fatal("no connection accepted")
	}
	sv.c.CloseAfterFlush(websocket.StatusNormalClosure, "bye")
	for {
		op, _, err := readServerFrame(br)
		if err != nil {
			t.Fatalf("no close frame: %v", err)
		}
		if op == 0x8 {
			break
		}
	}
	late := append(clientFrame(0x1, []byte("late")),
		clientFrame(0x8, binary.BigEndian.AppendUint16(nil, uint16(websocket.StatusNormalClosure)))...)
	if _, err := nc.Write(late); err != nil {
		t.Fatal(err)
	}
	waitDone(ctx, t, sv)
	select {
	case b := <-got:
		t.Fatalf("got frame %q handed on after the close frame, want none", b)
	default:
	}
}
