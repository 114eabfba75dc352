package archive

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Every transaction on SQLite begins IMMEDIATE: it takes the write lock
// at once, so the migration's transaction serializes processes opening one
// file together, and no transaction fails midway on a lock upgrade.
var sqlite = &dialect{name: "sqlite"}

// OpenSQLite opens the archive in the SQLite file at path, creating the
// file and its directory when missing, and migrates its schema. Several
// processes may open one file; they wait up to ten seconds for each
// other's writes.
func OpenSQLite(ctx context.Context, path string) (*SQL, error) {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("archive: %w", err)
		}
	}
	q := url.Values{}
	q.Set("_txlock", "immediate")
	q["_pragma"] = []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(NORMAL)", "foreign_keys(ON)"}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("archive: %w", err)
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("archive: %s: %w", path, err)
	}
	return newSQL(ctx, db, sqlite)
}
