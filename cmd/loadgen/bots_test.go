package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestBotsRecords checks the records of `loadgen bots`: one JSON object
// per profile and level with the median cards off the table and the
// pace, and one CSV line per deal (two deals a profile under -short,
// three without).
func TestBotsRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "deals.csv")
	var out, errOut bytes.Buffer
	n := 3
	if testing.Short() {
		n = 2
	}
	args := []string{"bots", "-n=" + strconv.Itoa(n), "-profiles=relaxed-3,spider-1", "-levels=greedy", "-winnable=false", "-csv=" + path, "-json"}
	if err := run(context.Background(), args, &out, &errOut); err != nil {
		t.Fatalf("bots: %v\n%s", err, errOut.String())
	}
	var stats []struct {
		Profile   string  `json:"profile"`
		Level     string  `json:"level"`
		Games     int     `json:"games"`
		MedianOff float64 `json:"median_off"`
		Pace      float64 `json:"median_pace_s"`
	}
	if err := json.Unmarshal(out.Bytes(), &stats); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if len(stats) != 2 || stats[0].Profile != "relaxed-3" || stats[1].Profile != "spider-1" {
		t.Fatalf("got %+v, want relaxed-3 then spider-1", stats)
	}
	for _, st := range stats {
		if st.Level != "greedy" || st.Games != n || st.MedianOff < 0 || st.Pace < 0 {
			t.Errorf("got %+v, want %d games of the greedy level", st, n)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+2*n || rows[0][0] != "profile" || rows[0][7] != "off" {
		t.Errorf("got %d CSV lines starting %v, want a header and %d deals", len(rows), rows[0], 2*n)
	}
}
