package archive

import (
	"context"
	"errors"
	"maps"
	"time"

	"github.com/solitaire-race/racer/match/replay"
)

// Analyses is the replay.AnalysisStore of a node that archives: the
// analyses of racers' games go to a hot store (Redis or memory, which
// lets them expire) and, once their race is archived, to the archive for
// good. It is safe for concurrent use.
//
// An analysis ends before or after its race is archived, in either
// order: SaveAnalysis writes the hot store first, then the archive if
// the race is there; Archived, called once a race is written, copies the
// race's hot analyses into the archive. Either way each analysis reaches
// the archive, written again harmlessly when both see it.
type Analyses struct {
	hot     replay.AnalysisStore
	archive Archive
}

var _ replay.AnalysisStore = (*Analyses)(nil)

// NewAnalyses returns the Analyses of hot and archive, both required.
func NewAnalyses(hot replay.AnalysisStore, archive Archive) (*Analyses, error) {
	if hot == nil || archive == nil {
		return nil, errors.New("archive: NewAnalyses needs a hot store and an archive")
	}
	return &Analyses{hot: hot, archive: archive}, nil
}

// saveTimeout bounds a SaveAnalysis, whose ctx does not.
const saveTimeout = 10 * time.Second

// SaveAnalysis implements replay.AnalysisStore: the hot store, then the
// archive when race is archived.
func (s *Analyses) SaveAnalysis(ctx context.Context, race, player string, a replay.GameAnalysis) error {
	// A save under way ends even if ctx does (a node shutting down): the
	// hot copy it writes first may have been served already.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
	defer cancel()
	hotErr := s.hot.SaveAnalysis(ctx, race, player, a)
	archived, err := s.archive.Has(ctx, race)
	if err == nil && archived {
		err = s.archive.SaveAnalysis(ctx, race, player, a)
	}
	return errors.Join(hotErr, err)
}

// LoadAnalyses implements replay.AnalysisStore: the archive's analyses of
// race, and over them the hot store's (those of a race still queued for
// the archive are only there). When the archive fails, the hot store's
// alone, if it holds any.
func (s *Analyses) LoadAnalyses(ctx context.Context, race string) (map[string]replay.GameAnalysis, error) {
	hot, err := s.hot.LoadAnalyses(ctx, race)
	if err != nil {
		return nil, err
	}
	out, err := s.archive.LoadAnalyses(ctx, race)
	if err != nil {
		if len(hot) > 0 {
			return hot, nil
		}
		return nil, err
	}
	maps.Copy(out, hot)
	return out, nil
}

// Archived copies the hot analyses of race into the archive: call it once
// race is archived (ArchiverConfig.OnArchived).
func (s *Analyses) Archived(ctx context.Context, race string) error {
	hot, err := s.hot.LoadAnalyses(ctx, race)
	if err != nil {
		return err
	}
	var errs []error
	for player, a := range hot {
		errs = append(errs, s.archive.SaveAnalysis(ctx, race, player, a))
	}
	return errors.Join(errs...)
}
