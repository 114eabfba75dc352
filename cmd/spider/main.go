// Command spider drives the Spider engine and its solver from the shell:
// deal, play, solve and stats. Run "spider -h" for the subcommands.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand. It parses its own flags from args, reads
// stdin, writes results to stdout and problems to stderr, and returns the
// exit status: 0 on success, 1 on failure, 2 on a usage error or an
// unreadable deal.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by each subcommand's file in an init function, so
// that subcommands live in files of their own.
var commands = map[string]command{}

func register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "spider: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: spider COMMAND [flags]   (spider COMMAND -h documents its flags)")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
}
