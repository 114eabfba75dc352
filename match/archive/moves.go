package archive

import (
	"embed"
	"strings"
	"sync"
)

// The move tables give each move of a game its code in a record: code k
// (from 1) is line k of moves/GAME.txt. A record decodes with the table
// of the day it was written, so the files are append-only: a new move
// goes at the end, no line ever moves or goes away. A move that is in no
// table is stored as its text (code 0).
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
)

// tableOf returns the move table of game name, or nil if it has none.
func tableOf(name string) *moveTable {
	tablesOnce.Do(func() {
		tables = map[string]*moveTable{}
		entries, _ := moveFiles.ReadDir("moves")
		for _, e := range entries {
			b, _ := moveFiles.ReadFile("moves/" + e.Name())
			t := &moveTable{codes: map[string]uint64{}}
			for line := range strings.Lines(string(b)) {
				line = strings.TrimSuffix(line, "\n")
				t.texts = append(t.texts, line)
				if _, dup := t.codes[line]; !dup {
					t.codes[line] = uint64(len(t.texts))
				}
			}
			tables[strings.TrimSuffix(e.Name(), ".txt")] = t
		}
	})
	return tables[name]
}
