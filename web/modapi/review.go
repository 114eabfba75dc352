package modapi

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match/archive"
)

// signalsJSON is one racer's signals in one race.
type signalsJSON struct {
	Race       string    `json:"race"`
	Player     string    `json:"player"`
	Name       string    `json:"name"`
	Profile    string    `json:"profile"`
	FinishedAt time.Time `json:"finished_at"`
	Actions    int       `json:"actions"`
	MedianMs   int64     `json:"median_ms"`
	SpreadMs   int64     `json:"spread_ms"`
	QuickRun   int       `json:"quick_run"`
	PeakMoves  int       `json:"peak_moves"`
	Revealed   int       `json:"revealed"`
	Sampled    int       `json:"sampled"`
	Agreed     int       `json:"agreed"`
	// Agreement is nil when nothing was sampled.
	Agreement *float64 `json:"agreement"`
	// Divergent and BeyondView are archive.Signals'; BeyondShare is
	// BeyondView/Divergent, nil when no position was divergent.
	Divergent   int      `json:"divergent"`
	BeyondView  int      `json:"beyond_view"`
	BeyondShare *float64 `json:"beyond_share"`
	Partner     string   `json:"partner,omitempty"`
	// PartnerName is the name the partner raced under in that race.
	PartnerName string   `json:"partner_name,omitempty"`
	Linked      bool     `json:"linked"`
	Flags       []string `json:"flags"`
}

func signalsOf(ss []archive.Signals) []signalsJSON {
	out := make([]signalsJSON, 0, len(ss))
	for _, s := range ss {
		j := signalsJSON{Race: s.Race, Player: s.Player, Name: s.Name, Profile: s.Profile, FinishedAt: s.FinishedAt,
			Actions: s.Actions, MedianMs: s.MedianMs, SpreadMs: s.SpreadMs, QuickRun: s.QuickRun, PeakMoves: s.PeakMoves,
			Revealed: s.Revealed, Sampled: s.Sampled, Agreed: s.Agreed, Divergent: s.Divergent, BeyondView: s.BeyondView,
			Partner: s.Partner, Linked: s.Linked, Flags: s.Flags}
		if s.Sampled > 0 && s.Agreement >= 0 {
			a := s.Agreement
			j.Agreement = &a
		}
		if b := s.BeyondShare(); b >= 0 {
			j.BeyondShare = &b
		}
		if j.Flags == nil {
			j.Flags = []string{}
		}
		out = append(out, j)
	}
	for i := range out {
		for _, o := range ss {
			if out[i].Partner != "" && o.Race == out[i].Race && o.Player == out[i].Partner {
				out[i].PartnerName = o.Name
			}
		}
	}
	return out
}

// partnerNames fills the partner names that ss lacked (a partner whose
// row was not in the page) from the race's own signals.
func (h *Handler) partnerNames(ctx context.Context, out []signalsJSON) error {
	for i := range out {
		if out[i].Partner == "" || out[i].PartnerName != "" {
			continue
		}
		ss, err := h.cfg.Archive.RaceSignals(ctx, out[i].Race)
		if err != nil {
			return err
		}
		for _, o := range ss {
			if o.Player == out[i].Partner {
				out[i].PartnerName = o.Name
			}
		}
	}
	return nil
}

type flaggedJSON struct {
	Player   string    `json:"player"`
	Name     string    `json:"name"`
	Races    int       `json:"races"`
	Reports  int       `json:"reports"`
	Latest   time.Time `json:"latest"`
	Annulled bool      `json:"annulled"`
}

// serveFlags answers GET /api/mod/flags: the flagged players, most
// flagged first, and the flagged racers of the latest races.
func (h *Handler) serveFlags(w http.ResponseWriter, r *http.Request) {
	p, ok := page(w, r)
	if !ok {
		return
	}
	players, err := h.cfg.Archive.FlaggedPlayers(r.Context(), p)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	races, err := h.cfg.Archive.FlaggedSignals(r.Context(), p)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	out := struct {
		Players []flaggedJSON `json:"players"`
		Races   []signalsJSON `json:"races"`
	}{Players: []flaggedJSON{}, Races: signalsOf(races)}
	if err := h.partnerNames(r.Context(), out.Races); err != nil {
		h.fault(w, r, err)
		return
	}
	for _, f := range players {
		out.Players = append(out.Players, flaggedJSON{Player: f.Player, Name: f.Name, Races: f.Races, Reports: f.Reports, Latest: f.Latest, Annulled: f.Annulled})
	}
	writeJSON(w, http.StatusOK, out)
}

type reportJSON struct {
	ID       int64     `json:"id"`
	Race     string    `json:"race"`
	Reporter string    `json:"reporter"`
	Reason   string    `json:"reason"`
	At       time.Time `json:"at"`
}

