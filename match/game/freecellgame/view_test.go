package freecellgame_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/solitaire-race/racer/freecell"
	"github.com/solitaire-race/racer/match/game/freecellgame"
)

var update = flag.Bool("update", false, "rewrite the golden views in testdata")

// TestAppendView: the hand-written JSON is encoding/json's of Wire, the
// board's (AppendState) is the same without a View, and ParseView reads
// it back, along a game of moves under each profile.
func TestAppendView(t *testing.T) {
	for _, cells := range []int{4, 2} {
		s := freecell.MustNew(freecell.NewDeal(seed), freecell.Rules{Cells: cells})
		for i := range 80 {
			v := s.View()
			got := freecellgame.AppendView(nil, &v)
			want, err := json.Marshal(freecellgame.Wire(&v))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("%d cells, move %d: got %s, want %s", cells, i, got, want)
			}
			if st := freecellgame.AppendState(nil, &s); string(st) != string(got) {
				t.Fatalf("%d cells, move %d: AppendState %s, want %s", cells, i, st, got)
			}
			back, err := freecellgame.ParseView(got)
			if err != nil || !reflect.DeepEqual(freecellgame.Wire(&back), freecellgame.Wire(&v)) || back.Home != v.Home {
				t.Fatalf("%d cells, move %d: ParseView: got %+v, %v; want %+v", cells, i, back, err, v)
			}
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			if err := s.Apply(ms[(i*5)%len(ms)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	var buf [512]byte
	s := freecell.MustNew(freecell.NewDeal(seed), freecell.Rules{Cells: 4})
	if allocs := testing.AllocsPerRun(10, func() { _ = freecellgame.AppendState(buf[:0], &s) }); allocs != 0 {
		t.Errorf("AppendState allocates %.1f times, want 0", allocs)
	}
}

// TestViewGolden pins the bytes of views: at a deal, and after moves to
// a free cell, between cascades and to the foundations (go test
// -update rewrites them).
func TestViewGolden(t *testing.T) {
	for _, tt := range []struct {
		name, profile string
		seed          uint64
		moves         []string
	}{
		{"deal", "freecell", 1, nil},
		{"played", "freecell-3", 1, []string{"7-a", "7-b", "7-c", "7-F"}},
	} {
		v, err := freecellgame.Game{}.Variant(tt.profile)
		if err != nil {
			t.Fatal(err)
		}
		b := v.NewBoard(tt.seed)
		for _, m := range tt.moves {
			if err := b.Play(m); err != nil {
				t.Fatalf("%s: %s: %v", tt.name, m, err)
			}
		}
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, b.AppendView(nil), "", "  "); err != nil {
			t.Fatal(err)
		}
		pretty.WriteByte('\n')
		path := filepath.Join("testdata", "view_"+tt.name+".json")
		if *update {
			if err := os.WriteFile(path, pretty.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pretty.Bytes(), want) {
			t.Errorf("%s: got\n%s\nwant (%s)\n%s", tt.name, pretty.Bytes(), path, want)
		}
	}
}
