package main

import (
	"context"
	"github.com/solitaire-race/racer/hub/wire"
	"strconv"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

// maxDetect is the longest a racer whose node died may still be shown
// connected to the other nodes' players and spectators.
const maxDetect = 5 * time.Second

// TestFailureDetectionSIGKILL: three racer processes on one Redis; Ann on
// node A races Bob on node B while Carol watches on node C. Node A dies
// of SIGKILL, announcing nothing: Bob and Carol must see Ann
// disconnected within maxDetect (node heartbeats, -node-ttl). Ann then
// resumes on node C, is shown playing again, and wins; the race is
// ranked as ever.
func TestFailureDetectionSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: -short: builds cmd/racer and runs three processes")
	}
	srv := redistest.Start(t, redistest.Options{}) // skips without redis-server, fails under CI=true
	bin := buildRacerBinary(t)
	seed, line := failoverLine(t)
	args := []string{"-redis", "redis://" + srv.Addr + "/0", "-secret", "detect-test-secret-0123456789abcdef",
		"-seed", strconv.FormatUint(seed, 10), "-countdown", "300ms", "-pool-size", "0", "-bot-after", "0",
		"-rate", "1000", "-burst", "1000", "-shutdown-timeout", "2s"}
	nodeA := startRacerProc(t, bin, "nodeA", args...)
	nodeB := startRacerProc(t, bin, "nodeB", args...)
	nodeC := startRacerProc(t, bin, "nodeC", args...)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ann, wa := failoverDial(t, ctx, nodeA, "Ann", "", &ackLog{})
	bob, _ := failoverDial(t, ctx, nodeB, "Bob", "", &ackLog{})
	carol, _ := failoverDial(t, ctx, nodeC, "Carol", "", &ackLog{})
	if err := ann.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	if _, err := ann.WaitType(ctx, wire.TypeQueued); err != nil {
		t.Fatalf("Ann's queued: %v", err)
	}
	if err := bob.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue}); err != nil {
		t.Fatal(err)
	}
	ra, err := ann.WaitRace(ctx)
	if err != nil {
		t.Fatalf("Ann's race: %v", err)
	}
	id := ra.Race.ID
	if _, err := bob.WaitRace(ctx); err != nil {
		t.Fatalf("Bob's race: %v", err)
	}
	if err := carol.Send(ctx, wire.ClientMessage{Type: wire.TypeWatch, Race: id}); err != nil {
		t.Fatal(err)
	}
	if _, err := carol.WaitType(ctx, wire.TypeWatching); err != nil {
		t.Fatalf("Carol's watching: %v", err)
	}
	if wait := time.Until(ra.Race.StartAt); wait > 10*time.Second {
		t.Fatalf("race starts in %v, want within the 300ms countdown", wait)
	} else {
		time.Sleep(wait + 50*time.Millisecond) // the countdown, by the store's clock (this machine's)
	}

	const before = 5
	playAcked(t, ctx, ann, id, line[:before])
	annIs := func(status match.Status, seq uint64) func(client.Message) bool {
		return func(m client.Message) bool {
			var p wire.ProgressMessage
			return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Race == id &&
				p.Progress.Racer == wa.Player && p.Progress.Status == status && p.Progress.Seq >= seq
		}
	}
	for who, c := range map[string]*client.Client{"Bob": bob, "Carol": carol} {
		if _, err := c.Wait(ctx, annIs(match.StatusPlaying, before)); err != nil {
			t.Fatalf("%s never saw Ann's progress: %v", who, err)
		}
	}

	killed := time.Now()
	nodeA.kill(t)
	type seen struct {
		who  string
		took time.Duration
		err  error
	}
	got := make(chan seen, 2)
	for who, c := range map[string]*client.Client{"Bob": bob, "Carol": carol} {
		go func() {
			_, err := c.Wait(ctx, annIs(match.StatusDisconnected, before))
			got <- seen{who, time.Since(killed), err}
		}()
	}
	for range 2 {
		s := <-got
		if s.err != nil {
			t.Fatalf("%s never saw Ann disconnected after node A's SIGKILL: %v", s.who, s.err)
		}
		t.Logf("node A killed: %s saw Ann disconnected after %v", s.who, s.took.Round(time.Millisecond))
		if s.took > maxDetect {
			t.Errorf("%s saw Ann disconnected %v after node A's SIGKILL, want within %v", s.who, s.took, maxDetect)
		}
	}

	// Ann resumes on node C: shown playing again, and she wins.
	ann2, _ := failoverDial(t, ctx, nodeC, "", wa.Token, &ackLog{})
	r, err := ann2.WaitRace(ctx)
	if err != nil || r.Race.ID != id {
		t.Fatalf("Ann's resume on node C: %v, race %s; want %s", err, r.Race.ID, id)
	}
	for who, c := range map[string]*client.Client{"Bob": bob, "Carol": carol} {
		if _, err := c.Wait(ctx, annIs(match.StatusPlaying, r.Seq)); err != nil {
			t.Fatalf("%s never saw Ann playing again after her resume: %v", who, err)
		}
	}
	if ack := playAcked(t, ctx, ann2, id, line[r.Seq:]); ack.Status != match.StatusWon {
		t.Fatalf("Ann's last ack has status %q, want %q", ack.Status, match.StatusWon)
	}
	end, err := bob.WaitEnd(ctx, id)
	if err != nil {
		t.Fatalf("Bob's race_end: %v", err)
	}
	checkOneWinner(t, "Bob's race_end", end.Result, wa.Player)
	if nodeB.exited() || nodeC.exited() {
		t.Errorf("a surviving node exited: B %v, C %v", nodeB.exited(), nodeC.exited())
	}
}