// serveReports answers GET /api/mod/reports: players' reports, the
// latest first.
func (h *Handler) serveReports(w http.ResponseWriter, r *http.Request) {
	p, ok := page(w, r)
	if !ok {
		return
	}
	rs, err := h.cfg.Archive.Reports(r.Context(), p)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	out := struct {
		Reports []reportJSON `json:"reports"`
	}{Reports: []reportJSON{}}
	for _, x := range rs {
		out.Reports = append(out.Reports, reportJSON{ID: x.ID, Race: x.Race, Reporter: x.Reporter, Reason: x.Reason, At: x.At})
	}
	writeJSON(w, http.StatusOK, out)
}

// servePlayer answers GET /api/mod/players/{player}: a player's signals
// in their latest races, flagged or not.
func (h *Handler) servePlayer(w http.ResponseWriter, r *http.Request) {
	player := r.PathValue("player")
	p, ok := page(w, r)
	if !ok {
		return
	}
	name, found, err := h.cfg.Archive.PlayerName(r.Context(), player)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	if !found {
		writeError(w, http.StatusNotFound, "player_not_found", "no archived race has this player")
		return
	}
	ss, err := h.cfg.Archive.PlayerSignals(r.Context(), player, p)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	annulled, err := h.cfg.Archive.IsAnnulled(r.Context(), player)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	races := signalsOf(ss)
	if err := h.partnerNames(r.Context(), races); err != nil {
		h.fault(w, r, err)
		return
	}
	// The accounts linked to this one, and by what (for moderators only).
	ls, err := h.cfg.Accounts.Links(r.Context(), player)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	links := []map[string]string{}
	for _, l := range ls {
		n, _, err := h.cfg.Archive.PlayerName(r.Context(), l.Player)
		if err != nil {
			h.fault(w, r, err)
			return
		}
		links = append(links, map[string]string{"player": l.Player, "name": n, "kind": l.Kind})
	}
	writeJSON(w, http.StatusOK, map[string]any{"player": player, "name": name, "annulled": annulled, "races": races, "links": links})
}

// maxNote is the longest note of an annulment, in characters.
const maxNote = 500

// serveAnnul answers POST /api/mod/players/{player}/annul {note}: the
// player is marked for cheating, their rated races annulled, and the
// ratings and leaderboards rebuilt.
func (h *Handler) serveAnnul(w http.ResponseWriter, r *http.Request) {
	mod := r.Context().Value(moderatorKey{}).(account.Account)
	player := r.PathValue("player")
	var req struct {
		Note string `json:"note"`
	}
	if !decode(w, r, &req) {
		return
	}
	if utf8.RuneCountInString(req.Note) > maxNote {
		writeError(w, http.StatusBadRequest, "bad_note", "a note is at most 500 characters")
		return
	}
	if _, found, err := h.cfg.Archive.PlayerName(r.Context(), player); err != nil {
		h.fault(w, r, err)
		return
	} else if !found {
		writeError(w, http.StatusNotFound, "player_not_found", "no archived race has this player")
		return
	}
	got, err := h.cfg.Annul(r.Context(), player, mod.Player, req.Note)
	if err != nil {
		h.fault(w, r, err)
		return
	}
	h.annulled.Inc()
	h.log.Info("account marked for cheating", "player", player, "moderator", mod.Player, "races_annulled", got.Races, "profiles", got.Profiles, "daily_boards", got.Daily)
	profiles := got.Profiles
	if profiles == nil {
		profiles = []string{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"player": player, "annulled": true, "races": got.Races, "profiles": profiles,
		"rebuilt": got.Rebuilt.Races, "daily": got.Daily})
}

// serveReport answers POST /api/races/{id}/report {reason}: a signed-in
// player reports a race, once per race, at most ReportBurst at once and
// one every ReportEvery after.
func (h *Handler) serveReport(w http.ResponseWriter, r *http.Request) {
	a, ok := h.signedIn(w, r)
	if !ok {
		return
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if !decode(w, r, &req) {
		return
	}
	if !slices.Contains(archive.ReportReasons, req.Reason) {
		writeError(w, http.StatusBadRequest, "bad_reason", "reason is one of too_fast, engine, second_seat, other")
		return
	}
	now := h.cfg.Now()
	if !h.reports.allow(a.Player, now) {
		w.Header().Set("Retry-After", "600")
		writeError(w, http.StatusTooManyRequests, "too_many_reports", "too many reports; wait and try again")
		return
	}
	rep, err := h.cfg.Archive.SaveReport(r.Context(), archive.Report{Race: r.PathValue("id"), Reporter: a.Player, Reason: req.Reason}, now)
	switch {
	case errors.Is(err, archive.ErrNotFound):
		writeError(w, http.StatusNotFound, "race_not_found", "no finished race has this ID")
		return
	case errors.Is(err, archive.ErrReported):
		writeError(w, http.StatusConflict, "already_reported", "you reported this race already")
		return
	case err != nil:
		h.fault(w, r, err)
		return
	}
	h.reported.Inc()
	h.log.Info("race reported", "race", rep.Race, "reporter", a.Player, "reason", rep.Reason)
	writeJSON(w, http.StatusCreated, map[string]any{"id": rep.ID, "race": rep.Race, "reason": rep.Reason})
}
