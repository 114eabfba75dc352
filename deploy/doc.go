// Package deploy holds no code: it is the home of the container image,
// the compose cluster, the Kubernetes manifests, the Prometheus rules and
// the Grafana dashboard, and of the tests that check them (promtool, a
// real Prometheus scraping a real node, and the things that break in
// production: probes, image tags, resources, WebSocket timeouts).
//
// Tools the tests need (promtool, prometheus, haproxy) are skipped with a
// message when missing, and required when CI=true.
package deploy
