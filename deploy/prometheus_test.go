package deploy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPromtoolCheckRules checks the alert rules' syntax and expressions.
func TestPromtoolCheckRules(t *testing.T) {
	promtool := needTool(t, "promtool")
	out := runTool(t, promtool, "check", "rules", "prometheus/alerts.yml")
	if !strings.Contains(out, "SUCCESS") {
		t.Errorf("promtool check rules: got %q, want SUCCESS", out)
	}
}

// TestPromtoolTestRules runs the alert unit tests: each alert fires on the
// series that should fire it and stays quiet on the others.
func TestPromtoolTestRules(t *testing.T) {
	promtool := needTool(t, "promtool")
	runTool(t, promtool, "test", "rules", "prometheus/alerts_test.yml")
}

// TestPromtoolCheckConfig checks the compose cluster's Prometheus config,
// including that its rule files load.
func TestPromtoolCheckConfig(t *testing.T) {
	promtool := needTool(t, "promtool")
	runTool(t, promtool, "check", "config", "prometheus/prometheus.yml")
}

// TestEveryAlertIsUnitTested keeps alerts_test.yml in step with alerts.yml.
func TestEveryAlertIsUnitTested(t *testing.T) {
	rules := yamlDocs(t, "prometheus/alerts.yml")
	tests := readFile(t, "prometheus/alerts_test.yml")
	n := 0
	for _, g := range list(rules[0], "groups") {
		for _, r := range list(g, "rules") {
			name := str(r, "alert")
			if name == "" {
				continue
			}
			n++
			if !strings.Contains(tests, "alertname: "+name+"\n") {
				t.Errorf("alert %s has no case in alerts_test.yml", name)
			}
			for _, a := range []string{"summary", "description"} {
				if str(r, "annotations", a) == "" {
					t.Errorf("alert %s: no %s annotation", name, a)
				}
			}
			if s := str(r, "labels", "severity"); s != "warning" && s != "critical" {
				t.Errorf("alert %s: severity %q, want warning or critical", name, s)
			}
		}
	}
	if n < 4 {
		t.Errorf("got %d alerts in alerts.yml, want at least 4", n)
	}
}

// TestAlertsDocumented checks that the operations guide explains every
// alert by name.
func TestAlertsDocumented(t *testing.T) {
	readme := filepath.Join("..", "docs", "OPERATIONS.md")
	b, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	rules := yamlDocs(t, "prometheus/alerts.yml")
	for _, g := range list(rules[0], "groups") {
		for _, r := range list(g, "rules") {
			if name := str(r, "alert"); name != "" && !strings.Contains(string(b), name) {
				t.Errorf("alert %s is not explained in %s", name, readme)
			}
		}
	}
}
