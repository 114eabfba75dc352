package archive

import (
	"context"
	"slices"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
)

// Signals are one racer's fair-play signals in one finished race: what
// a reviewer needs to judge their play, computed after the race from its
// log and deal (ComputeSignals), never during it. They are evidence for
// a person to weigh, not a verdict.
type Signals struct {
	Race, Player, Profile string
	// Name is the name the racer raced under (read back: their row's in
	// the race, renamed when their account is erased).
	Name       string
	FinishedAt time.Time
	// Actions is the number of actions timed (moves, draws, deals; not a
	// resignation).
	Actions int
	// MedianMs is the median time between two consecutive actions, and
	// SpreadMs the spread of those times (their interquartile range), in
	// milliseconds: a person's times spread; a program's need not.
	MedianMs, SpreadMs int64
	// QuickRun is the longest run of consecutive actions each made
	// within SignalsConfig.QuickGap of the one before.
	QuickRun int
	// PeakMoves is the most actions made within any one second: the
	// moves per second at the racer's peak.
	PeakMoves int
	// Revealed counts the cards the racer turned face up.
	Revealed int
	// Sampled and Agreed count the positions where the all-knowing
	// solver's hint was asked and the moves that matched it; Agreement
	// is Agreed/Sampled, or -1 when nothing was sampled.
	Sampled, Agreed int
	Agreement       float64
	// Divergent counts the sampled positions where the all-knowing
	// solver's move differs from the view-only bot's (the move a strong
	// player could choose from what the racer saw, SignalsConfig.ViewBot):
	// where knowing the hidden cards shows. BeyondView counts those
	// where the racer played the solver's move. Both are 0 in a game
	// that hides no card (game.Hider) and for a guest.
	Divergent, BeyondView int
	// Partner is the other seat of a sacrificial pattern: for the seat
	// that revealed cards and resigned early, the winner; for the winner,
	// that seat. Linked reports that the accounts' link evidence joins
	// the two (false when the server has no link lookup).
	Partner string
	Linked  bool
	// Flags name the signals past their review threshold (the Flag
	// constants); the racer is flagged when there is any.
	Flags []string
}

// Flagged reports whether any signal passed its threshold.
func (s Signals) Flagged() bool { return len(s.Flags) > 0 }

// BeyondShare is BeyondView/Divergent, or -1 when no sampled position
// was divergent.
func (s Signals) BeyondShare() float64 {
	if s.Divergent <= 0 {
		return -1
	}
	return float64(s.BeyondView) / float64(s.Divergent)
}

// The flags of Signals.
const (
	// FlagQuickRun: a run of at least SignalsConfig.QuickRunFlag actions
	// each within QuickGap of the last.
	FlagQuickRun = "quick_run"
	// FlagPeakSpeed: at least PeakFlag actions within one second.
	FlagPeakSpeed = "peak_speed"
	// FlagSteadyTiming: at least SteadyActions actions whose times
	// spread less than SteadySpread: machine-like regularity.
	FlagSteadyTiming = "steady_timing"
	// FlagSacrificialSeat: the seat revealed cards then resigned early
	// while another seat of the race won.
	FlagSacrificialSeat = "sacrificial_seat"
	// FlagSacrificeWinner: the winner of a race where another seat
	// played the sacrificial pattern.
	FlagSacrificeWinner = "sacrifice_winner"
	// FlagSolverAgreement: at least AgreementFlag of at least
	// AgreementMin sampled moves matched the all-knowing solver.
	FlagSolverAgreement = "solver_agreement"
	// FlagBeyondView: at least BeyondMin sampled positions where the
	// all-knowing solver and the view-only bot chose apart, and at least
	// BeyondFlag of them where the racer played the solver's move: the
	// line of a player who knew the hidden cards.
	FlagBeyondView = "beyond_view"
)

