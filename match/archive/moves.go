package archive

import (
	"embed"
	"strings"
	"sync"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// The move tables give each move of a game its code in a record: code k
// (from 1) is line k of moves/GAME.txt. A record decodes with the table
// of the day it was written, so the files are append-only: a new move
// goes at the end, no line ever moves or goes away. A game without a
// file is coded by the contract: resign and finish, then its MoveTexts,
// whose order the contract keeps (a new move goes at the end). A move
// that is in no table is stored as its text (code 0).
//
//go:embed moves/*.txt
var moveFiles embed.FS

// moveTable is one game's codes: texts by code − 1, codes by text.
type moveTable struct {
	texts []string
	codes map[string]uint64
}

var (
	tablesOnce sync.Once
	tables     map[string]*moveTable
	// derived holds the tables of the games without a file, by name.
	derived sync.Map
)

// tableOf returns the move table of g, or nil for a nil g.
func tableOf(g game.Game) *moveTable {
	if g == nil {
		return nil
	}
	if t := fileTable(g.Name()); t != nil {
		return t
	}
	if t, ok := derived.Load(g.Name()); ok {
		return t.(*moveTable)
	}
	t := newTable(append([]string{match.ActionResign, match.ActionFinish}, g.MoveTexts()...))
	derived.Store(g.Name(), t)
	return t
}

// newTable returns the table whose code k is texts[k-1].
func newTable(texts []string) *moveTable {
	t := &moveTable{codes: map[string]uint64{}}
	for _, line := range texts {
		t.texts = append(t.texts, line)
		if _, dup := t.codes[line]; !dup {
			t.codes[line] = uint64(len(t.texts))
		}
	}
	return t
}

// fileTable returns the move table of game name from its file, or nil if
// it has none.
func fileTable(name string) *moveTable {
	tablesOnce.Do(func() {
		tables = map[string]*moveTable{}
		entries, _ := moveFiles.ReadDir("moves")
		for _, e := range entries {
			b, _ := moveFiles.ReadFile("moves/" + e.Name())
			tables[strings.TrimSuffix(e.Name(), ".txt")] = newTable(strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"))
		}
	})
	return tables[name]
}
