package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// acceptedSeries is the node's counter of the moves it accepted: the
// divisor of every CPU figure of a race run. The load tool's own count
// of acknowledgements includes none of the races' countdowns, set-ups and
// refusals, but a run's CPU goes to those too, and the server's count is
// the one a reader of its dashboards sees.
const acceptedSeries = `racer_moves_total{outcome="accepted"}`

// AcceptedMoves is the server's count of accepted moves over the
// measured window, read from its /metrics at the window's two ends.
type AcceptedMoves struct {
	URL   string `json:"metrics_url"`
	Moves int64  `json:"moves"`
	// Err says why the count could not be read; CPU figures are then
	// per operation of the load tool.
	Err   string `json:"error,omitempty"`
	start float64
	ok    bool
}

// metricsURL is the /metrics address of the server behind a race
// target: the same host and port (racer serves /metrics on -addr unless
// -metrics-addr moves it; give -metrics then).
func metricsURL(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return ""
	}
	return (&url.URL{Scheme: "http", Host: u.Host, Path: "/metrics"}).String()
}

// newAcceptedMoves returns the reading of the server at metrics, or nil
// when there is none to read.
func newAcceptedMoves(metrics string) *AcceptedMoves {
	if metrics == "" {
		return nil
	}
	return &AcceptedMoves{URL: metrics}
}

func (a *AcceptedMoves) startCount() {
	if a == nil {
		return
	}
	v, err := scrapeCounter(a.URL, acceptedSeries)
	if err != nil {
		a.Err = err.Error()
		return
	}
	a.start, a.ok = v, true
}

func (a *AcceptedMoves) stopCount() {
	if a == nil || !a.ok {
		return
	}
	v, err := scrapeCounter(a.URL, acceptedSeries)
	if err != nil {
		a.Err, a.ok = err.Error(), false
		return
	}
	a.Moves = int64(v - a.start)
}

// divisor is what CPU figures divide by: the accepted moves when they
// were read, else ops.
func (a *AcceptedMoves) divisor(ops int64) (int64, string) {
	if a != nil && a.ok && a.Moves > 0 {
		return a.Moves, "accepted move"
	}
	return ops, "operation"
}

// scrapeCounter reads one series' value from a Prometheus text
// exposition at u.
func scrapeCounter(u, series string) (float64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %s", u, resp.Status)
	}
	return findSeries(resp.Body, series)
}

// findSeries returns the value of series (name and labels exactly as
// exposed) in a Prometheus text exposition.
func findSeries(r io.Reader, series string) (float64, error) {
	sc := bufio.NewScanner(io.LimitReader(r, 64<<20))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, series)
		if !ok || !strings.HasPrefix(rest, " ") {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			break
		}
		return strconv.ParseFloat(f[0], 64)
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no series %s", series)
}
