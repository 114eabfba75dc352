package account

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/solitaire-race/racer/hub/session"
)

// Username lengths, in characters. A username is also the player's
// display name in races, so it follows session.ValidateName too.
const (
	MinUsername = 3
	MaxUsername = session.MaxNameLen
)

// ValidateUsername checks a username: MinUsername … MaxUsername
// characters that session.ValidateName allows (letters, digits, single
// spaces and - _ ., starting and ending with a letter or digit), already
// in Unicode normal form NFKC (so that what is shown is what is
// compared), or ErrBadUsername.
func ValidateUsername(name string) error {
	if session.ValidateName(name) != nil || len([]rune(name)) < MinUsername || norm.NFKC.String(name) != name {
		return ErrBadUsername
	}
	return nil
}

// Skeleton returns the key under which usernames are unique: two names
// with one skeleton read alike and only the first is taken. It is the
// name in NFKC, lower-cased, without separators (- _ . and spaces), with
// the look-alikes of confusables mapped to one letter: Cyrillic and
// Greek letters that look Latin, 0 and o, 1 l I i and |, 5 and s, rn and
// m, vv and w, cl and d.
func Skeleton(name string) string {
	s := strings.ToLower(norm.NFKC.String(name))
	var b strings.Builder
	for _, r := range s {
		if r == '-' || r == '_' || r == '.' || unicode.IsSpace(r) {
			continue
		}
		if m, ok := confusables[r]; ok {
			r = m
		}
		b.WriteRune(r)
	}
	out := b.String()
	// Pairs that read as one letter, after the single letters are mapped
	// (so "rn" in any script is caught).
	for _, p := range [][2]string{{"rn", "m"}, {"vv", "w"}, {"cl", "d"}} {
		out = strings.ReplaceAll(out, p[0], p[1])
	}
	return out
}

// confusables maps a lower-case letter or digit to the Latin letter it
// can be taken for. The source of the look-alikes is Unicode's
// confusables.txt, cut to the letters a display name may hold that read
// as Latin ones in common fonts.
var confusables = map[rune]rune{
	'0': 'o', '1': 'l', 'i': 'l', '|': 'l', 'ı': 'l', 'ǀ': 'l', '5': 's', '$': 's',
	// Cyrillic
	'а': 'a', 'в': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'l', 'ї': 'l', 'ј': 'j',
	'к': 'k', 'ӏ': 'l', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'т': 't', 'у': 'y',
	'х': 'x', 'ү': 'y', 'ԝ': 'w', 'ь': 'b', 'п': 'n',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'l', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't',
	'υ': 'u', 'χ': 'x', 'γ': 'y', 'ω': 'w', 'μ': 'u',
}
