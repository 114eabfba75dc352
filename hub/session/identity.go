package session

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash"
	"io"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Identity is a guest player: a stable ID and a display name.
type Identity struct {
	// Player is the stable ID, 16 hex digits.
	Player string `json:"p"`
	// Name is the display name.
	Name string `json:"n"`
	// Issued is when the token was signed (Unix seconds).
	Issued int64 `json:"i"`
}

// Identity errors. Their texts reach clients as error messages.
var (
	ErrBadToken = errors.New("hub: bad session token")
	ErrBadName  = errors.New("hub: display names are 1 to 20 letters, digits, spaces or - _ . and start with a letter or digit")
)

// MaxNameLen is the longest display name, in characters.
const MaxNameLen = 20

// ValidateName checks a display name: 1 … MaxNameLen characters,
// letters, digits, single spaces and - _ . only, starting and ending with
// a letter or digit.
func ValidateName(name string) error {
	n := utf8.RuneCountInString(name)
	if n == 0 || n > MaxNameLen || !utf8.ValidString(name) {
		return ErrBadName
	}
	prevSpace := false
	for i, r := range name {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case alnum:
		case r == ' ' && !prevSpace && i > 0:
		case (r == '-' || r == '_' || r == '.') && i > 0:
		default:
			return ErrBadName
		}
		prevSpace = r == ' '
	}
	last, _ := utf8.DecodeLastRuneInString(name)
	if !unicode.IsLetter(last) && !unicode.IsDigit(last) {
		return ErrBadName
	}
	return nil
}

// Signer signs and verifies session tokens with an HMAC-SHA256 key, so
// that any node holding the key accepts a token made by any other. It is
// safe for concurrent use.
type Signer struct {
	key []byte
	// macs holds HMACs keyed with key, reset before each use: a hello
	// signs a token, and a new HMAC is two SHA-256 states of garbage.
	macs sync.Pool
}

// NewSigner returns a signer with key; an empty key gets a random one
// (tokens then work on this process only).
func NewSigner(key []byte) *Signer {
	if len(key) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key)
	}
	return &Signer{key: append([]byte(nil), key...)}
}

// New returns a fresh identity named name.
func New(name string, now time.Time) (Identity, error) {
	if err := ValidateName(name); err != nil {
		return Identity{}, err
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return Identity{Player: hex.EncodeToString(b[:]), Name: name, Issued: now.Unix()}, nil
}

// Sign returns the token of id: base64url(JSON) "." base64url(HMAC).
func (s *Signer) Sign(id Identity) string {
	payload, _ := json.Marshal(id)
	p := base64.RawURLEncoding.EncodeToString(payload)
	return p + "." + base64.RawURLEncoding.EncodeToString(s.mac(p))
}

func (s *Signer) mac(p string) []byte {
	m, ok := s.macs.Get().(hash.Hash)
	if ok {
		m.Reset()
	} else {
		m = hmac.New(sha256.New, s.key)
	}
	_, _ = io.WriteString(m, p)
	sum := m.Sum(make([]byte, 0, sha256.Size))
	s.macs.Put(m)
	return sum
}

// Verify returns the identity of a token made by Sign with the same key,
// or an error wrapping ErrBadToken.
func (s *Signer) Verify(token string) (Identity, error) {
	p, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 512 {
		return Identity{}, ErrBadToken
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(p)) {
		return Identity{}, ErrBadToken
	}
	payload, err := base64.RawURLEncoding.DecodeString(p)
	if err != nil {
		return Identity{}, ErrBadToken
	}
	var id Identity
	if err := json.Unmarshal(payload, &id); err != nil || len(id.Player) != 16 || ValidateName(id.Name) != nil {
		return Identity{}, ErrBadToken
	}
	return id, nil
}
