// Package seedpool shares seeds a solver proved winnable between the
// nodes of a cluster, through Redis: a dealer process (cmd/dealer) runs
// the games' solver pools with a Filler, which keeps a bounded list of
// proven seeds per rule profile in Redis, and every node deals from it
// with a Dealer, which takes each seed once (an atomic pop) and falls
// back to a random seed, not solver-checked, when the list is empty. A
// node then runs no solver for its races.
//
//	pool, _ := seedpool.NewRedisPool(seedpool.RedisConfig{Client: rdb})
//	// the dealer process:
//	f, _ := seedpool.NewFiller(seedpool.FillerConfig{Pool: pool, Games: games.All, Profiles: games.Profiles()})
//	go f.Run(ctx)
//	// each node:
//	d := &seedpool.Dealer{Pool: pool, Fallback: match.RandomDealer{}, Games: games.All}
//	seed, checked, err := d.Deal(ctx, "bvs")
//
// The seeds are secrets until their races reveal them: whoever reads the
// Redis keys (see RedisPool) can tell every deal to come.
package seedpool
