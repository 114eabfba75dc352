package solver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/solitaire-race/racer/klondike"
)

// Solvitaire's JSON position format (github.com/thecharlesblake/Solvitaire):
//
//	{"tableau piles": [["KC"], ["6s", "8C"], …],
//	 "stock": […], "waste": [], "foundation": [[], [], [], []]}
//
// Each pile lists its cards bottom first, so the last is the top: the
// stock's last card is the next one drawn, the waste's last the playable
// one. Ranks are A 2 … 10 J Q K; a lower-case suit letter marks a
// face-down card. Foundations are listed clubs, diamonds, hearts, spades.

type solvitaireDoc struct {
	Tableau    [][]string `json:"tableau piles"`
	Stock      []string   `json:"stock"`
	Waste      []string   `json:"waste"`
	Foundation [][]string `json:"foundation"`
	// Foundations is accepted on input as a synonym of Foundation.
	Foundations [][]string `json:"foundations,omitempty"`
}

func solvitaireCard(c klondike.Card, faceDown bool) string {
	r := string(c.Rank().Letter())
	if c.Rank() == 10 {
		r = "10"
	}
	su := string(c.Suit().Letter())
	if faceDown {
		su = strings.ToLower(su)
	}
	return r + su
}

// MarshalSolvitaire writes the position s in Solvitaire's JSON format.
func MarshalSolvitaire(s *klondike.State) []byte {
	doc := solvitaireDoc{Tableau: make([][]string, klondike.NumColumns), Stock: []string{}, Waste: []string{}}
	for i := range klondike.NumColumns {
		doc.Tableau[i] = []string{}
		down := s.FaceDown(i)
		for j, c := range s.Column(i) {
			doc.Tableau[i] = append(doc.Tableau[i], solvitaireCard(c, j < down))
		}
	}
	stock := s.Stock() // in drawing order: the first is the top
	for i := len(stock) - 1; i >= 0; i-- {
		doc.Stock = append(doc.Stock, solvitaireCard(stock[i], false))
	}
	for _, c := range s.Waste() {
		doc.Waste = append(doc.Waste, solvitaireCard(c, false))
	}
	for su := klondike.Suit(0); su < klondike.NumSuits; su++ {
		f := []string{}
		for r := 1; r <= s.Foundation(su); r++ {
			f = append(f, solvitaireCard(klondike.NewCard(klondike.Rank(r), su), false))
		}
		doc.Foundation = append(doc.Foundation, f)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(doc) // strings and slices only: cannot fail
	return b.Bytes()
}

// parseSolvitaireCard reads a card and whether it is face down.
func parseSolvitaireCard(s string) (klondike.Card, bool, error) {
	if len(s) < 2 {
		return 0, false, fmt.Errorf("%w: Solvitaire card %q", klondike.ErrNotation, s)
	}
	rs, ss := strings.ToUpper(s[:len(s)-1]), s[len(s)-1:]
	if rs == "10" {
		rs = "T"
	}
	down := ss != strings.ToUpper(ss)
	c, err := klondike.ParseCard(rs + strings.ToUpper(ss))
	if err != nil {
		return 0, false, fmt.Errorf("Solvitaire card %q: %w", s, err)
	}
	return c, down, nil
}

// UnmarshalSolvitaire reads a starting position in Solvitaire's JSON
// format and returns its deal. Only starting positions have a deal: seven
// piles of 1 … 7 cards with the top one face up, 24 in the stock, the
// waste and foundations empty.
func UnmarshalSolvitaire(data []byte) (klondike.Deal, error) {
	var d klondike.Deal
	var doc solvitaireDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return d, fmt.Errorf("%w: Solvitaire JSON: %v", klondike.ErrNotation, err)
	}
	if len(doc.Tableau) != klondike.NumColumns {
		return d, fmt.Errorf("%w: Solvitaire JSON has %d tableau piles, want 7", klondike.ErrNotation, len(doc.Tableau))
	}
	if len(doc.Waste) != 0 {
		return d, fmt.Errorf("%w: Solvitaire JSON: not a starting position (the waste is not empty)", klondike.ErrNotation)
	}
	for _, f := range append(doc.Foundation, doc.Foundations...) {
		if len(f) != 0 {
			return d, fmt.Errorf("%w: Solvitaire JSON: not a starting position (a foundation is not empty)", klondike.ErrNotation)
		}
	}
	if len(doc.Stock) != 24 {
		return d, fmt.Errorf("%w: Solvitaire JSON has %d stock cards, want 24", klondike.ErrNotation, len(doc.Stock))
	}
	cols := make([][]klondike.Card, klondike.NumColumns)
	for i, pile := range doc.Tableau {
		if len(pile) != i+1 {
			return d, fmt.Errorf("%w: Solvitaire JSON: pile %d has %d cards, want %d", klondike.ErrNotation, i+1, len(pile), i+1)
		}
		for j, text := range pile {
			c, down, err := parseSolvitaireCard(text)
			if err != nil {
				return d, err
			}
			if down != (j < i) {
				return d, fmt.Errorf("%w: Solvitaire JSON: pile %d card %q: only the top card is face up at the start", klondike.ErrNotation, i+1, text)
			}
			cols[i] = append(cols[i], c)
		}
	}
	k := 0
	for row := range klondike.NumColumns {
		for c := row; c < klondike.NumColumns; c++ {
			d[k] = cols[c][row]
			k++
		}
	}
	for i := range doc.Stock {
		// The last stock card is drawn first: deck position 28.
		c, _, err := parseSolvitaireCard(doc.Stock[len(doc.Stock)-1-i])
		if err != nil {
			return d, err
		}
		d[28+i] = c
	}
	if err := d.Validate(); err != nil {
		return d, err
	}
	return d, nil
}
