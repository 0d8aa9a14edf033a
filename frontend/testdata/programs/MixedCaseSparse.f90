! Sparse matrix-vector product in CSR format, written in MixedCase style.
Module SparseCsr
  Use, Intrinsic :: ISO_Fortran_Env, Only: Real64, Int32
  Implicit None
  Private
  Public :: CsrMatrix, BuildTridiag, SpMV

  Type, Public :: CsrMatrix
    Integer :: NRows = 0, NNZ = 0
    Integer(Int32), Allocatable :: RowPtr(:), ColIdx(:)
    Real(Real64), Allocatable :: Vals(:)
  End Type CsrMatrix
Contains
  Function BuildTridiag(N) Result(A)
    Integer, Intent(In) :: N
    Type(CsrMatrix) :: A
    Integer :: I, K
    A%NRows = N
    A%NNZ = 3 * N - 2
    Allocate(A%RowPtr(N + 1), A%ColIdx(A%NNZ), A%Vals(A%NNZ))
    K = 0
    A%RowPtr(1) = 1
    Do I = 1, N
      If (I > 1) Then
        K = K + 1; A%ColIdx(K) = I - 1; A%Vals(K) = -1.0_Real64
      End If
      K = K + 1; A%ColIdx(K) = I; A%Vals(K) = 2.0_Real64
      If (I < N) Then
        K = K + 1; A%ColIdx(K) = I + 1; A%Vals(K) = -1.0_Real64
      End If
      A%RowPtr(I + 1) = K + 1
    End Do
  End Function BuildTridiag

  Subroutine SpMV(A, X, Y)
    Type(CsrMatrix), Intent(In) :: A
    Real(Real64), Intent(In) :: X(:)
    Real(Real64), Intent(Out) :: Y(:)
    Integer :: Row, J
    Real(Real64) :: Acc
    Do Concurrent (Row = 1:A%NRows)
      Acc = 0.0_Real64
      Do J = A%RowPtr(Row), A%RowPtr(Row + 1) - 1
        Acc = Acc + A%Vals(J) * X(A%ColIdx(J))
      End Do
      Y(Row) = Acc
    End Do
  End Subroutine SpMV
End Module SparseCsr

Program SparseDemo
  Use SparseCsr
  Use, Intrinsic :: ISO_Fortran_Env, Only: Real64
  Implicit None
  Type(CsrMatrix) :: A
  Real(Real64), Allocatable :: X(:), Y(:)
  Integer :: N
  N = 1000
  A = BuildTridiag(N)
  Allocate(X(N), Y(N))
  X = 1.0_Real64
  Call SpMV(A, X, Y)
  Print '(A, I0, A, F8.3)', 'nnz = ', A%NNZ, '  sum(y) = ', Sum(Y)
  If (Abs(Sum(Y) - 2.0_Real64) .Gt. 1.0E-12_Real64) Error Stop 'wrong SpMV result'
End Program SparseDemo
