package solverproc

import (
	"os"
	"strconv"
	"syscall"
)

// lowerPriority sets the nice value of every thread of this process to
// nice. On Linux the nice value is a thread's, and a new thread takes
// that of the thread that made it: once every thread listed is lowered,
// a listing that shows no new thread shows them all, and the threads the
// runtime makes afterwards inherit the low priority.
func lowerPriority(nice int) error {
	done := map[int]bool{}
	for {
		dir, err := os.Open("/proc/self/task")
		if err != nil {
			return err
		}
		names, err := dir.Readdirnames(-1)
		dir.Close()
		if err != nil {
			return err
		}
		lowered := false
		for _, name := range names {
			tid, err := strconv.Atoi(name)
			if err != nil || done[tid] {
				continue
			}
			// A thread that ended meanwhile is no error.
			if err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, nice); err != nil && err != syscall.ESRCH {
				return err
			}
			done[tid], lowered = true, true
		}
		if !lowered {
			return nil
		}
	}
}
