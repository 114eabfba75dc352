package match

import (
	"context"

	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game"
)

// Dealer chooses the seed of each new race.
type Dealer interface {
	// Deal returns a seed for a race under profile, and whether a solver
	// proved its deal winnable.
	Deal(ctx context.Context, profile string) (seed uint64, solverChecked bool, err error)
}

// RandomDealer deals uniformly random race seeds (game.RandomRaceSeed:
// none below game.MinRaceSeed) that no solver has checked; a race dealt
// by it tells the racers "deal not solver-checked". It is safe for
// concurrent use.
type RandomDealer struct{}

// Deal implements Dealer.
func (RandomDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	return game.RandomRaceSeed(), false, ctx.Err()
}

// FixedDealer deals the same seed every time, for tests and
// reproductions.
type FixedDealer struct {
	Seed          uint64
	SolverChecked bool
}

// Deal implements Dealer.
func (d FixedDealer) Deal(ctx context.Context, profile string) (uint64, bool, error) {
	return d.Seed, d.SolverChecked, ctx.Err()
}

// DealRace fills r's Seed, SolverChecked, Nonce and Commitment from d and a
// fresh nonce (match/fair). r.Profile must be set.
func DealRace(ctx context.Context, d Dealer, r *Race) error {
	seed, checked, err := d.Deal(ctx, r.Profile)
	if err != nil {
		return err
	}
	r.Seed, r.SolverChecked = seed, checked
	r.Nonce = fair.NewNonce()
	r.Commitment, err = fair.Commit(fair.Reveal{Seed: seed, Profile: r.Profile, Nonce: r.Nonce})
	return err
}

// Reveal returns the commitment's reveal of r: to be shown only once the
// race is finished.
func (r *Race) Reveal() fair.Reveal {
	return fair.Reveal{Seed: r.Seed, Profile: r.Profile, Nonce: r.Nonce}
}
