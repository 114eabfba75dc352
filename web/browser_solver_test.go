package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// statusSignal passes every answer to h and sends on working each time it
// is 503 (a search still running).
type statusSignal struct {
	h       http.Handler
	working chan struct{}
}

func (s statusSignal) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.h.ServeHTTP(signalWriter{w, s.working}, r)
}

type signalWriter struct {
	http.ResponseWriter
	working chan struct{}
}

func (w signalWriter) WriteHeader(status int) {
	w.ResponseWriter.WriteHeader(status)
	if status == http.StatusServiceUnavailable {
		select {
		case w.working <- struct{}{}:
		default:
		}
	}
}

// TestBrowserPracticeSolverWorking: a hint whose search outlasts the
// server's wait answers 503 solver_working; the page keeps looking, asks
// again after Retry-After, and shows the hint once the search is done.
func TestBrowserPracticeSolverWorking(t *testing.T) {
	requireBrowser(t)
	s, err := New(Config{SolverWait: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	s.solve = func(ctx context.Context, p game.Practice, want string) (string, []string, game.Verdict) {
		<-release
		return solveWant(ctx, p, want)
	}
	working := make(chan struct{}, 1)
	ts := httptest.NewServer(statusSignal{s, working})
	t.Cleanup(ts.Close)
	tb := newTab(t, "solver-working", phoneW, phoneH)
	tb.open(ts.URL + "/practice?rules=windows-1&seed=2")
	tb.waitActions(0)
	tb.wait(`!document.querySelector('#p-hint-b').hidden`, "the Hint button")
	tb.keys("h")
	select {
	case <-working:
	case <-time.After(20 * time.Second):
		t.Fatal("no 503 solver_working for the hint within 20 s")
	}
	if msg := eval[string](tb, `document.querySelector('#p-msg').textContent`); msg != "Looking for a hint…" {
		t.Errorf("message while the search runs: got %q, want Looking for a hint…", msg)
	}
	close(release)
	tb.wait(`document.querySelector('#p-msg').textContent.startsWith('Hint: ')`, "the hint once searched")
	tb.wait(`document.querySelector('.card.hint, .pile.hint') !== null`, "the hinted card marked")
}
