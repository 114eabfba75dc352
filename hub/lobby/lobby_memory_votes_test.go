package lobby

import (
	"testing"
	"time"
)

// TestMemoryVotesExpire: a race's rematch votes are dropped once the last
// is memoryVoteTTL old, at the next vote of any race.
func TestMemoryVotesExpire(t *testing.T) {
	t.Parallel() // memory lobbies of its own, beside the Redis tests
	l := NewMemory()
	ctx := t.Context()
	if done, err := l.VoteRematch(ctx, "old", "ann", 2); err != nil || done {
		t.Fatalf("first vote: got %v, %v, want false, nil", done, err)
	}
	l.mu.Lock()
	l.votes["old"].last = time.Now().Add(-memoryVoteTTL)
	l.mu.Unlock()
	if done, err := l.VoteRematch(ctx, "new", "bob", 2); err != nil || done {
		t.Fatalf("vote on another race: got %v, %v, want false, nil", done, err)
	}
	l.mu.Lock()
	_, kept := l.votes["old"]
	n := len(l.votes)
	l.mu.Unlock()
	if kept || n != 1 {
		t.Errorf("after an hour: race old's votes kept %v, %d races with votes, want dropped and 1", kept, n)
	}
	// A vote cast after expiry starts over: one vote of two is not enough.
	if done, _ := l.VoteRematch(ctx, "old", "cid", 2); done {
		t.Error("a vote after the old ones expired completed the rematch, want it to start over")
	}
}
