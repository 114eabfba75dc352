package archive_test

import (
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
)

func TestSQLite(t *testing.T) {
	t.Parallel() // a file of its own, beside PostgreSQL
	path := archivetest.SQLiteFile(t)
	archivetest.Suite(t, games.All, func(t *testing.T) archive.Archive {
		a, err := archive.Open(t.Context(), path, games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		return a
	})
}

func TestPostgres(t *testing.T) {
	t.Parallel() // a schema of its own, beside SQLite
	url := archivetest.PostgresURL(t)
	archivetest.Suite(t, games.All, func(t *testing.T) archive.Archive {
		a, err := archive.Open(t.Context(), url, games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		return a
	})
}
