package cmdutil

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Run is a command's body: it parses args, writes results to stdout and
// logs and usage to stderr, and returns when its work is done or ctx
// ends.
type Run func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// Main runs run with the process's arguments under a context that ends
// on SIGINT or SIGTERM, and exits: 0 when run returns nil or
// flag.ErrHelp (-h), else 1 after printing "name: error" to stderr.
func Main(name string, run Run) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(ExitCode(name, err, os.Stderr))
}

// ExitCode is the exit status of a command whose run returned err: 0 for
// nil and flag.ErrHelp, else 1, after printing "name: err" to stderr.
func ExitCode(name string, err error, stderr io.Writer) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintln(stderr, name+":", err)
	return 1
}
