package main

import (
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/cli/clitest"
)

func TestAnalyzeJSON(t *testing.T) {
	moves := "6-a 6-b 6-F 6-F b-F 1-c 1-d"
	out, errOut, code := clitest.Exec(t, app, "", "analyze", "--json", "--seed", "1", "--timeout", "1m", "--game-timeout", "1m", "--moves", moves)
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr %q", code, errOut)
	}
	a := clitest.DecodeAnalysis(t, out)
	clitest.CheckContract(t, a, len(strings.Fields(moves)))
	if a.Verdicts[0] != "won" {
		t.Errorf("deal 1: %s", a.Verdicts[0])
	}
}

func TestAnalyzeUsageErrors(t *testing.T) {
	clitest.AnalyzeUsage(t, app, "1-F")
}
