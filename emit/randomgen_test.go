package emit_test

// The generator of random programs for TestRandomPrograms: programs in the
// spec-tests' style, where data moves between host and device in every
// way the separate-memory mode must get right (rules/sync.mg): module
// arrays and a common block that kernels of module procedures and of an
// external subroutine write in a time loop; host statements that read and
// write that data between the launches (one-line IFs whose condition and
// action read it, WHERE and FORALL masks, DO-loop bounds, SELECT CASE
// selectors, a pointer to a target, whole-array assignments); sections
// passed to explicit-shape dummies (copied in and out by the host
// compiler) of routines that work on the host or launch a kernel of their
// own. Every kernel is free of races (each iteration writes its own
// element and reads only its own element of what the kernel writes), so
// any order of the iterations gives the sequential result: the program
// built by gfortran alone is the oracle.

import (
	"fmt"
	"math/rand"
	"strings"
)

// rgen builds one random program.
type rgen struct {
	r           *rand.Rand
	n, nx, ny   int
	steps       int
	kernels     []string // module procedures
	loop        []string // statements of the time loop
	ptr, common bool
}

// The real arrays of the module of n elements that kernels write; tg is a
// target, pp may point to it or to ut (a target only the pointer's kernels
// write). Kernels through pp read only arrays no pointer may point to (v,
// w), so that no kernel reads an element another iteration writes.
var rgReal = []string{"u", "v", "w", "tg"}

func (g *rgen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }

func (g *rgen) coef() string {
	return fmt.Sprintf("%.3fd0", 0.05+0.9*g.r.Float64())
}

func (g *rgen) idx() int { return 1 + g.r.Intn(g.n) }

func (g *rgen) row() int { return 1 + g.r.Intn(g.nx) }

// other returns an array of rgReal other than x.
func (g *rgen) other(x string) string {
	for {
		if y := g.pick(rgReal...); y != x {
			return y
		}
	}
}

// genProgram returns the source of random program number i of seed.
func genProgram(seed int64, i int) string {
	g := &rgen{r: rand.New(rand.NewSource(seed*1_000_003 + int64(i)))}
	g.n = 40 + g.r.Intn(160)
	g.nx = 3 + g.r.Intn(6)
	g.ny = 10 + g.r.Intn(30)
	if g.ny > g.n {
		g.ny = g.n
	}
	g.steps = 6 + g.r.Intn(15)
	g.ptr = g.r.Intn(2) == 0
	g.common = g.r.Intn(2) == 0
	nk := 2 + g.r.Intn(3)
	for k := 1; k <= nk; k++ {
		g.kernel(k)
	}
	// The time loop: every kernel, the routines over dummies and host
	// statements, in random order.
	var stmts []string
	for k := 1; k <= nk; k++ {
		stmts = append(stmts, fmt.Sprintf("call kern%d(t)", k))
	}
	if g.common {
		stmts = append(stmts, "call rg_cstep(t)")
	}
	x, y := g.pair()
	stmts = append(stmts, fmt.Sprintf("call kdum(%s, %s, n, t)", x, y))
	nh := 4 + g.r.Intn(8)
	for h := 0; h < nh; h++ {
		stmts = append(stmts, g.host())
	}
	g.r.Shuffle(len(stmts), func(a, b int) { stmts[a], stmts[b] = stmts[b], stmts[a] })
	g.loop = stmts
	return g.source(seed, i)
}

// pair returns two different arrays of the module that no pointer
// denotes.
func (g *rgen) pair() (string, string) {
	x := g.pick("u", "v", "w")
	y := g.pick("u", "v", "w")
	for y == x {
		y = g.pick("u", "v", "w")
	}
	return x, y
}

