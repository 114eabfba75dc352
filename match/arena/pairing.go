package arena

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// Waiting is a free player in an arena's pool.
type Waiting struct {
	Player string
	Points int
	// Since is when the player became free to race (after the pause
	// that follows a race).
	Since time.Time
	// Last lists the opponents of the player's last race.
	Last []string
	Bot  bool
	// Apart lists the players this one never races in a rated arena
	// (accounts linked to it: docs/RULES.md, "Fair play"). Pair never
	// groups them: each waits for someone else.
	Apart []string
}

// PairConfig tunes Pair. The zero value of each duration means its
// default.
type PairConfig struct {
	// Size is the arena's race size (2 to 4).
	Size int
	// SmallAfter is how long the longest waiter of fewer than Size free
	// players waits before they race in a smaller race (at least two).
	// Default 10s.
	SmallAfter time.Duration
	// RepeatAfter is how long two players who just raced each other wait
	// before they are paired again when nobody else is free. Default 15s.
	RepeatAfter time.Duration
}

func (c *PairConfig) defaults() {
	if c.SmallAfter <= 0 {
		c.SmallAfter = 10 * time.Second
	}
	if c.RepeatAfter <= 0 {
		c.RepeatAfter = 15 * time.Second
	}
	c.Size = min(max(c.Size, MinRaceSize), MaxRaceSize)
}

// Pair groups the free players of pool into races and returns the
// groups; the players it leaves out wait for the next call. It is a pure
// function of its arguments:
//
//   - no player is in two groups, and every group has a person (bots only
//     fill races of people);
//   - the longest waiter is served first (fair waits): each group is
//     formed around the longest waiter left, with the players closest to
//     them in points;
//   - players who raced each other last are not grouped again while
//     anyone else could take the place, and when nobody could, only
//     once they have both waited cfg.RepeatAfter;
//   - groups have cfg.Size players; fewer (two at least) race only once
//     the longest waiter among them has waited cfg.SmallAfter;
//   - players kept apart (Waiting.Apart) are never grouped.
func Pair(pool []Waiting, cfg PairConfig, now time.Time) [][]Waiting {
	cfg.defaults()
	order := slices.Clone(pool)
	slices.SortFunc(order, func(a, b Waiting) int {
		if c := a.Since.Compare(b.Since); c != 0 {
			return c
		}
		return strings.Compare(a.Player, b.Player)
	})
	taken := make(map[string]bool, len(order))
	var groups [][]Waiting
	for i, anchor := range order {
		if taken[anchor.Player] || anchor.Bot {
			continue
		}
		group := []Waiting{anchor}
		for len(group) < cfg.Size {
			best := -1
			for j := range order {
				w := order[j]
				if j == i || taken[w.Player] || inGroup(group, w.Player) || keptApart(w, group) {
					continue
				}
				if best < 0 || better(w, order[best], group, anchor) {
					best = j
				}
			}
			if best < 0 {
				break
			}
			group = append(group, order[best])
		}
		if len(group) < 2 {
			continue
		}
		if len(group) < cfg.Size && now.Sub(anchor.Since) < cfg.SmallAfter {
			continue
		}
		if !repeatsAllowed(group, cfg.RepeatAfter, now) {
			continue
		}
		for _, w := range group {
			taken[w.Player] = true
		}
		groups = append(groups, group)
	}
	return groups
}

// better reports whether w is a better next member of group than o:
// first one who raced nobody of the group last, then the closer in
// points to the anchor, then the longer waiter.
func better(w, o Waiting, group []Waiting, anchor Waiting) bool {
	rw, ro := repeats(w, group), repeats(o, group)
	if rw != ro {
		return !rw
	}
	dw, do := abs(w.Points-anchor.Points), abs(o.Points-anchor.Points)
	if dw != do {
		return dw < do
	}
	if c := w.Since.Compare(o.Since); c != 0 {
		return c < 0
	}
	return cmp.Less(w.Player, o.Player)
}

// repeats reports whether w raced a member of group in their last race.
func repeats(w Waiting, group []Waiting) bool {
	for _, g := range group {
		if slices.Contains(w.Last, g.Player) || slices.Contains(g.Last, w.Player) {
			return true
		}
	}
	return false
}

// repeatsAllowed reports whether every pair of group who raced each
// other last has waited at least after.
func repeatsAllowed(group []Waiting, after time.Duration, now time.Time) bool {
	for i, a := range group {
		for _, b := range group[i+1:] {
			if slices.Contains(a.Last, b.Player) || slices.Contains(b.Last, a.Player) {
				if now.Sub(a.Since) < after || now.Sub(b.Since) < after {
					return false
				}
			}
		}
	}
	return true
}

func inGroup(group []Waiting, player string) bool {
	for _, g := range group {
		if g.Player == player {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keptApart reports whether w is kept apart from a member of group (in
// either's Apart).
func keptApart(w Waiting, group []Waiting) bool {
	for _, g := range group {
		if slices.Contains(w.Apart, g.Player) || slices.Contains(g.Apart, w.Player) {
			return true
		}
	}
	return false
}
