package main

import (
	"runtime"
	"syscall"
)

// lowPriority returns a game.PoolConfig.Worker that runs each solver
// worker on an OS thread of its own with the given nice value (1 to 19;
// 19 is the lowest priority), so that the kernel gives the node's other
// threads — the ones serving moves — the CPU first, and the solver what
// is left. The thread is never unlocked: it ends with its goroutine
// rather than take the low priority to other goroutines. When the
// priority cannot be set (a container without the right), the worker
// runs at normal priority and failed hears why.
func lowPriority(nice int, failed func(error)) func(work func()) {
	return func(work func()) {
		runtime.LockOSThread() // no Unlock: the thread exits with the goroutine
		// On Linux, setpriority on a thread id sets that thread's nice
		// value alone (setpriority(2), NOTES).
		if err := syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice); err != nil && failed != nil {
			failed(err)
		}
		work()
	}
}

// lowPrioritySupported reports whether lowPriority lowers the priority
// of the threads here.
const lowPrioritySupported = true
