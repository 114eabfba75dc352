package archive_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
)

// TestFairPlayMarksReadTheArchive: a player a moderator marks (Annul)
// is marked, at once through the node that forgets what it kept, and
// within Fresh through any other; a player not marked is not.
func TestFairPlayMarksReadTheArchive(t *testing.T) {
	t.Parallel()
	fairPlayArchives(t, func(t *testing.T, a *archive.SQL) {
		ctx := t.Context()
		cat, ann := "00000000000000c1", "00000000000000a1"
		now := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		here, err := archive.NewMarks(archive.MarksConfig{Source: a.IsAnnulled, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		there, _ := archive.NewMarks(archive.MarksConfig{Source: a.IsAnnulled, Now: clock})
		for _, m := range []*archive.Marks{here, there} {
			if got, err := m.Marked(ctx, cat); err != nil || got {
				t.Fatalf("Cat before the mark: got %v, %v, want false", got, err)
			}
		}
		if _, err := a.Annul(ctx, archive.Annulment{Player: cat, Moderator: ann, At: now}, rating.Config{}, leaderboard.NewMemoryStore()); err != nil {
			t.Fatal(err)
		}
		here.Forget(cat)
		if got, err := here.Marked(ctx, cat); err != nil || !got {
			t.Fatalf("Cat through the node that marked her: got %v, %v, want true", got, err)
		}
		if got, _ := there.Marked(ctx, cat); got {
			t.Fatal("another node knew the mark before its answer aged: the cache keeps nothing")
		}
		now = now.Add(2 * time.Second)
		if got, err := there.Marked(ctx, cat); err != nil || !got {
			t.Fatalf("Cat through another node after Fresh: got %v, %v, want true", got, err)
		}
		if got, err := there.Marked(ctx, ann); err != nil || got {
			t.Fatalf("Ann, not marked: got %v, %v, want false", got, err)
		}
	})
}

// TestFairPlayMarksCache: an answer "not marked" is read again after
// Fresh, a mark is kept for good, both within Size; an error is
// returned and not kept.
func TestFairPlayMarksCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	marked := map[string]bool{"cat": true, "dan": true}
	reads := map[string]int{}
	fail := false
	src := func(_ context.Context, p string) (bool, error) {
		if fail {
			return false, errors.New("archive down")
		}
		reads[p]++
		return marked[p], nil
	}
	now := time.Unix(1_800_000_000, 0)
	m, err := archive.NewMarks(archive.MarksConfig{Source: src, Fresh: time.Second, Size: 1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	ask := func(p string, want bool) {
		t.Helper()
		if got, err := m.Marked(ctx, p); err != nil || got != want {
			t.Fatalf("Marked(%s): got %v, %v, want %v", p, got, err, want)
		}
	}
	ask("ann", false)
	ask("ann", false)
	if reads["ann"] != 1 {
		t.Fatalf("Ann read %d times within Fresh, want 1", reads["ann"])
	}
	now = now.Add(time.Second)
	ask("ann", false)
	if reads["ann"] != 2 {
		t.Fatalf("Ann read %d times after Fresh, want 2", reads["ann"])
	}
	// Size 1: Bob takes Ann's place among the unmarked, though hers is
	// fresh, so she is read again.
	ask("bob", false)
	ask("ann", false)
	if reads["ann"] != 3 {
		t.Fatalf("Ann read %d times after Bob took her place, want 3", reads["ann"])
	}
	ask("cat", true)
	now = now.Add(time.Hour)
	ask("cat", true)
	if reads["cat"] != 1 {
		t.Fatalf("Cat read %d times, want 1: a mark is kept", reads["cat"])
	}
	// Size 1: Dan's mark is not kept beside Cat's, so it is read again.
	ask("dan", true)
	ask("dan", true)
	if reads["dan"] != 2 {
		t.Fatalf("Dan read %d times, want 2: the marks kept are bounded", reads["dan"])
	}
	fail = true
	if _, err := m.Marked(ctx, "eve"); err == nil {
		t.Fatal("an unreadable archive answered no error")
	}
	fail = false
	ask("eve", false)
	if reads["eve"] != 1 {
		t.Fatalf("Eve read %d times after an error, want 1", reads["eve"])
	}
	if _, err := archive.NewMarks(archive.MarksConfig{}); err == nil {
		t.Fatal("NewMarks without Source: no error")
	}
}

// BenchmarkFairPlayMarks measures what the hub pays to read a player's
// mark: the archive's query (an archive of 1,000 marked players, the
// player read not among them) and an answer Marks kept.
func BenchmarkFairPlayMarks(b *testing.B) {
	open := map[string]func(b *testing.B) string{
		"sqlite":   func(b *testing.B) string { return filepath.Join(b.TempDir(), "archive.db") },
		"postgres": func(b *testing.B) string { return archivetest.PostgresURL(b) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			a, err := archive.Open(ctx, open[name](b), games.All)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { _ = a.Close() })
			now := time.Now()
			for i := range 1000 {
				if _, err := a.DB().ExecContext(ctx, `INSERT INTO archive_annulled (player, moderator, note, at) VALUES ($1, $2, '', $3)`,
					fmt.Sprintf("%016x", i), "00000000000000ff", now.UnixMilli()); err != nil {
					b.Fatal(err)
				}
			}
			b.Run("archive", func(b *testing.B) {
				for b.Loop() {
					if marked, err := a.IsAnnulled(ctx, "ffffffffffffffff"); err != nil || marked {
						b.Fatal(marked, err)
					}
				}
			})
			m, _ := archive.NewMarks(archive.MarksConfig{Source: a.IsAnnulled, Fresh: time.Hour})
			b.Run("kept", func(b *testing.B) {
				for b.Loop() {
					if marked, err := m.Marked(ctx, "ffffffffffffffff"); err != nil || marked {
						b.Fatal(marked, err)
					}
				}
			})
		})
	}
}
