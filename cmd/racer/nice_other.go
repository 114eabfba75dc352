//go:build !linux

package main

import "runtime"

// lowPriority returns a game.PoolConfig.Worker that, off Linux, only
// locks each solver worker to an OS thread of its own: per-thread
// priorities are Linux's (see nice_linux.go).
func lowPriority(nice int, failed func(error)) func(work func()) {
	return func(work func()) {
		runtime.LockOSThread()
		work()
	}
}

// lowPrioritySupported reports whether lowPriority lowers the priority
// of the threads here.
const lowPrioritySupported = false
