! A Fortran DO loop with an IF, to check that the plugin works in gfortran
! too.  gfortran 12 lowers "do i = 1, n" to: i = 1; a test at the top
! (exit if i > n) that is the loop header; the body; i = i + 1 and a jump
! back to the test (the backedge).  The init, the test and the increment
! are all on line L.
!
! count_evens (7): i = 1..7; 2 4 6 are even (E).
!   S L T L     entry -> backedge (i = 1)
!   L T E L     backedge -> backedge, i = 2 4 6      3
!   L T L       backedge -> backedge, i = 3 5 7      3
!   L T         backedge -> return (the test fails)  1
! count_evens (0): the test fails at once: S L T (entry -> return).
! gfortran gives the loop's exit jump (from the test on line L) the
! location of line T; the plugin, as gcov does, puts that jump in a block
! of its own on line T, so the exit paths end with T.
!
! { dg-do run }

module counting
  implicit none
contains
  integer function count_evens (n)
    integer, intent (in) :: n
    integer :: i
    count_evens = 0                       ! @S
    do i = 1, n                           ! @L
      if (mod (i, 2) == 0) then           ! @T
        count_evens = count_evens + 1     ! @E
      end if
    end do
  end function count_evens
end module counting

program main
  use counting
  implicit none
  print '(I0, 1X, I0)', count_evens (7), count_evens (0)
end program main

! { dg-final { pathprof-path "*count_evens*" "S L T L" 1 entry backedge } }
! { dg-final { pathprof-path "*count_evens*" "L T E L" 3 backedge backedge } }
! { dg-final { pathprof-path "*count_evens*" "L T L" 3 backedge backedge } }
! { dg-final { pathprof-path "*count_evens*" "L T" 1 backedge return } }
! { dg-final { pathprof-path "*count_evens*" "S L T" 1 entry return } }
! { dg-final { pathprof-executed "*count_evens*" 5 } }
! { dg-final { pathprof-total "*count_evens*" 9 } }
!
! gcov counts line T once per test and once more per exit from the loop
! (7 tests + 2 exits = 9), and so does the plugin.
! SPDX-License-Identifier: GPL-3.0-or-later
