// Package modapi is the HTTP JSON API of fair play: the moderators'
// review under /api/mod/ (flagged players and races with their signals,
// players' reports, marking an account for cheating) and players'
// reports of races (POST /api/races/{id}/report). The signals, reports
// and annulments are the archive's (match/archive); the moderator role
// is the accounts' (internal/account).
//
// Every request is signed in with the accounts' session cookie; the
// review answers only moderators. Requests that change state carry the
// accounts' CSRF header (X-Racer-CSRF equal to the racer_csrf cookie,
// package web/authapi). Every refusal is JSON {code, message} with a
// code of hub/wire/PROTOCOL.md ("Fair play").
//
//	h, _ := modapi.New(modapi.Config{Accounts: svc, Archive: arch, Annul: annul})
//	web.New(web.Config{Moderation: h, ...})
package modapi
