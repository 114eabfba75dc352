package rating_test

import (
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match/rating"
)

// A race of three new players: the winner beats two, the second beats
// one and loses to one, the third loses twice.
func ExampleConfig_Race() {
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	after := rating.Config{}.Race(nil, []rating.Placing{
		{Player: "ann", Place: 1}, {Player: "bob", Place: 2}, {Player: "cid", Place: 3},
	}, at)
	for _, p := range []string{"ann", "bob", "cid"} {
		r := after[p]
		fmt.Printf("%s %.0f ±%.0f provisional=%v games=%d\n", p, r.Rating, r.Deviation, r.Provisional(), r.Games)
	}
	// Output:
	// ann 1852 ±339 provisional=true games=2
	// bob 1500 ±339 provisional=true games=2
	// cid 1148 ±339 provisional=true games=2
}
