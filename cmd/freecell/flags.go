package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/internal/cli"
)

// profileUsage documents the --rules flag.
var profileUsage = "rule profile: " + strings.Join(freecell.ProfileNames(), ", ") + " (4, 3 or 2 free cells)"

// game builds FreeCell's first positions from the flags --rules, --seed
// and --deal; seeds 1 … 32000 are Microsoft's numbered deals.
var game = cli.Game[freecell.Rules, freecell.Deal, freecell.State]{
	DefaultProfile: freecell.DefaultProfile,
	RulesUsage:     profileUsage,
	DealUsage:      "explicit deal: 52 cards in dealing order, row by row, like \"JD 2D 9H JC …\"",
	Profile:        freecell.Profile,
	NewDeal:        func(seed uint64, _ freecell.Rules) freecell.Deal { return freecell.NewDeal(seed) },
	ParseDeal:      freecell.ParseDeal,
	New: func(d freecell.Deal, r freecell.Rules) (freecell.State, error) {
		s, err := freecell.New(d, r)
		if err != nil {
			return s, fmt.Errorf("--deal: %w", err)
		}
		return s, nil
	},
}

// illegalReason returns the reason of an illegal move, or else err's text.
func illegalReason(err error) string {
	if ie, ok := errors.AsType[*freecell.IllegalMoveError](err); ok {
		return ie.Reason
	}
	return err.Error()
}

// playText parses text and plays it on s.
func playText(s *freecell.State, text string) error {
	m, err := freecell.ParseMove(text)
	if err != nil {
		return err
	}
	return s.Apply(m)
}

// autoPlay plays every safe move to the foundations, one at a time until
// none is left, as a page that plays them by itself does, and returns
// them.
func autoPlay(s *freecell.State) []freecell.Move {
	var played []freecell.Move
	for ms := s.SafeMoves(); len(ms) > 0; ms = s.SafeMoves() {
		if err := s.Apply(ms[0]); err != nil {
			panic(err) // a move the engine listed as legal
		}
		played = append(played, ms[0])
	}
	return played
}

// legalLine returns "legal:" and every legal move of s in notation,
// sorted bytewise.
func legalLine(s *freecell.State) string {
	return strings.TrimSpace("legal: " + cli.SortedMoves(s.Moves()))
}
