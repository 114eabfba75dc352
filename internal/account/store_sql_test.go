package account_test

import (
	"path/filepath"
	"testing"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/internal/account/accounttest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
)

// sqliteStore opens the accounts beside a fresh SQLite archive.
func sqliteStore(t *testing.T) *account.SQLStore {
	t.Helper()
	a, err := archive.OpenSQLite(t.Context(), archivetest.SQLiteFile(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	s, err := account.OpenStore(t.Context(), a.DB(), a.Dialect())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAccountStoreSQLite(t *testing.T) {
	accounttest.Run(t, func(t *testing.T) account.Store { return sqliteStore(t) })
}

func TestAccountStorePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: PostgreSQL")
	}
	accounttest.Run(t, func(t *testing.T) account.Store {
		url := archivetest.PostgresURL(t)
		a, err := archive.OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		s, err := account.OpenStore(t.Context(), a.DB(), a.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// Opening twice migrates once: the schema version stays, the data too.
func TestAccountMigrationsIdempotent(t *testing.T) {
	dir := t.TempDir()
	want := 0
	for range 2 {
		a, err := archive.OpenSQLite(t.Context(), filepath.Join(dir, "archive.db"))
		if err != nil {
			t.Fatal(err)
		}
		s, err := account.OpenStore(t.Context(), a.DB(), a.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		if want == 0 {
			want = s.Version()
		}
		if s.Version() != want || want < 2 {
			t.Fatalf("OpenStore: version %d, want %d both times (and at least 2)", s.Version(), want)
		}
		_ = a.Close()
	}
}
