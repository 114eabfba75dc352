package main

import "net/http"

// placeholder is the page at / until the browser client (package web) is
// mounted here.
const placeholder = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Solitaire race</title></head>
<body>
<h1>Solitaire race server</h1>
<p>The browser client is not mounted yet. The race protocol is served over
WebSockets at <code>/ws</code> (see <code>hub/PROTOCOL.md</code>); live races
are listed at <a href="/api/races">/api/races</a>; metrics at
<a href="/metrics">/metrics</a>.</p>
</body></html>
`

func servePlaceholder(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(placeholder))
}
