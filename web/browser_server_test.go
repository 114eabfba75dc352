package web

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/internal/account"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/results"
	"github.com/solitaire-race/racer/match/scoreboard"
	"github.com/solitaire-race/racer/web/api"
	"github.com/solitaire-race/racer/web/authapi"
	"github.com/solitaire-race/racer/web/modapi"
)

// serverOptions says what a browser test's server has besides what every
// one has: a hub in memory that deals every race from seed, the daily
// challenges, leaderboards in memory that record each finished race,
// its replay, and the JSON API over them.
type serverOptions struct {
	seed   uint64
	rating rating.Config // the rating system
	// accounts: accounts in an SQLite archive, wired as cmd/racer wires
	// them: only races between accounts are rated, the hub reads the
	// archive's marks, and each finished race is archived with its
	// rating changes and signals, which the API reads. The URL names
	// localhost: passkeys need a domain name. Otherwise the players are
	// guests, rated as before accounts, and the replays kept in memory.
	accounts   bool
	moderation bool // with accounts: the fair-play review
	// archived, when not nil: the results go through match/results into
	// an SQLite archive, which the API reads for the players' pages;
	// archived receives each race the archive has written.
	archived chan string
	analysis bool          // without accounts: each replay's games are queued for the solver, whose analyses the API serves
	arenas   *arena.Memory // the arenas the hub runs; nil: none
	unrated  bool          // the hub records no finished race (no OnFinish): no ratings
	history  api.History   // the players' pages' archive; nil: the server's own, if any
	// replays and client: the page server's Config.Replays and
	// Config.Client (the bound on one client's practice replays).
	replays int
	client  func(*http.Request) string
	// bots: quick races seat a real bot after 300 ms, a Steady one unless
	// the player picks a level, played by a bot.Launcher over the hub's
	// WebSocket. noBots: the page says that no bot is ever seated
	// (Config.NoBots).
	bots, noBots bool
}

// testServer is a browser test's server and what it is built on.
type testServer struct {
	URL    string
	races  match.Store
	broker *broker.Memory
	boards *leaderboard.MemoryStore
	arch   *archive.SQL     // with accounts or archived
	svc    *account.Service // with accounts
	marks  *archive.Marks   // with accounts
	site   *Server          // the page server
}

// newRaceServer serves web with a hub in memory that deals every race from
// seed, for guests.
func newRaceServer(t *testing.T, seed uint64) *testServer {
	t.Helper()
	return newServer(t, serverOptions{seed: seed})
}

// newServer serves web as o says.
func newServer(t *testing.T, o serverOptions) *testServer {
	t.Helper()
	requireBrowser(t) // before the server: -short skips at once
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	races, b, lobby := hub.MemoryBackends()
	s := &testServer{races: races, broker: b, boards: leaderboard.NewMemoryStore()}
	var h *hub.Hub
	hcfg := hub.Config{
		RateGuests: !o.accounts, Store: races, Broker: b, Presence: b, Lobby: lobby,
		Dealer: match.FixedDealer{Seed: o.seed}, Countdown: time.Second, SpectatorDelay: time.Second,
		StuckBudget: 2000, // stuck detection on every move: keep it cheap on a busy machine
		Logger:      quiet,
	}
	acfg := api.Config{Boards: s.boards, Races: races, Rating: o.rating, History: o.history, Logger: quiet}
	if o.arenas != nil {
		hcfg.Arenas, hcfg.ArenaTick, hcfg.ArenaPause = o.arenas, 100*time.Millisecond, 100*time.Millisecond
		hcfg.ArenaPair = arena.PairConfig{RepeatAfter: time.Hour}
		acfg.Arenas = o.arenas
	}
	wcfg := Config{Logger: quiet, Replays: o.replays, Client: o.client, NoBots: o.noBots}
	var bots *bot.Launcher
	if o.bots {
		bots = &bot.Launcher{Level: bot.Steady, Think: 400 * time.Millisecond, Logger: quiet}
		hcfg.BotAfter, hcfg.BotLevel, hcfg.LaunchBot = 300*time.Millisecond, bot.Steady.String(), bots.LaunchBot
	}
	if o.accounts || o.archived != nil {
		arch, err := archive.Open(ctx, filepath.Join(t.TempDir(), "archive.db"), games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = arch.Close() })
		s.arch = arch
		if acfg.History == nil {
			acfg.History = arch
		}
	}
	if o.archived != nil {
		arv, err := archive.NewArchiver(archive.ArchiverConfig{Archive: s.arch, Logger: quiet, Wait: 100 * time.Millisecond,
			OnArchived: func(_ context.Context, race string, _ bool) { o.archived <- race }})
		if err != nil {
			t.Fatal(err)
		}
		go arv.Run(ctx)
		res, err := results.New(results.Config{Games: games.All, Boards: s.boards, Replays: arv, Secret: []byte("web browser test daily secret"), Logger: quiet})
		if err != nil {
			t.Fatal(err)
		}
		hcfg.Daily, hcfg.OnFinish = res.Daily(), res.OnFinish
		acfg.Daily, acfg.Replays = res.Daily(), arv
	} else {
		dailies, err := daily.New(daily.Config{Games: games.All, Secret: []byte("web browser test daily secret"), Store: s.boards})
		if err != nil {
			t.Fatal(err)
		}
		hcfg.Daily, acfg.Daily = dailies, dailies
		if !o.unrated {
			hcfg.OnFinish = s.recordFinish(t, ctx, o, &acfg)
		}
	}
	if o.accounts {
		store, err := account.OpenStore(ctx, s.arch.DB(), s.arch.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		s.svc, err = account.New(account.Config{Store: store, Secret: []byte("browser test secret"), Argon2: account.Argon2{Memory: 1024, Time: 1}, Logger: quiet,
			Guest: func(tok string) (string, error) { return h.GuestPlayer(tok) }})
		if err != nil {
			t.Fatal(err)
		}
		if wcfg.Accounts, err = authapi.New(authapi.Config{Accounts: s.svc, Logger: quiet}); err != nil {
			t.Fatal(err)
		}
		if s.marks, err = archive.NewMarks(archive.MarksConfig{Source: s.arch.IsAnnulled}); err != nil {
			t.Fatal(err)
		}
		hcfg.Accounts, hcfg.Secret = markedTestAccounts{testAccounts{s.svc}, s.marks}, []byte("browser test secret")
	}
	if o.moderation {
		mod, err := modapi.New(modapi.Config{Accounts: s.svc, Archive: s.arch, Logger: quiet,
			Annul: func(ctx context.Context, player, moderator, note string) (archive.Annulled, error) {
				return s.arch.Annul(ctx, archive.Annulment{Player: player, Moderator: moderator, Note: note, At: time.Now()}, rating.Config{}, s.boards)
			}})
		if err != nil {
			t.Fatal(err)
		}
		wcfg.Moderation = mod
	}
	var err error
	if h, err = hub.New(hcfg); err != nil {
		t.Fatal(err)
	}
	go h.Run(ctx)
	if wcfg.API, err = api.New(acfg); err != nil {
		t.Fatal(err)
	}
	wcfg.Hub = h.Handler()
	ts := newTestServer(t, wcfg)
	if bots != nil {
		bots.URL = "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws"
	}
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer scancel()
		_ = h.Shutdown(sctx)
		cancel()
		if bots != nil {
			bots.Wait()
		}
	})
	s.URL, s.site = ts.URL, ts.Config.Handler.(*Server)
	if o.accounts {
		s.URL = strings.Replace(ts.URL, "127.0.0.1", "localhost", 1)
	}
	return s
}

