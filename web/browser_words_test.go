package web

// Browser tests of the page's words: the language chosen from the
// browser's, the language switch, the how-to pages, the page's own "not
// found" and a wrong room code.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// errorsShim records the page's uncaught exceptions and rejections in
// window.__errors.
const errorsShim = `(() => {
  window.__errors = [];
  addEventListener('error', (e) => window.__errors.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
})();`

// recordErrors installs errorsShim in every page the tab opens from now on.
func (tb *tab) recordErrors() {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: errorsShim})
		return err
	}))
}

// noErrors fails the test when the page has thrown.
func (tb *tab) noErrors(where string) {
	tb.t.Helper()
	if errs := eval[[]string](tb, `window.__errors || []`); len(errs) > 0 {
		tb.t.Errorf("%s: %s threw %q", tb.name, where, errs)
	}
}

// browserLanguage makes the tab's browser speak lang: navigator.languages,
// Accept-Language and Intl's default locale.
func (tb *tab) browserLanguage(lang string) {
	tb.t.Helper()
	ua := eval[string](tb, `navigator.userAgent`)
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: lang}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: lang})
		return err
	}))
}

// waitAcross is wait for a condition that holds after a navigation the
// page starts itself (a link, a reload): a poll that the navigation
// interrupts starts again in the new document.
func (tb *tab) waitAcross(cond, what string) {
	tb.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(15*time.Millisecond)))
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("%s: waiting for %s (%s): %v", tb.name, what, cond, err)
		}
	}
}

// text is the text of the first element matching sel, or "".
func text(tb *tab, sel string) string {
	tb.t.Helper()
	return eval[string](tb, `((document.querySelector(`+jsString(sel)+`) || {}).textContent || '')`)
}

func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// TestBrowserPortuguese opens the home page in a browser that speaks
// Brazilian Portuguese: the page speaks it (frame, onboarding, profiles
// in plain words), the how-to page and Spider practice too; the language
// switch then saves English and reloads the page in English.
func TestBrowserPortuguese(t *testing.T) {
	ts := newRaceServer(t, 7)
	tb := newTab(t, "pt", desktopW, desktopH)
	tb.recordErrors()
	tb.browserLanguage("pt-BR")
	tb.open(ts.URL + "/")
	tb.wait(`document.querySelector('[data-queue="bvs"]') !== null && window.__hub && window.__hub.ready`, "the quick-race buttons")
	if got := eval[string](tb, `document.documentElement.lang`); got != "pt-BR" {
		t.Errorf("<html lang> %q, want pt-BR", got)
	}
	for sel, want := range map[string]string{
		`header.site nav a[href="/practice"]`:     "Treinar",
		`header.site nav a[href="/leaderboards"]`: "Classificação",
		`#h-quick`:                         "Corrida rápida",
		`#hg-klondike`:                     "Paciência",
		`[data-queue="bvs"]`:               "Paciência · vira 3",
		`[data-queue="classic-3"] .q-text`: "Paciência · vira 3, estrita",
		`#h-daily`:                         "Desafios do dia",
		`#h-fair summary`:                  "Jogo limpo comprovado",
		`a.skip`:                           "Pular para o conteúdo",
	} {
		if got := text(tb, sel); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want it to hold %q", sel, got, want)
		}
	}
	if got := eval[string](tb, `document.querySelector('#lang').value`); got != "pt-BR" {
		t.Errorf("language switch on %q, want pt-BR", got)
	}
	tb.shot("home-pt")

	tb.open(ts.URL + "/how/spider")
	tb.wait(`document.querySelector('.how') !== null`, "the how-to page")
	if got := text(tb, "#how-h"); got != "Como jogar Spider" {
		t.Errorf("how-to title %q, want Como jogar Spider", got)
	}
	if got := text(tb, ".how"); !strings.Contains(got, "Nenhum lance pode levar outra carta para casa nem virar uma carta") {
		t.Errorf("how-to page does not say what stuck means in Portuguese: %q", got)
	}
	tb.open(ts.URL + "/practice?rules=spider-1&seed=3")
	tb.wait(`document.querySelector('#p-deals') !== null`, "the Spider practice page")
	for sel, want := range map[string]string{
		"#ph":       "Treino",
		"#p-auto-b": "Completar",
		"#p-stats":  "Distribuição",
		"#p-keys":   "escolhe uma coluna",
	} {
		if got := text(tb, sel); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want it to hold %q", sel, got, want)
		}
	}
	tb.keys("1")
	tb.wait(`/^Coluna 1 escolhida/.test(document.querySelector('#p-msg').textContent)`, "the selection prompt in Portuguese")
	tb.noErrors("the Portuguese pages")

	// The switch: English, saved, and the page reloads in it.
	eval[bool](tb, `(() => { const s = document.querySelector('#lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); return true; })()`)
	tb.waitAcross(`document.documentElement.lang === 'en' && document.querySelector('#p-auto-b') !== null && document.querySelector('#p-auto-b').textContent.startsWith('Auto-complete')`, "the page again in English")

	if got := eval[string](tb, `localStorage.getItem('lang') || ''`); got != "en" {
		t.Errorf("saved language %q, want en", got)
	}
	tb.noErrors("the English page")
}

