package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// FlagSet returns the flag set of the subcommand name: errors and -h go
// to stderr, and the usage prints the lines of usage, one a line, then
// the flags' defaults.
func (a *App) FlagSet(name string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(fs.Output(), line)
		}
		fs.PrintDefaults()
	}
	return fs
}

// Parse parses args into fs and refuses positional arguments. When ok is
// false the subcommand returns code: 0 after -h, 2 on a usage error.
func (a *App) Parse(fs *flag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false // the flag package has said what is wrong
	}
	if fs.NArg() > 0 {
		return a.UsageError(fs, fmt.Sprintf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))), false
	}
	return 0, true
}

// UsageError prints msg and where to find the usage, and returns exit
// status 2.
func (a *App) UsageError(fs *flag.FlagSet, msg string) int {
	fmt.Fprintf(fs.Output(), "%s %s\n(%s %s -h documents the flags)\n", a.name, msg, a.name, fs.Name())
	return 2
}

// IsSet reports whether the flag name was given on the command line.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
