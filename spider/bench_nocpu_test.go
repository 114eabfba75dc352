//go:build !unix

package spider

import "testing"

// cpuTimer reports nothing where the CPU time of the process is not at hand.
func cpuTimer(*testing.B) func() { return func() {} }
