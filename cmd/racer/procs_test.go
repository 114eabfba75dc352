package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildRacerBinary compiles this command (without -race: the server under
// test runs as its own process) into a temporary directory.
func buildRacerBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("RACER_BIN"); bin != "" {
		return bin // a prebuilt racer, to iterate on the test faster
	}
	bin := filepath.Join(t.TempDir(), "racer")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	start := time.Now()
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build ./cmd/racer: %v\n%s", err, out)
	}
	t.Logf("go build ./cmd/racer: %v", time.Since(start).Round(time.Millisecond))
	return bin
}

// procWatchdog runs the program "$0" with the arguments "$@", writes its
// process ID to $FAILOVER_PIDFILE, and kills it with SIGKILL when standard
// input reaches EOF: when the test closes its end of the pipe, or dies
// (even of a -timeout panic, which runs no cleanup). It exits with the
// program. Asynchronous lists get /dev/null as standard input, hence fd 3.
const procWatchdog = `exec 3<&0
"$0" "$@" </dev/null 3<&- & p=$!
echo $p >"$FAILOVER_PIDFILE"
(cat <&3 >/dev/null; kill -9 $p 2>/dev/null) &
exec 3<&-
wait $p`

// racerProc is a racer process started by a test, with its standard
// output and error in files of their own.
type racerProc struct {
	name string
	base string // "http://127.0.0.1:port/"
	pid  int
	out  string // standard output's file
	errf string // standard error's file

	cmd   *exec.Cmd
	stdin *os.File // the watchdog's pipe; closing it kills the process
	done  chan struct{}
}

// startRacerProc starts bin with args on a free loopback port (-addr
// 127.0.0.1:0; the port is read from the "racer listening on" line) and
// waits until /readyz answers 200. The process is killed at cleanup; its
// output is logged if the test failed.
func startRacerProc(t *testing.T, bin, name string, args ...string) *racerProc {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skipf("SKIP: no sh for the process watchdog: %v", err)
	}
	dir := t.TempDir()
	p := &racerProc{name: name, out: filepath.Join(dir, name+".stdout"), errf: filepath.Join(dir, name+".stderr"),
		done: make(chan struct{})}
	stdout, err := os.Create(p.out)
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	stderr, err := os.Create(p.errf)
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	pidFile := filepath.Join(dir, name+".pid")
	// -rated all: these tests' players are guests, and their races are
	// rated as before accounts (accounts_test.go plays signed in).
	args = append([]string{"-c", procWatchdog, bin, "-addr", "127.0.0.1:0", "-log-format", "json", "-rated", "all"}, args...)
	p.cmd = exec.Command(sh, args...)
	p.cmd.Env = append(os.Environ(), "FAILOVER_PIDFILE="+pidFile)
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = pr, stdout, stderr
	if err := p.cmd.Start(); err != nil {
		pw.Close()
		t.Fatalf("start %s: %v", name, err)
	}
	p.stdin = pw
	go func() {
		_ = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() { p.stop(t) })

	// The port and the process ID, each within 20 s (the machine is busy).
	deadline := time.Now().Add(20 * time.Second)
	for p.base == "" || p.pid == 0 {
		if p.exited() {
			t.Fatalf("%s exited before listening", name)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: no listening line and process ID within 20s", name)
		}
		if b, err := os.ReadFile(p.out); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if u, ok := strings.CutPrefix(line, "racer listening on "); ok {
					p.base = strings.TrimSpace(u)
				}
			}
		}
		if b, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(b), "\n") {
			if p.pid, err = strconv.Atoi(strings.TrimSpace(string(b))); err != nil {
				t.Fatalf("%s: process ID file %q: %v", name, b, err)
			}
		}
		time.Sleep(20 * time.Millisecond) // bounded by deadline
	}
	hc := &http.Client{Timeout: 2 * time.Second}
	for last := ""; ; {
		if p.exited() {
			t.Fatalf("%s exited before ready", name)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%sreadyz: got %s, want 200 within 20s", p.base, last)
		}
		resp, err := hc.Get(p.base + "readyz")
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
			last = resp.Status
		} else {
			last = err.Error()
		}
		time.Sleep(50 * time.Millisecond) // bounded by deadline
	}
}

// exited reports whether the process has ended.
func (p *racerProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// kill sends SIGKILL to the racer (not its watchdog) and waits for it to
// end.
func (p *racerProc) kill(t *testing.T) {
	t.Helper()
	proc, err := os.FindProcess(p.pid)
	if err != nil {
		t.Fatalf("find %s (pid %d): %v", p.name, p.pid, err)
	}
	if err := proc.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("SIGKILL %s: %v", p.name, err)
	}
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s still running 10s after SIGKILL", p.name)
	}
}

// stop ends the process if it still runs and, when the test failed, logs
// its output.
func (p *racerProc) stop(t *testing.T) {
	p.stdin.Close() // the watchdog kills the racer
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		if p.pid != 0 {
			if proc, err := os.FindProcess(p.pid); err == nil {
				_ = proc.Kill()
			}
		}
		<-p.done
	}
	if t.Failed() {
		t.Logf("--- %s (%s) standard output:\n%s", p.name, p.base, fileTail(p.out, 16<<10))
		t.Logf("--- %s (%s) standard error:\n%s", p.name, p.base, fileTail(p.errf, 64<<10))
	}
}

// fileTail returns the last n bytes of a file.
func fileTail(path string, n int64) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if int64(len(b)) > n {
		return fmt.Sprintf("[… %d bytes]\n%s", int64(len(b))-n, b[int64(len(b))-n:])
	}
	return string(b)
}

// fetchJSON fetches url within ctx and decodes a 200 answer into v; it
// returns the status and, for other statuses, the body.
func fetchJSON(ctx context.Context, url string, v any) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return resp.StatusCode, "", err
	}
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, string(b), nil
	}
	return resp.StatusCode, "", json.Unmarshal(b, v)
}
