// Package solverproc runs the solver in a process of its own: a node's
// background searches (the seed pool's candidate deals, the daily
// challenge's check, finished games' analyses) go over a pipe to a child
// process and come back as verdicts, so that no solver thread is part of
// the runtime that serves moves. A Go program stops every thread that
// holds a P twice per garbage collection and waits for each to reach a
// safe point during the mark phase; a solver thread at low priority that
// the kernel leaves waiting for CPU delays every goroutine of the node
// at each collection. In a process of its own, the solver's threads wait
// on the kernel alone, and the node's collections never wait on them.
//
// The child is the node's own binary run again with Env set: its main
// calls Serve on its standard input and output.
//
//	c, _ := solverproc.New(solverproc.Config{Command: func() *exec.Cmd {
//		cmd := exec.Command(exe)
//		cmd.Env = append(os.Environ(), solverproc.Env+"=19") // its nice value
//		return cmd
//	}})
//	go c.Run(ctx)
//	won, err := c.Winnable(ctx, "bvs", seed, 0, 2*time.Second)
//
// and in the child's main, before anything else:
//
//	if os.Getenv(solverproc.Env) != "" {
//		os.Exit(solverproc.ServeMain(games.Lookup))
//	}
package solverproc
