package archive

import (
	"context"
	"database/sql"
	"fmt"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// migrationLockKey is the pg_advisory_xact_lock key that serializes the
// migrations of every node on one PostgreSQL database ("racer-ar").
const migrationLockKey = 0x72616365722d6172

var postgres = &dialect{
	name: "postgres",
	lock: fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", migrationLockKey),
}

// OpenPostgres opens the archive's PostgreSQL database of url
// (postgres://user:pass@host:port/db?…, as pgx reads it) and migrates its
// schema, holding an advisory lock so that nodes may start together;
// without games (Open gives them), its races neither save nor load.
func OpenPostgres(ctx context.Context, url string) (*SQL, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("archive: %w", err)
	}
	// A node writes from one archiver and reads replays on demand: a few
	// connections suffice, and many nodes share the server's limit.
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(4)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("archive: %w", err)
	}
	return newSQL(ctx, db, postgres)
}
