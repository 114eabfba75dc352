// Package sqlmigrate brings a database's schema up to date from SQL
// files, one per schema version and dialect: DIALECT/NNNN_name.sql,
// applied in order of NNNN in one transaction and recorded in a table of
// versions. A file that was released never changes; a change of schema
// is a new file. The archive (match/archive) and the accounts
// (internal/account) each have a set, with a table of versions of its
// own so that the two never share numbers.
//
// A small runner rather than a library: two dialects, one table of
// versions and one transaction per start are all it takes, and it takes
// the lock the caller names, so that nodes starting together apply each
// migration once.
package sqlmigrate

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Set is one schema's migrations.
type Set struct {
	// Name starts every error ("archive", "account").
	Name string
	// Files holds DIALECT/NNNN_name.sql.
	Files fs.FS
	// Table records the versions applied; created when missing.
	Table string
}

// Migration is one schema version's SQL.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// List returns dialect's migrations in order.
func (s Set) List(dialect string) ([]Migration, error) {
	entries, err := fs.ReadDir(s.Files, dialect)
	if err != nil {
		return nil, fmt.Errorf("%s: no migrations for %q: %w", s.Name, dialect, err)
	}
	var ms []Migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("%s: migration %s: want NNNN_name.sql", s.Name, e.Name())
		}
		b, err := fs.ReadFile(s.Files, path.Join(dialect, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: e.Name(), SQL: string(b)})
	}
	slices.SortFunc(ms, func(a, b Migration) int { return a.Version - b.Version })
	for i := 1; i < len(ms); i++ {
		if ms[i].Version == ms[i-1].Version {
			return nil, fmt.Errorf("%s: two migrations of version %d", s.Name, ms[i].Version)
		}
	}
	return ms, nil
}

// Apply brings db's schema to dialect's latest version in one
// transaction, after lock (a statement that serializes the nodes
// starting together, such as PostgreSQL's pg_advisory_xact_lock; "" for
// none, as SQLite's immediate transactions serialize them), and returns
// the version: the first node applies, the others wait, then find
// nothing left to do. A schema newer than the files is an error.
func (s Set) Apply(ctx context.Context, db *sql.DB, dialect, lock string) (int, error) {
	ms, err := s.List(dialect)
	if err != nil {
		return 0, err
	}
	fail := func(what string, err error) (int, error) {
		return 0, fmt.Errorf("%s: %s: %w", s.Name, what, err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fail("migrate", err)
	}
	defer func() { _ = tx.Rollback() }()
	if lock != "" {
		if _, err := tx.ExecContext(ctx, lock); err != nil {
			return fail("migrate: lock", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+s.Table+` (
		version integer PRIMARY KEY,
		name    text NOT NULL
	)`); err != nil {
		return fail("migrate", err)
	}
	var current int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM `+s.Table).Scan(&current); err != nil {
		return fail("migrate", err)
	}
	if n := len(ms); n > 0 && current > ms[n-1].Version {
		return 0, fmt.Errorf("%s: schema version %d is newer than this program's %d", s.Name, current, ms[n-1].Version)
	}
	for _, m := range ms {
		if m.Version <= current {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fail("migration "+m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO `+s.Table+` (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
			return fail("migration "+m.Name, err)
		}
		current = m.Version
	}
	if err := tx.Commit(); err != nil {
		return fail("migrate", err)
	}
	return current, nil
}
