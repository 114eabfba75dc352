package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// get sends a GET of url with the given headers and returns the answer
// as it came (a request that names Accept-Encoding is not decoded by the
// client).
func get(t *testing.T, url string, header map[string]string) apiAnswer {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return apiAnswer{res.StatusCode, res.Header, body}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStaticEncodings: static files and the page shell go gzip-encoded
// to a client that takes gzip and as they are to one that does not, each
// encoding with its own strong ETag that a revalidation matches with 304
// and no body.
func TestStaticEncodings(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	want, err := staticFS.ReadFile("static/race.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, url := range []string{"/static/race.js", "/", "/static/style.css"} {
		plain := get(t, ts.URL+url, map[string]string{"Accept-Encoding": "identity"})
		zipped := get(t, ts.URL+url, map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
		refused := get(t, ts.URL+url, map[string]string{"Accept-Encoding": "gzip;q=0"})
		if plain.status != 200 || zipped.status != 200 || refused.status != 200 {
			t.Fatalf("%s: status %d, %d, %d", url, plain.status, zipped.status, refused.status)
		}
		if ce := plain.header.Get("Content-Encoding"); ce != "" {
			t.Errorf("%s without gzip: Content-Encoding %q", url, ce)
		}
		if ce := refused.header.Get("Content-Encoding"); ce != "" {
			t.Errorf("%s with gzip;q=0: Content-Encoding %q", url, ce)
		}
		if ce := zipped.header.Get("Content-Encoding"); ce != "gzip" {
			t.Fatalf("%s with gzip: Content-Encoding %q", url, ce)
		}
		if !bytes.Equal(gunzip(t, zipped.body), plain.body) {
			t.Errorf("%s: the gzip body does not decode to the plain one", url)
		}
		if len(zipped.body)*2 > len(plain.body) {
			t.Errorf("%s: gzip %d bytes of %d, want under half", url, len(zipped.body), len(plain.body))
		}
		if url == "/static/race.js" && !bytes.Equal(plain.body, want) {
			t.Errorf("%s: body is not the file", url)
		}
		if !strings.Contains(zipped.header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary %q lacks Accept-Encoding", url, zipped.header.Get("Vary"))
		}
		pe, ze := plain.header.Get("ETag"), zipped.header.Get("ETag")
		if !regexp.MustCompile(`^"[0-9a-f]{24}(\.gz)?"$`).MatchString(pe) || pe == ze || ze != strings.TrimSuffix(pe, `"`)+`.gz"` {
			t.Errorf("%s: ETags %q and %q, want a strong tag per encoding", url, pe, ze)
		}
		if cc := plain.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", url, cc)
		}
		again := get(t, ts.URL+url, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": ze})
		if again.status != http.StatusNotModified || len(again.body) != 0 {
			t.Errorf("%s revalidated with its gzip ETag: status %d, %d bytes", url, again.status, len(again.body))
		}
		cross := get(t, ts.URL+url, map[string]string{"Accept-Encoding": "identity", "If-None-Match": ze})
		if cross.status != 200 {
			t.Errorf("%s: the gzip ETag matched the plain encoding (status %d)", url, cross.status)
		}
	}
	nf := get(t, ts.URL+"/no/such/page", map[string]string{"Accept-Encoding": "gzip"})
	if nf.status != 404 || nf.header.Get("Content-Encoding") != "gzip" || !bytes.Contains(gunzip(t, nf.body), []byte(`id="main"`)) {
		t.Errorf("unknown page: status %d, encoding %q: want the gzip shell with 404", nf.status, nf.header.Get("Content-Encoding"))
	}
	if a := get(t, ts.URL+"/static/nothing.js", nil); a.status != 404 {
		t.Errorf("a missing static file: status %d", a.status)
	}
	if a := get(t, ts.URL+"/static/i18n/", nil); a.status != 404 {
		t.Errorf("a static directory: status %d", a.status)
	}
}

// TestModuleGraph: the page shell preloads exactly the modules app.js
// loads by static imports, and that graph is every module of the client
// (a module outside it would be dead code or loaded late by a dynamic
// import, which this list would then have to name).
func TestModuleGraph(t *testing.T) {
	root, err := fs.Sub(staticFS, "static")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := moduleGraph(root, entryModule)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".js" {
			all = append(all, p)
		}
		return err
	})
	got := slices.Sorted(slices.Values(graph))
	slices.Sort(all)
	if !slices.Equal(got, all) {
		t.Errorf("app.js's static imports reach %v\nthe client's modules are %v", got, all)
	}
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var preloads []string
	for _, m := range regexp.MustCompile(`<link rel="modulepreload" href="/static/([^"]+)">`).FindAllSubmatch(s.index.body, -1) {
		preloads = append(preloads, string(m[1]))
	}
	if !slices.Equal(preloads, graph[1:]) {
		t.Errorf("the shell preloads %v, want %v", preloads, graph[1:])
	}

	// The forms of import the client uses, and a broken one.
	fake := fstest.MapFS{
		"app.js":     {Data: []byte("import { a,\n  b } from './a.js';\nimport './side.js';\nconst later = () => import('./late.js');\n")},
		"a.js":       {Data: []byte("export { c } from \"./sub/c.js\";\nexport const a = 1, b = 2;\n")},
		"side.js":    {Data: []byte("import x from './a.js';\n")},
		"sub/c.js":   {Data: []byte("import * as y from '../side.js';\nexport const c = 3;\n")},
		"late.js":    {Data: []byte("")},
		"broken.js":  {Data: []byte("import { z } from './gone.js';\n")},
		"comment.js": {Data: []byte("// see import './x.js' below\n")},
	}
	graph, err = moduleGraph(fake, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"app.js", "a.js", "side.js", "sub/c.js"}; !slices.Equal(graph, want) {
		t.Errorf("graph %v, want %v", graph, want)
	}
	if _, err := moduleGraph(fake, "broken.js"); err == nil || !strings.Contains(err.Error(), "gone.js") {
		t.Errorf("an import of a missing module: %v", err)
	}
	if g, err := moduleGraph(fake, "comment.js"); err != nil || len(g) != 1 {
		t.Errorf("an import in a comment: %v, %v", g, err)
	}
}
