// Package api is the HTTP JSON API of leaderboards, ratings, the daily
// challenge and replays, mounted by package web at Paths. Every answer is
// JSON; every error is {"code": "...", "message": "..."} with a fitting
// HTTP status. The API is read-only (GET and HEAD).
//
//	GET /api/leaderboard/{profile}/{board}?period=day|week|all&n=10&day=2026-11-30
//	GET /api/leaderboard/{profile}/{board}/player/{player}?period=…&n=5&day=…
//	GET /api/rating/{profile}/{player}
//	GET /api/daily/{profile}?day=2026-11-30
//	GET /api/replay/{race}
//
// Boards are rating (period all), wins (day, week, all) and daily (day).
// The daily challenge's seed is never shown before its UTC day is over;
// until then only its commitment is. hub/wire/PROTOCOL.md ("HTTP API")
// documents each answer.
//
//	h, err := api.New(api.Config{Boards: boards, Replays: replays, Daily: dailySvc})
//	for _, p := range api.Paths {
//		mux.Handle(p, h)
//	}
package api
