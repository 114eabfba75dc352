package account

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"
)

// TicketTTL is how long a ticket is good for once issued.
const TicketTTL = 60 * time.Second

// MaxTicket is the longest ticket, in bytes.
const MaxTicket = 512

// ticketKeyLabel derives the tickets' key from the server's secret, so
// that a ticket is never a guest token nor the other way round.
const ticketKeyLabel = "solitaire-race account ticket key v1"

// claims is what a ticket says: whose session it comes from and until
// when it is good. The session is named by the hash of its token (never
// the token itself), Nonce makes each ticket single-use.
type claims struct {
	Player     string `json:"p"`
	Name       string `json:"n"`
	Session    string `json:"s"`
	Generation int64  `json:"g"`
	Expires    int64  `json:"e"`
	Nonce      string `json:"j"`
}

// tickets signs and reads tickets: "t1." base64url(JSON claims) "."
// base64url(HMAC-SHA256). Safe for concurrent use.
type tickets struct {
	key []byte
}

func newTickets(secret []byte) *tickets {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ticketKeyLabel))
	return &tickets{key: m.Sum(nil)}
}

func (t *tickets) mac(p string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(p))
	return m.Sum(nil)
}

// issue returns a new ticket for c (its Nonce and Expires set here).
func (t *tickets) issue(c claims, now time.Time) string {
	var n [12]byte
	_, _ = rand.Read(n[:])
	c.Nonce = hex.EncodeToString(n[:])
	c.Expires = now.Add(TicketTTL).Unix()
	b, _ := json.Marshal(c)
	p := "t1." + base64.RawURLEncoding.EncodeToString(b)
	return p + "." + base64.RawURLEncoding.EncodeToString(t.mac(p))
}

// parse returns the claims of a ticket this key signed that has not
// expired at now, or ErrBadTicket. The MAC is compared in constant time
// (hmac.Equal). It does not check the session nor whether the ticket was
// used: the Service does.
func (t *tickets) parse(ticket string, now time.Time) (claims, error) {
	var c claims
	if len(ticket) > MaxTicket || !strings.HasPrefix(ticket, "t1.") {
		return c, ErrBadTicket
	}
	i := strings.LastIndexByte(ticket, '.')
	p, sig := ticket[:i], ticket[i+1:]
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, t.mac(p)) {
		return c, ErrBadTicket
	}
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(p, "t1."))
	if err != nil || json.Unmarshal(b, &c) != nil || c.Player == "" || c.Session == "" || c.Nonce == "" {
		return claims{}, ErrBadTicket
	}
	if now.Unix() > c.Expires || c.Expires > now.Add(TicketTTL+time.Minute).Unix() {
		return claims{}, ErrBadTicket
	}
	return c, nil
}