// recordFinish is the hub's OnFinish as cmd/racer wires it without
// match/results: it records a finished race's ratings on the boards and
// keeps its replay (with accounts, in the archive with its rating changes
// and signals; else in memory, for the solver too with o.analysis). It
// sets the API's replays and analyses to match.
func (s *testServer) recordFinish(t *testing.T, ctx context.Context, o serverOptions, acfg *api.Config) func(context.Context, match.Snapshot) *scoreboard.Ratings {
	t.Helper()
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: s.boards, Rating: o.rating})
	if err != nil {
		t.Fatal(err)
	}
	replays := replay.NewMemoryStore()
	acfg.Replays = replays
	if s.arch != nil {
		acfg.Replays = s.arch
	}
	var pool *analysis.Pool
	if o.analysis {
		if pool, err = analysis.New(analysis.Config{Store: replays, Lookup: games.Lookup, Logger: acfg.Logger}); err != nil {
			t.Fatal(err)
		}
		go pool.Run(ctx)
		acfg.Analyses = replays
	}
	return func(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
		// Guests' races are rated as before accounts: the browser races
		// are between people.
		changes, applied, err := rec.RecordChanges(ctx, snap.Race, *snap.Result, !o.accounts || !snap.Race.Unrated)
		if err != nil {
			t.Errorf("record race %s: %v", snap.Race.ID, err)
		}
		rp, err := replay.FromSnapshot(snap)
		if err == nil && s.arch != nil {
			_, err = s.arch.Save(ctx, rp)
			err = errors.Join(err, s.arch.SaveRatings(ctx, changes))
			if ss, serr := archive.ComputeSignals(ctx, rp, archive.SignalsConfig{Games: games.All}); serr == nil {
				err = errors.Join(err, s.arch.SaveSignals(ctx, ss))
			}
		} else if err == nil {
			_, err = replays.Save(ctx, rp)
			if pool != nil {
				pool.Enqueue(rp)
			}
		}
		if err != nil {
			t.Errorf("replay of race %s: %v", snap.Race.ID, err)
		}
		if !applied {
			return nil
		}
		r := rec.Ratings(snap.Race, changes)
		return &r
	}
}

// mark marks player, with accounts, as the review's annul does, and tells
// the hub.
func (s *testServer) mark(t *testing.T, player string) {
	t.Helper()
	if _, err := s.arch.Annul(t.Context(), archive.Annulment{Player: player, Moderator: "00000000000000ff", At: time.Now()},
		rating.Config{}, leaderboard.NewMemoryStore()); err != nil {
		t.Fatal(err)
	}
	s.marks.Forget(player)
	if err := hub.AnnounceMarked(t.Context(), broker.Broker(s.broker), player); err != nil {
		t.Fatal(err)
	}
}
