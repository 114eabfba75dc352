// Package archtest keeps the architecture of STYLE.md honest: which of
// our packages may import which. The engines (klondike, spider) import
// nothing of ours but the standard-library-only internal/cards (the
// cards and deals they share), internal/enginetest (the checks their
// tests share) and internal/tt, internal/solverpool and internal/solving
// (what their solvers share); the server sees games through the game
// contract (match/game), whose adapters import the engines.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/solitaire-race/racer"

// deps returns, for every package of the module, the packages it depends
// on (transitively, test files excluded), as `go list -deps` reports them.
func deps(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		m[f[0]] = f[1:]
	}
	return m
}

func under(pkg, prefix string) bool {
	p := module + "/" + prefix
	return pkg == p || strings.HasPrefix(pkg, p+"/")
}

// engineShared reports whether pkg is one of the internal packages the
// engines share (cards and deals), their tests share (the shared
// checks) or their solvers share (the transposition table, the seed
// pool, the verdict and budget): the engines may import them, and they
// import nothing of ours.
func engineShared(pkg string) bool {
	return under(pkg, "internal/cards") || under(pkg, "internal/enginetest") ||
		under(pkg, "internal/tt") || under(pkg, "internal/solverpool") || under(pkg, "internal/solving")
}

func TestEdges(t *testing.T) {
	all := deps(t)
	if len(all) < 10 {
		t.Fatalf("go list found %d packages, want the whole module", len(all))
	}
	for pkg, ds := range all {
		for _, d := range ds {
			ours := strings.HasPrefix(d, module+"/")
			switch {
			case under(pkg, "klondike") && ours && !under(d, "klondike") && !engineShared(d):
				t.Errorf("%s imports %s: klondike imports no other package of ours", pkg, d)
			case under(pkg, "klondike") && !ours && strings.Contains(strings.SplitN(d, "/", 2)[0], "."):
				t.Errorf("%s depends on %s: klondike uses the standard library only", pkg, d)
			case under(pkg, "spider") && ours && !under(d, "spider") && !engineShared(d):
				t.Errorf("%s imports %s: spider imports no other package of ours", pkg, d)
			case under(pkg, "spider") && !ours && strings.Contains(strings.SplitN(d, "/", 2)[0], "."):
				t.Errorf("%s depends on %s: spider uses the standard library only", pkg, d)
			case engineShared(pkg) && ours:
				t.Errorf("%s imports %s: what the engines share imports no other package of ours", pkg, d)
			case engineShared(pkg) && strings.Contains(strings.SplitN(d, "/", 2)[0], "."):
				t.Errorf("%s depends on %s: what the engines share uses the standard library only", pkg, d)
			case under(pkg, "match") && (under(d, "hub") || under(d, "web")):
				t.Errorf("%s imports %s: match knows nothing of sockets or pages", pkg, d)
			case under(pkg, "hub") && under(d, "web"):
				t.Errorf("%s imports %s: hub does not import web", pkg, d)
			case under(d, "cmd"):
				t.Errorf("%s imports %s: nothing imports cmd", pkg, d)
			}
		}
	}
}

// TestRedisOnlyInRedisFiles checks that go-redis is imported only by
// *_redis.go files (and the test helpers and cmd that build clients).
func TestRedisOnlyInRedisFiles(t *testing.T) {
	grep, err := exec.Command("git", "grep", "--full-name", "-l", `"github.com/redis/go-redis/v9"`, "--", ":/*.go", ":/!*_test.go").Output()
	if err != nil {
		t.Fatalf("git grep: %v", err)
	}
	files := strings.Fields(string(grep))
	if len(files) == 0 {
		t.Fatal("git grep found no file importing go-redis; the check is looking in the wrong place")
	}
	for _, f := range files {
		switch {
		case strings.HasSuffix(f, "_redis.go"), strings.HasPrefix(f, "internal/"), strings.HasPrefix(f, "cmd/"):
		default:
			t.Errorf("%s imports go-redis: only *_redis.go files may (STYLE.md)", f)
		}
	}
}

// imports returns, for every package of the module, the packages it
// imports directly (test files excluded).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		m[f[0]] = f[1:]
	}
	return m
}

// engines are the game engines and their solvers.
var engines = []string{"klondike", "klondike/solver", "spider", "spider/solver"}

