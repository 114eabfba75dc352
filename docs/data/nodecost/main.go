//go:build ignore

// Command nodecost measures the CPU a node spends in the background per
// race under its default flags: the analysis of each racer's game after
// the race (match/analysis: the game's Analyzer with the node's default
// budget, the zero game.AnalysisBudget) and the fair-play signals of the
// race (archive.ComputeSignals with the node's SignalsConfig). The games
// are the project's bots' (the game contract's game.Botter, at each of
// -levels) on the first -n deals of each profile that the game's solver
// proves winnable within 200,000 positions, as `loadgen bots` plays
// them: to a win, to stuck (a race's stuck detection, 20,000 positions),
// or until the bot has no move left. A race seats one racer of each of
// the first two levels on one deal and ends at the first win: the other
// racer's game is cut at the winner's last action (each action timed at
// its level's pace, as the bots pause in a race).
//
// One game or race is measured at a time, on one locked OS thread; each
// figure is the process's CPU (user+system, GC included) from getrusage,
// and the thread's beside it. The default budgets stop on positions and
// on the clock (1 s a search, 4 s a game, 1 s a race's signals); on a
// loaded machine the clock stops them early, so each is measured again
// with the same positions and the clocks lifted ("unbounded"): what the
// default spends on a core of its own lies between the two, and never
// above the clock's bound. Two CSV files:
//
//   - -games: one line per game analysed: profile, seed, level ("steady",
//     "relaxed": the whole game; "steady@race", "relaxed@race": the
//     game as the race cut it, only when the cut shortened it), won,
//     stuck, stopped, moves, the analysis's process and thread CPU in
//     microseconds, wall time in milliseconds, positions searched,
//     searches, searches that ended on their 1 s, whether the whole
//     analysis reached its 4 s, and the unbounded analysis's CPU and
//     positions.
//   - -races: one line per race: profile, seed, the winner's level (""
//     when nobody won), each racer's moves in the race, the analysis
//     CPU of the race's two games (default, unbounded), the signals'
//     process and thread CPU, wall time and positions sampled with
//     both racers accounts, whether they reached their 1 s, the same
//     unbounded, and the signals' CPU with both racers guests.
//
// It builds only when named (go:build ignore):
//
//	go build -o /tmp/nodecost docs/data/nodecost/main.go
//	/tmp/nodecost -profiles bvs -n 20 -games bvs-games.csv -races bvs-races.csv
package main

import (
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
)

// The bots' offline games, as hub/bot plays them.
const (
	stuckBudget = 20_000 // a race's stuck detection
	maxActions  = bot.DefaultMaxActions
)

// The node's default budgets (internal/solving, archive.SignalsConfig),
// to tell a search or a race that ended on its clock.
const (
	searchTimeout  = time.Second
	gameTimeout    = 4 * time.Second
	signalsTimeout = time.Second
	// timeLimit is a quick race's (cmd/racer -time-limit).
	timeLimit = 15 * time.Minute
)

// played is one bot's game: its moves and each move's time after the
// start at the level's pace.
type played struct {
	level               string
	won, stuck, stopped bool
	moves               []string
	ms                  []int64
}

// cost is one measured piece of work.
type cost struct {
	procUs, threadUs, wallMs int64
}

