package deploy

// A small YAML reader for the manifests in this directory, so that their
// tests need no dependency beyond the standard library. It reads the block
// style these files are written in: mappings, sequences (also "- key: v"
// items), plain and quoted scalars, one-line flow collections ([a, b],
// {}), block scalars (| and >), comments, anchors, aliases and "<<"
// merges, and "---" document separators. Scalars stay strings. Anything
// else is an error, never a silent guess.

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// yamlLine is one line that carries content.
type yamlLine struct {
	num    int    // 1-based line number in the file
	indent int    // leading spaces
	text   string // content without indentation and trailing comment
}

type yamlParser struct {
	name    string
	raw     []string // every line of the current document, for block scalars
	lines   []yamlLine
	pos     int
	anchors map[string]any
}

// parseYAMLFile reads every document in a file.
func parseYAMLFile(path string) ([]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseYAML(path, string(b))
}

// parseYAML reads every document in src; name is used in errors.
func parseYAML(name, src string) ([]any, error) {
	var docs []any
	var cur []string
	flush := func() error {
		p := &yamlParser{name: name, raw: cur, anchors: map[string]any{}}
		if err := p.scan(); err != nil {
			return err
		}
		if len(p.lines) == 0 {
			return nil
		}
		v, err := p.node(0)
		if err != nil {
			return err
		}
		if p.pos < len(p.lines) {
			l := p.lines[p.pos]
			return fmt.Errorf("%s:%d: unexpected %q", name, l.num, l.text)
		}
		docs = append(docs, v)
		return nil
	}
	for _, l := range strings.Split(src, "\n") {
		if strings.TrimRight(l, " \r") == "---" {
			if err := flush(); err != nil {
				return nil, err
			}
			cur = append(cur[:0:0], make([]string, len(cur)+1)...) // keep line numbers
			continue
		}
		cur = append(cur, strings.TrimRight(l, "\r"))
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return docs, nil
}

// scan fills p.lines from p.raw, dropping blank and comment-only lines.
func (p *yamlParser) scan() error {
	for i, l := range p.raw {
		if strings.Contains(l, "\t") && strings.TrimLeft(l, " ") != "" && strings.TrimLeft(l, " ")[0] == '\t' {
			return fmt.Errorf("%s:%d: tab in indentation", p.name, i+1)
		}
		t := strings.TrimLeft(l, " ")
		ind := len(l) - len(t)
		t = strings.TrimRight(stripComment(t), " ")
		if t == "" {
			continue
		}
		p.lines = append(p.lines, yamlLine{num: i + 1, indent: ind, text: t})
	}
	return nil
}

// stripComment removes a trailing "# ..." that is outside quotes.
func stripComment(s string) string {
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == '\\' && q == '"' {
				i++
			} else if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.ContainsRune(" [{,:-", rune(s[i-1])) {
				q = c
			}
		case c == '#' && (i == 0 || s[i-1] == ' '):
			return s[:i]
		}
	}
	return s
}

func (p *yamlParser) errf(l yamlLine, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, l.num, fmt.Sprintf(format, args...))
}

// node parses the block node starting at the current line, which must be
// indented at least minIndent.
func (p *yamlParser) node(minIndent int) (any, error) {
	if p.pos >= len(p.lines) || p.lines[p.pos].indent < minIndent {
		return nil, nil
	}
	l := p.lines[p.pos]
	if isSeqItem(l.text) {
		return p.seq(l.indent)
	}
	if _, _, ok := splitKey(l.text); ok {
		return p.mapping(l.indent)
	}
	p.pos++
	return p.inline(l, l.text)
}

func isSeqItem(t string) bool { return t == "-" || strings.HasPrefix(t, "- ") }

