! BLAS-style level-2 routines in classic UPPER CASE with assumed-size arrays and LDA.
      SUBROUTINE DGEMV_LITE(TRANS, M, N, ALPHA, A, LDA, X, INCX, BETA, Y, INCY)
      IMPLICIT NONE
      CHARACTER*1 TRANS
      INTEGER M, N, LDA, INCX, INCY
      DOUBLE PRECISION ALPHA, BETA
      DOUBLE PRECISION A(LDA, *), X(*), Y(*)
      DOUBLE PRECISION TEMP
      INTEGER I, J, IX, IY, JX, JY
      INTRINSIC MAX
      IF (M .EQ. 0 .OR. N .EQ. 0) RETURN
      IF (TRANS .EQ. 'N' .OR. TRANS .EQ. 'n') THEN
         IY = 1
         DO I = 1, M
            Y(IY) = BETA * Y(IY)
            IY = IY + INCY
         END DO
         JX = 1
         DO J = 1, N
            TEMP = ALPHA * X(JX)
            IY = 1
            DO I = 1, M
               Y(IY) = Y(IY) + TEMP * A(I, J)
               IY = IY + INCY
            END DO
            JX = JX + INCX
         END DO
      ELSE
         JY = 1
         DO J = 1, N
            TEMP = 0.0D0
            IX = 1
            DO I = 1, M
               TEMP = TEMP + A(I, J) * X(IX)
               IX = IX + INCX
            END DO
            Y(JY) = BETA * Y(JY) + ALPHA * TEMP
            JY = JY + INCY
         END DO
      END IF
      RETURN
      END SUBROUTINE DGEMV_LITE

      SUBROUTINE DGER_LITE(M, N, ALPHA, X, Y, A, LDA)
      IMPLICIT NONE
      INTEGER M, N, LDA
      DOUBLE PRECISION ALPHA, X(*), Y(*), A(LDA, *)
      INTEGER I, J
      DO J = 1, N
         IF (Y(J) .NE. 0.0D0) THEN
            DO I = 1, M
               A(I, J) = A(I, J) + X(I) * ALPHA * Y(J)
            END DO
         END IF
      END DO
      END SUBROUTINE DGER_LITE

      PROGRAM BLAS_TEST
      IMPLICIT NONE
      INTEGER, PARAMETER :: M = 4, N = 3, LDA = 6
      DOUBLE PRECISION A(LDA, N), X(N), Y(M), Z(N)
      INTEGER I, J
      EXTERNAL DGEMV_LITE, DGER_LITE
      DO J = 1, N
         DO I = 1, LDA
            A(I, J) = DBLE(I + 10 * J)
         END DO
      END DO
      X = (/ 1.0D0, 2.0D0, 3.0D0 /)
      Y = 0.0D0
      CALL DGEMV_LITE('N', M, N, 1.0D0, A, LDA, X, 1, 0.0D0, Y, 1)
      WRITE (*, '(4F10.2)') Y
      Z = 1.0D0
      CALL DGEMV_LITE('T', M, N, 2.0D0, A, LDA, Y, 1, 1.0D0, Z, 1)
      WRITE (*, '(3F12.2)') Z
      CALL DGER_LITE(M, N, -1.0D0, Y, X, A, LDA)
      WRITE (*, '(3F10.2)') ((A(I, J), J = 1, N), I = 1, M)
      END PROGRAM BLAS_TEST
