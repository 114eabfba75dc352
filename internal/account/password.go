package account

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Password lengths, in characters.
const (
	MinPassword = 8
	MaxPassword = 128
)

// Argon2 is the cost of the argon2id password hash. The zero value
// means the defaults: OWASP's recommended 19 MiB of memory, 2 passes,
// one lane.
type Argon2 struct {
	// Memory in KiB. Default 19456.
	Memory uint32
	// Time is the number of passes. Default 2.
	Time uint32
	// Threads is the number of lanes. Default 1.
	Threads uint8
}

func (a Argon2) withDefaults() Argon2 {
	if a.Memory == 0 {
		a.Memory = 19456
	}
	if a.Time == 0 {
		a.Time = 2
	}
	if a.Threads == 0 {
		a.Threads = 1
	}
	return a
}

// checkPassword refuses a password too short or too long, or the
// username itself (ErrWeakPassword).
func checkPassword(pw, username string) error {
	n := utf8.RuneCountInString(pw)
	if n < MinPassword || n > MaxPassword || !utf8.ValidString(pw) || strings.EqualFold(pw, username) {
		return ErrWeakPassword
	}
	return nil
}

// hasher hashes and checks passwords, at most cap(sem) at once: each
// hash holds Argon2.Memory of memory for its time.
type hasher struct {
	cost Argon2
	sem  chan struct{}
	// dummy is a PHC string of the same cost with a random salt and a
	// random key, checked against when the username is unknown, so that
	// an unknown username costs the time a wrong password does. Checking
	// costs one hash whatever the key, so none is computed to make it.
	dummy string
}

func newHasher(cost Argon2, parallel int) *hasher {
	h := &hasher{cost: cost.withDefaults(), sem: make(chan struct{}, parallel)}
	salt, key := make([]byte, 16), make([]byte, 32)
	_, _ = rand.Read(salt)
	_, _ = rand.Read(key)
	h.dummy = phc(h.cost, salt, key)
	return h
}

func (h *hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// hash returns the PHC string of pw: $argon2id$v=19$m=…,t=…,p=…$salt$key.
func (h *hasher) hash(ctx context.Context, pw string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer func() { <-h.sem }()
	salt := make([]byte, 16)
	_, _ = rand.Read(salt)
	c := h.cost
	key := argon2.IDKey([]byte(pw), salt, c.Time, c.Memory, c.Threads, 32)
	return phc(c, salt, key), nil
}

// phc returns the PHC string of an argon2id key of cost c and salt.
func phc(c Argon2, salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.Memory, c.Time, c.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key))
}

// check reports whether pw matches the PHC string encoded (made by hash,
// with any cost); the keys are compared in constant time. An empty or
// malformed encoded is checked against the dummy hash and never matches.
func (h *hasher) check(ctx context.Context, encoded, pw string) (bool, error) {
	valid := true
	c, salt, want, err := parsePHC(encoded)
	if err != nil {
		valid = false
		c, salt, want, _ = parsePHC(h.dummy)
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer func() { <-h.sem }()
	got := argon2.IDKey([]byte(pw), salt, c.Time, c.Memory, c.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1 && valid, nil
}

// parsePHC reads an argon2id PHC string.
func parsePHC(s string) (Argon2, []byte, []byte, error) {
	var c Argon2
	f := strings.Split(s, "$")
	if len(f) != 6 || f[1] != "argon2id" || f[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return c, nil, nil, ErrBadHash
	}
	var threads uint32
	if _, err := fmt.Sscanf(f[3], "m=%d,t=%d,p=%d", &c.Memory, &c.Time, &threads); err != nil || threads == 0 || threads > 255 ||
		c.Memory == 0 || c.Memory > 1<<22 || c.Time == 0 || c.Time > 16 {
		return c, nil, nil, ErrBadHash
	}
	c.Threads = uint8(threads)
	salt, err1 := base64.RawStdEncoding.DecodeString(f[4])
	key, err2 := base64.RawStdEncoding.DecodeString(f[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(key) < 16 {
		return c, nil, nil, ErrBadHash
	}
	return c, salt, key, nil
}
