#!/usr/bin/env python3
# Writes src/mathlib.f90: every function of the table, for real(4) and
# real(8), in a kernel and in a host loop, compared bit for bit.
import os

def f(v):
    s = '%.17g' % v
    return s.replace('e', 'd') if 'e' in s else s + 'd0'

funcs = [
    ("exp", "exp(x(i))", -80, 80, -700, 700),
    ("log", "log(x(i))", 1e-30, 1e30, 1e-300, 1e300),
    ("log10", "log10(x(i))", 1e-30, 1e30, 1e-300, 1e300),
    ("sin", "sin(x(i))", -100, 100, -100, 100),
    ("cos", "cos(x(i))", -100, 100, -100, 100),
    ("tan", "tan(x(i))", -10, 10, -10, 10),
    ("sinh", "sinh(x(i))", -80, 80, -700, 700),
    ("cosh", "cosh(x(i))", -80, 80, -700, 700),
    ("tanh", "tanh(x(i))", -10, 10, -20, 20),
    ("asin", "asin(x(i))", -1, 1, -1, 1),
    ("acos", "acos(x(i))", -1, 1, -1, 1),
    ("atan", "atan(x(i))", -100, 100, -100, 100),
    ("atan2", "atan2(x(i), w(i))", -100, 100, -100, 100),
    ("sqrt", "sqrt(x(i))", 0, 1e30, 0, 1e300),
    ("hypot", "hypot(x(i), w(i))", -100, 100, -100, 100),
    ("erf", "erf(x(i))", -5, 5, -6, 6),
    ("gamma", "gamma(x(i))", 0.01, 30, 0.01, 160),
    ("pow", "abs(x(i)) ** (w(i) * 0.1)", 0.01, 100, 0.01, 100),
]

out = ["""! bench/mathlib/src/mathlib.f90, written by bench/mathlib/gen.py: the
! elementary functions in kernels against the host's (gfortran's libm), for
! real(4) and real(8): N arguments spread over each function's range
! (argument 1, default 1e6), each function evaluated in a do concurrent
! loop and in a host loop; prints, per function and kind, how many results
! differ in their bits, the largest difference in ulps and the
! microseconds of the kernel (after a warm-up launch). On the CPU backend
! the kernels call the host's library: every count is 0.
module mathlib_mod
  implicit none
contains
"""]
for kind in (4, 8):
    for (name, expr, *_r) in funcs:
        out.append(f"""  subroutine k_{name}{kind}(x, w, y)
    real({kind}), intent(in) :: x(:), w(:)
    real({kind}), intent(out) :: y(:)
    integer :: i
    do concurrent (i = 1:size(x))
      y(i) = {expr}
    end do
  end subroutine k_{name}{kind}

  subroutine h_{name}{kind}(x, w, y)
    real({kind}), intent(in) :: x(:), w(:)
    real({kind}), intent(out) :: y(:)
    integer :: i
    do i = 1, size(x)
      y(i) = {expr}
    end do
  end subroutine h_{name}{kind}

""")
out.append("""  subroutine report(name, kind, n, dy, hy, us)
    character(len=*), intent(in) :: name
    integer, intent(in) :: kind, n
    integer(8), intent(in) :: dy(n), hy(n)
    real(8), intent(in) :: us
    integer :: i, differ
    integer(8) :: worst
    differ = 0
    worst = 0
    do i = 1, n
      if (dy(i) /= hy(i)) then
        differ = differ + 1
        worst = max(worst, abs(dy(i) - hy(i)))
      end if
    end do
    print '(a, a6, a, i0, a, i8, a, i0, a, i0, a, f10.1)', 'RESULT fn=', name, ' kind=', kind, ' differ=', differ, &
      ' of ', n, ' max_ulps=', worst, ' us_kernel=', us
  end subroutine report
end module mathlib_mod

program mathlib
  use apps_timer, only: wtime
  use mathlib_mod
  implicit none
  integer :: n, i
  character(len=32) :: arg
  real(4), allocatable :: x4(:), w4(:), y4(:), h4(:)
  real(8), allocatable :: x8(:), w8(:), y8(:), h8(:)
  integer(8), allocatable :: dy(:), hy(:)
  real(8) :: t0, u
  n = 1000000
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  allocate(x4(n), w4(n), y4(n), h4(n), x8(n), w8(n), y8(n), h8(n), dy(n), hy(n))
""")
for kind in (4, 8):
    for (name, expr, lo4, hi4, lo8, hi8) in funcs:
        lo, hi = (lo4, hi4) if kind == 4 else (lo8, hi8)
        if lo > 0 and hi / lo > 1e6:
            gen = f"exp(log({f(lo)}) + (log({f(hi)}) - log({f(lo)})) * u)"
        else:
            gen = f"{f(lo)} + ({f(hi)} - ({f(lo)})) * u"
        x, w, y, h = f"x{kind}", f"w{kind}", f"y{kind}", f"h{kind}"
        out.append(f"""  do i = 1, n
    u = modulo(0.6180339887498949d0 * i, 1.0d0)
    {x}(i) = real({gen}, {kind})
    u = modulo(0.7548776662466927d0 * i, 1.0d0)
    {w}(i) = real({f(lo)} + ({f(hi)} - ({f(lo)})) * u, {kind})
  end do
  call k_{name}{kind}({x}, {w}, {y})
  t0 = wtime()
  call k_{name}{kind}({x}, {w}, {y})
  t0 = wtime() - t0
  call h_{name}{kind}({x}, {w}, {h})
""")
        if kind == 4:
            out.append(f"  dy = int(transfer({y}, 0_4, n), 8)\n  hy = int(transfer({h}, 0_4, n), 8)\n")
        else:
            out.append(f"  dy = transfer({y}, 0_8, n)\n  hy = transfer({h}, 0_8, n)\n")
        out.append(f"  call report('{name}', {kind}, n, dy, hy, t0 * 1d6)\n")
out.append("end program mathlib\n")
here = os.path.dirname(os.path.abspath(__file__))
open(os.path.join(here, 'src', 'mathlib.f90'), 'w').write(''.join(out))
