package web

import "net/http"

// moderationPaths are the fair-play API's paths (web/modapi.Paths).
var moderationPaths = []string{"/api/mod/", "POST /api/races/{id}/report"}

// mountModeration routes the fair-play API (the moderators' review and
// players' reports) to Config.Moderation, or answers every path of it
// 404 fairplay_unavailable when the server has none.
func (s *Server) mountModeration() {
	h := s.cfg.Moderation
	if h == nil {
		h = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Cache-Control", "no-store")
			writeError(w, http.StatusNotFound, "fairplay_unavailable", "this server has no accounts, so no reports and no review")
		})
	}
	for _, p := range moderationPaths {
		s.mux.Handle(p, h)
	}
}
