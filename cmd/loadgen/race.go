package main

import (
	"context"
	"errors"
	"flag"
)

// raceConfig holds the flags of the race and spectate modes.
type raceConfig struct {
	profile string
	level   string
}

func (rc *raceConfig) addFlags(fs *flag.FlagSet) {
	fs.StringVar(&rc.profile, "profile", "bvs", "rule profile of the races")
	fs.StringVar(&rc.level, "level", "greedy", "bot level: strong, greedy or random")
}

func raceSession(sp *spec, rc *raceConfig) (session, error) {
	return nil, errors.New("race mode waits for hub/client")
}

func spectateSession(ctx context.Context, sp *spec, rc *raceConfig) (session, error) {
	return nil, errors.New("spectate mode waits for hub/client")
}
