// Package daily is the daily challenge: one deal per UTC day per rule
// profile, the same for everyone, unpredictable before its day, proven
// winnable when a solver is configured. Each player may race it once; the
// first attempt counts; the day's board ranks the wins by time, then by
// actions. The board lists the wins of accounts only (a guest races off
// the board), or everyone's under Config.RateGuests.
//
// # Seeds
//
// Every node derives the same challenge from a configured secret: try
// i = 0, 1, … gives the candidate seed
//
//	first 8 bytes, big-endian, of HMAC-SHA256(secret,
//	    "solitaire-race daily v1\nprofile=<profile>\nday=<YYYY-MM-DD>\ntry=<i>\n")
//
// made a race seed (game.RaceSeed: below 2³¹, its top bit set), and the first candidate the Checker proves winnable is the day's deal.
// With no Checker, or when no candidate is proven within MaxTries, try 0
// is used and the challenge says "not solver-checked". The try chosen is
// then claimed in the Store (leaderboard.Store.ClaimDailyTry): the first
// node's claim stands, so nodes whose solvers decide candidates
// differently (two versions, during an upgrade) still deal the same deal;
// the claim lasts as long as the day's board. A node that finds the
// day's candidate claimed already takes it without searching; with
// Config.AwaitClaim it waits for another process to claim it (a dealer,
// cmd/dealer, which searches each day's challenges off the nodes' CPU)
// before searching itself. The commitment's
// nonce (match/fair) is HMAC-SHA256(secret, "solitaire-race daily v1
// nonce\nprofile=<profile>\nday=<YYYY-MM-DD>\n"), so the commitment is
// the same on every node and can be shown all day; the seed and nonce are
// revealed once the day is over. Without the secret, nobody can predict a
// day's deal.
//
// # Preparation
//
// A challenge is prepared (its claim read, its candidates searched) once
// per profile and day, in the background: the caller that asks first
// starts it, and a caller who leaves does not stop it. Challenge and
// Today wait for it; Peek never does, and answers ErrPreparing until it
// is done, for the HTTP API. Config.Searches bounds the searches running
// at once and Config.MaxPending the challenges in preparation (ErrBusy
// past it), so that asking for many days cannot queue unbounded work.
//
//	d, _ := daily.New(daily.Config{Games: games.All, Secret: secret, Store: boards, Checker: check})
//	c, err := d.Peek(ctx, "bvs", day)              // ErrPreparing while it is searched
//	race, err := d.Start(ctx, "bvs", racer)        // ErrAlreadyPlayed the second time
//	// … the hub creates and runs race; when it finishes:
//	recorded, err := d.Finish(ctx, race, result)
package daily
