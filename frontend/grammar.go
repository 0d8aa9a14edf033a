package frontend

// This file holds the participle grammars, one per statement kind, each
// built once on first use.

import (
	"fmt"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// grammar holds one participle parser per statement kind, built once.
type grammar[T any] struct {
	once sync.Once
	p    *participle.Parser[T]
	err  error
}

func (g *grammar[T]) parse(toks []lexer.Token) (*T, error) {
	if g.build() != nil {
		return nil, fmt.Errorf("internal error: bad grammar: %v", g.err)
	}
	eof := lexer.Position{}
	if n := len(toks); n > 0 {
		eof = toks[n-1].Pos
		eof.Column += len(toks[n-1].Value)
	}
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks, eof: eof})
	if err != nil {
		return nil, err
	}
	return g.p.ParseFromLexer(pl)
}

var (
	gProgram     grammar[ProgramStmt]
	gModule      grammar[ModuleStmt]
	gSubmodule   grammar[SubmoduleStmt]
	gBlockData   grammar[BlockDataStmt]
	gFunction    grammar[FunctionStmt]
	gSubroutine  grammar[SubroutineStmt]
	gMPSub       grammar[MPSubprogramStmt]
	gContains    grammar[ContainsStmt]
	gEntry       grammar[EntryStmt]
	gUse         grammar[UseStmt]
	gImport      grammar[ImportStmt]
	gTypeDecl    grammar[TypeDeclStmt]
	gAttr        grammar[AttrStmt]
	gDerivedType grammar[DerivedTypeStmt]
	gSequence    grammar[SequenceStmt]
	gBinding     grammar[BindingStmt]
	gGenericB    grammar[GenericBindingStmt]
	gFinal       grammar[FinalStmt]
	gProcDecl    grammar[ProcDeclStmt]
	gInterface   grammar[InterfaceStmt]
	gProcedure   grammar[ProcedureStmt]
	gEnum        grammar[EnumStmt]
	gEnumerator  grammar[EnumeratorStmt]
	gNamelist    grammar[NamelistStmt]
	gCommon      grammar[CommonStmt]
	gEquivalence grammar[EquivalenceStmt]
	gAssign      grammar[AssignStmt]
	gPtrAssign   grammar[PtrAssignStmt]
	gCall        grammar[CallStmt]
	gIfThen      grammar[IfThenStmt]
	gElseIf      grammar[ElseIfStmt]
	gElse        grammar[ElseStmt]
	gSelectCase  grammar[SelectCaseStmt]
	gCase        grammar[CaseStmt]
	gSelectType  grammar[SelectTypeStmt]
	gTypeGuard   grammar[TypeGuardStmt]
	gSelectRank  grammar[SelectRankStmt]
	gRankCase    grammar[RankCaseStmt]
	gCycle       grammar[CycleStmt]
	gExit        grammar[ExitStmt]
	gContinue    grammar[ContinueStmt]
	gElsewhere   grammar[ElsewhereStmt]
	gAssociate   grammar[AssociateStmt]
	gReturn      grammar[ReturnStmt]
	gStop        grammar[StopStmt]
	gNullify     grammar[NullifyStmt]
)

var gGenericSpec grammar[GenericSpec]

// build builds the grammar's parser (once) and reports a grammar error.
func (g *grammar[T]) build() error {
	g.once.Do(func() {
		g.p, g.err = participle.Build[T](participle.Lexer(fortranLexer{}), participle.UseLookahead(4))
	})
	return g.err
}

// grammarBuilders lists every statement grammar, for tests.
func grammarBuilders() map[string]func() error {
	return map[string]func() error{
		"ProgramStmt":        gProgram.build,
		"ModuleStmt":         gModule.build,
		"SubmoduleStmt":      gSubmodule.build,
		"BlockDataStmt":      gBlockData.build,
		"FunctionStmt":       gFunction.build,
		"SubroutineStmt":     gSubroutine.build,
		"MPSubprogramStmt":   gMPSub.build,
		"ContainsStmt":       gContains.build,
		"EntryStmt":          gEntry.build,
		"UseStmt":            gUse.build,
		"ImportStmt":         gImport.build,
		"TypeDeclStmt":       gTypeDecl.build,
		"AttrStmt":           gAttr.build,
		"DerivedTypeStmt":    gDerivedType.build,
		"SequenceStmt":       gSequence.build,
		"BindingStmt":        gBinding.build,
		"GenericBindingStmt": gGenericB.build,
		"FinalStmt":          gFinal.build,
		"ProcDeclStmt":       gProcDecl.build,
		"InterfaceStmt":      gInterface.build,
		"ProcedureStmt":      gProcedure.build,
		"EnumStmt":           gEnum.build,
		"EnumeratorStmt":     gEnumerator.build,
		"NamelistStmt":       gNamelist.build,
		"CommonStmt":         gCommon.build,
		"EquivalenceStmt":    gEquivalence.build,
		"AssignStmt":         gAssign.build,
		"PtrAssignStmt":      gPtrAssign.build,
		"CallStmt":           gCall.build,
		"IfThenStmt":         gIfThen.build,
		"ElseIfStmt":         gElseIf.build,
		"ElseStmt":           gElse.build,
		"SelectCaseStmt":     gSelectCase.build,
		"CaseStmt":           gCase.build,
		"SelectTypeStmt":     gSelectType.build,
		"TypeGuardStmt":      gTypeGuard.build,
		"SelectRankStmt":     gSelectRank.build,
		"RankCaseStmt":       gRankCase.build,
		"CycleStmt":          gCycle.build,
		"ExitStmt":           gExit.build,
		"ContinueStmt":       gContinue.build,
		"ElsewhereStmt":      gElsewhere.build,
		"AssociateStmt":      gAssociate.build,
		"ReturnStmt":         gReturn.build,
		"StopStmt":           gStop.build,
		"NullifyStmt":        gNullify.build,
		"GenericSpec":        gGenericSpec.build,
	}
}
