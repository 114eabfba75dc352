package web

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
)

// seedCheat archives, on a server with accounts, two rated races the
// account cheat won against helper, helper revealing cards and resigning
// at once, with the signals the worker would find: cheat's quick and
// steady, with the solver's move wherever a strong player's view pointed
// elsewhere, helper's a sacrificial seat. It returns cheat's player.
func (s *testServer) seedCheat(t *testing.T, cheat, helper string) string {
	t.Helper()
	ctx := t.Context()
	ids := map[string]string{}
	for _, name := range []string{cheat, helper} {
		// Seen at one address: the two accounts are linked.
		a, _, err := s.svc.SignUpPassword(ctx, account.SignUp{Username: name, Password: "correct horse battery", IP: "198.51.100.10"})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.svc.Seen(ctx, a.Player, account.Seen{IP: "198.51.100.10"}); err != nil {
			t.Fatal(err)
		}
		ids[name] = a.Player
	}
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s.boards})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	for i := range 2 {
		id := fmt.Sprintf("seeded-%d", i)
		at := start.Add(time.Duration(i) * 10 * time.Minute)
		rp := replay.Replay{Race: id, Profile: "bvs", Seed: 1, StartAt: at, CreatedAt: at,
			Racers: []match.Racer{{ID: ids[cheat], Name: cheat}, {ID: ids[helper], Name: helper}},
			Result: match.Result{Race: id, Reason: match.EndWin, FinishedAt: at.Add(90 * time.Second), Standings: []match.Standing{
				{Place: 1, Player: ids[cheat], Name: cheat, Status: match.StatusWon, Foundation: 52},
				{Place: 2, Player: ids[helper], Name: helper, Status: match.StatusResigned, Foundation: 0},
			}},
			Actions: map[string][]replay.Action{}}
		changes, _, err := rec.RecordChanges(ctx, match.Race{ID: id, Profile: "bvs", Racers: rp.Racers}, rp.Result, true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.arch.Save(ctx, rp); err != nil {
			t.Fatal(err)
		}
		if err := s.arch.SaveRatings(ctx, changes); err != nil {
			t.Fatal(err)
		}
		agree := 0.95
		if err := s.arch.SaveSignals(ctx, []archive.Signals{
			{Race: id, Player: ids[cheat], Profile: "bvs", Name: cheat, FinishedAt: rp.Result.FinishedAt, Actions: 118, MedianMs: 96, SpreadMs: 12,
				QuickRun: 64, PeakMoves: 11, Revealed: 21, Sampled: 40, Agreed: 38, Agreement: agree, Divergent: 12, BeyondView: 12,
				Partner: ids[helper], Linked: true,
				Flags: []string{archive.FlagQuickRun, archive.FlagPeakSpeed, archive.FlagSteadyTiming, archive.FlagSolverAgreement,
					archive.FlagBeyondView, archive.FlagSacrificeWinner}},
			{Race: id, Player: ids[helper], Profile: "bvs", Name: helper, FinishedAt: rp.Result.FinishedAt, Actions: 31, MedianMs: 640, SpreadMs: 410,
				QuickRun: 3, PeakMoves: 4, Revealed: 17, Sampled: 31, Agreed: 12, Agreement: 12.0 / 31, Partner: ids[cheat], Linked: true,
				Flags: []string{archive.FlagSacrificialSeat}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	return ids[cheat]
}

// signInTab signs tb in as name with a password on the sign-in page.
func signInTab(tb *tab, base, name, password string) {
	tb.t.Helper()
	tb.open(base + "/signin")
	tb.wait(`document.querySelector('#acc-user') !== null`, "the sign-in page")
	tb.typeInto("#acc-user", name)
	tb.typeInto("#acc-pass", password)
	tb.click("#acc-submit")
	tb.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === '`+name+`'`, "signed in as "+name)
}

// TestBrowserAccountFairPlayReview: two players race; one reports the
// race from its result view. A moderator (granted as "racer admin
// grant" does) opens the review on a desktop and on a touch phone: the
// flagged players, the flagged racers with their signals and the reports
// are there, in English, and pass the axe audit; the moderator marks the
// cheat, whose rated results leave the boards. A player who is no
// moderator reads why the review is not theirs.
func TestBrowserAccountFairPlayReview(t *testing.T) {
	requireBrowser(t)
	srv := newServer(t, serverOptions{seed: 1, accounts: true, moderation: true})
	base := srv.URL
	cheat := srv.seedCheat(t, "Cheater", "Helper")
	if rs, _ := srv.boards.Ratings(t.Context(), "bvs", cheat); len(rs) != 1 {
		t.Fatalf("the cheat has no rating before the review: %v", rs)
	}

	// Two players race, resign, and one reports the race.
	a := newTab(t, "reporter", laptopW, laptopH)
	b := newTab(t, "player", phoneW, phoneH)
	b.emulateTouch()
	for _, x := range []struct {
		tb   *tab
		name string
	}{{a, "Annie"}, {b, "Bobby"}} {
		x.tb.open(base + "/signup")
		x.tb.wait(`document.querySelector('#acc-user') !== null`, "the sign-up page")
		x.tb.typeInto("#acc-user", x.name)
		x.tb.typeInto("#acc-pass", "correct horse battery")
		x.tb.click("#acc-submit")
		x.tb.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === '`+x.name+`'`, "signed up")
		x.tb.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.account === true)`, "the hello with a ticket")
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
	}
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null && !document.querySelector('#r-board').classList.contains('passive')`, "the start")
	}
	for _, tb := range []*tab{b, a} {
		eval[bool](tb, `(window.confirm = () => true, true)`)
		tb.do(chromedp.KeyEvent("Q", chromedp.KeyModifiers(chromedp.ModifierShift)))
		tb.wait(`document.querySelector('.race').dataset.status === 'resigned'`, "the resignation")
	}
	a.wait(`!document.querySelector('#r-result').hidden && document.querySelector('#rep-open') !== null`, "the result view's report button")
	// Opened as soon as it shows, the form stays open when the result is
	// drawn again with the ratings.
	a.click("#rep-open")
	a.wait(`/→/.test(document.querySelector('#res-rating').textContent) && document.querySelector('#rep-open') !== null`, "the ratings in the result")
	a.wait(`!document.querySelector('#rep-form').hidden`, "the report form")
	eval[bool](a, `(document.querySelector('#rep-reason').value = 'second_seat', true)`)
	a.shot("report-form")
	a.click("#rep-send")
	a.wait(`document.querySelector('#rep-msg').textContent.includes('Thank you')`, "the report sent")
	a.audit("result view with the report control")
	a.saveShots(reviewShots(t), "report-sent")

	// The other player reports it from its replay.
	race := eval[string](a, `location.pathname.split('/').pop()`)
	b.open(base + "/replay/" + race)
	b.wait(`document.querySelector('#rep-open') !== null && [...document.querySelectorAll('[data-info]')].every((e) => e.textContent !== '')`, "the replay's boards and report button")
	b.click("#rep-open")
	b.wait(`!document.querySelector('#rep-form').hidden`, "the replay's report form")
	b.click("#rep-send")
	b.wait(`document.querySelector('#rep-msg').textContent.includes('Thank you')`, "the report sent from the replay")
	b.saveShot(reviewShots(t), "replay-report-sent")

	// A player who is no moderator is told so.
	b.open(base + "/review")
	b.wait(`document.querySelector('#rv-refused') !== null`, "the refusal")
	if got := eval[string](b, `document.querySelector('#rv-refused').dataset.code`); got != "not_moderator" {
		t.Errorf("the review refused a player with %q, want not_moderator", got)
	}
	b.saveShot(reviewShots(t), "refused")

	// The moderator.
	if _, _, err := srv.svc.SetModerator(t.Context(), "Moddy", true); err == nil {
		t.Fatal("granted a role to an account that does not exist")
	}
	if _, _, err := srv.svc.SignUpPassword(t.Context(), account.SignUp{Username: "Moddy", Password: "correct horse battery", IP: "203.0.113.5"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := srv.svc.SetModerator(t.Context(), "Moddy", true); err != nil {
		t.Fatal(err)
	}
	m := newTab(t, "moderator", laptopW, laptopH)
	p := newTab(t, "moderator phone", phoneW, phoneH)
	p.emulateTouch()
	for _, tb := range []*tab{m, p} {
		signInTab(tb, base, "Moddy", "correct horse battery")
		tb.open(base + "/review")
		tb.wait(`document.querySelectorAll('.rv-players tbody tr').length === 2 && document.querySelectorAll('.rv-reports tbody tr').length === 2`, "the review's lists")
	}
	if !eval[bool](m, `document.querySelector('.rv-players tr[data-player="`+cheat+`"] .rv-mark') !== null`) {
		t.Errorf("the cheat %s is not among the flagged players", cheat)
	}
	if n := eval[int](m, `document.querySelectorAll('.rv-card').length`); n != 4 {
		t.Errorf("got %d flagged racers' cards, want 4 (two races, two seats)", n)
	}
	for _, want := range []string{"Sacrificial seat", "Solver agreement", "95% (38 of 40)", "Played beyond their view", "100% (12 of 12)",
		"no position where the hidden cards changed the move", "linked accounts", "A second seat helped"} {
		if !eval[bool](m, `document.querySelector('.review').textContent.includes(`+jsString(want)+`)`) {
			t.Errorf("the review does not show %q", want)
		}
	}
	if !eval[bool](m, `[...document.querySelectorAll('.rv-facts dd a')].some((a) => a.textContent === 'Cheater')`) {
		t.Error("no card names the cheat as the other seat")
	}
	// Nothing spills sideways on the phone.
	if w := eval[int](p, `document.documentElement.scrollWidth`); w > phoneW {
		t.Errorf("the phone's review is %d px wide, wider than the screen's %d", w, phoneW)
	}
	m.audit("review")
	p.audit("review on a phone")
	m.saveShot(reviewShots(t), "review")
	p.saveShot(reviewShots(t), "review")
	// In Portuguese.
	eval[bool](p, `(localStorage.setItem('lang', 'pt-BR'), true)`)
	p.open(base + "/review")
	p.wait(`document.querySelector('#rv-h') !== null && document.querySelector('#rv-h').textContent === 'Revisão de jogo limpo' && document.querySelectorAll('.rv-card').length === 4`, "the review in Portuguese")
	for _, want := range []string{"Assento sacrificado", "Jogou além do que via"} {
		if !eval[bool](p, `document.querySelector('.review').textContent.includes(`+jsString(want)+`)`) {
			t.Errorf("the Portuguese review does not show %q", want)
		}
	}
	p.saveShot(reviewShots(t), "review-pt")

	// The moderator marks the cheat.
	m.click(`.rv-players tr[data-player="` + cheat + `"] .rv-mark`)
	m.wait(`!document.querySelector('#rv-mark-form').hidden`, "the mark form")
	m.typeInto("#rv-note", "second seat turning cards")
	m.saveShot(reviewShots(t), "mark-form")
	m.click("#rv-mark-go")
	m.wait(`document.querySelector('.rv-players tr[data-player="`+cheat+`"] .rv-annulled') !== null && /2 rated races annulled/.test(document.querySelector('#rv-msg').textContent)`, "the annulment")
	m.saveShot(reviewShots(t), "annulled")
	// The cheat's own view: their races and the account linked to theirs.
	m.click(`.rv-players tr[data-player="` + cheat + `"] th a`)
	m.waitAcross(`location.search.includes('player=') && document.querySelectorAll('.rv-card').length === 2 && document.querySelector('.rv-links') !== null`, "the cheat's own view")
	if got := eval[string](m, `document.querySelector('.rv-links li').textContent`); got != "Helper — same address" {
		t.Errorf("the cheat's links say %q, want Helper by the same address", got)
	}
	m.audit("review of one player")
	m.saveShot(reviewShots(t), "player")
	rs, err := srv.boards.Ratings(t.Context(), "bvs", cheat)
	if err != nil || len(rs) != 0 {
		t.Errorf("the cheat's ratings after the annulment: %v, %v, want none", rs, err)
	}
	if ok, _ := srv.arch.IsAnnulled(t.Context(), cheat); !ok {
		t.Error("the archive does not hold the cheat as marked")
	}
}

// reviewShots is where the review's screenshots go: -web.shots, else the
// test's temporary directory.
func reviewShots(t *testing.T) string {
	if *shotsDir != "" {
		return *shotsDir
	}
	return t.TempDir()
}
