// Package redistest gives tests a real Redis: the one named by REDIS_URL,
// or a redis-server that it starts on a free loopback port.
//
//	func TestRedisStore(t *testing.T) {
//		c := redistest.Client(t) // skips (or fails under CI=true) without redis-server
//		s, err := match.NewRedisStore(match.RedisStoreConfig{Client: c})
//		...
//	}
//
// Client shares one server per test binary; Start gives a test a server of
// its own that it may kill, restart, pause and resume, for outage tests.
//
// Every server started here runs behind a small shell watchdog that kills
// it when the test binary's end of a pipe closes, so no redis-server
// outlives the test process, even one killed with SIGKILL.
package redistest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/testenv"
)

// StartTimeout bounds how long a redis-server may take to answer PING.
const StartTimeout = 15 * time.Second

var (
	sharedOnce sync.Once
	shared     *Server
	sharedErr  error
	dbMu       sync.Mutex
	nextDB     int
)

// Client returns a client of a Redis for this test, closed at cleanup. With
// REDIS_URL set it connects there and leaves the data alone (tests must use
// unique keys, which the shared suites do). Otherwise it connects to a
// redis-server started once per test binary, on a database of its own
// (1 to 15, in turn), flushed first.
//
// Without redis-server on PATH it skips the test, or fails it when
// CI=true.
func Client(t testing.TB) redis.UniversalClient {
	t.Helper()
	return Nodes(t, 1)[0]
}

// Nodes is Client for n nodes of one cluster: n separate clients, each
// with its own connections, of one database.
func Nodes(t testing.TB, n int) []redis.UniversalClient {
	t.Helper()
	var opt *redis.Options
	flush := false
	if url := os.Getenv("REDIS_URL"); url != "" {
		var err error
		if opt, err = redis.ParseURL(url); err != nil {
			t.Fatalf("redistest: REDIS_URL: %v", err)
		}
	} else {
		need(t)
		sharedOnce.Do(func() {
			dir, err := os.MkdirTemp("", "redistest-")
			if err != nil {
				sharedErr = err
				return
			}
			shared, sharedErr = start(dir, false, nil)
		})
		if sharedErr != nil {
			t.Fatalf("redistest: %v", sharedErr)
		}
		dbMu.Lock()
		nextDB = nextDB%15 + 1
		opt = &redis.Options{Addr: shared.Addr, DB: nextDB, ContextTimeoutEnabled: true}
		dbMu.Unlock()
		flush = true
	}
	out := make([]redis.UniversalClient, n)
	for i := range out {
		o := *opt
		c := redis.NewClient(&o)
		t.Cleanup(func() { c.Close() })
		out[i] = c
	}
	ping(t, out[0])
	if flush {
		if err := out[0].FlushDB(context.Background()).Err(); err != nil {
			t.Fatalf("redistest: FLUSHDB: %v", err)
		}
	}
	return out
}

// need skips or fails the test when redis-server is missing.
func need(t testing.TB) {
	t.Helper()
	needCmd(t, "redis-server")
}

// needCmd skips or fails the test when command name is missing.
func needCmd(t testing.TB, name string) {
	t.Helper()
	testenv.Require(t, name)
}

func ping(t testing.TB, c redis.UniversalClient) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), StartTimeout)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		t.Fatalf("redistest: PING: %v", err)
	}
}

// Server is a redis-server started by a test. Its methods are safe for
// concurrent use.
type Server struct {
	// Addr is host:port on 127.0.0.1.
	Addr string

	dir     string
	persist bool
	extra   []string // more redis-server arguments

	mu    sync.Mutex
	stdin *os.File // the watchdog's pipe; closing it kills the server
	done  chan struct{}
	pid   int
}

// Options of Start.
type Options struct {
	// Persistent turns on the append-only file with fsync on every write,
	// so that a server killed with SIGKILL and restarted keeps every
	// acknowledged write. Default: no persistence at all.
	Persistent bool
}

// Start starts a redis-server for this test alone, stopped at cleanup.
// Without redis-server it skips the test, or fails it when CI=true.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	need(t)
	s, err := start(t.TempDir(), o.Persistent, nil)
	if err != nil {
		t.Fatalf("redistest: %v", err)
	}
	t.Cleanup(s.stop)
	return s
}

func start(dir string, persist bool, extra []string) (*Server, error) {
	var lastErr error
	for range 3 { // a free port may be taken before the server binds it
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		s := &Server{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), dir: dir, persist: persist, extra: extra}
		if slices.Contains(extra, "BUSPORT") {
			bus, err := freePort()
			if err != nil {
				return nil, err
			}
			s.extra = slices.Clone(extra)
			s.extra[slices.Index(extra, "BUSPORT")] = strconv.Itoa(bus)
		}
		if lastErr = s.run(); lastErr == nil {
			return s, nil
		}
	}
	return nil, lastErr
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// watchdog runs redis-server and kills it when its standard input reaches
// EOF, which happens when the test process closes the pipe or dies.
// Asynchronous lists get /dev/null as standard input, hence fd 3.
const watchdog = `exec 3<&0
"$0" "$@" </dev/null 3<&- & p=$!
(cat <&3 >/dev/null; kill -9 $p 2>/dev/null) &
exec 3<&-
wait $p`

