package web

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

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
// sends for a Spider race (spider-api.md): face-up cards and counts only.
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
	Game    string          `json:"game"` // "spider"
	Rules   spiderRulesJSON `json:"rules"`
	Seed    string          `json:"seed"`
	View    spiderViewJSON  `json:"view"`
	Legal   []string        `json:"legal"`
	CanUndo bool            `json:"canUndo"`
	CanRedo bool            `json:"canRedo"`
	Last    string          `json:"last"`
	Line    []string        `json:"line"`
	Stuck   bool            `json:"stuck"`
	// Hint, Solution and Verdict answer Want, as in practiceResponse.
	Hint     string   `json:"hint,omitempty"`
	Solution []string `json:"solution,omitempty"`
	Verdict  string   `json:"verdict,omitempty"`
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
	if req.Seed == nil {
		return nil, badRequest("bad_seed", "seed is missing")
	}
	if len(req.Moves) > s.cfg.MaxMoves {
		return nil, badRequest("too_many_moves", "at most %d actions per game", s.cfg.MaxMoves)
	}
	if req.ElapsedMS < 0 || req.ElapsedMS > 1e11 {
		return nil, badRequest("bad_option", "elapsedMs must be between 0 and 1e11")
	}
	if req.Scoring != "" {
		return nil, badRequest("bad_option", "scoring is for Klondike profiles; Spider has no score")
	}
	switch req.Want {
	case "", "hint", "solve":
	default:
		return nil, badRequest("bad_option", "want must be hint or solve")
	}
	if req.Want != "" && !hints {
		return nil, badRequest("hints_off", "hints and auto-complete are off in this game")
	}
	seed := uint64(*req.Seed)
	g, err := spider.NewGame(spider.NewDeal(seed, rules.Suits), rules)
	if err != nil {
		return nil, fmt.Errorf("web: new spider game: %w", err)
	}
	var line, undone []spider.Move
	for i, tok := range req.Moves {
		at := func(code, format string, args ...any) error {
			pe := badRequest(code, "action %d (%.12q): %s", i+1, tok, fmt.Sprintf(format, args...))
			pe.Index = &i
			return pe
		}
		switch tok {
		case tokenUndo, tokenRedo:
			if !undo {
				return nil, at("undo_not_allowed", "undo is off in this game")
			}
			if tok == tokenUndo {
				err = g.Undo()
			} else {
				err = g.Redo()
			}
			if err != nil {
				return nil, at("nothing_to_undo", "nothing to %s", tok)
			}
			if tok == tokenUndo {
				undone = append(undone, line[len(line)-1])
				line = line[:len(line)-1]
			} else {
				line = append(line, undone[len(undone)-1])
				undone = undone[:len(undone)-1]
			}
			continue
		}
		m, err := spider.ParseMove(tok)
		if err != nil {
			return nil, at("bad_move", "not a move in Spider notation (D, 3-5, 3-5x4, 10-1)")
		}
		if err := g.Apply(m); err != nil {
			var ime *spider.IllegalMoveError
			if errors.As(err, &ime) {
				return nil, at("illegal_move", "%s", ime.Reason)
			}
			return nil, at("illegal_move", "not legal here")
		}
		line = append(line, m)
		undone = undone[:0]
	}
	st := g.State()
	resp := &spiderPracticeResponse{
		Game:    gameSpider,
		Rules:   spiderRulesInfo(req.Rules, rules, undo, hints),
		Seed:    strconv.FormatUint(seed, 10),
		View:    toSpiderViewJSON(st.View()),
		CanUndo: undo && g.CanUndo(),
		CanRedo: undo && g.CanRedo(),
		Line:    make([]string, len(line)),
	}
	moves := st.Moves()
	resp.Legal = make([]string, len(moves))
	for i, m := range moves {
		resp.Legal[i] = m.String()
	}
	for i, m := range line {
		resp.Line[i] = m.String()
	}
	if len(line) > 0 {
		resp.Last = resp.Line[len(line)-1]
	}
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
	return len(name) <= 32 && strings.HasPrefix(name, gameSpider) && spider.IsProfile(name)
}
