package web

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
)

// markedTestAccounts is testAccounts with the archive's marks, as
// cmd/racer gives the hub its accounts.
type markedTestAccounts struct {
	testAccounts
	marks *archive.Marks
}

func (a markedTestAccounts) Marked(ctx context.Context, player string) (bool, error) {
	return a.marks.Marked(ctx, player)
}

// TestBrowserFairPlayAnnulledCasualOnly: a moderator marks Cathy while
// her home page is open: it says at once that she plays casual races
// only, and again after a reload. Her quick race waits in the casual
// queue, so Annie, in the rated one, is not paired with her; in a room
// they race casual, and the race page tells Cathy why and Annie only
// that it is casual. The pages pass the axe audit.
func TestBrowserFairPlayAnnulledCasualOnly(t *testing.T) {
	srv := newServer(t, serverOptions{seed: 1, accounts: true})
	base := srv.URL
	a := newTab(t, "unmarked", laptopW, laptopH)
	c := newTab(t, "marked", phoneW, phoneH)
	c.emulateTouch()
	for _, x := range []struct {
		tb   *tab
		name string
	}{{a, "Annie"}, {c, "Cathy"}} {
		x.tb.open(base + "/signup")
		x.tb.wait(`document.querySelector('#acc-user') !== null`, "the sign-up page")
		x.tb.typeInto("#acc-user", x.name)
		x.tb.typeInto("#acc-pass", "correct horse battery")
		x.tb.click("#acc-submit")
		x.tb.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === '`+x.name+`'`, "signed up")
		x.tb.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.account === true)`, "the hello with a ticket")
		x.tb.wait(`document.querySelector('#h-casual') !== null && document.querySelector('#h-casual').hidden`, "no fair-play notice")
	}
	cathy := eval[string](c, `window.__hub.me.player`)
	srv.mark(t, cathy)
	const notice = `A moderator marked your account for breaking the fair-play rules`
	c.wait(`!document.querySelector('#h-casual').hidden && document.querySelector('#h-casual').textContent.startsWith('`+notice+`')`, "the notice, at once")
	c.open(base + "/")
	c.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.casual_only === true)`, "the welcome's casual_only")
	c.wait(`!!document.querySelector('#h-casual') && !document.querySelector('#h-casual').hidden`, "the notice after a reload")
	if eval[bool](a, `!document.querySelector('#h-casual').hidden || !!window.__hub.me.casual_only`) {
		t.Error("Annie, not marked, is told she plays casual only")
	}
	eval[bool](c, `(document.querySelector('#h-casual').scrollIntoView({block: 'center'}), true)`)
	c.audit("home page of a marked account")
	c.saveShot(reviewShots(t), "casual-only-home")
	// In Portuguese too.
	eval[bool](c, `(localStorage.setItem('lang', 'pt-BR'), true)`)
	c.open(base + "/")
	c.wait(`!!document.querySelector('#h-casual') && !document.querySelector('#h-casual').hidden && document.querySelector('#h-casual').textContent.startsWith('Um moderador marcou sua conta')`, "the notice in Portuguese")
	c.saveShot(reviewShots(t), "casual-only-home-pt-BR")
	eval[bool](c, `(localStorage.setItem('lang', 'en'), true)`)
	c.open(base + "/")
	c.wait(`!!document.querySelector('#h-casual') && !document.querySelector('#h-casual').hidden && document.querySelector('#h-casual').textContent.startsWith('`+notice+`')`, "the notice in English again")

	// Both ask for a quick race: Cathy waits in the casual queue, Annie
	// in the rated one.
	for _, tb := range []*tab{c, a} {
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
		tb.wait(`/Waiting for an opponent/.test(document.querySelector('#h-queued').textContent)`, "waiting")
	}
	for _, tb := range []*tab{c, a} {
		if eval[bool](tb, `document.querySelector('.race') !== null`) {
			t.Fatalf("%s: a marked account was paired in the rated queue", tb.name)
		}
		tb.click(`#h-unqueue`)
		tb.wait(`document.querySelector('#h-queued').textContent === ''`, "out of the queue")
	}

	// In a room they race, casual.
	c.wait(`document.querySelector('#h-create button[type=submit]') !== null && !document.querySelector('#h-create button[type=submit]').disabled`, "the room form")
	c.click(`#h-create button[type=submit]`)
	c.wait(`/^\/room\/[A-Z0-9]+$/.test(location.pathname) && document.querySelector('#rm-start') !== null`, "the room")
	code := eval[string](c, `location.pathname.split('/').pop()`)
	a.open(base + "/room/" + code)
	a.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the room with both")
	c.wait(`document.querySelectorAll('#rm-members li').length === 2 && !document.querySelector('#rm-start').disabled`, "the room with both")
	c.click(`#rm-start`)
	for _, x := range []struct {
		tb   *tab
		want string
	}{{c, "Casual: your account plays casual races only (fair play)."}, {a, "Casual: this race does not change ratings."}} {
		x.tb.wait(`document.querySelector('.race') !== null && document.querySelector('#r-rated') !== null`, "the race page")
		x.tb.wait(`document.querySelector('#r-rated').textContent === '`+x.want+`'`, "the race said casual")
		x.tb.audit("casual race page")
	}
	c.saveShot(reviewShots(t), "casual-only-race")

	// A daily challenge of a marked account goes on no board: the race
	// page's note says so there, and only there.
	got := eval[[]string](c, `import('/static/account.js').then((a) => [
		a.ratedNote({id: 'daily-bvs-20261207-00', rated: false, racers: []}, true),
		a.ratedNote({id: 'r1', rated: false, racers: []}, true)])`)
	if len(got) != 2 || got[0] != "Your account plays casual races only (fair play): this daily result goes on no daily board." ||
		got[1] != "Casual: your account plays casual races only (fair play)." {
		t.Errorf("a marked account's notes, daily and not: %q", got)
	}
}
