package archivetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
)

// SQLiteFile returns the path of a new SQLite archive for t alone, in
// t.TempDir(): a copy of a file that the archive's migrations brought to
// the latest schema once per test binary, so that opening it finds every
// migration applied rather than running them again. A test of the
// migrations themselves opens a path of its own.
func SQLiteFile(t testing.TB) string {
	t.Helper()
	b, err := migratedSQLite()
	if err != nil {
		t.Fatalf("archivetest: %v", err)
	}
	path := filepath.Join(t.TempDir(), "archive.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// migratedSQLite is the content of a new SQLite archive, migrated and
// closed: the write-ahead log checkpointed into the file and removed.
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "archivetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "archive.db")
	a, err := archive.OpenSQLite(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := a.Close(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return nil, fmt.Errorf("%s: write-ahead log left after Close", path)
	}
	return os.ReadFile(path)
})
