package archive_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/replay"
)

func TestAnalysisRecord(t *testing.T) {
	t.Parallel()
	k := 37
	long := replay.GameAnalysis{FirstLost: &k, Line: strings.Fields(strings.Repeat("6-F D W-3 4-5x2 ", 20))}
	for i := range 121 {
		long.Verdicts = append(long.Verdicts, map[bool]string{true: "won", false: "lost"}[i < k])
	}
	zero := 0
	for _, tc := range []struct {
		name    string
		a       replay.GameAnalysis
		maxSize int
	}{
		{"Long", long, 150},
		{"Unknown", replay.GameAnalysis{Verdicts: []string{"won", "unknown", "unknown", "lost"}}, 8},
		{"LostAtOnce", replay.GameAnalysis{Verdicts: []string{"lost"}, FirstLost: &zero, Line: []string{}}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := archive.EncodeAnalysis(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > tc.maxSize {
				t.Errorf("got a record of %d bytes, want at most %d", len(b), tc.maxSize)
			}
			got, err := archive.DecodeAnalysis(b)
			if err != nil || !reflect.DeepEqual(got, tc.a) {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.a)
			}
		})
	}
}

func TestAnalysisRecordRejects(t *testing.T) {
	t.Parallel()
	if _, err := archive.EncodeAnalysis(replay.GameAnalysis{Verdicts: []string{"maybe"}}); err == nil {
		t.Error("a verdict of maybe: got no error, want one")
	}
	good, _ := archive.EncodeAnalysis(replay.GameAnalysis{Verdicts: []string{"won", "lost"}})
	for name, b := range map[string][]byte{
		"Empty":     nil,
		"Race":      {1, 0},
		"Truncated": good[:len(good)-1],
		"Trailing":  append(append([]byte{}, good...), 0),
		"HugeRun":   {3, 1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0},
		"BadCode":   {3, 1, 1<<2 | 3, 0, 0},
		"FirstLost": {3, 1, 1<<2 | 0, 9, 0},
	} {
		if _, err := archive.DecodeAnalysis(b); !errors.Is(err, archive.ErrCorrupt) {
			t.Errorf("%s: got %v, want ErrCorrupt", name, err)
		}
	}
}
