package archive_test

import (
	"testing"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
)

// A deleted account's races stay, under an anonymous name: its row, the
// record's roster and standings are renamed; the other racers keep
// theirs.
func TestAccountDeletionRenamesRaces(t *testing.T) {
	t.Parallel()
	a, err := archive.Open(t.Context(), archivetest.SQLiteFile(t), games.All)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rp := archivetest.PlayRace(t, games.All, "r_rename", "bvs", 7, 10)
	if _, err := a.Save(t.Context(), rp); err != nil {
		t.Fatal(err)
	}
	gone, kept := rp.Racers[0], rp.Racers[1]
	if err := a.RenamePlayer(t.Context(), gone.ID, "Deleted abcd"); err != nil {
		t.Fatal(err)
	}
	got, err := a.Load(t.Context(), rp.Race)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got.Racers {
		if want := map[string]string{gone.ID: "Deleted abcd", kept.ID: kept.Name}[r.ID]; r.Name != want {
			t.Errorf("racer %s named %q, want %q", r.ID, r.Name, want)
		}
	}
	for _, s := range got.Result.Standings {
		if s.Player == gone.ID && s.Name != "Deleted abcd" {
			t.Errorf("standing of %s named %q", s.Player, s.Name)
		}
	}
	page, err := a.PlayerRaces(t.Context(), gone.ID, archive.Page{})
	if err != nil || len(page) != 1 || page[0].Name != "Deleted abcd" {
		t.Fatalf("PlayerRaces: %+v %v, want one race named Deleted abcd", page, err)
	}
}