// kernel adds module procedure kernK(t) with one or two do concurrent loops.
func (g *rgen) kernel(k int) {
	var b strings.Builder
	fmt.Fprintf(&b, "  subroutine kern%d(t)\n    integer, intent(in) :: t\n    integer :: i, j\n", k)
	loops := 1 + g.r.Intn(2)
	for l := 0; l < loops; l++ {
		switch g.r.Intn(6) {
		case 0, 1: // elementwise, maybe masked
			dst := g.pick(rgReal...)
			src := g.other(dst)
			mask := ""
			if g.r.Intn(3) == 0 {
				mask = fmt.Sprintf(", %s(i) > %s", src, g.coef())
			}
			fmt.Fprintf(&b, "    do concurrent (i = 1:n%s)\n      %s(i) = 0.5d0*%s(i) + %s*%s(i) + %s*mod(t + i, %d)\n    end do\n",
				mask, dst, dst, g.coef(), src, g.coef(), 2+g.r.Intn(7))
		case 2: // a stencil over an array the loop only reads
			dst := g.pick(rgReal...)
			src := g.other(dst)
			fmt.Fprintf(&b, "    do concurrent (i = 1:n)\n      %s(i) = 0.25d0*(%s(max(i - 1, 1)) + 2*%s(i) + %s(min(i + 1, n))) + 0.01d0*t\n    end do\n",
				dst, src, src, src)
		case 3: // the matrix
			fmt.Fprintf(&b, "    do concurrent (i = 1:nx, j = 1:ny)\n      gm(i, j) = 0.5d0*gm(i, j) + %s*i + 0.01d0*j + mod(t, %d) + 0.1d0*%s(j)\n    end do\n",
				g.coef(), 2+g.r.Intn(5), g.pick("u", "v", "w"))
		case 4: // integers
			fmt.Fprintf(&b, "    do concurrent (i = 1:n)\n      ic(i) = mod(ic(i) + i*t + int(%s(i)), %d)\n    end do\n",
				g.pick(rgReal...), 3+g.r.Intn(6))
		case 5: // through the pointer, or a plain one without it
			if g.ptr {
				fmt.Fprintf(&b, "    do concurrent (i = 1:n)\n      pp(i) = 0.5d0*pp(i) + %s*%s(i) + 0.125d0*mod(i, 3)\n    end do\n",
					g.coef(), g.pick("v", "w"))
			} else {
				dst := g.pick(rgReal...)
				fmt.Fprintf(&b, "    do concurrent (i = 1:n)\n      %s(i) = 0.75d0*%s(i) - %s\n    end do\n", dst, dst, g.coef())
			}
		}
	}
	fmt.Fprintf(&b, "  end subroutine kern%d\n", k)
	g.kernels = append(g.kernels, b.String())
}

// host returns a statement (or a few lines) of the time loop that works on
// the host.
func (g *rgen) host() string {
	x := g.pick(rgReal...)
	y := g.pick(rgReal...)
	switch g.r.Intn(20) {
	case 0:
		return fmt.Sprintf("if (%s(%d) > %s) s = s + %s(%d)", x, g.idx(), g.coef(), y, g.idx())
	case 1:
		return fmt.Sprintf("if (%s(%d) < %s) %s(%d) = %s(%d) - %s", x, g.idx(), g.coef(), y, g.idx(), y, g.idx(), g.coef())
	case 2:
		return fmt.Sprintf("if (ic(%d) == %d) ic(%d) = ic(%d) + int(%s(%d))", g.idx(), g.r.Intn(3), g.idx(), g.idx(), x, g.idx())
	case 3:
		return fmt.Sprintf("call hfill(ny, gm(%d, :), %s)", g.row(), g.coef())
	case 4:
		return fmt.Sprintf("call dfill(ny, gm(%d, :), %s)", g.row(), g.coef())
	case 5:
		return fmt.Sprintf("call hfill(n/2, %s(1:n:2), %s)", g.pick("u", "v", "w"), g.coef())
	case 6:
		return fmt.Sprintf("if (mod(t, %d) == 0) call dfill(n/3, %s(2:n:3), %s)", 2+g.r.Intn(3), g.pick("u", "v", "w"), g.coef())
	case 7:
		return fmt.Sprintf("where (%s > %s) %s = %s + 1", x, g.coef(), y, y)
	case 8:
		return fmt.Sprintf("where (%s < %s)\n      %s = 0.5d0*%s\n    elsewhere\n      %s = %s - %s\n    end where", x, g.coef(), y, y, y, y, g.coef())
	case 9:
		return fmt.Sprintf("do k = 1, n, %d\n      s = s + %s(k)\n    end do", 1+g.r.Intn(5), x)
	case 10:
		return fmt.Sprintf("do k = 1, ic(%d) + 1\n      s = s + k*%s(k)\n    end do", g.idx(), x)
	case 11:
		return fmt.Sprintf("forall (k = 1:n, ic(k) > %d) %s(k) = %s(k)*0.5d0", g.r.Intn(4), y, y)
	case 12:
		return fmt.Sprintf("select case (ic(%d))\n    case (0:1)\n      s = s + 1\n    case default\n      s = s - %s(%d)\n    end select", g.idx(), x, g.idx())
	case 13:
		return fmt.Sprintf("if (mod(t, %d) == 0) %s = 0.5d0*%s", 2+g.r.Intn(5), y, y)
	case 14:
		return fmt.Sprintf("s = s + rsum(ny, gm(%d, :)) + rsum(n/2, %s(2:n:2))", g.row(), x)
	case 15:
		if g.common {
			return fmt.Sprintf("if (cb(%d) > %s) s = s + cb(%d)", g.idx(), g.coef(), g.idx())
		}
		return fmt.Sprintf("if (gm(%d, %d) > %s) s = s + gm(1, 1)", g.row(), 1+g.r.Intn(g.ny), g.coef())
	case 16:
		if g.common {
			return fmt.Sprintf("call rg_cread(s)\n    cb(%d) = cb(%d) + %s", g.idx(), g.idx(), g.coef())
		}
		return fmt.Sprintf("gm(%d, %d) = gm(%d, %d) + 1", g.row(), 1+g.r.Intn(g.ny), g.row(), 1+g.r.Intn(g.ny))
	case 17:
		if g.ptr {
			return fmt.Sprintf("if (mod(t, %d) == 0) then\n      pp => ut\n    else\n      pp => tg\n    end if\n    s = s + pp(%d)", 2+g.r.Intn(3), g.idx())
		}
		return fmt.Sprintf("s = s + %s(%d)*%s(%d)", x, g.idx(), y, g.idx())
	case 18:
		return fmt.Sprintf("if (gm(%d, 1) > %s) call hfill(ny, gm(%d, :), %s)", g.row(), g.coef(), g.row(), g.coef())
	default:
		return fmt.Sprintf("call ksc(%s, n, %s)", g.pick("u", "v", "w"), g.coef())
	}
}

