package solverproc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/solitaire-race/racer/match/game"
)

// ServeConfig configures Serve. Its zero value but for Lookup means the
// defaults.
type ServeConfig struct {
	// Lookup returns the variant of a rule profile (games.Lookup).
	// Required.
	Lookup func(profile string) (game.Variant, error)
	// Concurrency bounds the searches run at once; further requests wait
	// to be read. Default 4.
	Concurrency int
}

// Serve answers the requests read from in, a JSON line each, with
// responses written to out, running up to cfg.Concurrency searches at
// once, until in ends (the node closed its end of the pipe or died) or
// ctx does. It returns nil at the end of in and the error of a request
// it cannot read otherwise; the searches still running are abandoned.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg ServeConfig) error {
	if cfg.Lookup == nil {
		return errors.New("solverproc: ServeConfig.Lookup is required")
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wmu sync.Mutex
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	slots := make(chan struct{}, cfg.Concurrency)
	dec := json.NewDecoder(bufio.NewReader(in))
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("solverproc: reading a request: %w", err)
		}
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		go func() {
			defer func() { <-slots }()
			resp := answer(ctx, cfg.Lookup, req)
			wmu.Lock()
			defer wmu.Unlock()
			// A write that fails means the node is gone; the next read
			// ends Serve.
			if enc.Encode(resp) == nil {
				_ = w.Flush()
			}
		}()
	}
}

// answer runs one request's search.
func answer(ctx context.Context, lookup func(string) (game.Variant, error), req request) response {
	resp := response{ID: req.ID}
	v, err := lookup(req.Profile)
	if err != nil {
		resp.Err = err.Error()
		return resp
	}
	switch req.Op {
	case opWinnable:
		resp.Won, err = v.Winnable(ctx, req.Seed, req.MaxNodes, req.Timeout)
	case opAnalyze:
		an, ok := v.(game.Analyzer)
		if !ok {
			err = fmt.Errorf("solverproc: profile %q has no analyser", req.Profile)
			break
		}
		if len(req.Moves) > maxMoves {
			err = fmt.Errorf("solverproc: %d moves, want at most %d", len(req.Moves), maxMoves)
			break
		}
		var a game.Analysis
		if a, err = an.Analyze(ctx, req.Seed, req.Moves, req.Budget); err == nil {
			resp.Analysis = &a
		}
	default:
		err = fmt.Errorf("solverproc: unknown operation %q", req.Op)
	}
	if err != nil {
		resp.Err = err.Error()
	}
	return resp
}

// ServeMain is the main of the solver process: Serve on the standard
// input and output with lookup, then the exit status (0 when the node
// closed the pipe). A node starts it as its own binary with Env set to
// the nice value of the process's threads, 1 (high) to 19 (the lowest
// priority); any other value leaves their priority.
func ServeMain(lookup func(profile string) (game.Variant, error)) int {
	if nice, err := strconv.Atoi(os.Getenv(Env)); err == nil && nice >= 1 && nice <= 19 {
		if err := lowerPriority(nice); err != nil {
			fmt.Fprintln(os.Stderr, "solverproc: the solver process runs at normal priority:", err)
		}
	}
	if err := Serve(context.Background(), os.Stdin, os.Stdout, ServeConfig{Lookup: lookup}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
