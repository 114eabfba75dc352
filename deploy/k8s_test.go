package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// k8sObjects parses every resource listed in k8s/kustomization.yaml and
// returns them by "Kind/name".
func k8sObjects(t *testing.T) map[string]any {
	t.Helper()
	kust := yamlDocs(t, "k8s/kustomization.yaml")[0]
	objs := map[string]any{}
	for _, r := range list(kust, "resources") {
		file, _ := r.(string)
		for _, d := range yamlDocs(t, filepath.Join("k8s", file)) {
			key := str(d, "kind") + "/" + str(d, "metadata", "name")
			if _, dup := objs[key]; dup {
				t.Errorf("%s: %s defined twice", file, key)
			}
			objs[key] = d
		}
	}
	return objs
}

func need(t *testing.T, objs map[string]any, key string) any {
	t.Helper()
	o, ok := objs[key]
	if !ok {
		t.Fatalf("kustomization has no %s", key)
	}
	return o
}

func mustDuration(t *testing.T, what, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("%s: %q: %v", what, s, err)
	}
	return d
}

func mustInt(t *testing.T, what, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s: %q: %v", what, s, err)
	}
	return n
}

// TestKustomizeBuilds runs "kubectl kustomize" when kubectl is installed.
// Not required under CI: Debian's kubectl is too old for current
// kustomize; the structural tests below cover the same files.
func TestKustomizeBuilds(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("SKIP: kubectl not installed; kustomize build not checked")
	}
	out := runTool(t, kubectl, "kustomize", "k8s")
	for _, kind := range []string{"Deployment", "Service", "Ingress", "PodDisruptionBudget", "HorizontalPodAutoscaler", "ConfigMap", "Secret"} {
		if !strings.Contains(out, "\nkind: "+kind+"\n") {
			t.Errorf("kustomize output has no %s", kind)
		}
	}
}

