// Package web is the browser client of the race server: the pages a player
// opens (home and lobby, private rooms, race, watch, replay, leaderboards,
// practice), served from the binary with embed, and the stateless practice
// API.
//
// The client is plain JavaScript modules and CSS under static/, with no
// build step and no CDN. The server compresses each file with gzip once
// at start and serves it with a strong ETag per encoding; the page shell
// preloads every module of app.js's static import graph (assets.go).
// Every page is the same HTML shell; the module app.js picks the page
// from the path:
//
//	/                    lobby: name, quick race per profile, rooms, live races
//	/practice?rules=bvs&seed=123   practice (the URL is the share link)
//	/room/{code}         a private room (its link joins it)
//	/race/{id}           your race (racers get it on every reconnection)
//	/watch, /watch/{id}  live races; one race, boards shown late
//	/replay/{id}         a finished race, racers side by side
//	/leaderboards        rating, wins and daily boards per profile
//
// The hub's handler (WebSockets at /ws and its /api/races) and the JSON API
// of package web/api (leaderboards, ratings, daily challenge, replays) are
// passed in through Config and mounted under their paths; either may be
// nil, so web can run and be tested alone. GET /api/web/config tells the
// client which of them, and the solver, this server has.
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
//	     "canUndo":true,"canRedo":false,"last":"W-3","line":[…],"stuck":false}
//	400 {"code":"illegal_move","message":"action 2 (\"W-3\"): …","index":1}
//
// Moves are in the notation of docs/RULES.md; "undo" and "redo" step through the
// history when the practice options allow undo (practice may switch undo,
// hints and auto-complete on for any profile; "scoring" picks standard or
// Vegas in Klondike). "want":"hint" or "want":"solve" asks the game's
// solver for a move or a winning line (when the server has the solver),
// one search at a time, bounded in nodes, time and memory. A request
// waits for its search at most Config.SolverWait (500 ms): past it the
// answer is 503 solver_working with Retry-After: 1, the search goes on,
// and the same request sent again gets its answer; while another game's
// search runs the answer is 503 solver_busy. At most Config.Replays
// practice requests are replayed at once (503 busy past them), and at
// most half of them for one client (Config.Client: 429 busy, with
// Retry-After: 1).
//
// "viewsFrom":k asks, besides the answer for all the actions, for
// "views": the view after each prefix of the actions, moves[:j] for j = k
// … len(moves), each exactly the "view" that a request with moves[:j]
// answers (so nothing more is seen), all from one replay. Views follow
// the actions, "undo" and "redo" included. The post-game analysis asks
// so for the views along a winning line, for its steps' words and board.
// At most 512 views a request: k below 0 or past the actions is 400
// bad_views_from, more views 400 too_many_views (ask for a long line's
// earlier views with fewer actions); POST /api/practice/analysis takes no
// viewsFrom.
//
//	{"rules":"relaxed-1","seed":"7","moves":["D","D"],"viewsFrom":1}
//	200 {…,"view":{…},"views":[{…after one D},{…after both}],"legal":[…],…}
//
// Practice sees games only through the game contract: a profile's
// variant (match/game/games) is a game.Practicer, whose practice game
// replays the actions, lists legal moves, judges stuck positions, answers
// hints and auto-complete, and writes the rules' and the view's JSON.
// A Spider profile (spider-1, spider-2, spider-4 and their -std variants)
// has moves "3-5x4", "10-1", "D", with undo and redo across deals; its
// answer has "game":"spider", the view in the hub's Spider JSON ({columns,
// stock, completed, completed_suits, actions, won}), and a hint falls back
// to spider.Hint's rule when no win is found. Spider has no score. GET
// /api/web/config lists every game's profiles, each with its "game".
// Face-down cards and the stock's order never appear in a response. Errors
// have one shape, {code, message}, with the index of the action at fault.
//
// # Tests
//
// Unit tests cover the API. Browser tests drive headless Chromium
// (chromedp) against httptest servers: practice games by keys and by
// pointer, undo, reload, hint and auto-complete; Spider practice by keys
// and pointer with undo across a deal, on desktop and phone, a Spider race
// watched and replayed, a Spider daily; two browsers racing one
// seed with a third watching, then the leaderboard and the replay; a private
// room; the page's look: key badges on their piles and none on touch
// screens, no sideways scroll and 44 px targets at 360 px, card motion and
// reduced motion, the sounds' toggle, the home page's weight. They skip
// loudly without Chromium, and fail under CI=true.
//
//	go test ./web -run Browser -v -web.shots=/tmp/shots   # phone and desktop screenshots
//	go test ./web -run "TestBrowserScreenshots|TestBrowserRaceEnd" -web.readme # the README's, into web/screenshots
//
// Screenshots of failures go to $TMPDIR/web-failures, and the test log names
// each file.
//
// # Example
//
//	site, err := web.New(web.Config{Hub: h.Handler(), API: apiHandler})
//	if err != nil {
//		return err
//	}
//	mux.Handle("/", site)
package web
