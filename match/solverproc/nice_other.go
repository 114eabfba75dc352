//go:build !linux

package solverproc

// lowerPriority does nothing off Linux, where the nice value is the
// process's and the node's command sets it (nice_linux.go).
func lowerPriority(nice int) error { return nil }
