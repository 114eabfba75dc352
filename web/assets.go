package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

// asset is one static file as the server sends it: its bytes, their gzip
// encoding when that is smaller, and a strong ETag per encoding (the
// content's SHA-256), so that a revalidation costs a 304 and no body.
type asset struct {
	name    string // the file's name, for its Content-Type
	body    []byte
	gz      []byte // nil: sent as it is
	etag    string // of body
	gzETag  string // of gz
	modTime time.Time
}

// compressible are the extensions of text files worth compressing.
var compressible = map[string]bool{".js": true, ".css": true, ".html": true, ".svg": true, ".json": true, ".txt": true}

// newAsset prepares body to be served under name.
func newAsset(name string, body []byte, modTime time.Time) (*asset, error) {
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:12])
	a := &asset{name: name, body: body, etag: `"` + tag + `"`, modTime: modTime}
	if !compressible[path.Ext(name)] {
		return a, nil
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if buf.Len() < len(body) {
		a.gz, a.gzETag = buf.Bytes(), `"`+tag+`.gz"`
	}
	return a, nil
}

// serve answers r with the asset, gzip-encoded when the client accepts
// it. The caller sets Cache-Control and the other headers. Conditional
// and range requests are answered by http.ServeContent.
func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	body := a.pick(w, r)
	http.ServeContent(w, r, a.name, a.modTime, bytes.NewReader(body))
}

// pick returns the encoding of the asset to send r and sets the headers
// that describe it: Content-Type (unless set), Content-Encoding, Vary and
// ETag.
func (a *asset) pick(w http.ResponseWriter, r *http.Request) []byte {
	h := w.Header()
	body, etag := a.body, a.etag
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = a.gz, a.gzETag
			h.Set("Content-Encoding", "gzip")
		}
	}
	if h.Get("Content-Type") == "" {
		if ct := mime.TypeByExtension(path.Ext(a.name)); ct != "" {
			h.Set("Content-Type", ct)
		}
	}
	h.Set("ETag", etag)
	return body
}

// acceptsGzip reports whether r's Accept-Encoding takes gzip with a
// quality above zero.
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
				continue
			}
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// loadAssets prepares every file of root.
func loadAssets(root fs.FS, modTime time.Time) (map[string]*asset, error) {
	out := map[string]*asset{}
	err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		a, err := newAsset(p, b, modTime)
		if err != nil {
			return err
		}
		out[p] = a
		return nil
	})
	return out, err
}

// staticHandler serves the prepared files. Every answer is revalidated
// (no-cache) against its strong ETag.
func staticHandler(files map[string]*asset) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		a.serve(w, r)
	})
}

// importRe matches a static import or re-export of a module of the
// client by a relative path: `import x from './a.js'`, `import './a.js'`,
// `export { y } from './a.js'`, across lines. Dynamic import() is left
// out: what it loads is loaded later on purpose.
var importRe = regexp.MustCompile(`(?m)^\s*(?:import|export)\s+(?:[^'";]*?\s*from\s*)?['"](\.{1,2}/[^'"]+)['"]`)

// moduleGraph returns the modules the entry module loads by static
// imports, transitively, the entry first then in the order met
// (breadth-first). A static import of a file that does not exist is an
// error.
func moduleGraph(root fs.FS, entry string) ([]string, error) {
	seen := map[string]bool{entry: true}
	order := []string{entry}
	for i := 0; i < len(order); i++ {
		m := order[i]
		src, err := fs.ReadFile(root, m)
		if err != nil {
			return nil, fmt.Errorf("web: module %s: %w", m, err)
		}
		for _, sub := range importRe.FindAllSubmatch(src, -1) {
			dep := path.Join(path.Dir(m), string(sub[1]))
			if seen[dep] {
				continue
			}
			if _, err := fs.Stat(root, dep); err != nil {
				return nil, fmt.Errorf("web: %s imports %s: %w", m, sub[1], err)
			}
			seen[dep] = true
			order = append(order, dep)
		}
	}
	return order, nil
}

// entryModule is the module index.html loads.
const entryModule = "app.js"

// preloadModules adds to the page's head a modulepreload link for every
// module of the entry module's static import graph, so that the browser
// fetches the whole graph at once instead of one import level after
// another.
func preloadModules(index []byte, root fs.FS) ([]byte, error) {
	mods, err := moduleGraph(root, entryModule)
	if err != nil {
		return nil, err
	}
	var links bytes.Buffer
	for _, m := range mods[1:] {
		fmt.Fprintf(&links, "<link rel=\"modulepreload\" href=\"/static/%s\">\n", m)
	}
	i := bytes.Index(index, []byte("</head>"))
	if i < 0 {
		return nil, errors.New("web: index.html has no </head>")
	}
	return slices.Concat(index[:i], links.Bytes(), index[i:]), nil
}
