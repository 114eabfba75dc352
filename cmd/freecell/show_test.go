package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestShow(t *testing.T) {
	out := clitest.WantOutput(t, app, []string{"show", "--seed", "1", "--moves", "6-a 6-b"},
		"rules: freecell (FreeCell, 4 free cells)  result: playing\n", "home 0/52  actions 2\n", "cells: 3D 2C -- --\n",
		"6: 7H QC AS AC\n", "\nlegal: 1-c 1-d ", "\nsafe: 6-F\n")
	if strings.Count(out, "\n") != 1+11+2 {
		t.Errorf("got %d lines:\n%s", strings.Count(out, "\n"), out)
	}
	clitest.WantOutput(t, app, []string{"show", "--rules", "freecell-2", "--seed", "1", "--moves", "7-a 7-b"}, "result: stuck\n", "legal:\nsafe:\n")
	clitest.WantUsageError(t, app, "", []string{"show", "--seed", "1", "--moves", "6-a a-F"}, `show: --moves: move 2 "a-F"`)
	clitest.WantHelp(t, app, "show", "rules", "seed", "deal", "moves")
}
