// Command freecell drives the FreeCell engine and its solver from the
// shell: deal, show, play, solve, analyze, stats, check (a line wins)
// and verify (a race's reveal matches its commitment). Run
// "freecell -h" for the subcommands.
package main

import (
	"os"

	"github.com/solitaire-race/racer/internal/cli"
)

// app is filled by each subcommand's file in an init function, so that
// subcommands live in files of their own.
var app = cli.NewApp("freecell")

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runMain is main without the process: the tests call it.
var runMain = app.Main
