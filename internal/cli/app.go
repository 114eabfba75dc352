package cli

import (
	"fmt"
	"io"
	"sort"
)

// Run is one subcommand. It parses its own flags from args, reads stdin,
// writes results to stdout and problems to stderr, and returns the exit
// status: 0 on success, 1 on failure, 2 on a usage error or an unreadable
// deal.
type Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

type command struct {
	summary string
	run     Run
}

// App is a command made of subcommands, like "klondike deal". Register
// its subcommands before calling Main; after that it is safe for
// concurrent use.
type App struct {
	name     string
	commands map[string]command
}

// NewApp returns an App without subcommands; name is the program's name,
// used in usage text and error messages.
func NewApp(name string) *App {
	return &App{name: name, commands: map[string]command{}}
}

// Name returns the program's name.
func (a *App) Name() string { return a.name }

// Register adds the subcommand name, listed in the usage with summary.
func (a *App) Register(name, summary string, run Run) {
	a.commands[name] = command{summary: summary, run: run}
}

// Main runs the subcommand args[0] with the rest of args and returns its
// exit status. Without arguments it prints the usage and returns 2; with
// -h, -help, --help or help it prints the usage and returns 0.
func (a *App) Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		a.Usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := a.commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q\n", a.name, args[0])
		a.Usage(stderr)
		return 2
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

// Usage writes the usage line and the subcommands, sorted by name.
func (a *App) Usage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s COMMAND [flags]   (%s COMMAND -h documents its flags)\n", a.name, a.name)
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(a.commands))
	for n := range a.commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, a.commands[n].summary)
	}
}
