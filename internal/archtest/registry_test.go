package archtest

import "testing"

// registry is the package that names every game; only cmd wires it in.
const registry = module + "/match/game/games"

// TestMatchGivenItsGames checks that no package under match but the
// registry itself depends on the registry (match/game/games): match and
// its parts are given their games (a *game.Registry in a Config or as a
// parameter) by whoever builds them, so that a server, a tool or a test
// races exactly the games it names. Test files may use the registry.
func TestMatchGivenItsGames(t *testing.T) {
	all := deps(t)
	if _, ok := all[registry]; !ok {
		t.Fatalf("go list has no %s: the check names a package that moved", rel(registry))
	}
	checked := 0
	for pkg, ds := range all {
		if !under(pkg, "match") || pkg == registry {
			continue
		}
		checked++
		for _, d := range ds {
			if d == registry {
				t.Errorf("%s depends on %s: packages under match are given their games by their caller (cmd wires match/game/games.All in)", rel(pkg), rel(registry))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d packages under match, want all of them", checked)
	}
}
