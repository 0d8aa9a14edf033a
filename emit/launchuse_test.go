package emit_test

import (
	"regexp"
	"strings"
	"testing"

	"fgpu/cmd/fgpu/driver"
	"fgpu/frontend/target"
)

const launchUseSrc = `module ma
  implicit none
  real :: a(100)
contains
  subroutine stepa(n)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)
      a(i) = a(i) + 1.0
    end do
    call inner()
  contains
    subroutine inner()
      integer :: k
      do concurrent (k = 1:n)
        a(k) = 2.0 * a(k)
      end do
    end subroutine inner
  end subroutine stepa
end module ma
module mb
  implicit none
  real :: b(100)
contains
  subroutine stepb(n)
    integer, intent(in) :: n
    integer :: i
    do concurrent (i = 1:n)
      b(i) = b(i) - 1.0
    end do
  end subroutine stepb
end module mb
program main
  use ma
  use mb
  implicit none
  integer :: it, i
  a = 0.0
  b = 0.0
  do it = 1, 3
    call stepa(100)
    call stepb(100)
  end do
  do concurrent (i = 1:100)
    a(i) = a(i) + b(i)
  end do
  print *, sum(a)
end program main
`

// TestLaunchModulesPerUnit: the launch routines' interfaces are in one
// module per program unit, and each unit uses, with an only list, the
// modules of the routines it calls, and those only (issue 35).
func TestLaunchModulesPerUnit(t *testing.T) {
	r, err := driver.Pipeline(driver.Config{Source: &driver.Source{Name: "lu.f90", Text: []byte(launchUseSrc)}, Target: target.Must("cpu"), StopAfter: driver.PhaseEmit})
	if err != nil {
		t.Fatal(err)
	}
	if r.Failed() || r.Output == nil {
		t.Fatalf("pipeline failed: %v", r.Diags)
	}
	iface, host := r.Output.Interface, r.Output.Host["lu.f90"]
	// The modules and the kernels each declares.
	mods := regexp.MustCompile(`(?m)^module (\w+)$`).FindAllStringSubmatch(iface, -1)
	if len(mods) != 4 {
		t.Fatalf("want the runtime's module and 3 unit modules, got %v\n%s", mods, iface)
	}
	declares := map[string]string{} // kernel -> module
	for _, m := range mods {
		body := iface[strings.Index(iface, "module "+m[1]+"\n"):strings.Index(iface, "end module "+m[1]+"\n")]
		for _, k := range regexp.MustCompile(`(?m)^    subroutine (fgpu_\w+_k\d+)\(`).FindAllStringSubmatch(body, -1) {
			if declares[k[1]] != "" {
				t.Errorf("%s declared in %s and %s", k[1], declares[k[1]], m[1])
			}
			declares[k[1]] = m[1]
		}
	}
	if len(declares) != 4 {
		t.Fatalf("want 4 launch routines, got %v", declares)
	}
	// Every use of a launch module has an only list; every kernel named is
	// declared by the module named; each unit's kernels come from one module.
	uses := regexp.MustCompile(`(?m)^  use (fgpu_launch_\w+)(.*(?:\n      &.*)*)`).FindAllStringSubmatch(host, -1)
	if len(uses) == 0 {
		t.Fatalf("no use of a launch module:\n%s", host)
	}
	kernelMods := map[string]bool{}
	for _, u := range uses {
		if !strings.HasPrefix(u[2], ", only: ") {
			t.Errorf("use without an only list: %q", u[0])
		}
		for _, k := range regexp.MustCompile(`fgpu_\w+_k\d+`).FindAllString(u[2], -1) {
			if declares[k] != u[1] {
				t.Errorf("%s named from %s, declared in %s", k, u[1], declares[k])
			}
			kernelMods[u[1]] = true
		}
	}
	if len(kernelMods) != 3 {
		t.Errorf("want the kernels used from 3 unit modules, got %v\n%s", kernelMods, host)
	}
	// mb's procedure names mb's kernel only.
	stepb := host[strings.Index(host, "subroutine stepb"):strings.Index(host, "end subroutine stepb")]
	if n := len(regexp.MustCompile(`fgpu_\w+_k\d+`).FindAllString(stepb[:strings.Index(stepb, "integer")], -1)); n != 1 {
		t.Errorf("stepb's use lines name %d kernels, want 1:\n%s", n, stepb)
	}
}
