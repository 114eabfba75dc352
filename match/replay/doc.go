// Package replay keeps the record of finished races: the seed, nonce and
// profile (the commitment's reveal), the roster, the result, and every
// racer's actions with the store's timestamps, as built from a
// match.Snapshot. The race's hot state in the match.Store expires some
// time after the end; replays stay.
//
//	snap, _ := matchStore.Load(ctx, raceID) // after Store.Finish
//	rp, err := replay.FromSnapshot(snap)
//	_, err = replays.Save(ctx, rp)
//	// later, on any node:
//	rp, err = replays.Load(ctx, raceID)
//
// A replay is only built for a finished race, so the seed never leaves the
// server before the end.
package replay
