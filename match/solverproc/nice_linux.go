package solverproc

import (
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

// schedIdle is Linux's SCHED_IDLE scheduling policy: a thread under it
// runs only when no normal thread of the CPU wants to, and a normal
// thread that wakes takes the CPU from it at once.
const schedIdle = 5

// lowerPriority sets the nice value of every thread of this process to
// nice and, at the lowest priority (19), puts them under SCHED_IDLE. It
// also sets the nice value of the process's autogroup (sched(7)), which
// the kernel weighs against the other sessions' groups, when the process
// leads its session: a process the node starts in a session of its own
// (Setsid) has a group of its own, so that its CPU is not taken from the
// node's group's share. On
// Linux both are a thread's, and a new thread takes those of the thread
// that made it: once every thread listed is lowered, a listing that
// shows no new thread shows them all, and the threads the runtime makes
// afterwards inherit the low priority.
func lowerPriority(nice int) error {
	// The autogroup is the session's: only a process that leads its
	// session sets it, never the group of the session that started it.
	// Without autogroups (disabled, or a kernel without them) there is
	// nothing to set: cgroups decide instead.
	if sid, _, e := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0); e == 0 && int(sid) == os.Getpid() {
		_ = os.WriteFile("/proc/self/autogroup", []byte(strconv.Itoa(nice)), 0)
	}
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
			if nice == 19 {
				var param struct{ priority int32 }
				_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(tid), schedIdle, uintptr(unsafe.Pointer(&param)))
				if e != 0 && e != syscall.ESRCH {
					return e
				}
			}
			done[tid], lowered = true, true
		}
		if !lowered {
			return nil
		}
	}
}
