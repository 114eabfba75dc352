package session

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestValidateName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"Ann", true},
		{"Ann B", true},
		{"a-b_c.d", true},
		{"Zoë", true},
		{strings.Repeat("x", MaxNameLen), true},
		{"", false},
		{strings.Repeat("x", MaxNameLen+1), false},
		{" Ann", false},
		{"Ann ", false},
		{"An  n", false},
		{"-Ann", false},
		{"Ann<b>", false},
		{"Ann/..", false},
		{"Ann\n", false},
	} {
		err := ValidateName(tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("ValidateName(%q) = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrBadName) {
			t.Errorf("ValidateName(%q): got %v, want ErrBadName", tc.name, err)
		}
	}
}

func TestSignVerify(t *testing.T) {
	now := time.Unix(1796032000, 0)
	id, err := New("Ann", now)
	if err != nil {
		t.Fatal(err)
	}
	if len(id.Player) != 16 || id.Issued != now.Unix() {
		t.Fatalf("New: got %+v, want a 16-digit ID issued at %d", id, now.Unix())
	}
	a, b := NewSigner([]byte("key a")), NewSigner([]byte("key b"))
	token := a.Sign(id)
	got, err := a.Verify(token)
	if err != nil || got != id {
		t.Fatalf("Verify: got %+v, %v, want %+v", got, err, id)
	}
	if got, err := NewSigner([]byte("key a")).Verify(token); err != nil || got != id {
		t.Errorf("Verify on another signer with the same key: got %+v, %v", got, err)
	}
	p, sig, _ := strings.Cut(token, ".")
	for name, bad := range map[string]string{
		"other key":    b.Sign(id),
		"no dot":       p + sig,
		"tampered":     a.Sign(Identity{Player: id.Player, Name: "Bob", Issued: id.Issued})[:len(p)] + "." + sig,
		"bad base64":   p + ".!!",
		"too long":     token + strings.Repeat("A", 512),
		"empty":        "",
		"bad identity": a.Sign(Identity{Player: "short", Name: "Ann"}),
		"bad name":     a.Sign(Identity{Player: id.Player, Name: " "}),
	} {
		if _, err := a.Verify(bad); !errors.Is(err, ErrBadToken) {
			t.Errorf("%s: got %v, want ErrBadToken", name, err)
		}
	}
}

func TestNewSignerRandomKey(t *testing.T) {
	id, _ := New("Ann", time.Now())
	if _, err := NewSigner(nil).Verify(NewSigner(nil).Sign(id)); !errors.Is(err, ErrBadToken) {
		t.Errorf("two signers with random keys: got %v, want ErrBadToken", err)
	}
}
