package fair_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/solitaire-race/racer/match/fair"
)

var nonce = bytes.Repeat([]byte{0xab}, fair.NonceSize)

func TestCommitGolden(t *testing.T) {
	// Pinned: printf 'solitaire-race commitment v1\nprofile=bvs\nseed=42\nnonce=abab…ab\n' | sha256sum
	r := fair.Reveal{Seed: 42, Profile: "bvs", Nonce: nonce}
	wantMsg := "solitaire-race commitment v1\nprofile=bvs\nseed=42\nnonce=" + strings.Repeat("ab", 32) + "\n"
	if got := string(fair.Message(r)); got != wantMsg {
		t.Errorf("Message = %q, want %q", got, wantMsg)
	}
	got, err := fair.Commit(r)
	if err != nil {
		t.Fatal(err)
	}
	const want = "624aec8209360fb0422ffb9989f480bd70b78a7034abaa1523b6e29f1932bd21" // from sha256sum
	if got != want {
		t.Errorf("Commit = %s, want %s", got, want)
	}
	if len(got) != 64 || strings.ToLower(got) != got {
		t.Errorf("Commit = %q, want 64 lower-case hex digits", got)
	}
}

func TestVerify(t *testing.T) {
	r := fair.Reveal{Seed: 7, Profile: "classic", Nonce: nonce}
	c, err := fair.Commit(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := fair.Verify(c, r); err != nil {
		t.Errorf("Verify of own commitment: %v", err)
	}
	if err := fair.Verify(strings.ToUpper(c), r); err != nil {
		t.Errorf("Verify upper-case: %v", err)
	}
	other := append([]byte(nil), nonce...)
	other[0] ^= 1
	tests := []struct {
		name string
		r    fair.Reveal
		want error
	}{
		{"seed", fair.Reveal{Seed: 8, Profile: "classic", Nonce: nonce}, fair.ErrMismatch},
		{"profile", fair.Reveal{Seed: 7, Profile: "bvs", Nonce: nonce}, fair.ErrMismatch},
		{"nonce", fair.Reveal{Seed: 7, Profile: "classic", Nonce: other}, fair.ErrMismatch},
		{"short nonce", fair.Reveal{Seed: 7, Profile: "classic", Nonce: nonce[:8]}, fair.ErrBadReveal},
		{"newline profile", fair.Reveal{Seed: 7, Profile: "classic\nseed=1", Nonce: nonce}, fair.ErrBadReveal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := fair.Verify(c, tc.r); !errors.Is(err, tc.want) {
				t.Errorf("Verify: got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestNewNonce(t *testing.T) {
	a, b := fair.NewNonce(), fair.NewNonce()
	if len(a) != fair.NonceSize || bytes.Equal(a, b) {
		t.Errorf("NewNonce gave %x and %x, want two different %d-byte nonces", a, b, fair.NonceSize)
	}
}

func ExampleVerify() {
	r := fair.Reveal{Seed: 42, Profile: "bvs", Nonce: bytes.Repeat([]byte{1}, fair.NonceSize)}
	c, _ := fair.Commit(r)
	fmt.Println(fair.Verify(c, r) == nil)
	r.Seed = 43
	fmt.Println(errors.Is(fair.Verify(c, r), fair.ErrMismatch))
	// Output:
	// true
	// true
}
