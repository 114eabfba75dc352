// Package solving holds what the solvers (klondike/solver, spider/solver)
// share besides their search: the verdict of a search and the defaults of
// its budget. It uses the standard library only, like the engines that
// import it; each solver re-exports these under its own names.
//
//	type Verdict = solving.Verdict
//
//	func (c Config) withDefaults() Config {
//		c.MaxNodes = solving.OrDefault(c.MaxNodes, solving.DefaultMaxNodes)
//		…
//	}
package solving
