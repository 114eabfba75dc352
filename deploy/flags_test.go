package deploy

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// racerEnvNames returns the RACER_ environment variables the racer binary
// documents in -h.
func racerEnvNames(t *testing.T, bin string) map[string]bool {
	t.Helper()
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	names := map[string]bool{}
	for _, n := range regexp.MustCompile(`\bRACER_[A-Z0-9_]+\b`).FindAllString(string(out), -1) {
		names[n] = true
	}
	if len(names) == 0 {
		t.Fatalf("racer -h names no RACER_ variable:\n%s", out)
	}
	return names
}

// deployEnvNames returns every RACER_ variable set by the image, the
// compose file and the Kubernetes manifests, with the file setting it.
func deployEnvNames(t *testing.T) map[string]string {
	t.Helper()
	set := regexp.MustCompile(`(?m)^\s*(?:ENV\s+|-\s+name:\s+)?(RACER_[A-Z0-9_]+)\s*[:=]|name:\s+(RACER_[A-Z0-9_]+)\b`)
	files := []string{"Dockerfile", "compose.yaml"}
	k8s, _ := filepath.Glob("k8s/*.yaml")
	files = append(files, k8s...)
	found := map[string]string{}
	for _, f := range files {
		for _, m := range set.FindAllStringSubmatch(readFile(t, f), -1) {
			n := m[1] + m[2]
			if strings.HasPrefix(n, "RACER_") {
				found[n] = f
			}
		}
	}
	return found
}

// pendingFlags are variables deploy/ sets for a flag another issue is
// adding; remove each once racer -h lists it.
var pendingFlags = map[string]string{}

// TestDeploySetsOnlyRealFlags: a misspelt or not-yet-existing variable is
// silently ignored by the racer (a cluster that runs on the in-memory
// store, say), so every RACER_ variable deploy/ sets must be one that
// "racer -h" documents.
func TestDeploySetsOnlyRealFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips building cmd/racer to check deploy/'s settings; CI runs it (go test without -short)")
	}
	t.Parallel()
	bin := buildRacer(t)
	known := racerEnvNames(t, bin)
	set := deployEnvNames(t)
	for _, want := range []string{"RACER_ADDR", "RACER_SECRET", "RACER_METRICS_ADDR", "RACER_SHUTDOWN_TIMEOUT", "RACER_REDIS"} {
		if set[want] == "" {
			t.Errorf("deploy/ never sets %s", want)
		}
	}
	var names []string
	for n := range set {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		switch {
		case known[n]:
		case pendingFlags[n] != "":
			t.Logf("NOTE: %s sets %s, which racer -h does not know yet (%s)", set[n], n, pendingFlags[n])
		default:
			t.Errorf("%s sets %s, which racer -h does not know", set[n], n)
		}
	}
}