func main() {
	profiles := flag.String("profiles", "bvs,classic,spider-1,spider-2,spider-4,freecell,freecell-3", "profiles (the home page's quick races)")
	n := flag.Int("n", 20, "winnable deals per profile")
	first := flag.Uint64("first", 1, "first seed")
	levels := flag.String("levels", "steady,relaxed", "the two bot levels of a race")
	gamesPath := flag.String("games", "games.csv", "CSV file of the games analysed")
	racesPath := flag.String("races", "races.csv", "CSV file of the races")
	flag.Parse()
	runtime.LockOSThread()
	ls := strings.Split(*levels, ",")
	if len(ls) != 2 {
		log.Fatal("-levels: want two levels")
	}
	gw, gclose := create(*gamesPath, "profile,seed,level,won,stuck,stopped,moves,cpu_us,thread_cpu_us,wall_ms,nodes,searches,search_timeouts,game_timeout,"+
		"unbounded_cpu_us,unbounded_nodes")
	defer gclose()
	rw, rclose := create(*racesPath, "profile,seed,winner,moves_a,moves_b,analysis_cpu_us,unbounded_analysis_cpu_us,signals_cpu_us,signals_thread_cpu_us,signals_wall_ms,sampled,signals_timeout,"+
		"unbounded_signals_cpu_us,unbounded_signals_wall_ms,unbounded_sampled,guest_signals_cpu_us")
	defer rclose()
	ctx := context.Background()
	for _, p := range strings.Split(*profiles, ",") {
		v, err := games.Lookup(p)
		if err != nil {
			log.Fatal(err)
		}
		seeds, err := bot.WinnableSeeds(ctx, p, *first, *n, 200_000, 1)
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d winnable deals, seeds %d … %d", p, len(seeds), seeds[0], seeds[len(seeds)-1])
		for _, seed := range seeds {
			var gs [2]played
			var full, fullU [2]cost
			for i, l := range ls {
				if gs[i], err = play(v, seed, l); err != nil {
					log.Fatal(err)
				}
				full[i], fullU[i] = analyse(gw, v, seed, gs[i], l, gs[i].moves)
			}
			// The race ends at the first win: the other game is cut at
			// the winner's last action.
			winner, end := "", int64(-1)
			for _, g := range gs {
				if g.won && (end < 0 || g.ms[len(g.ms)-1] < end) {
					winner, end = g.level, g.ms[len(g.ms)-1]
				}
			}
			var race [2][]string
			var raceCPU, raceU int64
			for i, g := range gs {
				race[i] = g.moves
				if end >= 0 && g.level != winner {
					k := 0
					for k < len(g.ms) && g.ms[k] <= end {
						k++
					}
					race[i] = g.moves[:k]
				}
				if len(race[i]) == len(g.moves) {
					raceCPU, raceU = raceCPU+full[i].procUs, raceU+fullU[i].procUs
					continue
				}
				cut := g
				cut.won, cut.stuck, cut.stopped = false, false, false
				c, cu := analyse(gw, v, seed, cut, g.level+"@race", race[i])
				raceCPU, raceU = raceCPU+c.procUs, raceU+cu.procUs
			}
			acc, sampled := signals(p, seed, gs, race, winner, true, 0)
			need, needSampled := signals(p, seed, gs, race, winner, true, time.Hour)
			guest, _ := signals(p, seed, gs, race, winner, false, 0)
			_ = rw.Write([]string{p, u(seed), winner, strconv.Itoa(len(race[0])), strconv.Itoa(len(race[1])), i64(raceCPU), i64(raceU),
				i64(acc.procUs), i64(acc.threadUs), i64(acc.wallMs), strconv.Itoa(sampled),
				strconv.FormatBool(acc.wallMs >= signalsTimeout.Milliseconds()*95/100), i64(need.procUs), i64(need.wallMs),
				strconv.Itoa(needSampled), i64(guest.procUs)})
			gw.Flush()
			rw.Flush()
		}
	}
}

// play plays the deal of seed with a bot at level, as hub/bot's offline
// games do, and times each action at the level's pace.
func play(v game.Variant, seed uint64, level string) (played, error) {
	g := played{level: level}
	lv, err := bot.ParseLevel(level)
	if err != nil {
		return g, err
	}
	p, err := v.(game.Botter).NewBot(level, seed)
	if err != nil {
		return g, err
	}
	pace := lv.Pace()
	rng := rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc908))
	b := v.NewBoard(seed)
	var t int64
	for b.Counts().Actions < maxActions && !b.Won() && t < timeLimit.Milliseconds() {
		ch, ok := p.NextBoard(b)
		if !ok {
			g.stopped = true
			break
		}
		d := pace.Play
		if ch.Stock {
			d = pace.Stock
		}
		t += time.Duration(float64(d) * (0.75 + 0.6*rng.Float64())).Milliseconds()
		if t > timeLimit.Milliseconds() {
			break
		}
		st, err := b.Try(ch.Move, stuckBudget)
		if err == nil {
			err = b.Commit(ch.Move)
		}
		if err != nil {
			return g, fmt.Errorf("%s seed %d %s: %w", v.Profile(), seed, level, err)
		}
		g.moves = append(g.moves, ch.Move)
		g.ms = append(g.ms, t)
		if st == game.Stuck {
			g.stuck = true
			break
		}
	}
	g.won = b.Won()
	return g, nil
}

