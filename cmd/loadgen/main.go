// Command loadgen loads a racer server on this machine and measures it
// against the machine's physical limit: a bare WebSocket echo endpoint
// (and a bare fan-out endpoint) built into loadgen, run as a process of
// their own like the server.
//
// Usage:
//
//	loadgen echo     [flags]   round trips against the built-in echo endpoint
//	loadgen race     [flags]   bot racers (and -spectators) against a racer server
//	loadgen idle     [flags]   connections that stay open (memory per connection);
//	                           without -target, against the echo endpoint
//	loadgen spectate [flags]   one race, many spectators: move ack to each spectator;
//	                           without -target, the echo server's bare fan-out
//	loadgen bots     [flags]   the bot's offline win rate on a range of deals
//	loadgen soak     [flags]   a node left running: spells of races, leavers,
//	                           abandoned rooms and spectators, each followed by
//	                           an idle spell; fails on idle CPU, races past their
//	                           deadline, or what the node holds drifting
//	loadgen echo-server        the echo endpoint alone
//
// Every connecting mode takes -conns, -duration, -warmup, -pace (operations
// per second per connection, 0 for as fast as possible), -pid (the
// server's process, for its memory per connection from /proc/PID/status
// VmRSS and its CPU time per operation), -redis-pid (Redis's process, for
// its CPU time per operation), -redis-addr (Redis's address, for its
// memory at the start and the end: a soak's growth), -json, and -progress (a progress line on
// stderr). race -echo first runs the echo endpoint with the same
// connections, pace and duration, and reports the CPU per move of the
// server and Redis against echo's per round trip, measured in one
// invocation on the same machine. A race run divides every CPU figure by
// the moves the server accepted in the window (racer_moves_total{outcome=
// "accepted"} from its /metrics, -metrics), not by the acknowledgements
// the tool counted: the server's CPU also goes to races' set-ups and
// countdowns. Targets must be loopback addresses. When -conns
// exceeds one process's open-file limit, loadgen runs itself as several
// worker processes, starts them together once all are connected, and
// merges their histograms. Every loop is bounded by the run's duration.
//
// For example, the echo limit and the move path at saturation, back to
// back:
//
//	loadgen echo -conns 128 -duration 10s
//	loadgen race -target ws://127.0.0.1:8080/ws -conns 1000 -level random -warmup 4s -duration 10s -pid $(pgrep -x racer)
//
// And CPU per move at a person's pace, node and Redis, against echo's:
//
//	loadgen race -target ws://127.0.0.1:8080/ws -conns 5000 -pace 1 -level random -warmup 5s -duration 30s \
//	    -pid $(pgrep -x racer) -redis-pid $(pgrep -x redis-server) -echo
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"
)

// toolGCPercent is the load tool's garbage collection target unless GOGC
// is set. The tool holds thousands of clients (about 50 KB each with their
// bots); at Go's default of 100 its collections ran every few seconds and
// their mark phases delayed its reading of acks by up to hundreds of
// milliseconds on a 2-core machine, which the tool then reported as the
// server's latency. A higher target makes them rare; GOGC=100 restores the
// default.
const toolGCPercent = 400

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(toolGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage: loadgen echo|race|idle|spectate|bots|soak|echo-server [flags]
run "loadgen MODE -h" for a mode's flags`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return flag.ErrHelp
	}
	mode, args := args[0], args[1:]
	switch mode {
	case "echo-server":
		return serveEcho(ctx, args, stdout)
	case "bots":
		return runBots(ctx, args, stdout, stderr)
	case "soak":
		return runSoak(ctx, args, stdout, stderr)
	case "echo", "idle", "race", "spectate":
		return runClients(ctx, mode, args, stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown mode %q", mode)
}

// runClients runs one of the modes that open connections.
func runClients(ctx context.Context, mode string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(mode, flag.ContinueOnError)
	fs.SetOutput(stderr)
	sp := &spec{mode: mode, args: args}
	var rc raceConfig
	idleHello := false
	switch mode {
	case "echo":
		sp.addFlags(fs, 64, 10*time.Second)
	case "idle":
		sp.addFlags(fs, 1000, 10*time.Second)
		fs.BoolVar(&idleHello, "hello", true, "say hello on each connection (not to the echo endpoint)")
	case "race":
		sp.addFlags(fs, 100, 10*time.Second)
		fs.BoolVar(&sp.echo, "echo", false, "first run the built-in echo endpoint with the same -conns, -pace, -warmup and -duration, and report the server's (and -redis-pid's) CPU per move against echo's per round trip")
		fs.StringVar(&sp.metrics, "metrics", "", `the server's /metrics URL (loopback): CPU figures divide by the moves it accepted in the measured window (racer_moves_total{outcome="accepted"}); default: /metrics on -target's host and port; "off": by the acknowledgements this tool counted`)
		rc.addFlags(fs, "greedy", "bvs")
		fs.IntVar(&rc.watchers, "spectators", 0, "how many of -conns are spectators of the live races (the rest race)")
	case "spectate":
		sp.addFlags(fs, 1000, 10*time.Second)
		rc.addFlags(fs, "random", "relaxed-3")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if sp.cpuProfile != "" && sp.worker == 0 {
		f, err := os.Create(sp.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if sp.conns < 0 || sp.duration <= 0 || sp.pace < 0 {
		return fmt.Errorf("need -conns ≥ 0, -duration > 0, -pace ≥ 0")
	}
	if sp.target == "" && sp.worker == 0 && mode != "race" {
		url, cmd, err := startEchoServer(ctx)
		if err != nil {
			return err
		}
		defer stopChild(cmd)
		if mode == "spectate" {
			url = strings.TrimSuffix(url, "/echo") + "/fanout"
		}
		sp.target = url
		sp.args = append(sp.args, "-target="+url)
		if sp.serverPID == 0 {
			sp.serverPID = cmd.Process.Pid
		}
	}
	if sp.target == "" {
		return fmt.Errorf("%s needs -target (a ws:// URL on loopback)", mode)
	}
	if _, err := checkLoopback(sp.target); err != nil {
		return err
	}
	switch {
	case mode != "race" || sp.worker > 0 || sp.metrics == "off":
		sp.metrics = ""
	case sp.metrics == "":
		sp.metrics = metricsURL(sp.target)
	}
	if sp.metrics != "" {
		if _, err := checkLoopback(sp.metrics); err != nil {
			return err
		}
	}
	var sess session
	switch mode {
	case "echo":
		sess = echoSession(sp)
	case "idle":
		sess = idleSession(sp, idleHello && !strings.HasSuffix(sp.target, "/echo"))
	case "race":
		s, err := raceSession(sp, &rc)
		if err != nil {
			return err
		}
		sess = s
	case "spectate":
		newSession := spectateSession
		if strings.HasSuffix(sp.target, "/fanout") {
			newSession = func(context.Context, *spec, *raceConfig) (session, error) { return bareSpectateSession(sp) }
		}
		s, err := newSession(ctx, sp, &rc)
		if err != nil {
			return err
		}
		sess = s
	}
	var echo *EchoBaseline
	if sp.echo && sp.worker == 0 {
		var err error
		if echo, err = runEchoBaseline(ctx, sp, stderr); err != nil {
			return err
		}
	}
	r, err := runLoad(ctx, sp, sess, stdout, stderr)
	if err != nil {
		return err
	}
	if echo != nil {
		echo.compare(r)
		r.Echo = echo
	}
	if sp.json || sp.worker > 0 {
		return r.writeJSON(stdout)
	}
	r.writeTable(stdout)
	return nil
}
