package clitest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The helpers of the "analyze" commands' reference checks, which run the
// built command as a process (cmd/klondike and cmd/spider).

var referenceSeed = flag.Uint64("reference.seed", 0, "seed of the analyze reference checks' random games (0: a new one each run, logged)")

// ReferenceRand returns the random source of a reference check's games:
// seeded by -reference.seed, or by a fresh seed it logs, so that a
// failing run can be repeated.
func ReferenceRand(t testing.TB) *rand.Rand {
	t.Helper()
	seed := *referenceSeed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t.Logf("random games from -reference.seed=%d", seed)
	return rand.New(rand.NewPCG(seed, 27))
}

// BuildCommand builds the command of package dir into a temporary
// directory and returns its path.
func BuildCommand(t testing.TB, pkg string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build", pkg)
	}
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	out, err := exec.Command(goTool, "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// Run runs bin with args and stdin, and returns its standard output.
func Run(t testing.TB, bin, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v; stderr %s", filepath.Base(bin), strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// Analysis is the JSON object of "analyze --json".
type Analysis struct {
	Verdicts     []string  `json:"verdicts"`
	FirstLost    *int      `json:"first_lost"`
	Line         []string  `json:"line"`
	Nodes        []int64   `json:"nodes"`
	Seconds      []float64 `json:"seconds"`
	TotalNodes   int64     `json:"total_nodes"`
	TotalSeconds float64   `json:"total_seconds"`
}

// DecodeAnalysis decodes out, checking it is one object with exactly the
// keys of the contract.
func DecodeAnalysis(t testing.TB, out string) Analysis {
	t.Helper()
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &keys); err != nil {
		t.Fatalf("analyze printed %q: %v", out, err)
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range keys {
			if !yield(k) {
				return
			}
		}
	})
	want := []string{"first_lost", "line", "nodes", "seconds", "total_nodes", "total_seconds", "verdicts"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("keys %v, want %v", names, want)
	}
	var a Analysis
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("analyze printed %q: %v", out, err)
	}
	return a
}

// CheckContract checks a's shape for a game of n moves: verdicts,
// first_lost and line as the contract says, and monotonicity.
func CheckContract(t testing.TB, a Analysis, n int) {
	t.Helper()
	if len(a.Verdicts) != n+1 || len(a.Nodes) != n+1 || len(a.Seconds) != n+1 {
		t.Fatalf("%d verdicts, %d nodes, %d seconds for %d moves; want %d each", len(a.Verdicts), len(a.Nodes), len(a.Seconds), n, n+1)
	}
	var sum int64
	for i, v := range a.Verdicts {
		if v != "won" && v != "lost" && v != "unknown" {
			t.Errorf("verdict %d is %q, want won, lost or unknown", i, v)
		}
		if a.Nodes[i] < 0 || a.Seconds[i] < 0 {
			t.Errorf("verdict %d: %d nodes, %v s; want neither negative", i, a.Nodes[i], a.Seconds[i])
		}
		sum += a.Nodes[i]
	}
	if sum != a.TotalNodes {
		t.Errorf("total_nodes %d, want the sum of nodes %d", a.TotalNodes, sum)
	}
	// Monotonicity: once lost, never won again.
	if i := slices.Index(a.Verdicts, "lost"); i >= 0 && slices.Contains(a.Verdicts[i:], "won") {
		t.Errorf("verdicts %v: won after lost", a.Verdicts)
	}
	// first_lost: the first lost verdict whose predecessor is won.
	want := -1
	for k := 1; k < len(a.Verdicts); k++ {
		if a.Verdicts[k] == "lost" && a.Verdicts[k-1] == "won" {
			want = k
			break
		}
	}
	switch {
	case want < 0 && (a.FirstLost != nil || a.Line != nil):
		t.Errorf("first_lost %v, line %v for verdicts %v; want both null", a.FirstLost, a.Line, a.Verdicts)
	case want >= 0 && (a.FirstLost == nil || *a.FirstLost != want):
		t.Errorf("first_lost %v for verdicts %v; want %d", a.FirstLost, a.Verdicts, want)
	case want >= 0 && len(a.Line) == 0:
		t.Errorf("first_lost %d with line %v; want a winning line", want, a.Line)
	}
}

// Runs writes verdicts as runs: "won×11 lost×3".
func Runs(verdicts []string) string {
	var out []string
	for i := 0; i < len(verdicts); {
		j := i
		for j < len(verdicts) && verdicts[j] == verdicts[i] {
			j++
		}
		out = append(out, fmt.Sprintf("%s×%d", verdicts[i], j-i))
		i = j
	}
	return strings.Join(out, " ")
}

