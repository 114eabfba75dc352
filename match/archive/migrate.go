package archive

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Migrations are SQL files, one per schema version, per dialect:
// migrations/DIALECT/NNNN_name.sql, applied in order of NNNN. A file that
// was released never changes; a change of schema is a new file.
//
// A small runner rather than a library: two dialects, one table of
// versions and one transaction per start are all it takes, and it takes
// the lock each dialect needs (migrate).
//
//go:embed migrations
var migrationFiles embed.FS

// migration is one schema version's SQL.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns dialect's migrations in order.
func migrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("archive: migration %s: want NNNN_name.sql", e.Name())
		}
		b, err := fs.ReadFile(migrationFiles, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	slices.SortFunc(ms, func(a, b migration) int { return a.version - b.version })
	for i := 1; i < len(ms); i++ {
		if ms[i].version == ms[i-1].version {
			return nil, fmt.Errorf("archive: two migrations of version %d", ms[i].version)
		}
	}
	return ms, nil
}

// migrate brings db's schema to the latest version in one transaction,
// under d's lock, so that nodes starting together apply each migration
// once: the first applies, the others wait, then find nothing left to do.
// It returns the schema version.
func migrate(ctx context.Context, db *sql.DB, d *dialect) (int, error) {
	ms, err := migrations(d.name)
	if err != nil {
		return 0, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("archive: migrate: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if d.lock != "" {
		if _, err := tx.ExecContext(ctx, d.lock); err != nil {
			return 0, fmt.Errorf("archive: migrate: lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS archive_schema (
		version integer PRIMARY KEY,
		name    text NOT NULL
	)`); err != nil {
		return 0, fmt.Errorf("archive: migrate: %w", err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM archive_schema`).Scan(&current); err != nil {
		return 0, fmt.Errorf("archive: migrate: %w", err)
	}
	if n := len(ms); n > 0 && current > ms[n-1].version {
		return 0, fmt.Errorf("archive: schema version %d is newer than this program's %d", current, ms[n-1].version)
	}
	for _, m := range ms {
		if m.version <= current {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return 0, fmt.Errorf("archive: migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO archive_schema (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
			return 0, fmt.Errorf("archive: migration %s: %w", m.name, err)
		}
		current = m.version
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("archive: migrate: %w", err)
	}
	return current, nil
}