// TestBrowserNotFound: an unknown page shows the page's own "not found"
// with a link home; a wrong room code says so in a sentence and offers
// another code and the way home; every how-to page has its sections.
func TestBrowserNotFound(t *testing.T) {
	ts := newRaceServer(t, 7)
	tb := newTab(t, "lost", desktopW, desktopH)
	tb.recordErrors()

	tb.open(ts.URL + "/no/such/page")
	tb.wait(`document.querySelector('.notfound') !== null`, "the not-found page")
	tb.shot("notfound")
	if got := text(tb, "#nf-h"); got != "Page not found" {
		t.Errorf("not-found title %q", got)
	}
	if got := eval[string](tb, `document.querySelector('#nf-home').getAttribute('href')`); got != "/" {
		t.Errorf("not-found home link %q, want /", got)
	}
	tb.click("#nf-home")
	tb.waitAcross(`location.pathname === '/' && document.querySelector('#h-quick') !== null`, "the home page from the not-found page")

	tb.open(ts.URL + "/room/NOSUCH")
	tb.wait(`(document.querySelector('#rm-back') || { hidden: true }).hidden === false`, "the way back from a wrong room code")

	if got := text(tb, "#rm-msg"); got != "There is no room with that code. Check the code, or create a room." {
		t.Errorf("wrong room code says %q", got)
	}
	if got := eval[string](tb, `document.querySelector('#rm-back a[href="/"]') ? 'home' : ''`); got != "home" {
		t.Error("no link home from a wrong room code")
	}
	eval[bool](tb, `(document.querySelector('#rm-code').value = 'other1', true)`)
	tb.click(`#rm-join button[type="submit"]`)
	tb.waitAcross(`location.pathname === '/room/OTHER1' && document.querySelector('#rm-msg') !== null`, "the other room's page")

	for _, g := range []string{"klondike", "spider"} {
		tb.open(ts.URL + "/how/" + g)
		tb.wait(`document.querySelector('.how') !== null`, "the how-to page of "+g)
		tb.shot("how-" + g)

		if n := eval[int](tb, `document.querySelectorAll('.how h2').length`); n != 5 {
			t.Errorf("how to play %s: %d sections, want 5 (goal, moves, controls, stuck, racing)", g, n)
		}
		if got := text(tb, ".how"); strings.Contains(got, "how.") || !strings.Contains(got, "No move can put another card home or turn one up") {
			t.Errorf("how to play %s: a missing key or no word on stuck: %q", g, got)
		}
	}
	tb.noErrors("the pages")
}
