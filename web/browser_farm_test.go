package web

import (
	"testing"
)

// TestBrowserFarmLinkedCasual: two accounts made in one browser (its
// device cookie links them) never meet in the rated queue; in a room
// they race, and the race page says only "Casual", never why. The other
// plays from a phone. The device cookie is out of the page's scripts'
// reach. The pages pass the axe audit.
func TestBrowserFarmLinkedCasual(t *testing.T) {
	requireBrowser(t)
	base := newServer(t, serverOptions{seed: 1, accounts: true}).URL
	a := newTab(t, "linked desktop", laptopW, laptopH)
	b := newTab(t, "linked phone", phoneW, phoneH)
	b.emulateTouch()

	signUp := func(tb *tab, name string) {
		t.Helper()
		tb.open(base + "/signup")
		tb.wait(`document.querySelector('#acc-user') !== null`, "the sign-up page")
		tb.typeInto("#acc-user", name)
		tb.typeInto("#acc-pass", "correct horse battery")
		tb.click("#acc-submit")
		tb.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === '`+name+`'`, "signed up as "+name)
	}
	// Annie signs up on the desktop, signs out, and Bobby signs up from
	// the same browser.
	signUp(a, "Annie")
	if eval[bool](a, `document.cookie.includes('racer_device')`) {
		t.Error("the device cookie is readable by scripts")
	}
	a.open(base + "/account")
	a.wait(`document.querySelector('#acc-signout') !== null`, "the account page")
	a.click("#acc-signout")
	a.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Sign in'`, "signed out")
	signUp(a, "Bobby")
	// Annie signs in on her phone.
	b.open(base + "/signin")
	b.wait(`document.querySelector('#acc-user') !== null`, "the sign-in page")
	b.typeInto("#acc-user", "Annie")
	b.typeInto("#acc-pass", "correct horse battery")
	b.click("#acc-submit")
	b.waitAcross(`location.pathname === '/' && document.querySelector('.account-link').textContent === 'Annie'`, "signed in as Annie")

	// Both queue for a rated race: both wait, unpaired.
	for _, tb := range []*tab{a, b} {
		tb.wait(`!!(window.__hub && window.__hub.me && window.__hub.me.account === true)`, "the hello with a ticket")
		tb.wait(`document.querySelector('[data-queue="bvs"]') !== null`, "the quick-race buttons")
		tb.click(`[data-queue="bvs"]`)
		tb.wait(`/Waiting for an opponent/.test(document.querySelector('#h-queued').textContent)`, "waiting in the rated queue")
	}
	for _, tb := range []*tab{a, b} {
		if eval[bool](tb, `document.querySelector('.race') !== null`) {
			t.Fatalf("%s: linked accounts were paired in the rated queue", tb.name)
		}
		eval[bool](tb, `(document.querySelector('#h-queued').scrollIntoView({block: 'center'}), true)`)
		tb.shot("farm-both-waiting")
		tb.click(`#h-unqueue`)
		tb.wait(`document.querySelector('#h-queued').textContent === ''`, "out of the queue")
	}

	// Bobby makes a room, Annie joins it: their race is casual, and the
	// page says no more than that.
	a.wait(`document.querySelector('#h-create button[type=submit]') !== null && !document.querySelector('#h-create button[type=submit]').disabled`, "the room form")
	a.click(`#h-create button[type=submit]`)
	a.wait(`/^\/room\/[A-Z0-9]+$/.test(location.pathname) && document.querySelector('#rm-start') !== null`, "the room")
	code := eval[string](a, `location.pathname.split('/').pop()`)
	b.open(base + "/room/" + code)
	b.wait(`document.querySelectorAll('#rm-members li').length === 2`, "the room with both")
	a.wait(`document.querySelectorAll('#rm-members li').length === 2 && !document.querySelector('#rm-start').disabled`, "the room with both")
	a.click(`#rm-start`)
	for _, tb := range []*tab{a, b} {
		tb.wait(`document.querySelector('.race') !== null && document.querySelector('#r-rated') !== null`, "the race page")
		tb.wait(`document.querySelector('#r-rated').textContent.includes('Casual: this race does not change ratings.')`, "the race said casual")
		text := eval[string](tb, `document.body.innerText.toLowerCase()`)
		for _, w := range []string{"link", "device", "same address", "shared", "evidence"} {
			if containsWord(text, w) {
				t.Errorf("%s: the race page speaks of %q", tb.name, w)
			}
		}
		tb.audit("linked race")
		tb.shot("farm-room-casual")
	}
}

// containsWord reports whether text has w at a word's start.
func containsWord(text, w string) bool {
	for i := 0; i+len(w) <= len(text); i++ {
		if text[i:i+len(w)] == w && (i == 0 || !isLetter(text[i-1])) {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }
