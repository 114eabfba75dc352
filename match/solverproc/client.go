package solverproc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// ErrEnded reports a search whose solver process ended before it
// answered; the next search starts on the process Run starts instead.
var ErrEnded = errors.New("solverproc: the solver process ended")

// Config configures a Client. Its zero value but for Command means the
// defaults.
type Config struct {
	// Command returns the command of a new solver process: the node's
	// own binary with Env set. Its standard input and output are the
	// Client's. Required.
	Command func() *exec.Cmd
	// Restart is the wait before a process that ended is started again.
	// Default 1 s.
	Restart time.Duration
	// Logger hears when a process ends. Default slog.Default().
	Logger *slog.Logger
	// Gate, if set, is waited on before each search is sent (a
	// Governor's Wait); its error ends the search.
	Gate func(ctx context.Context) error
	// Pause, if set, reports whether the node is busy and returns a
	// channel closed when that changes (a Governor's State). The solver
	// process is stopped (SIGSTOP) while the node is busy and continued
	// once it is not, so that a search already sent takes no CPU from
	// the node meanwhile; its wall-clock budget runs on. Where the
	// process cannot be stopped (not Unix), Pause is ignored. A stopped
	// process cannot see its input close: the Command must end it with
	// the node (on Linux, SysProcAttr.Pdeathsig).
	Pause func() (busy bool, changed <-chan struct{})
}

// Client sends searches to a solver process that Run keeps running. It
// is safe for concurrent use; each search waits for a process to be up.
type Client struct {
	cfg Config

	mu     sync.Mutex
	cur    *proc         // the running process; nil while none is
	up     chan struct{} // closed when cur is set
	nextID uint64
}

// proc is one solver process.
type proc struct {
	pid  int
	wmu  sync.Mutex // serializes requests on stdin
	in   io.WriteCloser
	w    *bufio.Writer
	enc  *json.Encoder
	dead chan struct{} // closed when the process's output ended

	mu      sync.Mutex
	pending map[uint64]chan response
}

// New returns a client; call Run to start its solver process.
func New(cfg Config) (*Client, error) {
	if cfg.Command == nil {
		return nil, errors.New("solverproc: Config.Command is required")
	}
	if cfg.Restart <= 0 {
		cfg.Restart = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Client{cfg: cfg, up: make(chan struct{})}, nil
}

// Run keeps a solver process running until ctx ends, starting another
// Config.Restart after one ends or fails to start, then kills it and
// returns nil. Searches wait while no process is up.
func (c *Client) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		err := c.runOne(ctx)
		if ctx.Err() != nil {
			break
		}
		c.cfg.Logger.Warn("solver process ended; starting another", "err", err, "after", c.cfg.Restart.String())
		t := time.NewTimer(c.cfg.Restart)
		select {
		case <-ctx.Done():
			t.Stop()
		case <-t.C:
		}
	}
	return nil
}

// runOne starts one process, serves searches on it until it ends or ctx
// does, and returns why it ended.
func (c *Client) runOne(ctx context.Context) error {
	cmd := c.cfg.Command()
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("solverproc: starting the solver process: %w", err)
	}
	w := bufio.NewWriter(in)
	p := &proc{pid: cmd.Process.Pid, in: in, w: w, enc: json.NewEncoder(w), dead: make(chan struct{}), pending: map[uint64]chan response{}}
	readDone := make(chan error, 1)
	go func() { readDone <- p.read(out) }()

	c.mu.Lock()
	c.cur = p
	close(c.up)
	c.mu.Unlock()
	pauseDone := make(chan struct{})
	if c.cfg.Pause != nil {
		go func() { c.pauseWhileBusy(cmd.Process, p.dead); close(pauseDone) }()
	} else {
		close(pauseDone)
	}

	var rerr error
	select {
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		rerr = <-readDone
	case rerr = <-readDone:
	}
	c.mu.Lock()
	c.cur = nil
	c.up = make(chan struct{})
	c.mu.Unlock()
	close(p.dead)
	<-pauseDone // no signal after the process is reaped
	_ = in.Close()
	werr := cmd.Wait()
	return errors.Join(rerr, werr)
}

