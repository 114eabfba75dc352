//go:build !unix

package solverproc

import (
	"errors"
	"os"
)

// setStopped cannot stop a process here: it runs on.
func setStopped(*os.Process, bool) error {
	return errors.New("solverproc: processes are not stopped on this system")
}
