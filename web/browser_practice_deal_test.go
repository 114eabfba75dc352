package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPracticeDeals: a new practice deal is proven winnable by
// default, says so, and says when no proven deal was ready; "winnable
// deals only" can be turned off; a link's rules win over the game kept.
func TestBrowserPracticeDeals(t *testing.T) {
	ts := newTestServer(t, Config{DealPractice: func(ctx context.Context, profile string) (uint64, bool, error) {
		if profile == "bvs" {
			return 77, true, nil
		}
		return 0, false, nil // no proven deal ready
	}})
	tb := newTab(t, "desktop", desktopW, desktopH)
	tb.open(ts.URL + "/practice?rules=windows-1&seed=2")
	tb.waitActions(0)
	tb.keys("d") // a game under way, kept in storage
	tb.waitActions(1)

	// A link naming other rules opens them, not the game kept.
	tb.open(ts.URL + "/practice?rules=spider-1")
	tb.wait(`document.querySelectorAll('.board.spider .column').length === 10 && location.search.startsWith('?rules=spider-1&seed=')`, "a Spider 1-suit deal")
	if got := eval[string](tb, `document.querySelector('#p-rules').value`); got != "spider-1" {
		t.Errorf("rules chosen %q, want spider-1", got)
	}
	if !eval[bool](tb, `document.querySelector('#p-winnable').checked`) {
		t.Error("winnable deals only is off by default, want on")
	}
	if got := eval[string](tb, `document.querySelector('#p-deal-note').textContent`); !strings.Contains(got, "not checked") {
		t.Errorf("deal note %q with no proven deal ready, want it to say the deal is not checked", got)
	}
	tb.shot("practice-unchecked")

	// A link naming the rules of a proven pool: its proven deal.
	tb.open(ts.URL + "/practice?rules=bvs")
	tb.wait(`location.search === '?rules=bvs&seed=77'`, "the proven deal's link")
	tb.waitActions(0)
	if got := eval[string](tb, `document.querySelector('#p-deal-note').textContent`); !strings.Contains(got, "proved this deal winnable") {
		t.Errorf("deal note %q, want the proven deal's", got)
	}
	tb.shot("practice-proven")
	tb.do(chromedp.Reload())
	tb.waitActions(0)
	if got := eval[string](tb, `document.querySelector('#p-deal-note').textContent`); !strings.Contains(got, "proved this deal winnable") {
		t.Errorf("deal note after a reload %q, want the proven deal's", got)
	}

	// Any deal, when asked: the choice is kept.
	tb.click(`#p-winnable`)
	tb.click(`#p-new-b`)
	tb.wait(`location.search !== '?rules=bvs&seed=77'`, "a random deal")
	tb.wait(`/some cannot be won/.test(document.querySelector('#p-deal-note').textContent)`, "the note of any deal")
	tb.do(chromedp.Reload())
	tb.waitActions(0)
	if eval[bool](tb, `document.querySelector('#p-winnable').checked`) {
		t.Error("winnable deals only is back on after a reload, want the choice kept")
	}
}