// pauseWhileBusy stops proc while Config.Pause reports the node busy and
// continues it when not, until dead is closed.
func (c *Client) pauseWhileBusy(proc *os.Process, dead <-chan struct{}) {
	stopped := false
	for {
		busy, changed := c.cfg.Pause()
		if busy != stopped && setStopped(proc, busy) == nil {
			stopped = busy
		}
		select {
		case <-changed:
		case <-dead:
			return
		}
	}
}

// read delivers the process's responses until its output ends.
func (p *proc) read(out io.Reader) error {
	dec := json.NewDecoder(bufio.NewReader(out))
	for {
		var resp response
		if err := dec.Decode(&resp); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("solverproc: reading a response: %w", err)
		}
		p.mu.Lock()
		ch := p.pending[resp.ID]
		delete(p.pending, resp.ID)
		p.mu.Unlock()
		if ch != nil {
			ch <- resp // buffered: never blocks
		}
	}
}

// call sends req to the running process, waiting for one to be up, and
// returns its answer.
func (c *Client) call(ctx context.Context, req request) (response, error) {
	if c.cfg.Gate != nil {
		if err := c.cfg.Gate(ctx); err != nil {
			return response{}, err
		}
	}
	for {
		c.mu.Lock()
		p, up := c.cur, c.up
		c.nextID++
		req.ID = c.nextID
		c.mu.Unlock()
		if p == nil {
			select {
			case <-up:
				continue
			case <-ctx.Done():
				return response{}, ctx.Err()
			}
		}
		return p.call(ctx, req)
	}
}

func (p *proc) call(ctx context.Context, req request) (response, error) {
	ch := make(chan response, 1)
	p.mu.Lock()
	p.pending[req.ID] = ch
	p.mu.Unlock()
	forget := func() {
		p.mu.Lock()
		delete(p.pending, req.ID)
		p.mu.Unlock()
	}
	p.wmu.Lock()
	err := p.enc.Encode(req)
	if err == nil {
		err = p.w.Flush()
	}
	p.wmu.Unlock()
	if err != nil {
		forget()
		return response{}, fmt.Errorf("%w: %v", ErrEnded, err)
	}
	select {
	case resp := <-ch:
		if resp.Err != "" {
			return resp, errors.New(resp.Err)
		}
		return resp, nil
	case <-p.dead:
		forget()
		return response{}, ErrEnded
	case <-ctx.Done():
		// The process finishes the search and its answer is dropped.
		forget()
		return response{}, ctx.Err()
	}
}

// Winnable is game.Variant.Winnable of profile's variant, run in the
// solver process.
func (c *Client) Winnable(ctx context.Context, profile string, seed uint64, maxNodes int, timeout time.Duration) (bool, error) {
	resp, err := c.call(ctx, request{Op: opWinnable, Profile: profile, Seed: seed, MaxNodes: maxNodes, Timeout: timeout})
	return resp.Won, err
}

// Analyze is game.Analyzer.Analyze of profile's variant, run in the
// solver process.
func (c *Client) Analyze(ctx context.Context, profile string, seed uint64, moves []string, budget game.AnalysisBudget) (game.Analysis, error) {
	resp, err := c.call(ctx, request{Op: opAnalyze, Profile: profile, Seed: seed, Moves: moves, Budget: budget})
	if err != nil {
		return game.Analysis{}, err
	}
	if resp.Analysis == nil {
		return game.Analysis{}, errors.New("solverproc: an analysis answered without one")
	}
	return *resp.Analysis, nil
}

// PID returns the process id of the running solver process, or 0 while
// none is up.
func (c *Client) PID() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == nil {
		return 0
	}
	return c.cur.pid
}
