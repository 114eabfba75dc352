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
	cfg AnalysesConfig
}

// AnalysesConfig configures Analyses.
type AnalysesConfig struct {
	// Hot keeps the analyses until they expire. Required.
	Hot replay.AnalysisStore
	// Archive keeps them for good. Required.
	Archive Archive
	// ArchivedTTL, when positive and Hot can shorten a race's time
	// (ExpireAnalyses), is how long a race's hot analyses stay once the
	// race is archived, as the race's own hot state. Default 0: as Hot
	// keeps them.
	ArchivedTTL time.Duration
}

// hotExpirer is a hot store that can let a race's analyses go early:
// replay.RedisStore, replay.ExpiringAnalyses.
type hotExpirer interface {
	ExpireAnalyses(ctx context.Context, race string, ttl time.Duration) error
}

var _ replay.AnalysisStore = (*Analyses)(nil)

// NewAnalyses returns the Analyses of cfg.
func NewAnalyses(cfg AnalysesConfig) (*Analyses, error) {
	if cfg.Hot == nil || cfg.Archive == nil {
		return nil, errors.New("archive: AnalysesConfig needs a hot store and an archive")
	}
	return &Analyses{cfg: cfg}, nil
}

// expire shortens race's hot analyses to ArchivedTTL, if set.
func (s *Analyses) expire(ctx context.Context, race string) error {
	ex, ok := s.cfg.Hot.(hotExpirer)
	if !ok || s.cfg.ArchivedTTL <= 0 {
		return nil
	}
	return ex.ExpireAnalyses(ctx, race, s.cfg.ArchivedTTL)
}

// saveTimeout bounds a SaveAnalysis, whose ctx does not.
const saveTimeout = 10 * time.Second

var _ replay.AnalysisClaimer = (*Analyses)(nil)

// ClaimAnalysis implements replay.AnalysisClaimer with the hot store's
// claims, when it has them (Redis); a hot store in one node's memory
// has no other node to share with, and every claim is granted.
func (s *Analyses) ClaimAnalysis(ctx context.Context, race, player string, ttl time.Duration) (bool, error) {
	if c, ok := s.cfg.Hot.(replay.AnalysisClaimer); ok {
		return c.ClaimAnalysis(ctx, race, player, ttl)
	}
	return true, nil
}

// ReleaseAnalysis implements replay.AnalysisClaimer (ClaimAnalysis).
func (s *Analyses) ReleaseAnalysis(ctx context.Context, race, player string) error {
	if c, ok := s.cfg.Hot.(replay.AnalysisClaimer); ok {
		return c.ReleaseAnalysis(ctx, race, player)
	}
	return nil
}

// SaveAnalysis implements replay.AnalysisStore: the hot store, then the
// archive when race is archived.
func (s *Analyses) SaveAnalysis(ctx context.Context, race, player string, a replay.GameAnalysis) error {
	// A save under way ends even if ctx does (a node shutting down): the
	// hot copy it writes first may have been served already.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
	defer cancel()
	hotErr := s.cfg.Hot.SaveAnalysis(ctx, race, player, a)
	archived, err := s.cfg.Archive.Has(ctx, race)
	if err == nil && archived {
		if err = s.cfg.Archive.SaveAnalysis(ctx, race, player, a); err == nil {
			err = s.expire(ctx, race)
		}
	}
	return errors.Join(hotErr, err)
}

// LoadAnalyses implements replay.AnalysisStore: the archive's analyses of
// race, and over them the hot store's (those of a race still queued for
// the archive are only there). When the archive fails, the hot store's
// alone, if it holds any.
func (s *Analyses) LoadAnalyses(ctx context.Context, race string) (map[string]replay.GameAnalysis, error) {
	hot, err := s.cfg.Hot.LoadAnalyses(ctx, race)
	if err != nil {
		return nil, err
	}
	out, err := s.cfg.Archive.LoadAnalyses(ctx, race)
	if err != nil {
		if len(hot) > 0 {
			return hot, nil
		}
		return nil, err
	}
	maps.Copy(out, hot)
	return out, nil
}

// Archived copies the hot analyses of race into the archive and shortens
// their hot time to ArchivedTTL: call it once race is archived
// (ArchiverConfig.OnArchived).
func (s *Analyses) Archived(ctx context.Context, race string) error {
	hot, err := s.cfg.Hot.LoadAnalyses(ctx, race)
	if err != nil {
		return err
	}
	var errs []error
	for player, a := range hot {
		errs = append(errs, s.cfg.Archive.SaveAnalysis(ctx, race, player, a))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return s.expire(ctx, race)
}
