//go:build !linux

package main

import "os/exec"

// pauseWhileBusy is false: a process stopped while the node is busy
// could outlive a node that dies, with nothing here to end it.
const pauseWhileBusy = false

// ownSession leaves cmd in the node's session off Linux (see
// solverproc_linux.go).
func ownSession(cmd *exec.Cmd) {}