// TestK8sDeployment checks what breaks a rollout in production: probes,
// image tag, resources, drain timing, non-root, configuration references.
func TestK8sDeployment(t *testing.T) {
	objs := k8sObjects(t)
	dep := need(t, objs, "Deployment/racer")
	spec := dig(dep, "spec", "template", "spec")
	cs := list(spec, "containers")
	if len(cs) != 1 {
		t.Fatalf("got %d containers, want 1", len(cs))
	}
	c := cs[0]

	t.Run("image tag", func(t *testing.T) {
		img := str(c, "image")
		name, tag, ok := strings.Cut(img, ":")
		if strings.Contains(img, "@sha256:") {
			return
		}
		if !ok || tag == "" || tag == "latest" || strings.Contains(tag, "/") {
			t.Errorf("image %q: want a pinned tag, not latest", img)
		}
		kust := yamlDocs(t, "k8s/kustomization.yaml")[0]
		for _, im := range list(kust, "images") {
			if str(im, "name") == name {
				if nt := str(im, "newTag"); nt == "" || nt == "latest" {
					t.Errorf("kustomization images: newTag %q, want a pinned tag", nt)
				}
			}
		}
	})

	t.Run("probes", func(t *testing.T) {
		ports := map[string]bool{}
		for _, p := range list(c, "ports") {
			ports[str(p, "name")] = true
		}
		for probe, path := range map[string]string{"livenessProbe": "/healthz", "readinessProbe": "/readyz", "startupProbe": "/healthz"} {
			if got := str(c, probe, "httpGet", "path"); got != path {
				t.Errorf("%s path: got %q, want %q", probe, got, path)
			}
			if port := str(c, probe, "httpGet", "port"); !ports[port] {
				t.Errorf("%s port %q is not a named container port", probe, port)
			}
		}
	})

	t.Run("resources", func(t *testing.T) {
		for _, k := range []string{"requests", "limits"} {
			for _, r := range []string{"cpu", "memory"} {
				if str(c, "resources", k, r) == "" {
					t.Errorf("resources.%s.%s not set", k, r)
				}
			}
		}
	})

	t.Run("drain fits the grace period", func(t *testing.T) {
		sleep := mustInt(t, "preStop sleep", str(c, "lifecycle", "preStop", "sleep", "seconds"))
		grace := mustInt(t, "terminationGracePeriodSeconds", str(spec, "terminationGracePeriodSeconds"))
		cm := need(t, objs, "ConfigMap/racer")
		drain := mustDuration(t, "RACER_SHUTDOWN_TIMEOUT", str(cm, "data", "RACER_SHUTDOWN_TIMEOUT"))
		if str(cm, "data", "RACER_TRUSTED_PROXY") == "" {
			t.Error("ConfigMap/racer has no RACER_TRUSTED_PROXY: behind the ingress every player would have its address")
		}
		if sleep < 5 {
			t.Errorf("preStop sleep %ds: want at least 5s for the Ingress to stop routing", sleep)
		}
		if need := time.Duration(sleep)*time.Second + drain + 5*time.Second; time.Duration(grace)*time.Second < need {
			t.Errorf("terminationGracePeriodSeconds %d: want at least preStop %ds + drain %v + 5s margin = %v", grace, sleep, drain, need)
		}
	})

	t.Run("rolling update keeps capacity", func(t *testing.T) {
		if got := str(dep, "spec", "strategy", "rollingUpdate", "maxUnavailable"); got != "0" {
			t.Errorf("maxUnavailable: got %q, want 0", got)
		}
	})

	t.Run("non-root", func(t *testing.T) {
		if str(spec, "securityContext", "runAsNonRoot") != "true" {
			t.Error("pod securityContext.runAsNonRoot is not true")
		}
		if str(c, "securityContext", "allowPrivilegeEscalation") != "false" {
			t.Error("allowPrivilegeEscalation is not false")
		}
		if str(c, "securityContext", "readOnlyRootFilesystem") != "true" {
			t.Error("readOnlyRootFilesystem is not true")
		}
	})

	t.Run("configuration", func(t *testing.T) {
		for _, ef := range list(c, "envFrom") {
			if n := str(ef, "configMapRef", "name"); n != "" {
				need(t, objs, "ConfigMap/"+n)
			}
			if n := str(ef, "secretRef", "name"); n != "" {
				sec := need(t, objs, "Secret/"+n)
				if str(sec, "stringData", "RACER_SECRET") == "" && str(sec, "data", "RACER_SECRET") == "" {
					t.Errorf("Secret/%s has no RACER_SECRET", n)
				}
			}
		}
		env := map[string]bool{}
		for _, e := range list(c, "env") {
			env[str(e, "name")] = true
		}
		if !env["RACER_REDIS"] {
			t.Error("no RACER_REDIS in the container's env")
		}
	})
}

