package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/solitaire-race/racer/match/leaderboard"
)

// maxID is the longest race ID accepted, in bytes.
const maxID = 128

// profile reads and checks the {profile} path value: a profile of the
// games the API knows.
func (h *Handler) profile(r *http.Request) (string, error) {
	p := r.PathValue("profile")
	if leaderboard.CheckProfile(p) != nil {
		return "", notFound("unknown_profile", "no rule profile %q (known: %v)", clip(p), h.cfg.Games.Profiles())
	}
	if _, err := h.cfg.Games.Lookup(p); err != nil {
		return "", notFound("unknown_profile", "no rule profile %q (known: %v)", p, h.cfg.Games.Profiles())
	}
	return p, nil
}

// id reads and checks an ID path value: 1 to maxID bytes of printable
// UTF-8.
func id(r *http.Request, name, code string) (string, error) {
	v := r.PathValue(name)
	if v == "" || len(v) > maxID || !utf8.ValidString(v) {
		return "", badRequest(code, "%s must be 1 to %d bytes of UTF-8", name, maxID)
	}
	for _, c := range v {
		if !unicode.IsPrint(c) {
			return "", badRequest(code, "%s must be printable", name)
		}
	}
	return v, nil
}

// A player ID is a guest's, 16 lowercase hex digits (hub/session), or a
// bot's, "bot:" and 12 lowercase hex digits (hub's bots,
// leaderboard.IsBotID): no other string names a player.
const (
	guestIDDigits = 16
	botIDPrefix   = "bot:"
	botIDDigits   = 12
)

// playerID reads and checks the {player} path value: a player ID.
func playerID(r *http.Request) (string, error) {
	return checkPlayer(r.PathValue("player"))
}

// checkPlayer returns v when it is a player ID, else bad_player.
func checkPlayer(v string) (string, error) {
	digits := v
	want := guestIDDigits
	if leaderboard.IsBotID(v) {
		digits, want = strings.TrimPrefix(v, botIDPrefix), botIDDigits
	}
	if !lowerHex(digits, want) {
		return "", badRequest("bad_player", "player must be a player ID, 16 lowercase hex digits or \"bot:\" and 12, not %q", clip(v))
	}
	return v, nil
}

// lowerHex reports whether s is n lowercase hexadecimal digits.
func lowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// board reads the board's kind, period and day from the request.
func (h *Handler) board(r *http.Request) (leaderboard.Board, error) {
	p, err := h.profile(r)
	if err != nil {
		return leaderboard.Board{}, err
	}
	b := leaderboard.Board{Profile: p, Kind: leaderboard.Kind(r.PathValue("board"))}
	switch b.Kind {
	case leaderboard.KindRating, leaderboard.KindWins:
		b.Period = leaderboard.All
	case leaderboard.KindDaily:
		b.Period = leaderboard.Day
	default:
		return b, notFound("unknown_board", "no board %q (known: rating, wins, daily)", clip(string(b.Kind)))
	}
	q := r.URL.Query()
	if v := q.Get("period"); v != "" {
		b.Period = leaderboard.Period(v)
	}
	if b.Check() != nil {
		want := map[leaderboard.Kind]string{
			leaderboard.KindRating: "all", leaderboard.KindWins: "day, week or all", leaderboard.KindDaily: "day",
		}[b.Kind]
		return b, badRequest("bad_period", "the %s board's period is %s, not %q", b.Kind, want, clip(string(b.Period)))
	}
	now, err := h.now(r.Context())
	if err != nil {
		return b, err
	}
	b.At, err = day(r, now)
	return b, err
}

// day reads the optional day parameter: a UTC date not after today's.
// Default: today.
func day(r *http.Request, now time.Time) (time.Time, error) {
	v := r.URL.Query().Get("day")
	if v == "" {
		return now, nil
	}
	t, err := time.Parse(time.DateOnly, v)
	if err != nil || leaderboard.DayOf(t) != v {
		return time.Time{}, badRequest("bad_day", "day must be a date like 2026-11-30, not %q", clip(v))
	}
	if t.After(now) {
		return time.Time{}, badRequest("bad_day", "day %s has not begun (today is %s, UTC)", v, leaderboard.DayOf(now))
	}
	return t, nil
}

// count reads the n parameter: 1 … max, default def.
func count(r *http.Request, name string, def, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, badRequest("bad_n", "%s must be a whole number from %d to %d, not %q", name, lo, hi, clip(v))
	}
	return n, nil
}

// clip shortens client text quoted back in a message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 40
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
