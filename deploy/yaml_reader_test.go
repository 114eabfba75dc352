package deploy

import (
	"encoding/json"
	"testing"
)

func TestParseYAML(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"mapping", "a: 1\nb: two words\n", `[{"a":"1","b":"two words"}]`},
		{"nested", "a:\n  b:\n    c: d\n", `[{"a":{"b":{"c":"d"}}}]`},
		{"sequence of scalars", "- x\n- 'y z'\n- \"q\\\"\"\n", `[["x","y z","q\""]]`},
		{"sequence at key indent", "k:\n- a\n- b\nn: 1\n", `[{"k":["a","b"],"n":"1"}]`},
		{"sequence of mappings", "k:\n  - name: a\n    v: 1\n  - name: b\n", `[{"k":[{"name":"a","v":"1"},{"name":"b"}]}]`},
		{"flow", "a: [x, \"y\", 1]\nb: {}\nc: []\nd: {k: v}\n", `[{"a":["x","y","1"],"b":{},"c":[],"d":{"k":"v"}}]`},
		{"comments", "# head\na: b # tail\nc: \"# not\"\nu: http://h:1/#x\n", `[{"a":"b","c":"# not","u":"http://h:1/#x"}]`},
		{"block literal", "s: |\n  one\n\n  two\nn: 1\n", `[{"n":"1","s":"one\n\ntwo\n"}]`},
		{"block strip", "s: |-\n  one\n  two\n", `[{"s":"one\ntwo"}]`},
		{"anchor and merge", "x: &base\n  a: 1\n  b: 2\ny:\n  <<: *base\n  b: 3\n", `[{"x":{"a":"1","b":"2"},"y":{"a":"1","b":"3"}}]`},
		{"documents", "a: 1\n---\nb: 2\n", `[{"a":"1"},{"b":"2"}]`},
		{"plain with comma and colon", "e: ${X:?set X, e.g. 1}\n", `[{"e":"${X:?set X, e.g. 1}"}]`},
		{"quoted key", "\"a b\": c\n", `[{"a b":"c"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := parseYAML(tt.name, tt.src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			got, err := json.Marshal(docs)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestParseYAMLErrors(t *testing.T) {
	tests := []struct{ name, src string }{
		{"duplicate key", "a: 1\na: 2\n"},
		{"bad indentation", "a:\n    b: 1\n  c: 2\n"},
		{"unknown alias", "a: *nope\n"},
		{"unclosed quote", "a: \"x\n"},
		{"unclosed flow", "a: [x, y\n"},
		{"tab indentation", "a:\n\tb: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if docs, err := parseYAML(tt.name, tt.src); err == nil {
				t.Errorf("got %v and no error, want an error", docs)
			}
		})
	}
}
