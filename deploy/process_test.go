package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/testenv"
)

// freeAddr returns a loopback address with a port nobody listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// syncBuffer is a bytes.Buffer safe for a process's output and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// proc is a child process started by a test.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
	err  error // set when done is closed
}

// startProc starts a program; it is killed at the end of the test, and its
// output is logged if the test failed.
func startProc(t *testing.T, name, path string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{name: name, out: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(path, args...)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout = p.out
	p.cmd.Stderr = p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("--- output of %s:\n%s", name, p.out.String())
		}
	})
	return p
}

// signal sends sig to the process.
func (p *proc) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %s: %v", p.name, err)
	}
}

// wait waits up to d for the process to exit and returns its error.
func (p *proc) wait(t *testing.T, d time.Duration) error {
	t.Helper()
	select {
	case <-p.done:
		return p.err
	case <-time.After(d):
		t.Fatalf("%s still running after %v", p.name, d)
		return nil
	}
}

// exited reports whether the process has exited.
func (p *proc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// waitHTTP polls url until it answers with want, at most n times every
// 100ms, and fails the test otherwise. It stops early if p exits.
func waitHTTP(t *testing.T, p *proc, url string, want int, n int) {
	t.Helper()
	c := &http.Client{Timeout: time.Second}
	var last string
	for i := 0; i < n; i++ {
		if p != nil && p.exited() {
			t.Fatalf("%s exited before %s answered: %v", p.name, url, p.err)
		}
		resp, err := c.Get(url)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == want {
				return
			}
			last = resp.Status
		} else {
			last = err.Error()
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s: got %s after %d tries, want status %d", url, last, n, want)
}

// racerBuild is the racer binary, built once per test run.
var racerBuild struct {
	mu   sync.Mutex
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := testenv.Run(m)
	if racerBuild.dir != "" {
		os.RemoveAll(racerBuild.dir)
	}
	os.Exit(code)
}

// buildRacer compiles ./cmd/racer once per test run and returns its path.
func buildRacer(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("RACER_BIN"); bin != "" {
		return bin // a prebuilt racer, for trying a change to these tests
	}
	if _, err := os.Stat(filepath.Join("..", "cmd", "racer", "main.go")); err != nil {
		t.Skip("SKIP: cmd/racer does not exist yet")
	}
	racerBuild.mu.Lock()
	defer racerBuild.mu.Unlock()
	if racerBuild.path == "" && racerBuild.err == nil {
		racerBuild.dir, racerBuild.err = os.MkdirTemp("", "racer-deploy-test")
		if racerBuild.err == nil {
			bin := filepath.Join(racerBuild.dir, "racer")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/racer")
			cmd.Dir = ".."
			if out, err := cmd.CombinedOutput(); err != nil {
				racerBuild.err = fmt.Errorf("go build ./cmd/racer: %v\n%s", err, out)
			} else {
				racerBuild.path = bin
			}
			cancel()
		}
	}
	if racerBuild.err != nil {
		t.Fatal(racerBuild.err)
	}
	return racerBuild.path
}

// startPrometheus runs a real Prometheus that scrapes targets every
// second under job "racer", and returns its base URL.
func startPrometheus(t *testing.T, targets []string) string {
	t.Helper()
	bin := needTool(t, "prometheus")
	dir := t.TempDir()
	var ts bytes.Buffer
	for _, tg := range targets {
		fmt.Fprintf(&ts, "          - %q\n", tg)
	}
	cfg := fmt.Sprintf(`global:
  scrape_interval: 1s
  evaluation_interval: 1s
rule_files:
  - %q
scrape_configs:
  - job_name: racer
    static_configs:
      - targets:
%s`, mustAbs(t, "prometheus/alerts.yml"), ts.String())
	cfgPath := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	p := startProc(t, "prometheus", bin, nil,
		"--config.file="+cfgPath,
		"--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr,
	)
	base := "http://" + addr
	waitHTTP(t, p, base+"/-/ready", http.StatusOK, 300)
	return base
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	a, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// promSample is one series of an instant query's result.
type promSample struct {
	Metric map[string]string
	Value  float64
}

// promQuery runs an instant query against Prometheus's HTTP API.
func promQuery(t *testing.T, base, query string) []promSample {
	t.Helper()
	resp, err := http.Get(base + "/api/v1/query?query=" + url.QueryEscape(query))
	if err != nil {
		t.Fatalf("query %q: %v", query, err)
	}
	defer resp.Body.Close()
	var r struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string `json:"resultType"`
			Result     []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatalf("query %q: decode: %v", query, err)
	}
	if r.Status != "success" {
		t.Fatalf("query %q: status %s: %s", query, r.Status, r.Error)
	}
	var out []promSample
	for _, s := range r.Data.Result {
		str, _ := s.Value[1].(string)
		v, err := strconv.ParseFloat(str, 64)
		if err != nil {
			t.Fatalf("query %q: value %v: %v", query, s.Value[1], err)
		}
		out = append(out, promSample{Metric: s.Metric, Value: v})
	}
	return out
}

// eventually runs query every 500ms, at most n times, until ok accepts the
// result, and fails the test with the last result otherwise.
func eventually(t *testing.T, base, query string, n int, ok func([]promSample) bool) []promSample {
	t.Helper()
	var got []promSample
	for i := 0; i < n; i++ {
		got = promQuery(t, base, query)
		if ok(got) {
			return got
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("query %q: got %v after %d tries", query, got, n)
	return nil
}
