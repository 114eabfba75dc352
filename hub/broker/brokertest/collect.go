package brokertest

import (
	"testing"
	"time"
)

// Collect returns a handler for Subscribe and the channel on which it
// hands over what it receives (up to 1,000 payloads; more are dropped).
func Collect() (func([]byte), <-chan string) {
	ch := make(chan string, 1000)
	return func(b []byte) {
		select {
		case ch <- string(b):
		default:
		}
	}, ch
}

// Expect fails t unless got yields want, in order, each within Wait.
func Expect(t *testing.T, got <-chan string, want ...string) {
	t.Helper()
	for _, w := range want {
		select {
		case g := <-got:
			if g != w {
				t.Fatalf("received %q, want %q", g, w)
			}
		case <-time.After(Wait):
			t.Fatalf("no %q within %v", w, Wait)
		}
	}
}