// analyse analyses moves as the node's analysis pool does and writes
// the game's line; then again under the same positions with the
// timeouts lifted, to measure the work the default budget would do
// were its clocks not to run out. It returns both costs.
func analyse(w *csv.Writer, v game.Variant, seed uint64, g played, level string, moves []string) (cost, cost) {
	c, a := analysis(v, seed, level, moves, game.AnalysisBudget{})
	var nodes int64
	searches, timeouts := 0, 0
	for i, d := range a.Durations {
		nodes += a.Nodes[i]
		if a.Nodes[i] > 0 || d > 0 {
			searches++
		}
		if d >= searchTimeout*95/100 {
			timeouts++
		}
	}
	cu, au := analysis(v, seed, level, moves, game.AnalysisBudget{Timeout: time.Hour, GameTimeout: time.Hour})
	var nodesU int64
	for _, n := range au.Nodes {
		nodesU += n
	}
	_ = w.Write([]string{v.Profile(), u(seed), level, bl(g.won), bl(g.stuck), bl(g.stopped), strconv.Itoa(len(moves)),
		i64(c.procUs), i64(c.threadUs), i64(c.wallMs), i64(nodes), strconv.Itoa(searches), strconv.Itoa(timeouts),
		bl(c.wallMs >= gameTimeout.Milliseconds()*95/100), i64(cu.procUs), i64(nodesU)})
	return c, cu
}

// analysis runs the game's Analyzer on moves within budget, as the
// node's analysis pool does, and measures it.
func analysis(v game.Variant, seed uint64, level string, moves []string, budget game.AnalysisBudget) (cost, game.Analysis) {
	var a game.Analysis
	var err error
	c := measure(func() {
		a, err = v.(game.Analyzer).Analyze(context.Background(), seed, moves, budget)
	})
	if err != nil {
		log.Fatalf("%s seed %d %s: %v", v.Profile(), seed, level, err)
	}
	return c, a
}

// signals computes the race's fair-play signals as the archive's
// signals worker does, the racers accounts or guests; a budget other
// than 0 replaces the default 1 s a race, to measure the work the
// default would do were its clock not to run out.
func signals(profile string, seed uint64, gs [2]played, race [2][]string, winner string, accounts bool, budget time.Duration) (cost, int) {
	rp := replay.Replay{Race: "r", Profile: profile, Seed: seed, Actions: map[string][]replay.Action{}}
	for i, g := range gs {
		id := g.level
		rp.Racers = append(rp.Racers, match.Racer{ID: id, Name: id, Account: accounts})
		st := match.Standing{Player: id, Name: id, Status: match.StatusStuck}
		if id == winner {
			st.Status = match.StatusWon
		}
		rp.Result.Standings = append(rp.Result.Standings, st)
		for k, m := range race[i] {
			rp.Actions[id] = append(rp.Actions[id], replay.Action{Seq: uint64(k + 1), Action: m, Ms: g.ms[k]})
		}
	}
	var out []archive.Signals
	var err error
	c := measure(func() {
		out, err = archive.ComputeSignals(context.Background(), rp, archive.SignalsConfig{Games: games.All, Budget: budget})
	})
	if err != nil {
		log.Fatalf("%s seed %d signals: %v", profile, seed, err)
	}
	sampled := 0
	for _, s := range out {
		sampled += s.Sampled
	}
	return c, sampled
}

// measure runs f and returns the process's and this thread's CPU and
// the wall time it took.
func measure(f func()) cost {
	p0, t0, w0 := cpu(syscall.RUSAGE_SELF), cpu(1 /* RUSAGE_THREAD */), time.Now()
	f()
	p1, t1 := cpu(syscall.RUSAGE_SELF), cpu(1)
	return cost{procUs: p1 - p0, threadUs: t1 - t0, wallMs: time.Since(w0).Milliseconds()}
}

// cpu returns the user and system CPU of who, in microseconds.
func cpu(who int) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		log.Fatal(err)
	}
	return ru.Utime.Nano()/1000 + ru.Stime.Nano()/1000
}

func create(path, header string) (*csv.Writer, func()) {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := csv.NewWriter(f)
	_ = w.Write(strings.Split(header, ","))
	return w, func() { w.Flush(); f.Close() }
}

func u(v uint64) string  { return strconv.FormatUint(v, 10) }
func i64(v int64) string { return strconv.FormatInt(v, 10) }
func bl(v bool) string   { return strconv.FormatBool(v) }
