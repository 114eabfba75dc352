package deploy

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestComposeDealer: the compose cluster runs the dealer from the nodes'
// image, on the nodes' Redis, scraped by Prometheus, and every node takes
// its seeds from it.
func TestComposeDealer(t *testing.T) {
	compose := yamlDocs(t, "compose.yaml")[0]
	d := dig(compose, "services", "dealer")
	if d == nil {
		t.Fatal("compose: no dealer service")
	}
	if got := stringsOf(list(d, "entrypoint")); !slices.Equal(got, []string{"/dealer"}) {
		t.Errorf("dealer entrypoint: got %v, want [/dealer]", got)
	}
	env := dig(d, "environment")
	racers := racerServices(t, compose)
	for _, name := range sortedKeys(racers) {
		renv := dig(racers[name], "environment")
		if got := str(renv, "RACER_DEALER"); got != "redis" {
			t.Errorf("%s: RACER_DEALER %q, want redis (seeds from the dealer)", name, got)
		}
		if got, want := str(env, "DEALER_REDIS"), str(renv, "RACER_REDIS"); got != want {
			t.Errorf("dealer: DEALER_REDIS %q, want the nodes' Redis %q", got, want)
		}
		if got, want := str(env, "DEALER_SECRET"), str(renv, "RACER_SECRET"); got != want {
			t.Errorf("dealer: DEALER_SECRET differs from %s's RACER_SECRET: the daily challenges it claims would not be the nodes'", name)
		}
		if str(renv, "RACER_DAILY_WAIT") == "" {
			t.Errorf("%s: no RACER_DAILY_WAIT: the node searches the daily challenges the dealer searches", name)
		}
		if img := str(d, "image"); img != str(racers[name], "image") {
			t.Errorf("dealer image %q, want the nodes' %q (it holds /dealer)", img, str(racers[name], "image"))
		}
	}
	if str(d, "deploy", "resources", "limits", "cpus") == "" || str(d, "deploy", "resources", "limits", "memory") == "" {
		t.Error("dealer: no CPU or memory limit")
	}
	want := "dealer:" + portOf(t, str(env, "DEALER_METRICS_ADDR"))
	prom := yamlDocs(t, "prometheus/prometheus.yml")[0]
	var got []string
	for _, sc := range list(prom, "scrape_configs") {
		if str(sc, "job_name") == "dealer" {
			for _, s := range list(sc, "static_configs") {
				got = append(got, stringsOf(list(s, "targets"))...)
			}
		}
	}
	if !slices.Equal(got, []string{want}) {
		t.Errorf("dealer scrape targets: got %v, want [%s]", got, want)
	}
	df := readFile(t, "Dockerfile")
	for _, s := range []string{"./cmd/dealer", "/dealer"} {
		if !strings.Contains(df, s) {
			t.Errorf("Dockerfile has no %q: the image lacks the dealer", s)
		}
	}
}

// TestK8sDealer checks the dealer's Deployment as TestK8sDeployment
// checks the nodes': the binary, probes on a named port, resources,
// Redis, scraping, non-root; and that the nodes take seeds from it.
func TestK8sDealer(t *testing.T) {
	objs := k8sObjects(t)
	dep := need(t, objs, "Deployment/dealer")
	spec := dig(dep, "spec", "template", "spec")
	c := dig(spec, "containers", 0)
	if got := stringsOf(list(c, "command")); !slices.Equal(got, []string{"/dealer"}) {
		t.Errorf("dealer command: got %v, want [/dealer]", got)
	}
	ports := map[string]bool{}
	for _, p := range list(c, "ports") {
		ports[str(p, "name")] = true
	}
	for probe, path := range map[string]string{"livenessProbe": "/healthz", "readinessProbe": "/readyz"} {
		if got := str(c, probe, "httpGet", "path"); got != path {
			t.Errorf("%s path: got %q, want %q", probe, got, path)
		}
		if port := str(c, probe, "httpGet", "port"); !ports[port] {
			t.Errorf("%s port %q is not a named container port", probe, port)
		}
	}
	for _, k := range []string{"requests", "limits"} {
		for _, r := range []string{"cpu", "memory"} {
			if str(c, "resources", k, r) == "" {
				t.Errorf("resources.%s.%s not set", k, r)
			}
		}
	}
	env := map[string]string{}
	for _, e := range list(c, "env") {
		env[str(e, "name")] = str(e, "value")
	}
	if !strings.Contains(env["DEALER_REDIS"], "@redis-cluster.") || env["DEALER_REDIS_CLUSTER"] != "true" {
		t.Errorf("DEALER_REDIS %q, DEALER_REDIS_CLUSTER %q: want the chart's Service redis-cluster, as a Cluster", env["DEALER_REDIS"], env["DEALER_REDIS_CLUSTER"])
	}
	if str(dep, "spec", "template", "metadata", "annotations", "prometheus.io/scrape") != "true" {
		t.Error("dealer pods are not annotated for scraping")
	}
	if str(spec, "securityContext", "runAsNonRoot") != "true" || str(c, "securityContext", "readOnlyRootFilesystem") != "true" {
		t.Error("dealer: not non-root with a read-only root filesystem")
	}
	if got := str(need(t, objs, "ConfigMap/racer"), "data", "RACER_DEALER"); got != "redis" {
		t.Errorf("ConfigMap racer: RACER_DEALER %q, want redis", got)
	}
	secretRef := ""
	for _, e := range list(c, "env") {
		if str(e, "name") == "DEALER_SECRET" {
			secretRef = str(e, "valueFrom", "secretKeyRef", "name") + "/" + str(e, "valueFrom", "secretKeyRef", "key")
		}
	}
	if secretRef != "racer/RACER_SECRET" {
		t.Errorf("DEALER_SECRET from %q, want the nodes' Secret racer/RACER_SECRET", secretRef)
	}
	// The players' Service must not send them to the dealer.
	sel := dig(need(t, objs, "Service/racer"), "spec", "selector")
	labels := dig(dep, "spec", "template", "metadata", "labels")
	if str(sel, "app.kubernetes.io/component") == str(labels, "app.kubernetes.io/component") {
		t.Error("Service/racer selects the dealer's pods")
	}
}

// TestDeploySetsOnlyRealDealerFlags: every DEALER_ variable deploy/ sets
// is one "dealer -h" documents.
func TestDeploySetsOnlyRealDealerFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips building cmd/dealer to check deploy/'s settings; CI runs it (go test without -short)")
	}
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "dealer")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/dealer")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/dealer: %v\n%s", err, out)
	}
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	known := map[string]bool{}
	name := regexp.MustCompile(`\bDEALER_[A-Z0-9_]+\b`)
	for _, n := range name.FindAllString(string(out), -1) {
		known[n] = true
	}
	if len(known) == 0 {
		t.Fatalf("dealer -h names no DEALER_ variable:\n%s", out)
	}
	files := []string{"compose.yaml", "k8s/dealer.yaml"}
	n := 0
	for _, f := range files {
		for _, v := range name.FindAllString(readFile(t, f), -1) {
			n++
			if !known[v] {
				t.Errorf("%s sets %s, which dealer -h does not know", f, v)
			}
		}
	}
	if n == 0 {
		t.Error("deploy/ sets no DEALER_ variable")
	}
}
