package redistest

import "testing"

// StartArgs is Start with extra redis-server arguments ("--name",
// "value", …), for a server configured otherwise than the default: a
// command renamed away, a different limit. The word PORT in an argument
// becomes the server's port.
func StartArgs(t testing.TB, args ...string) *Server {
	t.Helper()
	need(t)
	s, err := start(t.TempDir(), false, args)
	if err != nil {
		t.Fatalf("redistest: %v", err)
	}
	t.Cleanup(s.stop)
	return s
}
