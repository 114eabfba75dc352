package cmdutil

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// testFlags is a flag set with a string, an int, a duration and a
// "redis" flag.
func testFlags() (*flag.FlagSet, *string, *int, *time.Duration, *string) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", ":8080", "listen address")
	size := fs.Int("pool-size", 32, "seeds kept ready")
	wait := fs.Duration("pool-wait", 0, "how long a race waits")
	redis := fs.String("redis", "", "Redis URL")
	return fs, addr, size, wait, redis
}

var testEnv = Env{Prefix: "TEST_", Fallback: map[string]string{"redis": "REDIS_URL"}}

func TestEnvName(t *testing.T) {
	for flagName, want := range map[string]string{
		"addr": "TEST_ADDR", "pool-size": "TEST_POOL_SIZE", "redis-cluster": "TEST_REDIS_CLUSTER",
	} {
		if got := testEnv.Name(flagName); got != want {
			t.Errorf("Name(%q): got %q, want %q", flagName, got, want)
		}
	}
	if got := (Env{}).Name("log-level"); got != "LOG_LEVEL" {
		t.Errorf("zero Env: got %q, want LOG_LEVEL", got)
	}
}

func TestEnvApply(t *testing.T) {
	t.Setenv("TEST_ADDR", "127.0.0.1:9999")
	t.Setenv("TEST_POOL_SIZE", "9")
	t.Setenv("REDIS_URL", "redis://from-env:6379/0")
	fs, addr, size, _, redis := testFlags()
	if err := testEnv.Apply(fs); err != nil {
		t.Fatal(err)
	}
	if err := fs.Parse([]string{"-pool-size", "3"}); err != nil {
		t.Fatal(err)
	}
	if *addr != "127.0.0.1:9999" {
		t.Errorf("addr: got %q, want the environment's", *addr)
	}
	if *size != 3 {
		t.Errorf("pool-size: got %d, want 3 (the command line wins)", *size)
	}
	if *redis != "redis://from-env:6379/0" {
		t.Errorf("redis: got %q, want REDIS_URL's", *redis)
	}
}

func TestEnvApplyOwnVariableBeatsFallback(t *testing.T) {
	t.Setenv("REDIS_URL", "redis://common:6379/0")
	t.Setenv("TEST_REDIS", "redis://own:6379/3")
	fs, _, _, _, redis := testFlags()
	if err := testEnv.Apply(fs); err != nil {
		t.Fatal(err)
	}
	if *redis != "redis://own:6379/3" {
		t.Errorf("redis: got %q, want TEST_REDIS's", *redis)
	}
}

func TestEnvApplyEmptyOwnVariableBeatsFallback(t *testing.T) {
	t.Setenv("REDIS_URL", "redis://common:6379/0")
	t.Setenv("TEST_REDIS", "")
	fs, _, _, _, redis := testFlags()
	if err := testEnv.Apply(fs); err != nil {
		t.Fatal(err)
	}
	if *redis != "" {
		t.Errorf("redis: got %q, want TEST_REDIS's empty value", *redis)
	}
}

func TestEnvApplyBadValue(t *testing.T) {
	t.Setenv("TEST_POOL_SIZE", "many")
	fs, _, _, _, _ := testFlags()
	err := testEnv.Apply(fs)
	if err == nil {
		t.Fatal("TEST_POOL_SIZE=many: got no error")
	}
	if want := `TEST_POOL_SIZE="many"`; !strings.Contains(err.Error(), want) {
		t.Errorf("got %q, want it to contain %s", err, want)
	}
}

func TestEnvApplyBadFallbackValue(t *testing.T) {
	t.Setenv("COUNT", "many")
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.Int("count", 1, "a count")
	err := Env{Prefix: "TEST_", Fallback: map[string]string{"count": "COUNT", "absent": "COUNT"}}.Apply(fs)
	if err == nil || !strings.Contains(err.Error(), `COUNT="many"`) {
		t.Errorf("got %v, want an error naming COUNT", err)
	}
}

func TestEnvUsage(t *testing.T) {
	fs, _, _, _, _ := testFlags()
	var out bytes.Buffer
	fs.Usage = testEnv.Usage(fs, &out, "usage: test [flags]", "Each flag may be set by the environment variable in brackets.")
	if err := fs.Parse([]string{"-h"}); err != flag.ErrHelp {
		t.Fatalf("-h: got %v, want flag.ErrHelp", err)
	}
	want := "usage: test [flags]\n" +
		"Each flag may be set by the environment variable in brackets.\n" +
		"  -addr (TEST_ADDR, default \":8080\")\n    \tlisten address\n" +
		"  -pool-size (TEST_POOL_SIZE, default \"32\")\n    \tseeds kept ready\n" +
		"  -pool-wait (TEST_POOL_WAIT, default \"0s\")\n    \thow long a race waits\n" +
		"  -redis (TEST_REDIS, default \"\")\n    \tRedis URL\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestEnvParse(t *testing.T) {
	t.Setenv("TEST_ADDR", "127.0.0.1:9999")
	fs, addr, size, _, _ := testFlags()
	if err := testEnv.Parse(fs, []string{"-pool-size", "3"}); err != nil {
		t.Fatal(err)
	}
	if *addr != "127.0.0.1:9999" || *size != 3 {
		t.Errorf("got addr %q pool-size %d, want 127.0.0.1:9999 3", *addr, *size)
	}
	fs, _, _, _, _ = testFlags()
	err := testEnv.Parse(fs, []string{"-pool-size", "3", "extra"})
	if err == nil || err.Error() != `unexpected arguments ["extra"]` {
		t.Errorf("got %v, want unexpected arguments [\"extra\"]", err)
	}
	t.Setenv("TEST_POOL_SIZE", "many")
	fs, _, _, _, _ = testFlags()
	if err := testEnv.Parse(fs, nil); err == nil || !strings.Contains(err.Error(), "TEST_POOL_SIZE") {
		t.Errorf("got %v, want an error naming TEST_POOL_SIZE", err)
	}
}
