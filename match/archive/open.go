package archive

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/solitaire-race/racer/match/game"
)

// Open opens the archive that url names, of the races of games: a
// postgres:// or postgresql:// URL is a PostgreSQL database, a sqlite: URL
// or any other text the path of an SQLite file. Games are every game
// whose records the archive holds (cmd/racer gives match/game/games.All);
// they are required (ErrNoGames).
func Open(ctx context.Context, url string, games *game.Registry) (*SQL, error) {
	if games == nil {
		return nil, fmt.Errorf("%w: Open(…, nil)", ErrNoGames)
	}
	var a *SQL
	var err error
	switch {
	case url == "":
		return nil, fmt.Errorf("%w: empty", ErrURL)
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		a, err = OpenPostgres(ctx, url)
	case strings.HasPrefix(url, "sqlite:"):
		a, err = OpenSQLite(ctx, strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "//"))
	case strings.Contains(url, "://"):
		return nil, fmt.Errorf("%w: %q: want postgres://…, sqlite:PATH or a file path", ErrURL, url)
	default:
		a, err = OpenSQLite(ctx, url)
	}
	if err != nil {
		return nil, err
	}
	a.games = games
	return a, nil
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
