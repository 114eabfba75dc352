package web

// The accessibility audit: axe-core (https://github.com/dequelabs/axe-core)
// runs inside the page under test and lists what it finds; a test fails
// on any serious or critical violation. bash .ci/run installs axe-core
// from npm into .ci/cache; AXE_CORE names another axe.min.js.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/internal/testenv"
)

// axeDefault is where bash .ci/run installs axe-core, from this package's
// folder.
const axeDefault = "../.ci/cache/node_modules/axe-core/axe.min.js"

var axeSource struct {
	once sync.Once
	js   string
	skip string
}

// requireAxe returns axe-core's script, or skips t (fails it under
// CI=true) when it is not installed.
func requireAxe(t *testing.T) string {
	t.Helper()
	axeSource.once.Do(func() {
		path := os.Getenv("AXE_CORE")
		if path == "" {
			path = axeDefault
		}
		b, err := os.ReadFile(path)
		if err != nil {
			abs, _ := filepath.Abs(path)
			axeSource.skip = fmt.Sprintf("axe-core not found at %s (npm install --prefix .ci/cache axe-core, or set AXE_CORE=/path/to/axe.min.js)", abs)
			return
		}
		axeSource.js = string(b)
	})
	if axeSource.skip != "" {
		testenv.Unavailable(t, axeSource.skip)
	}
	return axeSource.js
}

// axeViolation is one rule that failed, with the elements that fail it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeRun is the script that runs axe-core on the whole document and
// returns its violations of the WCAG 2.x A and AA rules and the best
// practices.
const axeRun = `(async () => {
  const r = await axe.run(document, {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  });
  return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
})()`

// audit runs axe-core on the tab's page as it is and fails the test on
// every serious or critical violation; lesser ones are logged.
func (tb *tab) audit(what string) {
	tb.t.Helper()
	js := requireAxe(tb.t)
	if !eval[bool](tb, `typeof window.axe === 'object'`) {
		if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](js+"\n;true")); err != nil {
			tb.t.Fatalf("%s: injecting axe-core: %v", tb.name, err)
		}
	}
	vs := eval[[]axeViolation](tb, axeRun)
	for _, v := range vs {
		var nodes []string
		for _, n := range v.Nodes {
			nodes = append(nodes, fmt.Sprint(n.Target)+": "+strings.ReplaceAll(n.Summary, "\n", " "))
		}
		msg := fmt.Sprintf("%s: %s: axe %s (%s): %s\n\t%s", tb.name, what, v.ID, v.Impact, v.Help, strings.Join(nodes, "\n\t"))
		if v.Impact == "serious" || v.Impact == "critical" {
			tb.t.Error(msg)
		} else {
			tb.t.Log(msg)
		}
	}
	if tb.t.Failed() {
		tb.saveShot(filepath.Join(os.TempDir(), "web-failures"), "axe-"+what)
	}
}