// SignalsConfig sets the thresholds and the CPU bound of
// ComputeSignals. The zero value means the defaults.
type SignalsConfig struct {
	// Games looks the race's profile up for the solver agreement. Nil:
	// agreement is not measured.
	Games *game.Registry
	// QuickGap is the gap under which an action counts as quick. Default
	// 150 ms.
	QuickGap time.Duration
	// QuickRunFlag flags a quick run this long. Default 12.
	QuickRunFlag int
	// PeakFlag flags this many actions within one second. Default 9.
	PeakFlag int
	// SteadyActions and SteadySpread: at least SteadyActions actions
	// whose gaps spread under SteadySpread are flagged. Defaults 40 and
	// 40 ms.
	SteadyActions int
	SteadySpread  time.Duration
	// EarlyOff: a resignation is early while the seat has fewer cards
	// than this off the table. Default 13.
	EarlyOff int
	// MinRevealed: the sacrificial pattern needs at least this many
	// cards turned up by the resigning seat. Default 3.
	MinRevealed int
	// MaxSamples bounds the positions where the solver's hint is asked,
	// per racer, evenly spread over their moves. Default 24.
	MaxSamples int
	// HintNodes bounds each hint's search. Default 1500 positions.
	HintNodes int64
	// Budget bounds the solver's time for one whole race. Default 1 s.
	Budget time.Duration
	// AgreementFlag and AgreementMin: flagged when at least AgreementMin
	// positions were sampled and the share agreeing is at least
	// AgreementFlag. Defaults 0.9 and 15.
	AgreementFlag float64
	AgreementMin  int
	// ViewBot is the level of the view-only bot (game.Botter) asked at
	// each sampled position for the move a strong player could choose
	// from the racer's view, in games that hide cards. Default "strong".
	ViewBot string
	// BeyondFlag and BeyondMin: flagged beyond_view when at least
	// BeyondMin sampled positions were divergent and the share of them
	// where the racer played the solver's move is at least BeyondFlag.
	// Defaults 0.9 and 6 (docs/OPERATIONS.md, "Fair play", gives the
	// measurement behind them).
	BeyondFlag float64
	BeyondMin  int
	// Linked reports whether two players' accounts are linked by
	// evidence (the accounts' link lookup). Nil: the sacrificial
	// pattern is flagged on the race alone.
	Linked func(ctx context.Context, a, b string) (bool, error)
}

func (c SignalsConfig) withDefaults() SignalsConfig {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	if c.QuickGap <= 0 {
		c.QuickGap = 150 * time.Millisecond
	}
	def(&c.QuickRunFlag, 12)
	def(&c.PeakFlag, 9)
	def(&c.SteadyActions, 40)
	if c.SteadySpread <= 0 {
		c.SteadySpread = 40 * time.Millisecond
	}
	def(&c.EarlyOff, 13)
	def(&c.MinRevealed, 3)
	def(&c.MaxSamples, 24)
	if c.HintNodes <= 0 {
		c.HintNodes = 1500
	}
	if c.Budget <= 0 {
		c.Budget = time.Second
	}
	if c.AgreementFlag <= 0 {
		c.AgreementFlag = 0.9
	}
	def(&c.AgreementMin, 15)
	if c.ViewBot == "" {
		c.ViewBot = "strong"
	}
	if c.BeyondFlag <= 0 {
		c.BeyondFlag = 0.9
	}
	def(&c.BeyondMin, 6)
	return c
}

// isMove reports whether a log entry is a move of the game, not the end
// of a racer's game.
func isMove(action string) bool { return action != "resign" && action != "finish" }

// ComputeSignals returns the signals of every racer of rp, in the
// roster's order. Its CPU is bounded: the timing signals are linear in
// the log, and the solver's hints, asked for accounts' games only (a
// guest's Agreement is -1), at most cfg.MaxSamples searches of
// cfg.HintNodes positions per racer, each with one move of the
// view-only bot in a game that hides cards, within cfg.Budget for the
// race. An error is ctx's or the link lookup's.
func ComputeSignals(ctx context.Context, rp replay.Replay, cfg SignalsConfig) ([]Signals, error) {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, cfg.Budget)
	defer cancel()
	var v game.Variant
	if cfg.Games != nil {
		v, _ = cfg.Games.Lookup(rp.Profile)
	}
	standing := map[string]match.Standing{}
	for _, s := range rp.Result.Standings {
		standing[s.Player] = s
	}
	out := make([]Signals, 0, len(rp.Racers))
	for _, r := range rp.Racers {
		s := Signals{Race: rp.Race, Player: r.ID, Profile: rp.Profile, Name: r.Name, FinishedAt: rp.Result.FinishedAt, Agreement: -1}
		if st, ok := standing[r.ID]; ok && st.Name != "" {
			s.Name = st.Name
		}
		var moves []string
		var times []int64
		for _, a := range rp.Actions[r.ID] {
			if isMove(a.Action) {
				moves = append(moves, a.Action)
				times = append(times, a.Ms)
			}
		}
		timing(&s, times, cfg)
		if v != nil {
			s.Revealed = revealed(v, rp.Seed, moves)
			// The solver's part is for accounts only: it is the costly
			// part, and a guest has no rating to protect nor an
			// account a moderator could mark.
			if p, ok := v.(game.Practicer); ok && r.Account && ctx.Err() == nil {
				sampleHints(ctx, &s, v, p, rp.Seed, moves, cfg)
				if s.Sampled > 0 {
					s.Agreement = float64(s.Agreed) / float64(s.Sampled)
				}
			}
		}
		if s.Sampled >= cfg.AgreementMin && s.Agreement >= cfg.AgreementFlag {
			s.Flags = append(s.Flags, FlagSolverAgreement)
		}
		if s.Divergent >= cfg.BeyondMin && s.BeyondShare() >= cfg.BeyondFlag {
			s.Flags = append(s.Flags, FlagBeyondView)
		}
		out = append(out, s)
	}
	if err := sacrificial(ctx, out, standing, cfg); err != nil {
		return out, err
	}
	return out, nil
}