// source writes the program.
func (g *rgen) source(seed int64, i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "! Random program %d of seed %d (emit/randomgen_test.go).\n", i, seed)
	fmt.Fprintf(&b, "module rg_data\n  implicit none\n  integer, parameter :: n = %d, nx = %d, ny = %d\n", g.n, g.nx, g.ny)
	b.WriteString("  real(8) :: v(n), w(n), gm(nx, ny)\n  real(8), target :: tg(n), ut(n)\n  integer :: ic(n)\n")
	if g.ptr {
		b.WriteString("  real(8), pointer :: pp(:) => null()\n")
	}
	b.WriteString("  real(8) :: u(n)\n")
	b.WriteString("contains\n")
	for _, k := range g.kernels {
		b.WriteString(k)
	}
	b.WriteString(`  subroutine kdum(x, y, m, t)
    integer, intent(in) :: m, t
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: y(m)
    integer :: i
    do concurrent (i = 1:m)
      x(i) = 0.5d0*x(i) + 0.25d0*y(i) + 0.001d0*t
    end do
  end subroutine kdum
  subroutine ksc(x, m, f)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(:)
    real(8), intent(in) :: f
    integer :: i
    do concurrent (i = 1:m)
      x(i) = x(i)*f
    end do
  end subroutine ksc
  subroutine hfill(m, x, c)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: c
    integer :: k
    do k = 1, m
      x(k) = 0.5d0*x(k) + c*mod(k, 4)
    end do
  end subroutine hfill
  subroutine dfill(m, x, c)
    integer, intent(in) :: m
    real(8), intent(inout) :: x(m)
    real(8), intent(in) :: c
    integer :: k
    do concurrent (k = 1:m)
      x(k) = 0.25d0*x(k) + c*mod(k, 3)
    end do
  end subroutine dfill
  real(8) function rsum(m, x)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    rsum = sum(x)
  end function rsum
end module rg_data
`)
	if g.common {
		b.WriteString(`subroutine rg_cstep(t)
  use rg_data, only: n
  implicit none
  integer, intent(in) :: t
  real(8) :: cb(n)
  common /rgc/ cb
  integer :: i
  do concurrent (i = 1:n)
    cb(i) = 0.5d0*cb(i) + mod(i + t, 5)
  end do
end subroutine rg_cstep
subroutine rg_cread(s)
  use rg_data, only: n
  implicit none
  real(8), intent(inout) :: s
  real(8) :: c1(n/2), c2(n - n/2)
  common /rgc/ c1, c2
  s = s + c2(1) - c1(1)
end subroutine rg_cread
`)
	}
	b.WriteString("program rg_main\n  use rg_data\n  implicit none\n  integer :: t, k\n  real(8) :: s\n")
	if g.common {
		b.WriteString("  real(8) :: cb(n)\n  common /rgc/ cb\n  cb = 1\n")
	}
	b.WriteString("  s = 0\n  ic = 0\n  gm = 1\n")
	for _, x := range append([]string{"ut"}, rgReal...) {
		fmt.Fprintf(&b, "  do k = 1, n\n    %s(k) = %s*mod(k, 7)\n  end do\n", x, g.coef())
	}
	if g.ptr {
		b.WriteString("  pp => tg\n")
	}
	fmt.Fprintf(&b, "  do t = 1, %d\n", g.steps)
	for _, s := range g.loop {
		b.WriteString("    " + s + "\n")
	}
	b.WriteString("  end do\n")
	b.WriteString("  print '(a, es24.16)', 's ', s\n")
	for _, x := range append([]string{"ut"}, rgReal...) {
		fmt.Fprintf(&b, "  print '(a, 3es24.16)', '%s ', sum(%s), %s(1), %s(n)\n", x, x, x, x)
	}
	b.WriteString("  print '(a, es24.16, i8)', 'gm ic ', sum(gm), sum(ic)\n")
	if g.common {
		b.WriteString("  print '(a, es24.16)', 'cb ', sum(cb)\n")
	}
	b.WriteString("end program rg_main\n")
	return b.String()
}