// splitKey splits "key: rest" (or "key:"); ok is false if t is no key.
func splitKey(t string) (key, rest string, ok bool) {
	if t == "" || t[0] == '[' || t[0] == '{' || t[0] == '*' || t[0] == '&' || t[0] == '|' || t[0] == '>' {
		return "", "", false
	}
	if t[0] == '"' || t[0] == '\'' {
		end := closingQuote(t)
		if end < 0 || end+1 >= len(t) || t[end+1] != ':' {
			return "", "", false
		}
		k, err := unquote(t[:end+1])
		if err != nil {
			return "", "", false
		}
		r := t[end+2:]
		if r != "" && r[0] != ' ' {
			return "", "", false
		}
		return k, strings.TrimSpace(r), true
	}
	if i := strings.Index(t, ": "); i > 0 {
		return t[:i], strings.TrimSpace(t[i+2:]), true
	}
	if strings.HasSuffix(t, ":") && len(t) > 1 {
		return t[:len(t)-1], "", true
	}
	return "", "", false
}

// closingQuote returns the index of the quote closing the one at t[0].
func closingQuote(t string) int {
	q := t[0]
	for i := 1; i < len(t); i++ {
		switch {
		case q == '"' && t[i] == '\\':
			i++
		case q == '\'' && t[i] == '\'' && i+1 < len(t) && t[i+1] == '\'':
			i++
		case t[i] == q:
			return i
		}
	}
	return -1
}

func unquote(s string) (string, error) {
	if s[0] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], "''", "'"), nil
	}
	return strconv.Unquote(s)
}

func (p *yamlParser) mapping(indent int) (map[string]any, error) {
	m := map[string]any{}
	explicit := map[string]bool{} // keys written here, not merged in
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent {
		l := p.lines[p.pos]
		key, rest, ok := splitKey(l.text)
		if !ok {
			return nil, p.errf(l, "want \"key: value\", got %q", l.text)
		}
		p.pos++
		v, err := p.value(l, indent, rest)
		if err != nil {
			return nil, err
		}
		if key == "<<" {
			src, ok := v.(map[string]any)
			if !ok {
				return nil, p.errf(l, "merge of a non-mapping")
			}
			for k, sv := range src {
				if !explicit[k] {
					m[k] = sv
				}
			}
			continue
		}
		if explicit[key] {
			return nil, p.errf(l, "duplicate key %q", key)
		}
		explicit[key] = true
		m[key] = v
	}
	if p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
		l := p.lines[p.pos]
		return nil, p.errf(l, "bad indentation of %q", l.text)
	}
	return m, nil
}

// value parses what follows "key:" on line l (of a mapping at indent).
func (p *yamlParser) value(l yamlLine, indent int, rest string) (any, error) {
	anchor := ""
	if strings.HasPrefix(rest, "&") {
		name, after, _ := strings.Cut(rest[1:], " ")
		anchor, rest = name, strings.TrimSpace(after)
	}
	var v any
	var err error
	switch {
	case rest == "":
		// A block node below, or a sequence at the key's own indent.
		if p.pos < len(p.lines) && p.lines[p.pos].indent == indent && isSeqItem(p.lines[p.pos].text) {
			v, err = p.seq(indent)
		} else {
			v, err = p.node(indent + 1)
		}
	case rest[0] == '|' || rest[0] == '>':
		v = p.blockScalar(indent, rest[0] == '>')
		if !strings.Contains(rest, "-") {
			v = v.(string) + "\n" // "clip": keep one final newline
		}
	default:
		v, err = p.inline(l, rest)
	}
	if err != nil {
		return nil, err
	}
	if anchor != "" {
		p.anchors[anchor] = v
	}
	return v, nil
}

// blockScalar takes every following line indented more than indent,
// blank lines included, and removes their common indentation.
func (p *yamlParser) blockScalar(indent int, folded bool) string {
	start := p.lines[p.pos-1].num // raw index of the first line below
	end := start
	for p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
		end = p.lines[p.pos].num
		p.pos++
	}
	body := p.raw[start:end]
	cut := -1
	for _, b := range body {
		if t := strings.TrimLeft(b, " "); t != "" {
			if n := len(b) - len(t); cut < 0 || n < cut {
				cut = n
			}
		}
	}
	out := make([]string, len(body))
	for i, b := range body {
		if len(b) >= cut && cut >= 0 {
			out[i] = b[cut:]
		}
	}
	sep := "\n"
	if folded {
		sep = " "
	}
	return strings.Join(out, sep)
}

