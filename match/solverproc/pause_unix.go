//go:build unix

package solverproc

import (
	"os"
	"syscall"
)

// setStopped stops proc (SIGSTOP) or continues it (SIGCONT).
func setStopped(proc *os.Process, stop bool) error {
	if stop {
		return proc.Signal(syscall.SIGSTOP)
	}
	return proc.Signal(syscall.SIGCONT)
}
