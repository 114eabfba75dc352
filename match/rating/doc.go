// Package rating is Glicko-2 (Glickman, "Example of the Glicko-2 system",
// 2013) with lichess's parameters, and the rule that turns a race's
// places into games: every pair of racers is one game, won by the better
// place, drawn when they share a place, and nearly drawn (0.55 to 0.45 by
// default) when only the race's tie-break parted their places
// (Placing.Level).
//
// # Parameters
//
// The zero Config means lichess's values, read from lila's
// modules/rating/src/main/Glicko.scala and glicko2/RatingCalculator.scala:
// a new player starts at rating 1500, deviation 500, volatility 0.09;
// tau 0.75; a rating is provisional while its deviation is at least 110;
// the deviation stays within [45, 500], the volatility at most 0.1, the
// rating within [400, 4000], and one race moves a rating by at most 700.
// As on lichess, each race is its own rating period and step 6 of the
// algorithm adds no period (lila's skipDeviationIncrease); instead the
// deviation grows with the time since the player's last rated race, at
// 0.21436 rating periods per day (lila's ratingPeriodsPerDay), before the
// race is rated.
//
// A race of n racers is n·(n−1)/2 games, all in the one period: each
// racer is rated against every other racer's rating from before the race,
// so the order in which racers are processed does not matter.
//
//	cfg := rating.Config{}
//	after := cfg.Race(map[string]rating.Rating{}, []rating.Placing{
//		{Player: "ann", Place: 1}, {Player: "bob", Place: 2},
//	}, time.Now())
//	fmt.Println(after["ann"].Rating) // above 1500
//
// The package uses only the standard library. Its functions are pure and
// safe for concurrent use.
package rating
