package testenv

import (
	"flag"
	"testing"
)

// Parallel sets -test.parallel when the command line left it alone.
func TestParallel(t *testing.T) {
	f := flag.Lookup("test.parallel")
	if f == nil {
		t.Fatal("no -test.parallel flag")
	}
	set := false
	flag.Visit(func(g *flag.Flag) { set = set || g.Name == f.Name })
	if set {
		t.Skip("-test.parallel is set on the command line")
	}
	old := f.Value.String()
	t.Cleanup(func() { _ = flag.Set(f.Name, old) })
	Parallel(7)
	if got := f.Value.String(); got != "7" {
		t.Errorf("-test.parallel = %s after Parallel(7), want 7", got)
	}
}
