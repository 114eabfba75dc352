// Package web is the browser client of the race server: the pages a player
// opens (home and lobby, race, watch, replay, leaderboards, practice), served
// from the binary with embed, and the stateless practice API.
//
// The client is plain JavaScript modules and CSS under static/, with no build
// step and no CDN. Every page is the same HTML shell; the module app.js
// routes by path. The hub's handler (WebSockets and its own JSON API) is
// passed in through Config and mounted under its paths, so web can run and
// be tested alone.
//
// # Practice API
//
// POST /api/practice replays a deal and a list of actions and returns what
// the player may see. It keeps no state: the browser keeps the seed and the
// actions (in localStorage) and sends them with each request.
//
//	POST /api/practice
//	{"rules":"bvs","seed":"123","undo":true,"moves":["D","W-3","undo","redo"]}
//
//	200 {"rules":{…},"seed":"123","view":{…},"legal":["D","3-F",…],
//	     "canUndo":true,"canRedo":false,"last":"W-3",…}
//	400 {"code":"illegal_move","message":"move 2 (W-3): …","index":1}
//
// Moves are in the notation of RULES.md; "undo" and "redo" step through the
// history when the practice options allow undo. Face-down cards and the
// stock's order never appear in a response.
//
// # Example
//
//	srv, err := web.New(web.Config{Hub: hubHandler})
//	if err != nil {
//		return err
//	}
//	http.ListenAndServe(":8080", srv)
package web
