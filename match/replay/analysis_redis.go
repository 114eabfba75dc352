package replay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var _ AnalysisStore = (*RedisStore)(nil)

// analysisKey is the hash of race's analyses, one field per player:
// Prefix + "analysis:{" + race + "}".
func (s *RedisStore) analysisKey(race string) string { return s.prefix + "analysis:{" + race + "}" }

var _ AnalysisClaimer = (*RedisStore)(nil)

// claimKey is the claim on player's game in race: Prefix +
// "analysis-claim:{" + race + "}:" + player (the analyses' slot).
func (s *RedisStore) claimKey(race, player string) string {
	return s.prefix + "analysis-claim:{" + race + "}:" + player
}

// ClaimAnalysis implements AnalysisClaimer: SET NX PX.
func (s *RedisStore) ClaimAnalysis(ctx context.Context, race, player string, ttl time.Duration) (bool, error) {
	return s.c.SetNX(ctx, s.claimKey(race, player), "1", ttl).Result()
}

// ReleaseAnalysis implements AnalysisClaimer: DEL.
func (s *RedisStore) ReleaseAnalysis(ctx context.Context, race, player string) error {
	return s.c.Del(ctx, s.claimKey(race, player)).Err()
}

// SaveAnalysis implements AnalysisStore: HSET, with the replays' TTL.
func (s *RedisStore) SaveAnalysis(ctx context.Context, race, player string, a GameAnalysis) error {
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	key := s.analysisKey(race)
	_, err = s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, player, b)
		if s.ttl > 0 {
			p.Expire(ctx, key, s.ttl)
		}
		return nil
	})
	return err
}

// LoadAnalyses implements AnalysisStore: HGETALL.
func (s *RedisStore) LoadAnalyses(ctx context.Context, race string) (map[string]GameAnalysis, error) {
	m, err := s.c.HGetAll(ctx, s.analysisKey(race)).Result()
	if err != nil {
		return nil, err
	}
	out := make(map[string]GameAnalysis, len(m))
	for player, v := range m {
		var a GameAnalysis
		if err := json.Unmarshal([]byte(v), &a); err != nil {
			return nil, fmt.Errorf("replay: stored analysis of %s in %s: %w", player, race, err)
		}
		out[player] = a
	}
	return out, nil
}

// ExpireAnalyses lets race's analyses go ttl from now, if that is sooner
// than their time (EXPIRE LT; a key without a TTL gets this one).
func (s *RedisStore) ExpireAnalyses(ctx context.Context, race string, ttl time.Duration) error {
	key := s.analysisKey(race)
	_, err := s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ExpireNX(ctx, key, ttl)
		p.ExpireLT(ctx, key, ttl)
		return nil
	})
	return err
}
