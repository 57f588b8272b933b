! A small real Fortran program: a subroutine that clips or scales an
! array, a banded sum over a matrix (a DO loop nest with a condition) and
! Newton's square root (DO WHILE).  gfortran 12 puts a DO loop's test at
! the top (the loop header: init and test on the DO line, the increment
! too, at the end of the body, and the backedge from there to the test),
! and a DO WHILE's test at the top as well, with the backedge from the end
! of the body (loops-fortran.f90).  gfortran gives a DO loop's exit jump
! the location of the body's first statement; the plugin, as gcov does,
! puts that jump in a block of its own with that line, so the paths that
! leave a loop show that line's label last (CT, BT below), and gcov's
! line counts (one more on that line per exit) are the plugin's.
!
! clip_scale (a, lo = 0, hi = 10) on a = -3 0.5 7 2 12 -1:
!   i = 1 clipped low (CLO), 2 3 4 scaled (CM), 5 clipped high (CHI),
!   6 clipped low; nclip = 3, a = 0 1 14 4 10 0.
!     CS CL CT CLO CL      entry -> backedge        1
!     CL CT CU CM CL       backedge -> backedge     3
!     CL CT CU CHI CL      backedge -> backedge     1
!     CL CT CLO CL         backedge -> backedge     1
!     CL CT                backedge -> return       1
!   and clip_scale on an empty array: the test fails at once:
!     CS CL CT             entry -> return          1
!
! band_sum (m, 3) adds m(i, j) where |i - j| <= 1 and m(i, j) /= 0, j the
! outer loop, i the inner, m (column by column) = 1 2 0 / 4 0 6 / 0 8 9:
!   j = 1: i = 1 add 1, i = 2 add 2, i = 3 out of the band
!   j = 2: i = 1 add 4, i = 2 zero, i = 3 add 6
!   j = 3: i = 1 out of the band, i = 2 add 8, i = 3 add 9;  sum 30.
! Each inner iteration is a path ending at the inner backedge (from the
! increment on line BI); leaving the inner loop, the path runs on to the
! outer increment and the outer backedge (line BJ):
!     BS BJ BI BT BA BI    entry -> inner backedge           1  (1,1)
!     BI BT BA BI          inner -> inner backedge           4  (2,1) (3,2) (2,3) (3,3)
!     BI BT BI             inner -> inner backedge           2  (3,1) (2,2)
!     BI BT BJ             inner -> outer backedge           3
!     BJ BI BT BA BI       outer -> inner backedge           1  (1,2)
!     BJ BI BT BI          outer -> inner backedge           1  (1,3)
!     BJ BI                outer backedge -> return          1
!   13 executions (9 iterations, 3 inner loop exits, the return).
!
! newton_sqrt (x) iterates g = (g + x / g) / 2 from g = x while
! |g^2 - x| > 1e-12 x.  x = 4: g = 2.5, 2.05, 2.00061, 2 + 9.3e-8,
! 2 + 2.2e-15; the errors before each step are 12, 2.25, 0.2025, 2.4e-3,
! 3.7e-7 (all above 4e-12) and then 8.7e-15 (below): 5 iterations.
! x = 1: g = 1 is exact, no iteration.  At -O2 the jump back to the test
! is a block of its own with the DO WHILE's line (NB NW).
!     NS NW NB [NW]        entry -> backedge        1
!     NW NB [NW]           backedge -> backedge     4
!     NW NR                backedge -> return       1
!     NS NW NR             entry -> return          1
!
! { dg-do run }

module numerics
  implicit none
