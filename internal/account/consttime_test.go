package account_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Secrets are compared in constant time (crypto/subtle, crypto/hmac):
// in the accounts' code no secret-looking value (a MAC, a signature, a
// key, a hash, a CSRF token, a password) meets == or != or bytes.Equal,
// whose time tells how many leading bytes matched.
func TestAuthSecretsComparedInConstantTime(t *testing.T) {
	secret := []string{"mac", "sig", "key", "hash", "csrf", "password", "token", "ticket"}
	looksSecret := func(e ast.Expr) bool {
		var name string
		switch x := e.(type) {
		case *ast.Ident:
			name = x.Name
		case *ast.SelectorExpr:
			name = x.Sel.Name
		case *ast.CallExpr:
			if s, ok := x.Fun.(*ast.Ident); ok && s.Name == "string" && len(x.Args) == 1 {
				if id, ok := x.Args[0].(*ast.Ident); ok {
					name = id.Name
				}
			}
		}
		name = strings.ToLower(name)
		for _, s := range secret {
			if strings.Contains(name, s) {
				return true
			}
		}
		return false
	}
	files := 0
	for _, dir := range []string{".", "../web/authapi"} {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, p := range paths {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			files++
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BinaryExpr:
					if (x.Op == token.EQL || x.Op == token.NEQ) && (looksSecret(x.X) || looksSecret(x.Y)) {
						if lit, ok := x.Y.(*ast.BasicLit); ok && lit.Value == `""` {
							return true // emptiness, not a comparison of secrets
						}
						t.Errorf("%s: a secret compared with %s: use crypto/subtle", p, x.Op)
					}
				case *ast.CallExpr:
					if s, ok := x.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "Equal" {
						if pkg, ok := s.X.(*ast.Ident); ok && pkg.Name == "bytes" {
							t.Errorf("%s: bytes.Equal: use crypto/subtle or hmac.Equal", p)
						}
					}
				}
				return true
			})
		}
	}
	if files < 8 {
		t.Fatalf("checked %d files, want the accounts' code", files)
	}
}
