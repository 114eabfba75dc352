//go:build ignore

// Command budget measures what the solver pools spend per proven seed
// under a budget per candidate deal, and which deals a smaller budget
// accepts: for each profile it draws random candidate seeds, as the
// pools do, and solves each under a reference budget (-ref, about the
// pools' 2 s timeout on a core of its own) and under
// each of -nodes, printing one CSV line per search: profile, seed,
// budget, verdict, positions searched, moves of the winning line and
// the process's CPU (user+system, GC included) the search took. It
// reaches into the engines' solvers, which only their own commands and
// adapters may import, so it builds only when named (go:build ignore):
//
//	go run docs/data/dealer/budget/main.go -n 30 -profiles bvs > bvs.csv
//	go run docs/data/dealer/budget/main.go -again bvs.csv -nodes 50000 >> bvs.csv
package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/solitaire-race/racer/freecell"
	fcsolver "github.com/solitaire-race/racer/freecell/solver"
	"github.com/solitaire-race/racer/klondike"
	ksolver "github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/spider"
	ssolver "github.com/solitaire-race/racer/spider/solver"
)

// outcome is one search's verdict, positions and winning line's length.
type outcome struct {
	verdict string
	nodes   int64
	moves   int
}

func main() {
	n := flag.Int("n", 40, "candidate seeds per profile")
	profiles := flag.String("profiles", "bvs,classic,spider-1,spider-2,spider-4,freecell,freecell-3", "profiles (the home page's quick races)")
	ref := flag.Int64("ref", 2_000_000, "the reference budget in positions: about what the pools' 2 s timeout searches on a core of its own")
	nodes := flag.String("nodes", "10000,30000,100000,300000", "budgets in positions to compare with the reference")
	again := flag.String("again", "", "comma-separated CSV files this command wrote: solve their candidates again under -nodes only (no reference, no header), to add a budget to them")
	timeout := flag.Duration("timeout", time.Minute, "timeout of every search, a backstop far above what the budgets take, so that the verdicts do not depend on the machine's load")
	flag.Parse()
	var budgets []int64
	for _, s := range strings.Split(*nodes, ",") {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			log.Fatal(err)
		}
		budgets = append(budgets, v)
	}
	if *again != "" {
		for _, f := range strings.Split(*again, ",") {
			for _, c := range candidates(f) {
				solve, err := solver(c.profile)
				if err != nil {
					log.Fatal(err)
				}
				for _, b := range budgets {
					search(solve, c.profile, c.seed, strconv.FormatInt(b, 10), b, *timeout)
				}
			}
		}
		return
	}
	fmt.Println("profile,seed,budget,verdict,nodes,moves,cpu_us")
	for _, p := range strings.Split(*profiles, ",") {
		solve, err := solver(p)
		if err != nil {
			log.Fatal(err)
		}
		for i := 0; i < *n; i++ {
			seed := game.RandomRaceSeed()
			run := func(label string, maxNodes int64) {
				before := cpu()
				o := solve(seed, maxNodes, *timeout)
				fmt.Printf("%s,%d,%s,%s,%d,%d,%d\n", p, seed, label, o.verdict, o.nodes, o.moves, (cpu() - before).Microseconds())
			}
			run("ref", *ref)
			for _, b := range budgets {
				run(strconv.FormatInt(b, 10), b)
			}
		}
	}
}

// search solves one candidate and prints its line.
func search(solve func(uint64, int64, time.Duration) outcome, profile string, seed uint64, label string, maxNodes int64, timeout time.Duration) {
	before := cpu()
	o := solve(seed, maxNodes, timeout)
	fmt.Printf("%s,%d,%s,%s,%d,%d,%d\n", profile, seed, label, o.verdict, o.nodes, o.moves, (cpu() - before).Microseconds())
}

// candidate is a profile and seed of an earlier run.
type candidate struct {
	profile string
	seed    uint64
}

// candidates returns the candidates of file, a CSV this command wrote,
// each once, in order.
func candidates(file string) []candidate {
	f, err := os.Open(file)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		log.Fatal(err)
	}
	var out []candidate
	seen := map[candidate]bool{}
	for _, r := range rows[1:] {
		seed, err := strconv.ParseUint(r[1], 10, 64)
		if err != nil {
			log.Fatal(err)
		}
		if c := (candidate{r[0], seed}); !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// cpu returns the process's user and system CPU so far.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		log.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// solver returns a search of profile's deals.
func solver(profile string) (func(seed uint64, maxNodes int64, timeout time.Duration) outcome, error) {
	ctx := context.Background()
	if r, err := klondike.Profile(profile); err == nil {
		return func(seed uint64, maxNodes int64, timeout time.Duration) outcome {
			res := ksolver.Solve(ctx, klondike.MustNew(klondike.NewDeal(seed), r), ksolver.Config{MaxNodes: maxNodes, Timeout: timeout})
			return outcome{res.Verdict.String(), res.Nodes, len(res.Moves)}
		}, nil
	}
	if r, err := spider.Profile(profile); err == nil {
		return func(seed uint64, maxNodes int64, timeout time.Duration) outcome {
			res := ssolver.Solve(ctx, spider.MustNew(spider.NewDeal(seed, r.Suits), r), ssolver.Config{MaxNodes: maxNodes, Timeout: timeout})
			return outcome{res.Verdict.String(), res.Nodes, len(res.Moves)}
		}, nil
	}
	r, err := freecell.Profile(profile)
	if err != nil {
		return nil, err
	}
	return func(seed uint64, maxNodes int64, timeout time.Duration) outcome {
		s, err := freecell.New(freecell.NewDeal(seed), r)
		if err != nil {
			log.Fatal(err)
		}
		res := fcsolver.Solve(ctx, s, fcsolver.Config{MaxNodes: maxNodes, Timeout: timeout})
		return outcome{res.Verdict.String(), res.Nodes, len(res.Moves)}
	}, nil
}