func (s *Server) run() error {
	_, port, _ := net.SplitHostPort(s.Addr)
	args := []string{"-c", watchdog, "redis-server",
		"--port", port, "--bind", "127.0.0.1", "--dir", s.dir,
		"--save", "", "--daemonize", "no", "--protected-mode", "yes"}
	if s.persist {
		args = append(args, "--appendonly", "yes", "--appendfsync", "always")
	} else {
		args = append(args, "--appendonly", "no")
	}
	for _, a := range s.extra {
		args = append(args, strings.ReplaceAll(a, "PORT", port))
	}
	logf, err := os.OpenFile(s.dir+"/redis-"+port+".log", os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("sh", args...)
	cmd.Stdin = pr
	cmd.Stdout = logf
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return fmt.Errorf("start redis-server: %w", err)
	}
	pr.Close()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()

	c := redis.NewClient(&redis.Options{Addr: s.Addr, MaxRetries: -1, DialerRetries: 1, DialTimeout: time.Second})
	defer c.Close()
	deadline := time.Now().Add(StartTimeout)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		info, err := c.Info(ctx, "server").Result()
		cancel()
		if err == nil {
			pid, perr := infoPID(info)
			if perr != nil {
				pw.Close()
				return perr
			}
			s.mu.Lock()
			s.stdin, s.done, s.pid = pw, done, pid
			s.mu.Unlock()
			return nil
		}
		select {
		case <-done:
			pw.Close()
			log, _ := os.ReadFile(logf.Name())
			return fmt.Errorf("redis-server on %s exited: %s", s.Addr, lastLines(log, 5))
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			pw.Close()
			<-done
			return fmt.Errorf("redis-server on %s: no answer within %v: %v", s.Addr, StartTimeout, err)
		}
	}
}

func infoPID(info string) (int, error) {
	for line := range strings.SplitSeq(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "process_id:"); ok {
			return strconv.Atoi(v)
		}
	}
	return 0, errors.New("redistest: INFO has no process_id")
}

func lastLines(b []byte, n int) string {
	lines := bytes.Split(bytes.TrimSpace(b), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return string(bytes.Join(lines, []byte(" | ")))
}

// Client returns a client of this server, closed at cleanup. Its retries
// are off, commands' and dials' alike, so a test sees each failure as it
// happens, and it honours contexts' deadlines.
func (s *Server) Client(t testing.TB) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: s.Addr, MaxRetries: -1, DialerRetries: 1, DialTimeout: time.Second,
		ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second, ContextTimeoutEnabled: true})
	t.Cleanup(func() { c.Close() })
	return c
}

// Kill stops the server with SIGKILL and waits for it to exit.
func (s *Server) Kill(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done == nil {
		t.Fatal("redistest: Kill: server not running")
	}
	syscall.Kill(s.pid, syscall.SIGCONT) // a paused server dies as well
	if err := syscall.Kill(s.pid, syscall.SIGKILL); err != nil {
		t.Fatalf("redistest: kill %d: %v", s.pid, err)
	}
	select {
	case <-s.done:
	case <-time.After(StartTimeout):
		t.Fatalf("redistest: redis-server %d still running after SIGKILL", s.pid)
	}
	s.stdin.Close()
	s.stdin, s.done, s.pid = nil, nil, 0
}

// Restart starts the server again on the same port and directory, after
// Kill. With Options.Persistent it has every write it acknowledged.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	var err error
	for range 20 { // the old socket may linger briefly
		if err = s.run(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("redistest: restart: %v", err)
}

// Pause freezes the server with SIGSTOP: connections stay open and
// commands hang until Resume, like a server that stopped answering.
func (s *Server) Pause(t testing.TB) { s.signal(t, syscall.SIGSTOP) }

// Resume lets a paused server go on; commands sent meanwhile run then.
func (s *Server) Resume(t testing.TB) { s.signal(t, syscall.SIGCONT) }

func (s *Server) signal(t testing.TB, sig syscall.Signal) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done == nil {
		t.Fatal("redistest: server not running")
	}
	if err := syscall.Kill(s.pid, sig); err != nil {
		t.Fatalf("redistest: signal %v to %d: %v", sig, s.pid, err)
	}
}

func (s *Server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done == nil {
		return
	}
	syscall.Kill(s.pid, syscall.SIGCONT)
	s.stdin.Close() // the watchdog kills the server
	select {
	case <-s.done:
	case <-time.After(StartTimeout):
		syscall.Kill(s.pid, syscall.SIGKILL)
	}
	s.stdin, s.done, s.pid = nil, nil, 0
}

var uniqueN atomic.Int64

// Unique returns a key or channel name unique to this process and call,
// so that tests sharing one Redis (REDIS_URL) do not meet.
func Unique(prefix string) string {
	return fmt.Sprintf("redistest:%s:%d:%d", prefix, time.Now().UnixNano(), uniqueN.Add(1))
}
