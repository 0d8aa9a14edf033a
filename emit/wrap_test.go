package emit

import (
	"strings"
	"testing"
)

// TestWrap: long host lines are cut before 100 characters with free
// form's continuations, after a comma, else at a blank, else inside a
// token or a character literal (& on both lines), never in a comment or
// so that a continuation line holds a comment alone.
func TestWrap(t *testing.T) {
	long := strings.Repeat("x", 130)
	cases := []struct {
		in   string
		want []string
	}{
		{"  a = b", []string{"  a = b"}},
		{"  call f(" + strings.Repeat("aaaa, ", 20) + "b)", nil},
		{"  if (.not. (" + strings.Repeat("aaaaaaa + ", 12) + "b > 0)) cycle", nil},
		{"  s = '" + long + "'", nil},
		{"  call g(x)  ! " + long, []string{"  call g(x)  ! " + long}},
		// Indentation deeper than a cut: the indentation goes.
		{strings.Repeat(" ", 120) + "do i = fgpu_lo1, fgpu_hi1", []string{strings.Repeat(" ", 60) + "do i = fgpu_lo1, fgpu_hi1"}},
		{strings.Repeat(" ", 98) + "do " + strings.Repeat("j", 63) + " = fgpu_lo1, fgpu_hi1, fgpu_st1", nil},
	}
	for _, c := range cases {
		got := wrap(c.in)
		if c.want != nil && strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("wrap(%q) = %q, want %q", c.in, got, c.want)
			continue
		}
		// Joined back as free form joins continuations, the statement is
		// the same text.
		var joined string
		for i, l := range got {
			if c.want == nil && len(l) > 132 {
				t.Errorf("wrap(%q): line %d has %d characters", c.in, i, len(l))
			}
			if strings.Trim(l, " &") == "" {
				t.Errorf("wrap(%q): line %d holds no statement text: %q", c.in, i, l)
			}
			if i > 0 {
				l = strings.TrimLeft(l, " ")
				if !strings.HasPrefix(l, "&") {
					t.Errorf("wrap(%q): continuation %q does not start with &", c.in, l)
				}
				l = l[1:]
			}
			if i < len(got)-1 {
				if !strings.HasSuffix(l, "&") {
					t.Errorf("wrap(%q): line %q does not end with &", c.in, l)
				}
				l = strings.TrimSuffix(l, "&")
			}
			joined += l
		}
		if strings.ReplaceAll(joined, " ", "") != strings.ReplaceAll(c.in, " ", "") {
			t.Errorf("wrap(%q) joins to %q", c.in, joined)
		}
		if c.want == nil && len(got) < 2 {
			t.Errorf("wrap(%q) did not cut", c.in)
		}
	}
}
