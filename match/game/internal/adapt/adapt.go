// Package adapt holds what the game adapters (match/game/klondikegame,
// match/game/spidergame) share beyond the contract: the conversions of
// their solvers' verdicts and analyses (internal/solving) and the JSON of
// their practice answers. It imports no engine.
//
// # Example
//
//	res := solver.Solve(ctx, s, cfg)
//	line, v := adapt.Strings(res.Moves), adapt.Verdict(res.Verdict)
package adapt

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/internal/solving"
	"github.com/solitaire-race/racer/match/game"
)

// Verdict converts a solver's verdict.
func Verdict(v solving.Verdict) game.Verdict {
	switch v {
	case solving.Won:
		return game.VerdictWon
	case solving.Lost:
		return game.VerdictLost
	}
	return game.VerdictUnknown
}

// Analysis converts a solver's analysis, the result of its Analyze with
// error err, to the contract's: err, else ctx's error when ctx ended.
func Analysis[M fmt.Stringer](ctx context.Context, a solving.Analysis[M], err error) (game.Analysis, error) {
	if err != nil {
		return game.Analysis{}, err
	}
	if err := ctx.Err(); err != nil {
		return game.Analysis{}, err
	}
	out := game.Analysis{
		Verdicts:  make([]game.Verdict, len(a.Positions)),
		Nodes:     make([]int64, len(a.Positions)),
		Durations: make([]time.Duration, len(a.Positions)),
		FirstLost: a.FirstLost,
	}
	for i, p := range a.Positions {
		out.Verdicts[i], out.Nodes[i], out.Durations[i] = Verdict(p.Verdict), p.Nodes, p.Duration
	}
	if a.FirstLost >= 0 {
		out.Line = Strings(a.Line)
	}
	return out, nil
}

// Strings returns the notation of each of xs (moves, cards).
func Strings[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

// AppendJSON appends the JSON of v, without HTML escaping (what a page's
// JSON encoder writes). v is one of the adapters' practice types, which
// always encode.
func AppendJSON(dst []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // the adapters' practice types always encode
	}
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// Play reads move with n and applies it with apply (a practice game's
// Apply), returning it in canonical notation: a game.Practice's Play.
func Play[M fmt.Stringer](n *game.Notation[M], move string, apply func(M) error) (string, error) {
	m, err := n.Parse(move)
	if err != nil {
		return "", game.NotationError(move, err)
	}
	if err := apply(m); err != nil {
		return "", n.Illegal(move, err)
	}
	return m.String(), nil
}
