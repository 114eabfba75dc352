// Package fair is the deal commitment of a race: before a race starts the
// server publishes a SHA-256 over the seed, the rule profile and a random
// nonce; when it ends it reveals all three, and anyone can check them.
//
// # Byte format
//
// The commitment is the lower-case hex SHA-256 of this text, in UTF-8,
// with each line ended by a single line feed:
//
//	solitaire-race commitment v1
//	profile=<profile name>
//	seed=<seed in decimal>
//	nonce=<nonce in lower-case hex>
//
// so that a shell can check a reveal:
//
//	printf 'solitaire-race commitment v1\nprofile=bvs\nseed=42\nnonce=%s\n' "$NONCE" | sha256sum
//
// The nonce is NonceSize random bytes, so that the seed cannot be found by
// trying seeds against the commitment.
package fair

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// NonceSize is the length in bytes of a nonce made by NewNonce.
const NonceSize = 32

// Header is the first line of the committed text.
const Header = "solitaire-race commitment v1"

// ErrMismatch reports a reveal that does not match its commitment.
var ErrMismatch = errors.New("fair: reveal does not match the commitment")

// ErrBadReveal reports a reveal that cannot have been committed: an empty
// or multi-line profile, or a short nonce.
var ErrBadReveal = errors.New("fair: malformed reveal")

// Reveal is what the server discloses at the end of a race.
type Reveal struct {
	Seed    uint64
	Profile string
	Nonce   []byte
}

// NewNonce returns NonceSize bytes from crypto/rand.
func NewNonce() []byte {
	b := make([]byte, NonceSize)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return b
}

// Message returns the committed text of r (see the package doc).
func Message(r Reveal) []byte {
	var b strings.Builder
	b.WriteString(Header)
	b.WriteString("\nprofile=")
	b.WriteString(r.Profile)
	b.WriteString("\nseed=")
	b.WriteString(strconv.FormatUint(r.Seed, 10))
	b.WriteString("\nnonce=")
	b.WriteString(hex.EncodeToString(r.Nonce))
	b.WriteString("\n")
	return []byte(b.String())
}

func check(r Reveal) error {
	if r.Profile == "" || strings.ContainsAny(r.Profile, "\n\r") {
		return fmt.Errorf("%w: profile %q", ErrBadReveal, r.Profile)
	}
	if len(r.Nonce) < 16 {
		return fmt.Errorf("%w: nonce of %d bytes, want at least 16", ErrBadReveal, len(r.Nonce))
	}
	return nil
}

// Commit returns the commitment to r: the lower-case hex SHA-256 of
// Message(r). It fails with ErrBadReveal for a reveal Verify would refuse.
func Commit(r Reveal) (string, error) {
	if err := check(r); err != nil {
		return "", err
	}
	sum := sha256.Sum256(Message(r))
	return hex.EncodeToString(sum[:]), nil
}

// Verify checks r against commitment (hex, either case). It returns nil
// when they match, or an error wrapping ErrMismatch or ErrBadReveal.
func Verify(commitment string, r Reveal) error {
	want, err := Commit(r)
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(strings.ToLower(strings.TrimSpace(commitment))), []byte(want)) != 1 {
		return fmt.Errorf("%w: commitment %s, reveal hashes to %s", ErrMismatch, commitment, want)
	}
	return nil
}
