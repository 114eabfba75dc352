package rating

import "math"

// scale converts between the Glicko scale and the Glicko-2 scale (step 2
// of Glickman's paper).
const scale = 173.7178

// Game is one game of a rating period as seen by the rated player: the
// opponent's rating before the period and the player's score.
type Game struct {
	// Opponent is the opponent's rating before the period.
	Opponent Rating
	// Score is 1 for a win, 0.5 for a draw, 0 for a loss.
	Score float64
}

// Update returns r after one rating period in which r played games,
// following steps 2 to 8 of Glickman's paper with system constant tau.
// Periods is the number of rating periods step 6 adds to the deviation
// (1 in the paper's example; 0 in Race, which grows the deviation by
// elapsed time instead). With no games only step 6 applies. Update does
// not clamp anything and does not touch Games or Updated.
func Update(r Rating, games []Game, tau, periods float64) Rating {
	mu := (r.Rating - 1500) / scale
	phi := r.Deviation / scale
	sigma := r.Volatility
	if len(games) == 0 {
		r.Deviation = math.Sqrt(phi*phi+periods*sigma*sigma) * scale
		return r
	}
	// Steps 3 and 4: estimated variance v and improvement delta.
	var vInv, sum float64
	for _, g := range games {
		muJ := (g.Opponent.Rating - 1500) / scale
		gJ := gfunc(g.Opponent.Deviation / scale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = newVolatility(sigma, phi, v, delta, tau)
	// Steps 6 and 7.
	phiStar := math.Sqrt(phi*phi + periods*sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8.
	return Rating{
		Rating:     muNew*scale + 1500,
		Deviation:  phiNew * scale,
		Volatility: sigma,
		Games:      r.Games,
		Updated:    r.Updated,
	}
}

func gfunc(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// Iteration bounds of step 5: the convergence tolerance of the paper, and
// caps on the loops so that no input can spin forever.
const (
	epsilon       = 1e-6
	maxIterations = 1000
)

// newVolatility is step 5 of the paper.
func newVolatility(sigma, phi, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