// timing fills the timing signals of s from the times of its actions
// (ms after the start, in order).
func timing(s *Signals, times []int64, cfg SignalsConfig) {
	s.Actions = len(times)
	if len(times) == 0 {
		return
	}
	gaps := make([]int64, 0, len(times))
	run, quick := 0, cfg.QuickGap.Milliseconds()
	for i := 1; i < len(times); i++ {
		g := times[i] - times[i-1]
		gaps = append(gaps, g)
		if g < quick {
			run++
			s.QuickRun = max(s.QuickRun, run+1) // the run counts its first action too
		} else {
			run = 0
		}
	}
	for i, j := 0, 0; i < len(times); i++ {
		for times[i]-times[j] >= 1000 {
			j++
		}
		s.PeakMoves = max(s.PeakMoves, i-j+1)
	}
	if len(gaps) > 0 {
		slices.Sort(gaps)
		s.MedianMs = gaps[len(gaps)/2]
		if len(gaps)%2 == 0 {
			s.MedianMs = (gaps[len(gaps)/2-1] + gaps[len(gaps)/2]) / 2
		}
		s.SpreadMs = gaps[len(gaps)*3/4] - gaps[len(gaps)/4]
	}
	if s.QuickRun >= cfg.QuickRunFlag {
		s.Flags = append(s.Flags, FlagQuickRun)
	}
	if s.PeakMoves >= cfg.PeakFlag {
		s.Flags = append(s.Flags, FlagPeakSpeed)
	}
	if s.Actions >= cfg.SteadyActions && s.SpreadMs < cfg.SteadySpread.Milliseconds() {
		s.Flags = append(s.Flags, FlagSteadyTiming)
	}
}

// revealed returns the cards turned face up by moves from the deal of
// seed (those that apply).
func revealed(v game.Variant, seed uint64, moves []string) int {
	b := v.NewBoard(seed)
	for _, m := range moves {
		if b.Play(m) != nil {
			break
		}
	}
	return b.Counts().TurnedUp
}

// sacrificial marks the sacrificial pattern in out: a seat that revealed
// at least cfg.MinRevealed cards then resigned with fewer than
// cfg.EarlyOff cards off the table, while another seat of the race won.
func sacrificial(ctx context.Context, out []Signals, standing map[string]match.Standing, cfg SignalsConfig) error {
	winner := -1
	for i, s := range out {
		if standing[s.Player].Status == match.StatusWon {
			winner = i
			break
		}
	}
	if winner < 0 {
		return nil
	}
	for i := range out {
		s, st := &out[i], standing[out[i].Player]
		if i == winner || st.Status != match.StatusResigned || st.Foundation >= cfg.EarlyOff || s.Revealed < cfg.MinRevealed {
			continue
		}
		w := &out[winner]
		if cfg.Linked != nil {
			linked, err := cfg.Linked(ctx, s.Player, w.Player)
			if err != nil {
				return err
			}
			s.Linked, w.Linked = s.Linked || linked, w.Linked || linked
		}
		s.Partner = w.Player
		s.Flags = append(s.Flags, FlagSacrificialSeat)
		if w.Partner == "" {
			w.Partner = s.Player
			w.Flags = append(w.Flags, FlagSacrificeWinner)
		}
	}
	return nil
}
