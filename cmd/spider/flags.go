package main

import (
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/internal/cli"
	"github.com/solitaire-race/racer/spider"
)

// profileUsage documents the --rules flag.
var profileUsage = "rule profile: " + strings.Join(spider.ProfileNames(), ", ")

// game builds Spider's first positions from the flags --rules, --seed
// and --deal; a deal the rules cannot play is a problem of --deal.
var game = cli.Game[spider.Rules, spider.Deal, spider.State]{
	DefaultProfile: spider.DefaultProfile,
	RulesUsage:     profileUsage,
	DealUsage:      "explicit deal: 104 cards in deck order, like \"KS TH 9S …\"",
	Profile:        spider.Profile,
	NewDeal:        func(seed uint64, r spider.Rules) spider.Deal { return spider.NewDeal(seed, r.Suits) },
	ParseDeal:      spider.ParseDeal,
	New: func(d spider.Deal, r spider.Rules) (spider.State, error) {
		s, err := spider.New(d, r)
		if err != nil {
			return s, fmt.Errorf("--deal: %w", err)
		}
		return s, nil
	},
}
