package main

import (
	"os/exec"
	"syscall"
)

// pauseWhileBusy: the solver process is stopped while the node is busy
// (solverproc.Config.Pause), as ownSession has it killed with the node.
const pauseWhileBusy = true

// ownSession starts cmd in a session of its own: on Linux with
// autogroups (sched(7)), the kernel then shares the CPU between the
// node's session and the solver process's as two groups, and the solver
// process's CPU, at its group's low priority, is not taken from the
// share of the node's group.
//
// The process is killed when the node ends (Pdeathsig): stopped while the
// node is busy (solverproc.Config.Pause), it could not see its input
// close.
func ownSession(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
}
