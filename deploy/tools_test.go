package deploy

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/internal/testenv"
)

// needTool returns the path of an external program the test needs. It
// skips the test when the program is missing, except under CI=true, where
// .ci/run has installed it and its absence is a failure.
func needTool(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: skips the test that runs %s; CI runs it (go test without -short)", name)
	}
	return testenv.Require(t, name)
}

// runTool runs a program in this directory and fails the test with its
// output if it exits non-zero.
func runTool(t *testing.T, path string, args ...string) string {
	t.Helper()
	out, err := exec.Command(path, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", path, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// readFile returns a file of this directory as a string.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// yamlDocs parses a YAML file of this directory.
func yamlDocs(t *testing.T, path string) []any {
	t.Helper()
	docs, err := parseYAMLFile(path)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	return docs
}

// dig walks a parsed YAML value along keys (string for mappings, int for
// sequences) and returns nil where the path does not exist.
func dig(v any, path ...any) any {
	for _, k := range path {
		switch key := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[key]
		case int:
			s, ok := v.([]any)
			if !ok || key >= len(s) {
				return nil
			}
			v = s[key]
		}
	}
	return v
}

// str is dig for a string value ("" when absent or not a string).
func str(v any, path ...any) string {
	s, _ := dig(v, path...).(string)
	return s
}

// list is dig for a sequence value.
func list(v any, path ...any) []any {
	s, _ := dig(v, path...).([]any)
	return s
}
