// Package doclinks checks that the repository's Markdown documents link
// only to files and headings that exist: every relative link and image
// of every *.md file outside testdata, including #fragments, which must
// name a heading of the target (GitHub's anchors).
package doclinks

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestLinks checks every Markdown file of the repository.
func TestLinks(t *testing.T) {
	root := repoRoot(t)
	files := markdownFiles(t, root)
	for _, must := range []string{"README.md", "docs/RULES.md", "hub/wire/PROTOCOL.md"} {
		if !contains(files, filepath.Join(root, must)) {
			t.Errorf("%s not found among the documents: got %d files", must, len(files))
		}
	}
	for _, f := range files {
		for _, err := range checkFile(f) {
			t.Error(err)
		}
	}
}

// TestCheckFileFindsBrokenLinks proves the checker can fail: a broken
// file link, a broken image, a missing heading in this file and in
// another are reported; links in code, external links and good links
// are not.
func TestCheckFileFindsBrokenLinks(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "other.md"), "# Other page\n\n## Won, stuck and finished\n")
	write(t, filepath.Join(dir, "a.md"), strings.Join([]string{
		"# Title",
		"",
		"## A heading",
		"## A heading",
		"",
		"[ok](other.md) [ok](other.md#won-stuck-and-finished) [ok](#a-heading) [ok](#a-heading-1)",
		"[ok](https://example.com/missing.md) [ok](mailto:x@example.com)",
		"`[in code](missing-in-code.md)`",
		"```",
		"[in a fence](missing-in-fence.md)",
		"```",
		"[bad](missing.md) ![bad image](img/missing.png)",
		"[bad anchor](#nowhere) [bad anchor](other.md#nowhere)",
		"[ref]: missing-ref.md",
	}, "\n"))
	errs := checkFile(filepath.Join(dir, "a.md"))
	want := []string{"missing.md", "img/missing.png", "#nowhere", "other.md#nowhere", "missing-ref.md"}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		if !strings.Contains(errs[i].Error(), "("+w+")") {
			t.Errorf("error %d: got %q, want one about %q", i, errs[i], w)
		}
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ heading, want string }{
		{"Won, stuck and finished", "won-stuck-and-finished"},
		{"Game-contract refactor: before/after", "game-contract-refactor-beforeafter"},
		{"`GET /api/races`", "get-apiraces"},
		{"Spider, seeds 1–1,000", "spider-seeds-11000"},
	}
	for _, tt := range tests {
		if got := slug(tt.heading); got != tt.want {
			t.Errorf("slug(%q): got %q, want %q", tt.heading, got, tt.want)
		}
	}
}

func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// markdownFiles lists the *.md files under root, leaving out testdata
// and hidden directories.
func markdownFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	// inlineLink matches [text](target) and ![alt](target), with an
	// optional "title" after the target.
	inlineLink = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	// refDef matches a reference definition: [label]: target.
	refDef   = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?`)
	codeSpan = regexp.MustCompile("`+[^`]*`+")
	scheme   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// links returns the link targets of a Markdown file outside fenced code
// blocks and code spans, in order.
func links(text string) []string {
	var out []string
	fence := ""
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
		if m := refDef.FindStringSubmatch(line); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// headings returns the anchors of a Markdown file's ATX headings, as
// GitHub makes them: a repeated slug gets -1, -2, ….
func headings(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fence := ""
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		h := strings.TrimLeft(trimmed, "#")
		if len(h) == len(trimmed) || len(trimmed)-len(h) > 6 || (h != "" && h[0] != ' ') {
			continue
		}
		s := slug(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(h), "#")))
		if n := seen[s]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			anchors[s] = true
		}
		seen[s]++
	}
	return anchors
}

// slug is GitHub's anchor of a heading: lower case, letters, digits,
// spaces, hyphens and underscores kept, spaces made hyphens.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	return b.String()
}

// checkFile returns an error for each relative link of the Markdown file
// at path whose target file or heading does not exist.
func checkFile(path string) []error {
	data, err := os.ReadFile(path)
	if err != nil {
		return []error{err}
	}
	var errs []error
	for _, target := range links(string(data)) {
		if scheme.MatchString(target) {
			continue // external: http:, https:, mailto:
		}
		file, frag, _ := strings.Cut(target, "#")
		dest := path
		if file != "" {
			dest = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
			if _, err := os.Stat(dest); err != nil {
				errs = append(errs, fmt.Errorf("%s: broken link (%s): no such file", path, target))
				continue
			}
		}
		if frag == "" || !strings.HasSuffix(dest, ".md") {
			continue
		}
		text, err := os.ReadFile(dest)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: broken link (%s): %v", path, target, err))
			continue
		}
		if !headings(string(text))[frag] {
			errs = append(errs, fmt.Errorf("%s: broken link (%s): no heading with that anchor", path, target))
		}
	}
	return errs
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
