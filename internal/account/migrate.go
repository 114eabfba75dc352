package account

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
// migrations/DIALECT/NNNN_name.sql, applied in order of NNNN and
// recorded in account_schema: the archive's mechanism
// (match/archive/migrate.go), with a version table of its own so that
// the two sets never share numbers. A file that was released never
// changes; a change of schema is a new file.
//
//go:embed migrations
var migrationFiles embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

func migrations(dialect string) ([]migration, error) {
	dir := path.Join("migrations", dialect)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("account: no migrations for %q: %w", dialect, err)
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("account: migration %s: want NNNN_name.sql", e.Name())
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
			return nil, fmt.Errorf("account: two migrations of version %d", ms[i].version)
		}
	}
	return ms, nil
}

// migrationLockKey serializes the accounts' migrations on PostgreSQL
// (pg_advisory_xact_lock); SQLite's immediate transactions serialize
// them there.
const migrationLockKey = 0x72616365_61636374 // "raceacct"

// migrate brings db's account schema to the latest version in one
// transaction and returns the version.
func migrate(ctx context.Context, db *sql.DB, dialect string) (int, error) {
	ms, err := migrations(dialect)
	if err != nil {
		return 0, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("account: migrate: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if dialect == "postgres" {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", migrationLockKey)); err != nil {
			return 0, fmt.Errorf("account: migrate: lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS account_schema (
		version integer PRIMARY KEY,
		name    text NOT NULL
	)`); err != nil {
		return 0, fmt.Errorf("account: migrate: %w", err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM account_schema`).Scan(&current); err != nil {
		return 0, fmt.Errorf("account: migrate: %w", err)
	}
	if n := len(ms); n > 0 && current > ms[n-1].version {
		return 0, fmt.Errorf("account: schema version %d is newer than this program's %d", current, ms[n-1].version)
	}
	for _, m := range ms {
		if m.version <= current {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return 0, fmt.Errorf("account: migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO account_schema (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
			return 0, fmt.Errorf("account: migration %s: %w", m.name, err)
		}
		current = m.version
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("account: migrate: %w", err)
	}
	return current, nil
}
