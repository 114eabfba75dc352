package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	msqlite "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
	sqlite3 "modernc.org/sqlite/lib"
)

// Every transaction on SQLite begins IMMEDIATE: it takes the write lock
// at once, so the migration's transaction serializes processes opening one
// file together, and no transaction fails midway on a lock upgrade.
var sqlite = &dialect{name: "sqlite"}

// OpenSQLite opens the archive's database in the SQLite file at path,
// creating the file and its directory when missing, and migrates its
// schema; without games (Open gives them), its races neither save nor
// load. Several
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
	if err := pingSQLite(ctx, db); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("archive: %s: %w", path, err)
	}
	return newSQL(ctx, db, sqlite)
}

// pingSQLite opens db's first connection, which applies the pragmas.
// Switching a new file to WAL takes an exclusive lock without waiting
// (busy_timeout does not cover it), so a connection opened while
// another does the same is refused with SQLITE_BUSY: it tries again,
// for up to ten seconds as busy_timeout would.
func pingSQLite(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(10 * time.Second)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		err := db.PingContext(ctx)
		var se *msqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}
