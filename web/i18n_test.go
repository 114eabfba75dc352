package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The page's catalogues (static/i18n/*.js) hold one entry a line:
//
//	'key': 'value',
//	'key': plural('one', 'many'),
//	'key': (p) => (…),
var catalogueEntry = regexp.MustCompile(`^\s*'([^']+)':\s*(.*?),?\s*$`)

// readCatalogue returns the entries of a catalogue file: key → its value's source.
func readCatalogue(t *testing.T, name string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("static", "i18n", name))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	in := false
	for i, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "export default {"):
			in = true
			continue
		case line == "};":
			in = false
		}
		if !in {
			continue
		}
		s := strings.TrimSpace(line)
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		m := catalogueEntry.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s:%d: not one entry a line: %q", name, i+1, line)
			continue
		}
		if _, dup := out[m[1]]; dup {
			t.Errorf("%s:%d: key %q twice", name, i+1, m[1])
		}
		out[m[1]] = m[2]
	}
	if len(out) == 0 {
		t.Fatalf("%s: no entries", name)
	}
	return out
}

// emptyString finds an empty string literal in a value's source.
var emptyString = regexp.MustCompile(`(^|[(,:?]\s*)(''|""|` + "``" + `)`)

// TestCatalogues checks that English and Brazilian Portuguese have the
// same keys, and no empty value.
func TestCatalogues(t *testing.T) {
	en := readCatalogue(t, "en.js")
	pt := readCatalogue(t, "pt-BR.js")
	for k := range en {
		if _, ok := pt[k]; !ok {
			t.Errorf("pt-BR.js lacks %q", k)
		}
	}
	for k := range pt {
		if _, ok := en[k]; !ok {
			t.Errorf("en.js lacks %q (pt-BR.js has it)", k)
		}
	}
	for name, c := range map[string]map[string]string{"en.js": en, "pt-BR.js": pt} {
		for k, v := range c {
			if v == "" || emptyString.MatchString(v) {
				t.Errorf("%s: %q has an empty value: %s", name, k, v)
			}
		}
	}
}

// usedKey finds t('key', …) calls with a literal key in the page's modules.
var usedKey = regexp.MustCompile(`(?:^|[^\w.$])t\('([^']+)'`)

// TestCatalogueHasUsedKeys checks that every literal key the page's
// modules look up is in the English catalogue (a missing key would show
// as itself).
func TestCatalogueHasUsedKeys(t *testing.T) {
	en := readCatalogue(t, "en.js")
	files, err := filepath.Glob(filepath.Join("static", "*.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no modules: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range usedKey.FindAllStringSubmatch(string(b), -1) {
			if strings.HasSuffix(m[1], ".") {
				continue // a prefix: the key is built at run time
			}
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s looks up %q, which en.js lacks", f, m[1])
			}
		}
	}
}

// TestServerCodesHaveSentences checks that every code the server can send
// to the page has its sentence in the English catalogue: the wire
// protocol's error codes (hub/wire), racer statuses and the reasons a
// race ends (match/scoreboard), and the HTTP API's error codes (web,
// web/api). The page shows these sentences, never the server's message.
func TestServerCodesHaveSentences(t *testing.T) {
	en := readCatalogue(t, "en.js")
	want := map[string]string{} // catalogue key → where the code comes from
	for _, v := range constStrings(t, "../hub/wire", "Code") {
		want["code."+v] = "hub/wire"
	}
	for _, v := range constStrings(t, "../match/scoreboard", "Status") {
		want["state."+v] = "match/scoreboard"
	}
	for _, v := range constStrings(t, "../match/scoreboard", "End") {
		want["end."+v] = "match/scoreboard"
	}
	for _, dir := range []string{".", "api", "authapi"} {
		for _, v := range apiErrorCodes(t, dir) {
			want["code."+v] = "web/" + dir
		}
	}
	if len(want) < 40 {
		t.Fatalf("found only %d codes: %v", len(want), want)
	}
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := en[k]; !ok {
			t.Errorf("en.js lacks %q (a code of %s)", k, want[k])
		}
	}
	// No module shows the server's message: an error frame's or an API
	// answer's .message is for developers (errorText gives the sentence).
	for _, f := range pageModules(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := serverMessage.FindString(line); m != "" {
				t.Errorf("%s:%d reads a server's message (%s): show errorText(e) instead", f, i+1, strings.TrimSpace(m))
			}
		}
	}
}

// serverMessage matches reading a message field (e.message, r.data
// ['message']), not calling a method named message.
var serverMessage = regexp.MustCompile(`(\.message\b\s*($|[^\s(])|\[\s*['"]message['"]\s*\])`)

// pageModules lists the page's modules, the catalogues left out.
func pageModules(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("static/*.js")
	if err != nil || len(files) < 10 {
		t.Fatalf("page modules: %v, %v", files, err)
	}
	return files
}

// parseDir parses the non-test Go files of dir.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*ast.File
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, af)
	}
	return out
}

// constStrings returns the string values of the constants of dir whose
// names begin with prefix.
func constStrings(t *testing.T, dir, prefix string) []string {
	t.Helper()
	var out []string
	for _, f := range parseDir(t, dir) {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, prefix) || i >= len(vs.Values) {
						continue
					}
					if v, ok := stringLit(vs.Values[i]); ok {
						out = append(out, v)
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s* string constants in %s", prefix, dir)
	}
	return out
}

// apiErrorCodes returns the error codes the HTTP handlers of dir write:
// the code argument of badRequest, notFound, at, id and writeError(w,
// status, code, message), and the Code of apiError literals.
func apiErrorCodes(t *testing.T, dir string) []string {
	t.Helper()
	codeArg := map[string]int{"badRequest": 0, "notFound": 0, "at": 0, "id": 2}
	var out []string
	add := func(e ast.Expr) {
		if v, ok := stringLit(e); ok && regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`).MatchString(v) {
			out = append(out, v)
		}
	}
	for _, f := range parseDir(t, dir) {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				id, ok := x.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				if i, ok := codeArg[id.Name]; ok && len(x.Args) > i {
					add(x.Args[i])
				}
				if id.Name == "writeError" && len(x.Args) == 4 {
					add(x.Args[2])
				}
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); !ok || id.Name != "apiError" {
					return true
				}
				for i, e := range x.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Code" {
							add(kv.Value)
						}
					} else if i == 1 {
						add(e)
					}
				}
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("no API error codes in %s", dir)
	}
	return out
}

func stringLit(e ast.Expr) (string, bool) {
	bl, ok := e.(*ast.BasicLit)
	if !ok || bl.Kind != token.STRING {
		return "", false
	}
	v, err := strconv.Unquote(bl.Value)
	return v, err == nil
}
