package cmdutil

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// TestMain tells the person at the terminal which tests skipped for want
// of redis-server (package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }

func TestExitCode(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		code int
		out  string
	}{
		{"nil", nil, 0, ""},
		{"help", flag.ErrHelp, 0, ""},
		{"wrapped help", fmt.Errorf("flags: %w", flag.ErrHelp), 0, ""},
		{"failure", errors.New("-redis is required"), 1, "dealer: -redis is required\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if got := ExitCode("dealer", tc.err, &out); got != tc.code {
				t.Errorf("got %d, want %d", got, tc.code)
			}
			if out.String() != tc.out {
				t.Errorf("stderr: got %q, want %q", out.String(), tc.out)
			}
		})
	}
}
