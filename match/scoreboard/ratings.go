package scoreboard

// Ratings is what a finished race did to its racers' ratings.
type Ratings struct {
	// Race and Profile identify the race; ratings are per profile.
	Race    string `json:"race"`
	Profile string `json:"profile"`
	// Rated is false for a race that changes no rating: one with a bot,
	// a daily challenge, or fewer than two human racers.
	Rated bool `json:"rated"`
	// Changes holds one line per rated racer, in the result's order.
	Changes []RatingChange `json:"changes,omitempty"`
}

// RatingChange is one racer's rating before and after a rated race.
type RatingChange struct {
	Player string `json:"player"`
	// Before is the rating before the race (a new player's start rating
	// for a first race); After the rating after it. Both on the Glicko
	// scale, rounded to a tenth.
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	// Deviation is After's deviation, Games the rated games played so
	// far.
	Deviation float64 `json:"deviation"`
	Games     int     `json:"games"`
	// Provisional is true while the deviation is high (110 or more);
	// GamesToGo then estimates the rated games left until it is not.
	Provisional bool `json:"provisional,omitempty"`
	GamesToGo   int  `json:"games_to_go,omitempty"`
}