// Reference describes one command's reference check of "analyze": games
// it has never seen (seeds and random legal move sequences drawn by the
// test), the built command run as a process, and what it prints checked
// against the contract, against "solve" and "play" (other code paths of
// the same binary), and every lost verdict of a small position against
// an exhaustive search written in the test.
type Reference struct {
	Command  string   // the command's package path
	Profiles []string // the games' profiles, in turn
	Games    int
	// Game draws a game of profile on seed's deal with rng: its moves in
	// notation and an exhaustive search from the position after i moves,
	// which reports a win, or ok false when the position is too big.
	Game func(rng *rand.Rand, profile string, seed uint64) (moves []string, search func(i int) (won, ok bool))
	// LostConfirmed requires at least one lost verdict confirmed by the
	// search when there are lost verdicts (Klondike's random games are
	// often lost in small positions; Spider's rarely).
	LostConfirmed bool
}

// CheckReference runs ref's check; it skips under -short.
func CheckReference(t *testing.T, ref Reference) {
	name := filepath.Base(ref.Command)
	if testing.Short() {
		t.Skipf("-short: skips building cmd/%s and checking analyze against solve, play and an exhaustive search; CI runs it (go test without -short)", name)
	}
	bin := BuildCommand(t, ref.Command)
	rng := ReferenceRand(t)
	var lines, lost, confirmed, solveAgreed int
	// checkedEnough: solve agreed at least once and, where asked, a lost
	// verdict was confirmed. Random games sometimes end with every lost
	// position too big to search, so up to three times as many games are
	// drawn until that holds; the seed alone still decides every game.
	checkedEnough := func() bool {
		return solveAgreed > 0 && (!ref.LostConfirmed || lost == 0 || confirmed > 0)
	}
	g := 0 // games drawn
	for ; g < ref.Games || (!checkedEnough() && g < 3*ref.Games); g++ {
		profile := ref.Profiles[g%len(ref.Profiles)]
		seed := rng.Uint64()
		moves, search := ref.Game(rng, profile, seed)
		game := fmt.Sprintf("%s seed %d, %d moves", profile, seed, len(moves))
		deal := []string{"--rules", profile, "--seed", fmt.Sprint(seed)}
		a := DecodeAnalysis(t, Run(t, bin, "", append([]string{"analyze", "--json", "--moves", strings.Join(moves, " ")}, deal...)...))
		CheckContract(t, a, len(moves))
		t.Logf("%s: %s", game, Runs(a.Verdicts))
		if t.Failed() {
			t.Fatalf("%s: %s", game, strings.Join(moves, " "))
		}

		// verdicts[0] is solve's verdict of the deal.
		var solve struct {
			Result string `json:"result"`
		}
		if err := json.Unmarshal([]byte(Run(t, bin, "", append([]string{"solve", "--json", "--nodes", "1000000", "--timeout", "20s"}, deal...)...)), &solve); err != nil {
			t.Fatal(err)
		}
		switch {
		case solve.Result != "unknown" && a.Verdicts[0] != "unknown" && solve.Result != a.Verdicts[0]:
			t.Errorf("%s: verdicts[0] %s, solve says %s", game, a.Verdicts[0], solve.Result)
		case solve.Result == a.Verdicts[0]:
			solveAgreed++
		}

		// The line replays to a win through play.
		if a.FirstLost != nil {
			k := *a.FirstLost
			in := strings.Join(append(slices.Clone(moves[:k-1]), a.Line...), " ")
			out := Run(t, bin, in, append([]string{"play"}, deal...)...)
			if strings.Contains(out, "illegal") || !strings.Contains(out, "result: won") {
				t.Errorf("%s: the line from move %d does not win through play:\n%s", game, k, out)
			}
			lines++
		}

		// Every lost verdict of a small position: no legal sequence of
		// moves wins from it. Positions get smaller towards the end, so
		// the search goes back from the last until one is too big.
		for i := len(a.Verdicts) - 1; i >= 0 && a.Verdicts[i] == "lost"; i-- {
			lost++
			won, ok := search(i)
			if !ok {
				break
			}
			if won {
				t.Errorf("%s: verdict %d is lost, but the exhaustive search wins from it", game, i)
			}
			confirmed++
		}
	}
	t.Logf("%d games: %d lines replayed to a win, %d lost verdicts, %d confirmed exhaustively, verdicts[0] equal to solve's in %d", g, lines, lost, confirmed, solveAgreed)
	if !checkedEnough() {
		t.Errorf("checked too little: %d agreements with solve, %d of %d lost verdicts confirmed", solveAgreed, confirmed, lost)
	}
}
