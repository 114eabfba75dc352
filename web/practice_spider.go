package web

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"github.com/solitaire-race/racer/spider"
)

// Game names in the practice API and the server's configuration.
const (
	gameKlondike = "klondike"
	gameSpider   = "spider"
)

// spiderRulesJSON describes a Spider profile to the client.
type spiderRulesJSON struct {
	Game   string `json:"game"` // "spider"
	Name   string `json:"name"`
	Suits  int    `json:"suits"`
	Groups string `json:"groups"` // "permissive" or "standard"
	Undo   bool   `json:"undo"`
	Hints  bool   `json:"hints"`
	Text   string `json:"text"`
}

// spiderViewJSON is spider.View on the wire, in exactly the JSON the hub
// sends for a Spider race (hub/wire/PROTOCOL.md): face-up cards and counts only.
type spiderViewJSON struct {
	Columns        []columnJSON `json:"columns"`
	Stock          int          `json:"stock"`
	Completed      int          `json:"completed"`
	CompletedSuits []string     `json:"completed_suits"`
	Actions        int          `json:"actions"`
	Won            bool         `json:"won"`
}

// spiderPracticeResponse is the answer to a practice request of a Spider
// profile; its fields mean what practiceResponse's do.
type spiderPracticeResponse struct {
	Game  string          `json:"game"` // "spider"
	Rules spiderRulesJSON `json:"rules"`
	Seed  string          `json:"seed"`
	View  spiderViewJSON  `json:"view"`
	practiceLine
}

func spiderRulesInfo(name string, r spider.Rules, undo, hints bool) spiderRulesJSON {
	return spiderRulesJSON{
		Game:   gameSpider,
		Name:   name,
		Suits:  r.Suits,
		Groups: r.Groups.String(),
		Undo:   undo,
		Hints:  hints,
		Text:   r.String(),
	}
}

func toSpiderViewJSON(v spider.View) spiderViewJSON {
	out := spiderViewJSON{
		Columns:        make([]columnJSON, len(v.Columns)),
		Stock:          v.Stock,
		Completed:      v.Completed,
		CompletedSuits: make([]string, len(v.CompletedSuits)),
		Actions:        v.Actions,
		Won:            v.Won,
	}
	for i, c := range v.Columns {
		up := make([]string, len(c.Up))
		for j, card := range c.Up {
			up[j] = card.String()
		}
		out.Columns[i] = columnJSON{Down: c.Down, Up: up}
	}
	for i, s := range v.CompletedSuits {
		out.CompletedSuits[i] = string(s.Letter())
	}
	return out
}

// replaySpider plays req's actions on a Spider deal and describes the
// result. Practice Spider has unlimited undo and redo (deals included)
// unless "undo":false, hints and auto-complete unless "hints":false; it
// has no score, so "scoring" must be empty.
func (s *Server) replaySpider(ctx context.Context, req *practiceRequest) (*spiderPracticeResponse, error) {
	rules, err := spider.Profile(req.Rules)
	if err != nil {
		return nil, badRequest("bad_rules", "unknown rule profile %q", req.Rules)
	}
	undo := req.Undo == nil || *req.Undo
	hints := req.Hints == nil || *req.Hints
	if err := s.checkActions(req); err != nil {
		return nil, err
	}
	if req.Scoring != "" {
		return nil, badRequest("bad_option", "scoring is for Klondike profiles; Spider has no score")
	}
	if err := checkWant(req, hints); err != nil {
		return nil, err
	}
	seed := uint64(*req.Seed)
	g, err := spider.NewGame(spider.NewDeal(seed, rules.Suits), rules)
	if err != nil {
		return nil, fmt.Errorf("web: new spider game: %w", err)
	}
	line, err := replayActions(g, req.Moves, undo, spiderMoves)
	if err != nil {
		return nil, err
	}
	st := g.State()
	resp := &spiderPracticeResponse{
		Game:  gameSpider,
		Rules: spiderRulesInfo(req.Rules, rules, undo, hints),
		Seed:  strconv.FormatUint(seed, 10),
		View:  toSpiderViewJSON(st.View()),
		practiceLine: practiceLine{
			CanUndo: undo && g.CanUndo(),
			CanRedo: undo && g.CanRedo(),
			Legal:   moveStrings(st.Moves()),
			Line:    moveStrings(line),
		},
	}
	resp.Last = lastMove(resp.Line)
	if !resp.View.Won {
		resp.Stuck, _ = st.StuckWithin(s.cfg.StuckBudget)
	}
	if req.Want != "" && !resp.View.Won {
		if err := s.answerSpiderWant(ctx, resp, st, req.Want); err != nil {
			return nil, err
		}
	}
	return resp, nil
}

// spiderMoves reads and judges Spider moves for replayActions.
var spiderMoves = newMoveRules(spider.ParseMove, "not a move in Spider notation (D, 3-5, 3-5x4, 10-1)",
	func(e *spider.IllegalMoveError) string { return e.Reason })

// spiderProfileInfos describes the Spider profiles, practice options off:
// the source's permissive ones first, then by number of suits.
func spiderProfileInfos() []spiderRulesJSON {
	names := spider.ProfileNames()
	out := make([]spiderRulesJSON, 0, len(names))
	for _, n := range names {
		r, err := spider.Profile(n)
		if err != nil {
			continue
		}
		out = append(out, spiderRulesInfo(n, r, false, false))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Groups != out[j].Groups {
			return out[i].Groups == spider.Permissive.String()
		}
		return out[i].Suits < out[j].Suits
	})
	return out
}

// isSpiderProfile reports whether a practice request's profile is Spider's.
func isSpiderProfile(name string) bool {
	return spider.IsProfile(name)
}
