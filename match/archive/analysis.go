package archive

import (
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"io"

	"github.com/solitaire-race/racer/match/replay"
)

// An analysis record is one racer's replay.GameAnalysis as the archive
// stores it: a kind byte, then its body, deflated when that is shorter
// (kindAnalysis | kindDeflated).
//
// The body holds the verdicts as runs (a varint per run: its length
// times four plus the verdict's code), since a game's verdicts are a few
// long runs (won… lost… or unknown…); then FirstLost plus one (0: nil);
// then the line's length plus one (0: nil) and each move as a length and
// its text.
const kindAnalysis byte = 3

// maxVerdicts bounds the verdicts a record decodes to, far above any
// game's moves.
const maxVerdicts = 1 << 20

// verdictCodes are the verdicts' codes in an analysis record.
var verdictCodes = [...]string{"won", "lost", "unknown"}

// EncodeAnalysis returns the record of a. A verdict other than "won",
// "lost" or "unknown" is an error.
func EncodeAnalysis(a replay.GameAnalysis) ([]byte, error) {
	var w writer
	var runs [][2]uint64 // code, length
	for _, v := range a.Verdicts {
		code := -1
		for c, s := range verdictCodes {
			if s == v {
				code = c
			}
		}
		if code < 0 {
			return nil, fmt.Errorf("archive: analysis verdict %q: want won, lost or unknown", v)
		}
		if n := len(runs); n > 0 && runs[n-1][0] == uint64(code) {
			runs[n-1][1]++
			continue
		}
		runs = append(runs, [2]uint64{uint64(code), 1})
	}
	w.uint(uint64(len(runs)))
	for _, r := range runs {
		w.uint(r[1]<<2 | r[0])
	}
	switch {
	case a.FirstLost == nil:
		w.uint(0)
	case *a.FirstLost < 0:
		return nil, fmt.Errorf("archive: analysis first_lost %d", *a.FirstLost)
	default:
		w.uint(uint64(*a.FirstLost) + 1)
	}
	if a.Line == nil {
		w.uint(0)
	} else {
		w.uint(uint64(len(a.Line)) + 1)
		for _, m := range a.Line {
			w.str(m)
		}
	}
	var z bytes.Buffer
	z.WriteByte(kindAnalysis | kindDeflated)
	fw, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid
	_, _ = fw.Write(w.b)                                // a bytes.Buffer does not fail
	_ = fw.Close()
	if z.Len() < 1+len(w.b) {
		return z.Bytes(), nil
	}
	return append([]byte{kindAnalysis}, w.b...), nil
}

// DecodeAnalysis returns the analysis of record b.
func DecodeAnalysis(b []byte) (replay.GameAnalysis, error) {
	if len(b) == 0 || b[0]&^kindDeflated != kindAnalysis {
		return replay.GameAnalysis{}, fmt.Errorf("%w: not an analysis", ErrCorrupt)
	}
	body := b[1:]
	if b[0]&kindDeflated != 0 {
		var err error
		if body, err = io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(body)), 1<<20)); err != nil {
			return replay.GameAnalysis{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
	}
	r := reader{b: body}
	a := replay.GameAnalysis{Verdicts: []string{}}
	for range r.count() {
		run := r.uint()
		code, n := run&3, run>>2
		if code >= uint64(len(verdictCodes)) || n == 0 || n > maxVerdicts-uint64(len(a.Verdicts)) {
			r.fail("verdict run")
			break
		}
		for range n {
			a.Verdicts = append(a.Verdicts, verdictCodes[code])
		}
	}
	if k := r.uint(); k > 0 {
		if k-1 > uint64(len(a.Verdicts)) {
			r.fail("first lost")
		}
		fl := int(k - 1)
		a.FirstLost = &fl
	}
	if n := r.uint(); n > 0 {
		if n-1 > uint64(len(r.b)) {
			r.fail("line")
		} else {
			a.Line = make([]string, n-1)
			for i := range a.Line {
				a.Line[i] = r.str()
			}
		}
	}
	if r.err == nil && len(r.b) > 0 {
		r.fail("trailing bytes")
	}
	if r.err != nil {
		return replay.GameAnalysis{}, r.err
	}
	return a, nil
}

var _ replay.AnalysisStore = (*SQL)(nil)

// SaveAnalysis implements replay.AnalysisStore: it writes the analysis of
// player's game in race, replacing any earlier one, whether or not the
// race itself is archived yet.
func (a *SQL) SaveAnalysis(ctx context.Context, race, player string, ga replay.GameAnalysis) error {
	rec, err := EncodeAnalysis(ga)
	if err != nil {
		return err
	}
	if _, err := a.db.ExecContext(ctx, `INSERT INTO archive_analyses (race, player, record) VALUES ($1, $2, $3)
		ON CONFLICT (race, player) DO UPDATE SET record = excluded.record`, race, player, rec); err != nil {
		return fmt.Errorf("archive: save the analysis of %s in %s: %w", player, race, err)
	}
	return nil
}

// LoadAnalyses implements replay.AnalysisStore.
func (a *SQL) LoadAnalyses(ctx context.Context, race string) (map[string]replay.GameAnalysis, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT player, record FROM archive_analyses WHERE race = $1`, race)
	if err != nil {
		return nil, fmt.Errorf("archive: analyses of %s: %w", race, err)
	}
	defer rows.Close()
	out := map[string]replay.GameAnalysis{}
	for rows.Next() {
		var player string
		var rec []byte
		if err := rows.Scan(&player, &rec); err != nil {
			return nil, fmt.Errorf("archive: analyses of %s: %w", race, err)
		}
		ga, err := DecodeAnalysis(rec)
		if err != nil {
			return nil, fmt.Errorf("archive: analysis of %s in %s: %w", player, race, err)
		}
		out[player] = ga
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("archive: analyses of %s: %w", race, err)
	}
	return out, nil
}
