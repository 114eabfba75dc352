package web

import "net/http"

// accountPaths are the accounts' API paths (web/authapi.Paths).
var accountPaths = []string{"/api/account", "/api/account/"}

// mountAccounts routes the accounts' API to Config.Accounts, or answers
// every path of it 404 accounts_unavailable when the server has none.
func (s *Server) mountAccounts() {
	h := s.cfg.Accounts
	if h == nil {
		h = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Cache-Control", "no-store")
			writeError(w, http.StatusNotFound, "accounts_unavailable", "this server has no accounts (it runs without an archive database)")
		})
	}
	for _, p := range accountPaths {
		s.mux.Handle(p, h)
	}
}
