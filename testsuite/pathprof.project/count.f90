! count.f90: for project.sh, a Fortran program built with the specs.
program count
  integer :: i, odd
  odd = 0
  do i = 1, 10
    if (mod (i, 2) == 1) odd = odd + 1
  end do
  print *, odd
end program count
! SPDX-License-Identifier: GPL-3.0-or-later
