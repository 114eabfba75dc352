package replay

import (
	"context"
	"encoding/json"
)

var _ AnalysisStore = (*MemoryStore)(nil)

// SaveAnalysis implements AnalysisStore.
func (s *MemoryStore) SaveAnalysis(ctx context.Context, race, player string, a GameAnalysis) error {
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.analysesMu.Lock()
	defer s.analysesMu.Unlock()
	if s.analyses == nil {
		s.analyses = map[string]map[string][]byte{}
	}
	if s.analyses[race] == nil {
		s.analyses[race] = map[string][]byte{}
	}
	s.analyses[race][player] = b
	return nil
}

// LoadAnalyses implements AnalysisStore.
func (s *MemoryStore) LoadAnalyses(ctx context.Context, race string) (map[string]GameAnalysis, error) {
	out := map[string]GameAnalysis{}
	s.analysesMu.Lock()
	defer s.analysesMu.Unlock()
	for player, b := range s.analyses[race] {
		var a GameAnalysis
		if err := json.Unmarshal(b, &a); err != nil {
			return nil, err
		}
		out[player] = a
	}
	return out, ctx.Err()
}