// isEngine reports whether pkg is an engine or its solver (klondike/fair,
// the race's commitment, is not a game's).
func isEngine(pkg string) bool {
	for _, e := range engines {
		if pkg == module+"/"+e {
			return true
		}
	}
	return false
}

// TestGamesBehindTheContract checks that the server sees games only
// through the game contract (match/game): the packages that serve races
// import no engine directly, and at most the registry and the bots import
// both Klondike and Spider.
func TestGamesBehindTheContract(t *testing.T) {
	all := imports(t)
	noEngine := []string{"hub", "hub/client", "web", "web/api", "cmd/racer", "cmd/loadgen", "match", "match/results", "match/game",
		"match/matchtest", "internal/cli"}
	for _, p := range noEngine {
		ims, ok := all[module+"/"+p]
		if !ok {
			t.Errorf("go list has no %s: the check names a package that moved", p)
		}
		for _, d := range ims {
			if isEngine(d) {
				t.Errorf("%s imports %s: it sees games through match/game", p, d)
			}
		}
	}
	bothAllowed := map[string]bool{module + "/match/game/games": true, module + "/hub/bot": true}
	for pkg, ims := range all {
		if under(pkg, "klondike") || under(pkg, "spider") || under(pkg, "cmd/klondike") || under(pkg, "cmd/spider") {
			continue
		}
		var k, s bool
		for _, d := range ims {
			k = k || d == module+"/klondike" || d == module+"/match/game/klondikegame"
			s = s || d == module+"/spider" || d == module+"/match/game/spidergame"
		}
		if k && s && !bothAllowed[pkg] {
			t.Errorf("%s imports both games: only the registry (match/game/games) and the bots may", pkg)
		}
	}
	for pkg, ims := range all {
		if pkg == module+"/match/game" {
			for _, d := range ims {
				if strings.HasPrefix(d, module+"/") {
					t.Errorf("match/game imports %s: the contract imports only the standard library", d)
				}
			}
		}
	}
}

// clients are the packages that speak the protocol from the outside:
// the protocol itself, the Go client, the bots and the load tool.
var clients = []string{"hub/wire", "hub/client", "hub/bot", "cmd/loadgen"}

// clientMay reports whether a client may depend on pkg, one of ours: the
// protocol and the client side, the race's public values
// (match/scoreboard), the game contract with its adapters and registry,
// and the engines (the bots play through them). Anything else is the
// server: hub and its parts, match with its stores, web.
func clientMay(pkg string) bool {
	for _, p := range clients {
		if pkg == module+"/"+p {
			return true
		}
	}
	return under(pkg, "match/scoreboard") || under(pkg, "match/game") || under(pkg, "klondike") ||
		under(pkg, "spider") || engineShared(pkg)
}

// serverLibraries are the modules only the server links.
var serverLibraries = []string{"github.com/redis/go-redis/", "github.com/prometheus/client_golang/"}

// TestClientLinksNoServer checks that the client side (hub/client,
// hub/wire, hub/bot, cmd/loadgen) depends on no server package (hub,
// hub/broker, hub/lobby, hub/session, match and its stores, web) and
// links neither go-redis nor client_golang; and that the protocol and
// the Go client link no engine: a view is JSON tagged with its game.
func TestClientLinksNoServer(t *testing.T) {
	all := deps(t)
	for _, c := range clients {
		ds, ok := all[module+"/"+c]
		if !ok {
			t.Errorf("go list has no %s: the check names a package that moved", c)
		}
		for _, d := range ds {
			if strings.HasPrefix(d, module+"/") && !clientMay(d) {
				t.Errorf("%s depends on %s: the client side imports no server package", c, d)
			}
			for _, lib := range serverLibraries {
				if strings.HasPrefix(d, lib) {
					t.Errorf("%s depends on %s: the client side links neither go-redis nor client_golang", c, d)
				}
			}
		}
	}
	for _, c := range []string{"hub/wire", "hub/client"} {
		for _, d := range all[module+"/"+c] {
			if isEngine(d) || under(d, "match/game/klondikegame") || under(d, "match/game/spidergame") || under(d, "match/game/games") {
				t.Errorf("%s depends on %s: the protocol and the Go client link no engine", c, d)
			}
		}
	}
}
