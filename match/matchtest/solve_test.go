package matchtest

import (
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/spider"
)

func TestWinnable(t *testing.T) {
	for _, p := range []string{"bvs", "relaxed-3"} {
		seed, line := Winnable(p)
		rules, _ := klondike.Profile(p)
		s := klondike.MustNew(klondike.NewDeal(seed), rules)
		for i, m := range line {
			if err := s.Apply(m); err != nil {
				t.Fatalf("%s seed %d move %d %s: %v", p, seed, i, m, err)
			}
		}
		if !s.Won() {
			t.Errorf("%s seed %d: line of %d moves does not win", p, seed, len(line))
		}
		t.Logf("%s: seed %d, %d moves", p, seed, len(line))
	}
}

func TestWinnableSpider(t *testing.T) {
	for _, p := range []string{"spider-1"} {
		seed, line := WinnableSpider(p)
		rules, _ := spider.Profile(p)
		s := spider.MustNew(spider.NewDeal(seed, rules.Suits), rules)
		for i, m := range line {
			if err := s.Apply(m); err != nil {
				t.Fatalf("%s seed %d move %d %s: %v", p, seed, i, m, err)
			}
		}
		if !s.Won() {
			t.Errorf("%s seed %d: line of %d moves does not win", p, seed, len(line))
		}
		t.Logf("%s: seed %d, %d moves", p, seed, len(line))
	}
}
