package solver

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/klondike"
)

func TestSolvitaireRoundTrip(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		d := klondike.NewDeal(seed)
		s := klondike.MustNew(d, mustProfile(t, "bvs"))
		data := MarshalSolvitaire(&s)
		got, err := UnmarshalSolvitaire(data)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, data)
		}
		if got != d {
			t.Fatalf("seed %d: got deal %v, want %v", seed, got, d)
		}
	}
}

func TestSolvitaireLayout(t *testing.T) {
	d := klondike.NewDeal(3)
	s := klondike.MustNew(d, mustProfile(t, "bvs"))
	var doc solvitaireDoc
	if err := json.Unmarshal(MarshalSolvitaire(&s), &doc); err != nil {
		t.Fatal(err)
	}
	piles, stock := doc.Tableau, doc.Stock
	// Column 7's top is deck position 27, face up; its bottom (position
	// 6) face down, suit in lower case. The stock's last card is drawn
	// first: deck position 28.
	if got, want := piles[6][6], solvitaireCard(d[27], false); got != want {
		t.Errorf("pile 7 top: got %q, want %q", got, want)
	}
	if got, want := piles[6][0], solvitaireCard(d[6], true); got != want || got == strings.ToUpper(got) {
		t.Errorf("pile 7 bottom: got %q, want %q in lower case", got, want)
	}
	if got, want := stock[len(stock)-1], solvitaireCard(d[28], false); got != want {
		t.Errorf("stock top: got %q, want %q", got, want)
	}
	// A position in play keeps its waste and foundations.
	ms := s.Moves(nil)
	_ = s.Apply(ms[0])
	var doc2 solvitaireDoc
	if err := json.Unmarshal(MarshalSolvitaire(&s), &doc2); err != nil {
		t.Fatal(err)
	}
	if len(doc2.Waste) != s.WasteLen() || len(doc2.Stock) != s.StockLen() || len(doc2.Foundation) != 4 {
		t.Errorf("got waste %d stock %d foundations %d, want %d %d 4", len(doc2.Waste), len(doc2.Stock), len(doc2.Foundation), s.WasteLen(), s.StockLen())
	}
}

func TestSolvitaireErrors(t *testing.T) {
	s := klondike.MustNew(klondike.NewDeal(1), mustProfile(t, "bvs"))
	good := string(MarshalSolvitaire(&s))
	_ = s.Apply(klondike.DrawMove())
	for name, in := range map[string]string{
		"not json":   "{",
		"six piles":  `{"tableau piles": [[],[],[],[],[],[]], "stock": []}`,
		"mid-game":   string(MarshalSolvitaire(&s)),
		"bad card":   strings.Replace(good, `"stock":["`, `"stock":["ZZ","`, 1),
		"face up":    strings.ToUpper(good),
		"duplicated": strings.Replace(good, solvitaireCard(klondike.NewDeal(1)[28], false), solvitaireCard(klondike.NewDeal(1)[29], false), 1),
	} {
		if _, err := UnmarshalSolvitaire([]byte(in)); !errors.Is(err, klondike.ErrNotation) {
			t.Errorf("%s: got %v, want an error wrapping ErrNotation", name, err)
		}
	}
}

func TestPySolRoundTrip(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		d := klondike.NewDeal(seed)
		text := MarshalPySol(d)
		got, err := UnmarshalPySol(text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if got != d {
			t.Fatalf("seed %d: got %v, want %v", seed, got, d)
		}
	}
	d := klondike.NewDeal(5)
	lines := strings.Split(MarshalPySol(d), "\n")
	if want := "Talon: " + d[28].String(); !strings.HasPrefix(lines[0], want) {
		t.Errorf("first line %q, want it to start %q", lines[0], want)
	}
	if want := ": <" + d[1].String() + "> " + d[7].String(); lines[3] != want {
		t.Errorf("column 2: got %q, want %q", lines[3], want)
	}
	// "10" for T is accepted.
	ten := strings.ReplaceAll(MarshalPySol(d), "T", "10")
	ten = strings.Replace(ten, "10alon:", "Talon:", 1)
	if got, err := UnmarshalPySol(ten); err != nil || got != d {
		t.Errorf("with 10 for T: got %v, %v", got, err)
	}
}

func TestPySolErrors(t *testing.T) {
	good := MarshalPySol(klondike.NewDeal(1))
	for name, in := range map[string]string{
		"empty":       "",
		"no talon":    good[strings.Index(good, "\n")+1:],
		"foundation":  strings.Replace(good, "H-0", "H-A", 1),
		"short col":   strings.Replace(good, "\n: ", "\n: XX ", 1),
		"all face up": strings.NewReplacer("<", "", ">", "").Replace(good),
		"two talons":  good + good,
	} {
		if _, err := UnmarshalPySol(in); err == nil {
			t.Errorf("%s: got no error", name)
		}
	}
}
