// Code generated from Spec.g4 by ANTLR 4.13.1. DO NOT EDIT.

package gen // Spec
import "github.com/antlr4-go/antlr/v4"

type BaseSpecVisitor struct {
	*antlr.BaseParseTreeVisitor
}

func (v *BaseSpecVisitor) VisitFile(ctx *FileContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitProperty(ctx *PropertyContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitParamList(ctx *ParamListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitParam(ctx *ParamContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitTypeName(ctx *TypeNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitEventDecl(ctx *EventDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitBeforeAdvice(ctx *BeforeAdviceContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitAfterAdvice(ctx *AfterAdviceContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPatternDecl(ctx *PatternDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPcOr(ctx *PcOrContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPcNot(ctx *PcNotContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPcDesignator(ctx *PcDesignatorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPcParen(ctx *PcParenContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitPcAnd(ctx *PcAndContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDCall(ctx *DCallContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDExecution(ctx *DExecutionContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDGet(ctx *DGetContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDSet(ctx *DSetContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDTarget(ctx *DTargetContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDArgs(ctx *DArgsContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDLocation(ctx *DLocationContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDLock(ctx *DLockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDUnlock(ctx *DUnlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDVolatile(ctx *DVolatileContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDWithin(ctx *DWithinContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDHolds(ctx *DHoldsContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDIf(ctx *DIfContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitDUnknown(ctx *DUnknownContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitUnknownName(ctx *UnknownNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitBalanced(ctx *BalancedContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitArgName(ctx *ArgNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitArgAny(ctx *ArgAnyContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitArgEllipsis(ctx *ArgEllipsisContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitSigPattern(ctx *SigPatternContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitParamEllipsis(ctx *ParamEllipsisContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitParamType(ctx *ParamTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitFieldPattern(ctx *FieldPatternContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitTypePattern(ctx *TypePatternContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitNamePattern(ctx *NamePatternContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExAnd(ctx *ExAndContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExNot(ctx *ExNotContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExParen(ctx *ExParenContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExName(ctx *ExNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExLiteral(ctx *ExLiteralContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExOr(ctx *ExOrContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExMethod(ctx *ExMethodContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitExCompare(ctx *ExCompareContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitLiteral(ctx *LiteralContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRegex(ctx *RegexContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxAnd(ctx *RxAndContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxSeq(ctx *RxSeqContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxPar(ctx *RxParContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxNot(ctx *RxNotContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxQuantified(ctx *RxQuantifiedContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxEvent(ctx *RxEventContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxStarred(ctx *RxStarredContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxGroup(ctx *RxGroupContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitQuantifier(ctx *QuantifierContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxAttrs(ctx *RxAttrsContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitRxMark(ctx *RxMarkContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseSpecVisitor) VisitIdent(ctx *IdentContext) interface{} {
	return v.VisitChildren(ctx)
}
