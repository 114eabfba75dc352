// Package solving holds what the solvers (klondike/solver, spider/solver)
// share besides their search: the verdict of a search and its budget
// with the budget's defaults. It uses the standard library only, like the
// engines that import it; each solver re-exports these under its own
// names.
//
//	type Verdict = solving.Verdict
//	type Config = solving.Budget // spider/solver
//
//	// klondike/solver, whose Config also holds test switches:
//	func (c Config) withDefaults() Config {
//		c.MaxNodes = solving.OrDefault(c.MaxNodes, solving.DefaultMaxNodes)
//		…
//	}
package solving
