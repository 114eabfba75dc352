package cmdutil

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// Env sets the flags of a flag.FlagSet from environment variables: each
// flag's variable is Prefix and the flag's name in upper case with - as
// _ ("DEALER_" and "pool-size": DEALER_POOL_SIZE). Apply it before
// FlagSet.Parse so that a flag on the command line wins. The zero Env
// reads variables without a prefix.
type Env struct {
	// Prefix starts every flag's variable, like "RACER_".
	Prefix string
	// Fallback maps a flag's name to a variable read when the flag's own
	// is not set, like "redis" to "REDIS_URL". Default: none.
	Fallback map[string]string
}

// Name is the environment variable of the flag named flagName.
func (e Env) Name(flagName string) string {
	return e.Prefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// Apply sets each flag of fs whose variable (or fallback variable) is set
// in the environment, even to the empty string. The first value a flag
// rejects stops it; the error names the variable and the value.
func (e Env) Apply(fs *flag.FlagSet) error {
	for _, name := range slices.Sorted(maps.Keys(e.Fallback)) {
		v, ok := os.LookupEnv(e.Fallback[name])
		if !ok || fs.Lookup(name) == nil {
			continue
		}
		if _, own := os.LookupEnv(e.Name(name)); own {
			continue
		}
		if err := fs.Set(name, v); err != nil {
			return fmt.Errorf("%s=%q: %w", e.Fallback[name], v, err)
		}
	}
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil {
			return
		}
		if v, ok := os.LookupEnv(e.Name(f.Name)); ok {
			if serr := fs.Set(f.Name, v); serr != nil {
				err = fmt.Errorf("%s=%q: %w", e.Name(f.Name), v, serr)
			}
		}
	})
	return err
}

// Parse applies the environment to fs (Apply), then parses args, whose
// flags win, and rejects arguments left after the flags.
func (e Env) Parse(fs *flag.FlagSet, args []string) error {
	if err := e.Apply(fs); err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return nil
}

// Usage returns a flag.FlagSet.Usage function that writes the lines of
// head to w, then each flag of fs with its variable and default:
//
//	-addr (RACER_ADDR, default ":8080")
//	  	listen address
func (e Env) Usage(fs *flag.FlagSet, w io.Writer, head ...string) func() {
	return func() {
		for _, line := range head {
			fmt.Fprintln(w, line)
		}
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(w, "  -%s (%s, default %q)\n    \t%s\n", f.Name, e.Name(f.Name), f.DefValue, f.Usage)
		})
	}
}
