package web

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"net/http"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/match/game"
)

// dealWait bounds Config.DealPractice: past it a practice deal is a
// random one, not checked.
const dealWait = time.Second

// practiceDeal is the answer of GET /api/practice/deal: a new deal's
// seed under rules, and whether a solver proved it winnable.
type practiceDeal struct {
	Rules   string `json:"rules"`
	Seed    string `json:"seed"`
	Checked bool   `json:"checked"`
}

// servePracticeDeal answers GET /api/practice/deal?rules=: a new
// practice deal, proven winnable when Config.DealPractice has one ready,
// else random and not checked (Checked false).
func (s *Server) servePracticeDeal(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("rules")
	v, err := s.cfg.Games.Lookup(name)
	if err != nil {
		writeError(w, http.StatusBadRequest, "bad_rules", "unknown rule profile "+strconv.Quote(name)+"; use one of "+allProfiles(s.cfg.Games))
		return
	}
	if _, ok := v.(game.Practicer); !ok {
		writeError(w, http.StatusBadRequest, "bad_rules", "rule profile "+strconv.Quote(name)+" has no practice; use one of "+allProfiles(s.cfg.Games))
		return
	}
	seed, checked := randomSeed(), false
	if s.cfg.DealPractice != nil {
		ctx, cancel := context.WithTimeout(r.Context(), dealWait)
		got, ok, err := s.cfg.DealPractice(ctx, name)
		cancel()
		switch {
		case err != nil:
			s.cfg.Logger.Warn("practice deal: dealing a random seed", "profile", name, "err", err)
		case ok:
			seed, checked = got, true
		}
	}
	writeJSON(w, http.StatusOK, practiceDeal{Rules: name, Seed: strconv.FormatUint(seed, 10), Checked: checked})
}

// randomSeed is a uniformly random seed.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails
	return binary.LittleEndian.Uint64(b[:])
}
