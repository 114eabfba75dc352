package archive_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// Nodes starting together on one database each open it: one applies the
// migrations, the others wait for its lock and find them applied.
func TestConcurrentOpens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"SQLite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "sub", "archive.db") }},
		{"Postgres", func(t *testing.T) string { return archivetest.PostgresURL(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := tc.url(t)
			archivetest.ConcurrentOpens(t, 4, func() (archive.Archive, error) { return archive.Open(t.Context(), url, games.All) })
			a, err := archive.Open(t.Context(), url, games.All)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			var n int
			if err := a.DB().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM archive_schema").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != a.Version() || n < 1 {
				t.Errorf("got %d migrations recorded, want each once (%d)", n, a.Version())
			}
		})
	}
}

func TestOpenBadURL(t *testing.T) {
	t.Parallel()
	for _, url := range []string{"", "mysql://x/y"} {
		if _, err := archive.Open(t.Context(), url, games.All); err == nil {
			t.Errorf("Open(%q): got no error, want ErrURL", url)
		}
	}
}

// Migration 6 marks the rows of players who shared a place in races
// archived before it: a database at version 5 with a tie and a race won
// outright comes out with tied set on the tie's two rows only.
func TestMigrationMarksTies(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "archive.db")
	a, err := archive.Open(ctx, path, games.All)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // race → its rows' tied, by place
	for _, places := range [][]int{{1, 1}, {1, 2}} {
		rp := replaytest.Sample()
		rp.Race = archivetest.UniqueID("tie")
		rp.Result.Race = rp.Race
		for i := range rp.Result.Standings {
			rp.Result.Standings[i].Place = places[i]
		}
		if _, err := a.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		want[rp.Race] = map[bool]string{true: "1 1", false: "0 0"}[places[0] == places[1]]
	}
	// Back to version 5: no tied column, nor the columns of migration 8.
	for _, q := range []string{`ALTER TABLE archive_race_players DROP COLUMN tied`, `ALTER TABLE archive_fairplay DROP COLUMN divergent`,
		`ALTER TABLE archive_fairplay DROP COLUMN beyond_view`, `DELETE FROM archive_schema WHERE version >= 6`} {
		if _, err := a.DB().ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	a.Close()
	if a, err = archive.Open(ctx, path, games.All); err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rows, err := a.DB().QueryContext(ctx, `SELECT race, tied FROM archive_race_players ORDER BY race, place`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var race string
		var tied int
		if err := rows.Scan(&race, &tied); err != nil {
			t.Fatal(err)
		}
		got[race] = strings.TrimSpace(fmt.Sprintf("%s %d", got[race], tied))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got tied by race %v, want %v", got, want)
	}
}
