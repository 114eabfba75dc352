package account

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/solitaire-race/racer/internal/sqlmigrate"
)

// The accounts' migrations: migrations/DIALECT/NNNN_name.sql, recorded
// in account_schema (internal/sqlmigrate), a table of their own so that
// they never share numbers with the archive's.
//
//go:embed migrations
var migrationFiles embed.FS

var schema = func() sqlmigrate.Set {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // the embedded directory is there
	}
	return sqlmigrate.Set{Name: "account", Files: sub, Table: "account_schema"}
}()

// migrationLockKey serializes the accounts' migrations on PostgreSQL
// (pg_advisory_xact_lock); SQLite's immediate transactions serialize
// them there.
const migrationLockKey = 0x72616365_61636374 // "raceacct"

// migrate brings db's account schema to the latest version in one
// transaction and returns the version.
func migrate(ctx context.Context, db *sql.DB, dialect string) (int, error) {
	lock := ""
	if dialect == "postgres" {
		lock = fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", migrationLockKey)
	}
	return schema.Apply(ctx, db, dialect, lock)
}
