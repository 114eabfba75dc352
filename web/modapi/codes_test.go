package modapi_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAuthFairPlayCodesDocumented: every code this package answers
// with is in the "Fair play" section of PROTOCOL.md and has its sentence
// in the page's English and Portuguese words.
func TestAuthFairPlayCodesDocumented(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`writeError\(w, http\.Status\w+, "([a-z_]+)"`)
	codes := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(b), -1) {
			codes[m[1]] = true
		}
	}
	if len(codes) < 10 {
		t.Fatalf("found %d codes, want the package's refusals: %v", len(codes), codes)
	}
	proto, err := os.ReadFile("../../hub/wire/PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(proto), "\n## Fair play\n")
	if !ok {
		t.Fatal("PROTOCOL.md has no Fair play section")
	}
	for _, lang := range []string{"en.js", "pt-BR.js"} {
		words, err := os.ReadFile(filepath.Join("..", "static", "i18n", lang))
		if err != nil {
			t.Fatal(err)
		}
		for c := range codes {
			if !strings.Contains(string(words), "'code."+c+"':") {
				t.Errorf("%s lacks code.%s", lang, c)
			}
		}
	}
	for c := range codes {
		if !strings.Contains(section, "`"+c+"`") {
			t.Errorf("PROTOCOL.md's Fair play section does not list %s", c)
		}
	}
}