contains
  subroutine clip_scale (a, lo, hi, nclip)
    real (8), intent (inout) :: a(:)
    real (8), intent (in) :: lo, hi
    integer, intent (out) :: nclip
    integer :: i
    nclip = 0                           ! @CS
    do i = 1, size (a)                  ! @CL
      if (a(i) < lo) then               ! @CT
        a(i) = lo                       ! @CLO
        nclip = nclip + 1               ! @CLO
      else if (a(i) > hi) then          ! @CU
        a(i) = hi                       ! @CHI
        nclip = nclip + 1               ! @CHI
      else
        a(i) = 2 * a(i)                 ! @CM
      end if
    end do
  end subroutine clip_scale

  integer function band_sum (m, n)
    integer, intent (in) :: n
    integer, intent (in) :: m(n, n)
    integer :: i, j
    band_sum = 0                        ! @BS
    do j = 1, n                         ! @BJ
      do i = 1, n                       ! @BI
        if (abs (i - j) <= 1) then      ! @BT
          if (m(i, j) /= 0) then        ! @BT
            band_sum = band_sum + m(i, j)   ! @BA
          end if
        end if
      end do
    end do
  end function band_sum

  real (8) function newton_sqrt (x)
    real (8), intent (in) :: x
    real (8) :: g
    g = x                               ! @NS
    do while (abs (g * g - x) > 1.0d-12 * x)  ! @NW
      g = 0.5d0 * (g + x / g)           ! @NB
    end do
    newton_sqrt = g                     ! @NR
  end function newton_sqrt
end module numerics

program main
  use numerics
  implicit none
  real (8) :: a(6) = (/ -3d0, 0.5d0, 7d0, 2d0, 12d0, -1d0 /)
  real (8) :: empty(0)
  integer :: m(3, 3) = reshape ((/ 1, 2, 0, 4, 0, 6, 0, 8, 9 /), (/ 3, 3 /))
  integer :: nclip, nempty
  call clip_scale (a, 0d0, 10d0, nclip)
  call clip_scale (empty, 0d0, 10d0, nempty)
  print '(I0, 1X, I0, 6(1X, F0.1))', nclip, nempty, a
  print '(I0)', band_sum (m, 3)
  print '(F0.6, 1X, F0.6)', newton_sqrt (4d0), newton_sqrt (1d0)
end program main

! { dg-output "3 0 .0 1.0 14.0 4.0 10.0 .0\n30\n2.000000 1.000000" }
!
! { dg-final { pathprof-path "*clip_scale*" "CS CL CT CLO CL" 1 entry backedge } }
! { dg-final { pathprof-path "*clip_scale*" "CL CT CU CM CL" 3 backedge backedge } }
! { dg-final { pathprof-path "*clip_scale*" "CL CT CU CHI CL" 1 backedge backedge } }
! { dg-final { pathprof-path "*clip_scale*" "CL CT CLO CL" 1 backedge backedge } }
! { dg-final { pathprof-path "*clip_scale*" "CL CT" 1 backedge return } }
! { dg-final { pathprof-path "*clip_scale*" "CS CL CT" 1 entry return } }
! { dg-final { pathprof-executed "*clip_scale*" 6 } }
! { dg-final { pathprof-total "*clip_scale*" 8 } }
!
! { dg-final { pathprof-path "*band_sum*" "BS BJ BI BT BA BI" 1 entry backedge:BI } }
! { dg-final { pathprof-path "*band_sum*" "BI BT BA BI" 4 backedge:BI backedge:BI } }
! { dg-final { pathprof-path "*band_sum*" "BI BT BI" 2 backedge:BI backedge:BI } }
! { dg-final { pathprof-path "*band_sum*" "BI BT BJ" 3 backedge:BI backedge:BJ } }
! { dg-final { pathprof-path "*band_sum*" "BJ BI BT BA BI" 1 backedge:BJ backedge:BI } }
! { dg-final { pathprof-path "*band_sum*" "BJ BI BT BI" 1 backedge:BJ backedge:BI } }
! { dg-final { pathprof-path "*band_sum*" "BJ BI" 1 backedge:BJ return } }
! { dg-final { pathprof-total "*band_sum*" 13 } }
!
! { dg-final { pathprof-path "*newton_sqrt*" "NS NW NB*" 1 entry backedge } }
! { dg-final { pathprof-path "*newton_sqrt*" "NW NB*" 4 backedge backedge } }
! { dg-final { pathprof-path "*newton_sqrt*" "NW NR" 1 backedge return } }
! { dg-final { pathprof-path "*newton_sqrt*" "NS NW NR" 1 entry return } }
! { dg-final { pathprof-executed "*newton_sqrt*" 4 } }
! { dg-final { pathprof-total "*newton_sqrt*" 7 } }

! gcov agreement (the -O0 oracle): every line, the DO loops' exits
! included, as gcov counts it.
! SPDX-License-Identifier: GPL-3.0-or-later
