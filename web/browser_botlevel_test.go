package web

import (
	"regexp"
	"strings"
	"testing"
)

// botName reads the bot's name in the race view's list of racers, its
// level included, once the race view shows it with a level.
func botName(tb *tab) string {
	tb.t.Helper()
	tb.wait(`[...document.querySelectorAll('#r-opps .opp')].some((o) => o.dataset.racer.startsWith('bot:') && o.querySelector('.bot-lvl'))`, "the bot, labelled with its level")
	return eval[string](tb, `[...document.querySelectorAll('#r-opps .opp')].find((o) => o.dataset.racer.startsWith('bot:')).querySelector('.who').textContent.replace(/\s+/g, ' ').trim()`)
}

// TestBrowserBotLevel: on the home page a player picks the bot's level
// beside the quick races (Steady at first; the pick remembered), and the
// race the bot joins names the bot with that level, in the page's
// language: Relaxed on a desktop in English, Strong ("forte") on a touch
// phone in Portuguese. The bot plays.
func TestBrowserBotLevel(t *testing.T) {
	url := newServer(t, serverOptions{seed: 1, bots: true}).URL

	d := newTab(t, "desktop", 1366, 768)
	d.open(url + "/")
	d.wait(`document.querySelector('[data-queue="bvs"]') !== null && document.querySelector('#h-bot input:checked') !== null`, "the quick races and the bot's level")
	if got := eval[string](d, `document.querySelector('#h-bot input:checked').value`); got != "steady" {
		t.Errorf("the level picked at first is %q, want steady", got)
	}
	words := eval[string](d, `document.querySelector('#h-bot').textContent.replace(/\s+/g, ' ').trim()`)
	for _, w := range []string{"Bot opponent", "Relaxed", "about 1.8 s a move", "Steady", "Strong", "hard to beat"} {
		if !strings.Contains(words, w) {
			t.Errorf("the bot's choice reads %q: no %q", words, w)
		}
	}
	if !eval[bool](d, `(() => { const r = document.querySelector('#h-bot').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
		t.Errorf("the bot's choice is not on the first screen at 1366×768")
	}
	d.click(`#h-bot input[value="relaxed"]`)
	d.wait(`localStorage.getItem('racer.bot') === 'relaxed'`, "the pick remembered")
	d.open(url + "/")
	d.wait(`(document.querySelector('#h-bot input:checked') || {}).value === 'relaxed'`, "the pick, on the next visit")
	d.shot("home")
	d.wait(`document.querySelector('[data-queue="bvs"]:not([disabled])') !== null`, "the quick races offered")
	d.click(`[data-queue="bvs"]`)
	if name := botName(d); !regexp.MustCompile(`^Bot [0-9A-F]{4} \(relaxed\)$`).MatchString(name) {
		t.Errorf("the bot is named %q, want Bot XXXX (relaxed)", name)
	}
	// It is a bot that plays: its first move reaches the page.
	d.wait(`/\b[1-9]\d* actions?\b/.test([...document.querySelectorAll('#r-opps .opp')].find((o) => o.dataset.racer.startsWith('bot:')).textContent)`, "the bot's first move")
	d.shot("race")

	p := newTab(t, "phone", phoneW, phoneH)
	p.emulateTouch()
	p.browserLanguage("pt-BR")
	p.open(url + "/")
	p.wait(`document.documentElement.lang === 'pt-BR' && document.querySelector('[data-queue="bvs"]:not([disabled])') !== null && document.querySelector('#h-bot') !== null`, "the home page in Portuguese")
	if w := eval[string](p, `document.querySelector('#h-bot legend').textContent`); w != "Bot adversário" {
		t.Errorf("the choice's legend reads %q in Portuguese", w)
	}
	p.tap(`#h-bot input[value="strong"]`)
	p.wait(`(document.querySelector('#h-bot input:checked') || {}).value === 'strong'`, "Strong picked by a tap")
	if h := eval[float64](p, `document.querySelector('#h-bot label').getBoundingClientRect().height`); h < 40 {
		t.Errorf("a level's label is %.0f px tall on a touch phone, want a target of at least 40", h)
	}
	p.shot("home")
	p.tap(`[data-queue="bvs"]`)
	if name := botName(p); !regexp.MustCompile(`^Bot [0-9A-F]{4} \(forte\)$`).MatchString(name) {
		t.Errorf("the bot is named %q on the Portuguese page, want Bot XXXX (forte)", name)
	}
	p.shot("race")
}

// TestBrowserNoBotLevel: a node whose quick races seat no bot
// (-bot-after 0, Config.NoBots) offers no bot level on its home page,
// where its quick races are.
func TestBrowserNoBotLevel(t *testing.T) {
	s := newServer(t, serverOptions{seed: 1, noBots: true})
	tb := newTab(t, "no-bots", desktopW, desktopH)
	tb.open(s.URL + "/")
	tb.wait(`document.querySelector('[data-queue]') !== null && !document.querySelector('#h-more').hidden`, "the quick races")
	if eval[bool](tb, `document.querySelector('#h-bot') !== null`) {
		t.Error("a node without bots offers a bot level")
	}
}
