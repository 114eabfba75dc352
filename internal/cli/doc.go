// Package cli is what the engine commands (cmd/klondike, cmd/spider)
// share: the subcommand registry and its usage text, flag parsing with
// usage errors, the flags that choose a position, seed ranges, the output
// of "solve", and "verify", which sees a game through the game contract
// (match/game). The positions that play, show, solve and stats work on
// are each engine's own, chosen by Game's flags: those subcommands print
// what only the engine knows (every card, legal moves, solver figures).
//
// A command builds one App, registers its subcommands from init
// functions, and calls Main:
//
//	var app = cli.NewApp("klondike")
//
//	func init() { app.Register("deal", "print the deal of a seed", runDeal) }
//
//	func main() { os.Exit(app.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
//
// Exit statuses: 0 on success, 1 on failure, 2 on a usage error.
package cli
