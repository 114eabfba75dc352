package deploy

import (
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// racerServices returns the compose services built from deploy/Dockerfile.
func racerServices(t *testing.T, compose any) map[string]any {
	t.Helper()
	svcs, _ := dig(compose, "services").(map[string]any)
	racers := map[string]any{}
	for name, s := range svcs {
		if str(s, "build", "dockerfile") == "deploy/Dockerfile" {
			racers[name] = s
		}
	}
	if len(racers) < 2 {
		t.Fatalf("compose: got %d racer services, want at least 2", len(racers))
	}
	return racers
}

func portOf(t *testing.T, addr string) string {
	t.Helper()
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatalf("address %q: %v", addr, err)
	}
	return port
}

func sortedKeys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestComposeCluster checks the compose file for what breaks a cluster:
// nodes that disagree on the session secret, a drain longer than the stop
// grace period, Redis without AOF, unpinned images, Prometheus or HAProxy
// not knowing every node.
func TestComposeCluster(t *testing.T) {
	compose := yamlDocs(t, "compose.yaml")[0]
	racers := racerServices(t, compose)
	names := sortedKeys(racers)

	var metricsTargets, lbServers []string
	secret := ""
	for _, name := range names {
		s := racers[name]
		env := dig(s, "environment")
		if v := str(env, "RACER_SECRET"); v == "" {
			t.Errorf("%s: no RACER_SECRET", name)
		} else if secret != "" && v != secret {
			t.Errorf("%s: session secret differs from the other nodes'", name)
		} else {
			secret = v
		}
		if u := str(env, "RACER_REDIS"); !strings.HasPrefix(u, "redis://redis-1:") || str(env, "RACER_REDIS_CLUSTER") != "true" {
			t.Errorf("%s: RACER_REDIS %q, RACER_REDIS_CLUSTER %q; want the Redis Cluster's redis-1 as a seed", name, u, str(env, "RACER_REDIS_CLUSTER"))
		}
		if u := str(env, "RACER_ARCHIVE"); !strings.HasPrefix(u, "postgres://") || !strings.Contains(u, "@postgres:") {
			t.Errorf("%s: RACER_ARCHIVE %q, want the postgres service", name, u)
		}
		if str(env, "RACER_TRUSTED_PROXY") == "" {
			t.Errorf("%s: no RACER_TRUSTED_PROXY: behind HAProxy every player would have its address", name)
		}
		drain := mustDuration(t, name+" RACER_SHUTDOWN_TIMEOUT", str(env, "RACER_SHUTDOWN_TIMEOUT"))
		grace := mustDuration(t, name+" stop_grace_period", str(s, "stop_grace_period"))
		if grace < drain+2*time.Second {
			t.Errorf("%s: stop_grace_period %v, want more than the drain timeout %v", name, grace, drain)
		}
		if str(s, "deploy", "resources", "limits", "memory") == "" {
			t.Errorf("%s: no memory limit", name)
		}
		metricsTargets = append(metricsTargets, name+":"+portOf(t, str(env, "RACER_METRICS_ADDR")))
		lbServers = append(lbServers, name+":"+portOf(t, str(env, "RACER_ADDR")))
	}

	t.Run("images pinned", func(t *testing.T) {
		svcs, _ := dig(compose, "services").(map[string]any)
		for _, name := range sortedKeys(svcs) {
			img := str(svcs[name], "image")
			if _, tag, ok := strings.Cut(img, ":"); !ok || tag == "latest" {
				t.Errorf("%s: image %q, want a pinned tag", name, img)
			}
		}
	})

	t.Run("redis cluster", func(t *testing.T) {
		svcs, _ := dig(compose, "services").(map[string]any)
		var masters []string
		for _, name := range sortedKeys(svcs) {
			if !strings.HasPrefix(str(svcs[name], "image"), "redis:") || name == "redis-init" {
				continue
			}
			masters = append(masters, name)
			cmd := strings.Join(stringsOf(list(compose, "services", name, "command")), " ")
			for _, want := range []string{"--appendonly yes", "--cluster-enabled yes", "--cluster-announce-hostname " + name, "--maxmemory-policy noeviction"} {
				if !strings.Contains(cmd, want) {
					t.Errorf("%s command %q: want %s", name, cmd, want)
				}
			}
			if !slices.ContainsFunc(stringsOf(list(compose, "services", name, "volumes")), func(v string) bool { return strings.HasSuffix(v, ":/data") }) {
				t.Errorf("%s: /data is not on a volume; the AOF and nodes.conf would die with the container", name)
			}
			if v := str(svcs[name], "image"); v < "redis:7" {
				t.Errorf("%s: image %q, want Redis 7.0 or later (sharded channels)", name, v)
			}
		}
		if len(masters) < 3 {
			t.Fatalf("Redis masters %v, want at least 3 (a Cluster)", masters)
		}
		create := strings.Join(stringsOf(list(compose, "services", "redis-init", "command")), " ")
		for _, m := range masters {
			if !strings.Contains(create, m) {
				t.Errorf("redis-init does not create the Cluster with %s: %q", m, create)
			}
		}
		for _, name := range append(sortedKeys(racerServices(t, compose)), "dealer") {
			if str(svcs[name], "depends_on", "redis-init", "condition") != "service_completed_successfully" {
				t.Errorf("%s does not wait for redis-init", name)
			}
		}
		if u := str(svcs["dealer"], "environment", "DEALER_REDIS"); !strings.HasPrefix(u, "redis://redis-1:") || str(svcs["dealer"], "environment", "DEALER_REDIS_CLUSTER") != "true" {
			t.Errorf("dealer: DEALER_REDIS %q, want the Redis Cluster", u)
		}
	})

	t.Run("prometheus scrapes every node", func(t *testing.T) {
		prom := yamlDocs(t, "prometheus/prometheus.yml")[0]
		var got []string
		for _, sc := range list(prom, "scrape_configs") {
			if str(sc, "job_name") == "racer" {
				for _, s := range list(sc, "static_configs") {
					got = append(got, stringsOf(list(s, "targets"))...)
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, metricsTargets) {
			t.Errorf("racer scrape targets: got %v, want %v", got, metricsTargets)
		}
	})

	t.Run("haproxy balances every node", func(t *testing.T) {
		cfg := readFile(t, "haproxy/haproxy.cfg")
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^\s*server\s+\S+\s+(\S+)`).FindAllStringSubmatch(cfg, -1) {
			got = append(got, m[1])
		}
		slices.Sort(got)
		if !slices.Equal(got, lbServers) {
			t.Errorf("haproxy servers: got %v, want %v", got, lbServers)
		}
		for _, want := range []string{"timeout tunnel", "option httpchk GET /readyz", "path_beg /metrics", "option forwardfor"} {
			if !strings.Contains(cfg, want) {
				t.Errorf("haproxy.cfg has no %q", want)
			}
		}
	})

	t.Run("mounted files exist", func(t *testing.T) {
		svcs, _ := dig(compose, "services").(map[string]any)
		for _, name := range sortedKeys(svcs) {
			for _, v := range stringsOf(list(svcs[name], "volumes")) {
				if src, _, _ := strings.Cut(v, ":"); strings.HasPrefix(src, "./") {
					if _, err := os.Stat(filepath.FromSlash(src)); err != nil {
						t.Errorf("%s mounts %s: %v", name, src, err)
					}
				}
			}
		}
	})
}

func stringsOf(vs []any) []string {
	var out []string
	for _, v := range vs {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

// TestHAProxyConfigValid runs "haproxy -c" on the load balancer config.
func TestHAProxyConfigValid(t *testing.T) {
	haproxy := needTool(t, "haproxy")
	runTool(t, haproxy, "-c", "-q", "-f", "haproxy/haproxy.cfg")
}

// TestDockerfile checks the image recipe: a Go 1.26 build stage, a static
// binary of ./cmd/racer, a small non-root final stage.
func TestDockerfile(t *testing.T) {
	df := readFile(t, "Dockerfile")
	froms := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(df, -1)
	if len(froms) < 2 {
		t.Fatalf("got %d stages, want a multi-stage build", len(froms))
	}
	if !strings.Contains(df, "ARG GO_VERSION=1.26") || !strings.HasPrefix(froms[0][1], "golang:") {
		t.Errorf("build stage %q: want golang:${GO_VERSION} with GO_VERSION=1.26", froms[0][1])
	}
	final := froms[len(froms)-1][1]
	if !strings.HasPrefix(final, "gcr.io/distroless/static") && final != "scratch" {
		t.Errorf("final stage %q: want distroless/static or scratch", final)
	}
	for _, want := range []string{"CGO_ENABLED=0", "./cmd/racer", "ENTRYPOINT [\"/racer\"]"} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile has no %q", want)
		}
	}
	users := regexp.MustCompile(`(?m)^USER\s+(\S+)`).FindAllStringSubmatch(df, -1)
	if len(users) == 0 || strings.HasPrefix(users[len(users)-1][1], "0") || strings.HasPrefix(users[len(users)-1][1], "root") {
		t.Errorf("final USER %v: want a non-root user", users)
	}
}