func (p *yamlParser) seq(indent int) ([]any, error) {
	var s []any
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent && isSeqItem(p.lines[p.pos].text) {
		l := p.lines[p.pos]
		rest := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		if rest == "" {
			p.pos++
			v, err := p.node(indent + 1)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
			continue
		}
		if _, _, ok := splitKey(rest); ok {
			// "- key: v": a mapping whose keys sit where "key" starts.
			off := len(l.text) - len(strings.TrimLeft(strings.TrimPrefix(l.text, "-"), " "))
			p.lines[p.pos] = yamlLine{num: l.num, indent: indent + off, text: rest}
			v, err := p.mapping(indent + off)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
			continue
		}
		p.pos++
		v, err := p.inline(l, rest)
		if err != nil {
			return nil, err
		}
		s = append(s, v)
	}
	return s, nil
}

// inline parses a scalar, alias or one-line flow collection.
func (p *yamlParser) inline(l yamlLine, t string) (any, error) {
	if strings.HasPrefix(t, "*") {
		v, ok := p.anchors[t[1:]]
		if !ok {
			return nil, p.errf(l, "unknown alias %q", t)
		}
		return v, nil
	}
	if !strings.ContainsRune("[{\"'", rune(t[0])) {
		return t, nil // a plain scalar runs to the end of the line
	}
	v, rest, err := parseFlow(t)
	if err != nil {
		return nil, p.errf(l, "%v", err)
	}
	if strings.TrimSpace(rest) != "" {
		return nil, p.errf(l, "trailing %q", rest)
	}
	return v, nil
}

// parseFlow parses one flow value at the start of t and returns the rest.
func parseFlow(t string) (any, string, error) {
	t = strings.TrimLeft(t, " ")
	if t == "" {
		return "", "", nil
	}
	switch t[0] {
	case '[', '{':
		isMap := t[0] == '{'
		closer := map[bool]byte{false: ']', true: '}'}[isMap]
		t = strings.TrimLeft(t[1:], " ")
		var s []any
		m := map[string]any{}
		for {
			if t == "" {
				return nil, "", fmt.Errorf("unclosed flow collection")
			}
			if t[0] == closer {
				if isMap {
					return m, t[1:], nil
				}
				if s == nil {
					s = []any{}
				}
				return s, t[1:], nil
			}
			if isMap {
				k, after, err := parseFlow(t)
				if err != nil {
					return nil, "", err
				}
				after = strings.TrimLeft(after, " ")
				if after == "" || after[0] != ':' {
					return nil, "", fmt.Errorf("want ':' in flow mapping")
				}
				v, after2, err := parseFlow(after[1:])
				if err != nil {
					return nil, "", err
				}
				m[fmt.Sprint(k)] = v
				t = after2
			} else {
				v, after, err := parseFlow(t)
				if err != nil {
					return nil, "", err
				}
				s = append(s, v)
				t = after
			}
			t = strings.TrimLeft(t, " ")
			if t != "" && t[0] == ',' {
				t = strings.TrimLeft(t[1:], " ")
			}
		}
	case '"', '\'':
		end := closingQuote(t)
		if end < 0 {
			return nil, "", fmt.Errorf("unclosed quote in %q", t)
		}
		s, err := unquote(t[:end+1])
		return s, t[end+1:], err
	}
	// A plain scalar ends at a flow indicator only inside a collection;
	// at top level it runs to the end of the line.
	end := len(t)
	for i := 0; i < len(t); i++ {
		if t[i] == ',' || t[i] == ']' || t[i] == '}' || (t[i] == ':' && (i+1 == len(t) || t[i+1] == ' ')) {
			end = i
			break
		}
	}
	return strings.TrimRight(t[:end], " "), t[end:], nil
}
