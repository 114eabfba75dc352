package deploy

import (
	"bufio"
	"regexp"
	"strings"
	"testing"
)

// documentedMetrics reads the metric table of METRICS.md: name → type.
func documentedMetrics(t *testing.T) map[string]string {
	t.Helper()
	m := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(readFile(t, "METRICS.md")))
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`racer_") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		m[name] = strings.TrimSpace(cells[2])
	}
	if len(m) == 0 {
		t.Fatal("METRICS.md: no metric rows found")
	}
	return m
}

// runtimeMetrics are the Go runtime and process collectors' metrics that
// the dashboard and alerts use, and "up", which Prometheus itself writes.
var runtimeMetrics = map[string]bool{
	"up":                            true,
	"go_goroutines":                 true,
	"go_gc_duration_seconds":        true,
	"go_memstats_heap_inuse_bytes":  true,
	"process_cpu_seconds_total":     true,
	"process_open_fds":              true,
	"process_resident_memory_bytes": true,
}

var metricNameRE = regexp.MustCompile(`\b(?:racer|go|process)_[a-zA-Z0-9_]+\b|\bup\b`)

// metricNames returns the metric names a PromQL expression reads, with
// histogram series suffixes removed when the base name is a histogram.
func metricNames(expr string, documented map[string]string) []string {
	var names []string
	for _, n := range metricNameRE.FindAllString(expr, -1) {
		for _, suf := range []string{"_bucket", "_sum", "_count"} {
			if base, ok := strings.CutSuffix(n, suf); ok && documented[base] == "histogram" {
				n = base
			}
		}
		names = append(names, n)
	}
	return names
}

// TestMetricNamesFollowConventions checks METRICS.md against Prometheus's
// naming rules: a racer_ prefix, counters end in _total, histograms in a
// base unit (_seconds), gauges carry no _total.
func TestMetricNamesFollowConventions(t *testing.T) {
	valid := regexp.MustCompile(`^racer_[a-z][a-z0-9_]*[a-z0-9]$`)
	for name, typ := range documentedMetrics(t) {
		if !valid.MatchString(name) {
			t.Errorf("%s: not a lower_snake_case racer_ name", name)
		}
		switch typ {
		case "counter":
			if !strings.HasSuffix(name, "_total") {
				t.Errorf("%s: counter without _total", name)
			}
		case "histogram":
			if !strings.HasSuffix(name, "_seconds") {
				t.Errorf("%s: histogram not in seconds", name)
			}
		case "gauge":
			if strings.HasSuffix(name, "_total") {
				t.Errorf("%s: gauge named like a counter", name)
			}
		default:
			t.Errorf("%s: type %q, want counter, gauge or histogram", name, typ)
		}
	}
}

// TestAlertsUseExportedMetrics checks every alert expression against the
// documented metrics.
func TestAlertsUseExportedMetrics(t *testing.T) {
	documented := documentedMetrics(t)
	rules := yamlDocs(t, "prometheus/alerts.yml")
	for _, g := range list(rules[0], "groups") {
		for _, r := range list(g, "rules") {
			expr := str(r, "expr")
			names := metricNames(expr, documented)
			if len(names) == 0 {
				t.Errorf("alert %s: expression reads no metric: %q", str(r, "alert"), expr)
			}
			for _, n := range names {
				if documented[n] == "" && !runtimeMetrics[n] {
					t.Errorf("alert %s reads %s, which no node exports (METRICS.md)", str(r, "alert"), n)
				}
			}
		}
	}
}
