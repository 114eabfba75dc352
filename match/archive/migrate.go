package archive

import (
	"context"
	"database/sql"
	"embed"
	"io/fs"

	"github.com/solitaire-race/racer/internal/sqlmigrate"
)

// The archive's migrations: migrations/DIALECT/NNNN_name.sql, recorded
// in archive_schema (internal/sqlmigrate).
//
//go:embed migrations
var migrationFiles embed.FS

var schema = func() sqlmigrate.Set {
	sub, err := fs.Sub(migrationFiles, "migrations")
	if err != nil {
		panic(err) // the embedded directory is there
	}
	return sqlmigrate.Set{Name: "archive", Files: sub, Table: "archive_schema"}
}()

// migrate brings db's schema to the latest version in one transaction,
// under d's lock, so that nodes starting together apply each migration
// once, and returns the schema version.
func migrate(ctx context.Context, db *sql.DB, d *dialect) (int, error) {
	return schema.Apply(ctx, db, d.name, d.lock)
}
