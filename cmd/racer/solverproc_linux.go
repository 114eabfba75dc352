package main

import (
	"os/exec"
	"syscall"
)

// ownSession starts cmd in a session of its own: on Linux with
// autogroups (sched(7)), the kernel then shares the CPU between the
// node's session and the solver process's as two groups, and the solver
// process's CPU, at its group's low priority, is not taken from the
// share of the node's group.
func ownSession(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}
