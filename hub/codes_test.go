package hub

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game"
)

// wireCodes returns the values of hub/wire's Code constants.
func wireCodes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("wire/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if !strings.HasPrefix(name.Name, "Code") || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					out = append(out, v)
				}
			}
			return true
		})
	}
	return out
}

// TestSentences: every wire code has a fixed sentence, and the errors
// from match, the lobby, arenas and the store reach the wire as those
// sentences, never as their own text with its Go package prefix.
func TestSentences(t *testing.T) {
	codes := wireCodes(t)
	if len(codes) < 30 {
		t.Fatalf("found only %d wire codes", len(codes))
	}
	sentence := regexp.MustCompile(`^[A-Z][^\n]*\.$`)
	prefix := regexp.MustCompile(`(^|: )[a-z][a-z0-9]*: `)
	for _, c := range codes {
		s, ok := sentences[c]
		if !ok {
			t.Errorf("code %s has no sentence", c)
			continue
		}
		if !sentence.MatchString(s) || prefix.MatchString(s) {
			t.Errorf("code %s: %q is not a plain sentence", c, s)
		}
	}
	errs := []error{
		game.ErrIllegalMove, match.ErrBadAction, game.ErrNotation, match.ErrSequence,
		match.ErrRacerDone, match.ErrFinished, match.ErrNotRacer, match.ErrNotFound,
		match.ErrStaleEpoch, match.ErrUnavailable, broker.ErrUnavailable, match.ErrUnknownProfile,
		lobby.ErrRoomNotFound, lobby.ErrRoomFull, lobby.ErrNotHost, lobby.ErrRoomTooSmall,
		lobby.ErrRoomStale, arena.ErrNotFound, arena.ErrFinished, arena.ErrFull,
		arena.ErrNotJoined, arena.ErrInvalid, arena.ErrBotRated, arena.ErrUnavailable,
		errors.New("redis: connection refused"),
	}
	for _, e := range errs {
		err := fmt.Errorf("match: doing something: %w", e)
		code := codeOf(err)
		msg := messageOf(code, err)
		if msg != sentences[code] || prefix.MatchString(msg) {
			t.Errorf("%v: code %s, message %q, want %q", e, code, msg, sentences[code])
		}
	}
	ill := fmt.Errorf("hub: %w", &game.IllegalMoveError{Move: "7-F", Reason: "the 2 of clubs cannot go home before the ace", Err: game.ErrIllegalMove})
	if got := messageOf(codeOf(ill), ill); got != "7-F: the 2 of clubs cannot go home before the ace" {
		t.Errorf("an illegal move: %q", got)
	}
	if got := messageOf(codeOf(errArenaWatches), errArenaWatches); got != errArenaWatches.msg {
		t.Errorf("a refusal: %q", got)
	}
}
