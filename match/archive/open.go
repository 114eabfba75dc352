package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Open opens the archive that url names: a postgres:// or postgresql://
// URL is a PostgreSQL database, a sqlite: URL or any other text the path
// of an SQLite file.
func Open(ctx context.Context, url string) (*SQL, error) {
	switch {
	case url == "":
		return nil, fmt.Errorf("%w: empty", ErrURL)
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return OpenPostgres(ctx, url)
	case strings.HasPrefix(url, "sqlite:"):
		return OpenSQLite(ctx, strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "//"))
	case strings.Contains(url, "://"):
		return nil, fmt.Errorf("%w: %q: want postgres://…, sqlite:PATH or a file path", ErrURL, url)
	}
	return OpenSQLite(ctx, url)
}

// DefaultPath is the SQLite file of a single node that names no archive:
// $XDG_DATA_HOME/racer/archive.db, else ~/.local/share/racer/archive.db,
// else racer-archive.db in the working directory.
func DefaultPath() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "racer", "archive.db")
	}
	if h, err := os.UserHomeDir(); err == nil && h != "" {
		return filepath.Join(h, ".local", "share", "racer", "archive.db")
	}
	return "racer-archive.db"
}