// TestK8sWiring checks that Service, Ingress, PDB and HPA point at the
// Deployment and that the Ingress keeps WebSockets open.
func TestK8sWiring(t *testing.T) {
	objs := k8sObjects(t)
	dep := need(t, objs, "Deployment/racer")
	podLabels, _ := dig(dep, "spec", "template", "metadata", "labels").(map[string]any)
	selects := func(what string, sel any) {
		t.Helper()
		m, _ := sel.(map[string]any)
		if len(m) == 0 {
			t.Errorf("%s: empty selector", what)
		}
		for k, v := range m {
			if podLabels[k] != v {
				t.Errorf("%s selects %s=%v, pods have %v", what, k, v, podLabels[k])
			}
		}
	}
	selects("Deployment", dig(dep, "spec", "selector", "matchLabels"))
	selects("Service", dig(need(t, objs, "Service/racer"), "spec", "selector"))
	selects("PodDisruptionBudget", dig(need(t, objs, "PodDisruptionBudget/racer"), "spec", "selector", "matchLabels"))

	c := dig(dep, "spec", "template", "spec", "containers", 0)
	cports := map[string]bool{}
	for _, p := range list(c, "ports") {
		cports[str(p, "name")] = true
	}
	svcPorts := map[string]bool{}
	for _, p := range list(need(t, objs, "Service/racer"), "spec", "ports") {
		if !cports[str(p, "targetPort")] {
			t.Errorf("Service port %s targets %q, not a container port", str(p, "name"), str(p, "targetPort"))
		}
		svcPorts[str(p, "name")] = true
	}

	ing := need(t, objs, "Ingress/racer")
	ann := dig(ing, "metadata", "annotations")
	for _, k := range []string{"proxy-read-timeout", "proxy-send-timeout"} {
		v := str(ann, "nginx.ingress.kubernetes.io/"+k)
		if n, err := strconv.Atoi(v); err != nil || n < 3600 {
			t.Errorf("Ingress %s: got %q, want at least 3600 (seconds) so idle WebSockets live", k, v)
		}
	}
	for _, r := range list(ing, "spec", "rules") {
		for _, p := range list(r, "http", "paths") {
			if n := str(p, "backend", "service", "name"); n != "racer" {
				t.Errorf("Ingress backend service %q, want racer", n)
			}
			if port := str(p, "backend", "service", "port", "name"); port != "http" || !svcPorts[port] {
				t.Errorf("Ingress backend port %q, want the Service's http port (never metrics)", port)
			}
		}
	}

	pdb := need(t, objs, "PodDisruptionBudget/racer")
	if str(pdb, "spec", "maxUnavailable") == "" && str(pdb, "spec", "minAvailable") == "" {
		t.Error("PodDisruptionBudget sets neither maxUnavailable nor minAvailable")
	}
	hpa := need(t, objs, "HorizontalPodAutoscaler/racer")
	if k, n := str(hpa, "spec", "scaleTargetRef", "kind"), str(hpa, "spec", "scaleTargetRef", "name"); k != "Deployment" || n != "racer" {
		t.Errorf("HPA targets %s/%s, want Deployment/racer", k, n)
	}
	minReplicas := mustInt(t, "minReplicas", str(hpa, "spec", "minReplicas"))
	if minReplicas < 2 {
		t.Errorf("HPA minReplicas %d: want at least 2 so a drain leaves a node", minReplicas)
	}
}

// TestRedisNamedNotHandRolled: Redis comes from a chart, with its values
// file and README, not from manifests in the kustomization.
func TestRedisNamedNotHandRolled(t *testing.T) {
	for key := range k8sObjects(t) {
		if strings.Contains(strings.ToLower(key), "redis") {
			t.Errorf("kustomization defines %s; Redis comes from the chart", key)
		}
	}
	vals := yamlDocs(t, "k8s/redis-values.yaml")[0]
	conf := str(vals, "redis", "configmap")
	for _, want := range []string{"appendonly yes", "maxmemory-policy noeviction"} {
		if !strings.Contains(conf, want) {
			t.Errorf("redis-values.yaml: redis.configmap %q has no %q", conf, want)
		}
	}
	if str(vals, "persistence", "enabled") != "true" {
		t.Error("redis-values.yaml: persistence.enabled is not true")
	}
	nodes := mustInt(t, "cluster.nodes", str(vals, "cluster", "nodes"))
	replicas := mustInt(t, "cluster.replicas", str(vals, "cluster", "replicas"))
	if masters := nodes / (replicas + 1); masters < 3 || nodes%(replicas+1) != 0 {
		t.Errorf("redis-values.yaml: %d nodes with %d replicas each, want at least 3 masters", nodes, replicas)
	}
	readme, err := os.ReadFile("k8s/README.md")
	if err != nil || !strings.Contains(string(readme), "bitnamicharts/redis-cluster") {
		t.Error("k8s/README.md does not name the Redis Cluster chart")
	}
	// The pods and the dealer use the chart's Service and Secret as a
	// Cluster.
	for _, path := range []string{"k8s/deployment.yaml", "k8s/dealer.yaml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"@redis-cluster.racer.svc.cluster.local:6379", "name: redis-cluster", "_REDIS_CLUSTER\n              value: \"true\""} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s has no %q", path, want)
			}
		}
	}
}
