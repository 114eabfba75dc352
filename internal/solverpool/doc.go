// Package solverpool keeps seeds whose deals a solver proved winnable,
// per rule set, refilled in the background: the machinery behind
// klondike/solver.Pool and spider/solver.Pool. It uses the standard
// library only, like the engines that import it.
//
//	p := solverpool.New(solverpool.Config[Rules, Key]{
//		Rules: rules,
//		Key:   func(r Rules) Key { return r.solverKey() },
//		Won:   func(ctx context.Context, r Rules, seed uint64) bool { … },
//	})
//	go p.Run(ctx)
//	seed, err := p.Next(ctx, rules[0])
package solverpool
