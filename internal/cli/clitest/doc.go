// Package clitest runs a cli.App in-process for the tests of the engine
// commands and checks what usage errors and -h print.
//
//	out, errOut, code := clitest.Exec(t, app, "", "deal", "--seed", "7")
//	clitest.WantUsageError(t, app, "", []string{"deal"}, "--seed")
//	clitest.WantHelp(t, app, "deal", "seed")
package clitest
