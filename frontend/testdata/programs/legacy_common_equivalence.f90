! GFORTRAN-FLAGS: -std=legacy
! Legacy style: implicit typing, COMMON, EQUIVALENCE, DATA, labelled DO, GOTO, FORMAT.
      PROGRAM LEGACY
      IMPLICIT REAL*8 (A-H, O-Z)
      IMPLICIT INTEGER (I-N)
      COMMON /PARAMS/ XMIN, XMAX, NPTS
      COMMON /WORK/ W(100), IW(50)
      DIMENSION TABLE(10, 3)
      REAL*8 BUF(4)
      INTEGER*4 IBUF(8)
      EQUIVALENCE (BUF(1), IBUF(1))
      CHARACTER*10 TITLE
      LOGICAL DONE
      DATA XMIN, XMAX, NPTS / 0.0D0, 1.0D0, 10 /
      DATA TITLE /'RESULTS'/, DONE /.FALSE./
      DATA (TABLE(I, 1), I = 1, 10) / 10*0.0D0 /

      CALL SETUP
      DX = (XMAX - XMIN) / DBLE(NPTS - 1)
      DO 10 I = 1, NPTS
         X = XMIN + (I - 1) * DX
         TABLE(I, 1) = X
         TABLE(I, 2) = DSIN(X)
         TABLE(I, 3) = DCOS(X)
   10 CONTINUE
      WRITE (6, 100) TITLE
      DO 20 I = 1, NPTS, 3
         WRITE (6, 110) I, (TABLE(I, J), J = 1, 3)
   20 CONTINUE
      K = 0
   30 K = K + 1
      IF (K .LT. 5) GOTO 30
      IF (K .EQ. 5) DONE = .TRUE.
      IF (.NOT. DONE) GO TO 40
      BUF(1) = 1.0D0
      WRITE (6, 120) IBUF(1), IBUF(2)
   40 CONTINUE
      WRITE (6, *) 'W(1) =', W(1), ' IW(50) =', IW(50)
  100 FORMAT (1X, A10 / 1X, 'I', 6X, 'X', 12X, 'SIN', 10X, 'COS')
  110 FORMAT (1X, I2, 3F13.6)
  120 FORMAT (1X, 'BITS: ', 2I12)
      STOP
      END

      SUBROUTINE SETUP
      COMMON /WORK/ W(100), IW(50)
      DOUBLE PRECISION W
      INTEGER IW
      DO 5 I = 1, 100
    5 W(I) = 0.5D0 * I
      DO 6 I = 1, 50
         IW(I) = I * I
    6 CONTINUE
      RETURN
      END
