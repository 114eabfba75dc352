package archive_test

import (
	"path/filepath"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
)

// Nodes starting together on one database each open it: one applies the
// migrations, the others wait for its lock and find them applied.
func TestConcurrentOpens(t *testing.T) {
	for _, tc := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"SQLite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "sub", "archive.db") }},
		{"Postgres", func(t *testing.T) string { return archivetest.PostgresURL(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := tc.url(t)
			archivetest.ConcurrentOpens(t, 4, func() (archive.Archive, error) { return archive.Open(t.Context(), url) })
			a, err := archive.Open(t.Context(), url)
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
	for _, url := range []string{"", "mysql://x/y"} {
		if _, err := archive.Open(t.Context(), url); err == nil {
			t.Errorf("Open(%q): got no error, want ErrURL", url)
		}
	}
}
