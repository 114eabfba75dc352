// Package archtest keeps the architecture of STYLE.md honest: which of
// our packages may import which, as rules over every package of the
// module, so that a package added tomorrow is checked too.
//
// An engine is a top-level package that deals cards (it imports
// internal/cards), with the packages under it (its solver): klondike,
// spider, freecell today, and any game added beside them. Engines import
// the standard library and the internal packages they share only; the
// only packages that import an engine are its own tree, its adapter
// (match/game/<engine>game) and its command (cmd/<engine>); the server
// sees games through the game contract (match/game).
package archtest

import (
	"os/exec"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

const module = "github.com/solitaire-race/racer"

// listFields are the fields of `go list` that the rules read.
var listFields = []string{"Imports", "Deps", "TestImports", "XTestImports"}

var (
	listMu sync.Mutex
	// listed holds, by field, what one run of go list reported: every
	// test of the package reads it, and go list over the module takes
	// seconds.
	listed map[string]map[string][]string
)

// list returns, for every package of the module, the packages that
// `go list -f field` reports for it (test files excluded), field being
// one of listFields. The maps are shared: callers only read them.
func list(t *testing.T, field string) map[string][]string {
	t.Helper()
	listMu.Lock()
	defer listMu.Unlock()
	if listed == nil {
		var tmpl strings.Builder
		for _, f := range listFields {
			tmpl.WriteString(f + " {{.ImportPath}}{{range ." + f + "}} {{.}}{{end}}\n")
		}
		out, err := exec.Command("go", "list", "-f", tmpl.String(), module+"/...").Output()
		if err != nil {
			t.Fatalf("go list: %v", err)
		}
		all := map[string]map[string][]string{}
		for _, f := range listFields {
			all[f] = map[string][]string{}
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && all[f[0]] != nil {
				all[f[0]][f[1]] = f[2:]
			}
		}
		listed = all
	}
	m, ok := listed[field]
	if !ok {
		t.Fatalf("list(%q): want one of %v", field, listFields)
	}
	if len(m) < 10 {
		t.Fatalf("go list found %d packages, want the whole module", len(m))
	}
	return m
}

// deps returns, for every package of the module, the packages it depends
// on (transitively).
func deps(t *testing.T) map[string][]string { return list(t, "Deps") }

// imports returns, for every package of the module, the packages it
// imports directly.
func imports(t *testing.T) map[string][]string { return list(t, "Imports") }

func under(pkg, prefix string) bool {
	p := module + "/" + prefix
	return pkg == p || strings.HasPrefix(pkg, p+"/")
}

// ours reports whether pkg is a package of the module.
func ours(pkg string) bool { return strings.HasPrefix(pkg, module+"/") }

// stdlib reports whether pkg belongs to the standard library: its first
// path element has no dot.
func stdlib(pkg string) bool { return !strings.Contains(strings.SplitN(pkg, "/", 2)[0], ".") }

// rel returns pkg's path inside the module.
func rel(pkg string) string { return strings.TrimPrefix(pkg, module+"/") }

// arch is what the rules know of the module: its packages' direct
// imports, and which packages are engines.
type arch struct {
	imports map[string][]string
	// engines maps each engine's root (a path inside the module, such as
	// "freecell") to nothing: a package is an engine's when it is under
	// one of them.
	engines map[string]bool
	// sharedPkgs holds the internal packages that an engine's package or
	// its tests import.
	sharedPkgs map[string]bool
}

func newArch(t *testing.T) arch {
	t.Helper()
	a := arch{imports: imports(t), engines: map[string]bool{}, sharedPkgs: map[string]bool{}}
	for pkg, ims := range a.imports {
		r := rel(pkg)
		if strings.Contains(r, "/") || !slices.Contains(ims, module+"/internal/cards") || r == "internal" {
			continue
		}
		a.engines[r] = true
	}
	if len(a.engines) < 2 {
		t.Fatalf("found the engines %v, want every game's: the rule that finds them is wrong", a.engines)
	}
	for _, field := range []string{"Imports", "TestImports", "XTestImports"} {
		for pkg, ims := range list(t, field) {
			for _, d := range ims {
				if a.engineOf(pkg) != "" && under(d, "internal") {
					a.sharedPkgs[d] = true
				}
			}
		}
	}
	return a
}

// engineOf returns the root of the engine pkg belongs to, or "".
func (a arch) engineOf(pkg string) string {
	r := rel(pkg)
	if !ours(pkg) {
		return ""
	}
	root, _, _ := strings.Cut(r, "/")
	if a.engines[root] {
		return root
	}
	return ""
}

// shared reports whether pkg is an internal package that an engine or
// its tests import: what the engines share (cards and deals, the transposition
// table, verdicts and budgets, the seed pool, the engine test suites).
func (a arch) shared(pkg string) bool { return a.sharedPkgs[pkg] }

// mayImportEngine reports whether pkg may import a package of engine e:
// e's own tree, its adapter and its command.
func mayImportEngine(pkg, e string) bool {
	return under(pkg, e) || under(pkg, "match/game/"+e+"game") || under(pkg, "cmd/"+e)
}

// TestEngines checks that every engine uses the standard library and the
// internal packages the engines share only, and that what they share
// imports nothing of ours.
func TestEngines(t *testing.T) {
	a := newArch(t)
	for pkg, ds := range deps(t) {
		e := a.engineOf(pkg)
		if e == "" && !a.shared(pkg) {
			continue
		}
		for _, d := range ds {
			switch {
			case !stdlib(d) && !ours(d):
				t.Errorf("%s depends on %s: engines and what they share use the standard library only", rel(pkg), d)
			case e != "" && ours(d) && a.engineOf(d) != e && !a.shared(d):
				t.Errorf("%s imports %s: engine %s imports nothing of ours but its own packages and the internal ones the engines share", rel(pkg), rel(d), e)
			case e == "" && ours(d):
				t.Errorf("%s imports %s: what the engines share imports nothing of ours", rel(pkg), rel(d))
			}
		}
	}
}

// TestGamesBehindTheContract checks that no package imports an engine but
// the engine's own tree, its adapter (match/game/<engine>game) and its
// command (cmd/<engine>); that no package imports an adapter but the
// registry (match/game/games) and the game's command, so that bots and
// every other part play any game through the contract; that the contract
// (match/game) imports only the standard library; that only the registry
// imports more than one adapter; and that every engine has its adapter, which the
// registry imports.
func TestGamesBehindTheContract(t *testing.T) {
	a := newArch(t)
	for pkg, ims := range a.imports {
		var adapters []string
		for _, d := range ims {
			if e := a.engineOf(d); e != "" && !mayImportEngine(pkg, e) {
				t.Errorf("%s imports %s: only %s's own packages, match/game/%sgame and cmd/%s import an engine; the rest see games through match/game",
					rel(pkg), rel(d), e, e, e)
			}
			if r := rel(d); ours(d) && strings.HasPrefix(r, "match/game/") && strings.HasSuffix(r, "game") && strings.Count(r, "/") == 2 {
				adapters = append(adapters, r)
				e := strings.TrimSuffix(strings.TrimPrefix(r, "match/game/"), "game")
				if pkg != module+"/match/game/games" && !under(pkg, "cmd/"+e) && !under(pkg, r) {
					t.Errorf("%s imports %s: only the registry (match/game/games) and cmd/%s import an adapter; the rest, bots included, find games in the registry and play them through match/game",
						rel(pkg), r, e)
				}
			}
			if pkg == module+"/match/game" && ours(d) {
				t.Errorf("match/game imports %s: the contract imports only the standard library", rel(d))
			}
		}
		if len(adapters) > 1 && pkg != module+"/match/game/games" {
			t.Errorf("%s imports the adapters %v: only the registry (match/game/games) imports more than one game", rel(pkg), adapters)
		}
	}
	var engines []string
	for e := range a.engines {
		engines = append(engines, e)
	}
	sort.Strings(engines)
	registry := a.imports[module+"/match/game/games"]
	for _, e := range engines {
		adapter := module + "/match/game/" + e + "game"
		if _, ok := a.imports[adapter]; !ok {
			t.Errorf("engine %s has no adapter: want match/game/%sgame", e, e)
			continue
		}
		if !slices.Contains(registry, adapter) {
			t.Errorf("match/game/games does not import match/game/%sgame: every engine's game is registered", e)
		}
	}
}

// TestEdges checks the layers: match knows nothing of sockets or pages,
// hub does not import web, and nothing imports cmd.
func TestEdges(t *testing.T) {
	for pkg, ds := range deps(t) {
		for _, d := range ds {
			switch {
			case under(pkg, "match") && (under(d, "hub") || under(d, "web")):
				t.Errorf("%s imports %s: match knows nothing of sockets or pages", rel(pkg), rel(d))
			case under(pkg, "hub") && under(d, "web"):
				t.Errorf("%s imports %s: hub does not import web", rel(pkg), rel(d))
			case under(d, "cmd"):
				t.Errorf("%s imports %s: nothing imports cmd", rel(pkg), rel(d))
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

// clients are the packages that speak the protocol from the outside:
// the protocol itself, the Go client, the bots and the load tool.
var clients = []string{"hub/wire", "hub/client", "hub/bot", "cmd/loadgen"}

// clientMay reports whether a client may depend on pkg, one of ours: the
// protocol and the client side, the race's public values
// (match/scoreboard), the game contract with its adapters and registry,
// and what they link (the engines and what the engines share). Anything
// else is the server: hub and its parts, match with its stores, web.
func (a arch) clientMay(pkg string) bool {
	for _, p := range clients {
		if pkg == module+"/"+p {
			return true
		}
	}
	return under(pkg, "match/scoreboard") || under(pkg, "match/game") || a.engineOf(pkg) != "" || a.shared(pkg)
}

// serverLibraries are the modules only the server links.
var serverLibraries = []string{"github.com/redis/go-redis/", "github.com/prometheus/client_golang/"}

// TestClientLinksNoServer checks that the client side (hub/client,
// hub/wire, hub/bot, cmd/loadgen) depends on no server package (hub,
// hub/broker, hub/lobby, hub/session, match and its stores, web) and
// links neither go-redis nor client_golang; and that the protocol and
// the Go client link no game: a view is JSON tagged with its game.
func TestClientLinksNoServer(t *testing.T) {
	a := newArch(t)
	all := deps(t)
	for _, c := range clients {
		ds, ok := all[module+"/"+c]
		if !ok {
			t.Errorf("go list has no %s: the check names a package that moved", c)
		}
		for _, d := range ds {
			if ours(d) && !a.clientMay(d) {
				t.Errorf("%s depends on %s: the client side imports no server package", c, rel(d))
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
			if a.engineOf(d) != "" || (under(d, "match/game") && !under(d, "match/game/internal") && d != module+"/match/game") {
				t.Errorf("%s depends on %s: the protocol and the Go client link no game", c, rel(d))
			}
		}
	}
}
