package deploy

import (
	"encoding/json"
	"testing"
)

// dashboardExprs returns every PromQL expression in a Grafana dashboard:
// panel targets (rows included) and query variables.
func dashboardExprs(t *testing.T, path string) map[string]string {
	t.Helper()
	var d struct {
		UID    string `json:"uid"`
		Panels []struct {
			Title   string `json:"title"`
			Type    string `json:"type"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
			Panels []json.RawMessage `json:"panels"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Name  string          `json:"name"`
				Type  string          `json:"type"`
				Query json.RawMessage `json:"query"`
			} `json:"list"`
		} `json:"templating"`
	}
	if err := json.Unmarshal([]byte(readFile(t, path)), &d); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if d.UID == "" {
		t.Errorf("%s: no uid; provisioning needs a stable one", path)
	}
	exprs := map[string]string{}
	for _, p := range d.Panels {
		if p.Type == "row" {
			if len(p.Panels) > 0 {
				t.Errorf("%s: row %q has nested panels; keep rows expanded", path, p.Title)
			}
			continue
		}
		if len(p.Targets) == 0 {
			t.Errorf("%s: panel %q has no query", path, p.Title)
		}
		for i, tg := range p.Targets {
			if tg.Expr == "" {
				t.Errorf("%s: panel %q target %d has no expr", path, p.Title, i)
			}
			exprs[p.Title+"#"+string(rune('A'+i))] = tg.Expr
		}
	}
	for _, v := range d.Templating.List {
		if v.Type != "query" {
			continue
		}
		var q struct {
			Query string `json:"query"`
		}
		if err := json.Unmarshal(v.Query, &q); err != nil {
			t.Errorf("%s: variable %s: query: %v", path, v.Name, err)
		}
		exprs["$"+v.Name] = q.Query
	}
	return exprs
}

// TestDashboardQueriesNameExportedMetrics: the dashboard parses, and every
// query reads only metrics a node exports.
func TestDashboardQueriesNameExportedMetrics(t *testing.T) {
	documented := documentedMetrics(t)
	for where, expr := range dashboardExprs(t, "grafana/dashboards/racer.json") {
		names := metricNames(expr, documented)
		if len(names) == 0 {
			t.Errorf("%s: %q reads no metric", where, expr)
		}
		for _, n := range names {
			if documented[n] == "" && !runtimeMetrics[n] {
				t.Errorf("%s reads %s, which no node exports (METRICS.md)", where, n)
			}
		}
	}
}

// TestDashboardCoversEveryMetric: every documented metric has a panel.
func TestDashboardCoversEveryMetric(t *testing.T) {
	documented := documentedMetrics(t)
	shown := map[string]bool{}
	for _, expr := range dashboardExprs(t, "grafana/dashboards/racer.json") {
		for _, n := range metricNames(expr, documented) {
			shown[n] = true
		}
	}
	for n := range documented {
		if !shown[n] {
			t.Errorf("metric %s has no panel in the dashboard", n)
		}
	}
}

// TestGrafanaProvisioning: the datasource uid the dashboard relies on is
// provisioned, and the dashboard provider points where compose mounts it.
func TestGrafanaProvisioning(t *testing.T) {
	ds := yamlDocs(t, "grafana/provisioning/datasources/prometheus.yml")
	if got := str(ds[0], "datasources", 0, "uid"); got != "prometheus" {
		t.Errorf("datasource uid: got %q, want prometheus", got)
	}
	prov := yamlDocs(t, "grafana/provisioning/dashboards/racer.yml")
	path := str(prov[0], "providers", 0, "options", "path")
	compose := yamlDocs(t, "compose.yaml")
	found := false
	for _, v := range list(compose[0], "services", "grafana", "volumes") {
		if s, _ := v.(string); s == "./grafana/dashboards:"+path+":ro" {
			found = true
		}
	}
	if !found {
		t.Errorf("compose does not mount ./grafana/dashboards at the provider path %q", path)
	}
}
