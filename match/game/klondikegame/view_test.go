package klondikegame_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

// TestAppendView: the hand-written JSON is encoding/json's of Wire, and
// ParseView reads it back, along a game of draws and moves.
func TestAppendView(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(3), klondike.Rules{Draw: 3, Passes: 3})
	for i := range 40 {
		v := s.View()
		got := klondikegame.AppendView(nil, &v)
		want, err := json.Marshal(klondikegame.Wire(&v))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("move %d: got %s, want %s", i, got, want)
		}
		back, err := klondikegame.ParseView(got)
		v.Score = 0
		if err != nil || !reflect.DeepEqual(klondikegame.Wire(&back), klondikegame.Wire(&v)) {
			t.Fatalf("move %d: ParseView: got %+v, %v; want %+v", i, back, err, v)
		}
		ms := s.Moves(nil)
		if len(ms) == 0 {
			break
		}
		if err := s.Apply(ms[i%len(ms)]); err != nil {
			t.Fatal(err)
		}
	}
}
