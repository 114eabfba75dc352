package archivetest

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver

	"github.com/solitaire-race/racer/internal/testenv"
)

// DefaultPostgresURL is the server PostgresURL uses when
// RACER_TEST_POSTGRES names none.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL returns the URL of a fresh, empty schema of the PostgreSQL
// server named by RACER_TEST_POSTGRES (default DefaultPostgresURL): its
// search_path is a schema of this test alone, dropped at cleanup. When no
// server answers it skips t, or fails it under CI=true.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("RACER_TEST_POSTGRES")
	if base == "" {
		base = DefaultPostgresURL
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", base)
	if err == nil {
		err = db.PingContext(ctx)
	}
	if err != nil {
		if db != nil {
			_ = db.Close()
		}
		testenv.Unavailable(t, fmt.Sprintf("no PostgreSQL at RACER_TEST_POSTGRES or %s (%v; apt-get install postgresql)", DefaultPostgresURL, err))
		return ""
	}
	schema := fmt.Sprintf("archive_test_%d_%d", os.Getpid(), counter.Add(1))
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		_ = db.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = db.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		_ = db.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
